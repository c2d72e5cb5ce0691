# Empty dependencies file for test_undefined_placeholder.
# This may be replaced when dependencies are built.
