file(REMOVE_RECURSE
  "CMakeFiles/dl_test_builder.dir/checks/builder.c.o"
  "CMakeFiles/dl_test_builder.dir/checks/builder.c.o.d"
  "libdl_test_builder.a"
  "libdl_test_builder.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_test_builder.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
