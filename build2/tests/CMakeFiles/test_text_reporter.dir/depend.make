# Empty dependencies file for test_text_reporter.
# This may be replaced when dependencies are built.
