# CMAKE generated file: DO NOT EDIT!
# Timestamp file for compiler generated dependencies management for test_low_cardinality_partition_key.
