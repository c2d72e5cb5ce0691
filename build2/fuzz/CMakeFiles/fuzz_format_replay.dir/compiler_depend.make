# Empty compiler generated dependencies file for fuzz_format_replay.
# This may be replaced when dependencies are built.
