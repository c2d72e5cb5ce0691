file(REMOVE_RECURSE
  "../bin/test_frontend_pch"
  "../bin/test_frontend_pch.pdb"
  "CMakeFiles/test_frontend_pch.dir/unit/test_frontend_pch.c.o"
  "CMakeFiles/test_frontend_pch.dir/unit/test_frontend_pch.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frontend_pch.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
