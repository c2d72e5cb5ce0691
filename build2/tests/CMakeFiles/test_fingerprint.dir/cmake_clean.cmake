file(REMOVE_RECURSE
  "../bin/test_fingerprint"
  "../bin/test_fingerprint.pdb"
  "CMakeFiles/test_fingerprint.dir/unit/test_fingerprint.c.o"
  "CMakeFiles/test_fingerprint.dir/unit/test_fingerprint.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_fingerprint.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
