file(REMOVE_RECURSE
  "libdl_test_builder.a"
)
