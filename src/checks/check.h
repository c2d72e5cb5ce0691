/* check.h - the uniform interface of a check, and the report path.
 * SPDX-License-Identifier: MIT
 *
 * A check is a pure function of a normalized request (model/request.h) and
 * the rules file's schema (rules/schema.h). It reports through dl_report()
 * only; it never sees suppression, the baseline, severity overrides or the
 * output format (those belong to findings/sink.c and report/).
 * See docs/architecture.md and design.md section 8.
 */
#ifndef DL_CHECKS_CHECK_H
#define DL_CHECKS_CHECK_H

#include "../core/error.h"
#include "../core/loc.h"
#include "../core/severity.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_request;
struct dl_ruleset;
struct dl_table;
struct dl_check_config;
struct dl_finding;
struct dl_log;

struct dl_check_info {
        const char *id;        /* "query-missing-key-condition": stable forever */
        const char *summary;   /* one sentence, no final period; opens the docs page */
        enum dl_severity severity; /* default; the rules file may override */
        const char *tags;      /* comma-separated: "cost,performance" */
        const char *help_uri;  /* docs page URL */
};

struct dl_check_ctx;

struct dl_check {
        const struct dl_check_info *info;
        /* Optional: read options once; report bad values via err with the
         * option's rules-file location. cfg may be NULL (no entry in the
         * rules file); rules is never NULL (its tables let options that
         * name a table be checked). *state is passed back in ctx. */
        enum dl_status (*configure)(void **state, const struct dl_check_config *cfg,
                                    const struct dl_ruleset *rules, struct dl_error *err);
        /* Optional: called once per normalized request (batch members
         * included as their own requests). A check that judges a unit's
         * requests together has run_unit only; a table check run_table. */
        void (*run)(const struct dl_check_ctx *ctx, const struct dl_request *req);
        /* Optional: called once per translation unit after run() has seen
         * every request of it, with all of them (batch and transaction
         * members included, in the order run() saw them; ctx->req is NULL):
         * the place for a finding about a design that several requests
         * share, reported once per file (docs/architecture.md). The
         * requests live until it returns. */
        void (*run_unit)(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs,
                         size_t n);
        /* Optional: called once per table of a definition file (a
         * CloudFormation or SAM template, describe-table or terraform
         * output; rules/schema.h, t->def never NULL) and per CreateTable
         * or UpdateTable, with ctx->req NULL: a table check
         * (docs/architecture.md, "Tables as code"). Its findings sit in
         * the definition file: dl_report_table(). */
        void (*run_table)(const struct dl_check_ctx *ctx, const struct dl_table *t);
        void (*destroy)(void *state); /* optional */
        /* Option keys the check reads in configure (kebab-case), NULL-
         * terminated; NULL when the check has none. Any other key under the
         * check's id in the rules file (besides `enabled` and `severity`)
         * is a configuration error, so a typo never silently turns a
         * setting off. */
        const char *const *options;
        /* Runs only where the rules file enables it (`enabled: true`) or
         * --checks names it: a check most projects have nothing to feed
         * (undeclared-access-pattern needs declared patterns). */
        bool off_by_default;
};

/* Where dl_report() sends a finding: ownership moves to the callee. */
typedef void (*dl_finding_emit_fn)(void *data, struct dl_finding *take);

struct dl_check_ctx {
        const struct dl_check *check;
        const struct dl_ruleset *rules;  /* never NULL; may have no tables */
        void *state;                     /* from configure, or NULL */
        const struct dl_request *req;    /* the request being checked */
        dl_finding_emit_fn emit;
        void *emit_data;
        struct dl_log *log;              /* tool notes (core/log.h), or NULL */
};

/**
 * dl_report - report one finding of ctx's check at loc.
 * The message is printf-formatted (lower-case start, no final period, user
 * identifiers in single quotes). The context fills the check id, default
 * severity, enclosing function and request signature (fingerprint inputs).
 * When ctx->req was inferred from tokens, " (client inferred from source
 * tokens)" is appended.
 * Returns: the finding (transfer none): it already belongs to the sink,
 * but related locations and an end column may still be added to it until
 * the check's run() returns.
 */
