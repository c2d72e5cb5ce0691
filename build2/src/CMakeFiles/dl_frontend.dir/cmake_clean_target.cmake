file(REMOVE_RECURSE
  "libdl_frontend.a"
)
