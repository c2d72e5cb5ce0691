file(REMOVE_RECURSE
  "../bin/test_messages"
  "../bin/test_messages.pdb"
  "CMakeFiles/test_messages.dir/checks/test_messages.c.o"
  "CMakeFiles/test_messages.dir/checks/test_messages.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_messages.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
