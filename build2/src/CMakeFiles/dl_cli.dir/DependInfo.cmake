
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/cli/access_cmd.c" "src/CMakeFiles/dl_cli.dir/cli/access_cmd.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/access_cmd.c.o.d"
  "/work/wt/iam2/src/cli/cache_files.c" "src/CMakeFiles/dl_cli.dir/cli/cache_files.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/cache_files.c.o.d"
  "/work/wt/iam2/src/cli/cli.c" "src/CMakeFiles/dl_cli.dir/cli/cli.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/cli.c.o.d"
  "/work/wt/iam2/src/cli/cli_run.c" "src/CMakeFiles/dl_cli.dir/cli/cli_run.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/cli_run.c.o.d"
  "/work/wt/iam2/src/cli/code_tables.c" "src/CMakeFiles/dl_cli.dir/cli/code_tables.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/code_tables.c.o.d"
  "/work/wt/iam2/src/cli/compdb_json.c" "src/CMakeFiles/dl_cli.dir/cli/compdb_json.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/compdb_json.c.o.d"
  "/work/wt/iam2/src/cli/compdb_memo.c" "src/CMakeFiles/dl_cli.dir/cli/compdb_memo.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/compdb_memo.c.o.d"
  "/work/wt/iam2/src/cli/config.c" "src/CMakeFiles/dl_cli.dir/cli/config.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/config.c.o.d"
  "/work/wt/iam2/src/cli/definitions.c" "src/CMakeFiles/dl_cli.dir/cli/definitions.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/definitions.c.o.d"
  "/work/wt/iam2/src/cli/env.c" "src/CMakeFiles/dl_cli.dir/cli/env.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/env.c.o.d"
  "/work/wt/iam2/src/cli/explain.c" "src/CMakeFiles/dl_cli.dir/cli/explain.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/explain.c.o.d"
  "/work/wt/iam2/src/cli/fixes.c" "src/CMakeFiles/dl_cli.dir/cli/fixes.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/fixes.c.o.d"
  "/work/wt/iam2/src/cli/git.c" "src/CMakeFiles/dl_cli.dir/cli/git.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/git.c.o.d"
  "/work/wt/iam2/src/cli/ignore.c" "src/CMakeFiles/dl_cli.dir/cli/ignore.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/ignore.c.o.d"
  "/work/wt/iam2/src/cli/infer_pass.c" "src/CMakeFiles/dl_cli.dir/cli/infer_pass.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/infer_pass.c.o.d"
  "/work/wt/iam2/src/cli/job_wire.c" "src/CMakeFiles/dl_cli.dir/cli/job_wire.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/job_wire.c.o.d"
  "/work/wt/iam2/src/cli/jobs.c" "src/CMakeFiles/dl_cli.dir/cli/jobs.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/jobs.c.o.d"
  "/work/wt/iam2/src/cli/options.c" "src/CMakeFiles/dl_cli.dir/cli/options.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/options.c.o.d"
  "/work/wt/iam2/src/cli/owners.c" "src/CMakeFiles/dl_cli.dir/cli/owners.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/owners.c.o.d"
  "/work/wt/iam2/src/cli/pipeline.c" "src/CMakeFiles/dl_cli.dir/cli/pipeline.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/pipeline.c.o.d"
  "/work/wt/iam2/src/cli/prefilter_memo.c" "src/CMakeFiles/dl_cli.dir/cli/prefilter_memo.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/prefilter_memo.c.o.d"
  "/work/wt/iam2/src/cli/progress.c" "src/CMakeFiles/dl_cli.dir/cli/progress.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/progress.c.o.d"
  "/work/wt/iam2/src/cli/result_cache.c" "src/CMakeFiles/dl_cli.dir/cli/result_cache.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/result_cache.c.o.d"
  "/work/wt/iam2/src/cli/shard.c" "src/CMakeFiles/dl_cli.dir/cli/shard.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/shard.c.o.d"
  "/work/wt/iam2/src/cli/walk.c" "src/CMakeFiles/dl_cli.dir/cli/walk.c.o" "gcc" "src/CMakeFiles/dl_cli.dir/cli/walk.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_recognize.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_rules.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_checks.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_findings.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_report.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_frontend.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
