# Empty compiler generated dependencies file for test_sink.
# This may be replaced when dependencies are built.
