# Empty compiler generated dependencies file for fuzz_json_request_replay.
# This may be replaced when dependencies are built.
