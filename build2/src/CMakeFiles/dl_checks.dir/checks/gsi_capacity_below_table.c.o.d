src/CMakeFiles/dl_checks.dir/checks/gsi_capacity_below_table.c.o: \
 /work/wt/iam2/src/checks/gsi_capacity_below_table.c \
 /usr/include/stdc-predef.h /work/wt/iam2/src/checks/info.h \
 /work/wt/iam2/src/checks/check.h \
 /work/wt/iam2/src/checks/../core/error.h \
 /work/wt/iam2/src/checks/../core/loc.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt/iam2/src/checks/../core/status.h \
 /work/wt/iam2/src/checks/../core/loc.h \
 /work/wt/iam2/src/checks/../core/severity.h \
 /work/wt/iam2/src/checks/checks.def \
 /work/wt/iam2/src/checks/../model/quote.h \
 /work/wt/iam2/src/checks/../rules/schema.h \
 /work/wt/iam2/src/checks/../rules/../core/error.h \
 /work/wt/iam2/src/checks/../rules/../core/loc.h \
 /work/wt/iam2/src/checks/../rules/../core/severity.h
