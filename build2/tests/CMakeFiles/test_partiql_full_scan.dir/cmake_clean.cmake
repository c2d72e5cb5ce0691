file(REMOVE_RECURSE
  "../bin/test_partiql_full_scan"
  "../bin/test_partiql_full_scan.pdb"
  "CMakeFiles/test_partiql_full_scan.dir/checks/test_partiql_full_scan.c.o"
  "CMakeFiles/test_partiql_full_scan.dir/checks/test_partiql_full_scan.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_partiql_full_scan.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
