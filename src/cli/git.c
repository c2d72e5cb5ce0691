/* git.c - git's ignore rules and a change's lines, read with libgit2
 * (libgit2.org/libgit2: git_repository_open_ext, git_config_get_path,
 * git_merge_base, git_diff_tree_to_workdir_with_index). What libgit2 never
 * runs is said in git.h and docs/security.md.
 *
 * The ignore patterns are matched by ignore.h, not by libgit2's
 * git_ignore_path_is_ignored: libgit2 1.5 drops a negation without a
 * wildcard that negates no pattern of its own file, so a nested
 * .gitignore's '!keep.tmp.cpp' does not re-include what the top one's
 * '*.tmp.cpp' ignores, which git does (libgit2 issue 7284 is the same
 * divergence for directories, open in 1.9). libgit2 finds the repository,
 * its git directory and core.excludesFile.
 * SPDX-License-Identifier: MIT
 */
#include "git.h"

#include "ignore.h"

#include "../core/alloc.h"
#include "../core/htab.h"
#include "../core/path.h"
#include "../core/vec.h"
#include "../findings/finding.h"

#include <git2.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static pthread_once_t git_once = PTHREAD_ONCE_INIT;

/* libgit2 keeps global state from git_libgit2_init until the matching
 * git_libgit2_shutdown: released at exit, so nothing of it outlives the
 * process's last use (LeakSanitizer counts it otherwise). */
static void git_shutdown_at_exit(void)
{
        git_libgit2_shutdown();
}

static void git_init_once(void)
{
        git_libgit2_init();
        atexit(git_shutdown_at_exit);
}

/* libgit2's last error, or what = the operation that failed. */
static const char *git_why(const char *what)
{
        const git_error *e = git_error_last();
        return e && e->message ? e->message : what;
}

/* The repository whose work tree is top (absolute), or NULL: one libgit2
 * cannot open, a bare one, or one whose work tree is elsewhere
 * (core.worktree): git.h. */
static git_repository *open_at(const char *top)
{
        pthread_once(&git_once, git_init_once);
        git_repository *repo = NULL;
        if (git_repository_open_ext(&repo, top, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) != 0)
                return NULL;
        const char *wd = git_repository_workdir(repo);
        char real[PATH_MAX];
        bool same = false;
        if (wd && realpath(top, real)) {
                size_t n = strlen(real), m = strlen(wd);
                while (m > 1 && wd[m - 1] == '/')
                        m--;
                same = n == m && !strncmp(real, wd, n);
        }
        if (!same) {
                git_repository_free(repo);
                return NULL;
        }
        return repo;
}

/* ---- ignore rules ---- */

/* What is known of one directory: the ignore rules of its own .gitignore
 * (and, at a work tree's top, those of core.excludesFile and
 * $GIT_COMMON_DIR/info/exclude before them), and its work tree's top. */
struct dir_info {
        char *dir;
        char *top; /* its work tree's top, or NULL outside one */
        struct dl_ignore_list list;
};

struct dl_gitignore {
        struct dl_htab dirs; /* struct dir_info by dir */
};

struct dl_gitignore *dl_gitignore_new(void)
{
        return dl_xcalloc(1, sizeof(struct dl_gitignore));
}

/* core.excludesFile as git finds it (git-scm.com/docs/gitignore): the
 * configuration's value with '~' expanded (git_config_get_path), else
 * $XDG_CONFIG_HOME/git/ignore, else $HOME/.config/git/ignore; or NULL. */
static char *excludes_file(git_repository *repo)
{
        git_config *cfg = NULL;
        git_buf buf = {0};
        char *path = NULL;
        if (git_repository_config_snapshot(&cfg, repo) == 0 &&
            git_config_get_path(&buf, cfg, "core.excludesFile") == 0)
                path = dl_xstrdup(buf.ptr);
        git_buf_dispose(&buf);
        git_config_free(cfg);
        if (path)
                return path;
        const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
        if (xdg && *xdg == '/')
                return dl_xasprintf("%s/git/ignore", xdg);
        return home && *home == '/' ? dl_xasprintf("%s/.config/git/ignore", home) : NULL;
}

