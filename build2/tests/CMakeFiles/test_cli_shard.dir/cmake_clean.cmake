file(REMOVE_RECURSE
  "../bin/test_cli_shard"
  "../bin/test_cli_shard.pdb"
  "CMakeFiles/test_cli_shard.dir/unit/test_cli_shard.c.o"
  "CMakeFiles/test_cli_shard.dir/unit/test_cli_shard.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cli_shard.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
