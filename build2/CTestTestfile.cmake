# CMake generated Testfile for 
# Source directory: /work/wt/iam2
# Build directory: /work/wt/iam2/build2
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("src")
subdirs("stubs")
subdirs("tests")
subdirs("fuzz")
