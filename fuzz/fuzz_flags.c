/* fuzz_flags.c - the input as the compile flags of a file in the tree, one
 * flag a line (as compile_flags.txt gives them), through the allow-list
 * (frontend/flags.h) with the fuzzer's own directory as the project root;
 * then the same bytes as compile_flags.txt beside a source, as the run
 * reads them (dl_compile_args_for). What passes the list must pass it
 * again unchanged, and no kept flag may be one the list drops on its own
 * (a value is judged with its flag, never alone): either is a bug, and
 * the target aborts.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/alloc.h"
#include "frontend/compdb.h"
#include "frontend/flags.h"

#include <stdlib.h>
#include <string.h>

/* The lines of data (NUL and newline both end one; empty ones skipped). */
static char **split(const uint8_t *data, size_t size, size_t *n)
{
        char **v = dl_xcalloc(size + 1, sizeof *v);
        *n = 0;
        size_t start = 0;
        for (size_t i = 0; i <= size; i++) {
                if (i < size && data[i] != '\n' && data[i] != '\0')
                        continue;
                if (i > start)
                        v[(*n)++] = dl_xstrndup((const char *)data + start, i - start);
                start = i + 1;
        }
        return v;
}

static void free_all(char **v, size_t n)
{
        for (size_t i = 0; i < n; i++)
                free(v[i]);
        free(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (size > 65536)
                return 0;
        const char *root = fuzz_dir();
        size_t n;
        char **argv = split(data, size, &n);
        struct dl_flag_drop *drops = NULL;
        size_t n_drops = 0;
        size_t dropped = dl_flags_filter(argv, &n, root, &drops, &n_drops);
        if (dropped != n_drops)
                abort();
        free(dl_flags_note(drops, n_drops, "compile_flags.txt", false));
        free(dl_flags_note(drops, n_drops, "compile_commands.json", true));
        dl_flags_drops_free(drops, n_drops);
        /* the kept flags pass again, whole and in order */
        char **again = dl_xcalloc(n + 1, sizeof *again);
        for (size_t i = 0; i < n; i++)
                again[i] = dl_xstrdup(argv[i]);
        size_t m = n;
        if (dl_flags_filter(again, &m, root, NULL, NULL) != 0 || m != n)
                abort();
        for (size_t i = 0; i < n; i++) {
                if (strcmp(again[i], argv[i]) != 0)
                        abort();
        }
        free_all(again, m);
        free_all(argv, n);

        /* the same bytes as compile_flags.txt beside a source */
        fuzz_file("compile_flags.txt", data, size);
        const char *src = fuzz_file("a.cpp", (const uint8_t *)"int a;\n", 7);
        char *path = dl_xstrdup(src);
        struct dl_compile_args args = {0};
        struct dl_error err;
        dl_error_init(&err);
        if (dl_compile_args_for(NULL, path, root, root, NULL, 0, &args, &err) == DL_OK)
                dl_compile_args_fini(&args);
        dl_error_fini(&err);
        free(path);
        return 0;
}
