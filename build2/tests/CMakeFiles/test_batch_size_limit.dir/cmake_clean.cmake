file(REMOVE_RECURSE
  "../bin/test_batch_size_limit"
  "../bin/test_batch_size_limit.pdb"
  "CMakeFiles/test_batch_size_limit.dir/checks/test_batch_size_limit.c.o"
  "CMakeFiles/test_batch_size_limit.dir/checks/test_batch_size_limit.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_batch_size_limit.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
