/* format.c - printf, strftime and std::format formats applied to typed
 * templates.
 * SPDX-License-Identifier: MIT
 *
 * The format's known text up to its first hole is flattened into one
 * buffer with a location (and an origin) per byte; the parsers walk that
 * buffer once, appending literal runs with their locations, computed text
 * located at the call, and holes. The first thing not understood ends the
 * walk with one hole for the rest (struct bail).
 */
#include "format.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the format's known text -------------------------------------------------- */

struct flat {
        char *text;
        struct dl_loc *locs;
        struct dl_loc *origin;
        size_t n;
        bool any_origin;
        bool truncated; /* a hole follows the known text */
        struct dl_loc at; /* where computed text is located */
};

static void flatten(const struct dl_value *v, struct dl_loc at, struct flat *f)
{
        memset(f, 0, sizeof *f);
        f->at = at;
        if (v->kind != DL_VAL_KNOWN) {
                f->truncated = true;
                return;
        }
        size_t n = 0;
        size_t i = 0;
        for (; i < v->n_segs && v->segs[i].text; i++)
                n += v->segs[i].len;
        f->truncated = i < v->n_segs;
        f->text = dl_xmalloc(n + 1);
        f->locs = dl_xmalloc((n ? n : 1) * sizeof *f->locs);
        f->origin = dl_xcalloc(n ? n : 1, sizeof *f->origin);
        for (size_t k = 0; k < i; k++) {
                const struct dl_segment *s = &v->segs[k];
                memcpy(f->text + f->n, s->text, s->len);
                for (size_t b = 0; b < s->len; b++) {
                        f->locs[f->n + b] = s->locs ? s->locs[b] : v->loc;
                        if (s->origin_locs) {
                                f->origin[f->n + b] = s->origin_locs[b];
                                f->any_origin = true;
                        }
                }
                f->n += s->len;
        }
        f->text[f->n] = '\0';
}

static void flat_fini(struct flat *f)
{
        free(f->text);
        free(f->locs);
        free(f->origin);
}

/* Append the format's own bytes [i, j). */
static void literal(struct dl_tmpl *out, const struct flat *f, size_t i, size_t j)
{
        if (j > i)
                dl_tmpl_text(out, f->text + i, j - i, f->locs + i, f->at,
                             f->any_origin ? f->origin + i : NULL);
}

/* Append one byte the format stands for (%% -> '%'), located at the
 * conversion's first byte. */
static void literal_byte(struct dl_tmpl *out, const struct flat *f, size_t i, char c)
{
        dl_tmpl_text(out, &c, 1, f->locs + i, f->at, f->any_origin ? f->origin + i : NULL);
}

/* Append text computed from the arguments (digits of a known integer). */
static void computed(struct dl_tmpl *out, const struct flat *f, const char *p, size_t n)
{
        dl_tmpl_text(out, p, n, NULL, f->at, NULL);
}

/* Something was not understood: the rest of the output is a hole. */
static bool bail(struct dl_tmpl *out)
{
        dl_tmpl_hole(out, NULL);
        return false;
}

/* Start on a format: its known text, and its origin as the output's. */
static void begin(struct dl_tmpl *out, const struct dl_value *fmt, struct dl_loc at,
                  struct flat *f)
{
        flatten(fmt, at, f);
        if (fmt->kind == DL_VAL_KNOWN && fmt->origin.file)
                dl_tmpl_origin(out, fmt->origin);
}

/* Finish a format walked up to run with result ok: the literal tail, and a
 * hole for the part of the format only known at run time. */
static bool end(struct dl_tmpl *out, struct flat *f, size_t run, bool ok)
{
        if (ok) {
                literal(out, f, run, f->n);
                if (f->truncated)
                        ok = bail(out);
        }
        flat_fini(f);
        return ok;
}

static bool is_digit(char c)
{
        return c >= '0' && c <= '9';
}

/* Reads decimal digits at text[*i]; a value above DL_FORMAT_MAX_WIDTH is
 * saturated at DL_FORMAT_MAX_WIDTH + 1 (too wide to render). */
