file(REMOVE_RECURSE
  "../bin/fuzz_baseline_replay"
  "../bin/fuzz_baseline_replay.pdb"
  "CMakeFiles/fuzz_baseline_replay.dir/fuzz_baseline.c.o"
  "CMakeFiles/fuzz_baseline_replay.dir/fuzz_baseline.c.o.d"
  "CMakeFiles/fuzz_baseline_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_baseline_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_baseline_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
