file(REMOVE_RECURSE
  "../bin/test_ruleset"
  "../bin/test_ruleset.pdb"
  "CMakeFiles/test_ruleset.dir/unit/test_ruleset.c.o"
  "CMakeFiles/test_ruleset.dir/unit/test_ruleset.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ruleset.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
