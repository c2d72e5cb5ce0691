# Empty compiler generated dependencies file for fuzz_tables_replay.
# This may be replaced when dependencies are built.
