
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/tests/unit/test_cli_job_wire.c" "tests/CMakeFiles/test_cli_job_wire.dir/unit/test_cli_job_wire.c.o" "gcc" "tests/CMakeFiles/test_cli_job_wire.dir/unit/test_cli_job_wire.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_cli.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_recognize.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_frontend.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_rules.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_report.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_checks.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_findings.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
