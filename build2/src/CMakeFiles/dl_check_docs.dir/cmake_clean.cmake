file(REMOVE_RECURSE
  "../share/ddblint/checks/attribute-definitions-mismatch.md"
  "../share/ddblint/checks/batch-size-limit.md"
  "../share/ddblint/checks/billing-mode-conflict.md"
  "../share/ddblint/checks/consistent-read-on-gsi.md"
  "../share/ddblint/checks/constant-partition-key.md"
  "../share/ddblint/checks/expression-limits.md"
  "../share/ddblint/checks/expression-syntax.md"
  "../share/ddblint/checks/filter-on-key-attribute.md"
  "../share/ddblint/checks/gsi-capacity-below-table.md"
  "../share/ddblint/checks/hot-key-unsharded.md"
  "../share/ddblint/checks/index-limits.md"
  "../share/ddblint/checks/invalid-placeholder.md"
  "../share/ddblint/checks/key-condition-invalid.md"
  "../share/ddblint/checks/key-schema-mismatch.md"
  "../share/ddblint/checks/legacy-parameters.md"
  "../share/ddblint/checks/low-cardinality-partition-key.md"
  "../share/ddblint/checks/outcome-unchecked.md"
  "../share/ddblint/checks/pagination-ignored.md"
  "../share/ddblint/checks/partiql-full-scan.md"
  "../share/ddblint/checks/projection-invalid.md"
  "../share/ddblint/checks/query-missing-key-condition.md"
  "../share/ddblint/checks/request-in-loop.md"
  "../share/ddblint/checks/reserved-word.md"
  "../share/ddblint/checks/scan.md"
  "../share/ddblint/checks/sparse-index-key-not-removed.md"
  "../share/ddblint/checks/undeclared-access-pattern.md"
  "../share/ddblint/checks/undefined-placeholder.md"
  "../share/ddblint/checks/unknown-index.md"
  "../share/ddblint/checks/unprocessed-items-ignored.md"
  "../share/ddblint/checks/unused-placeholder.md"
  "../share/ddblint/checks/update-expression-invalid.md"
  "CMakeFiles/dl_check_docs"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/dl_check_docs.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
