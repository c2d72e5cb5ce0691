
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/findings/baseline.c" "src/CMakeFiles/dl_findings.dir/findings/baseline.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/baseline.c.o.d"
  "/work/wt/iam2/src/findings/fileio.c" "src/CMakeFiles/dl_findings.dir/findings/fileio.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/fileio.c.o.d"
  "/work/wt/iam2/src/findings/finding.c" "src/CMakeFiles/dl_findings.dir/findings/finding.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/finding.c.o.d"
  "/work/wt/iam2/src/findings/fingerprint.c" "src/CMakeFiles/dl_findings.dir/findings/fingerprint.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/fingerprint.c.o.d"
  "/work/wt/iam2/src/findings/sink.c" "src/CMakeFiles/dl_findings.dir/findings/sink.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/sink.c.o.d"
  "/work/wt/iam2/src/findings/suppress.c" "src/CMakeFiles/dl_findings.dir/findings/suppress.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/suppress.c.o.d"
  "/work/wt/iam2/src/findings/utf8.c" "src/CMakeFiles/dl_findings.dir/findings/utf8.c.o" "gcc" "src/CMakeFiles/dl_findings.dir/findings/utf8.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
