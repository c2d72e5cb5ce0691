file(REMOVE_RECURSE
  "../bin/test_json_request"
  "../bin/test_json_request.pdb"
  "CMakeFiles/test_json_request.dir/unit/test_json_request.c.o"
  "CMakeFiles/test_json_request.dir/unit/test_json_request.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_json_request.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
