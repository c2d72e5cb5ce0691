# Empty dependencies file for test_cli_ignore.
# This may be replaced when dependencies are built.
