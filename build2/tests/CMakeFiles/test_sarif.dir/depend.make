# Empty dependencies file for test_sarif.
# This may be replaced when dependencies are built.
