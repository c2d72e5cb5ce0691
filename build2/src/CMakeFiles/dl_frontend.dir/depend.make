# Empty dependencies file for dl_frontend.
# This may be replaced when dependencies are built.
