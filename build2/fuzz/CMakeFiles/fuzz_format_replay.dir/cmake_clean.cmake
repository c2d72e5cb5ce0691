file(REMOVE_RECURSE
  "../bin/fuzz_format_replay"
  "../bin/fuzz_format_replay.pdb"
  "CMakeFiles/fuzz_format_replay.dir/fuzz_format.c.o"
  "CMakeFiles/fuzz_format_replay.dir/fuzz_format.c.o.d"
  "CMakeFiles/fuzz_format_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_format_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_format_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
