
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/tests/checks/test_gsi_capacity_below_table.c" "tests/CMakeFiles/test_gsi_capacity_below_table.dir/checks/test_gsi_capacity_below_table.c.o" "gcc" "tests/CMakeFiles/test_gsi_capacity_below_table.dir/checks/test_gsi_capacity_below_table.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/tests/CMakeFiles/dl_test_builder.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_checks.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_findings.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
