file(REMOVE_RECURSE
  "../bin/fuzz_expr_replay"
  "../bin/fuzz_expr_replay.pdb"
  "CMakeFiles/fuzz_expr_replay.dir/fuzz_expr.c.o"
  "CMakeFiles/fuzz_expr_replay.dir/fuzz_expr.c.o.d"
  "CMakeFiles/fuzz_expr_replay.dir/replay.c.o"
  "CMakeFiles/fuzz_expr_replay.dir/replay.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fuzz_expr_replay.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
