# Empty dependencies file for test_undeclared_access_pattern.
# This may be replaced when dependencies are built.