static struct dir_info *info_of(struct dl_gitignore *g, const char *dir)
{
        struct dir_info *found = dl_htab_get_str(&g->dirs, dir);
        if (found)
                return found;
        struct dir_info *d = dl_xcalloc(1, sizeof *d);
        d->dir = dl_xstrdup(dir);
        char *git = dl_xasprintf("%s%s.git", dir, strcmp(dir, "/") ? "/" : "");
        struct stat st;
        if (lstat(git, &st) == 0) {
                /* a work tree's top (.git a directory, or a file naming the
                   git directory: a linked work tree, a submodule); one
                   libgit2 cannot open has no ignore rules */
                git_repository *repo = open_at(dir);
                if (repo) {
                        d->top = dl_xstrdup(dir);
                        char *ex = excludes_file(repo);
                        if (ex)
                                dl_ignore_add_file(&d->list, ex, dir);
                        free(ex);
                        ex = dl_xasprintf("%sinfo/exclude", git_repository_commondir(repo));
                        dl_ignore_add_file(&d->list, ex, dir);
                        free(ex);
                        git_repository_free(repo);
                }
        } else if (strcmp(dir, "/") != 0) {
                char *parent = dl_path_dirname(dir);
                const struct dir_info *p = info_of(g, parent);
                free(parent);
                d->top = p->top ? dl_xstrdup(p->top) : NULL;
        }
        free(git);
        if (d->top) {
                char *gi = dl_xasprintf("%s%s.gitignore", dir, strcmp(dir, "/") ? "/" : "");
                dl_ignore_add_file(&d->list, gi, dir);
                free(gi);
        }
        dl_htab_put_str(&g->dirs, d->dir, d);
        return d;
}

bool dl_gitignore_ignored(struct dl_gitignore *g, const char *path, bool is_dir)
{
        /* From the path's directory up to the top: the deepest file with a
         * matching pattern decides (git-scm.com/docs/gitignore). */
        char *cur = dl_path_dirname(path);
        int decision = -1;
        for (;;) {
                const struct dir_info *d = info_of(g, cur);
                if (!d->top)
                        break;
                decision = dl_ignore_match(&d->list, path, is_dir);
                if (decision >= 0 || !strcmp(cur, d->top))
                        break;
                char *up = dl_path_dirname(cur);
                free(cur);
                cur = up;
        }
        free(cur);
        return decision == 1;
}

static void free_dir(void *p)
{
        struct dir_info *d = p;
        free(d->dir);
        free(d->top);
        dl_ignore_list_fini(&d->list);
        free(d);
}

void dl_gitignore_free(struct dl_gitignore *g)
{
        if (!g)
                return;
        dl_htab_free_all(&g->dirs, free_dir);
        free(g);
}

/* ---- changed lines ---- */

struct changed_file {
        char *path;             /* real, absolute */
        DL_VEC(unsigned) lines; /* added lines of the new text, ascending */
};

/* Untracked files are those the index does not hold, not those the diff
 * lists as untracked: libgit2 leaves out of that list what its ignore
 * rules (git.c's top) wrongly ignore, and a file the walk takes or the
 * command line names is new to the change either way. */
struct dl_git_changes {
        struct dl_htab files;   /* struct changed_file by path */
        struct dl_htab tracked; /* the index's paths (keys in `paths`), value 1 */
        char **paths;
        size_t n_paths;
        char *workdir; /* real, with a trailing '/' */
};

static struct changed_file *file_in(struct dl_git_changes *c, const char *rel)
{
        char *path = dl_xasprintf("%s%s", c->workdir, rel);
        struct changed_file *f = dl_htab_get_str(&c->files, path);
        if (f) {
                free(path);
                return f;
        }
        f = dl_xcalloc(1, sizeof *f);
        f->path = path;
        dl_htab_put_str(&c->files, f->path, f);
        return f;
}

static int on_line(const git_diff_delta *delta, const git_diff_hunk *hunk,
                   const git_diff_line *line, void *data)
{
        (void)hunk;
        if (line->origin == GIT_DIFF_LINE_ADDITION && line->new_lineno > 0 &&
            delta->new_file.path) {
                struct changed_file *f = file_in(data, delta->new_file.path);
                DL_VEC_PUSH(&f->lines, (unsigned)line->new_lineno);
        }
        return 0;
}

static int cmp_unsigned(const void *a, const void *b)
{
        unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
        return x < y ? -1 : x > y;
}

static int resolve(git_repository *repo, const char *spec, git_commit **out)
{
        git_object *obj = NULL;
        if (git_revparse_single(&obj, repo, spec) != 0)
                return -1;
        git_object *peeled = NULL;
        int rc = git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
        git_object_free(obj);
        if (rc != 0)
                return -1;
        *out = (git_commit *)peeled;
        return 0;
}

static void free_changed(void *p)
{
        struct changed_file *f = p;
        free(f->path);
        DL_VEC_FREE(&f->lines);
        free(f);
}

