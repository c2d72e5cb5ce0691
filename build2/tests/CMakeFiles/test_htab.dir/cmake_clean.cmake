file(REMOVE_RECURSE
  "../bin/test_htab"
  "../bin/test_htab.pdb"
  "CMakeFiles/test_htab.dir/unit/test_htab.c.o"
  "CMakeFiles/test_htab.dir/unit/test_htab.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_htab.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
