# Empty dependencies file for test_lsp_rpc.
# This may be replaced when dependencies are built.
