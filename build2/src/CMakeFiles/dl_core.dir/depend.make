# Empty dependencies file for dl_core.
# This may be replaced when dependencies are built.
