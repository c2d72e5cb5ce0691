# Empty compiler generated dependencies file for test_cli_job_wire.
# This may be replaced when dependencies are built.