static long read_number(const char *text, size_t n, size_t *i)
{
        long v = 0;
        while (*i < n && is_digit(text[*i])) {
                if (v <= DL_FORMAT_MAX_WIDTH)
                        v = v * 10 + (text[*i] - '0');
                (*i)++;
        }
        return v > DL_FORMAT_MAX_WIDTH ? DL_FORMAT_MAX_WIDTH + 1 : v;
}

/* ---- integers ----------------------------------------------------------------- */

static bool is_integer_type(enum dl_fmt_type t)
{
        return t == DL_FMT_SIGNED || t == DL_FMT_UNSIGNED || t == DL_FMT_CHAR || t == DL_FMT_BOOL;
}

/* The known value of an integer argument: true with *neg and *mag when its
 * text is a decimal integer (bool: true/false). */
static bool int_value(const struct dl_fmt_arg *a, bool *neg, unsigned long long *mag)
{
        const struct dl_value *v = &a->value;
        if (!dl_value_is_complete(v))
                return false;
        if (a->type == DL_FMT_BOOL) {
                *neg = false;
                if (dl_value_equals(v, "true") || dl_value_equals(v, "1"))
                        *mag = 1;
                else if (dl_value_equals(v, "false") || dl_value_equals(v, "0"))
                        *mag = 0;
                else
                        return false;
                return true;
        }
        if (a->type == DL_FMT_CHAR && v->len == 1) {
                *neg = false;
                *mag = (unsigned char)v->text[0];
                return true;
        }
        const char *p = v->text;
        const char *end = v->text + v->len;
        *neg = p < end && *p == '-';
        if (*neg || (p < end && *p == '+'))
                p++;
        if (p == end)
                return false;
        unsigned long long m = 0;
        for (; p < end; p++) {
                unsigned long long d = (unsigned long long)(*p - '0');
                if (!is_digit(*p) || m > (ULLONG_MAX - d) / 10)
                        return false;
                m = m * 10 + d;
        }
        *mag = m;
        return true;
}

/* The hole an integer known only at run time leaves: its own shape when it
 * has one, a bool's when it is a bool, else <digits>. */
static const struct dl_hole *int_hole(struct dl_tmpl *out, const struct dl_fmt_arg *a)
{
        const struct dl_hole *h = dl_value_hole(&a->value);
        if (h)
                return h;
        struct dl_hole s = {.kind = a->type == DL_FMT_BOOL ? DL_HOLE_BOOL : DL_HOLE_DIGITS};
        return dl_hole_new(out->arena, &s);
}

/* The value as the conversion's integer type sees it: bits of the length
 * modifier (hh 8, h 16, none 32, l ll j z t q 64), sign-extended for the
 * signed conversions, masked for the unsigned ones. */
static void convert_int(bool neg, unsigned long long mag, unsigned bits, bool is_signed,
                        long long *s, unsigned long long *u)
{
        unsigned long long raw = neg ? (unsigned long long)0 - mag : mag;
        unsigned long long mask = bits >= 64 ? ULLONG_MAX : ((1ULL << bits) - 1);
        raw &= mask;
        *u = raw;
        if (is_signed && bits < 64 && (raw >> (bits - 1)) & 1)
                *s = (long long)(raw | ~mask);
        else
                *s = (long long)raw;
}

/* ---- printf ------------------------------------------------------------------- */

struct pspec {
        char flags[8];       /* the flags as written, '-' '+' ' ' '#' '0' */
        long width, prec;    /* -1: none */
        bool width_arg, prec_arg; /* '*' */
        unsigned bits;       /* of the length modifier */
        bool wide;           /* 'l' before s or c */
        char conv;
};

/* Parse the conversion after '%' at text[*i]. Returns false when it is not
 * one this module understands (positional, ' flag, unknown conversion). */
