# Empty compiler generated dependencies file for recognize_runner.
# This may be replaced when dependencies are built.
