# Empty dependencies file for test_pagination_ignored.
# This may be replaced when dependencies are built.
