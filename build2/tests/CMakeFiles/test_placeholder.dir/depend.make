# Empty dependencies file for test_placeholder.
# This may be replaced when dependencies are built.
