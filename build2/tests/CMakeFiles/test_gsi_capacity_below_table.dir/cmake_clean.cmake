file(REMOVE_RECURSE
  "../bin/test_gsi_capacity_below_table"
  "../bin/test_gsi_capacity_below_table.pdb"
  "CMakeFiles/test_gsi_capacity_below_table.dir/checks/test_gsi_capacity_below_table.c.o"
  "CMakeFiles/test_gsi_capacity_below_table.dir/checks/test_gsi_capacity_below_table.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_gsi_capacity_below_table.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
