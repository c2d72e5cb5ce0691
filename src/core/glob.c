/* glob.c - wildcard patterns for paths and check lists.
 * SPDX-License-Identifier: MIT
 */
#include "glob.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

/* The class at p (just after '['): does it hold c? Sets *end after its
 * ']'; *closed is false for a '[' without one (then a literal '['). */
static bool class_has(const char *p, unsigned char c, const char **end, bool *closed)
{
        bool neg = *p == '!' || *p == '^';
        if (neg)
                p++;
        bool hit = false, first = true;
        const char *q = p;
        while (*q && (first || *q != ']')) {
                first = false;
                unsigned char lo = (unsigned char)*q++;
                if (lo == '\\' && *q)
                        lo = (unsigned char)*q++;
                unsigned char hi = lo;
                if (q[0] == '-' && q[1] && q[1] != ']') {
                        q++;
                        hi = (unsigned char)*q++;
                        if (hi == '\\' && *q)
                                hi = (unsigned char)*q++;
                }
                if (c >= lo && c <= hi)
                        hit = true;
        }
        *closed = *q == ']';
        *end = *closed ? q + 1 : q;
        return hit != neg;
}

static bool match(const char *p, const char *t, bool pathname)
{
        for (;;) {
                switch (*p) {
                case '\0':
                        return *t == '\0';
                case '*':
                        if (pathname && p[1] == '*' &&
                            (p[2] == '/' || p[2] == '\0')) {
                                /* "**" as a component: any components */
                                const char *rest = p[2] ? p + 3 : p + 2;
                                if (!*rest)
                                        return true;
                                for (const char *s = t;; s++) {
                                        if ((s == t || s[-1] == '/') && match(rest, s, pathname))
                                                return true;
                                        if (!*s)
                                                return false;
                                }
                        }
                        while (*p == '*')
                                p++;
                        for (const char *s = t;; s++) {
                                if (match(p, s, pathname))
                                        return true;
                                if (!*s || (pathname && *s == '/'))
                                        return false;
                        }
                case '?':
                        if (!*t || (pathname && *t == '/'))
                                return false;
                        p++;
                        t++;
                        break;
                case '[': {
                        const char *end;
                        bool closed;
                        if (!*t || (pathname && *t == '/'))
                                return false;
                        bool hit = class_has(p + 1, (unsigned char)*t, &end, &closed);
                        if (!closed) { /* a literal '[' */
                                if (*t != '[')
                                        return false;
                                p++;
                                t++;
                                break;
                        }
                        if (!hit)
                                return false;
                        p = end;
                        t++;
                        break;
                }
                case '\\':
                        if (p[1])
                                p++;
                        /* fall through */
                default:
                        if (*p != *t)
                                return false;
                        p++;
                        t++;
                        break;
                }
        }
}

bool dl_glob_match(const char *pattern, const char *text, bool pathname)
{
        return match(pattern, text, pathname);
}

/* Calls fn for each glob of list (trimmed, without its '-'). */
static bool each_glob(const char *list, bool (*fn)(void *data, const char *glob, bool neg),
                      void *data)
{
        const char *p = list;
        while (*p) {
                const char *e = strchr(p, ',');
                size_t n = e ? (size_t)(e - p) : strlen(p);
                const char *s = p, *f = p + n;
                while (s < f && (*s == ' ' || *s == '\t' || *s == '\n'))
                        s++;
                while (f > s && (f[-1] == ' ' || f[-1] == '\t' || f[-1] == '\n'))
                        f--;
                bool neg = s < f && *s == '-';
                if (neg)
                        s++;
                if (f > s) {
                        char *g = dl_xstrndup(s, (size_t)(f - s));
                        bool go = fn(data, g, neg);
                        free(g);
                        if (!go)
                                return false;
                }
                p += n;
                if (*p == ',')
                        p++;
        }
        return true;
}

struct apply {
        const char *id;
        bool on;
};

static bool apply_one(void *data, const char *glob, bool neg)
{
        struct apply *a = data;
        if (dl_glob_match(glob, a->id, false))
                a->on = !neg;
        return true;
}

bool dl_checks_glob_apply(const char *list, const char *id, bool on)
{
        struct apply a = {id, on};
        if (list)
                each_glob(list, apply_one, &a);
        return a.on;
}

struct unmatched {
        const char *const *ids;
        size_t n;
        char *bad;
};

static bool find_unmatched(void *data, const char *glob, bool neg)
{
        struct unmatched *u = data;
        (void)neg;
        for (size_t i = 0; i < u->n; i++) {
                if (dl_glob_match(glob, u->ids[i], false))
                        return true;
        }
        u->bad = dl_xstrdup(glob);
        return false;
}

char *dl_checks_glob_unmatched(const char *list, const char *const *ids, size_t n)
{
        struct unmatched u = {ids, n, NULL};
        if (list)
                each_glob(list, find_unmatched, &u);
        return u.bad;
}
