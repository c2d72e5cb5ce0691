# FindLibClang.cmake - locate libclang's C API (clang-c/Index.h, libclang.so).
# Defines the imported target LibClang::Headers (the include directory only:
# ddblint does not link libclang, it loads it on first use,
# src/frontend/libclang.c) and LibClang_REALPATH (the library's real file,
# symbolic links resolved) and LibClang_SONAME (its soname, else its file
# name), the two names it is loaded by.
# Looks first at llvm-config (Debian: /usr/bin/llvm-config-NN), then at the
# usual /usr/lib/llvm-NN prefixes, newest first. LLVM 14 or newer.
set(_dl_llvm_hints "")
foreach(_v 19 18 17 16 15 14)
  list(APPEND _dl_llvm_hints /usr/lib/llvm-${_v})
endforeach()
find_program(LLVM_CONFIG_EXECUTABLE NAMES llvm-config llvm-config-19 llvm-config-18
             llvm-config-17 llvm-config-16 llvm-config-15 llvm-config-14)
if(LLVM_CONFIG_EXECUTABLE)
  execute_process(COMMAND ${LLVM_CONFIG_EXECUTABLE} --prefix
                  OUTPUT_VARIABLE _dl_llvm_prefix OUTPUT_STRIP_TRAILING_WHITESPACE)
  list(INSERT _dl_llvm_hints 0 ${_dl_llvm_prefix})
endif()
find_path(LibClang_INCLUDE_DIR clang-c/Index.h HINTS ${_dl_llvm_hints} PATH_SUFFIXES include)
find_library(LibClang_LIBRARY NAMES clang libclang HINTS ${_dl_llvm_hints} PATH_SUFFIXES lib)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR)
if(LibClang_FOUND AND NOT TARGET LibClang::Headers)
  add_library(LibClang::Headers INTERFACE IMPORTED)
  set_target_properties(LibClang::Headers PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES ${LibClang_INCLUDE_DIR})
  get_filename_component(LibClang_REALPATH ${LibClang_LIBRARY} REALPATH)
  get_filename_component(LibClang_SONAME ${LibClang_LIBRARY} NAME)
  if(CMAKE_OBJDUMP)
    execute_process(COMMAND ${CMAKE_OBJDUMP} -p ${LibClang_REALPATH}
                    OUTPUT_VARIABLE _dl_objdump ERROR_QUIET)
    if(_dl_objdump MATCHES "SONAME[ \t]+([^ \t\r\n]+)")
      set(LibClang_SONAME ${CMAKE_MATCH_1})
    endif()
  endif()
endif()
