/* loc.h - source locations independent of libclang.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_LOC_H
#define DL_CORE_LOC_H

#include <stdbool.h>
#include <stddef.h>

/* A place in a source or rules file. line and col are 1-based; col counts
 * bytes from the start of the line (clang's convention; SARIF columnKind
 * "utf16CodeUnits" conversion is the reporter's job). file == NULL or
 * line == 0 means "no location". file is borrowed: it points into the
 * arena of the translation unit (or a finding's own copy). */
struct dl_loc {
        const char *file;
        unsigned line, col;
};

/* A growable array of locations, one per byte of some text (core/vec.h
 * layout: DL_VEC_PUSH and DL_VEC_FREE work on it). */
struct dl_loc_vec {
        struct dl_loc *items;
        size_t n, cap;
};

/** dl_loc_valid - true when loc names a file and a line. */
bool dl_loc_valid(const struct dl_loc *loc);
/** dl_loc_cmp - total order by file name (strcmp), line, col; invalid first.
 * Returns: <0, 0, >0 like strcmp. */
int dl_loc_cmp(const struct dl_loc *a, const struct dl_loc *b);

#endif
