file(REMOVE_RECURSE
  "CMakeFiles/dl_report.dir/report/access.c.o"
  "CMakeFiles/dl_report.dir/report/access.c.o.d"
  "CMakeFiles/dl_report.dir/report/iam.c.o"
  "CMakeFiles/dl_report.dir/report/iam.c.o.d"
  "CMakeFiles/dl_report.dir/report/inventory.c.o"
  "CMakeFiles/dl_report.dir/report/inventory.c.o.d"
  "CMakeFiles/dl_report.dir/report/json.c.o"
  "CMakeFiles/dl_report.dir/report/json.c.o.d"
  "CMakeFiles/dl_report.dir/report/json_text.c.o"
  "CMakeFiles/dl_report.dir/report/json_text.c.o.d"
  "CMakeFiles/dl_report.dir/report/reporter.c.o"
  "CMakeFiles/dl_report.dir/report/reporter.c.o.d"
  "CMakeFiles/dl_report.dir/report/sarif.c.o"
  "CMakeFiles/dl_report.dir/report/sarif.c.o.d"
  "CMakeFiles/dl_report.dir/report/sarif_merge.c.o"
  "CMakeFiles/dl_report.dir/report/sarif_merge.c.o.d"
  "CMakeFiles/dl_report.dir/report/text.c.o"
  "CMakeFiles/dl_report.dir/report/text.c.o.d"
  "libdl_report.a"
  "libdl_report.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_report.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
