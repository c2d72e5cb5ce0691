/* common.c - what the fuzz targets share (fuzz.h).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* mkdtemp */
#include "fuzz.h"

#include "cli/pipeline.h"
#include "core/alloc.h"
#include "core/arena.h"
#include "core/strbuf.h"
#include "core/vec.h"
#include "findings/finding.h"
#include "model/format.h"
#include "model/normalize.h"
#include "model/template.h"
#include "rules/ruleset.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every table, index and option the checks read, so that fuzzed requests
 * reach the schema checks and the partition-key checks' options. */
static const char rules_yaml[] =
        "version: 1\n"
        "checks:\n"
        "  scan: {severity: error}\n"
        "  constant-partition-key: {allow: ['^AUDIT$']}\n"
        "  low-cardinality-partition-key: {patterns: ['^STATUS#', '^COUNTRY#[A-Z]{2}$']}\n"
        "  hot-key-unsharded:\n"
        "    keys:\n"
        "      - {table: orders, pattern: '^PRODUCT#sale', shard-suffix: '#[0-9]+'}\n"
        "tables:\n"
        "  - name: orders\n"
        "    partition-key: {name: pk, type: S}\n"
        "    sort-key: {name: sk, type: S}\n"
        "    indexes:\n"
        "      - {name: byG, kind: global, partition-key: {name: g, type: S},\n"
        "         sort-key: {name: gs, type: N}}\n"
        "      - {name: bySparse, kind: global, partition-key: {name: GSI1PK, type: S},\n"
        "         sort-key: {name: GSI1SK, type: S}, sparse: {values: [UNSHIPPED]}}\n"
        "      - {name: byL, kind: local, sort-key: {name: lsk, type: S},\n"
        "         projection: {type: include, non-key-attributes: [a, b]}}\n"
        "  - match: '(dev|prod)-audit'\n"
        "    partition-key: {name: EntityId, type: S}\n"
        "  - default: true\n"
        "    partition-key: {name: PK, type: S}\n"
        "    sort-key: {name: SK, type: S}\n";

static const char *const one_of[] = {"OPEN", "CLOSED"};
static const char *const awkward[] = {"", "a|b", "<x>", "\x01"};
static const char *const status[] = {"ACTIVE", "INACTIVE", "BANNED"};

/* The shape the byte after FUZZ_HOLE names (fuzz.h), or NULL. */
static const struct dl_hole *shape_of(struct dl_arena *a, uint8_t c)
{
        struct dl_hole h = {0};
        switch (c) {
        case 'd': h.kind = DL_HOLE_DIGITS; break;
        case 'b': h.kind = DL_HOLE_BOOL; break;
        case 'o':
                h.kind = DL_HOLE_ONE_OF;
                h.values = one_of;
                h.n_values = 2;
                break;
        case 'O':
                h.kind = DL_HOLE_ONE_OF;
                h.values = awkward;
                h.n_values = 4;
                break;
        case 'e':
                h.kind = DL_HOLE_ENUM;
                h.name = "Status";
                h.values = status;
                h.n_values = 3;
                break;
        case 't':
                h.kind = DL_HOLE_DATE;
                h.format = "%Y-%m-%d";
                break;
        case 'T':
                h.kind = DL_HOLE_DATE;
                h.format = "%Y-%m-%dT%H:%M:%SZ";
                break;
        case 'y':
                h.kind = DL_HOLE_DATE;
                h.format = "%Y";
                break;
        case 's':
                h.kind = DL_HOLE_SHARD;
                h.bound = 16;
                break;
        case '2':
                h.kind = DL_HOLE_SHARD;
                h.bound = 2;
                break;
        case '1':
                h.kind = DL_HOLE_SHARD;
                h.bound = 1;
                break;
        default: return NULL;
        }
        if (h.kind == DL_HOLE_DATE)
                h.grain = dl_format_time_grain(h.format, strlen(h.format), NULL);
        h.source = "fuzz";
        h.loc = (struct dl_loc){FUZZ_FILE, 1, 1};
        return dl_hole_new(a, &h);
}

