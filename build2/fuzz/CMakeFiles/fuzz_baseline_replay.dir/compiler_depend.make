# Empty compiler generated dependencies file for fuzz_baseline_replay.
# This may be replaced when dependencies are built.
