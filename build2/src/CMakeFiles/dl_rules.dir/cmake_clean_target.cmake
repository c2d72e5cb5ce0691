file(REMOVE_RECURSE
  "libdl_rules.a"
)
