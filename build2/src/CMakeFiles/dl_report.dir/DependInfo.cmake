
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/report/access.c" "src/CMakeFiles/dl_report.dir/report/access.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/access.c.o.d"
  "/work/wt/iam2/src/report/iam.c" "src/CMakeFiles/dl_report.dir/report/iam.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/iam.c.o.d"
  "/work/wt/iam2/src/report/inventory.c" "src/CMakeFiles/dl_report.dir/report/inventory.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/inventory.c.o.d"
  "/work/wt/iam2/src/report/json.c" "src/CMakeFiles/dl_report.dir/report/json.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/json.c.o.d"
  "/work/wt/iam2/src/report/json_text.c" "src/CMakeFiles/dl_report.dir/report/json_text.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/json_text.c.o.d"
  "/work/wt/iam2/src/report/reporter.c" "src/CMakeFiles/dl_report.dir/report/reporter.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/reporter.c.o.d"
  "/work/wt/iam2/src/report/sarif.c" "src/CMakeFiles/dl_report.dir/report/sarif.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/sarif.c.o.d"
  "/work/wt/iam2/src/report/sarif_merge.c" "src/CMakeFiles/dl_report.dir/report/sarif_merge.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/sarif_merge.c.o.d"
  "/work/wt/iam2/src/report/text.c" "src/CMakeFiles/dl_report.dir/report/text.c.o" "gcc" "src/CMakeFiles/dl_report.dir/report/text.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_findings.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_checks.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
