# Empty compiler generated dependencies file for test_billing_mode_conflict.
# This may be replaced when dependencies are built.
