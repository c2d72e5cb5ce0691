# Empty compiler generated dependencies file for test_frontend_pch.
# This may be replaced when dependencies are built.
