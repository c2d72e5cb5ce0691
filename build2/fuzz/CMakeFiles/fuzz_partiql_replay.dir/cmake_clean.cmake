file(REMOVE_RECURSE
  "../bin/fuzz_partiql_replay"
  "../bin/fuzz_partiql_replay.pdb"
  "CMakeFiles/fuzz_partiql_replay.dir/fuzz_partiql.c.o"
  "CMakeFiles/fuzz_partiql_replay.dir/fuzz_partiql.c.o.d"
  "CMakeFiles/fuzz_partiql_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_partiql_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_partiql_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
