# Empty dependencies file for test_regex.
# This may be replaced when dependencies are built.
