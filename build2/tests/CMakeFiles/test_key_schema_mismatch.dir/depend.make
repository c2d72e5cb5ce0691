# Empty dependencies file for test_key_schema_mismatch.
# This may be replaced when dependencies are built.
