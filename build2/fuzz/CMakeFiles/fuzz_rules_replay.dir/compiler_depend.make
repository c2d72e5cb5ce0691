# Empty compiler generated dependencies file for fuzz_rules_replay.
# This may be replaced when dependencies are built.