static bool parse_pspec(const char *text, size_t n, size_t *i, struct pspec *s)
{
        memset(s, 0, sizeof *s);
        s->width = s->prec = -1;
        size_t k = *i;
        size_t save = k;
        if (k < n && is_digit(text[k])) { /* "%1$d": positional */
                read_number(text, n, &k);
                if (k < n && text[k] == '$')
                        return false;
                k = save;
        }
        size_t nf = 0;
        while (k < n && strchr("-+ #0", text[k]) && text[k]) {
                if (nf < sizeof s->flags - 1 && !strchr(s->flags, text[k]))
                        s->flags[nf++] = text[k];
                k++;
        }
        if (k < n && text[k] == '\'')
                return false; /* thousands grouping: depends on the locale */
        if (k < n && text[k] == '*') {
                s->width_arg = true;
                k++;
        } else if (k < n && is_digit(text[k])) {
                s->width = read_number(text, n, &k);
        }
        if (k < n && text[k] == '.') {
                k++;
                if (k < n && text[k] == '*') {
                        s->prec_arg = true;
                        k++;
                } else {
                        s->prec = read_number(text, n, &k);
                }
        }
        s->bits = 32;
        if (k + 1 < n && text[k] == 'h' && text[k + 1] == 'h') {
                s->bits = 8;
                k += 2;
        } else if (k + 1 < n && text[k] == 'l' && text[k + 1] == 'l') {
                s->bits = 64;
                k += 2;
        } else if (k < n && text[k] == 'h') {
                s->bits = 16;
                k++;
        } else if (k < n && strchr("ljztqL", text[k]) && text[k]) {
                s->bits = 64;
                s->wide = text[k] == 'l';
                k++;
        }
        if (k >= n || !strchr("diouxXcsfFeEgGaAp", text[k]) || !text[k])
                return false;
        s->conv = text[k];
        *i = k + 1;
        return true;
}

/* Append n copies of c. */
static void fill(struct dl_strbuf *sb, char c, size_t n)
{
        for (size_t i = 0; i < n; i++)
                dl_strbuf_putc(sb, c);
}

/* Render a known integer for conversion s into sb, as C11 7.21.6.1 says:
 * precision is the least number of digits (0 with value 0: none), '#'
 * makes octal start with 0 and prefixes 0x/0X, '0' pads with zeros unless
 * a precision or '-' is given, '+' and ' ' sign the signed conversions. */
static void render_printf_int(struct dl_strbuf *sb, const struct pspec *s, bool neg,
                              unsigned long long mag)
{
        long long sv;
        unsigned long long uv;
        bool is_signed = s->conv == 'd' || s->conv == 'i';
        convert_int(neg, mag, s->bits, is_signed, &sv, &uv);
        bool left = strchr(s->flags, '-') != NULL;
        size_t width = s->width > 0 ? (size_t)s->width : 0;
        if (s->conv == 'c') {
                size_t pad_n = width > 1 ? width - 1 : 0;
                if (!left)
                        fill(sb, ' ', pad_n);
                dl_strbuf_putc(sb, (char)(unsigned char)uv);
                if (left)
                        fill(sb, ' ', pad_n);
                return;
        }
        unsigned base = s->conv == 'o' ? 8 : (s->conv == 'x' || s->conv == 'X') ? 16 : 10;
        const char *digits = s->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        unsigned long long m = uv;
        const char *sign = "";
        if (is_signed) {
                m = sv < 0 ? (unsigned long long)0 - (unsigned long long)sv : (unsigned long long)sv;
                sign = sv < 0 ? "-" : strchr(s->flags, '+') ? "+" : strchr(s->flags, ' ') ? " " : "";
        }
        char num[72];
        size_t n = 0;
        if (!(m == 0 && s->prec == 0)) {
                do {
                        num[n++] = digits[m % base];
                        m /= base;
                } while (m);
        }
        size_t prec = s->prec >= 0 ? (size_t)s->prec : 1;
        bool alt = strchr(s->flags, '#') != NULL;
        if (alt && base == 8 && prec <= n && !(n && num[n - 1] == '0'))
                prec = n + 1; /* octal: the first digit is 0 */
        const char *prefix = alt && base == 16 && uv ? (s->conv == 'X' ? "0X" : "0x") : "";
        size_t zeros = prec > n ? prec - n : 0;
        size_t body = strlen(sign) + strlen(prefix) + zeros + n;
        size_t pad_n = width > body ? width - body : 0;
        bool zero_pad = strchr(s->flags, '0') && !left && s->prec < 0;
        if (!left && !zero_pad)
                fill(sb, ' ', pad_n);
        dl_strbuf_puts(sb, sign);
        dl_strbuf_puts(sb, prefix);
        if (zero_pad)
                fill(sb, '0', pad_n);
        fill(sb, '0', zeros);
        while (n)
                dl_strbuf_putc(sb, num[--n]);
        if (left)
                fill(sb, ' ', pad_n);
}

