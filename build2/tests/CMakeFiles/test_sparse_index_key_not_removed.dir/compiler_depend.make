# Empty compiler generated dependencies file for test_sparse_index_key_not_removed.
# This may be replaced when dependencies are built.
