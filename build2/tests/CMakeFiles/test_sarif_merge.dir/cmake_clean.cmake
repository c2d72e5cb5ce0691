file(REMOVE_RECURSE
  "../bin/test_sarif_merge"
  "../bin/test_sarif_merge.pdb"
  "CMakeFiles/test_sarif_merge.dir/unit/test_sarif_merge.c.o"
  "CMakeFiles/test_sarif_merge.dir/unit/test_sarif_merge.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sarif_merge.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
