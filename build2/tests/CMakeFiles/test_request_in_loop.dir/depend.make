# Empty dependencies file for test_request_in_loop.
# This may be replaced when dependencies are built.
