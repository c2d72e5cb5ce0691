file(REMOVE_RECURSE
  "CMakeFiles/dl_schema.dir/rules/schema.c.o"
  "CMakeFiles/dl_schema.dir/rules/schema.c.o.d"
  "libdl_schema.a"
  "libdl_schema.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_schema.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
