# Empty dependencies file for fuzz_compdb_replay.
# This may be replaced when dependencies are built.
