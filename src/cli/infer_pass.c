/* infer_pass.c - the first pass of inferred wrappers (infer_pass.h).
 * SPDX-License-Identifier: MIT
 */
#include "infer_pass.h"

#include "cache_files.h"
#include "jobs.h"
#include "pipeline.h"
#include "result_cache.h"

#include "../core/alloc.h"
#include "../core/digest.h"
#include "../core/htab.h"
#include "../core/arena.h"
#include "../core/error.h"
#include "../core/file.h"
#include "../core/log.h"
#include "../core/safefile.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../rules/schema.h"

#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* 2: a file is parsed when it may define a helper too (model/helper.h):
 * memo 1 remembered such files as "spells no target"; 3: what a parsed
 * file inferred is kept in the result cache (dl_infer_pass_memo) */
#define MEMO_HEAD "ddblint infer memo 3"
/* How many memo files infer-1/ keeps (one per executable and working directory). */
#define INFER_MEMO_KEEP 16

static bool memo_line(void *data, const char *start, const char *end)
{
        struct dl_infer_pass *ip = data;
        size_t n = (size_t)(end - start);
        char *copy = dl_xmalloc(n + 1); /* the table borrows its keys: the value owns it */
        memcpy(copy, start, n);
        copy[n] = '\0';
        if (dl_htab_get(ip->memo, copy, n)) {
                free(copy);
                return true;
        }
        dl_htab_put(ip->memo, copy, n, copy);
        ip->n_memo++;
        return true;
}

/* A first-pass job done: what it inferred joins ip->found (its log, the
 * parse's own notes and a crash's error, is the analysis's to give). */
static void take_inferred(void *data, struct dl_job *job, size_t index)
{
        (void)index;
        struct dl_infer_pass *ip = data;
        if (job->cache == DL_CACHE_HIT)
                ip->n_cached++;
        else
                ip->n_candidates++;
        dl_result_cache_count(ip->results, job->cache, 0);
        for (size_t i = 0; i < job->inferred.v.n; i++)
                DL_VEC_PUSH(&ip->found.v, job->inferred.v.items[i]);
        job->inferred.v.n = 0; /* the names and files moved */
        for (size_t i = 0; i < job->inferred.helpers.v.n; i++)
                DL_VEC_PUSH(&ip->found.helpers.v, job->inferred.helpers.v.items[i]);
        job->inferred.helpers.v.n = 0;
        dl_job_fini(job);
}

/* Parse the files which[0..k) for their wrappers, those of rules (may be
 * NULL) known: each in a worker process, bounded as the analysis is
 * (jobs.h), so a file that crashes libclang or never ends costs only its
 * own wrappers. */
static void infer_files(struct dl_infer_pass *ip, const struct dl_infer_inputs *in,
                        const size_t *which, size_t k, const struct dl_ruleset *rules)
{
        if (!k)
                return;
        static const struct dl_ruleset none = {0};
        struct dl_log quiet;
        dl_log_init(&quiet, NULL, false);
        struct dl_pipeline p = {0};
        p.rules = rules ? rules : &none;
        p.stub_include_dir = in->stub_dir;
        p.log = &quiet;
        p.infer = &ip->found; /* marks the pass: each job gets a list of its own */
        if (ip->results) {
                /* the first pass's entries: a key of their own, with the
                 * wrappers known to this round (pipeline.h) */
                uint8_t base[DL_RESULT_KEY_SIZE];
                dl_result_cache_base(ip->results, p.rules, NULL, 0, false, false, NULL, base);
                struct sha256_ctx ctx;
                sha256_init(&ctx);
                sha256_update(&ctx, sizeof base, base);
                dl_digest_str(&ctx, "first pass of inferred wrappers 1");
                sha256_digest(&ctx, sizeof p.cache_base, p.cache_base);
                p.cache = ip->results;
        }
        struct dl_job *jobs = dl_xcalloc(k, sizeof *jobs);
        for (size_t i = 0; i < k; i++) {
                jobs[i].pipeline = &p;
                jobs[i].path = in->paths[which[i]];
                jobs[i].args = in->args[which[i]];
                jobs[i].n_args = in->n_args[which[i]];
        }
        dl_jobs_run(jobs, k, in->workers, in->limits, take_inferred, ip);
        free(jobs);
        dl_log_fini(&quiet);
}

static bool ident_char(char c)
{
        return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
               (c >= 'A' && c <= 'Z');
}

/* Does text name a function of found as an identifier? */
static bool names_one(const char *text, size_t len, const struct dl_inferred_vec *found)
{
        for (size_t k = 0; k < found->v.n; k++) {
                const char *name = found->v.items[k].name;
                const char *last = strrchr(name, ':');
                name = last ? last + 1 : name;
                size_t m = strlen(name);
                for (size_t i = 0; m && i + m <= len; i++) {
                        if (text[i] != name[0] || memcmp(text + i, name, m) != 0)
                                continue;
                        if ((!i || !ident_char(text[i - 1])) &&
                            (i + m == len || !ident_char(text[i + m])))
                                return true;
                }
        }
        return false;
}

