# Empty compiler generated dependencies file for dl_sarif_make_sample.
# This may be replaced when dependencies are built.
