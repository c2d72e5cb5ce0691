file(REMOVE_RECURSE
  "../bin/test_key_schema_mismatch"
  "../bin/test_key_schema_mismatch.pdb"
  "CMakeFiles/test_key_schema_mismatch.dir/checks/test_key_schema_mismatch.c.o"
  "CMakeFiles/test_key_schema_mismatch.dir/checks/test_key_schema_mismatch.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_key_schema_mismatch.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
