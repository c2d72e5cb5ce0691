file(REMOVE_RECURSE
  "../bin/test_invalid_placeholder"
  "../bin/test_invalid_placeholder.pdb"
  "CMakeFiles/test_invalid_placeholder.dir/checks/test_invalid_placeholder.c.o"
  "CMakeFiles/test_invalid_placeholder.dir/checks/test_invalid_placeholder.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_invalid_placeholder.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
