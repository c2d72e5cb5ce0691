# Empty compiler generated dependencies file for test_frontend_strings.
# This may be replaced when dependencies are built.
