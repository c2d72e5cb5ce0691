file(REMOVE_RECURSE
  "../bin/test_suppress"
  "../bin/test_suppress.pdb"
  "CMakeFiles/test_suppress.dir/unit/test_suppress.c.o"
  "CMakeFiles/test_suppress.dir/unit/test_suppress.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_suppress.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
