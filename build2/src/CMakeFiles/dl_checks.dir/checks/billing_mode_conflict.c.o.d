src/CMakeFiles/dl_checks.dir/checks/billing_mode_conflict.c.o: \
 /work/wt/iam2/src/checks/billing_mode_conflict.c \
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
 /work/wt/iam2/src/checks/../rules/../core/severity.h \
 /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/strings.h
