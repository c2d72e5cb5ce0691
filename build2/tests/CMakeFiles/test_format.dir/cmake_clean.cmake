file(REMOVE_RECURSE
  "../bin/test_format"
  "../bin/test_format.pdb"
  "CMakeFiles/test_format.dir/unit/test_format.c.o"
  "CMakeFiles/test_format.dir/unit/test_format.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_format.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
