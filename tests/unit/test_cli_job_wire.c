/* test_cli_job_wire.c - a job's result sent by its worker process comes
 * back whole (log, findings with related locations, bytes that are not
 * UTF-8, NULL strings, the dump with a NUL byte, wrapper call counts), and
 * a result cut short or followed by garbage is refused (src/cli/job_wire.h).
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli/job_wire.h"
#include "core/alloc.h"
#include "rules/schema.h"

#include <stdlib.h>
#include <string.h>

struct fixture {
        struct dl_ruleset rules;
        struct dl_wrapper wrappers[2];
        unsigned long calls[2];
        struct dl_pipeline pipeline;
};

static void fixture_init(struct fixture *fx)
{
        memset(fx, 0, sizeof *fx);
        fx->calls[0] = 5;
        fx->wrappers[0].calls = &fx->calls[0];
        fx->wrappers[1].calls = &fx->calls[1];
        fx->rules.wrappers = fx->wrappers;
        fx->rules.n_wrappers = 2;
        fx->pipeline.rules = &fx->rules;
}

/* A job as a worker leaves it: two log entries, two findings, a dump. */
static void sample_job(struct dl_job *job, const struct dl_pipeline *p)
{
        memset(job, 0, sizeof *job);
        job->pipeline = p;
        job->path = "src/orders.cpp";
        job->outcome = DL_FILE_ANALYSED;
        job->clang_errors = 2;
        job->cache = DL_CACHE_WRITTEN;
        dl_log_init(&job->log, NULL, false);
        struct dl_loc at = {"src/orders.cpp", 12, 7};
        dl_log_add(&job->log, DL_LOG_WARNING, "clang-error", &at, "unknown type 'Foo'");
        dl_log_add(&job->log, DL_LOG_NOTE, "precompiled-stubs", NULL, "no precompiled header");
        struct dl_loc l1 = {"src/orders.cpp", 40, 9};
        struct dl_finding *f = dl_finding_new("scan", DL_SEV_WARNING, &l1,
                                              "Scan of table 'Caf\xe9s'"); /* Latin-1 */
        dl_finding_set_end(f, 40, 25);
        struct dl_loc l2 = {"src/keys.h", 3, 1};
        dl_finding_add_related(f, &l2, "the table name is defined here");
        f->function = dl_xstrdup("export_orders");
        f->signature = dl_xstrdup("Scan|Cafés");
        struct dl_finding *g = dl_finding_new("reserved-word", DL_SEV_ERROR, NULL, "");
        job->findings = dl_xcalloc(2, sizeof *job->findings);
        job->findings[0] = f;
        job->findings[1] = g;
        job->n_findings = 2;
        job->dump_len = 9;
        job->dump = dl_xmalloc(10);
        memcpy(job->dump, "a:1:1: \0x", 10);
        /* what a first-pass job inferred (recognize/infer.h) */
        struct dl_inferred w = {
                dl_xstrdup("net::post"), 0, DL_OP_PUT_ITEM, 3, {dl_xstrdup("src/http.c"), 14, 5}};
        DL_VEC_PUSH(&job->inferred.v, w);
}

static void encode_sample(struct fixture *fx, struct dl_strbuf *out)
{
        struct dl_job job;
        sample_job(&job, &fx->pipeline);
        unsigned long calls[2] = {3, 0};
        dl_strbuf_init(out);
        dl_job_wire_encode(&job, calls, 2, out);
        dl_job_fini(&job);
}

static void fresh_job(struct dl_job *job, const struct dl_pipeline *p)
{
        memset(job, 0, sizeof *job);
        job->pipeline = p;
        job->path = "src/orders.cpp";
        dl_log_init(&job->log, NULL, false);
}

static void test_round_trip(void **state)
{
        (void)state;
        struct fixture fx;
        fixture_init(&fx);
        struct dl_strbuf wire;
        encode_sample(&fx, &wire);
        struct dl_job job;
        fresh_job(&job, &fx.pipeline);
        job.outcome = DL_FILE_FAILED;
        assert_true(dl_job_wire_decode(wire.buf, wire.len, &job));
        assert_int_equal(job.outcome, DL_FILE_ANALYSED);
        assert_int_equal(job.clang_errors, 2);
        assert_int_equal(job.cache, DL_CACHE_WRITTEN);

        assert_int_equal(job.log.n, 2);
        assert_int_equal(job.log.items[0].level, DL_LOG_WARNING);
        assert_string_equal(job.log.items[0].id, "clang-error");
        assert_string_equal(job.log.items[0].file, "src/orders.cpp");
        assert_int_equal(job.log.items[0].line, 12);
        assert_int_equal(job.log.items[0].col, 7);
        assert_string_equal(job.log.items[0].message, "unknown type 'Foo'");
        assert_null(job.log.items[1].file);
        assert_int_equal(job.log.items[1].level, DL_LOG_NOTE);

        assert_int_equal(job.n_findings, 2);
        const struct dl_finding *f = job.findings[0];
        assert_string_equal(f->check_id, "scan");
        assert_int_equal(f->severity, DL_SEV_WARNING);
        assert_string_equal(f->message, "Scan of table 'Caf\xe9s'");
        assert_string_equal(f->loc.file, "src/orders.cpp");
        assert_int_equal(f->loc.line, 40);
        assert_int_equal(f->loc.col, 9);
        assert_int_equal(f->loc.end_line, 40);
        assert_int_equal(f->loc.end_col, 25);
        assert_int_equal(f->n_related, 1);
        assert_string_equal(f->related[0].loc.file, "src/keys.h");
        assert_int_equal(f->related[0].loc.line, 3);
        assert_string_equal(f->related[0].message, "the table name is defined here");
        assert_string_equal(f->function, "export_orders");
        assert_string_equal(f->signature, "Scan|Cafés");
        assert_null(f->fingerprint);
        const struct dl_finding *g = job.findings[1];
        assert_string_equal(g->check_id, "reserved-word");
        assert_int_equal(g->severity, DL_SEV_ERROR);
        assert_null(g->loc.file);
        assert_null(g->function);
        assert_int_equal(g->n_related, 0);

        assert_int_equal(job.dump_len, 9);
        assert_memory_equal(job.dump, "a:1:1: \0x", 9);
        assert_int_equal(job.inferred.v.n, 1);
        const struct dl_inferred *w = &job.inferred.v.items[0];
        assert_string_equal(w->name, "net::post");
        assert_int_equal(w->operation_argument, 0);
        assert_int_equal(w->op, DL_OP_PUT_ITEM);
        assert_int_equal(w->body_argument, 3);
        assert_string_equal(w->loc.file, "src/http.c");
        assert_int_equal(w->loc.line, 14);
        assert_int_equal(w->loc.col, 5);
        /* the worker's 3 calls of wrapper 0 added to the driver's 5 */
        assert_int_equal(fx.calls[0], 8);
        assert_int_equal(fx.calls[1], 0);
        dl_job_fini(&job);
        dl_strbuf_fini(&wire);
}

