# Empty dependencies file for dl_schema.
# This may be replaced when dependencies are built.
