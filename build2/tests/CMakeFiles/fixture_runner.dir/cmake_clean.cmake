file(REMOVE_RECURSE
  "../bin/fixture_runner"
  "../bin/fixture_runner.pdb"
  "CMakeFiles/fixture_runner.dir/runner/fixture_runner.c.o"
  "CMakeFiles/fixture_runner.dir/runner/fixture_runner.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/fixture_runner.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
