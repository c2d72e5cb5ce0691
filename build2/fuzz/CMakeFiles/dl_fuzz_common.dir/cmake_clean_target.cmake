file(REMOVE_RECURSE
  "libdl_fuzz_common.a"
)
