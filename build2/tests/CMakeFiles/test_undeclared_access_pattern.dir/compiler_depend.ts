# CMAKE generated file: DO NOT EDIT!
# Timestamp file for compiler generated dependencies management for test_undeclared_access_pattern.
