# Empty compiler generated dependencies file for test_recognize_prefilter.
# This may be replaced when dependencies are built.
