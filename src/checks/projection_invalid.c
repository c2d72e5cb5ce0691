/* projection_invalid.c - check `projection-invalid`: overlapping or
 * conflicting paths in a ProjectionExpression.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB rejects a projection that lists a path twice or
 * a path and a part of it ("Invalid ProjectionExpression: Two document paths
 * overlap with each other; must remove or rewrite one of these paths; path
 * one: [a], path two: [a, b]"), or uses one attribute both as a map and as
 * a list ("Two document paths conflict with each other; ..."). Aliases are
 * resolved first: `#n` and `name` are the same path.
 *
 * With the rules file's tables:, a key attribute of the table or of an
 * index projected as a map or a list (`SK.x`) is reported too: "Key
 * attributes must be scalars; list random access '[]' and map lookup '.'
 * are not allowed: Key: SK".
 *
 * Deliberately ignored: overlaps in projections with template holes (the hole may add
 * or remove paths) and aliases whose value is not known. Overlaps are
 * reported before conflicts, as DynamoDB does; one finding per projection.
 */
#include "info.h"
#include "util_expr.h"

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_expr *e = req->exprs[DL_FIELD_PROJECTION_EXPRESSION];
        if (!e)
                return;
        dl_report_nested_key_path(ctx, req, e);
        /* pairwise: bounded (DynamoDB's 4 KB limit allows ~2,000 paths at most;
         * expression-limits reports longer ones) */
        if (!e->complete || e->has_holes || e->n_paths > 2048)
                return;
        const struct dl_path *c1 = NULL, *c2 = NULL;
        for (size_t j = 1; j < e->n_paths; j++) {
                for (size_t i = 0; i < j; i++) {
                        enum dl_path_clash c = dl_paths_clash(req, e->paths[i], e->paths[j]);
                        if (c == DL_CLASH_UNKNOWN)
                                return;
                        if (c == DL_CLASH_CONFLICT && !c1) {
                                c1 = e->paths[i];
                                c2 = e->paths[j];
                        }
                        if (c != DL_CLASH_OVERLAP)
                                continue;
                        char one[256], two[256];
                        dl_path_str(req, e->paths[i], one, sizeof one);
                        dl_path_str(req, e->paths[j], two, sizeof two);
                        dl_expr_report(ctx, e, e->paths[j]->off, e->paths[j]->end,
                                       "Invalid ProjectionExpression: Two document paths overlap "
                                       "with each other; must remove or rewrite one of these "
                                       "paths; path one: %s, path two: %s; keep only the "
                                       "shorter path, which returns the whole attribute",
                                       one, two);
                        return;
                }
        }
        if (c1) {
                char one[256], two[256];
                dl_path_str(req, c1, one, sizeof one);
                dl_path_str(req, c2, two, sizeof two);
                dl_expr_report(ctx, e, c2->off, c2->end,
                               "Invalid ProjectionExpression: Two document paths conflict with "
                               "each other; must remove or rewrite one of these paths; path "
                               "one: %s, path two: %s; an attribute is either a map or a list",
                               one, two);
        }
}

const struct dl_check dl_check_projection_invalid = {
        .info = &info_projection_invalid,
        .run = run,
};
