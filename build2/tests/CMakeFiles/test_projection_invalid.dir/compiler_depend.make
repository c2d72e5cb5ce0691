# Empty compiler generated dependencies file for test_projection_invalid.
# This may be replaced when dependencies are built.
