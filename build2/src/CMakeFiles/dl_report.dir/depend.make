# Empty dependencies file for dl_report.
# This may be replaced when dependencies are built.
