# Empty compiler generated dependencies file for test_ruleset.
# This may be replaced when dependencies are built.