struct dl_value fuzz_value(struct dl_arena *a, const uint8_t *p, size_t n, unsigned line)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, a);
        /* The empty string is known text, not a hole. */
        dl_tmpl_text(&t, "", 0, NULL, (struct dl_loc){FUZZ_FILE, line, 1}, NULL);
        size_t i = 0;
        while (i < n) {
                struct dl_loc at = {FUZZ_FILE, line, (unsigned)(i + 1)};
                if (p[i] == FUZZ_HOLE && i + 1 < n && p[i + 1] == FUZZ_HOLE) {
                        dl_tmpl_text(&t, (const char *)p + i, 1, NULL, at, NULL);
                        i += 2;
                } else if (p[i] == FUZZ_HOLE) {
                        dl_tmpl_hole(&t, i + 1 < n ? shape_of(a, p[i + 1]) : NULL);
                        i += 2;
                } else {
                        size_t j = i;
                        while (j < n && p[j] != FUZZ_HOLE)
                                j++;
                        /* One location per byte, as the frontend gives
                         * a literal's bytes. */
                        struct dl_loc *locs = dl_xcalloc(j - i, sizeof *locs);
                        for (size_t k = i; k < j; k++)
                                locs[k - i] = (struct dl_loc){FUZZ_FILE, line, (unsigned)(k + 1)};
                        dl_tmpl_text(&t, (const char *)p + i, j - i, locs, at, NULL);
                        free(locs);
                        i = j;
                }
        }
        struct dl_value v = dl_tmpl_finish(&t, (struct dl_loc){FUZZ_FILE, line, 1});
        dl_tmpl_fini(&t);
        return v;
}

bool fuzz_split(const uint8_t **p, size_t *n, uint8_t sep, const uint8_t **part, size_t *part_len)
{
        if (*n == 0)
                return false;
        const uint8_t *end = memchr(*p, sep, *n);
        size_t len = end ? (size_t)(end - *p) : *n;
        *part = *p;
        *part_len = len;
        size_t skip = end ? len + 1 : len;
        *p += skip;
        *n -= skip;
        return true;
}

void fuzz_request_init(struct dl_request *req, enum dl_op op, unsigned line)
{
        dl_request_init(req, op);
        req->call = (struct dl_loc){FUZZ_FILE, line, 1};
        req->function = "fuzz";
        req->recognizer = "fuzz";
        req->client_method = dl_op_name(op);
}

enum dl_op fuzz_op(uint8_t c)
{
        switch (c) {
        case 'Q': return DL_OP_QUERY;
        case 'S': return DL_OP_SCAN;
        case 'G': return DL_OP_GET_ITEM;
        case 'P': return DL_OP_PUT_ITEM;
        case 'U': return DL_OP_UPDATE_ITEM;
        case 'D': return DL_OP_DELETE_ITEM;
        case 'W': return DL_OP_TRANSACT_WRITE_ITEMS;
        case 'R': return DL_OP_TRANSACT_GET_ITEMS;
        case 'B': return DL_OP_BATCH_WRITE_ITEM;
        case 'b': return DL_OP_BATCH_GET_ITEM;
        case 'E': return DL_OP_EXECUTE_STATEMENT;
        case 'X': return DL_OP_EXECUTE_TRANSACTION;
        case 'x': return DL_OP_BATCH_EXECUTE_STATEMENT;
        default: return (enum dl_op)(c % DL_OP_COUNT);
        }
}

static struct dl_ruleset *rules;
static DL_VEC(struct dl_finding *) findings; /* until flush() */
static struct dl_pipeline pipeline;
static bool pipeline_ready;

static void free_rules(void)
{
        DL_VEC_FREE(&findings);
        if (pipeline_ready)
                dl_pipeline_fini(&pipeline);
        dl_ruleset_free(rules);
}

static const char **ids;
static size_t n_ids;

static void free_ids(void)
{
        free(ids);
}

const char *const *fuzz_check_ids(size_t *n)
{
        if (!ids) {
                atexit(free_ids);
                const struct dl_catalogue *cat = dl_catalogue_get();
                ids = dl_xcalloc(cat->n, sizeof *ids);
                for (size_t i = 0; i < cat->n; i++)
                        ids[i] = cat->checks[i]->info->id;
                n_ids = cat->n;
        }
        *n = n_ids;
        return ids;
}

