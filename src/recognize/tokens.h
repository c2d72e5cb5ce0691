/* tokens.h - reading a function's tokens when clang could not type it: the
 * C and C++ token syntax the recognizers' recover hooks share (balanced
 * brackets, the receiver of a member call, qualified names, string
 * literals, conditional code).
 * SPDX-License-Identifier: MIT
 *
 * Ownership: spellings live in the arena of cx; the token array is
 * borrowed (the caller tokenized the main file).
 */
#ifndef DL_RECOGNIZE_TOKENS_H
#define DL_RECOGNIZE_TOKENS_H

#include "../frontend/cx.h"
#include "../model/request.h"

#include <clang-c/Index.h>
#include <stdbool.h>

/* Tokens [begin, end) of the main file with their spellings. */
struct dl_toks {
        struct dl_cx *cx;
        CXToken *t;     /* the whole array: t[i] for begin <= i < end */
        const char **s; /* spellings, s[i - begin] (arena) */
        unsigned begin, end;
};

/** dl_toks_init - spell tokens [begin, end) of toks into the arena of cx. */
void dl_toks_init(struct dl_toks *T, struct dl_cx *cx, CXToken *toks, unsigned begin, unsigned end);

/** dl_tok - the spelling of token i; "" outside [begin, end). */
const char *dl_tok(const struct dl_toks *T, unsigned i);
/** dl_tok_is - token i is spelled s. */
bool dl_tok_is(const struct dl_toks *T, unsigned i, const char *s);
/** dl_tok_ident - token i is an identifier (or `this`). */
bool dl_tok_ident(const struct dl_toks *T, unsigned i);
/** dl_tok_loc - the location of token i (expansion, 1-based). */
struct dl_loc dl_tok_loc(const struct dl_toks *T, unsigned i);

/**
 * dl_tok_typed_call - does token i, the name of a called function or
 * method, name one clang resolved (its call is in the AST: a cursor at the
 * token refers to a function or method of that name)? Such a call was read
 * from the AST, so recovering it from tokens would make it twice (a call
 * inside a macro's argument has its AST location at the macro's name, a
 * line away from the token when the argument starts on the next line).
 */
bool dl_tok_typed_call(const struct dl_toks *T, unsigned i);

/** dl_tok_skip_group - index of the token after the bracket closing the one
 * at open ('(', '{' or '['; nesting counted over all three); end when
 * unbalanced. */
unsigned dl_tok_skip_group(const struct dl_toks *T, unsigned open);
/** dl_tok_skip_qual - skip `A::B::` qualifiers (and a leading `::`) at i. */
unsigned dl_tok_skip_qual(const struct dl_toks *T, unsigned i);
/** dl_tok_arg_end - the end of the argument starting at i: the ',' or the
 * closing bracket at depth 0 (index of that token). */
unsigned dl_tok_arg_end(const struct dl_toks *T, unsigned i);

/**
 * dl_tok_receiver - the first token of the postfix expression that ends at
 * token end (the receiver of `.f(` / `->f(`), searching back no further
 * than lo: names (`db_`, `this`), qualified names (`ns::Db::get`, `::g`),
 * calls with balanced parentheses (`client()`, `get<T>(x)`), subscripts
 * (`clients[n + 1]`), member access (`a.b->c`), and a parenthesized
 * expression as the primary (`(*ptr)`). UINT_MAX when it is none of these.
 */
unsigned dl_tok_receiver(const struct dl_toks *T, unsigned lo, unsigned end);

/**
 * dl_tok_maybe - does token k, in a body starting at token begin, run on
 * some paths only relative to a use at brace depth use_depth: inside
 * braces deeper than the use, right after `)` or `else` (an unbraced
 * branch or loop), or after `&&`, `||` or `?` within its statement?
 */
bool dl_tok_maybe(const struct dl_toks *T, unsigned begin, unsigned k, int use_depth);
/** dl_tok_depth - the brace depth of token k counted from token begin. */
int dl_tok_depth(const struct dl_toks *T, unsigned begin, unsigned k);

/**
 * dl_tok_string - the value made of the string-literal tokens [a, b)
 * (adjacent literals concatenated, escapes decoded, every byte located);
 * DL_VAL_DYNAMIC at `at` when any token is not a string literal or the
 * range is empty.
 */
struct dl_value dl_tok_string(const struct dl_toks *T, unsigned a, unsigned b, struct dl_loc at);

#endif
