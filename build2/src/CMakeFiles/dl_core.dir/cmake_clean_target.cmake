file(REMOVE_RECURSE
  "libdl_core.a"
)