enum dl_status dl_git_changes_load(const char *dir, const char *rev, struct dl_git_changes **out,
                                   struct dl_error *err)
{
        pthread_once(&git_once, git_init_once);
        *out = NULL;
        git_buf found = {0};
        if (git_repository_discover(&found, dir, 0, NULL) != 0)
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "--diff-base: %s is not in a git work tree", dir);
        git_repository *repo = NULL;
        enum dl_status st = DL_OK;
        git_commit *base = NULL, *head = NULL, *mb = NULL;
        git_tree *tree = NULL;
        git_diff *diff = NULL;
        git_index *index = NULL;
        struct dl_git_changes *c = NULL;
        char real[PATH_MAX];
        int rc = git_repository_open_ext(&repo, found.ptr, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
        git_buf_dispose(&found);
        if (rc != 0) {
                st = dl_error_set(err, DL_ERR_IO, NULL,
                                  "--diff-base: cannot open the repository "
                                  "of %s: %s",
                                  dir, git_why("unknown error"));
                goto out;
        }
        const char *wd = git_repository_workdir(repo);
        if (!wd || !realpath(wd, real)) {
                st = dl_error_set(err, DL_ERR_CONFIG, NULL,
                                  "--diff-base: %s is not in a git work tree", dir);
                goto out;
        }
        if (resolve(repo, rev, &base) != 0) {
                st = dl_error_set(err, DL_ERR_CONFIG, NULL,
                                  "--diff-base '%s': no such revision in the repository at %s", rev,
                                  real);
                goto out;
        }
        if (resolve(repo, "HEAD", &head) != 0) {
                st = dl_error_set(err, DL_ERR_CONFIG, NULL,
                                  "--diff-base '%s': HEAD names no commit in the repository at %s",
                                  rev, real);
                goto out;
        }
        git_oid mb_oid;
        if (git_merge_base(&mb_oid, repo, git_commit_id(head), git_commit_id(base)) != 0 ||
            git_commit_lookup(&mb, repo, &mb_oid) != 0 || git_commit_tree(&tree, mb) != 0) {
                st = dl_error_set(err, DL_ERR_CONFIG, NULL,
                                  "--diff-base '%s': no common ancestor with HEAD (%s)", rev,
                                  git_why("no merge base"));
                goto out;
        }
        git_diff_options dopts;
        git_diff_options_init(&dopts, GIT_DIFF_OPTIONS_VERSION);
        dopts.context_lines = 0;
        dopts.interhunk_lines = 0;
        dopts.flags = GIT_DIFF_FORCE_TEXT;
        if (git_diff_tree_to_workdir_with_index(&diff, repo, tree, &dopts) != 0) {
                st = dl_error_set(err, DL_ERR_IO, NULL,
                                  "--diff-base '%s': cannot compare the "
                                  "work tree with it: %s",
                                  rev, git_why("diff failed"));
                goto out;
        }
        git_diff_find_options fopts;
        git_diff_find_options_init(&fopts, GIT_DIFF_FIND_OPTIONS_VERSION);
        fopts.flags = GIT_DIFF_FIND_RENAMES;
        git_diff_find_similar(diff, &fopts);
        c = dl_xcalloc(1, sizeof *c);
        c->workdir = dl_xasprintf("%s%s", real, strcmp(real, "/") ? "/" : "");
        if (git_diff_foreach(diff, NULL, NULL, NULL, on_line, c) != 0 ||
            git_repository_index(&index, repo) != 0) {
                st = dl_error_set(err, DL_ERR_IO, NULL,
                                  "--diff-base '%s': cannot read the "
                                  "changes: %s",
                                  rev, git_why("diff failed"));
                goto out;
        }
        c->n_paths = git_index_entrycount(index);
        c->paths = dl_xcalloc(c->n_paths + 1, sizeof *c->paths);
        for (size_t i = 0; i < c->n_paths; i++) {
                const git_index_entry *e = git_index_get_byindex(index, i);
                c->paths[i] = dl_xasprintf("%s%s", c->workdir, e ? e->path : "");
                dl_htab_put_str(&c->tracked, c->paths[i], c);
        }
        size_t pos = 0;
        for (struct changed_file *f; (f = dl_htab_next(&c->files, &pos));)
                if (f->lines.n > 1)
                        qsort(f->lines.items, f->lines.n, sizeof *f->lines.items, cmp_unsigned);
        *out = c;
        c = NULL;
out:
        dl_git_changes_free(c);
        git_index_free(index);
        git_diff_free(diff);
        git_tree_free(tree);
        git_commit_free(mb);
        git_commit_free(head);
        git_commit_free(base);
        git_repository_free(repo);
        return st;
}

bool dl_git_changes_has(const struct dl_git_changes *c, const char *file, unsigned line)
{
        if (!c || !file || !line)
                return false;
        char real[PATH_MAX];
        if (!realpath(file, real))
                return false;
        const struct changed_file *f = dl_htab_get_str(&c->files, real);
        if (!f) /* unchanged, or new: untracked, under the work tree */
                return !dl_htab_get_str(&c->tracked, real) &&
                       !strncmp(real, c->workdir, strlen(c->workdir));
        return bsearch(&line, f->lines.items, f->lines.n, sizeof line, cmp_unsigned) != NULL;
}

bool dl_git_changes_keep(void *changes, const struct dl_finding *f)
{
        return dl_git_changes_has(changes, f->loc.file, f->loc.line);
}

void dl_git_changes_free(struct dl_git_changes *c)
{
        if (!c)
                return;
        dl_htab_free_all(&c->files, free_changed);
        dl_htab_fini(&c->tracked);
        for (size_t i = 0; i < c->n_paths; i++)
                free(c->paths[i]);
        free(c->paths);
        free(c->workdir);
        free(c);
}