void dl_infer_pass_memo(struct dl_infer_pass *ip, const char *cache_dir, const struct stat *stats,
                        struct dl_result_cache *results)
{
        ip->results = results;
        if (!cache_dir || !stats || !results)
                return;
        char cwd[4096];
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        dl_digest_str(&ctx, MEMO_HEAD);
        /* the executable's digest: another build's scan may pick files this
         * one does not (a wider helper scan), so its "spelled no target"
         * lines never answer for this one */
        dl_digest_str(&ctx, dl_result_cache_program(results));
        dl_digest_str(&ctx, getcwd(cwd, sizeof cwd) ? cwd : "");
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof d, d);
        char hex[2 * SHA256_DIGEST_SIZE + 1];
        dl_hex(d, sizeof d, hex);
        ip->memo_root = dl_xstrdup(cache_dir);
        ip->memo_dir = dl_xasprintf("%s/infer-1", cache_dir);
        ip->memo_path = dl_xasprintf("%s/%s.memo", ip->memo_dir, hex);
        ip->stats = stats;
        ip->memo = dl_xcalloc(1, sizeof *ip->memo);
        dl_htab_init(ip->memo);
        dl_cache_sealed_lines(ip->memo_path, MEMO_HEAD, memo_line, ip);
}

void dl_infer_pass_run(struct dl_infer_pass *ip, const struct dl_infer_inputs *in, bool verbose,
                       struct dl_log *log)
{
        const char *const *paths = in->paths;
        size_t n = in->n;
        struct dl_strbuf keep; /* the memo's lines for this run */
        dl_strbuf_init(&keep);
        size_t kept = 0;
        bool changed = false;
        bool *parsed = dl_xcalloc(n + 1, sizeof *parsed);
        size_t *which = dl_xcalloc(n + 1, sizeof *which), k = 0;
        time_t now = time(NULL);
        for (size_t i = 0; i < n; i++) {
                char line[DL_STAMP_MAX + 4096];
                bool settled = false;
                size_t ll = 0;
                if (ip->memo && dl_file_stamp_of(&ip->stats[i], line, now, &settled) && settled) {
                        int w = snprintf(line + strlen(line), sizeof line - strlen(line), "\t%s",
                                         paths[i]);
                        ll = w > 0 && strlen(line) < sizeof line - 1 ? strlen(line) : 0;
                }
                if (ll && dl_htab_get(ip->memo, line, ll)) {
                        dl_strbuf_add(&keep, line, ll);
                        dl_strbuf_putc(&keep, '\n');
                        kept++;
                        continue; /* spelled no target, unchanged since */
                }
                char *text = NULL;
                size_t len = 0;
                struct dl_error err;
                dl_error_init(&err);
                bool candidate = dl_file_read(paths[i], &text, &len, &err) == DL_OK &&
                                 !memchr(text, '\0', len) &&
                                 (dl_infer_candidate(text, len) || dl_helper_candidate(text, len));
                free(text);
                dl_error_fini(&err);
                if (!candidate) {
                        if (ll && !memchr(line, '\n', ll)) {
                                dl_strbuf_add(&keep, line, ll);
                                dl_strbuf_putc(&keep, '\n');
                                changed = true;
                        }
                        continue;
                }
                parsed[i] = true;
                which[k++] = i;
        }
        infer_files(ip, in, which, k, NULL);
        /* a chain across files (a function calling a wrapper of another
         * file with its parameters): the files that name a wrapper found,
         * parsed with it known, at most twice more */
        for (int round = 0; round < 2 && ip->found.v.n; round++) {
                dl_inferred_sort(&ip->found);
                size_t before = ip->found.v.n;
                struct dl_wrapper *ws = dl_inferred_wrappers(ip->found.v.items, before);
                struct dl_ruleset rs = {0};
                rs.wrappers = ws;
                rs.n_wrappers = before;
                k = 0;
                for (size_t i = 0; i < n; i++) {
                        char *text = NULL;
                        size_t len = 0;
                        struct dl_error err;
                        dl_error_init(&err);
                        bool names = !parsed[i] &&
                                     dl_file_read(paths[i], &text, &len, &err) == DL_OK &&
                                     !memchr(text, '\0', len) && names_one(text, len, &ip->found);
                        free(text);
                        dl_error_fini(&err);
                        if (!names)
                                continue;
                        parsed[i] = true;
                        which[k++] = i;
                }
                infer_files(ip, in, which, k, &rs);
                dl_inferred_wrappers_free(ws, before);
                if (ip->found.v.n == before)
                        break;
        }
        free(parsed);
        free(which);
        changed = changed || kept != ip->n_memo;
        if (ip->memo && changed && dl_dir_private(ip->memo_root, ip->memo_dir)) {
                dl_cache_sealed_write(ip->memo_path, MEMO_HEAD, dl_strbuf_cstr(&keep));
                /* one memo per executable and working directory: the oldest go */
                dl_cache_keep_newest(ip->memo_dir, ".memo", INFER_MEMO_KEEP);
        }
        dl_strbuf_fini(&keep);
        size_t dropped = dl_inferred_sort(&ip->found);
        size_t dropped_helpers = dl_helper_sort(&ip->found.helpers);
        if (verbose && dropped_helpers)
                dl_log_add(log, DL_LOG_NOTE, "inferred-helper-ambiguous", NULL,
                           "%zu function%s defined in different files return different "
                           "values: not used at their calls",
                           dropped_helpers, dropped_helpers == 1 ? "" : "s");
        if (verbose && dropped)
                dl_log_add(log, DL_LOG_NOTE, "inferred-wrapper-ambiguous", NULL,
                           "%zu function name%s inferred as wrappers with different arguments "
                           "in different files: not used (declare them under wrappers:)",
                           dropped, dropped == 1 ? "" : "s");
        for (size_t i = 0; verbose && i < ip->found.v.n; i++) {
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                dl_inferred_describe(&sb, &ip->found.v.items[i]);
                dl_log_add(log, DL_LOG_NOTE, "inferred-wrapper", &ip->found.v.items[i].loc,
                           "inferred wrapper %s: its callers' calls are requests",
                           dl_strbuf_cstr(&sb));
                dl_strbuf_fini(&sb);
        }
        for (size_t i = 0; verbose && i < ip->found.helpers.v.n; i++) {
                const struct dl_helper *h = &ip->found.helpers.v.items[i];
                if (h->fill && !h->value) {
                        /* a function that fills its argument with text not known */
                        dl_log_add(log, DL_LOG_NOTE, "helper-not-followed", &h->loc,
                                   "helper %s is not known at its calls: it writes its argument "
                                   "%u on some paths only, or with text ddblint does not follow",
                                   h->name, h->fill);
                        continue;
                }
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                dl_helper_describe(&sb, h);
                dl_log_add(log, DL_LOG_NOTE, "inferred-helper", &h->loc,
                           "helper %s: known at its calls in other files", dl_strbuf_cstr(&sb));
                dl_strbuf_fini(&sb);
        }
        ip->wrappers = dl_inferred_wrappers(ip->found.v.items, ip->found.v.n);
}