struct dl_finding *dl_report(const struct dl_check_ctx *ctx, const struct dl_loc *loc,
                             const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/**
 * dl_report_table - dl_report() for a table check (run_table): the finding
 * sits at loc in t's definition file (a YAML or JSON line and column) and
 * its fingerprint names the table's logical id, resource address or name
 * (t->def->id) in place of an enclosing function. Returns: as dl_report().
 */
struct dl_finding *dl_report_table(const struct dl_check_ctx *ctx, const struct dl_table *t,
                                   const struct dl_loc *loc, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
/** dl_report_related - add a secondary location (e.g. the setter that chose
 * the index) to f. */
void dl_report_related(struct dl_finding *f, const struct dl_loc *loc, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/* The catalogue (checks.def). */
struct dl_catalogue {
        const struct dl_check *const *checks;
        size_t n;
};

/** dl_catalogue_get - the compiled-in catalogue, in checks.def order (static). */
const struct dl_catalogue *dl_catalogue_get(void);
/** dl_catalogue_find - the check with this id, or NULL. */
const struct dl_check *dl_catalogue_find(const char *id);
/**
 * dl_catalogue_configure - for every check of the catalogue, in order:
 * every option under its id in rules must be one it declares
 * (struct dl_check.options), then its configure() runs.
 * @param states  catalogue->n entries, set to each check's state (NULL
 *                for checks without configure()).
 * Returns: DL_OK; or the first DL_ERR_CONFIG with err at the rules file's
 * line and column ("unknown option 'x' for check 'y'; expected one of:
 * enabled, severity, ..." or the check's own message), after destroying
 * the states made so far (every entry NULL again).
 */
enum dl_status dl_catalogue_configure(const struct dl_ruleset *rules, void **states,
                                      struct dl_error *err);
/** dl_catalogue_destroy - destroy the states dl_catalogue_configure made;
 * entries become NULL. */
void dl_catalogue_destroy(void **states);
/**
 * dl_table_label - "'Orders'" or "'Orders' (index 'GSI1')" style text for
 * messages about req's table and index, written into buf (size bytes):
 * "table 'Orders'", "table 'Orders' index 'GSI1'"; when the name is not
 * known, "the table environment variable 'TABLE_NAME' names" for a name
 * read whole from the environment (getenv), "a table named at run time" if a setter was seen (a value known
 * only at run time, or a template with holes), else "a table ddblint could
 * not resolve" (no setter seen: the request escaped to code ddblint cannot
 * read, such as a body from a caller or a struct clang could not complete
 * for a missing header; struct dl_value.unseen). Returns buf.
 */
const char *dl_table_label(const struct dl_request *req, char *buf, size_t size);
/**
 * dl_table_def_label - how a table check names the table of a definition
 * in its messages, written into buf (size bytes): "'Orders'" when its
 * TableName is its logical id, resource address or name (t->def->id) or is
 * not known, else both: "'Ecommerce' (EcommerceTable)" for a template
 * resource, "'Orders' (aws_dynamodb_table.orders)" for terraform. Both
 * parts quoted as model/quote.h does. Returns buf.
 */
const char *dl_table_def_label(const struct dl_table *t, char *buf, size_t size);
/* dl_table_def_label into a buffer of the full expression's lifetime. */
#define DL_TABLE_DEF_LABEL(t)                                                                      \
        dl_table_def_label((t), (char[2 * DL_QUOTE_SIZE + 8]){0}, 2 * DL_QUOTE_SIZE + 8)
/**
 * dl_index_set_at_run_time - req sets IndexName from a value only known at
 * run time: a setter ddblint saw, not a member that merely may be set
 * because the request escaped (struct dl_value.unseen).
 */
bool dl_index_set_at_run_time(const struct dl_request *req);

/**
 * dl_response_unfollowed - the check of ctx stays silent on req because its
 * response was not followed to its end (model/response.h: DL_RESP_UNKNOWN
 * with a reason): say so as a tool note "response-not-followed" at the call
 * (shown with --verbose). Nothing is said for a paginator (its response is
 * followed by the SDK) or when the response was followed.
 */
void dl_response_unfollowed(const struct dl_check_ctx *ctx, const struct dl_request *req);

struct dl_finding_list;

/**
 * dl_report_fold_resends - one request sent twice is one finding
 * (docs/architecture.md, "One mistake, one finding"): a request object
 * sent again by the function that sends it first (the loop that follows
 * LastEvaluatedKey or NextToken sends it before the loop and in it; a retry
 * loop) repeats at the second call every finding the checks make at the
 * call itself. Each finding of held sitting at the call of a later send
 * (*reqs[j]: top-level, the same request_decl, function and operation as an
 * earlier *reqs[i]) with the same check id and message as a finding at the
 * earlier send's call is dropped, and the earlier finding gains the later
 * call as a related location ("the same Query request sent again").
 * Findings elsewhere (an expression, a key value) are the same location
 * for both sends already. held keeps its order; the dropped findings are
 * freed. reqs[0..n) point to the unit's requests in source order (members
 * are skipped).
 */
void dl_report_fold_resends(struct dl_finding_list *held, const struct dl_request *const *reqs,
                            size_t n);

#endif
