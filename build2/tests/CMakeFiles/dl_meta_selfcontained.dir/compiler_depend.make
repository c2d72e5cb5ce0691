# Empty compiler generated dependencies file for dl_meta_selfcontained.
# This may be replaced when dependencies are built.
