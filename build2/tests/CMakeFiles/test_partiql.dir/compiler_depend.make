# Empty compiler generated dependencies file for test_partiql.
# This may be replaced when dependencies are built.
