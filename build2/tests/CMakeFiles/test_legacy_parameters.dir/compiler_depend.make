# Empty compiler generated dependencies file for test_legacy_parameters.
# This may be replaced when dependencies are built.
