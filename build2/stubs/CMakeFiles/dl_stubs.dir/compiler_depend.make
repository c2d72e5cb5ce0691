# Empty custom commands generated dependencies file for dl_stubs.
# This may be replaced when dependencies are built.
