file(REMOVE_RECURSE
  "../bin/test_key_condition_invalid"
  "../bin/test_key_condition_invalid.pdb"
  "CMakeFiles/test_key_condition_invalid.dir/checks/test_key_condition_invalid.c.o"
  "CMakeFiles/test_key_condition_invalid.dir/checks/test_key_condition_invalid.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_key_condition_invalid.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
