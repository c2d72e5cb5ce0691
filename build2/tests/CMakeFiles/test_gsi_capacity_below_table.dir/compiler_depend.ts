# CMAKE generated file: DO NOT EDIT!
# Timestamp file for compiler generated dependencies management for test_gsi_capacity_below_table.
