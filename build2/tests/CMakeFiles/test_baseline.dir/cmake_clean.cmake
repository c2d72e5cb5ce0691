file(REMOVE_RECURSE
  "../bin/test_baseline"
  "../bin/test_baseline.pdb"
  "CMakeFiles/test_baseline.dir/unit/test_baseline.c.o"
  "CMakeFiles/test_baseline.dir/unit/test_baseline.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_baseline.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
