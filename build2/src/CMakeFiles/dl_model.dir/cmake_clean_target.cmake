file(REMOVE_RECURSE
  "libdl_model.a"
)
