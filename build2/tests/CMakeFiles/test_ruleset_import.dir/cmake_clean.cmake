file(REMOVE_RECURSE
  "../bin/test_ruleset_import"
  "../bin/test_ruleset_import.pdb"
  "CMakeFiles/test_ruleset_import.dir/unit/test_ruleset_import.c.o"
  "CMakeFiles/test_ruleset_import.dir/unit/test_ruleset_import.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ruleset_import.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
