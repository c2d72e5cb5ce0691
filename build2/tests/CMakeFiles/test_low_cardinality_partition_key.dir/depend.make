# Empty dependencies file for test_low_cardinality_partition_key.
# This may be replaced when dependencies are built.