/* A '*' width or precision: the next argument, an int. Returns false on a
 * type mismatch or missing argument; *known false when its value is not. */
static bool star_arg(const struct dl_fmt_arg *args, size_t n_args, size_t *next, long *out,
                     bool *known)
{
        if (*next >= n_args || !is_integer_type(args[*next].type))
                return false;
        bool neg;
        unsigned long long mag;
        *known = int_value(&args[*next], &neg, &mag) && mag <= DL_FORMAT_MAX_WIDTH;
        if (*known)
                *out = neg ? -(long)mag : (long)mag;
        (*next)++;
        return true;
}

bool dl_format_printf(struct dl_tmpl *out, const struct dl_value *fmt,
                      const struct dl_fmt_arg *args, size_t n_args, struct dl_loc at)
{
        struct flat f;
        begin(out, fmt, at, &f);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t next = 0, run = 0, i = 0;
        bool ok = true;
        while (i < f.n) {
                if (f.text[i] != '%') {
                        i++;
                        continue;
                }
                literal(out, &f, run, i);
                size_t start = i++;
                if (i < f.n && f.text[i] == '%') {
                        literal_byte(out, &f, start, '%');
                        run = ++i;
                        continue;
                }
                struct pspec s;
                if (!parse_pspec(f.text, f.n, &i, &s)) {
                        ok = bail(out);
                        break;
                }
                run = i;
                bool known_width = true, known_prec = true;
                if (s.width_arg) {
                        if (!star_arg(args, n_args, &next, &s.width, &known_width)) {
                                ok = bail(out);
                                break;
                        }
                        if (known_width && s.width < 0) { /* a negative width is '-' */
                                s.width = -s.width;
                                size_t fl = strlen(s.flags);
                                if (!strchr(s.flags, '-') && fl < sizeof s.flags - 1)
                                        s.flags[fl] = '-';
                        }
                }
                if (s.prec_arg) {
                        if (!star_arg(args, n_args, &next, &s.prec, &known_prec)) {
                                ok = bail(out);
                                break;
                        }
                        if (known_prec && s.prec < 0)
                                s.prec = -1; /* a negative precision is none */
                }
                if (next >= n_args) {
                        ok = bail(out);
                        break;
                }
                const struct dl_fmt_arg *a = &args[next++];
                bool too_wide = s.width > DL_FORMAT_MAX_WIDTH || s.prec > DL_FORMAT_MAX_WIDTH;
                bool sized = known_width && known_prec && !too_wide;
                if (strchr("diouxXc", s.conv)) {
                        if (!is_integer_type(a->type) || (s.conv == 'c' && s.wide)) {
                                ok = bail(out);
                                break;
                        }
                        bool neg;
                        unsigned long long mag;
                        if (sized && int_value(a, &neg, &mag)) {
                                dl_strbuf_reset(&sb);
                                render_printf_int(&sb, &s, neg, mag);
                                computed(out, &f, sb.buf ? sb.buf : "", sb.len);
                        } else if (s.conv == 'c') {
                                dl_tmpl_hole(out, NULL);
                        } else {
                                dl_tmpl_hole(out, int_hole(out, a));
                        }
                } else if (s.conv == 's') {
                        if (a->type != DL_FMT_STRING || s.wide) {
                                ok = bail(out);
                                break;
                        }
                        const struct dl_value *v = &a->value;
                        if (s.width < 0 && s.prec < 0 && known_width && known_prec) {
                                dl_tmpl_value(out, v, false, at);
                        } else if (sized && dl_value_is_complete(v)) {
                                size_t len = v->len;
                                if (s.prec >= 0 && (size_t)s.prec < len)
                                        len = (size_t)s.prec;
                                size_t pad = s.width > (long)len ? (size_t)s.width - len : 0;
                                bool left = strchr(s.flags, '-') != NULL;
                                dl_strbuf_reset(&sb);
                                fill(&sb, ' ', left ? 0 : pad);
                                if (sb.len)
                                        computed(out, &f, sb.buf, sb.len);
                                dl_tmpl_text(out, v->text, len, v->segs[0].locs, at,
                                             v->segs[0].origin_locs);
                                dl_strbuf_reset(&sb);
                                fill(&sb, ' ', left ? pad : 0);
                                if (sb.len)
                                        computed(out, &f, sb.buf, sb.len);
                        } else {
                                dl_tmpl_hole(out, NULL);
                        }
                } else if (s.conv == 'p') {
                        if (a->type != DL_FMT_POINTER && a->type != DL_FMT_STRING) {
                                ok = bail(out);
                                break;
                        }
                        dl_tmpl_hole(out, NULL);
                } else { /* f F e E g G a A */
                        if (a->type != DL_FMT_FLOAT) {
                                ok = bail(out);
                                break;
                        }
                        dl_tmpl_hole(out, NULL);
                }
        }
        dl_strbuf_fini(&sb);
        return end(out, &f, run, ok);
}

