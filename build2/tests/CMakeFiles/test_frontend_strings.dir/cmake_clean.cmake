file(REMOVE_RECURSE
  "../bin/test_frontend_strings"
  "../bin/test_frontend_strings.pdb"
  "CMakeFiles/test_frontend_strings.dir/unit/test_frontend_strings.c.o"
  "CMakeFiles/test_frontend_strings.dir/unit/test_frontend_strings.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frontend_strings.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
