file(REMOVE_RECURSE
  "../bin/test_glob"
  "../bin/test_glob.pdb"
  "CMakeFiles/test_glob.dir/unit/test_glob.c.o"
  "CMakeFiles/test_glob.dir/unit/test_glob.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_glob.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
