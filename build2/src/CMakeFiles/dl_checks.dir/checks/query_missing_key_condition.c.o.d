src/CMakeFiles/dl_checks.dir/checks/query_missing_key_condition.c.o: \
 /work/wt/iam2/src/checks/query_missing_key_condition.c \
 /usr/include/stdc-predef.h /work/wt/iam2/src/checks/info.h \
 /work/wt/iam2/src/checks/check.h \
 /work/wt/iam2/src/checks/../core/error.h \
 /work/wt/iam2/src/checks/../core/loc.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt/iam2/src/checks/../core/status.h \
 /work/wt/iam2/src/checks/../core/loc.h \
 /work/wt/iam2/src/checks/../core/severity.h \
 /work/wt/iam2/src/checks/checks.def /work/wt/iam2/src/checks/util_expr.h \
 /work/wt/iam2/src/checks/../model/expr.h \
 /work/wt/iam2/src/checks/../model/../core/loc.h \
 /work/wt/iam2/src/checks/../model/request.h \
 /work/wt/iam2/src/checks/../model/response.h /usr/include/stdio.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos64_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h \
 /usr/include/x86_64-linux-gnu/bits/stdio_lim.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /work/wt/iam2/src/checks/../model/op.def \
 /work/wt/iam2/src/checks/../model/field.def \
 /work/wt/iam2/src/checks/../model/partiql.h \
 /work/wt/iam2/src/checks/../model/request.h \
 /work/wt/iam2/src/checks/../rules/schema.h \
 /work/wt/iam2/src/checks/../rules/../core/error.h \
 /work/wt/iam2/src/checks/../rules/../core/loc.h \
 /work/wt/iam2/src/checks/../rules/../core/severity.h \
 /work/wt/iam2/src/checks/../core/strbuf.h \
 /work/wt/iam2/src/checks/../model/fix.h \
 /work/wt/iam2/src/checks/../model/quote.h
