# golden.cmake - the CLI binary on small projects, output compared with stored
# files (label `golden`); DL_BLESS=1 ctest -L golden rewrites them.
file(GLOB _golden CONFIGURE_DEPENDS LIST_DIRECTORIES true ${CMAKE_CURRENT_SOURCE_DIR}/golden/cases/*)
foreach(c ${_golden})
  if(IS_DIRECTORY ${c})
    get_filename_component(name ${c} NAME)
    add_test(NAME golden:${name}
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/golden/run-golden $<TARGET_FILE:ddblint> ${c})
    set_tests_properties(golden:${name} PROPERTIES LABELS golden ENVIRONMENT "${DL_TEST_ENV}")
  endif()
endforeach()
