file(REMOVE_RECURSE
  "libdl_schema.a"
)
