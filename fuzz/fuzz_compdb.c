/* fuzz_compdb.c - the input as DIR/compile_commands.json, loaded as the
 * CLI's -p DIR loads it (dl_cli_compdb_open: jansson's check, then
 * libclang's compilation database), then the flags for a few files
 * (dl_compile_args_for), as the run asks for each source.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "cli/cli.h"
#include "core/alloc.h"
#include "frontend/compdb.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        fuzz_file("compile_commands.json", data, size);
        const char *dir = fuzz_dir();
        struct dl_compdb *db = NULL;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_cli_compdb_open(dir, dir, &db, &err) == DL_OK) {
                /* The seeds name these files (fuzz/gen-corpus). */
                static const char *const files[] = {"a.cpp", "src/b.c", "/abs/c.cc"};
                for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
                        char *path = files[i][0] == '/' ? dl_xstrdup(files[i])
                                                        : dl_xasprintf("%s/%s", dir, files[i]);
                        struct dl_compile_args args = {0};
                        if (dl_compile_args_for(db, path, dir, dir, NULL, 0, &args, &err) == DL_OK)
                                dl_compile_args_fini(&args);
                        free(path);
                }
        } else {
                free(dl_error_format(&err));
        }
        dl_compdb_free(db);
        dl_error_fini(&err);
        return 0;
}
