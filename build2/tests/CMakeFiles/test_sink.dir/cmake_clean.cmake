file(REMOVE_RECURSE
  "../bin/test_sink"
  "../bin/test_sink.pdb"
  "CMakeFiles/test_sink.dir/unit/test_sink.c.o"
  "CMakeFiles/test_sink.dir/unit/test_sink.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sink.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
