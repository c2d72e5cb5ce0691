file(REMOVE_RECURSE
  "../bin/test_unused_placeholder"
  "../bin/test_unused_placeholder.pdb"
  "CMakeFiles/test_unused_placeholder.dir/checks/test_unused_placeholder.c.o"
  "CMakeFiles/test_unused_placeholder.dir/checks/test_unused_placeholder.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_unused_placeholder.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
