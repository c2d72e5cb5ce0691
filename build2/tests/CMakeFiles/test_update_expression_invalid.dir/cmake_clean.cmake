file(REMOVE_RECURSE
  "../bin/test_update_expression_invalid"
  "../bin/test_update_expression_invalid.pdb"
  "CMakeFiles/test_update_expression_invalid.dir/checks/test_update_expression_invalid.c.o"
  "CMakeFiles/test_update_expression_invalid.dir/checks/test_update_expression_invalid.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_update_expression_invalid.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
