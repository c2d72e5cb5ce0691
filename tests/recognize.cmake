# recognize.cmake - recognizer fixtures (label: fixtures): one ctest per
# tests/fixtures/recognize/<lib>/*.cpp and *.c (a .c file is parsed as C),
# run in process by recognize_runner, which compares dl_request_dump() lines
# with the inline `request:` annotations. DL_BLESS=1 rewrites them.
add_executable(recognize_runner ${CMAKE_CURRENT_SOURCE_DIR}/runner/recognize_runner.c)
target_link_libraries(recognize_runner PRIVATE dl_recognize dl_rules)
dl_warnings(recognize_runner)
if(TARGET dl_stubs)
  add_dependencies(recognize_runner dl_stubs)
endif()
file(GLOB _dl_rfix CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/recognize/*/*.cpp
     ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/recognize/*/*.c)
foreach(f ${_dl_rfix})
  get_filename_component(_name ${f} NAME_WE)
  get_filename_component(_dir ${f} DIRECTORY)
  get_filename_component(_lib ${_dir} NAME)
  add_test(NAME fixtures:recognize:${_lib}/${_name}
           COMMAND recognize_runner --include ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/include
                   --stubs ${DL_DATA_BUILD_DIR}/include ${f})
  set_tests_properties(fixtures:recognize:${_lib}/${_name} PROPERTIES LABELS fixtures
                       ENVIRONMENT "${DL_TEST_ENV}")
endforeach()
