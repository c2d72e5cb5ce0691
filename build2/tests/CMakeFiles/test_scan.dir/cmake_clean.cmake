file(REMOVE_RECURSE
  "../bin/test_scan"
  "../bin/test_scan.pdb"
  "CMakeFiles/test_scan.dir/checks/test_scan.c.o"
  "CMakeFiles/test_scan.dir/checks/test_scan.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_scan.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
