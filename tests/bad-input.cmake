# bad-input.cmake - the bad-input catalogue (issue #11, label `bad-input`):
# each tests/bad-input/<case>/ holds a `setup` script that makes the inputs
# in the build tree (large ones generated, never committed), the arguments
# in `cmd`, and the exact expected exit code, stdout and stderr in
# expected.txt, compared by golden/run-golden (DL_BLESS=1 rewrites them).
# The sanitizer build runs the same cases, except those marked with a
# `not-under-sanitizers` file (a 50 MB source: under ASan its parse alone
# outlasts the 900-second timeout; its point is size, not memory errors).
file(GLOB _bad_inputs CONFIGURE_DEPENDS LIST_DIRECTORIES true
     ${CMAKE_CURRENT_SOURCE_DIR}/bad-input/*)
foreach(c ${_bad_inputs})
  if(IS_DIRECTORY ${c} AND EXISTS ${c}/cmd
     AND NOT (DL_SANITIZE AND EXISTS ${c}/not-under-sanitizers))
    get_filename_component(name ${c} NAME)
    add_test(NAME bad-input:${name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/golden/run-golden $<TARGET_FILE:ddblint> ${c})
    set_tests_properties(bad-input:${name} PROPERTIES LABELS bad-input TIMEOUT 900
                         ENVIRONMENT "${DL_TEST_ENV}")
  endif()
endforeach()
