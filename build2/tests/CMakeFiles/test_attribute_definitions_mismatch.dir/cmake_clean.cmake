file(REMOVE_RECURSE
  "../bin/test_attribute_definitions_mismatch"
  "../bin/test_attribute_definitions_mismatch.pdb"
  "CMakeFiles/test_attribute_definitions_mismatch.dir/checks/test_attribute_definitions_mismatch.c.o"
  "CMakeFiles/test_attribute_definitions_mismatch.dir/checks/test_attribute_definitions_mismatch.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_attribute_definitions_mismatch.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
