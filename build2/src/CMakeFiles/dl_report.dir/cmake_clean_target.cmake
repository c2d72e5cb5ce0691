file(REMOVE_RECURSE
  "libdl_report.a"
)
