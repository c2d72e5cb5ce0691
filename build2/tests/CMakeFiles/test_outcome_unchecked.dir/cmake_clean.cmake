file(REMOVE_RECURSE
  "../bin/test_outcome_unchecked"
  "../bin/test_outcome_unchecked.pdb"
  "CMakeFiles/test_outcome_unchecked.dir/checks/test_outcome_unchecked.c.o"
  "CMakeFiles/test_outcome_unchecked.dir/checks/test_outcome_unchecked.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_outcome_unchecked.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
