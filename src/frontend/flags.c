/* flags.c - the allow-list of compile flags from the tree (flags.h).
 * SPDX-License-Identifier: MIT
 *
 * The tables below follow clang's own option spellings and arities
 * (clang/include/clang/Driver/Options.td: Flag, Separate, Joined,
 * JoinedOrSeparate). A spelling on no list is dropped: only what is known
 * to change nothing but the parse reaches libclang.
 */
#include "flags.h"

#include "../core/alloc.h"
#include "../core/path.h"
#include "../core/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum arity {
        FLAG,       /* exactly the spelling, no value */
        SEPARATE,   /* the spelling, then its value in the next argument */
        JOINED,     /* the spelling is a prefix; the value follows it in the argument */
        JOINED_SEP, /* JOINED, or SEPARATE when the argument is the spelling alone */
        PREFIX,     /* every argument that starts with the spelling, no value */
        PREFIX_SEP, /* PREFIX, and the next argument is its value (-plugin-arg-NAME) */
};

/* DL_FLAG_KEPT: passed; BOUNDED: passed when the file lies under the root. */
#define BOUNDED DL_FLAG_OUTSIDE

struct rule {
        const char *spelling;
        enum arity arity;
        enum dl_flag_why why;
        bool build; /* the build's own output (struct dl_flag_drop) */
};

/* First match wins: a longer spelling comes before a shorter one it starts
 * with (-include-pch before -include, -Wp, before -W). */
