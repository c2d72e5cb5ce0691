# tests/stubs.cmake - label meta: ddblint's generated AWS SDK for C++ stub
# headers (stubs/include/aws, written by tools/gen-aws-stubs from
# data/dynamodb-api.json) are up to date and compile, and so do the
# hand-written C client stubs (stubs/include/aws4, aws_dynamo, curl).
#
#   meta:stubs-generated         tools/gen-aws-stubs check: regenerating from the
#                                committed table gives the committed files
#   meta:stubs-compile-<cc>-<std> every stub header (stubs/tests/all_headers.cpp)
#                                and SDK-style user code (stubs/tests/usage.cpp)
#                                pass -fsyntax-only -Wall -Wextra -Werror, with
#                                the stubs searched after the user's paths
#                                (-idirafter) as ddblint does.
# The check needs only Debian's python3 (standard library); prefer
# /usr/bin/python3 over a python3 from pyenv or a virtualenv.
find_program(DL_STUBS_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT DL_STUBS_PYTHON3)
  find_program(DL_STUBS_PYTHON3 python3)
endif()
if(DL_STUBS_PYTHON3)
  add_test(NAME meta:stubs-generated
           COMMAND ${DL_STUBS_PYTHON3} ${PROJECT_SOURCE_DIR}/tools/gen-aws-stubs check)
  set_tests_properties(meta:stubs-generated PROPERTIES LABELS meta)
else()
  message(STATUS "python3 not found: test meta:stubs-generated not added")
endif()

set(_dl_stub_compilers "")
find_program(DL_STUBS_GXX NAMES g++)
find_program(DL_STUBS_CLANGXX NAMES clang++ clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14)
if(DL_STUBS_GXX)
  list(APPEND _dl_stub_compilers "gcc=${DL_STUBS_GXX}")
endif()
if(DL_STUBS_CLANGXX)
  list(APPEND _dl_stub_compilers "clang=${DL_STUBS_CLANGXX}")
endif()
foreach(entry ${_dl_stub_compilers})
  string(REGEX REPLACE "=.*" "" cc "${entry}")
  string(REGEX REPLACE "^[^=]*=" "" cxx "${entry}")
  foreach(std 11 14 17 20)
    foreach(src all_headers usage)
      set(name meta:stubs-compile-${cc}-c++${std}-${src})
      add_test(NAME ${name}
               COMMAND ${cxx} -std=c++${std} -fsyntax-only -Wall -Wextra -Werror
                       -idirafter ${PROJECT_SOURCE_DIR}/stubs/include
                       ${PROJECT_SOURCE_DIR}/stubs/tests/${src}.cpp)
      set_tests_properties(${name} PROPERTIES LABELS meta)
    endforeach()
  endforeach()
endforeach()

# The hand-written stubs of the C clients (stubs/include/aws4, aws_dynamo,
# curl, and the iowow/iwnet parts aws4 needs; not generated) compile as C:
# all of them together (stubs/tests/all_c_headers.c) and C code in the style
# of the libraries' real users (stubs/tests/usage_*.c), -fsyntax-only -Wall -Wextra -Werror,
# with the stubs searched first (-I) so that they are what is checked even
# on a machine that has the real headers.
set(_dl_c_stub_compilers "")
find_program(DL_STUBS_GCC NAMES gcc)
find_program(DL_STUBS_CLANG NAMES clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14)
if(DL_STUBS_GCC)
  list(APPEND _dl_c_stub_compilers "gcc=${DL_STUBS_GCC}")
endif()
if(DL_STUBS_CLANG)
  list(APPEND _dl_c_stub_compilers "clang=${DL_STUBS_CLANG}")
endif()
foreach(entry ${_dl_c_stub_compilers})
  string(REGEX REPLACE "=.*" "" cc "${entry}")
  string(REGEX REPLACE "^[^=]*=" "" ccpath "${entry}")
  foreach(std c99 gnu11)
    foreach(src all_c_headers usage_aws4dd usage_aws_dynamo usage_curl)
      set(name meta:stubs-compile-${cc}-${std}-${src})
      add_test(NAME ${name}
               COMMAND ${ccpath} -x c -std=${std} -fsyntax-only -Wall -Wextra -Werror
                       -I ${PROJECT_SOURCE_DIR}/stubs/include
                       ${PROJECT_SOURCE_DIR}/stubs/tests/${src}.c)
      set_tests_properties(${name} PROPERTIES LABELS meta)
    endforeach()
  endforeach()
endforeach()

# The C example (examples/ecommerce-c) is valid C against the same stubs
# (aws4, libcurl), every source file, with each C compiler.
file(GLOB _dl_example_c CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/ecommerce-c/src/*.c)
foreach(entry ${_dl_c_stub_compilers})
  string(REGEX REPLACE "=.*" "" cc "${entry}")
  string(REGEX REPLACE "^[^=]*=" "" ccpath "${entry}")
  add_test(NAME meta:example-ecommerce-c-${cc}
           COMMAND sh -c "for f in \"$@\"; do \"${ccpath}\" -x c -std=gnu11 -fsyntax-only -Wall -Wextra -Werror -I \"${PROJECT_SOURCE_DIR}/stubs/include\" -I \"${PROJECT_SOURCE_DIR}/examples/ecommerce-c/include\" \"$f\" || exit 1; done" sh ${_dl_example_c})
  set_tests_properties(meta:example-ecommerce-c-${cc} PROPERTIES LABELS meta)
endforeach()
