# Empty dependencies file for test_template.
# This may be replaced when dependencies are built.
