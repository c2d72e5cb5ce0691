# Empty dependencies file for test_fileio.
# This may be replaced when dependencies are built.