/* ---- strftime ----------------------------------------------------------------- */

/* What a strftime conversion letter shows: a grain, GRAIN_FIXED for the
 * ones that write a fixed byte (%% %n %t), or -1 when unknown. */
#define GRAIN_FIXED (-2)
static int letter_grain(char c)
{
        switch (c) {
        case 'Y': case 'C': case 'y': case 'G': case 'g':
                return DL_GRAIN_YEAR;
        case 'm': case 'b': case 'B': case 'h':
                return DL_GRAIN_MONTH;
        case 'U': case 'W': case 'V':
                return DL_GRAIN_WEEK;
        case 'd': case 'e': case 'j': case 'a': case 'A': case 'u': case 'w': case 'F':
        case 'D': case 'x':
                return DL_GRAIN_DAY;
        case 'H': case 'I': case 'k': case 'l': case 'p': case 'P':
                return DL_GRAIN_HOUR;
        case 'M': case 'R':
                return DL_GRAIN_MINUTE;
        case 'S': case 'T': case 'r': case 'X': case 'c': case 's':
                return DL_GRAIN_SECOND;
        case 'z': case 'Z':
                return DL_GRAIN_NONE;
        case '%': case 'n': case 't':
                return GRAIN_FIXED;
        default:
                return -1;
        }
}

/* Parse one strftime conversion at text[*i] == '%': glibc flags and width,
 * then E or O, then the letter. Returns its grain (or GRAIN_FIXED), -1
 * when not understood; *i is past it. */
static int parse_tspec(const char *text, size_t n, size_t *i, char *letter)
{
        size_t k = *i + 1;
        while (k < n && text[k] && strchr("_-0^#", text[k]))
                k++;
        while (k < n && is_digit(text[k]))
                k++;
        if (k < n && (text[k] == 'E' || text[k] == 'O'))
                k++;
        if (k >= n)
                return -1;
        *letter = text[k];
        *i = k + 1;
        return letter_grain(text[k]);
}

static char fixed_byte(char letter)
{
        return (char)(letter == 'n' ? '\n' : letter == 't' ? '\t' : '%');
}

/* strftime over the flat bytes [from, to). Returns false when something
 * was not understood (the rest is then a hole). */
