file(REMOVE_RECURSE
  "../bin/test_json_bodies"
  "../bin/test_json_bodies.pdb"
  "CMakeFiles/test_json_bodies.dir/checks/test_json_bodies.c.o"
  "CMakeFiles/test_json_bodies.dir/checks/test_json_bodies.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_json_bodies.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
