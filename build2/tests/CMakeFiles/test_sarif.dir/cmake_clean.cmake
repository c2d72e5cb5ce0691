file(REMOVE_RECURSE
  "../bin/test_sarif"
  "../bin/test_sarif.pdb"
  "CMakeFiles/test_sarif.dir/unit/test_sarif.c.o"
  "CMakeFiles/test_sarif.dir/unit/test_sarif.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sarif.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
