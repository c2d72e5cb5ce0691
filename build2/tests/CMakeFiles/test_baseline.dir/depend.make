# Empty dependencies file for test_baseline.
# This may be replaced when dependencies are built.
