# bad-input.cmake - the bad-input catalogue (issue #11, label `bad-input`):
# each tests/bad-input/<case>/ holds a `setup` script that makes the inputs
# in the build tree (large ones generated, never committed), the arguments
# in `cmd`, and the exact expected exit code, stdout and stderr in
# expected.txt, compared by golden/run-golden (DL_BLESS=1 rewrites them).
# The sanitizer build runs the same cases, except those marked with a
# `not-under-sanitizers` file (a 50 MB source: under ASan its parse alone
# outlasts the 900-second timeout; its point is size, not memory errors).
# A case's `asan-options` file is ASAN_OPTIONS for its run in the sanitizer
# build (tu-crash: handle_segv=0, so that a stack overflow inside libclang
# kills the worker with SIGSEGV as it does in the plain build, instead of
# ASan's report and exit status 1).
file(GLOB _bad_inputs CONFIGURE_DEPENDS LIST_DIRECTORIES true
     ${CMAKE_CURRENT_SOURCE_DIR}/bad-input/*)
foreach(c ${_bad_inputs})
  if(IS_DIRECTORY ${c} AND EXISTS ${c}/cmd
     AND NOT (DL_SANITIZE AND EXISTS ${c}/not-under-sanitizers))
    get_filename_component(name ${c} NAME)
    add_test(NAME bad-input:${name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/golden/run-golden $<TARGET_FILE:ddblint> ${c})
    set(_env "${DL_TEST_ENV}")
    if(DL_SANITIZE AND EXISTS ${c}/asan-options)
      file(STRINGS ${c}/asan-options _asan)
      list(APPEND _env "ASAN_OPTIONS=${_asan}")
    endif()
    set_tests_properties(bad-input:${name} PROPERTIES LABELS bad-input TIMEOUT 900
                         ENVIRONMENT "${_env}")
  endif()
endforeach()
