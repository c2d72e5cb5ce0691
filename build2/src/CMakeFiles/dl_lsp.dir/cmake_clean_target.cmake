file(REMOVE_RECURSE
  "libdl_lsp.a"
)
