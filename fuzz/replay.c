/* replay.c - main() for a fuzz target outside libFuzzer: runs
 * LLVMFuzzerTestOneInput once on each file named, or on each regular file
 * of each directory named (in name order), so that the ordinary test suite
 * (plain and under the sanitizers) replays the regression inputs of
 * tests/fuzz/ and the seed corpus with any compiler.
 *   fuzz_<name>_replay FILE|DIR...
 * Prints "replayed N inputs"; exits 2 when a file cannot be read and 1 when
 * nothing was named or found. A crash aborts, as under libFuzzer.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/alloc.h"
#include "core/file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Targets without set-up define no LLVMFuzzerInitialize. */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static int replay(const char *path, size_t *count)
{
        char *text = NULL;
        size_t len = 0;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_file_read(path, &text, &len, &err) != DL_OK) {
                fprintf(stderr, "replay: %s\n", err.message);
                dl_error_fini(&err);
                return 2;
        }
        dl_error_fini(&err);
        /* A copy of exactly len bytes, so that ASan sees a read past the
         * input as libFuzzer's own copy would. */
        uint8_t *copy = dl_xmalloc(len ? len : 1);
        memcpy(copy, text, len);
        free(text);
        LLVMFuzzerTestOneInput(copy, len);
        free(copy);
        (*count)++;
        return 0;
}

static int cmp_names(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_dir(const char *dir, size_t *count)
{
        DIR *d = opendir(dir);
        if (!d) {
                perror(dir);
                return 2;
        }
        char **names = NULL;
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
                if (e->d_name[0] == '.')
                        continue;
                names = dl_xrealloc(names, (n + 1) * sizeof *names);
                names[n++] = dl_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_names);
        int rc = 0;
        for (size_t i = 0; i < n; i++) {
                struct stat st;
                if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) && replay(names[i], count))
                        rc = 2;
                free(names[i]);
        }
        free(names);
        return rc;
}

int main(int argc, char **argv)
{
        if (LLVMFuzzerInitialize)
                LLVMFuzzerInitialize(&argc, &argv);
        size_t count = 0;
        int rc = 0;
        for (int i = 1; i < argc; i++) {
                struct stat st;
                int r = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? replay_dir(argv[i], &count)
                                                                       : replay(argv[i], &count);
                if (r)
                        rc = r;
        }
        printf("replayed %zu inputs\n", count);
        if (rc == 0 && count == 0)
                rc = 1;
        return rc;
}
