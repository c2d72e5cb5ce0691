file(REMOVE_RECURSE
  "libdl_recognize.a"
)
