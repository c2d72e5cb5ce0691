# Empty compiler generated dependencies file for test_glob.
# This may be replaced when dependencies are built.
