# Empty dependencies file for ddblint.
# This may be replaced when dependencies are built.
