# Empty dependencies file for test_key_condition_invalid.
# This may be replaced when dependencies are built.
