file(REMOVE_RECURSE
  "../bin/test_suggest"
  "../bin/test_suggest.pdb"
  "CMakeFiles/test_suggest.dir/unit/test_suggest.c.o"
  "CMakeFiles/test_suggest.dir/unit/test_suggest.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_suggest.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
