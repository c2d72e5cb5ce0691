# Empty dependencies file for dl_recognize.
# This may be replaced when dependencies are built.
