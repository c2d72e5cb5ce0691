file(REMOVE_RECURSE
  "../bin/test_unknown_index"
  "../bin/test_unknown_index.pdb"
  "CMakeFiles/test_unknown_index.dir/checks/test_unknown_index.c.o"
  "CMakeFiles/test_unknown_index.dir/checks/test_unknown_index.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_unknown_index.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
