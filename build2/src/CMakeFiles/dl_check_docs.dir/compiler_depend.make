# Empty custom commands generated dependencies file for dl_check_docs.
# This may be replaced when dependencies are built.
