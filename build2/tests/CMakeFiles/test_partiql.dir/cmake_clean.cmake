file(REMOVE_RECURSE
  "../bin/test_partiql"
  "../bin/test_partiql.pdb"
  "CMakeFiles/test_partiql.dir/unit/test_partiql.c.o"
  "CMakeFiles/test_partiql.dir/unit/test_partiql.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_partiql.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
