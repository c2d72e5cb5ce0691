/* compdb_json.c - finding and checking compile_commands.json.
 * SPDX-License-Identifier: MIT
 */
#include "compdb_json.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/htab.h"
#include "../core/path.h"
#include "../core/strbuf.h"
#include "../frontend/flags.h"

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DB_NAME "compile_commands.json"

static bool is_file(const char *p)
{
        struct stat st;
        return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

char *dl_compdb_find(const char *arg)
{
        if (is_file(arg))
                return dl_xstrdup(arg);
        /* named as the user typed it when it is right there */
        char *here = dl_xasprintf("%s/" DB_NAME, arg);
        if (is_file(here))
                return here;
        free(here);
        char *dir = dl_path_absolute(arg);
        for (;;) {
                char *cand = dl_xasprintf("%s%s" DB_NAME, dir, strcmp(dir, "/") ? "/" : "");
                if (is_file(cand)) {
                        free(dir);
                        return cand;
                }
                free(cand);
                if (!strcmp(dir, "/"))
                        break;
                char *up = dl_path_dirname(dir);
                free(dir);
                dir = up;
        }
        free(dir);
        return NULL;
}

static const char *str_member(json_t *o, const char *key)
{
        json_t *v = json_object_get(o, key);
        return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The bound on a response file libclang may expand. */
#define RESPONSE_MAX ((size_t)1 << 20)

/* The response files of one database, judged once each: the entries of a
 * build target name the same one (CMake's includes_CXX.rsp). */
struct judge {
        const char *root, *db_dir;
        struct dl_htab seen; /* "dir\0name" -> struct judged */
};

struct judged {
        bool ok;
        char key[]; /* the table's key */
};

/* Whether libclang may expand the response file "@name" of an entry whose
 * directory is dir: a regular file of at most RESPONSE_MAX bytes whose
 * real path lies under the project root or the database's own directory
 * (the build's), naming no response file itself (libclang expands them
 * recursively, and their words are never judged here). A relative name is
 * judged against the entry's directory and the current one, since either
 * may be the one libclang reads it from. */
static bool judge_file(const char *name, const char *dir, const char *root, const char *db_dir)
{
        if (!*name)
                return false;
        for (int k = 0; k < 2; k++) {
                char *file = dl_path_join(k == 0 ? dir : NULL, name);
                char *text = NULL;
                size_t len = 0;
                bool ok = (dl_path_real_under(file, root) || dl_path_real_under(file, db_dir));
                if (ok &&
                    dl_file_read_bounded(file, RESPONSE_MAX, true, &text, &len, NULL) != DL_OK)
                        ok = k == 1 && access(file, F_OK) != 0; /* not there: not read */
                else if (ok)
                        ok = memchr(text, '@', len) == NULL;
                free(text);
                free(file);
                if (!ok)
                        return false;
                if (name[0] == '/')
                        break;
        }
        return true;
}

/* judge_file, asked once per directory and name of the database. */
static bool response_file_ok(struct judge *j, const char *name, const char *dir)
{
        size_t nd = strlen(dir), nn = strlen(name);
        struct judged *v = dl_xmalloc(sizeof *v + nd + nn + 2);
        memcpy(v->key, dir, nd + 1);
        memcpy(v->key + nd + 1, name, nn + 1);
        const struct judged *had = dl_htab_get(&j->seen, v->key, nd + nn + 2);
        if (had) {
                free(v);
                return had->ok;
        }
        v->ok = judge_file(name, dir, j->root, j->db_dir);
        dl_htab_put(&j->seen, v->key, nd + nn + 2, v);
        return v->ok;
}

/* An argument "@name" refused: DL_FLAGS_REFUSED "@name" (transfer full). */
static json_t *refused(const char *arg)
{
        char *s = dl_xasprintf(DL_FLAGS_REFUSED "%s", arg);
        json_t *j = json_string(s);
        free(s);
        return j;
}

/* The words of a "command" that start with '@', judged: each one libclang
 * would expand and response_file_ok does not pass gets DL_FLAGS_REFUSED
 * inserted before its '@'. A word is taken to start at an '@' after the
 * start, a blank, a quote or a backslash; only one with none of them in it
 * ("@dir/f.rsp") is judged by its name, since quotes would change the name
 * libclang reads: the others are all refused. Returns: the command
 * rewritten (transfer full), or NULL when nothing was refused. */
static char *judge_command(struct judge *j, const char *cmd, const char *dir)
{
        if (!strchr(cmd, '@'))
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        bool changed = false;
        for (const char *p = cmd; *p; p++) {
                bool start = p == cmd || strchr(" \t\n\r\"'\\", p[-1]) != NULL;
                if (*p == '@' && start) {
                        size_t n = strcspn(p + 1, " \t\n\r\"'\\");
                        bool plain = p == cmd || strchr(" \t\n\r", p[-1]);
                        bool word_ends = !p[1 + n] || strchr(" \t\n\r", p[1 + n]);
                        char *name = dl_xstrndup(p + 1, n);
                        if (!plain || !word_ends || !response_file_ok(j, name, dir)) {
                                dl_strbuf_add(&sb, DL_FLAGS_REFUSED, strlen(DL_FLAGS_REFUSED));
                                changed = true;
                        }
                        free(name);
                }
                dl_strbuf_add(&sb, p, 1);
        }
        if (!changed) {
                dl_strbuf_fini(&sb);
                return NULL;
        }
        return dl_strbuf_take(&sb);
}

/* Judges the response files of entry e (docs/security.md "Compile flags"):
 * libclang expands "@FILE" when it loads the database, before the
 * allow-list sees the words, so a file outside the tree would be read and
 * its words quoted in the dropped-flags note, and "@/dev/zero" would never
 * end. Refused arguments are rewritten in e (see DL_FLAGS_REFUSED), so the
 * allow-list drops them with a note. Returns: whether e was changed. */
static bool judge_response_files(struct judge *j, json_t *e)
{
        const char *dir = str_member(e, "directory");
        json_t *args = json_object_get(e, "arguments");
        bool changed = false;
        if (json_is_array(args)) {
                size_t i;
                json_t *a;
                json_array_foreach (args, i, a) {
                        const char *s = json_string_value(a);
                        if (s && s[0] == '@' && !response_file_ok(j, s + 1, dir)) {
                                json_array_set_new(args, i, refused(s));
                                changed = true;
                        }
                }
        } else {
                char *cmd = judge_command(j, str_member(e, "command"), dir);
                if (cmd) {
                        json_object_set_new(e, "command", json_string(cmd));
                        free(cmd);
                        changed = true;
                }
        }
        return changed;
}

/* Checks every entry; counts the relative directories. */
static enum dl_status check_entries(const char *file, json_t *db, size_t *relative,
                                    struct dl_error *err)
{
        struct dl_loc loc = {file, 0, 0};
        if (!json_is_array(db))
                return dl_error_set(err, DL_ERR_PARSE, &loc,
                                    "expected a JSON array of compile commands");
        *relative = 0;
        size_t i;
        json_t *e;
        json_array_foreach (db, i, e) {
                const char *what = NULL;
                if (!json_is_object(e))
                        what = "expected an object";
                else if (!str_member(e, "directory"))
                        what = "expected a string 'directory'";
                else if (!str_member(e, "file"))
                        what = "expected a string 'file'";
                else if (!json_is_array(json_object_get(e, "arguments")) &&
                         !str_member(e, "command"))
                        what = "expected 'arguments' (an array of strings) or 'command' (a "
                               "string)";
                if (what)
                        return dl_error_set(err, DL_ERR_PARSE, &loc,
                                            "compile command %zu (counting from 1): %s", i + 1,
                                            what);
                if (str_member(e, "directory")[0] != '/')
                        (*relative)++;
        }
        return DL_OK;
}

enum dl_status dl_compdb_locate(const char *arg, const char *root, char **out_dir, char **tmp_dir,
                                struct dl_error *err)
{
        *out_dir = NULL;
        *tmp_dir = NULL;
        char *file = dl_compdb_find(arg);
        if (!file) {
                struct dl_loc loc = {arg, 0, 0};
                return dl_error_set(err, DL_ERR_IO, &loc,
                                    "no " DB_NAME " here or in a directory above (-p)");
        }
        json_error_t je;
        json_t *db = json_load_file(file, 0, &je);
        if (!db) {
                struct dl_loc loc = {file, (unsigned)(je.line > 0 ? je.line : 0),
                                     (unsigned)(je.column > 0 ? je.column : 0)};
                enum dl_status st =
                        dl_error_set(err, DL_ERR_PARSE, &loc,
                                     "not a valid JSON compilation database: %s", je.text);
                free(file);
                return st;
        }
        size_t relative = 0;
        enum dl_status st = check_entries(file, db, &relative, err);
        char *base = dl_path_dirname(file);
        const char *name = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
        size_t changed = 0;
        if (st == DL_OK) {
                /* directories made absolute, response files judged */
                char real_base[PATH_MAX];
                struct judge j = {root, realpath(base, real_base) ? real_base : base, {0}};
                dl_htab_init(&j.seen);
                size_t i;
                json_t *e;
                json_array_foreach (db, i, e) {
                        const char *d = str_member(e, "directory");
                        if (d[0] != '/') {
                                char *abs = dl_path_join(base, d);
                                json_object_set_new(e, "directory", json_string(abs));
                                free(abs);
                        }
                        changed += judge_response_files(&j, e);
                }
                dl_htab_free_all(&j.seen, free);
        }
        if (st == DL_OK && !relative && !changed && strcmp(name, DB_NAME) == 0) {
                *out_dir = base;
                base = NULL;
        } else if (st == DL_OK) {
                /* A copy libclang reads as meant: directories made
                 * absolute, response files refused */
                char tmpl[] = "/tmp/ddblint-compdb-XXXXXX";
                char *dir = mkdtemp(tmpl) ? dl_xstrdup(tmpl) : NULL;
                char *copy = dir ? dl_xasprintf("%s/" DB_NAME, dir) : NULL;
                if (!copy || json_dump_file(db, copy, 0) != 0) {
                        struct dl_loc loc = {file, 0, 0};
                        st = dl_error_set(err, DL_ERR_IO, &loc,
                                          "cannot write a copy with absolute directories");
                        dl_compdb_unlocate(dir);
                } else {
                        *out_dir = dl_xstrdup(dir);
                        *tmp_dir = dir;
                }
                free(copy);
        }
        free(base);
        json_decref(db);
        free(file);
        return st;
}

void dl_compdb_unlocate(char *tmp_dir)
{
        if (!tmp_dir)
                return;
        char *copy = dl_xasprintf("%s/" DB_NAME, tmp_dir);
        unlink(copy);
        free(copy);
        rmdir(tmp_dir);
        free(tmp_dir);
}
