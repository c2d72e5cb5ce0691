file(REMOVE_RECURSE
  "../bin/fuzz_tables_replay"
  "../bin/fuzz_tables_replay.pdb"
  "CMakeFiles/fuzz_tables_replay.dir/fuzz_tables.c.o"
  "CMakeFiles/fuzz_tables_replay.dir/fuzz_tables.c.o.d"
  "CMakeFiles/fuzz_tables_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_tables_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_tables_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
