# Empty compiler generated dependencies file for test_index_limits.
# This may be replaced when dependencies are built.
