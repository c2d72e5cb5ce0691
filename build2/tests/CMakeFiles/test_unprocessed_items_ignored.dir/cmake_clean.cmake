file(REMOVE_RECURSE
  "../bin/test_unprocessed_items_ignored"
  "../bin/test_unprocessed_items_ignored.pdb"
  "CMakeFiles/test_unprocessed_items_ignored.dir/checks/test_unprocessed_items_ignored.c.o"
  "CMakeFiles/test_unprocessed_items_ignored.dir/checks/test_unprocessed_items_ignored.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_unprocessed_items_ignored.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
