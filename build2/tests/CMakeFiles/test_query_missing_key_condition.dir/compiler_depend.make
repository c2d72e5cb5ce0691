# Empty compiler generated dependencies file for test_query_missing_key_condition.
# This may be replaced when dependencies are built.
