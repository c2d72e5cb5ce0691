file(REMOVE_RECURSE
  "../bin/test_sparse_index_key_not_removed"
  "../bin/test_sparse_index_key_not_removed.pdb"
  "CMakeFiles/test_sparse_index_key_not_removed.dir/checks/test_sparse_index_key_not_removed.c.o"
  "CMakeFiles/test_sparse_index_key_not_removed.dir/checks/test_sparse_index_key_not_removed.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sparse_index_key_not_removed.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
