file(REMOVE_RECURSE
  "../bin/test_expression_syntax"
  "../bin/test_expression_syntax.pdb"
  "CMakeFiles/test_expression_syntax.dir/checks/test_expression_syntax.c.o"
  "CMakeFiles/test_expression_syntax.dir/checks/test_expression_syntax.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_expression_syntax.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
