/* builder.h - build struct dl_request values by hand and run one check on
 * them, for the `checks` test label (no libclang, no YAML).
 * SPDX-License-Identifier: MIT
 *
 * Ownership: a struct dl_tb owns an arena (requests, strings) and the
 * findings collected; dl_tb_fini() releases everything.
 */
#ifndef DL_TESTS_BUILDER_H
#define DL_TESTS_BUILDER_H

#include "core/arena.h"
#include "findings/finding.h"
#include "model/request.h"
#include "rules/schema.h"

struct dl_check;
struct dl_log;

struct dl_tb {
        struct dl_arena arena;
        struct dl_ruleset rules;       /* empty unless a test fills it */
        struct dl_finding **findings;  /* collected by dl_tb_run */
        size_t n_findings;
        struct dl_log *log;            /* the checks' tool notes: NULL unless a test sets it */
};

/**
 * dl_tb_run_table - configure check from tb->rules and run its run_table
 * on t (a table with its definition); returns how many findings it added.
 */
size_t dl_tb_run_table(struct dl_tb *tb, const struct dl_check *check, const struct dl_table *t);
/** dl_tb_def_num - a known number of a definition at test.yaml:line:5. */
struct dl_def_num dl_tb_def_num(long long v, unsigned line);

void dl_tb_init(struct dl_tb *tb);
void dl_tb_fini(struct dl_tb *tb);
/** dl_tb_request - a new request of op called at "test.cpp:10:3", in the arena. */
struct dl_request *dl_tb_request(struct dl_tb *tb, enum dl_op op);
/** dl_tb_followed - dl_tb_request, with its response followed (DL_RESP_FOLLOWED) and
 *  reads (enum dl_response_read, or'ed) the members the code reads of it. */
struct dl_request *dl_tb_followed(struct dl_tb *tb, enum dl_op op, unsigned reads);
/** dl_tb_set - set field f to the fully known text s. */
void dl_tb_set(struct dl_tb *tb, struct dl_request *r, enum dl_field f, const char *s);
/** dl_tb_set_dynamic - set field f to DL_VAL_DYNAMIC. */
void dl_tb_set_dynamic(struct dl_request *r, enum dl_field f);
/**
 * dl_tb_set_template - set field f to a template: parts alternate known
 * text; a NULL entry in parts is a hole. n is the number of parts.
 */
void dl_tb_set_template(struct dl_tb *tb, struct dl_request *r, enum dl_field f,
                        const char *const *parts, size_t n);
/** dl_tb_add_name - add "#k" -> name to ExpressionAttributeNames (map KNOWN). */
void dl_tb_add_name(struct dl_tb *tb, struct dl_request *r, const char *k, const char *name);
/** dl_tb_add_value - add ":k" of AttributeValue type (e.g. "S") with scalar text. */
void dl_tb_add_value(struct dl_tb *tb, struct dl_request *r, const char *k, const char *type,
                     const char *scalar);
/**
 * dl_tb_value - a template from spec: text, with holes written in braces
 * in the dump syntax of model/template.h: {?}, {digits}, {bool},
 * {one-of:A|B}, {enum:Status=A|B|C}, {date:%Y-%m-%d}, {shard:16}; "{{" is
 * a literal '{'. NULL gives DL_VAL_DYNAMIC. Known bytes are located at
 * line 20 of test.cpp, column 1 + their offset in spec.
 */
struct dl_value dl_tb_value(struct dl_tb *tb, const char *spec);
/**
 * dl_tb_entry - add attr -> an AttributeValue of type "S" whose scalar is
 * dl_tb_value(spec) to map m (Item, Key or ExpressionAttributeValues); with
 * spec NULL the AttributeValue was built where ddblint cannot see (no type,
 * no value). The map becomes KNOWN if it was ABSENT.
 */
void dl_tb_entry(struct dl_tb *tb, struct dl_attr_map *m, const char *attr, const char *spec);
/** dl_tb_table - describe a table in tb->rules (sk may be NULL). */
struct dl_table *dl_tb_table(struct dl_tb *tb, const char *name, const char *pk, const char *sk);
/** dl_tb_gsi - add a global secondary index to t (sk may be NULL). */
struct dl_index *dl_tb_gsi(struct dl_tb *tb, struct dl_table *t, const char *name,
                           const char *pk, const char *sk);
/** dl_tb_sparse - declare ix sparse with the n values given. */
void dl_tb_sparse(struct dl_tb *tb, struct dl_index *ix, const char *const *values, size_t n);
/** dl_tb_opt_scalar / dl_tb_opt_seq / dl_tb_opt_map - option values as the
 * rules file gives them (struct dl_opt_node), located at rules.yaml:3:5.
 * dl_tb_opt_map takes n key/value pairs: key0, node0, key1, node1... */
struct dl_opt_node *dl_tb_opt_scalar(struct dl_tb *tb, const char *text);
struct dl_opt_node *dl_tb_opt_seq(struct dl_tb *tb, size_t n, ...);
struct dl_opt_node *dl_tb_opt_map(struct dl_tb *tb, size_t n, ...);
/** dl_tb_option - set option key of check id in tb->rules to node. */
void dl_tb_option(struct dl_tb *tb, const char *id, const char *key,
                  const struct dl_opt_node *node);
/**
 * dl_tb_configure - run check's configure() with tb->rules.
 * Returns: its status; err (may be NULL) holds its message. The state is
 * destroyed at once.
 */
enum dl_status dl_tb_configure(struct dl_tb *tb, const struct dl_check *check,
                               struct dl_error *err);
/**
 * dl_tb_run - configure (with the rules' config for the check, if any) and
 * run check on r; findings are appended to tb->findings.
 * Returns: the number of findings this call added.
 */
size_t dl_tb_run(struct dl_tb *tb, const struct dl_check *check, const struct dl_request *r);
/**
 * dl_tb_run_unit - the same for the n requests of one translation unit:
 * run() on each (and its members, recursively, as the check does), then
 * the check's run_unit() on all of them.
 */
size_t dl_tb_run_unit(struct dl_tb *tb, const struct dl_check *check,
                      const struct dl_request *const *reqs, size_t n);
/** dl_tb_count - findings so far whose message contains substr (NULL: all). */
size_t dl_tb_count(const struct dl_tb *tb, const char *substr);

#endif
