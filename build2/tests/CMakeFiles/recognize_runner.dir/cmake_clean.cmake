file(REMOVE_RECURSE
  "../bin/recognize_runner"
  "../bin/recognize_runner.pdb"
  "CMakeFiles/recognize_runner.dir/runner/recognize_runner.c.o"
  "CMakeFiles/recognize_runner.dir/runner/recognize_runner.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/recognize_runner.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
