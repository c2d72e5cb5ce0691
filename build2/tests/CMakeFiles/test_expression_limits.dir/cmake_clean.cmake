file(REMOVE_RECURSE
  "../bin/test_expression_limits"
  "../bin/test_expression_limits.pdb"
  "CMakeFiles/test_expression_limits.dir/checks/test_expression_limits.c.o"
  "CMakeFiles/test_expression_limits.dir/checks/test_expression_limits.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_expression_limits.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
