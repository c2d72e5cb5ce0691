# Empty compiler generated dependencies file for test_fingerprint.
# This may be replaced when dependencies are built.
