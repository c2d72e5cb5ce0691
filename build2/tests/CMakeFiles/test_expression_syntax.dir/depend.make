# Empty dependencies file for test_expression_syntax.
# This may be replaced when dependencies are built.
