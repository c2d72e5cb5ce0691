# Empty compiler generated dependencies file for test_json_request.
# This may be replaced when dependencies are built.
