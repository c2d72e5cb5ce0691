# Empty dependencies file for test_htab.
# This may be replaced when dependencies are built.
