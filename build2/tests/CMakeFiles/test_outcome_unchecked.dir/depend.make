# Empty dependencies file for test_outcome_unchecked.
# This may be replaced when dependencies are built.
