
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/rules/ruleset.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_cfn.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_cfn.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_cfn.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_code.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_code.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_code.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_import.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_import.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_import.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_store.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_store.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_store.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_tables.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_tables.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_tables.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_tf.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_tf.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_tf.c.o.d"
  "/work/wt/iam2/src/rules/ruleset_yaml.c" "src/CMakeFiles/dl_rules.dir/rules/ruleset_yaml.c.o" "gcc" "src/CMakeFiles/dl_rules.dir/rules/ruleset_yaml.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
