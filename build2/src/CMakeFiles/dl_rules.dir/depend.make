# Empty dependencies file for dl_rules.
# This may be replaced when dependencies are built.
