
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/lsp/actions.c" "src/CMakeFiles/dl_lsp.dir/lsp/actions.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/actions.c.o.d"
  "/work/wt/iam2/src/lsp/analysis.c" "src/CMakeFiles/dl_lsp.dir/lsp/analysis.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/analysis.c.o.d"
  "/work/wt/iam2/src/lsp/diag.c" "src/CMakeFiles/dl_lsp.dir/lsp/diag.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/diag.c.o.d"
  "/work/wt/iam2/src/lsp/position.c" "src/CMakeFiles/dl_lsp.dir/lsp/position.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/position.c.o.d"
  "/work/wt/iam2/src/lsp/project.c" "src/CMakeFiles/dl_lsp.dir/lsp/project.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/project.c.o.d"
  "/work/wt/iam2/src/lsp/rpc.c" "src/CMakeFiles/dl_lsp.dir/lsp/rpc.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/rpc.c.o.d"
  "/work/wt/iam2/src/lsp/server.c" "src/CMakeFiles/dl_lsp.dir/lsp/server.c.o" "gcc" "src/CMakeFiles/dl_lsp.dir/lsp/server.c.o.d"
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
