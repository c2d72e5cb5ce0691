file(REMOVE_RECURSE
  "../bin/test_legacy_parameters"
  "../bin/test_legacy_parameters.pdb"
  "CMakeFiles/test_legacy_parameters.dir/checks/test_legacy_parameters.c.o"
  "CMakeFiles/test_legacy_parameters.dir/checks/test_legacy_parameters.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_legacy_parameters.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
