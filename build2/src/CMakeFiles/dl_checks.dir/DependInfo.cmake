
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt/iam2/src/checks/attribute_definitions_mismatch.c" "src/CMakeFiles/dl_checks.dir/checks/attribute_definitions_mismatch.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/attribute_definitions_mismatch.c.o.d"
  "/work/wt/iam2/src/checks/batch_size_limit.c" "src/CMakeFiles/dl_checks.dir/checks/batch_size_limit.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/batch_size_limit.c.o.d"
  "/work/wt/iam2/src/checks/billing_mode_conflict.c" "src/CMakeFiles/dl_checks.dir/checks/billing_mode_conflict.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/billing_mode_conflict.c.o.d"
  "/work/wt/iam2/src/checks/consistent_read_on_gsi.c" "src/CMakeFiles/dl_checks.dir/checks/consistent_read_on_gsi.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/consistent_read_on_gsi.c.o.d"
  "/work/wt/iam2/src/checks/constant_partition_key.c" "src/CMakeFiles/dl_checks.dir/checks/constant_partition_key.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/constant_partition_key.c.o.d"
  "/work/wt/iam2/src/checks/expression_limits.c" "src/CMakeFiles/dl_checks.dir/checks/expression_limits.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/expression_limits.c.o.d"
  "/work/wt/iam2/src/checks/expression_syntax.c" "src/CMakeFiles/dl_checks.dir/checks/expression_syntax.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/expression_syntax.c.o.d"
  "/work/wt/iam2/src/checks/filter_on_key_attribute.c" "src/CMakeFiles/dl_checks.dir/checks/filter_on_key_attribute.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/filter_on_key_attribute.c.o.d"
  "/work/wt/iam2/src/checks/gsi_capacity_below_table.c" "src/CMakeFiles/dl_checks.dir/checks/gsi_capacity_below_table.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/gsi_capacity_below_table.c.o.d"
  "/work/wt/iam2/src/checks/hot_key_unsharded.c" "src/CMakeFiles/dl_checks.dir/checks/hot_key_unsharded.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/hot_key_unsharded.c.o.d"
  "/work/wt/iam2/src/checks/index_limits.c" "src/CMakeFiles/dl_checks.dir/checks/index_limits.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/index_limits.c.o.d"
  "/work/wt/iam2/src/checks/invalid_placeholder.c" "src/CMakeFiles/dl_checks.dir/checks/invalid_placeholder.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/invalid_placeholder.c.o.d"
  "/work/wt/iam2/src/checks/key_condition_invalid.c" "src/CMakeFiles/dl_checks.dir/checks/key_condition_invalid.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/key_condition_invalid.c.o.d"
  "/work/wt/iam2/src/checks/key_schema_mismatch.c" "src/CMakeFiles/dl_checks.dir/checks/key_schema_mismatch.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/key_schema_mismatch.c.o.d"
  "/work/wt/iam2/src/checks/legacy_parameters.c" "src/CMakeFiles/dl_checks.dir/checks/legacy_parameters.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/legacy_parameters.c.o.d"
  "/work/wt/iam2/src/checks/low_cardinality_partition_key.c" "src/CMakeFiles/dl_checks.dir/checks/low_cardinality_partition_key.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/low_cardinality_partition_key.c.o.d"
  "/work/wt/iam2/src/checks/outcome_unchecked.c" "src/CMakeFiles/dl_checks.dir/checks/outcome_unchecked.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/outcome_unchecked.c.o.d"
  "/work/wt/iam2/src/checks/pagination_ignored.c" "src/CMakeFiles/dl_checks.dir/checks/pagination_ignored.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/pagination_ignored.c.o.d"
  "/work/wt/iam2/src/checks/partiql_full_scan.c" "src/CMakeFiles/dl_checks.dir/checks/partiql_full_scan.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/partiql_full_scan.c.o.d"
  "/work/wt/iam2/src/checks/projection_invalid.c" "src/CMakeFiles/dl_checks.dir/checks/projection_invalid.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/projection_invalid.c.o.d"
  "/work/wt/iam2/src/checks/query_missing_key_condition.c" "src/CMakeFiles/dl_checks.dir/checks/query_missing_key_condition.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/query_missing_key_condition.c.o.d"
  "/work/wt/iam2/src/checks/registry.c" "src/CMakeFiles/dl_checks.dir/checks/registry.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/registry.c.o.d"
  "/work/wt/iam2/src/checks/report.c" "src/CMakeFiles/dl_checks.dir/checks/report.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/report.c.o.d"
  "/work/wt/iam2/src/checks/request_in_loop.c" "src/CMakeFiles/dl_checks.dir/checks/request_in_loop.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/request_in_loop.c.o.d"
  "/work/wt/iam2/src/checks/reserved_word.c" "src/CMakeFiles/dl_checks.dir/checks/reserved_word.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/reserved_word.c.o.d"
  "/work/wt/iam2/src/checks/scan.c" "src/CMakeFiles/dl_checks.dir/checks/scan.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/scan.c.o.d"
  "/work/wt/iam2/src/checks/sparse_index_key_not_removed.c" "src/CMakeFiles/dl_checks.dir/checks/sparse_index_key_not_removed.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/sparse_index_key_not_removed.c.o.d"
  "/work/wt/iam2/src/checks/undeclared_access_pattern.c" "src/CMakeFiles/dl_checks.dir/checks/undeclared_access_pattern.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/undeclared_access_pattern.c.o.d"
  "/work/wt/iam2/src/checks/undefined_placeholder.c" "src/CMakeFiles/dl_checks.dir/checks/undefined_placeholder.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/undefined_placeholder.c.o.d"
  "/work/wt/iam2/src/checks/unknown_index.c" "src/CMakeFiles/dl_checks.dir/checks/unknown_index.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/unknown_index.c.o.d"
  "/work/wt/iam2/src/checks/unprocessed_items_ignored.c" "src/CMakeFiles/dl_checks.dir/checks/unprocessed_items_ignored.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/unprocessed_items_ignored.c.o.d"
  "/work/wt/iam2/src/checks/unused_placeholder.c" "src/CMakeFiles/dl_checks.dir/checks/unused_placeholder.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/unused_placeholder.c.o.d"
  "/work/wt/iam2/src/checks/update_expression_invalid.c" "src/CMakeFiles/dl_checks.dir/checks/update_expression_invalid.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/update_expression_invalid.c.o.d"
  "/work/wt/iam2/src/checks/util_access.c" "src/CMakeFiles/dl_checks.dir/checks/util_access.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/util_access.c.o.d"
  "/work/wt/iam2/src/checks/util_design.c" "src/CMakeFiles/dl_checks.dir/checks/util_design.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/util_design.c.o.d"
  "/work/wt/iam2/src/checks/util_expr.c" "src/CMakeFiles/dl_checks.dir/checks/util_expr.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/util_expr.c.o.d"
  "/work/wt/iam2/src/checks/util_keys.c" "src/CMakeFiles/dl_checks.dir/checks/util_keys.c.o" "gcc" "src/CMakeFiles/dl_checks.dir/checks/util_keys.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/wt/iam2/build2/src/CMakeFiles/dl_model.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_schema.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_findings.dir/DependInfo.cmake"
  "/work/wt/iam2/build2/src/CMakeFiles/dl_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
