# Empty compiler generated dependencies file for test_gsi_capacity_below_table.
# This may be replaced when dependencies are built.