static bool strftime_range(struct dl_tmpl *out, const struct flat *f, size_t from, size_t to,
                           const char *source)
{
        /* First pass: where the conversions showing a time begin and end,
         * their finest grain, and the first conversion not understood. */
        size_t first = to, last = from, bad = to;
        int grain = DL_GRAIN_NONE;
        for (size_t i = from; i < to;) {
                if (f->text[i] != '%') {
                        i++;
                        continue;
                }
                size_t start = i;
                char letter = 0;
                int g = parse_tspec(f->text, to, &i, &letter);
                if (g == -1) {
                        bad = start;
                        break;
                }
                if (g == GRAIN_FIXED)
                        continue;
                if (first == to)
                        first = start;
                last = i;
                if (g > grain)
                        grain = g;
        }
        /* Second pass: known text outside [first, last), the date between. */
        size_t run = from;
        for (size_t i = from; i < bad;) {
                if (i == first) {
                        literal(out, f, run, i);
                        struct dl_hole h = {.kind = DL_HOLE_DATE,
                                            .grain = (enum dl_time_grain)grain,
                                            .source = source};
                        char *fmt = dl_arena_strndup(out->arena, f->text + first, last - first);
                        h.format = fmt;
                        dl_tmpl_hole(out, grain == DL_GRAIN_NONE ? NULL
                                                                 : dl_hole_new(out->arena, &h));
                        i = run = last;
                        continue;
                }
                if (f->text[i] != '%') {
                        i++;
                        continue;
                }
                literal(out, f, run, i);
                size_t start = i;
                char letter = 0;
                parse_tspec(f->text, to, &i, &letter);
                literal_byte(out, f, start, fixed_byte(letter));
                run = i;
        }
        literal(out, f, run, bad);
        if (bad < to)
                return bail(out);
        return true;
}

bool dl_format_strftime(struct dl_tmpl *out, const struct dl_value *fmt, struct dl_loc at,
                        const char *source)
{
        struct flat f;
        begin(out, fmt, at, &f);
        /* A '%' right before a hole would be cut in two: leave it to the hole. */
        size_t stop = f.n;
        if (f.truncated && stop && f.text[stop - 1] == '%')
                stop--;
        bool ok = strftime_range(out, &f, 0, stop, source);
        if (ok && f.truncated)
                ok = bail(out);
        flat_fini(&f);
        return ok;
}

enum dl_time_grain dl_format_time_grain(const char *fmt, size_t len, bool *ok)
{
        int grain = DL_GRAIN_NONE;
        if (ok)
                *ok = true;
        for (size_t i = 0; i < len;) {
                if (fmt[i] != '%') {
                        i++;
                        continue;
                }
                char letter = 0;
                int g = parse_tspec(fmt, len, &i, &letter);
                if (g == -1) {
                        if (ok)
                                *ok = false;
                        break;
                }
                if (g > grain)
                        grain = g;
        }
        return (enum dl_time_grain)grain;
}

/* ---- std::format ---------------------------------------------------------------- */

/* The standard format spec for strings, integers, bool and char
 * ([format.string.std]): [[fill]align][sign][#][0][width][.precision][L][type]. */
struct sspec {
        char fill, align; /* align 0 when none */
        char sign;        /* 0, '+', '-', ' ' */
        bool alt, zero, locale;
        long width, prec; /* -1: none */
        char type;        /* 0 when none */
};

static bool parse_sspec(const char *p, size_t n, struct sspec *s)
{
        memset(s, 0, sizeof *s);
        s->width = s->prec = -1;
        s->fill = ' ';
        size_t k = 0;
        if (n >= 2 && strchr("<>^", p[1]) && p[1] && p[0] != '{' && p[0] != '}') {
                s->fill = p[0];
                s->align = p[1];
                k = 2;
        } else if (n >= 1 && strchr("<>^", p[0]) && p[0]) {
                s->align = p[0];
                k = 1;
        }
        if (k < n && strchr("+- ", p[k]) && p[k])
                s->sign = p[k++];
        if (k < n && p[k] == '#') {
                s->alt = true;
                k++;
        }
        if (k < n && p[k] == '0') {
                s->zero = true;
                k++;
        }
        if (k < n && is_digit(p[k]))
                s->width = read_number(p, n, &k);
        if (k < n && p[k] == '.') {
                k++;
                if (k >= n || !is_digit(p[k]))
                        return false;
                s->prec = read_number(p, n, &k);
        }
        if (k < n && p[k] == 'L') {
                s->locale = true;
                k++;
        }
        if (k < n)
                s->type = p[k++];
        return k == n && s->width <= DL_FORMAT_MAX_WIDTH && s->prec <= DL_FORMAT_MAX_WIDTH;
}

/* Pad body (already in sb from offset body_at) to the width with the fill,
 * aligned as s says (default: dflt). */
