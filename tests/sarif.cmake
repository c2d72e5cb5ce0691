# tests/sarif.cmake - SARIF validation (label golden): make_sample writes SARIF
# logs through the real sink and reporter, and tests/sarif/validate-sarif checks
# them with the project's copy of the SARIF 2.1.0 schema, Microsoft's SARIF
# Multitool (SARIF and GitHub ingestion rules) and ddblint's own conventions
# (columnKind, %SRCROOT%-relative URIs, suppressions all-or-none,
# fingerprints). The validators are installed from npm into
# ${PROJECT_BINARY_DIR}/sarif-tools on first use; without node/npm or network
# the test is reported as skipped, never as passed.
add_executable(dl_sarif_make_sample ${CMAKE_CURRENT_SOURCE_DIR}/sarif/make_sample.c)
target_link_libraries(dl_sarif_make_sample PRIVATE dl_report dl_checks dl_findings dl_schema
                      dl_model dl_core)
dl_warnings(dl_sarif_make_sample)

set(_sarif_out ${CMAKE_CURRENT_BINARY_DIR}/sarif-sample)
add_test(NAME golden:sarif-validate
  COMMAND sh -c "rm -rf '${_sarif_out}' && '$<TARGET_FILE:dl_sarif_make_sample>' '${_sarif_out}' >/dev/null && '${CMAKE_CURRENT_SOURCE_DIR}/sarif/validate-sarif' $\{CI:+--no-skip} --skip-if-unavailable '${_sarif_out}/sample.sarif' '${_sarif_out}/sample-suppressed.sarif'")
set_tests_properties(golden:sarif-validate PROPERTIES
  LABELS golden
  SKIP_RETURN_CODE 77
  TIMEOUT 900
  ENVIRONMENT "SARIF_TOOLS=${PROJECT_BINARY_DIR}/sarif-tools;${DL_TEST_ENV}")

# The CLI's own SARIF on the example project, on a project with inline
# suppressions, compile errors and related locations, on Latin-1 source
# (the log stays valid UTF-8) and on a project whose rules import tables
# (toolConfigurationNotifications, help pages under a help base), validated
# the same way.
set(_cli_out ${CMAKE_CURRENT_BINARY_DIR}/sarif-cli)
add_test(NAME golden:sarif-validate-cli
  COMMAND sh -c "rm -rf '${_cli_out}' && mkdir -p '${_cli_out}' && cd '${PROJECT_SOURCE_DIR}/examples/ecommerce' && { '$<TARGET_FILE:ddblint>' --sarif '${_cli_out}/ecommerce.sarif' . >/dev/null; test $? -le 1; } && cd '${CMAKE_CURRENT_SOURCE_DIR}/golden/cases/sarif/project' && { '$<TARGET_FILE:ddblint>' --include-suppressed --format sarif -o '${_cli_out}/suppressed.sarif' . ; test $? -le 1; } && cd '${CMAKE_CURRENT_SOURCE_DIR}/golden/cases/latin1/project' && { '$<TARGET_FILE:ddblint>' --format sarif -o '${_cli_out}/latin1.sarif' . ; test $? -le 1; } && cd '${CMAKE_CURRENT_SOURCE_DIR}/golden/cases/tables-from/project' && { '$<TARGET_FILE:ddblint>' --format sarif --sarif-help-base https://docs.example.com/ddblint/ -o '${_cli_out}/tables-from.sarif' src ; test $? -le 1; } && '${CMAKE_CURRENT_SOURCE_DIR}/sarif/validate-sarif' $\{CI:+--no-skip} --skip-if-unavailable '${_cli_out}/ecommerce.sarif' '${_cli_out}/suppressed.sarif' '${_cli_out}/latin1.sarif' '${_cli_out}/tables-from.sarif'")
set_tests_properties(golden:sarif-validate-cli PROPERTIES
  LABELS golden
  SKIP_RETURN_CODE 77
  TIMEOUT 900
  ENVIRONMENT "SARIF_TOOLS=${PROJECT_BINARY_DIR}/sarif-tools;${DL_TEST_ENV}")
