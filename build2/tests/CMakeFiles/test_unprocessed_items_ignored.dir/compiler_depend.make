# Empty compiler generated dependencies file for test_unprocessed_items_ignored.
# This may be replaced when dependencies are built.
