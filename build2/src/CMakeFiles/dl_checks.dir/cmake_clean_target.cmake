file(REMOVE_RECURSE
  "libdl_checks.a"
)