const struct dl_ruleset *fuzz_rules(void)
{
        if (rules)
                return rules;
        size_t n;
        const char *const *check_ids = fuzz_check_ids(&n);
        struct dl_error err;
        dl_error_init(&err);
        if (dl_ruleset_load_string("fuzz.yaml", rules_yaml, sizeof rules_yaml - 1, check_ids, n,
                                   &rules, &err) != DL_OK) {
                fprintf(stderr, "fuzz: the harness's rules do not load: %s\n", err.message);
                abort();
        }
        dl_error_fini(&err);
        atexit(free_rules);
        return rules;
}

/* Findings are kept until the checks return (a check may still add
 * related locations to the finding dl_report handed back), then rendered
 * once (what a reporter reads) and freed by fuzz_flush. */
static void keep(void *data, struct dl_finding *take)
{
        (void)data;
        DL_VEC_PUSH(&findings, take);
}

static void flush(void)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (size_t k = 0; k < findings.n; k++) {
                const struct dl_finding *f = findings.items[k];
                dl_strbuf_reset(&sb);
                dl_strbuf_printf(&sb, "%s:%u:%u: %s [%s]", f->loc.file ? f->loc.file : "",
                                 f->loc.line, f->loc.col, f->message, f->check_id);
                for (size_t i = 0; i < f->n_related; i++)
                        dl_strbuf_printf(&sb, " %s:%u:%u: %s",
                                         f->related[i].loc.file ? f->related[i].loc.file : "",
                                         f->related[i].loc.line, f->related[i].loc.col,
                                         f->related[i].message);
                dl_finding_free(findings.items[k]);
        }
        dl_strbuf_fini(&sb);
        findings.n = 0;
}

enum dl_status fuzz_pipeline_init(struct dl_pipeline *p, const struct dl_ruleset *rs,
                                  struct dl_error *err)
{
        return dl_pipeline_init(p, rs, NULL, keep, NULL, err);
}

const struct dl_pipeline *fuzz_pipeline(void)
{
        if (pipeline_ready)
                return &pipeline;
        struct dl_error err;
        dl_error_init(&err);
        if (fuzz_pipeline_init(&pipeline, fuzz_rules(), &err) != DL_OK) {
                fprintf(stderr, "fuzz: the checks refuse the harness's rules: %s\n", err.message);
                abort();
        }
        dl_error_fini(&err);
        pipeline_ready = true;
        return &pipeline;
}

void fuzz_check_with(const struct dl_pipeline *p, struct dl_arena *a, struct dl_request *req)
{
        dl_model_normalize(a, req);
        dl_pipeline_check(p, req);
        flush();
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_request_dump(&sb, req);
        dl_strbuf_reset(&sb);
        dl_request_signature(&sb, req);
        dl_strbuf_fini(&sb);
}

void fuzz_check(struct dl_arena *a, struct dl_request *req)
{
        fuzz_check_with(fuzz_pipeline(), a, req);
}

static char dir[4096];
static char path[4096 + 256];

static void remove_dir(void)
{
        DIR *d = opendir(dir);
        if (d) {
                struct dirent *e;
                while ((e = readdir(d)) != NULL) {
                        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                                unlink(path);
                        }
                }
                closedir(d);
        }
        rmdir(dir);
}

const char *fuzz_dir(void)
{
        if (dir[0])
                return dir;
        /* Memory, not disk, when nobody chose: every input is a new file,
         * and on a disk file system rewriting one costs a block allocation
         * at close (ext4's replace-by-truncate heuristic), 5 times the
         * parse of a small input. */
        const char *tmp = getenv("TMPDIR");
        if (!tmp || !*tmp)
                tmp = access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(dir, sizeof dir, "%s/ddblint-fuzz-XXXXXX", tmp);
        if (!mkdtemp(dir)) {
                perror("fuzz: mkdtemp");
                abort();
        }
        atexit(remove_dir);
        return dir;
}

const char *fuzz_file(const char *name, const uint8_t *data, size_t n)
{
        snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
        /* A new file rather than the last one truncated (above). */
        unlink(path);
        FILE *f = fopen(path, "wb");
        if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f) != 0) {
                perror("fuzz: writing the input file");
                abort();
        }
        return path;
}
