file(REMOVE_RECURSE
  "libdl_cli.a"
)
