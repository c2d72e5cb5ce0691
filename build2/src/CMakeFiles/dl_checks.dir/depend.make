# Empty dependencies file for dl_checks.
# This may be replaced when dependencies are built.
