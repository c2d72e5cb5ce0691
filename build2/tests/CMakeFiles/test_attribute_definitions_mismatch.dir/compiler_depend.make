# Empty compiler generated dependencies file for test_attribute_definitions_mismatch.
# This may be replaced when dependencies are built.
