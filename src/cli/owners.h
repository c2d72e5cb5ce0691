/* owners.h - which headers of a directory walk are analysed in the
 * translation unit of a source that includes them, and which source that
 * is (their owner).
 * SPDX-License-Identifier: MIT
 *
 * A header (a walked file whose name is not a translation unit's,
 * dl_is_unit_name) that some walked source reaches, directly or through
 * other project headers, is not parsed on its own: its function bodies are
 * analysed in its owner's translation unit, with the includer's macros and
 * flags, and reported at their own lines once a run (dl_pipeline_unit).
 * "Reaches" is the include scan the prefilter uses (frontend/scan.h): the
 * source's own include paths, includes under any #if counted. The owner is
 * the first such source in the order of their real paths among those
 * analysed under the same rules as the header (the same rules files, so
 * the header's checks and settings do not change), which depends neither
 * on the order of the operands nor on -j nor on --shard: every shard
 * computes the same owners from the whole walk, and a header is analysed
 * in its owner's shard. A header named on the command line, or reached by
 * no walked source under its rules, is a translation unit of its own.
 * docs/architecture.md, "Headers of a directory walk".
 */
#ifndef DL_CLI_OWNERS_H
#define DL_CLI_OWNERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One walked file. */
struct dl_owner_input {
        const char *path;        /* as walked */
        const char *const *args; /* its compiler arguments (no compiler, no file) */
        size_t n_args;
        size_t rules; /* the index of its ruleset (config.h) */
        bool named;   /* named on the command line */
};

#define DL_NO_OWNER SIZE_MAX

/**
 * dl_owners_find - the owner of each of the n walked files.
 * @param stub_dir  ddblint's stub headers (never project headers), or NULL.
 * @param owner     receives, for file i, the index of its owner, or
 *                  DL_NO_OWNER when file i is analysed as a translation unit
 *                  of its own (every source, and the headers above).
 * Returns: the number of files given an owner. A source that cannot be
 * read owns nothing.
 */
size_t dl_owners_find(const struct dl_owner_input *in, size_t n, const char *stub_dir,
                      size_t *owner);

#endif
