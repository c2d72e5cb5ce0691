file(REMOVE_RECURSE
  "libdl_findings.a"
)
