# Empty dependencies file for test_ruleset_import.
# This may be replaced when dependencies are built.
