# Sanitizers.cmake - DL_SANITIZE=ON builds everything with ASan and UBSan.
if(DL_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
