# Empty dependencies file for test_frontend_eval.
# This may be replaced when dependencies are built.
