# Empty dependencies file for test_unknown_index.
# This may be replaced when dependencies are built.
