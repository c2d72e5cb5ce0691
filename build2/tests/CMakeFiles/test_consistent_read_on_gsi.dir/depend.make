# Empty dependencies file for test_consistent_read_on_gsi.
# This may be replaced when dependencies are built.
