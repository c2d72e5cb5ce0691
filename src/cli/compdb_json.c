/* compdb_json.c - finding and checking compile_commands.json.
 * SPDX-License-Identifier: MIT
 */
#include "compdb_json.h"

#include "../core/alloc.h"
#include "../core/path.h"

#include <jansson.h>
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

enum dl_status dl_compdb_locate(const char *arg, char **out_dir, char **tmp_dir,
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
        if (st == DL_OK && !relative && strcmp(name, DB_NAME) == 0) {
                *out_dir = base;
                base = NULL;
        } else if (st == DL_OK) {
                /* A copy libclang reads as meant: directories made absolute. */
                size_t i;
                json_t *e;
                json_array_foreach (db, i, e) {
                        const char *d = str_member(e, "directory");
                        if (d[0] != '/') {
                                char *abs = dl_path_join(base, d);
                                json_object_set_new(e, "directory", json_string(abs));
                                free(abs);
                        }
                }
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
