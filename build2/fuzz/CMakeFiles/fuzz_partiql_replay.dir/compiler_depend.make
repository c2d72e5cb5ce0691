# Empty compiler generated dependencies file for fuzz_partiql_replay.
# This may be replaced when dependencies are built.
