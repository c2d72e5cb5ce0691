file(REMOVE_RECURSE
  "../bin/test_projection_invalid"
  "../bin/test_projection_invalid.pdb"
  "CMakeFiles/test_projection_invalid.dir/checks/test_projection_invalid.c.o"
  "CMakeFiles/test_projection_invalid.dir/checks/test_projection_invalid.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_projection_invalid.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
