
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/recognize/analyze.c" "src/CMakeFiles/dl_recognize.dir/recognize/analyze.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/analyze.c.o.d"
  "/work/wt/iam2/src/recognize/aws4dd.c" "src/CMakeFiles/dl_recognize.dir/recognize/aws4dd.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/aws4dd.c.o.d"
  "/work/wt/iam2/src/recognize/aws_cpp.c" "src/CMakeFiles/dl_recognize.dir/recognize/aws_cpp.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/aws_cpp.c.o.d"
  "/work/wt/iam2/src/recognize/aws_dynamo.c" "src/CMakeFiles/dl_recognize.dir/recognize/aws_dynamo.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/aws_dynamo.c.o.d"
  "/work/wt/iam2/src/recognize/cfunc.c" "src/CMakeFiles/dl_recognize.dir/recognize/cfunc.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/cfunc.c.o.d"
  "/work/wt/iam2/src/recognize/curl.c" "src/CMakeFiles/dl_recognize.dir/recognize/curl.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/curl.c.o.d"
  "/work/wt/iam2/src/recognize/follow.c" "src/CMakeFiles/dl_recognize.dir/recognize/follow.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/follow.c.o.d"
  "/work/wt/iam2/src/recognize/follow_lowlevel.c" "src/CMakeFiles/dl_recognize.dir/recognize/follow_lowlevel.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/follow_lowlevel.c.o.d"
  "/work/wt/iam2/src/recognize/follow_nested.c" "src/CMakeFiles/dl_recognize.dir/recognize/follow_nested.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/follow_nested.c.o.d"
  "/work/wt/iam2/src/recognize/infer.c" "src/CMakeFiles/dl_recognize.dir/recognize/infer.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/infer.c.o.d"
  "/work/wt/iam2/src/recognize/loop.c" "src/CMakeFiles/dl_recognize.dir/recognize/loop.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/loop.c.o.d"
  "/work/wt/iam2/src/recognize/prefilter.c" "src/CMakeFiles/dl_recognize.dir/recognize/prefilter.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/prefilter.c.o.d"
  "/work/wt/iam2/src/recognize/recover.c" "src/CMakeFiles/dl_recognize.dir/recognize/recover.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/recover.c.o.d"
  "/work/wt/iam2/src/recognize/registry.c" "src/CMakeFiles/dl_recognize.dir/recognize/registry.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/registry.c.o.d"
  "/work/wt/iam2/src/recognize/response.c" "src/CMakeFiles/dl_recognize.dir/recognize/response.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/response.c.o.d"
  "/work/wt/iam2/src/recognize/summary.c" "src/CMakeFiles/dl_recognize.dir/recognize/summary.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/summary.c.o.d"
  "/work/wt/iam2/src/recognize/tokens.c" "src/CMakeFiles/dl_recognize.dir/recognize/tokens.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/tokens.c.o.d"
  "/work/wt/iam2/src/recognize/wrappers.c" "src/CMakeFiles/dl_recognize.dir/recognize/wrappers.c.o" "gcc" "src/CMakeFiles/dl_recognize.dir/recognize/wrappers.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_frontend.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