static const struct rule rules[] = {
        /* the build's own outputs: every compile_commands.json entry has them */
        {"-c", FLAG, DL_FLAG_NOT_ALLOWED, true},
        {"-o", JOINED_SEP, DL_FLAG_WRITES, true},
        {"-MD", FLAG, DL_FLAG_WRITES, true},
        {"-MMD", FLAG, DL_FLAG_WRITES, true},
        {"-MF", JOINED_SEP, DL_FLAG_WRITES, true},
        {"-MT", JOINED_SEP, DL_FLAG_WRITES, true},
        {"-MQ", JOINED_SEP, DL_FLAG_WRITES, true},
        /* files written */
        {"-MJ", JOINED_SEP, DL_FLAG_WRITES, false},
        {"-M", PREFIX, DL_FLAG_WRITES, false},
        {"--write-", PREFIX, DL_FLAG_WRITES, false},
        {"--dependencies", FLAG, DL_FLAG_WRITES, false},
        {"--user-dependencies", FLAG, DL_FLAG_WRITES, false},
        {"-dependency-file", SEPARATE, DL_FLAG_WRITES, false},
        {"-dependency-dot", SEPARATE, DL_FLAG_WRITES, false},
        {"-header-include-file", SEPARATE, DL_FLAG_WRITES, false},
        {"-header-include-", PREFIX, DL_FLAG_WRITES, false},
        {"-module-dependency-dir", SEPARATE, DL_FLAG_WRITES, false},
        {"-module-", PREFIX, DL_FLAG_WRITES, false},
        {"-fmodule", PREFIX, DL_FLAG_WRITES, false},
        {"-fimplicit-module", PREFIX, DL_FLAG_WRITES, false},
        {"-fprebuilt-module", PREFIX, DL_FLAG_READS, false},
        {"-serialize-diagnostics", SEPARATE, DL_FLAG_WRITES, false},
        {"--serialize-diagnostics", SEPARATE, DL_FLAG_WRITES, false},
        {"-fcrash-diagnostics", PREFIX, DL_FLAG_WRITES, false},
        {"-save-temps", PREFIX, DL_FLAG_WRITES, false},
        {"--save-temps", PREFIX, DL_FLAG_WRITES, false},
        {"-save-stats", PREFIX, DL_FLAG_WRITES, false},
        {"-ftime-trace", PREFIX, DL_FLAG_WRITES, false},
        {"-fprofile-generate", PREFIX, DL_FLAG_WRITES, false},
        {"-fprofile-instr-generate", PREFIX, DL_FLAG_WRITES, false},
        {"-fcs-profile-generate", PREFIX, DL_FLAG_WRITES, false},
        {"-fprofile-arcs", FLAG, DL_FLAG_WRITES, false},
        {"-fprofile-", PREFIX, DL_FLAG_READS, false},
        {"-ftest-coverage", FLAG, DL_FLAG_WRITES, false},
        {"--coverage", FLAG, DL_FLAG_WRITES, false},
        {"-split-dwarf-file", SEPARATE, DL_FLAG_WRITES, false},
        {"-split-dwarf-output", SEPARATE, DL_FLAG_WRITES, false},
        {"-index-store-path", SEPARATE, DL_FLAG_WRITES, false},
        {"-fsave-optimization-record", PREFIX, DL_FLAG_WRITES, false},
        {"-foptimization-record-file", PREFIX, DL_FLAG_WRITES, false},
        /* code loaded, or flags passed past this list */
        {"-fplugin", PREFIX, DL_FLAG_LOADS, false},
        {"-fpass-plugin", PREFIX, DL_FLAG_LOADS, false},
        {"-load", SEPARATE, DL_FLAG_LOADS, false},
        {"-plugin", SEPARATE, DL_FLAG_LOADS, false},
        {"-add-plugin", SEPARATE, DL_FLAG_LOADS, false},
        {"-plugin-arg-", PREFIX_SEP, DL_FLAG_LOADS, false},
        {"-Xclang", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xpreprocessor", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xlinker", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xassembler", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xanalyzer", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xopenmp-target", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xcuda-ptxas", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xcuda-fatbinary", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xoffload-linker", SEPARATE, DL_FLAG_PASSES, false},
        {"-Xarch_", PREFIX_SEP, DL_FLAG_PASSES, false},
        {"-X", PREFIX, DL_FLAG_PASSES, false},
        {"-mllvm", SEPARATE, DL_FLAG_PASSES, false},
        {"-Wp,", PREFIX, DL_FLAG_PASSES, false},
        {"-Wl,", PREFIX, DL_FLAG_PASSES, false},
        {"-Wa,", PREFIX, DL_FLAG_PASSES, false},
        {"-B", JOINED_SEP, DL_FLAG_LOADS, false},
        {"--prefix", JOINED_SEP, DL_FLAG_LOADS, false},
        /* files read by name outside the include search */
        {"-ivfsoverlay", JOINED_SEP, DL_FLAG_READS, false},
        {"--config", JOINED_SEP, DL_FLAG_READS, false},
        {"-working-directory", JOINED_SEP, DL_FLAG_NOT_ALLOWED, false},
        {"-resource-dir", JOINED_SEP, DL_FLAG_NOT_ALLOWED, false},
        /* a file the parse reads first: only from inside the root */
        {"-include-pch", SEPARATE, BOUNDED, false},
        {"-include", JOINED_SEP, BOUNDED, false},
        {"--include", JOINED_SEP, BOUNDED, false},
        {"-imacros", JOINED_SEP, BOUNDED, false},
        {"--imacros", JOINED_SEP, BOUNDED, false},
        /* the include search, macros, language, target */
        {"-I", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-D", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-U", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-isystem-after", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-isystem", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iquote", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-idirafter", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iprefix", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iwithprefixbefore", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iwithprefix", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iwithsysroot", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iframeworkwithsysroot", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-iframework", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-isysroot", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-cxx-isystem", JOINED_SEP, DL_FLAG_KEPT, false},
        {"-F", JOINED_SEP, DL_FLAG_KEPT, false},
        {"--sysroot=", JOINED, DL_FLAG_KEPT, false},
        {"--sysroot", SEPARATE, DL_FLAG_KEPT, false},
        {"--include-directory-after=", JOINED, DL_FLAG_KEPT, false},
        {"--include-directory-after", SEPARATE, DL_FLAG_KEPT, false},
        {"--include-directory=", JOINED, DL_FLAG_KEPT, false},
        {"--include-directory", SEPARATE, DL_FLAG_KEPT, false},
        {"--define-macro=", JOINED, DL_FLAG_KEPT, false},
        {"--define-macro", SEPARATE, DL_FLAG_KEPT, false},
        {"--undefine-macro=", JOINED, DL_FLAG_KEPT, false},
        {"--undefine-macro", SEPARATE, DL_FLAG_KEPT, false},
        {"--system-header-prefix=", JOINED, DL_FLAG_KEPT, false},
        {"--no-system-header-prefix=", JOINED, DL_FLAG_KEPT, false},
        {"-x", JOINED_SEP, DL_FLAG_KEPT, false},
        {"--language=", JOINED, DL_FLAG_KEPT, false},
        {"--language", SEPARATE, DL_FLAG_KEPT, false},
        {"-std=", JOINED, DL_FLAG_KEPT, false},
        {"--std=", JOINED, DL_FLAG_KEPT, false},
        {"--std", SEPARATE, DL_FLAG_KEPT, false},
        {"-ansi", FLAG, DL_FLAG_KEPT, false},
        {"--target=", JOINED, DL_FLAG_KEPT, false},
        {"-target", SEPARATE, DL_FLAG_KEPT, false},
        {"--gcc-toolchain=", JOINED, DL_FLAG_KEPT, false},
        {"-gcc-toolchain", SEPARATE, DL_FLAG_KEPT, false},
        {"--gcc-install-dir=", JOINED, DL_FLAG_KEPT, false},
        {"-arch", SEPARATE, DL_FLAG_KEPT, false},
        {"-stdlib=", JOINED, DL_FLAG_KEPT, false},
        {"--stdlib=", JOINED, DL_FLAG_KEPT, false},
        {"-nostdinc", FLAG, DL_FLAG_KEPT, false},
        {"-nostdinc++", FLAG, DL_FLAG_KEPT, false},
        {"-nostdlibinc", FLAG, DL_FLAG_KEPT, false},
        {"-nobuiltininc", FLAG, DL_FLAG_KEPT, false},
        {"-undef", FLAG, DL_FLAG_KEPT, false},
        {"-pedantic", FLAG, DL_FLAG_KEPT, false},
        {"-pedantic-errors", FLAG, DL_FLAG_KEPT, false},
        {"--pedantic", FLAG, DL_FLAG_KEPT, false},
        {"-w", FLAG, DL_FLAG_KEPT, false},
        {"-trigraphs", FLAG, DL_FLAG_KEPT, false},
        {"-pthread", FLAG, DL_FLAG_KEPT, false},
        {"-pipe", FLAG, DL_FLAG_KEPT, false},
        {"-Qunused-arguments", FLAG, DL_FLAG_KEPT, false},
        {"-no-canonical-prefixes", FLAG, DL_FLAG_KEPT, false},
        /* families: warnings, -f language options, -m target options,
         * optimisation and debug levels (no file under a parse) */
        {"-W", PREFIX, DL_FLAG_KEPT, false},
        {"-f", PREFIX, DL_FLAG_KEPT, false},
        {"-m", PREFIX, DL_FLAG_KEPT, false},
        {"-O", PREFIX, DL_FLAG_KEPT, false},
        {"-g", PREFIX, DL_FLAG_KEPT, false},
};

