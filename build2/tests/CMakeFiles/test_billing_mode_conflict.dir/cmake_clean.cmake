file(REMOVE_RECURSE
  "../bin/test_billing_mode_conflict"
  "../bin/test_billing_mode_conflict.pdb"
  "CMakeFiles/test_billing_mode_conflict.dir/checks/test_billing_mode_conflict.c.o"
  "CMakeFiles/test_billing_mode_conflict.dir/checks/test_billing_mode_conflict.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_billing_mode_conflict.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
