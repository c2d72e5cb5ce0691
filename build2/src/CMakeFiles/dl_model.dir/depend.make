# Empty dependencies file for dl_model.
# This may be replaced when dependencies are built.
