# fixtures.cmake - check fixtures (tests/fixtures/checks/<id>/*.cpp) run in
# process through the whole pipeline; one ctest per fixture file, label
# `fixtures`.
add_executable(fixture_runner ${CMAKE_CURRENT_SOURCE_DIR}/runner/fixture_runner.c)
target_link_libraries(fixture_runner PRIVATE dl_cli)
dl_warnings(fixture_runner)
add_dependencies(fixture_runner dl_stubs)
file(GLOB_RECURSE _fixtures CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/checks/*.cpp
     ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/checks/*.c
     ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/checks/*.yaml
     ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/checks/*.json)
foreach(f ${_fixtures})
  file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/checks ${f})
  add_test(NAME fixture:${rel} COMMAND fixture_runner ${f})
  set_tests_properties(fixture:${rel} PROPERTIES LABELS fixtures ENVIRONMENT "${DL_TEST_ENV}")
endforeach()
