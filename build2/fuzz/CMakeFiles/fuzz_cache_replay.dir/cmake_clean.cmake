file(REMOVE_RECURSE
  "../bin/fuzz_cache_replay"
  "../bin/fuzz_cache_replay.pdb"
  "CMakeFiles/fuzz_cache_replay.dir/fuzz_cache.c.o"
  "CMakeFiles/fuzz_cache_replay.dir/fuzz_cache.c.o.d"
  "CMakeFiles/fuzz_cache_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_cache_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_cache_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
