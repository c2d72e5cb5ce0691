file(REMOVE_RECURSE
  "../bin/fuzz_flags_replay"
  "../bin/fuzz_flags_replay.pdb"
  "CMakeFiles/fuzz_flags_replay.dir/fuzz_flags.c.o"
  "CMakeFiles/fuzz_flags_replay.dir/fuzz_flags.c.o.d"
  "CMakeFiles/fuzz_flags_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_flags_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_flags_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
