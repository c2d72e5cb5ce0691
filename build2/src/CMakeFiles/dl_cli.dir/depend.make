# Empty dependencies file for dl_cli.
# This may be replaced when dependencies are built.
