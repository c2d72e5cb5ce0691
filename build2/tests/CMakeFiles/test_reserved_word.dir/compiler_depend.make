# Empty compiler generated dependencies file for test_reserved_word.
# This may be replaced when dependencies are built.
