# Empty dependencies file for fixture_runner.
# This may be replaced when dependencies are built.
