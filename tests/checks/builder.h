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

struct dl_tb {
        struct dl_arena arena;
        struct dl_ruleset rules;       /* empty unless a test fills it */
        struct dl_finding **findings;  /* collected by dl_tb_run */
        size_t n_findings;
};

void dl_tb_init(struct dl_tb *tb);
void dl_tb_fini(struct dl_tb *tb);
/** dl_tb_request - a new request of op called at "test.cpp:10:3", in the arena. */
struct dl_request *dl_tb_request(struct dl_tb *tb, enum dl_op op);
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
 * dl_tb_run - configure (with the rules' config for the check, if any) and
 * run check on r; findings are appended to tb->findings.
 * Returns: the number of findings this call added.
 */
size_t dl_tb_run(struct dl_tb *tb, const struct dl_check *check, const struct dl_request *r);
/** dl_tb_count - findings so far whose message contains substr (NULL: all). */
size_t dl_tb_count(const struct dl_tb *tb, const char *substr);

#endif
