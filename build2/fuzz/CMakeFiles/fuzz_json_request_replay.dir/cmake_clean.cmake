file(REMOVE_RECURSE
  "../bin/fuzz_json_request_replay"
  "../bin/fuzz_json_request_replay.pdb"
  "CMakeFiles/fuzz_json_request_replay.dir/fuzz_json_request.c.o"
  "CMakeFiles/fuzz_json_request_replay.dir/fuzz_json_request.c.o.d"
  "CMakeFiles/fuzz_json_request_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_json_request_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_json_request_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
