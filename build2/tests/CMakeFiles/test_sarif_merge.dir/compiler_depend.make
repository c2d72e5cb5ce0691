# Empty compiler generated dependencies file for test_sarif_merge.
# This may be replaced when dependencies are built.
