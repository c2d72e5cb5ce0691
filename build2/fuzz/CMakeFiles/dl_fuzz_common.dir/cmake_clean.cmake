file(REMOVE_RECURSE
  "CMakeFiles/dl_fuzz_common.dir/common.c.o"
  "CMakeFiles/dl_fuzz_common.dir/common.c.o.d"
  "CMakeFiles/dl_fuzz_common.dir/request.c.o"
  "CMakeFiles/dl_fuzz_common.dir/request.c.o.d"
  "libdl_fuzz_common.a"
  "libdl_fuzz_common.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_fuzz_common.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
