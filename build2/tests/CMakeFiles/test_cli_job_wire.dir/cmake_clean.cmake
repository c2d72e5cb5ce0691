file(REMOVE_RECURSE
  "../bin/test_cli_job_wire"
  "../bin/test_cli_job_wire.pdb"
  "CMakeFiles/test_cli_job_wire.dir/unit/test_cli_job_wire.c.o"
  "CMakeFiles/test_cli_job_wire.dir/unit/test_cli_job_wire.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cli_job_wire.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
