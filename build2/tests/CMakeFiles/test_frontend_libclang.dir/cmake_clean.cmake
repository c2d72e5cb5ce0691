file(REMOVE_RECURSE
  "../bin/test_frontend_libclang"
  "../bin/test_frontend_libclang.pdb"
  "CMakeFiles/test_frontend_libclang.dir/unit/test_frontend_libclang.c.o"
  "CMakeFiles/test_frontend_libclang.dir/unit/test_frontend_libclang.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frontend_libclang.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