const struct dl_ruleset *dl_infer_pass_rules(struct dl_infer_pass *ip, const struct dl_ruleset *rs)
{
        if (!ip || (!ip->found.v.n && !ip->found.helpers.v.n) || !rs)
                return rs;
        for (size_t i = 0; i < ip->n_rules; i++) {
                if (ip->of[i] == rs)
                        return ip->rules[i];
        }
        struct dl_ruleset *copy = dl_xmalloc(sizeof *copy);
        *copy = *rs;
        size_t n = rs->n_wrappers + ip->found.v.n;
        copy->wrappers = dl_xcalloc(n, sizeof *copy->wrappers);
        for (size_t i = 0; i < rs->n_wrappers; i++)
                copy->wrappers[i] = rs->wrappers[i];
        for (size_t i = 0; i < ip->found.v.n; i++)
                copy->wrappers[rs->n_wrappers + i] = ip->wrappers[i];
        copy->n_wrappers = n;
        copy->helpers = ip->found.helpers.v.items;
        copy->n_helpers = ip->found.helpers.v.n;
        ip->rules = dl_xrealloc(ip->rules, (ip->n_rules + 1) * sizeof *ip->rules);
        ip->of = dl_xrealloc(ip->of, (ip->n_rules + 1) * sizeof *ip->of);
        ip->rules[ip->n_rules] = copy;
        ip->of[ip->n_rules++] = rs;
        return copy;
}

void dl_infer_pass_fini(struct dl_infer_pass *ip)
{
        if (!ip)
                return;
        for (size_t i = 0; i < ip->n_rules; i++) {
                free(ip->rules[i]->wrappers);
                free(ip->rules[i]);
        }
        free(ip->rules);
        free(ip->of);
        dl_inferred_wrappers_free(ip->wrappers, ip->found.v.n);
        dl_inferred_vec_fini(&ip->found);
        if (ip->memo) {
                dl_htab_free_all(ip->memo, free);
                free(ip->memo);
        }
        free(ip->memo_path);
        free(ip->memo_dir);
        free(ip->memo_root);
        memset(ip, 0, sizeof *ip);
}
