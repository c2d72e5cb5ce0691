# Empty compiler generated dependencies file for test_frontend_libclang.
# This may be replaced when dependencies are built.
