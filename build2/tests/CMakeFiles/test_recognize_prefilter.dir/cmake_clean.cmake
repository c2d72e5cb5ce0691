file(REMOVE_RECURSE
  "../bin/test_recognize_prefilter"
  "../bin/test_recognize_prefilter.pdb"
  "CMakeFiles/test_recognize_prefilter.dir/unit/test_recognize_prefilter.c.o"
  "CMakeFiles/test_recognize_prefilter.dir/unit/test_recognize_prefilter.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_recognize_prefilter.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
