# Empty compiler generated dependencies file for test_fix.
# This may be replaced when dependencies are built.
