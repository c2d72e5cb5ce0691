file(REMOVE_RECURSE
  "../bin/fuzz_rules_replay"
  "../bin/fuzz_rules_replay.pdb"
  "CMakeFiles/fuzz_rules_replay.dir/fuzz_rules.c.o"
  "CMakeFiles/fuzz_rules_replay.dir/fuzz_rules.c.o.d"
  "CMakeFiles/fuzz_rules_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_rules_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_rules_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
