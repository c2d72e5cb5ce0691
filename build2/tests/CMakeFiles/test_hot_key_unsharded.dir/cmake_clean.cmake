file(REMOVE_RECURSE
  "../bin/test_hot_key_unsharded"
  "../bin/test_hot_key_unsharded.pdb"
  "CMakeFiles/test_hot_key_unsharded.dir/checks/test_hot_key_unsharded.c.o"
  "CMakeFiles/test_hot_key_unsharded.dir/checks/test_hot_key_unsharded.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_hot_key_unsharded.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
