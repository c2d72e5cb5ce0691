# Empty compiler generated dependencies file for test_constant_partition_key.
# This may be replaced when dependencies are built.
