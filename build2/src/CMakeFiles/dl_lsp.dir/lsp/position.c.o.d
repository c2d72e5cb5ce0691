src/CMakeFiles/dl_lsp.dir/lsp/position.c.o: \
 /work/wt/iam2/src/lsp/position.c /usr/include/stdc-predef.h \
 /work/wt/iam2/src/lsp/position.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt/iam2/src/lsp/../core/alloc.h \
 /work/wt/iam2/src/lsp/../core/strbuf.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /work/wt/iam2/src/lsp/../findings/finding.h \
 /work/wt/iam2/src/lsp/../findings/../core/loc.h \
 /work/wt/iam2/src/lsp/../findings/../core/severity.h \
 /usr/include/ctype.h /usr/include/features.h \
 /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/strings.h
