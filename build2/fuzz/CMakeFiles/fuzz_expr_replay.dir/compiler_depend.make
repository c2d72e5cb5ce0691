# Empty compiler generated dependencies file for fuzz_expr_replay.
# This may be replaced when dependencies are built.
