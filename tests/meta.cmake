# meta.cmake - catalogue consistency, layering and banned-function greps,
# header self-containment (label `meta`).
add_test(NAME meta:catalogue COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/meta/catalogue.sh)
add_test(NAME meta:layering COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/meta/layering.sh)
set_tests_properties(meta:catalogue meta:layering PROPERTIES LABELS meta
                     ENVIRONMENT "DL_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
# tools/new-recognizer in a temporary copy: the files it makes, and they build.
add_test(NAME meta:new-recognizer COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/meta/new-recognizer.sh)
set_tests_properties(meta:new-recognizer PROPERTIES LABELS meta TIMEOUT 1500
                     ENVIRONMENT "DL_SOURCE_DIR=${PROJECT_SOURCE_DIR}")

# Every header under src/ compiles on its own (include what you use).
file(GLOB_RECURSE _headers CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}/src
     ${PROJECT_SOURCE_DIR}/src/*.h)
set(_selfcontained_src "")
foreach(h ${_headers})
  string(MAKE_C_IDENTIFIER ${h} _id)
  set(_f ${CMAKE_CURRENT_BINARY_DIR}/selfcontained/${_id}.c)
  file(WRITE ${_f}.in "#include \"${h}\"\n")
  configure_file(${_f}.in ${_f} COPYONLY)
  list(APPEND _selfcontained_src ${_f})
endforeach()
add_library(dl_meta_selfcontained OBJECT ${_selfcontained_src})
target_include_directories(dl_meta_selfcontained PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(dl_meta_selfcontained PRIVATE LibClang::Headers)
target_compile_options(dl_meta_selfcontained PRIVATE -Wall -Wextra -Wno-unused-function)

# Building the `ddblint` target alone builds what the binary finds beside
# itself (the stub headers, the checks' pages): a new user's
# `cmake --build build --target ddblint` is usable (issue 28). Read from the
# generated build graph (Makefiles: CMakeFiles/Makefile2; Ninja: -t query).
add_test(NAME meta:ddblint-target-deps
         COMMAND sh -c "if [ -f '${PROJECT_BINARY_DIR}/CMakeFiles/Makefile2' ]; then g=$(grep '/ddblint.dir/all:' '${PROJECT_BINARY_DIR}/CMakeFiles/Makefile2'); else g=$(cd '${PROJECT_BINARY_DIR}' && ninja -t query ddblint); fi; for t in dl_stubs dl_check_docs; do printf '%s\\n' \"$g\" | grep -q \"$t\" || { echo \"FAIL: building ddblint does not build $t\"; exit 1; }; done; echo PASS")
set_tests_properties(meta:ddblint-target-deps PROPERTIES LABELS meta)
