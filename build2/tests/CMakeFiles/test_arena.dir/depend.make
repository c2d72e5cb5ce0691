# Empty dependencies file for test_arena.
# This may be replaced when dependencies are built.