static void test_cut_short_or_trailing_bytes_refused(void **state)
{
        (void)state;
        struct fixture fx;
        fixture_init(&fx);
        struct dl_strbuf wire;
        encode_sample(&fx, &wire);
        for (size_t n = 0; n < wire.len; n++) {
                struct dl_job job;
                fresh_job(&job, &fx.pipeline);
                assert_false(dl_job_wire_decode(wire.buf, n, &job));
                dl_job_fini(&job);
        }
        char *longer = dl_xmalloc(wire.len + 1);
        memcpy(longer, wire.buf, wire.len);
        longer[wire.len] = 'E';
        struct dl_job job;
        fresh_job(&job, &fx.pipeline);
        assert_false(dl_job_wire_decode(longer, wire.len + 1, &job));
        dl_job_fini(&job);
        free(longer);
        dl_strbuf_fini(&wire);
}

/* What the result cache did comes back whatever it was: the driver counts
 * hits and writes from it (the worker's own counters die with it). */
static void test_cache_use_round_trip(void **state)
{
        (void)state;
        struct fixture fx;
        fixture_init(&fx);
        static const enum dl_cache_use uses[] = {DL_CACHE_UNUSED, DL_CACHE_HIT, DL_CACHE_WRITTEN,
                                                 DL_CACHE_MISSED};
        for (size_t i = 0; i < sizeof uses / sizeof *uses; i++) {
                struct dl_job sent;
                fresh_job(&sent, &fx.pipeline);
                sent.outcome = DL_FILE_ANALYSED;
                sent.cache = uses[i];
                struct dl_strbuf wire;
                dl_strbuf_init(&wire);
                dl_job_wire_encode(&sent, NULL, 0, &wire);
                struct dl_job job;
                fresh_job(&job, &fx.pipeline);
                job.cache = uses[(i + 1) % 4];
                assert_true(dl_job_wire_decode(wire.buf, wire.len, &job));
                assert_int_equal(job.cache, uses[i]);
                /* a value no enum dl_cache_use has (the last field) is refused */
                uint32_t bad = DL_CACHE_MISSED + 1;
                memcpy(wire.buf + wire.len - sizeof bad, &bad, sizeof bad);
                struct dl_job odd;
                fresh_job(&odd, &fx.pipeline);
                assert_false(dl_job_wire_decode(wire.buf, wire.len, &odd));
                dl_job_fini(&odd);
                dl_job_fini(&job);
                dl_job_fini(&sent);
                dl_strbuf_fini(&wire);
        }
}

static void test_unknown_record_refused(void **state)
{
        (void)state;
        struct fixture fx;
        fixture_init(&fx);
        struct dl_job job;
        fresh_job(&job, &fx.pipeline);
        assert_false(dl_job_wire_decode("Zjunk", 5, &job));
        /* an inferred wrapper with an operation no enum dl_op has */
        struct dl_job sent;
        fresh_job(&sent, &fx.pipeline);
        struct dl_inferred w = {dl_xstrdup("post"), 0, DL_OP_COUNT, 2, {NULL, 0, 0}};
        DL_VEC_PUSH(&sent.inferred.v, w);
        struct dl_strbuf wire;
        dl_strbuf_init(&wire);
        dl_job_wire_encode(&sent, NULL, 0, &wire);
        assert_false(dl_job_wire_decode(wire.buf, wire.len, &job));
        assert_int_equal(job.inferred.v.n, 0);
        dl_strbuf_fini(&wire);
        dl_job_fini(&sent);
        assert_int_equal(job.n_findings, 0);
        dl_job_fini(&job);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_round_trip),
                cmocka_unit_test(test_cut_short_or_trailing_bytes_refused),
                cmocka_unit_test(test_cache_use_round_trip),
                cmocka_unit_test(test_unknown_record_refused),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
