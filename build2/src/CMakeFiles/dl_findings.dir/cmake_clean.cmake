file(REMOVE_RECURSE
  "CMakeFiles/dl_findings.dir/findings/baseline.c.o"
  "CMakeFiles/dl_findings.dir/findings/baseline.c.o.d"
  "CMakeFiles/dl_findings.dir/findings/fileio.c.o"
  "CMakeFiles/dl_findings.dir/findings/fileio.c.o.d"
  "CMakeFiles/dl_findings.dir/findings/finding.c.o"
  "CMakeFiles/dl_findings.dir/findings/finding.c.o.d"
  "CMakeFiles/dl_findings.dir/findings/fingerprint.c.o"
  "CMakeFiles/dl_findings.dir/findings/fingerprint.c.o.d"
  "CMakeFiles/dl_findings.dir/findings/sink.c.o"
  "CMakeFiles/dl_findings.dir/findings/sink.c.o.d"
  "CMakeFiles/dl_findings.dir/findings/suppress.c.o"
  "CMakeFiles/dl_findings.dir/findings/suppress.c.o.d"
  "CMakeFiles/dl_findings.dir/findings/utf8.c.o"
  "CMakeFiles/dl_findings.dir/findings/utf8.c.o.d"
  "libdl_findings.a"
  "libdl_findings.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_findings.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
