file(REMOVE_RECURSE
  "../bin/test_frontend_flags"
  "../bin/test_frontend_flags.pdb"
  "CMakeFiles/test_frontend_flags.dir/unit/test_frontend_flags.c.o"
  "CMakeFiles/test_frontend_flags.dir/unit/test_frontend_flags.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frontend_flags.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
