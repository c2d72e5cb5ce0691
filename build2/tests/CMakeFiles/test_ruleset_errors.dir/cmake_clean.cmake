file(REMOVE_RECURSE
  "../bin/test_ruleset_errors"
  "../bin/test_ruleset_errors.pdb"
  "CMakeFiles/test_ruleset_errors.dir/unit/test_ruleset_errors.c.o"
  "CMakeFiles/test_ruleset_errors.dir/unit/test_ruleset_errors.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ruleset_errors.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
