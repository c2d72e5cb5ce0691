# Empty dependencies file for test_frontend_scan.
# This may be replaced when dependencies are built.
