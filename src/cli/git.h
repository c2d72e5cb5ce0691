/* git.h - what ddblint reads of a git repository, through libgit2: git's
 * ignore rules for the directory walk, and the lines a change touches
 * (--diff-base).
 * SPDX-License-Identifier: MIT
 *
 * Security (docs/security.md, "Git repositories"): the repository is part
 * of the tree under analysis and hostile like it. libgit2 runs no hook and
 * no program named by the configuration: it has no fsmonitor support
 * (core.fsmonitor is never read), no external diff driver or textconv,
 * and applies only its built-in filters (CRLF, ident), never a
 * filter.<driver>.clean/smudge command. Nothing here writes: the index is
 * read, never refreshed (no GIT_DIFF_UPDATE_INDEX). A repository whose
 * work tree is not the directory holding its .git (core.worktree) is not
 * used. libgit2 refuses a repository owned by another user, as git does
 * (safe.directory).
 */
#ifndef DL_CLI_GIT_H
#define DL_CLI_GIT_H

#include "../core/error.h"

#include <stdbool.h>

struct dl_gitignore; /* opaque: the ignore files read so far */

/** dl_gitignore_new - an empty cache. (transfer full) */
struct dl_gitignore *dl_gitignore_new(void);

/**
 * dl_gitignore_ignored - whether git ignores path (absolute, normalized;
 * is_dir: a directory), as `git check-ignore --no-index` decides: by the
 * ignore rules of the work tree holding it (the nearest directory above it
 * holding .git, opened with libgit2): the .gitignore files from the top
 * down to path's directory (a deeper file wins; negations re-include),
 * $GIT_COMMON_DIR/info/exclude, core.excludesFile (or git's default,
 * $XDG_CONFIG_HOME/git/ignore). The last matching pattern decides
 * (ignore.h). A path outside any work tree, or in one libgit2 cannot open
 * (not a repository, owned by another user, core.worktree elsewhere), is
 * never ignored. Each directory's files are read once and kept. Ancestors
 * of path are not examined: a walk never enters an ignored directory.
 */
bool dl_gitignore_ignored(struct dl_gitignore *g, const char *path, bool is_dir);

/** dl_gitignore_free - NULL-safe. */
void dl_gitignore_free(struct dl_gitignore *g);

struct dl_git_changes; /* opaque: the changed lines of every changed file */

/**
 * dl_git_changes_load - the lines `git diff --merge-base REV` shows as
 * added, in the work tree holding dir: the work tree (with the index)
 * against the merge base of REV and HEAD, renames followed; a file under
 * the work tree that the index does not hold (untracked; the walk has left
 * out what git ignores) counts as changed at every line. A deletion alone
 * changes no line of the new text.
 * @param dir  an absolute directory in the work tree (the current one).
 * @param rev  a revision as git rev-parse takes it (a branch, a tag, a
 *             commit, origin/main, HEAD~3).
 * @param out  receives (transfer full) the changes; free with
 *             dl_git_changes_free().
 * Returns: DL_OK; DL_ERR_CONFIG when dir is in no git work tree, rev names
 * no commit, or HEAD and rev have no common ancestor; DL_ERR_IO when the
 * repository cannot be read. err's message says which.
 */
enum dl_status dl_git_changes_load(const char *dir, const char *rev, struct dl_git_changes **out,
                                   struct dl_error *err);

/**
 * dl_git_changes_has - whether line (1-based) of file (a path as findings
 * name it: absolute, or relative to the current directory) is a changed
 * line. Line 0 (a finding with no line) and files outside the work tree
 * are not changed.
 */
bool dl_git_changes_has(const struct dl_git_changes *c, const char *file, unsigned line);

struct dl_finding;

/**
 * dl_git_changes_keep - dl_git_changes_has for a finding's primary
 * location: a dl_sink_opts.in_scope function (findings/sink.h) whose data
 * is a struct dl_git_changes *.
 */
bool dl_git_changes_keep(void *changes, const struct dl_finding *f);

/** dl_git_changes_free - NULL-safe. */
void dl_git_changes_free(struct dl_git_changes *c);

#endif
