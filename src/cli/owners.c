/* owners.c - the owners of a directory walk's headers (owners.h).
 * SPDX-License-Identifier: MIT
 */
#include "owners.h"

#include "walk.h"

#include "../core/alloc.h"
#include "../frontend/scan.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A walked file by its real path. */
struct by_real {
        char *real;
        size_t index;
};

static int cmp_real(const void *a, const void *b)
{
        const struct by_real *x = a, *y = b;
        int c = strcmp(x->real, y->real);
        return c ? c : (x->index > y->index) - (x->index < y->index);
}

static char *real_of(const char *path)
{
        char buf[PATH_MAX];
        return dl_xstrdup(realpath(path, buf) ? buf : path);
}

size_t dl_owners_find(const struct dl_owner_input *in, size_t n, const char *stub_dir,
                      size_t *owner)
{
        struct by_real *headers = dl_xcalloc(n + 1, sizeof *headers);
        struct by_real *sources = dl_xcalloc(n + 1, sizeof *sources);
        size_t n_headers = 0, n_sources = 0, owned = 0;
        for (size_t i = 0; i < n; i++) {
                owner[i] = DL_NO_OWNER;
                const char *slash = strrchr(in[i].path, '/');
                const char *base = slash ? slash + 1 : in[i].path;
                if (dl_is_unit_name(base))
                        sources[n_sources++] = (struct by_real){NULL, i};
                else if (!in[i].named)
                        headers[n_headers++] = (struct by_real){NULL, i};
        }
        /* real paths only when some header may have an owner */
        for (size_t i = 0; n_headers && n_sources && i < n_headers; i++)
                headers[i].real = real_of(in[headers[i].index].path);
        for (size_t i = 0; n_headers && n_sources && i < n_sources; i++)
                sources[i].real = real_of(in[sources[i].index].path);
        if (n_headers && n_sources) {
                qsort(headers, n_headers, sizeof *headers, cmp_real);
                qsort(sources, n_sources, sizeof *sources, cmp_real);
                struct dl_scan *scan = dl_scan_new();
                for (size_t s = 0; s < n_sources && owned < n_headers; s++) {
                        const struct dl_owner_input *src = &in[sources[s].index];
                        struct dl_search_paths sp;
                        dl_search_paths_from_args(src->path, src->args, src->n_args, &sp);
                        struct dl_scan_tu tu;
                        if (dl_scan_tu(scan, src->path, &sp, stub_dir, &tu, NULL) != DL_OK) {
                                dl_search_paths_fini(&sp);
                                continue;
                        }
                        for (size_t h = 0; h < tu.n_headers; h++) {
                                struct by_real key = {tu.headers[h], 0};
                                /* the first entry of that real path */
                                size_t lo = 0, hi = n_headers;
                                while (lo < hi) {
                                        size_t mid = lo + (hi - lo) / 2;
                                        if (strcmp(headers[mid].real, key.real) < 0)
                                                lo = mid + 1;
                                        else
                                                hi = mid;
                                }
                                for (; lo < n_headers && !strcmp(headers[lo].real, key.real);
                                     lo++) {
                                        size_t i = headers[lo].index;
                                        if (owner[i] == DL_NO_OWNER && in[i].rules == src->rules) {
                                                owner[i] = sources[s].index;
                                                owned++;
                                        }
                                }
                        }
                        dl_scan_tu_fini(&tu);
                        dl_search_paths_fini(&sp);
                }
                dl_scan_free(scan);
        }
        for (size_t i = 0; i < n_headers; i++)
                free(headers[i].real);
        for (size_t i = 0; i < n_sources; i++)
                free(sources[i].real);
        free(headers);
        free(sources);
        return owned;
}