static void pad(struct dl_strbuf *sb, size_t body_at, const struct sspec *s, char dflt)
{
        size_t len = sb->len - body_at;
        if (s->width < 0 || (size_t)s->width <= len)
                return;
        size_t total = (size_t)s->width - len;
        char align = (char)(s->align ? s->align : dflt);
        size_t before = align == '>' ? total : align == '^' ? total / 2 : 0;
        size_t after = total - before;
        char *body = dl_xmalloc(len + 1);
        memcpy(body, sb->buf + body_at, len);
        sb->len = body_at;
        fill(sb, s->fill, before);
        dl_strbuf_add(sb, body, len);
        fill(sb, s->fill, after);
        free(body);
}

/* A known integer under an integer spec: d (default), x, X, o, b, B. */
static bool render_std_int(struct dl_strbuf *sb, const struct sspec *s, bool neg,
                           unsigned long long mag)
{
        unsigned base = 10;
        const char *digits = "0123456789abcdef";
        const char *prefix = "";
        switch (s->type) {
        case 0: case 'd': break;
        case 'x': base = 16; prefix = "0x"; break;
        case 'X': base = 16; prefix = "0X"; digits = "0123456789ABCDEF"; break;
        case 'o': base = 8; prefix = "0"; break;
        case 'b': base = 2; prefix = "0b"; break;
        case 'B': base = 2; prefix = "0B"; break;
        default: return false;
        }
        if (s->prec >= 0 || s->locale)
                return false;
        char num[72];
        size_t n = 0;
        do {
                num[n++] = digits[mag % base];
                mag /= base;
        } while (mag);
        size_t start = sb->len;
        if (neg)
                dl_strbuf_putc(sb, '-');
        else if (s->sign == '+' || s->sign == ' ')
                dl_strbuf_putc(sb, s->sign);
        if (s->alt && !(base == 8 && n == 1 && num[0] == '0'))
                dl_strbuf_puts(sb, prefix);
        size_t head = sb->len - start;
        if (s->zero && !s->align && s->width > (long)(head + n))
                fill(sb, '0', (size_t)s->width - head - n);
        while (n)
                dl_strbuf_putc(sb, num[--n]);
        pad(sb, start, s, '>');
        return true;
}

/* One replacement field {…:spec} for argument a. Returns false when not
 * understood. */
