file(REMOVE_RECURSE
  "../bin/ddblint"
  "../bin/ddblint.pdb"
  "CMakeFiles/ddblint.dir/main.c.o"
  "CMakeFiles/ddblint.dir/main.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ddblint.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
