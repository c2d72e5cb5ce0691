file(REMOVE_RECURSE
  "../bin/test_expr_stress"
  "../bin/test_expr_stress.pdb"
  "CMakeFiles/test_expr_stress.dir/unit/test_expr_stress.c.o"
  "CMakeFiles/test_expr_stress.dir/unit/test_expr_stress.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_expr_stress.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
