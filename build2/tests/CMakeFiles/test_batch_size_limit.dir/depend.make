# Empty dependencies file for test_batch_size_limit.
# This may be replaced when dependencies are built.
