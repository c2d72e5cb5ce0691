/* env.h - where ddblint finds its data, its cache and the project around
 * a file: the run driver (cli.c) and the language server (src/lsp/) ask
 * the same questions and get the same answers.
 * SPDX-License-Identifier: MIT
 *
 * Every returned string is (transfer full): release with free().
 */
#ifndef DL_CLI_ENV_H
#define DL_CLI_ENV_H

#include <stdbool.h>

struct dl_log;
struct dl_options;

/** dl_cli_is_dir - true when p names a directory (stat(2), links followed). */
bool dl_cli_is_dir(const char *p);

/**
 * dl_cli_data_dir - <exe dir>/../share/ddblint/<sub> (its real path), the
 * same in the build tree and in an installed prefix; then the configured
 * install path (DL_INSTALL_DATA_DIR/<sub>). argv0 serves when
 * /proc/self/exe cannot be read.
 * Returns: the directory, or NULL when neither exists.
 */
char *dl_cli_data_dir(const char *argv0, const char *sub);

/**
 * dl_cli_stub_dir - the stub headers' directory: $DDBLINT_STUB_DIR, else
 * dl_cli_data_dir(argv0, "include").
 * Returns: the directory, or NULL with a "stub-headers-missing" warning in
 * log when there is none: without them code that includes the AWS SDK's
 * or a C client's headers from no include path gets clang errors and
 * missed requests.
 */
char *dl_cli_stub_dir(const char *argv0, struct dl_log *log);

/**
 * dl_cli_cache_dir - --cache-dir, else $XDG_CACHE_HOME/ddblint, else
 * $HOME/.cache/ddblint (the XDG Base Directory Specification).
 * Returns: the directory (not created), or NULL when none can be named.
 */
char *dl_cli_cache_dir(const struct dl_options *o);

/**
 * dl_cli_check_cache_dir - set o->no_cache, with a note on stderr, when the
 * cache directory is not one only this user can write (dl_dir_trusted,
 * core/safefile.h: created 0700 when missing; docs/security.md, "Caches");
 * else sweep the temporary files killed runs left at its top.
 */
void dl_cli_check_cache_dir(struct dl_options *o);

/** dl_cli_git_root - the nearest ancestor of dir (absolute) holding .git, or NULL. */
char *dl_cli_git_root(const char *dir);

/** dl_cli_cwd - the current directory's absolute path ("." when unknown). */
char *dl_cli_cwd(void);

/**
 * dl_cli_repo_root - the directory that bounds the include/ and
 * compile_flags.txt searches for a file in the absolute directory dir: its
 * git work tree, else project_root when dir lies under it, else dir.
 */
char *dl_cli_repo_root(const char *dir, const char *project_root);

#endif
