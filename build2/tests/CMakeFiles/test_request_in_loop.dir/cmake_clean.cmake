file(REMOVE_RECURSE
  "../bin/test_request_in_loop"
  "../bin/test_request_in_loop.pdb"
  "CMakeFiles/test_request_in_loop.dir/checks/test_request_in_loop.c.o"
  "CMakeFiles/test_request_in_loop.dir/checks/test_request_in_loop.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_request_in_loop.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
