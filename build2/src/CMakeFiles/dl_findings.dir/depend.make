# Empty dependencies file for dl_findings.
# This may be replaced when dependencies are built.
