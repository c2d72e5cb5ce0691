file(REMOVE_RECURSE
  "../bin/test_reserved_word"
  "../bin/test_reserved_word.pdb"
  "CMakeFiles/test_reserved_word.dir/checks/test_reserved_word.c.o"
  "CMakeFiles/test_reserved_word.dir/checks/test_reserved_word.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_reserved_word.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
