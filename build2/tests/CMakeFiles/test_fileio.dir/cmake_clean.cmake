file(REMOVE_RECURSE
  "../bin/test_fileio"
  "../bin/test_fileio.pdb"
  "CMakeFiles/test_fileio.dir/unit/test_fileio.c.o"
  "CMakeFiles/test_fileio.dir/unit/test_fileio.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_fileio.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
