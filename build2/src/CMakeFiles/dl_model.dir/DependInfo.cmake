
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/model/expr.c" "src/CMakeFiles/dl_model.dir/model/expr.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/expr.c.o.d"
  "/work/wt/iam2/src/model/fix.c" "src/CMakeFiles/dl_model.dir/model/fix.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/fix.c.o.d"
  "/work/wt/iam2/src/model/format.c" "src/CMakeFiles/dl_model.dir/model/format.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/format.c.o.d"
  "/work/wt/iam2/src/model/helper.c" "src/CMakeFiles/dl_model.dir/model/helper.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/helper.c.o.d"
  "/work/wt/iam2/src/model/json_request.c" "src/CMakeFiles/dl_model.dir/model/json_request.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/json_request.c.o.d"
  "/work/wt/iam2/src/model/keys.c" "src/CMakeFiles/dl_model.dir/model/keys.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/keys.c.o.d"
  "/work/wt/iam2/src/model/normalize.c" "src/CMakeFiles/dl_model.dir/model/normalize.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/normalize.c.o.d"
  "/work/wt/iam2/src/model/partiql.c" "src/CMakeFiles/dl_model.dir/model/partiql.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/partiql.c.o.d"
  "/work/wt/iam2/src/model/placeholder.c" "src/CMakeFiles/dl_model.dir/model/placeholder.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/placeholder.c.o.d"
  "/work/wt/iam2/src/model/quote.c" "src/CMakeFiles/dl_model.dir/model/quote.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/quote.c.o.d"
  "/work/wt/iam2/src/model/request.c" "src/CMakeFiles/dl_model.dir/model/request.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/request.c.o.d"
  "/work/wt/iam2/src/model/template.c" "src/CMakeFiles/dl_model.dir/model/template.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/template.c.o.d"
  "/work/wt/iam2/src/model/words.c" "src/CMakeFiles/dl_model.dir/model/words.c.o" "gcc" "src/CMakeFiles/dl_model.dir/model/words.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
