file(REMOVE_RECURSE
  "../bin/test_text_reporter"
  "../bin/test_text_reporter.pdb"
  "CMakeFiles/test_text_reporter.dir/unit/test_text_reporter.c.o"
  "CMakeFiles/test_text_reporter.dir/unit/test_text_reporter.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_text_reporter.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
