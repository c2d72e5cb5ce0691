file(REMOVE_RECURSE
  "../bin/test_pagination_ignored"
  "../bin/test_pagination_ignored.pdb"
  "CMakeFiles/test_pagination_ignored.dir/checks/test_pagination_ignored.c.o"
  "CMakeFiles/test_pagination_ignored.dir/checks/test_pagination_ignored.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_pagination_ignored.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
