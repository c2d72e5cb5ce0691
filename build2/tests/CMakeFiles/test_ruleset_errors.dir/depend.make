# Empty dependencies file for test_ruleset_errors.
# This may be replaced when dependencies are built.
