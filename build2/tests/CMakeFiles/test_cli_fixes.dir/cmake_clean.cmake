file(REMOVE_RECURSE
  "../bin/test_cli_fixes"
  "../bin/test_cli_fixes.pdb"
  "CMakeFiles/test_cli_fixes.dir/unit/test_cli_fixes.c.o"
  "CMakeFiles/test_cli_fixes.dir/unit/test_cli_fixes.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cli_fixes.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
