file(REMOVE_RECURSE
  "../bin/test_consistent_read_on_gsi"
  "../bin/test_consistent_read_on_gsi.pdb"
  "CMakeFiles/test_consistent_read_on_gsi.dir/checks/test_consistent_read_on_gsi.c.o"
  "CMakeFiles/test_consistent_read_on_gsi.dir/checks/test_consistent_read_on_gsi.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_consistent_read_on_gsi.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
