# Empty dependencies file for test_hot_key_unsharded.
# This may be replaced when dependencies are built.
