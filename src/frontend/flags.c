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
        unsigned what; /* BUILD, PATH */
};

enum {
        BUILD = 1, /* the build's own output (struct dl_flag_drop) */
        PATH = 2,  /* its value is a path (dl_flags_absolute) */
};

/* A kept flag whose value is a path: relative ones are made absolute. */
#define KEPT_PATH DL_FLAG_KEPT, PATH

/* First match wins: a longer spelling comes before a shorter one it starts
 * with (-include-pch before -include, -Wp, before -W). */
static const struct rule rules[] = {
        /* a response file of compile_commands.json not expanded (flags.h) */
        {DL_FLAGS_REFUSED, JOINED, DL_FLAG_READS, 0},
        /* the build's own outputs: every compile_commands.json entry has them */
        {"-c", FLAG, DL_FLAG_NOT_ALLOWED, BUILD},
        {"-o", JOINED_SEP, DL_FLAG_WRITES, BUILD},
        {"-MD", FLAG, DL_FLAG_WRITES, BUILD},
        {"-MMD", FLAG, DL_FLAG_WRITES, BUILD},
        {"-MF", JOINED_SEP, DL_FLAG_WRITES, BUILD},
        {"-MT", JOINED_SEP, DL_FLAG_WRITES, BUILD},
        {"-MQ", JOINED_SEP, DL_FLAG_WRITES, BUILD},
        /* files written */
        {"-MJ", JOINED_SEP, DL_FLAG_WRITES, 0},
        {"-M", PREFIX, DL_FLAG_WRITES, 0},
        {"--write-", PREFIX, DL_FLAG_WRITES, 0},
        {"--dependencies", FLAG, DL_FLAG_WRITES, 0},
        {"--user-dependencies", FLAG, DL_FLAG_WRITES, 0},
        {"-dependency-file", SEPARATE, DL_FLAG_WRITES, 0},
        {"-dependency-dot", SEPARATE, DL_FLAG_WRITES, 0},
        {"-header-include-file", SEPARATE, DL_FLAG_WRITES, 0},
        {"-header-include-", PREFIX, DL_FLAG_WRITES, 0},
        {"-module-dependency-dir", SEPARATE, DL_FLAG_WRITES, 0},
        {"-module-", PREFIX, DL_FLAG_WRITES, 0},
        {"-fmodule", PREFIX, DL_FLAG_WRITES, 0},
        {"-fimplicit-module", PREFIX, DL_FLAG_WRITES, 0},
        {"-fprebuilt-module", PREFIX, DL_FLAG_READS, 0},
        {"-serialize-diagnostics", SEPARATE, DL_FLAG_WRITES, 0},
        {"--serialize-diagnostics", SEPARATE, DL_FLAG_WRITES, 0},
        {"-fcrash-diagnostics", PREFIX, DL_FLAG_WRITES, 0},
        {"-save-temps", PREFIX, DL_FLAG_WRITES, 0},
        {"--save-temps", PREFIX, DL_FLAG_WRITES, 0},
        {"-save-stats", PREFIX, DL_FLAG_WRITES, 0},
        {"-ftime-trace", PREFIX, DL_FLAG_WRITES, 0},
        {"-fprofile-generate", PREFIX, DL_FLAG_WRITES, 0},
        {"-fprofile-instr-generate", PREFIX, DL_FLAG_WRITES, 0},
        {"-fcs-profile-generate", PREFIX, DL_FLAG_WRITES, 0},
        {"-fprofile-arcs", FLAG, DL_FLAG_WRITES, 0},
        {"-fprofile-", PREFIX, DL_FLAG_READS, 0},
        {"-ftest-coverage", FLAG, DL_FLAG_WRITES, 0},
        {"--coverage", FLAG, DL_FLAG_WRITES, 0},
        {"-split-dwarf-file", SEPARATE, DL_FLAG_WRITES, 0},
        {"-split-dwarf-output", SEPARATE, DL_FLAG_WRITES, 0},
        {"-index-store-path", SEPARATE, DL_FLAG_WRITES, 0},
        {"-fsave-optimization-record", PREFIX, DL_FLAG_WRITES, 0},
        {"-foptimization-record-file", PREFIX, DL_FLAG_WRITES, 0},
        /* code loaded, or flags passed past this list */
        {"-fplugin", PREFIX, DL_FLAG_LOADS, 0},
        {"-fpass-plugin", PREFIX, DL_FLAG_LOADS, 0},
        {"-load", SEPARATE, DL_FLAG_LOADS, 0},
        {"-plugin", SEPARATE, DL_FLAG_LOADS, 0},
        {"-add-plugin", SEPARATE, DL_FLAG_LOADS, 0},
        {"-plugin-arg-", PREFIX_SEP, DL_FLAG_LOADS, 0},
        {"-Xclang", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xpreprocessor", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xlinker", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xassembler", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xanalyzer", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xopenmp-target", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xcuda-ptxas", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xcuda-fatbinary", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xoffload-linker", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Xarch_", PREFIX_SEP, DL_FLAG_PASSES, 0},
        {"-X", PREFIX, DL_FLAG_PASSES, 0},
        {"-mllvm", SEPARATE, DL_FLAG_PASSES, 0},
        {"-Wp,", PREFIX, DL_FLAG_PASSES, 0},
        {"-Wl,", PREFIX, DL_FLAG_PASSES, 0},
        {"-Wa,", PREFIX, DL_FLAG_PASSES, 0},
        {"-B", JOINED_SEP, DL_FLAG_LOADS, 0},
        {"--prefix", JOINED_SEP, DL_FLAG_LOADS, 0},
        /* files read by name outside the include search */
        {"-ivfsoverlay", JOINED_SEP, DL_FLAG_READS, 0},
        {"--config", JOINED_SEP, DL_FLAG_READS, 0},
        {"-working-directory", JOINED_SEP, DL_FLAG_NOT_ALLOWED, 0},
        {"-resource-dir", JOINED_SEP, DL_FLAG_NOT_ALLOWED, 0},
        /* the include search spelled long: before --include, which they
         * start with */
        {"--include-directory-after=", JOINED, KEPT_PATH},
        {"--include-directory-after", SEPARATE, KEPT_PATH},
        {"--include-directory=", JOINED, KEPT_PATH},
        {"--include-directory", SEPARATE, KEPT_PATH},
        {"--include-prefix=", JOINED, KEPT_PATH},
        {"--include-prefix", SEPARATE, KEPT_PATH},
        {"--include-with-prefix", PREFIX_SEP, DL_FLAG_NOT_ALLOWED, 0},
        {"--include-barrier", FLAG, DL_FLAG_NOT_ALLOWED, 0},
        /* a file the parse reads first: only from inside the root */
        {"-include-pch", SEPARATE, BOUNDED, PATH},
        {"-include", JOINED_SEP, BOUNDED, PATH},
        {"--include", JOINED_SEP, BOUNDED, PATH},
        {"-imacros", JOINED_SEP, BOUNDED, PATH},
        {"--imacros", JOINED_SEP, BOUNDED, PATH},
        /* the include search, macros, language, target */
        {"-I", JOINED_SEP, KEPT_PATH},
        {"-D", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"-U", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"-isystem-after", JOINED_SEP, KEPT_PATH},
        {"-isystem", JOINED_SEP, KEPT_PATH},
        {"-iquote", JOINED_SEP, KEPT_PATH},
        {"-idirafter", JOINED_SEP, KEPT_PATH},
        {"-iprefix", JOINED_SEP, KEPT_PATH},
        {"-iwithprefixbefore", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"-iwithprefix", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"-iwithsysroot", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"-iframeworkwithsysroot", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"-iframework", JOINED_SEP, KEPT_PATH},
        {"-isysroot", JOINED_SEP, KEPT_PATH},
        {"-cxx-isystem", JOINED_SEP, KEPT_PATH},
        {"-F", JOINED_SEP, KEPT_PATH},
        {"--sysroot=", JOINED, KEPT_PATH},
        {"--sysroot", SEPARATE, KEPT_PATH},
        {"--define-macro=", JOINED, DL_FLAG_KEPT, 0},
        {"--define-macro", SEPARATE, DL_FLAG_KEPT, 0},
        {"--undefine-macro=", JOINED, DL_FLAG_KEPT, 0},
        {"--undefine-macro", SEPARATE, DL_FLAG_KEPT, 0},
        {"--system-header-prefix=", JOINED, DL_FLAG_KEPT, 0},
        {"--no-system-header-prefix=", JOINED, DL_FLAG_KEPT, 0},
        {"-x", JOINED_SEP, DL_FLAG_KEPT, 0},
        {"--language=", JOINED, DL_FLAG_KEPT, 0},
        {"--language", SEPARATE, DL_FLAG_KEPT, 0},
        {"-std=", JOINED, DL_FLAG_KEPT, 0},
        {"--std=", JOINED, DL_FLAG_KEPT, 0},
        {"--std", SEPARATE, DL_FLAG_KEPT, 0},
        {"-ansi", FLAG, DL_FLAG_KEPT, 0},
        /* libclang adds it to a database's command of c++ or g++; cl's
         * mode would read options of another syntax, so only these */
        {"--driver-mode=g++", FLAG, DL_FLAG_KEPT, 0},
        {"--driver-mode=gcc", FLAG, DL_FLAG_KEPT, 0},
        {"--target=", JOINED, DL_FLAG_KEPT, 0},
        {"-target", SEPARATE, DL_FLAG_KEPT, 0},
        {"--gcc-toolchain=", JOINED, KEPT_PATH},
        {"-gcc-toolchain", SEPARATE, KEPT_PATH},
        {"--gcc-install-dir=", JOINED, KEPT_PATH},
        {"-arch", SEPARATE, DL_FLAG_KEPT, 0},
        {"-stdlib=", JOINED, DL_FLAG_KEPT, 0},
        {"--stdlib=", JOINED, DL_FLAG_KEPT, 0},
        {"-nostdinc", FLAG, DL_FLAG_KEPT, 0},
        {"-nostdinc++", FLAG, DL_FLAG_KEPT, 0},
        {"-nostdlibinc", FLAG, DL_FLAG_KEPT, 0},
        {"-nobuiltininc", FLAG, DL_FLAG_KEPT, 0},
        {"-undef", FLAG, DL_FLAG_KEPT, 0},
        {"-pedantic", FLAG, DL_FLAG_KEPT, 0},
        {"-pedantic-errors", FLAG, DL_FLAG_KEPT, 0},
        {"--pedantic", FLAG, DL_FLAG_KEPT, 0},
        {"-w", FLAG, DL_FLAG_KEPT, 0},
        {"-trigraphs", FLAG, DL_FLAG_KEPT, 0},
        {"-pthread", FLAG, DL_FLAG_KEPT, 0},
        {"-pipe", FLAG, DL_FLAG_KEPT, 0},
        {"-Qunused-arguments", FLAG, DL_FLAG_KEPT, 0},
        {"-no-canonical-prefixes", FLAG, DL_FLAG_KEPT, 0},
        /* families: warnings, -f language options, -m target options,
         * optimisation and debug levels (no file under a parse) */
        {"-mthread-model", SEPARATE, DL_FLAG_KEPT, 0},
        {"-meabi", SEPARATE, DL_FLAG_KEPT, 0},
        {"-W", PREFIX, DL_FLAG_KEPT, 0},
        {"-f", PREFIX, DL_FLAG_KEPT, 0},
        {"-m", PREFIX, DL_FLAG_KEPT, 0},
        {"-O", PREFIX, DL_FLAG_KEPT, 0},
        /* debug information: no file under a parse. Spelled one by one:
         * -gen-cdb-fragment-path DIR and -gen-reproducer also start with
         * -g and write files, and a prefix rule would keep the value of a
         * separate option as a flag of its own */
        {"-gen-cdb-fragment-path", SEPARATE, DL_FLAG_WRITES, 0},
        {"-gen-", PREFIX, DL_FLAG_WRITES, 0},
        {"-g", FLAG, DL_FLAG_KEPT, 0},
        {"-g0", FLAG, DL_FLAG_KEPT, 0},
        {"-g1", FLAG, DL_FLAG_KEPT, 0},
        {"-g2", FLAG, DL_FLAG_KEPT, 0},
        {"-g3", FLAG, DL_FLAG_KEPT, 0},
        {"-ggdb", PREFIX, DL_FLAG_KEPT, 0},
        {"-gdwarf", PREFIX, DL_FLAG_KEPT, 0},
        {"-gline-tables-only", FLAG, DL_FLAG_KEPT, 0},
        {"-gline-directives-only", FLAG, DL_FLAG_KEPT, 0},
        {"-gcolumn-info", FLAG, DL_FLAG_KEPT, 0},
        {"-gno-", PREFIX, DL_FLAG_KEPT, 0},
        {"-gz", PREFIX, DL_FLAG_KEPT, 0},
        {"-gstrict-dwarf", FLAG, DL_FLAG_KEPT, 0},
        {"-gfull", FLAG, DL_FLAG_KEPT, 0},
        {"-gused", FLAG, DL_FLAG_KEPT, 0},
        {"-gpubnames", FLAG, DL_FLAG_KEPT, 0},
        {"-ggnu-pubnames", FLAG, DL_FLAG_KEPT, 0},
        {"-grecord-gcc-switches", FLAG, DL_FLAG_KEPT, 0},
        {"-gembed-source", FLAG, DL_FLAG_KEPT, 0},
        {"-gcodeview", PREFIX, DL_FLAG_KEPT, 0},
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
                char *text = r && !strcmp(r->spelling, DL_FLAGS_REFUSED) ? dl_xstrdup(value)
                             : separate && value ? dl_xasprintf("%s %s", arg, value)
                                                 : dl_xstrdup(arg);
                free(arg);
                if (separate && value)
                        free(argv[++i]);
                add_drop(drops, n_drops, text, why, r && (r->what & BUILD));
        }
        *n = out;
        return dropped;
}

