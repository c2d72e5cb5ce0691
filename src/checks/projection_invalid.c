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
        dl_report_path_clash(ctx, req, e, e->paths, e->n_paths, "ProjectionExpression",
                             "keep only the shorter path, which returns the whole attribute",
                             "an attribute is either a map or a list");
}

const struct dl_check dl_check_projection_invalid = {
        .info = &info_projection_invalid,
        .run = run,
};
