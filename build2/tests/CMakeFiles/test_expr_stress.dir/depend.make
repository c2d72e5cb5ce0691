# Empty dependencies file for test_expr_stress.
# This may be replaced when dependencies are built.
