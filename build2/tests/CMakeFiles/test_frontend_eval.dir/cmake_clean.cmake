file(REMOVE_RECURSE
  "../bin/test_frontend_eval"
  "../bin/test_frontend_eval.pdb"
  "CMakeFiles/test_frontend_eval.dir/unit/test_frontend_eval.c.o"
  "CMakeFiles/test_frontend_eval.dir/unit/test_frontend_eval.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frontend_eval.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
