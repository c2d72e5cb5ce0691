/* prefilter.h - which translation units cannot hold a request, decided
 * from their text before paying for clang's parse.
 * SPDX-License-Identifier: MIT
 *
 * A request is made where a call of a client library sends it (a DL_EV_SEND
 * event, recognizer.h, or a recognizer's token recovery), in a function
 * body of the file analysed; that call spells one of its recognizer's
 * trigger words (struct dl_recognizer.trigger_words: the AWS SDK for C++'s
 * client methods Query, QueryAsync, ...; libcurl's curl_easy_perform; the
 * names of the rules' declared wrappers). So a file none of whose
 * identifiers, nor those of the project headers it reaches (scan.h:
 * resolved with its own include paths; system and stub headers are not
 * read) nor of its -D arguments, is a trigger word cannot hold a request,
 * and is not parsed. A file is parsed whenever the text cannot tell: a
 * recognizer cannot name its words (a wrapper's `match` pattern that is no
 * literal name), the file or one of its headers cannot be read, a quoted
 * include names a header found nowhere, an include names a macro, -include
 * or -imacros is given, the text pastes tokens (##) or spells a universal
 * character name, or it mentions "ddblint" (its suppression comments must
 * be seen to be reported when unused).
 * Known limit (docs/architecture.md): a macro defined in a system header
 * that expands to a client call is not seen.
 *
 * Thread safety: one struct dl_prefilter may be asked by many threads.
 */
#ifndef DL_RECOGNIZE_PREFILTER_H
#define DL_RECOGNIZE_PREFILTER_H

#include <stdbool.h>
#include <stddef.h>

struct dl_prefilter;
struct dl_scan_probe;

struct dl_ruleset;

/**
 * dl_prefilter_new - a prefilter for every compiled-in recognizer's
 * trigger words under rules (its declared wrappers; may be NULL). The
 * words are copied; rules is not kept.
 * Returns: transfer full; release with dl_prefilter_free().
 */
struct dl_prefilter *dl_prefilter_new(const struct dl_ruleset *rules);
/** dl_prefilter_free - release; NULL-safe. */
void dl_prefilter_free(struct dl_prefilter *pf);

/**
 * dl_prefilter_may_hold - whether the translation unit path, compiled with
 * args (as given to libclang: no compiler, no file name), may hold a
 * request: false only when neither its text nor that of any project
 * header it reaches holds a trigger word and every quoted include was
 * resolved. stub_dir: ddblint's stub headers (not read), or NULL.
 */
bool dl_prefilter_may_hold(struct dl_prefilter *pf, const char *path, const char *const *args,
                           size_t n_args, const char *stub_dir);

/**
 * dl_prefilter_may_hold_text - dl_prefilter_may_hold, with path's text
 * (len bytes) already read by the caller: it is not read again.
 */
bool dl_prefilter_may_hold_text(struct dl_prefilter *pf, const char *path, const char *text,
                                size_t len, const char *const *args, size_t n_args,
                                const char *stub_dir);

/* What a verdict of "cannot hold a request" rests on besides the unit's
 * own text and arguments: every answer the include search got from the
 * file system (scan.h: struct dl_scan_probe), the files found among them
 * being the project headers read. The same answers, and the same content
 * of every file found, give the same verdict (prefilter_memo.h). */
struct dl_prefilter_deps {
        struct dl_scan_probe *probes; /* owned; sorted by path, unique */
        size_t n_probes;
};

/**
 * dl_prefilter_may_hold_deps - dl_prefilter_may_hold_text; when it returns
 * false and deps is not NULL, deps receives what that rests on (release
 * with dl_prefilter_deps_fini); otherwise deps is left empty.
 */
bool dl_prefilter_may_hold_deps(struct dl_prefilter *pf, const char *path, const char *text,
                                size_t len, const char *const *args, size_t n_args,
                                const char *stub_dir, struct dl_prefilter_deps *deps);
/** dl_prefilter_deps_fini - free the list; NULL-safe. */
void dl_prefilter_deps_fini(struct dl_prefilter_deps *deps);

/**
 * dl_prefilter_words - pf's trigger words (sorted, unique; borrowed, valid
 * until dl_prefilter_free) and their count in *n; *parse_all receives
 * whether some recognizer cannot name its words (then every file is
 * parsed). Everything else the verdict depends on is the code and the
 * arguments of dl_prefilter_may_hold_text.
 */
const char *const *dl_prefilter_words(const struct dl_prefilter *pf, size_t *n, bool *parse_all);

/** dl_prefilter_is_trigger - whether word (n bytes) is one of pf's trigger words. */
bool dl_prefilter_is_trigger(const struct dl_prefilter *pf, const char *word, size_t n);

#endif