/* dir/value for a relative path value, else a copy, after prefix
 * (transfer full); "=dir" is the sysroot's, left alone. */
static char *rebase(const char *dir, const char *prefix, const char *value)
{
        if (value[0] == '/' || value[0] == '=' || value[0] == '\0')
                return dl_xasprintf("%s%s", prefix, value);
        return dl_xasprintf("%s%s/%s", prefix, dir, value);
}

void dl_flags_absolute(char **argv, size_t n, const char *dir)
{
        for (size_t i = 0; i < n; i++) {
                char *arg = argv[i];
                const struct rule *r = arg[0] == '-' ? rule_of(arg) : NULL;
                if (!r)
                        continue;
                bool separate = ((r->arity == SEPARATE || r->arity == JOINED_SEP) &&
                                 strcmp(arg, r->spelling) == 0) ||
                                r->arity == PREFIX_SEP;
                if (separate && i + 1 < n) {
                        /* the value is never judged as a flag of its own */
                        i++;
                        if ((r->what & PATH)) {
                                char *v = rebase(dir, "", argv[i]);
                                free(argv[i]);
                                argv[i] = v;
                        }
                } else if (!separate && (r->what & PATH)) {
                        size_t k = strlen(r->spelling);
                        char *prefix = dl_xstrndup(arg, k);
                        argv[i] = rebase(dir, prefix, arg + k);
                        free(prefix);
                        free(arg);
                }
        }
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
