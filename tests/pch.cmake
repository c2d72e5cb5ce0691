# pch.cmake - the precompiled stub headers and preambles change nothing
# (label golden): the example project, the golden projects and two fixture
# directories whose files find their own copy of the SDK's headers
# (tests/fixtures/include: their preambles are precompiled, not the stubs)
# give the same output with --no-pch, a cold cache and a warm cache. (The
# check fixtures are compared the same way by the fixture runner, in
# process.)
foreach(p examples/ecommerce tests/golden/cases/dump-requests/project
          tests/golden/cases/sarif/project tests/golden/cases/header-language/project
          tests/fixtures/checks/reserved-word tests/fixtures/checks/key-condition-invalid)
  string(REPLACE "/" "-" name ${p})
  add_test(NAME golden:pch-${name}
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/pch/same-with-pch $<TARGET_FILE:ddblint>
                   ${PROJECT_SOURCE_DIR}/${p} --verbose .)
  set_tests_properties(golden:pch-${name} PROPERTIES LABELS golden
                       ENVIRONMENT "${DL_TEST_ENV}")
endforeach()
