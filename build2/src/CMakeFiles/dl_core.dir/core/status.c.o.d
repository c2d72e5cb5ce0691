src/CMakeFiles/dl_core.dir/core/status.c.o: \
 /work/wt/iam2/src/core/status.c /usr/include/stdc-predef.h \
 /work/wt/iam2/src/core/status.h
