# Empty compiler generated dependencies file for test_cli_fixes.
# This may be replaced when dependencies are built.
