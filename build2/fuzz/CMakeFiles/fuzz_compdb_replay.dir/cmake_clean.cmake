file(REMOVE_RECURSE
  "../bin/fuzz_compdb_replay"
  "../bin/fuzz_compdb_replay.pdb"
  "CMakeFiles/fuzz_compdb_replay.dir/fuzz_compdb.c.o"
  "CMakeFiles/fuzz_compdb_replay.dir/fuzz_compdb.c.o.d"
  "CMakeFiles/fuzz_compdb_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_compdb_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_compdb_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
