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
