file(REMOVE_RECURSE
  "../bin/test_undeclared_access_pattern"
  "../bin/test_undeclared_access_pattern.pdb"
  "CMakeFiles/test_undeclared_access_pattern.dir/checks/test_undeclared_access_pattern.c.o"
  "CMakeFiles/test_undeclared_access_pattern.dir/checks/test_undeclared_access_pattern.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_undeclared_access_pattern.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
