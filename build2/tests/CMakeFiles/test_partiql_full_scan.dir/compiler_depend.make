# Empty compiler generated dependencies file for test_partiql_full_scan.
# This may be replaced when dependencies are built.