/* Words in the name of a -f or -m option (before any '=') that mark one
 * naming a file, a directory or a tool: such an option is dropped unless a
 * rule above passed it. */
static const char *const file_words[] = {
        "file",  "path",  "dir",   "list",    "plugin",   "module", "profile", "record",
        "trace", "dump",  "crash", "save",    "coverage", "xray",   "stats",   "report",
        "remap", "index", "embed", "include", "bitcode",  "output", "usage",   "gpubinary",
};

const char *dl_flags_why(enum dl_flag_why why)
{
        switch (why) {
        case DL_FLAG_KEPT: return "kept";
        case DL_FLAG_WRITES: return "writes a file";
        case DL_FLAG_LOADS: return "loads or runs code";
        case DL_FLAG_PASSES: return "passes other flags on unchecked";
        case DL_FLAG_READS: return "reads a file by name";
        case DL_FLAG_OUTSIDE: return "a file outside the project root";
        case DL_FLAG_NOT_ALLOWED: return "not a flag that only changes the parse";
        }
        return "dropped";
}

static bool starts(const char *s, const char *p)
{
        return strncmp(s, p, strlen(p)) == 0;
}

/* Whether the -f/-m option arg names a file by the words of its name. */
static bool names_file(const char *arg)
{
        size_t n = strcspn(arg, "=");
        for (size_t i = 0; i < sizeof file_words / sizeof *file_words; i++) {
                const char *w = file_words[i];
                size_t wn = strlen(w);
                for (size_t k = 0; k + wn <= n; k++) {
                        if (memcmp(arg + k, w, wn) == 0)
                                return true;
                }
        }
        return false;
}

/* The rule for arg, or NULL (not on any list). */
static const struct rule *rule_of(const char *arg)
{
        for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
                const struct rule *r = &rules[i];
                bool exact = strcmp(arg, r->spelling) == 0;
                switch (r->arity) {
                case FLAG:
                case SEPARATE:
                        if (exact)
                                return r;
                        break;
                case JOINED:
                        if (starts(arg, r->spelling) && !exact)
                                return r;
                        break;
                case JOINED_SEP:
                case PREFIX:
                case PREFIX_SEP:
                        if (starts(arg, r->spelling))
                                return r;
                        break;
                }
        }
        return NULL;
}

