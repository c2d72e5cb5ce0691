file(REMOVE_RECURSE
  "../bin/test_undefined_placeholder"
  "../bin/test_undefined_placeholder.pdb"
  "CMakeFiles/test_undefined_placeholder.dir/checks/test_undefined_placeholder.c.o"
  "CMakeFiles/test_undefined_placeholder.dir/checks/test_undefined_placeholder.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_undefined_placeholder.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
