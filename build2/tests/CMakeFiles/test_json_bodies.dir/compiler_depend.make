# Empty compiler generated dependencies file for test_json_bodies.
# This may be replaced when dependencies are built.
