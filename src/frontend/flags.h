/* flags.h - the one allow-list of compile flags that reach libclang from the
 * tree (compile_flags.txt, compile_commands.json): only flags that change
 * how code is parsed pass; every flag that writes a file, loads code or
 * reads a file by name outside the include search is dropped
 * (docs/security.md "Compile flags").
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_FRONTEND_FLAGS_H
#define DL_FRONTEND_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

/* Why a flag was dropped (dl_flags_why gives the words). */
enum dl_flag_why {
        DL_FLAG_KEPT,
        DL_FLAG_WRITES,      /* writes a file: -M*, -o, -save-temps, -ftime-trace... */
        DL_FLAG_LOADS,       /* loads or runs code: -fplugin, -load, -B... */
        DL_FLAG_PASSES,      /* passes flags past this list: -Xclang, -Wp,, -mllvm... */
        DL_FLAG_READS,       /* reads a file by name: @file, -fprofile-use=, -ivfsoverlay... */
        DL_FLAG_OUTSIDE,     /* -include, -imacros, -include-pch of a file outside the root */
        DL_FLAG_NOT_ALLOWED, /* on no list: not known to change only the parse */
};

/* One dropped flag, as the tree spelled it (its separate value joined with
 * a space: "-MF /tmp/x"). */
struct dl_flag_drop {
        char *text; /* heap, owned */
        enum dl_flag_why why;
        bool build; /* the build's own output (-c, -o x, -MD, -MF x, -MT x...): every
                       compile_commands.json entry has them, so dl_flags_note may
                       leave them unsaid */
};

/**
 * dl_flags_filter - keep, in argv[0..*n), only the flags the allow-list
 * passes, in their order; the others are freed and, when drops is not NULL,
 * appended to *drops (growing it; *n_drops counts them).
 * @param argv   heap strings from the tree, relative paths already made
 *               absolute (compdb.h); compacted in place, *n updated.
 * @param root   the project root (a real path) that bounds -include,
 *               -imacros and -include-pch: the file's real path must lie
 *               under it (a file that does not exist is dropped too); NULL
 *               drops them all.
 * Separate values are taken with their flag (clang's arity: "-I dir",
 * "-MF file", "-Xclang arg"); a flag that needs a value and is last is
 * dropped. Joined spellings ("-MFfile", "--sysroot=dir", "-Wp,-MD,f") are
 * judged like separate ones.
 * Returns: the number of flags dropped.
 */
size_t dl_flags_filter(char **argv, size_t *n, const char *root, struct dl_flag_drop **drops,
                       size_t *n_drops);

/**
 * DL_FLAGS_REFUSED - the spelling compdb_json.c gives an argument "@FILE"
 * of compile_commands.json whose response file it does not let libclang
 * expand (a file outside the project root and the database's directory,
 * not a regular file, over 1 MiB, or naming a response file itself):
 * "-ddblint-refused-response-file=@FILE". dl_flags_filter drops it, and its
 * note names it "@FILE" (reads a file by name).
 */
#define DL_FLAGS_REFUSED "-ddblint-refused-response-file="

/**
 * dl_flags_absolute - make the relative path values of argv[0..n) absolute
 * against dir, the directory the flags were written for: the values of the
 * allow-list's path options ("-Iinc", "-I inc", "--sysroot=s",
 * "-include f.h"; a value "=..." is the sysroot's and left alone), judged
 * by the same rules and arities as dl_flags_filter, so the value of a
 * separate option is never taken for a flag. Entries replaced are freed
 * and reallocated (heap strings in, heap strings out).
 */
void dl_flags_absolute(char **argv, size_t n, const char *dir);

/**
 * dl_flags_why - the reason in words ("writes a file"), static.
 */
const char *dl_flags_why(enum dl_flag_why why);

/**
 * dl_flags_note - the tool note that names each dropped flag once (those
 * of the build's own output only when quiet_build is false), in the order first
 * dropped: "compile flags from ORIGIN dropped: '-MF /x' (writes a file),
 * ...". Returns: heap text (transfer full), or NULL when nothing is to be
 * said.
 */
char *dl_flags_note(const struct dl_flag_drop *drops, size_t n, const char *origin,
                    bool quiet_build);

/** dl_flags_drops_free - free the texts and the array; NULL-safe. */
void dl_flags_drops_free(struct dl_flag_drop *drops, size_t n);

#endif
