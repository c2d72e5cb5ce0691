# Empty dependencies file for test_update_expression_invalid.
# This may be replaced when dependencies are built.
