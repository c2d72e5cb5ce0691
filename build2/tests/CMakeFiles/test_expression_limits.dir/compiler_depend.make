# Empty compiler generated dependencies file for test_expression_limits.
# This may be replaced when dependencies are built.
