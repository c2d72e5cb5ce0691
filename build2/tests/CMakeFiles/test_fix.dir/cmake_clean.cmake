file(REMOVE_RECURSE
  "../bin/test_fix"
  "../bin/test_fix.pdb"
  "CMakeFiles/test_fix.dir/unit/test_fix.c.o"
  "CMakeFiles/test_fix.dir/unit/test_fix.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_fix.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
