file(REMOVE_RECURSE
  "../bin/test_query_missing_key_condition"
  "../bin/test_query_missing_key_condition.pdb"
  "CMakeFiles/test_query_missing_key_condition.dir/checks/test_query_missing_key_condition.c.o"
  "CMakeFiles/test_query_missing_key_condition.dir/checks/test_query_missing_key_condition.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_query_missing_key_condition.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
