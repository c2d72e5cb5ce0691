# Empty dependencies file for dl_test_builder.
# This may be replaced when dependencies are built.
