# Empty compiler generated dependencies file for test_frontend_flags.
# This may be replaced when dependencies are built.
