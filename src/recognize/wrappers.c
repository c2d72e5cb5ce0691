/* wrappers.c - recognizer for a project's own functions declared in the
 * rules file (`wrappers:`, docs/rules-file.md): a call of a function whose
 * qualified name a wrapper's `match` pattern matches is a request; its
 * arguments are the request's members by their roles, its operation the
 * declared one or the one an argument names (an operation name or a target
 * `DynamoDB_20120810.Query`). The engine builds the request (follow.c,
 * build_wrapper); the requests a wrapper's own body sends are not reported
 * again (reported_by_callers).
 * SPDX-License-Identifier: MIT
 *
 * Bad declarations: a call that lacks an argument a role names is no
 * request, and a tool warning at the call names the wrapper and its line in
 * the rules file. Each wrapper counts its calls (struct dl_wrapper.calls) so
 * that the run can say which patterns matched nothing.
 */
#include "recognizer.h"

#include "../core/log.h"
#include "../core/regex.h"

#include <string.h>

static bool applies(const struct dl_unit *u)
{
        return u->rules && u->rules->n_wrappers > 0;
}

/* The first wrapper of the rules whose pattern matches name, or NULL. */
static const struct dl_wrapper *find(const struct dl_ruleset *rs, const char *name)
{
        for (size_t i = 0; rs && name && i < rs->n_wrappers; i++) {
                const struct dl_wrapper *w = &rs->wrappers[i];
                if (w->match_re && dl_regex_match(w->match_re, name, strlen(name)))
                        return w;
        }
        return NULL;
}

/* The largest argument number w names. */
static unsigned max_argument(const struct dl_wrapper *w)
{
        unsigned n = w->operation_argument;
        for (size_t i = 0; i < w->n_args; i++) {
                if (w->args[i].argument > n)
                        n = w->args[i].argument;
        }
        return n;
}

static void classify(const struct dl_rctx *ctx, CXCursor call, struct dl_event *ev)
{
        CXCursor fn = clang_getCursorReferenced(call);
        enum CXCursorKind k = clang_getCursorKind(fn);
        if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
                return;
        const char *name = dl_cx_qualified_name(ctx->cx, fn);
        const struct dl_wrapper *w = find(ctx->rules, name);
        if (!w)
                return;
        __atomic_fetch_add(w->calls, 1, __ATOMIC_RELAXED);
        unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
        unsigned need = max_argument(w);
        if (need > nargs) {
                struct dl_loc at = dl_cx_cursor_loc(ctx->cx, call);
                dl_log_add(ctx->log, DL_LOG_WARNING, "wrapper-argument", &at,
                           "the wrapper declared at %s:%u:%u (match '%s') names argument %u, "
                           "but this call of '%s' has %u; no request is made of it",
                           w->loc.file ? w->loc.file : "the rules file", w->loc.line, w->loc.col,
                           w->match, need, name, nargs);
                return;
        }
        ev->kind = DL_EV_SEND;
        ev->wrapper = w;
        ev->object_arg = DL_BODY_OBJECT;
        if (w->operation_argument || !dl_op_from_name(w->operation, strlen(w->operation), &ev->op))
                ev->op = DL_OP_COUNT;
}

/* A declared wrapper's own body: the requests it sends are its callers'. */
static bool reported_by_callers(const struct dl_rctx *ctx, const char *function)
{
        return find(ctx->rules, function) != NULL;
}

/* The function name a `match` pattern can only match, when it is a literal
 * qualified name ('^app::Store::get$', 'ddb_request'; the pattern is
 * anchored at both ends): its last component, which every call of the
 * function spells (an identifier; n bytes at *name). False for any other
 * pattern: a metacharacter, an escape, an operator's name. */
static bool literal_name(const char *pattern, const char **name, size_t *n)
{
        size_t len = strlen(pattern);
        const char *p = pattern;
        if (len && p[0] == '^')
                p++, len--;
        if (len && p[len - 1] == '$')
                len--;
        size_t last = 0;
        for (size_t i = 0; i < len; i++) {
                char c = p[i];
                if (c == ':') {
                        if (i + 1 >= len || p[i + 1] != ':')
                                return false;
                        last = i + 2;
                        i++;
                } else if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9'))) {
                        return false;
                }
        }
        if (last >= len || (p[last] >= '0' && p[last] <= '9'))
                return false;
        *name = p + last;
        *n = len - last;
        return !(*n == 8 && memcmp(*name, "operator", 8) == 0);
}

/* The declared wrappers' names; false when a pattern names none literally. */
static bool trigger_words(const struct dl_ruleset *rules, void (*add)(void *set, const char *word),
                          void *set)
{
        for (size_t i = 0; rules && i < rules->n_wrappers; i++) {
                const char *name;
                size_t n;
                if (!rules->wrappers[i].match || !literal_name(rules->wrappers[i].match, &name, &n))
                        return false;
                char w[256];
                if (n >= sizeof w)
                        return false;
                memcpy(w, name, n);
                w[n] = '\0';
                add(set, w);
        }
        return true;
}

const struct dl_recognizer dl_recognizer_wrappers = {
        .id = "wrappers",
        .summary = "a project's own functions declared in the rules file (wrappers:)",
        .langs = DL_LANG_C | DL_LANG_CXX,
        .applies = applies,
        .classify = classify,
        .reported_by_callers = reported_by_callers,
        .trigger_words = trigger_words,
};
