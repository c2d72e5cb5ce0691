file(REMOVE_RECURSE
  "CMakeFiles/dl_fuzz_corpus"
  "corpus.stamp"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/dl_fuzz_corpus.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
