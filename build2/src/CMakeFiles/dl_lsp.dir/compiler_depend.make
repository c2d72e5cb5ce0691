# Empty compiler generated dependencies file for dl_lsp.
# This may be replaced when dependencies are built.
