# Empty compiler generated dependencies file for test_messages.
# This may be replaced when dependencies are built.
