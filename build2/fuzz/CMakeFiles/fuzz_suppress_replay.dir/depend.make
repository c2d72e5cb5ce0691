# Empty dependencies file for fuzz_suppress_replay.
# This may be replaced when dependencies are built.
