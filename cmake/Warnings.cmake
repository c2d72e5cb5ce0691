# Warnings.cmake - the warning set for our own code; -Werror with DL_WERROR.
set(DL_WARNING_FLAGS -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
    -Wno-unused-parameter -Wformat=2 -Wvla)
if(DL_WERROR)
  list(APPEND DL_WARNING_FLAGS -Werror)
endif()
function(dl_warnings target)
  target_compile_options(${target} PRIVATE ${DL_WARNING_FLAGS})
endfunction()