static void add_drop(struct dl_flag_drop **drops, size_t *n_drops, char *text, enum dl_flag_why why,
                     bool build)
{
        if (!drops) {
                free(text);
                return;
        }
        *drops = dl_xrealloc(*drops, (*n_drops + 1) * sizeof **drops);
        (*drops)[(*n_drops)++] = (struct dl_flag_drop){text, why, build};
}

size_t dl_flags_filter(char **argv, size_t *n, const char *root, struct dl_flag_drop **drops,
                       size_t *n_drops)
{
        size_t out = 0, dropped = 0;
        for (size_t i = 0; i < *n; i++) {
                char *arg = argv[i];
                const struct rule *r = arg[0] == '-' ? rule_of(arg) : NULL;
                enum dl_flag_why why = r               ? r->why
                                       : arg[0] == '@' ? DL_FLAG_READS
                                                       : DL_FLAG_NOT_ALLOWED;
                bool separate = r && (((r->arity == SEPARATE || r->arity == JOINED_SEP) &&
                                       strcmp(arg, r->spelling) == 0) ||
                                      r->arity == PREFIX_SEP);
                char *value = NULL; /* borrowed */
                if (separate && i + 1 < *n)
                        value = argv[i + 1];
                else if (separate) /* a value missing: clang would refuse it */
                        why = DL_FLAG_NOT_ALLOWED;
                else if (r && (r->arity == JOINED || r->arity == JOINED_SEP))
                        value = arg + strlen(r->spelling);
                if (why == DL_FLAG_KEPT && r && r->arity == PREFIX &&
                    (starts(arg, "-f") || starts(arg, "-m")) && names_file(arg))
                        why = DL_FLAG_NOT_ALLOWED;
                if (why == BOUNDED) {
                        const char *file = value && value[0] == '=' ? value + 1 : value;
                        why = file && dl_path_real_under(file, root) ? DL_FLAG_KEPT
                                                                     : DL_FLAG_OUTSIDE;
                }
                if (why == DL_FLAG_KEPT) {
                        argv[out++] = arg;
                        if (separate)
                                argv[out++] = argv[++i];
                        continue;
                }
                dropped++;
                char *text =
                        separate && value ? dl_xasprintf("%s %s", arg, value) : dl_xstrdup(arg);
                free(arg);
                if (separate && value)
                        free(argv[++i]);
                add_drop(drops, n_drops, text, why, r && r->build);
        }
        *n = out;
        return dropped;
}

/* Appends s quoted, its control bytes escaped (a flag from a JSON string
 * may hold a newline, which would start a false line of the text output). */
static void add_quoted(struct dl_strbuf *sb, const char *s)
{
        dl_strbuf_add(sb, "'", 1);
        for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
                if (*p < 0x20 || *p == 0x7f) {
                        char esc[8];
                        int k = snprintf(esc, sizeof esc, "\\x%02x", *p);
                        dl_strbuf_add(sb, esc, (size_t)k);
                } else {
                        dl_strbuf_add(sb, (const char *)p, 1);
                }
        }
        dl_strbuf_add(sb, "'", 1);
}

char *dl_flags_note(const struct dl_flag_drop *drops, size_t n, const char *origin,
                    bool quiet_build)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t said = 0;
        for (size_t i = 0; i < n; i++) {
                if (quiet_build && drops[i].build)
                        continue;
                bool again = false;
                for (size_t k = 0; k < i && !again; k++)
                        again = strcmp(drops[k].text, drops[i].text) == 0;
                if (again)
                        continue;
                if (said++ == 0) {
                        const char *o = origin ? origin : "the tree";
                        dl_strbuf_add(&sb, "compile flags from ", 19);
                        dl_strbuf_add(&sb, o, strlen(o));
                        dl_strbuf_add(&sb, " dropped: ", 10);
                } else {
                        dl_strbuf_add(&sb, ", ", 2);
                }
                add_quoted(&sb, drops[i].text);
                const char *w = dl_flags_why(drops[i].why);
                dl_strbuf_add(&sb, " (", 2);
                dl_strbuf_add(&sb, w, strlen(w));
                dl_strbuf_add(&sb, ")", 1);
        }
        if (!said) {
                dl_strbuf_fini(&sb);
                return NULL;
        }
        return dl_strbuf_take(&sb);
}

void dl_flags_drops_free(struct dl_flag_drop *drops, size_t n)
{
        for (size_t i = 0; drops && i < n; i++)
                free(drops[i].text);
        free(drops);
}
