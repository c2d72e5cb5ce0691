file(REMOVE_RECURSE
  "../bin/test_arena"
  "../bin/test_arena.pdb"
  "CMakeFiles/test_arena.dir/unit/test_arena.c.o"
  "CMakeFiles/test_arena.dir/unit/test_arena.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_arena.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
