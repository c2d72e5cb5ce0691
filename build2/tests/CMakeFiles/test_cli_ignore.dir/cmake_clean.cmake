file(REMOVE_RECURSE
  "../bin/test_cli_ignore"
  "../bin/test_cli_ignore.pdb"
  "CMakeFiles/test_cli_ignore.dir/unit/test_cli_ignore.c.o"
  "CMakeFiles/test_cli_ignore.dir/unit/test_cli_ignore.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cli_ignore.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
