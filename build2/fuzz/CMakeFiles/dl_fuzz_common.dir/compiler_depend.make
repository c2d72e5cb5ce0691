# Empty compiler generated dependencies file for dl_fuzz_common.
# This may be replaced when dependencies are built.
