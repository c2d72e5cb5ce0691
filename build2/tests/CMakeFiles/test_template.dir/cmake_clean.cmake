file(REMOVE_RECURSE
  "../bin/test_template"
  "../bin/test_template.pdb"
  "CMakeFiles/test_template.dir/unit/test_template.c.o"
  "CMakeFiles/test_template.dir/unit/test_template.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_template.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
