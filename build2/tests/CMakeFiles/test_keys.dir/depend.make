# Empty dependencies file for test_keys.
# This may be replaced when dependencies are built.
