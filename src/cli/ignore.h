/* ignore.h - which paths a directory walk leaves out: gitignore-style
 * pattern lists (--exclude, the rules file's `exclude:`, and the ignore
 * files of a git work tree that git.h finds through libgit2).
 * SPDX-License-Identifier: MIT
 *
 * Pattern syntax is gitignore's (git-scm.com/docs/gitignore, "PATTERN
 * FORMAT"): blank lines and lines starting with '#' are nothing; '!'
 * negates; a trailing '/' matches directories only; a pattern with a '/'
 * at its start or in its middle is anchored at its base directory, one
 * without matches a name at any depth below it; `*`, `?`, `[...]` never
 * cross '/', `**` spans directories. The last matching pattern decides.
 * Paths are compared as absolute, lexically normalized paths
 * (dl_path_absolute).
 */
#ifndef DL_CLI_IGNORE_H
#define DL_CLI_IGNORE_H

#include <stdbool.h>
#include <stddef.h>

struct dl_ignore_rule {
        char *pattern;   /* without '!', leading '/' and trailing '/' */
        char *base;      /* absolute directory the pattern is relative to */
        bool negate, dir_only, anchored;
};

struct dl_ignore_list {
        struct dl_ignore_rule *items;
        size_t n, cap;
};

/**
 * dl_ignore_add - parse one gitignore line (a pattern) relative to base
 * (absolute) and append it; comments and blank lines add nothing.
 */
void dl_ignore_add(struct dl_ignore_list *l, const char *line, const char *base);

/**
 * dl_ignore_match - the decision of the last rule of l matching path
 * (absolute): 1 ignored, 0 re-included by a '!' rule, -1 no rule matched.
 * A rule only matches paths below its base.
 */
int dl_ignore_match(const struct dl_ignore_list *l, const char *path, bool is_dir);

/**
 * dl_ignore_match_within - dl_ignore_match for path and, as directories,
 * each of its ancestors below a rule's base: a file named on the command
 * line inside an ignored directory is ignored too, as git would have it.
 * Returns: true when path or an ancestor is ignored.
 */
bool dl_ignore_match_within(const struct dl_ignore_list *l, const char *path, bool is_dir);

/**
 * dl_ignore_add_file - dl_ignore_add for each line of file (a .gitignore,
 * info/exclude, core.excludesFile), in order; a file that cannot be read,
 * is not a regular file or is larger than 4 MiB adds nothing.
 */
void dl_ignore_add_file(struct dl_ignore_list *l, const char *file, const char *base);

/** dl_ignore_list_fini - free the rules; NULL-safe. */
void dl_ignore_list_fini(struct dl_ignore_list *l);

#endif
