# Empty dependencies file for test_suppress.
# This may be replaced when dependencies are built.