static bool std_field(struct dl_tmpl *out, const struct flat *f, const struct dl_fmt_arg *a,
                      size_t spec_at, size_t spec_len, struct dl_strbuf *sb)
{
        const char *spec = f->text + spec_at;
        if (a->type == DL_FMT_TIME) {
                if (!spec_len) {
                        struct dl_hole h = {.kind = DL_HOLE_DATE, .format = "%F %T",
                                            .grain = DL_GRAIN_SECOND};
                        dl_tmpl_hole(out, dl_hole_new(out->arena, &h));
                        return true;
                }
                if (spec[0] != '%')
                        return false;
                return strftime_range(out, f, spec_at, spec_at + spec_len, NULL);
        }
        struct sspec s;
        if (!parse_sspec(spec, spec_len, &s) || s.locale)
                return false;
        dl_strbuf_reset(sb);
        switch (a->type) {
        case DL_FMT_STRING: {
                if (s.type && s.type != 's')
                        return false;
                if (s.width < 0 && s.prec < 0) {
                        dl_tmpl_value(out, &a->value, false, f->at);
                        return true;
                }
                if (!dl_value_is_complete(&a->value)) {
                        dl_tmpl_hole(out, NULL);
                        return true;
                }
                /* width and precision count characters: stay exact on ASCII */
                for (size_t i = 0; i < a->value.len; i++) {
                        if ((unsigned char)a->value.text[i] >= 0x80) {
                                dl_tmpl_hole(out, NULL);
                                return true;
                        }
                }
                size_t len = a->value.len;
                if (s.prec >= 0 && (size_t)s.prec < len)
                        len = (size_t)s.prec;
                dl_strbuf_add(sb, a->value.text, len);
                pad(sb, 0, &s, '<');
                computed(out, f, sb->buf, sb->len);
                return true;
        }
        case DL_FMT_BOOL:
                if (!s.type || s.type == 's') {
                        if (dl_value_equals(&a->value, "true") || dl_value_equals(&a->value, "false")) {
                                dl_strbuf_add(sb, a->value.text, a->value.len);
                                pad(sb, 0, &s, '<');
                                computed(out, f, sb->buf, sb->len);
                        } else {
                                dl_tmpl_hole(out, int_hole(out, a));
                        }
                        return true;
                }
                __attribute__((fallthrough)); /* an integer presentation (d, x...) */
        case DL_FMT_SIGNED:
        case DL_FMT_UNSIGNED:
        case DL_FMT_CHAR: {
                bool neg;
                unsigned long long mag;
                bool as_char = s.type == 'c' || (a->type == DL_FMT_CHAR && (!s.type || s.type == '?'));
                if (as_char) {
                        if (s.sign || s.alt || s.zero || s.prec >= 0)
                                return false;
                        if (int_value(a, &neg, &mag) && !neg && mag < 0x80) {
                                dl_strbuf_putc(sb, (char)mag);
                                pad(sb, 0, &s, '<');
                                computed(out, f, sb->buf, sb->len);
                        } else {
                                dl_tmpl_hole(out, NULL);
                        }
                        return true;
                }
                if (s.type && !strchr("dxXobB", s.type))
                        return false;
                if (int_value(a, &neg, &mag)) {
                        if (!render_std_int(sb, &s, neg, mag))
                                return false;
                        computed(out, f, sb->buf, sb->len);
                } else {
                        dl_tmpl_hole(out, int_hole(out, a));
                }
                return true;
        }
        case DL_FMT_FLOAT:
                if (s.type && !strchr("aAeEfFgG", s.type))
                        return false;
                dl_tmpl_hole(out, NULL);
                return true;
        case DL_FMT_POINTER:
                if (s.type && s.type != 'p' && s.type != 'P')
                        return false;
                dl_tmpl_hole(out, NULL);
                return true;
        case DL_FMT_TIME:
        case DL_FMT_OTHER:
                break;
        }
        return false;
}

bool dl_format_std(struct dl_tmpl *out, const struct dl_value *fmt, const struct dl_fmt_arg *args,
                   size_t n_args, struct dl_loc at)
{
        struct flat f;
        begin(out, fmt, at, &f);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t run = 0, i = 0, next = 0;
        int manual = -1; /* -1 undecided, 0 automatic ids, 1 manual ids */
        bool ok = true;
        while (i < f.n && ok) {
                char c = f.text[i];
                if (c != '{' && c != '}') {
                        i++;
                        continue;
                }
                literal(out, &f, run, i);
                if (i + 1 < f.n && f.text[i + 1] == c) { /* {{ or }} */
                        literal_byte(out, &f, i, c);
                        i += 2;
                        run = i;
                        continue;
                }
                if (c == '}') { /* a lone '}': the format is invalid */
                        ok = bail(out);
                        break;
                }
                size_t k = i + 1;
                size_t id = next;
                bool has_id = k < f.n && is_digit(f.text[k]);
                if (has_id) {
                        size_t v = 0;
                        while (k < f.n && is_digit(f.text[k]) && v < 100000)
                                v = v * 10 + (size_t)(f.text[k++] - '0');
                        id = v;
                }
                if ((manual == 0 && has_id) || (manual == 1 && !has_id)) {
                        ok = bail(out); /* mixing automatic and manual ids */
                        break;
                }
                manual = has_id ? 1 : 0;
                size_t spec_at = k, spec_len = 0;
                if (k < f.n && f.text[k] == ':') {
                        spec_at = ++k;
                        while (k < f.n && f.text[k] != '}' && f.text[k] != '{')
                                k++;
                        spec_len = k - spec_at;
                }
                if (k >= f.n || f.text[k] != '}' || id >= n_args) {
                        ok = bail(out); /* nested field, unterminated, or no argument */
                        break;
                }
                if (!has_id)
                        next++;
                if (!std_field(out, &f, &args[id], spec_at, spec_len, &sb)) {
                        ok = bail(out);
                        break;
                }
                i = run = k + 1;
        }
        dl_strbuf_fini(&sb);
        return end(out, &f, run, ok);
}
