file(REMOVE_RECURSE
  "../bin/dl_sarif_make_sample"
  "../bin/dl_sarif_make_sample.pdb"
  "CMakeFiles/dl_sarif_make_sample.dir/sarif/make_sample.c.o"
  "CMakeFiles/dl_sarif_make_sample.dir/sarif/make_sample.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_sarif_make_sample.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
