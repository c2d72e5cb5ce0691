file(REMOVE_RECURSE
  "../bin/test_filter_on_key_attribute"
  "../bin/test_filter_on_key_attribute.pdb"
  "CMakeFiles/test_filter_on_key_attribute.dir/checks/test_filter_on_key_attribute.c.o"
  "CMakeFiles/test_filter_on_key_attribute.dir/checks/test_filter_on_key_attribute.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_filter_on_key_attribute.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
