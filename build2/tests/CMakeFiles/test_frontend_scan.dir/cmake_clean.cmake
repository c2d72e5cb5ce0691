file(REMOVE_RECURSE
  "../bin/test_frontend_scan"
  "../bin/test_frontend_scan.pdb"
  "CMakeFiles/test_frontend_scan.dir/unit/test_frontend_scan.c.o"
  "CMakeFiles/test_frontend_scan.dir/unit/test_frontend_scan.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frontend_scan.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
