# Empty dependencies file for fuzz_cache_replay.
# This may be replaced when dependencies are built.
