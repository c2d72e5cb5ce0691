/* normalize.h - the model phase: parse every expression of a request once.
 * SPDX-License-Identifier: MIT
 *
 * The driver calls dl_model_normalize() on each request after the
 * recognizers and before the checks (design.md section 3: model/ sits
 * between recognize/ and checks/). Checks then read req->exprs[] and never
 * parse strings themselves.
 */
#ifndef DL_MODEL_NORMALIZE_H
#define DL_MODEL_NORMALIZE_H

struct dl_arena;
struct dl_request;

/**
 * dl_model_normalize - fill req->exprs[f] for every DL_FK_EXPR field f
 * with dl_expr_parse(a, f, &req->fields[f]) and req->partiql with
 * dl_partiql_parse(a, &req->fields[DL_FIELD_STATEMENT]), and do the same
 * for each of req->items (batch and transaction members), recursively.
 * @param a    the arena req lives in (the translation unit's); receives
 *             the ASTs.
 * @param req  the request; its fields must not change afterwards (the ASTs
 *             borrow them).
 * Postcondition: exprs[f] is NULL exactly when the field is ABSENT,
 * DYNAMIC, or a template without any known text; otherwise it is a parsed
 * expression (possibly carrying errors). Calling it twice re-parses.
 * Never fails; bounded in time and stack by the input size (expr.h).
 */
void dl_model_normalize(struct dl_arena *a, struct dl_request *req);

#endif
