file(REMOVE_RECURSE
  "../bin/test_index_limits"
  "../bin/test_index_limits.pdb"
  "CMakeFiles/test_index_limits.dir/checks/test_index_limits.c.o"
  "CMakeFiles/test_index_limits.dir/checks/test_index_limits.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_index_limits.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
