file(REMOVE_RECURSE
  "../bin/fuzz_suppress_replay"
  "../bin/fuzz_suppress_replay.pdb"
  "CMakeFiles/fuzz_suppress_replay.dir/fuzz_suppress.c.o"
  "CMakeFiles/fuzz_suppress_replay.dir/fuzz_suppress.c.o.d"
  "CMakeFiles/fuzz_suppress_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_suppress_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_suppress_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
