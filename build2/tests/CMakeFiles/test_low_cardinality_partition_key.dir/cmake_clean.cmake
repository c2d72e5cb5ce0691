file(REMOVE_RECURSE
  "../bin/test_low_cardinality_partition_key"
  "../bin/test_low_cardinality_partition_key.pdb"
  "CMakeFiles/test_low_cardinality_partition_key.dir/checks/test_low_cardinality_partition_key.c.o"
  "CMakeFiles/test_low_cardinality_partition_key.dir/checks/test_low_cardinality_partition_key.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_low_cardinality_partition_key.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
