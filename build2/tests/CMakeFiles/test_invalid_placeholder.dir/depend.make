# Empty dependencies file for test_invalid_placeholder.
# This may be replaced when dependencies are built.
