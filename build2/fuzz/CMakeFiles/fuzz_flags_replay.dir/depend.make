# Empty dependencies file for fuzz_flags_replay.
# This may be replaced when dependencies are built.
