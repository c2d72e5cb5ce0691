# cli.cmake - the ddblint binary driven as users drive it, by the shell
# scripts in tests/cli/ (label `cli`): options and exit codes, per-directory
# rules, exclusions, signals, progress, pre-commit.
file(GLOB _cli_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cli/*.sh)
foreach(t ${_cli_tests})
  get_filename_component(name ${t} NAME_WE)
  add_test(NAME cli:${name} COMMAND sh ${t} $<TARGET_FILE:ddblint>)
  set_tests_properties(cli:${name} PROPERTIES LABELS cli ENVIRONMENT "${DL_TEST_ENV}"
                       TIMEOUT 600)
endforeach()

# --shard K/N puts every input in exactly one shard; merge-sarif of the
# shards' logs is the whole run's log; the merged log passes the SARIF
# validators (skipped, never passed, without node/npm or network; CI=true
# makes a missing validator a failure).
add_test(NAME cli:shard-merge
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/shard-merge $<TARGET_FILE:ddblint>)
set_tests_properties(cli:shard-merge PROPERTIES LABELS cli ENVIRONMENT "${DL_TEST_ENV}")
add_test(NAME cli:sarif-validate-merged
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/shard-merge $<TARGET_FILE:ddblint>
                 ${CMAKE_CURRENT_SOURCE_DIR}/sarif/validate-sarif)
set_tests_properties(cli:sarif-validate-merged PROPERTIES
  LABELS cli
  SKIP_RETURN_CODE 77
  TIMEOUT 900
  ENVIRONMENT "SARIF_TOOLS=${PROJECT_BINARY_DIR}/sarif-tools;${DL_TEST_ENV}")
