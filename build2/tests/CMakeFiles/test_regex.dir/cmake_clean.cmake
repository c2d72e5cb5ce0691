file(REMOVE_RECURSE
  "../bin/test_regex"
  "../bin/test_regex.pdb"
  "CMakeFiles/test_regex.dir/unit/test_regex.c.o"
  "CMakeFiles/test_regex.dir/unit/test_regex.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_regex.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
