# Empty dependencies file for test_filter_on_key_attribute.
# This may be replaced when dependencies are built.
