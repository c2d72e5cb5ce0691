# Empty dependencies file for test_format.
# This may be replaced when dependencies are built.
