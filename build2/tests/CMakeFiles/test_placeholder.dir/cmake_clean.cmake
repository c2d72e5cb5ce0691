file(REMOVE_RECURSE
  "../bin/test_placeholder"
  "../bin/test_placeholder.pdb"
  "CMakeFiles/test_placeholder.dir/unit/test_placeholder.c.o"
  "CMakeFiles/test_placeholder.dir/unit/test_placeholder.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_placeholder.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
