file(REMOVE_RECURSE
  "../bin/test_keys"
  "../bin/test_keys.pdb"
  "CMakeFiles/test_keys.dir/unit/test_keys.c.o"
  "CMakeFiles/test_keys.dir/unit/test_keys.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_keys.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
