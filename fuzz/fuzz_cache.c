/* fuzz_cache.c - the readers of the cache directory's files
 * (docs/security.md, "Caches"): the input's first byte picks one, the rest
 * is the body of the file it reads, sealed here with the plain SHA-256 the
 * reader checks (so that the parser behind the seal is reached) and written
 * where the reader looks:
 *   R  a result entry (result_cache.h) of a fixed key; a byte 0x02 in the
 *      body splits it: before, the entry; after, the body of the header
 *      list it names when its "L" line names "-" (the harness puts the
 *      list's real name there)
 *   P  the prefilter's memo (prefilter_memo.h)
 *   C  the compilation database's memo (compdb_memo.h), then three answers
 *   D  the digest memo (cache_files.h)
 *   anything else: the whole input is a sealed file as found on disk,
 *      checked by dl_cache_unseal with no key and with a key.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "cli/cache_files.h"
#include "cli/compdb_memo.h"
#include "cli/prefilter_memo.h"
#include "cli/result_cache.h"
#include "core/alloc.h"
#include "core/digest.h"
#include "core/file.h"
#include "core/safefile.h"
#include "frontend/compdb.h"

#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The format lines the readers want (the sources' HEAD and FORMAT). */
#define ENTRY_HEAD "ddblint-result-cache 7 fuzz"
#define LIST_HEAD "ddblint-header-list 1"

/* The key of the fuzzed result entry: 32 bytes 0x5a. */
static const uint8_t entry_key[DL_RESULT_KEY_SIZE] = {
        0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a,
        0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a,
        0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a};

/* Writes head, body (n bytes) and their SHA-256 seal to path. */
static void write_sealed(const char *path, const char *head, const uint8_t *body, size_t n)
{
        size_t len = strlen(head);
        char *text = dl_xmalloc(len + 1 + n + 1 + 2 * SHA256_DIGEST_SIZE + 2);
        memcpy(text, head, len);
        text[len++] = '\n';
        memcpy(text + len, body, n);
        len += n;
        text[len++] = '\n';
        dl_sha256_hex(text, len, text + len);
        len += 2 * SHA256_DIGEST_SIZE;
        text[len++] = '\n';
        char *dir = dl_xstrdup(path);
        *strrchr(dir, '/') = '\0';
        dl_mkdirs(dir);
        free(dir);
        if (!dl_file_replace(path, text, len)) {
                perror("fuzz_cache: writing a cache file");
                abort();
        }
        free(text);
}

/* The digest memo every result cache of the run shares: the executable's
 * digest is read once, not for every input. */
static struct dl_digest_memo *digests;

static void fuzz_result_entry(const char *cache, const uint8_t *p, size_t n)
{
        const uint8_t *cut = memchr(p, 0x02, n);
        size_t n_entry = cut ? (size_t)(cut - p) : n;
        char list_name[2 * SHA256_DIGEST_SIZE + 1] = "";
        if (cut) { /* the list, named as the result cache names it */
                const uint8_t *lb = cut + 1;
                size_t nl = n - n_entry - 1;
                char *text = dl_xmalloc(sizeof LIST_HEAD + nl + 1);
                memcpy(text, LIST_HEAD "\n", sizeof LIST_HEAD);
                memcpy(text + sizeof LIST_HEAD, lb, nl);
                text[sizeof LIST_HEAD + nl] = '\n';
                dl_sha256_hex(text, sizeof LIST_HEAD + nl + 1, list_name);
                free(text);
                char *path = dl_xasprintf("%s/results/lists/%s", cache, list_name);
                write_sealed(path, LIST_HEAD, lb, nl);
                free(path);
        }
        /* "L\t-" at the end of the entry names the list above */
        uint8_t *entry = dl_xmalloc(n_entry + sizeof list_name);
        memcpy(entry, p, n_entry);
        if (cut && n_entry >= 3 && !memcmp(p + n_entry - 3, "L\t-", 3)) {
                memcpy(entry + n_entry - 1, list_name, strlen(list_name));
                n_entry += strlen(list_name) - 1;
        }
        char hex[2 * DL_RESULT_KEY_SIZE + 1];
        dl_hex(entry_key, sizeof entry_key, hex);
        char *path = dl_xasprintf("%s/results/%.2s/%s", cache, hex, hex + 2);
        write_sealed(path, ENTRY_HEAD, entry, n_entry);
        free(path);
        free(entry);
        struct dl_result_cache *c = dl_result_cache_new(cache, 1 << 20, "fuzz", NULL, digests);
        struct dl_result r = {0};
        if (c && dl_result_cache_get(c, entry_key, &r))
                dl_result_fini(&r);
        dl_result_cache_free(c);
}

static void fuzz_prefilter_memo(const char *cache, const uint8_t *p, size_t n)
{
        struct dl_prefilter_memo *m = dl_prefilter_memo_new(cache, "fuzz", NULL);
        char *path = m ? dl_xstrdup(dl_prefilter_memo_file(m)) : NULL;
        dl_prefilter_memo_free(m);
        if (!path)
                return;
        write_sealed(path, "ddblint-prefilter-memo 1", p, n);
        free(path);
        m = dl_prefilter_memo_new(cache, "fuzz", NULL);
        dl_prefilter_memo_free(m);
}

static void fuzz_compdb_memo(const char *cache, const uint8_t *p, size_t n)
{
        static const uint8_t db[] = "[]";
        const char *db_file = fuzz_file("compile_commands.json", db, sizeof db - 1);
        struct dl_compdb_memo *m = dl_compdb_memo_new(cache, db_file, NULL);
        char *path = m ? dl_xstrdup(dl_compdb_memo_file(m)) : NULL;
        dl_compdb_memo_free(m);
        if (!path)
                return;
        write_sealed(path, "ddblint-compdb-memo 2", p, n);
        free(path);
        m = dl_compdb_memo_new(cache, db_file, NULL);
        static const char *const files[] = {"/a.cpp", "a.cpp", "/src/b.c"};
        for (size_t i = 0; m && i < sizeof files / sizeof *files; i++) {
                struct dl_compile_args args = {0};
                if (dl_compdb_memo_get(m, files[i], &args) > 0)
                        dl_compile_args_fini(&args);
        }
        dl_compdb_memo_free(m);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        (void)argc;
        (void)argv;
        char *cache = dl_xasprintf("%s/cache", fuzz_dir());
        digests = dl_digest_memo_open(cache);
        free(cache);
        return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (!size)
                return 0;
        char *cache = dl_xasprintf("%s/cache", fuzz_dir());
        const uint8_t *p = data + 1;
        size_t n = size - 1;
        switch (data[0]) {
        case 'R': fuzz_result_entry(cache, p, n); break;
        case 'P': fuzz_prefilter_memo(cache, p, n); break;
        case 'C': fuzz_compdb_memo(cache, p, n); break;
        case 'D': {
                char *path = dl_xasprintf("%s/digests-2", cache);
                write_sealed(path, "ddblint-digests 2", p, n);
                free(path);
                dl_digest_memo_close(dl_digest_memo_open(cache));
                break;
        }
        default: {
                const char *body;
                size_t len;
                dl_cache_unseal((const char *)data, size, "ddblint-result-cache 4 fuzz", NULL,
                                &body, &len);
                dl_cache_unseal((const char *)data, size, "ddblint-header-list 1", "key", &body,
                                &len);
                break;
        }
        }
        free(cache);
        return 0;
}
