
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/core/alloc.c" "src/CMakeFiles/dl_core.dir/core/alloc.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/alloc.c.o.d"
  "/work/wt/iam2/src/core/arena.c" "src/CMakeFiles/dl_core.dir/core/arena.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/arena.c.o.d"
  "/work/wt/iam2/src/core/digest.c" "src/CMakeFiles/dl_core.dir/core/digest.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/digest.c.o.d"
  "/work/wt/iam2/src/core/error.c" "src/CMakeFiles/dl_core.dir/core/error.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/error.c.o.d"
  "/work/wt/iam2/src/core/file.c" "src/CMakeFiles/dl_core.dir/core/file.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/file.c.o.d"
  "/work/wt/iam2/src/core/glob.c" "src/CMakeFiles/dl_core.dir/core/glob.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/glob.c.o.d"
  "/work/wt/iam2/src/core/htab.c" "src/CMakeFiles/dl_core.dir/core/htab.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/htab.c.o.d"
  "/work/wt/iam2/src/core/loc.c" "src/CMakeFiles/dl_core.dir/core/loc.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/loc.c.o.d"
  "/work/wt/iam2/src/core/log.c" "src/CMakeFiles/dl_core.dir/core/log.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/log.c.o.d"
  "/work/wt/iam2/src/core/path.c" "src/CMakeFiles/dl_core.dir/core/path.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/path.c.o.d"
  "/work/wt/iam2/src/core/regex.c" "src/CMakeFiles/dl_core.dir/core/regex.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/regex.c.o.d"
  "/work/wt/iam2/src/core/safefile.c" "src/CMakeFiles/dl_core.dir/core/safefile.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/safefile.c.o.d"
  "/work/wt/iam2/src/core/severity.c" "src/CMakeFiles/dl_core.dir/core/severity.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/severity.c.o.d"
  "/work/wt/iam2/src/core/status.c" "src/CMakeFiles/dl_core.dir/core/status.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/status.c.o.d"
  "/work/wt/iam2/src/core/strbuf.c" "src/CMakeFiles/dl_core.dir/core/strbuf.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/strbuf.c.o.d"
  "/work/wt/iam2/src/core/strv.c" "src/CMakeFiles/dl_core.dir/core/strv.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/strv.c.o.d"
  "/work/wt/iam2/src/core/suggest.c" "src/CMakeFiles/dl_core.dir/core/suggest.c.o" "gcc" "src/CMakeFiles/dl_core.dir/core/suggest.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
