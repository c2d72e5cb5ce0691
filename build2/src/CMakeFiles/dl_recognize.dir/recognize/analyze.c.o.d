src/CMakeFiles/dl_recognize.dir/recognize/analyze.c.o: \
 /work/wt/iam2/src/recognize/analyze.c /usr/include/stdc-predef.h \
 /work/wt/iam2/src/recognize/analyze.h \
 /work/wt/iam2/src/recognize/../core/error.h \
 /work/wt/iam2/src/recognize/../core/loc.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt/iam2/src/recognize/../core/status.h \
 /work/wt/iam2/src/recognize/engine.h \
 /work/wt/iam2/src/recognize/recognizer.h \
 /work/wt/iam2/src/recognize/../core/vec.h \
 /work/wt/iam2/src/recognize/../core/alloc.h \
 /work/wt/iam2/src/recognize/../core/arena.h /usr/include/stdlib.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/waitflags.h \
 /usr/include/x86_64-linux-gnu/bits/waitstatus.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/types/clock_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/clockid_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/timer_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h /usr/include/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h \
 /usr/include/x86_64-linux-gnu/bits/byteswap.h \
 /usr/include/x86_64-linux-gnu/bits/uintn-identity.h \
 /usr/include/x86_64-linux-gnu/sys/select.h \
 /usr/include/x86_64-linux-gnu/bits/select.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timeval.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes.h \
 /usr/include/x86_64-linux-gnu/bits/thread-shared-types.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes-arch.h \
 /usr/include/x86_64-linux-gnu/bits/atomic_wide_counter.h \
 /usr/include/x86_64-linux-gnu/bits/struct_mutex.h \
 /usr/include/x86_64-linux-gnu/bits/struct_rwlock.h /usr/include/alloca.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-float.h /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/strings.h /work/wt/iam2/src/recognize/../frontend/body.h \
 /work/wt/iam2/src/recognize/../frontend/../core/vec.h \
 /usr/lib/llvm-14/include/clang-c/Index.h /usr/include/time.h \
 /usr/include/x86_64-linux-gnu/bits/time.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_tm.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h \
 /usr/lib/llvm-14/include/clang-c/BuildSystem.h \
 /usr/lib/llvm-14/include/clang-c/CXErrorCode.h \
 /usr/lib/llvm-14/include/clang-c/ExternC.h \
 /usr/lib/llvm-14/include/clang-c/Platform.h \
 /usr/lib/llvm-14/include/clang-c/CXString.h \
 /work/wt/iam2/src/recognize/../frontend/cx.h \
 /work/wt/iam2/src/recognize/../frontend/../core/loc.h \
 /work/wt/iam2/src/recognize/../model/json_request.h \
 /work/wt/iam2/src/recognize/../model/../core/loc.h \
 /work/wt/iam2/src/recognize/../model/request.h \
 /work/wt/iam2/src/recognize/../model/response.h /usr/include/stdio.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos64_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h \
 /usr/include/x86_64-linux-gnu/bits/stdio_lim.h \
 /work/wt/iam2/src/recognize/../model/op.def \
 /work/wt/iam2/src/recognize/../model/field.def \
 /work/wt/iam2/src/recognize/../model/request.h \
 /work/wt/iam2/src/recognize/../rules/schema.h \
 /work/wt/iam2/src/recognize/../rules/../core/error.h \
 /work/wt/iam2/src/recognize/../rules/../core/loc.h \
 /work/wt/iam2/src/recognize/../rules/../core/severity.h \
 /work/wt/iam2/src/recognize/recognizers.def \
 /work/wt/iam2/src/recognize/infer.h \
 /work/wt/iam2/src/recognize/../core/loc.h \
 /work/wt/iam2/src/recognize/../core/strbuf.h \
 /work/wt/iam2/src/recognize/../model/helper.h \
 /work/wt/iam2/src/recognize/../model/../core/strbuf.h \
 /work/wt/iam2/src/recognize/../model/../core/vec.h \
 /work/wt/iam2/src/recognize/summary.h \
 /work/wt/iam2/src/recognize/../frontend/eval.h \
 /work/wt/iam2/src/recognize/../frontend/../model/request.h \
 /work/wt/iam2/src/recognize/../frontend/../model/template.h \
 /work/wt/iam2/src/recognize/../frontend/../model/../core/loc.h \
 /work/wt/iam2/src/recognize/../frontend/../model/../core/strbuf.h \
 /work/wt/iam2/src/recognize/../frontend/../model/../core/vec.h \
 /work/wt/iam2/src/recognize/../frontend/../model/request.h \
 /work/wt/iam2/src/recognize/../frontend/body.h \
 /work/wt/iam2/src/recognize/../frontend/literal.h \
 /work/wt/iam2/src/recognize/../frontend/../core/strbuf.h \
 /work/wt/iam2/src/recognize/../core/arena.h \
 /work/wt/iam2/src/recognize/../core/alloc.h \
 /work/wt/iam2/src/recognize/../core/log.h \
 /work/wt/iam2/src/recognize/../frontend/pch.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /work/wt/iam2/src/recognize/../frontend/tu.h \
 /work/wt/iam2/src/recognize/../frontend/../core/error.h
