src/CMakeFiles/dl_cli.dir/cli/git.c.o: /work/wt/iam2/src/cli/git.c \
 /usr/include/stdc-predef.h /work/wt/iam2/src/cli/git.h \
 /work/wt/iam2/src/cli/../core/error.h \
 /work/wt/iam2/src/cli/../core/loc.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt/iam2/src/cli/../core/status.h /work/wt/iam2/src/cli/ignore.h \
 /work/wt/iam2/src/cli/../core/alloc.h \
 /work/wt/iam2/src/cli/../core/htab.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /work/wt/iam2/src/cli/../core/path.h /work/wt/iam2/src/cli/../core/vec.h \
 /work/wt/iam2/src/cli/../core/alloc.h \
 /work/wt/iam2/src/cli/../core/arena.h /usr/include/stdlib.h \
 /usr/include/x86_64-linux-gnu/bits/waitflags.h \
 /usr/include/x86_64-linux-gnu/bits/waitstatus.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /usr/include/x86_64-linux-gnu/bits/types/clock_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/clockid_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/timer_t.h /usr/include/endian.h \
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
 /usr/include/strings.h /work/wt/iam2/src/cli/../findings/finding.h \
 /work/wt/iam2/src/cli/../findings/../core/loc.h \
 /work/wt/iam2/src/cli/../findings/../core/severity.h /usr/include/git2.h \
 /usr/include/git2/annotated_commit.h /usr/include/git2/common.h \
 /usr/include/time.h /usr/include/x86_64-linux-gnu/bits/time.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_tm.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h \
 /usr/include/inttypes.h /usr/include/git2/repository.h \
 /usr/include/git2/types.h /usr/include/git2/buffer.h \
 /usr/include/git2/oid.h /usr/include/git2/apply.h \
 /usr/include/git2/diff.h /usr/include/git2/tree.h \
 /usr/include/git2/object.h /usr/include/git2/refs.h \
 /usr/include/git2/strarray.h /usr/include/git2/attr.h \
 /usr/include/git2/blob.h /usr/include/git2/blame.h \
 /usr/include/git2/branch.h /usr/include/git2/buffer.h \
 /usr/include/git2/cert.h /usr/include/git2/checkout.h \
 /usr/include/git2/cherrypick.h /usr/include/git2/merge.h \
 /usr/include/git2/oidarray.h /usr/include/git2/checkout.h \
 /usr/include/git2/index.h /usr/include/git2/indexer.h \
 /usr/include/git2/annotated_commit.h /usr/include/git2/clone.h \
 /usr/include/git2/remote.h /usr/include/git2/refspec.h \
 /usr/include/git2/net.h /usr/include/git2/transport.h \
 /usr/include/git2/cert.h /usr/include/git2/credential.h \
 /usr/include/git2/pack.h /usr/include/git2/proxy.h \
 /usr/include/git2/commit.h /usr/include/git2/common.h \
 /usr/include/git2/config.h /usr/include/git2/credential.h \
 /usr/include/git2/deprecated.h /usr/include/git2/attr.h \
 /usr/include/git2/config.h /usr/include/git2/blame.h \
 /usr/include/git2/cherrypick.h /usr/include/git2/clone.h \
 /usr/include/git2/describe.h /usr/include/git2/errors.h \
 /usr/include/git2/filter.h /usr/include/git2/rebase.h \
 /usr/include/git2/commit.h /usr/include/git2/trace.h \
 /usr/include/git2/revert.h /usr/include/git2/revparse.h \
 /usr/include/git2/stash.h /usr/include/git2/status.h \
 /usr/include/git2/submodule.h /usr/include/git2/worktree.h \
 /usr/include/git2/credential_helpers.h \
 /usr/include/git2/sys/credential.h /usr/include/git2/common.h \
 /usr/include/git2/credential.h /usr/include/git2/describe.h \
 /usr/include/git2/diff.h /usr/include/git2/email.h \
 /usr/include/git2/errors.h /usr/include/git2/filter.h \
 /usr/include/git2/global.h /usr/include/git2/graph.h \
 /usr/include/git2/ignore.h /usr/include/git2/index.h \
 /usr/include/git2/indexer.h /usr/include/git2/mailmap.h \
 /usr/include/git2/merge.h /usr/include/git2/message.h \
 /usr/include/git2/net.h /usr/include/git2/notes.h \
 /usr/include/git2/object.h /usr/include/git2/odb.h \
 /usr/include/git2/odb_backend.h /usr/include/git2/oid.h \
 /usr/include/git2/pack.h /usr/include/git2/patch.h \
 /usr/include/git2/pathspec.h /usr/include/git2/proxy.h \
 /usr/include/git2/rebase.h /usr/include/git2/refdb.h \
 /usr/include/git2/reflog.h /usr/include/git2/refs.h \
 /usr/include/git2/refspec.h /usr/include/git2/remote.h \
 /usr/include/git2/repository.h /usr/include/git2/reset.h \
 /usr/include/git2/revert.h /usr/include/git2/revparse.h \
 /usr/include/git2/revwalk.h /usr/include/git2/signature.h \
 /usr/include/git2/stash.h /usr/include/git2/status.h \
 /usr/include/git2/submodule.h /usr/include/git2/tag.h \
 /usr/include/git2/transport.h /usr/include/git2/transaction.h \
 /usr/include/git2/tree.h /usr/include/git2/types.h \
 /usr/include/git2/version.h /usr/include/git2/worktree.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/limits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/syslimits.h \
 /usr/include/limits.h /usr/include/x86_64-linux-gnu/bits/posix1_lim.h \
 /usr/include/x86_64-linux-gnu/bits/local_lim.h \
 /usr/include/linux/limits.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min-dynamic.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min.h \
 /usr/include/x86_64-linux-gnu/bits/posix2_lim.h /usr/include/pthread.h \
 /usr/include/sched.h /usr/include/x86_64-linux-gnu/bits/sched.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_sched_param.h \
 /usr/include/x86_64-linux-gnu/bits/cpu-set.h \
 /usr/include/x86_64-linux-gnu/bits/setjmp.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct___jmp_buf_tag.h \
 /usr/include/x86_64-linux-gnu/sys/stat.h \
 /usr/include/x86_64-linux-gnu/bits/stat.h \
 /usr/include/x86_64-linux-gnu/bits/struct_stat.h
