
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/frontend/body.c" "src/CMakeFiles/dl_frontend.dir/frontend/body.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/body.c.o.d"
  "/work/wt/iam2/src/frontend/buffer.c" "src/CMakeFiles/dl_frontend.dir/frontend/buffer.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/buffer.c.o.d"
  "/work/wt/iam2/src/frontend/compdb.c" "src/CMakeFiles/dl_frontend.dir/frontend/compdb.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/compdb.c.o.d"
  "/work/wt/iam2/src/frontend/cx.c" "src/CMakeFiles/dl_frontend.dir/frontend/cx.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/cx.c.o.d"
  "/work/wt/iam2/src/frontend/eval.c" "src/CMakeFiles/dl_frontend.dir/frontend/eval.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/eval.c.o.d"
  "/work/wt/iam2/src/frontend/eval_json.c" "src/CMakeFiles/dl_frontend.dir/frontend/eval_json.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/eval_json.c.o.d"
  "/work/wt/iam2/src/frontend/eval_local.c" "src/CMakeFiles/dl_frontend.dir/frontend/eval_local.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/eval_local.c.o.d"
  "/work/wt/iam2/src/frontend/flags.c" "src/CMakeFiles/dl_frontend.dir/frontend/flags.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/flags.c.o.d"
  "/work/wt/iam2/src/frontend/libclang.c" "src/CMakeFiles/dl_frontend.dir/frontend/libclang.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/libclang.c.o.d"
  "/work/wt/iam2/src/frontend/literal.c" "src/CMakeFiles/dl_frontend.dir/frontend/literal.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/literal.c.o.d"
  "/work/wt/iam2/src/frontend/pch.c" "src/CMakeFiles/dl_frontend.dir/frontend/pch.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/pch.c.o.d"
  "/work/wt/iam2/src/frontend/scan.c" "src/CMakeFiles/dl_frontend.dir/frontend/scan.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/scan.c.o.d"
  "/work/wt/iam2/src/frontend/tu.c" "src/CMakeFiles/dl_frontend.dir/frontend/tu.c.o" "gcc" "src/CMakeFiles/dl_frontend.dir/frontend/tu.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
