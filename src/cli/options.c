/* options.c - command-line parsing.
 * SPDX-License-Identifier: MIT
 */
#include "options.h"

#include "../core/alloc.h"
#include "../core/suggest.h"

#include <stdlib.h>
#include <string.h>

/* The long option closest to a (up to its '='), read from the usage text,
 * the one list of the options, into out (size bytes); NULL when none is
 * close enough to be a typo (core/suggest.h). */
static const char *suggest_option(const char *a, char *out, size_t size)
{
        char names[64][32], word[64];
        const char *cand[64];
        size_t n = 0, wl = strcspn(a, "=");
        const char *usage = dl_options_usage();
        for (const char *p = usage; (p = strstr(p, "--")) && n < 64;) {
                size_t len = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
                if (len > 2 && len < sizeof names[0] && (p == usage || p[-1] == ' ')) {
                        memcpy(names[n], p, len);
                        names[n][len] = '\0';
                        cand[n] = names[n];
                        n++;
                }
                p += len;
        }
        if (wl >= sizeof word)
                return NULL;
        memcpy(word, a, wl);
        word[wl] = '\0';
        const char *s = dl_suggest(word, cand, n);
        size_t len = s ? strlen(s) : 0;
        if (!s || len >= size)
                return NULL;
        memcpy(out, s, len + 1);
        return out;
}

static void push(const char ***arr, size_t *n, const char *s)
{
        *arr = dl_xrealloc(*arr, (*n + 1) * sizeof **arr);
        (*arr)[(*n)++] = s;
}

/* Matches "--name=value" or "--name value" (and "-p DIR" / "-pDIR" for
 * short options). Sets *val and advances *i as needed. */
static bool take_value(const char *name, int argc, char **argv, int *i, const char **val,
                       bool *missing)
{
        const char *a = argv[*i];
        size_t n = strlen(name);
        if (strncmp(a, name, n) != 0)
                return false;
        if (a[n] == '=' && name[1] == '-') {
                *val = a + n + 1;
                return true;
        }
        if (a[n] != '\0') {
                if (name[1] != '-' && strlen(name) == 2) { /* -pDIR */
                        *val = a + n;
                        return true;
                }
                return false;
        }
        if (*i + 1 >= argc) {
                *missing = true;
                return true;
        }
        *val = argv[++*i];
        return true;
}

enum dl_status dl_options_parse(struct dl_options *o, int argc, char **argv,
                                struct dl_error *err)
{
        memset(o, 0, sizeof *o);
        o->fail_on = DL_SEV_NOTE;
        o->format = DL_FORMAT_TEXT;
        o->tu_timeout = DL_DEFAULT_TU_TIMEOUT;
        o->tu_memory = DL_DEFAULT_TU_MEMORY;
        bool operands_only = false;
        for (int i = 1; i < argc; i++) {
                const char *a = argv[i];
                const char *v = NULL;
                bool missing = false;
                if (operands_only || a[0] != '-' || strcmp(a, "-") == 0) {
                        if (!operands_only && o->n_paths == 0 && !o->dump_requests &&
                            strcmp(a, "dump-requests") == 0) {
                                o->dump_requests = true;
                                continue;
                        }
                        if (!operands_only && o->n_paths == 0 && !o->command && !o->dump_requests &&
                            (!strcmp(a, "access-patterns") || !strcmp(a, "iam-policy"))) {
                                o->command =
                                        a[0] == 'a' ? DL_CMD_ACCESS_PATTERNS : DL_CMD_IAM_POLICY;
                                continue;
                        }
                        if (!operands_only && o->n_paths == 0 && !o->merge_sarif &&
                            strcmp(a, "merge-sarif") == 0) {
                                o->merge_sarif = true;
                                continue;
                        }
                        push(&o->paths, &o->n_paths, a);
                        continue;
                }
                if (strcmp(a, "--") == 0) {
                        operands_only = true;
                        continue;
                }
#define FLAG(s, field)                                                          \
        if (strcmp(a, s) == 0) {                                                \
                o->field = true;                                                \
                continue;                                                       \
        }
                FLAG("--help", help)
                FLAG("-h", help)
                FLAG("--version", version)
                FLAG("--list-checks", list_checks)
                FLAG("--dump-requests", dump_requests)
                FLAG("--verbose", verbose)
                FLAG("-v", verbose)
                FLAG("--include-suppressed", include_suppressed)
                FLAG("--no-stub-headers", no_stubs)
                FLAG("--quiet", quiet)
                FLAG("-q", quiet)
                FLAG("--no-cache", no_cache)
                FLAG("--no-pch", no_pch)
                FLAG("--no-prefilter", no_prefilter)
                FLAG("--cache-stats", cache_stats)
                FLAG("--follow-symlinks", follow_symlinks)
                FLAG("--fix", fix)
                if (o->command == DL_CMD_IAM_POLICY && !strcmp(a, "--explain")) {
                        o->explain_calls = true;
                        continue;
                }
#undef FLAG
#define VALUE(s, field)                                                          \
        if (take_value(s, argc, argv, &i, &v, &missing)) {                      \
                if (missing)                                                     \
                        goto missing_value;                                      \
                o->field = v;                                                    \
                continue;                                                        \
        }
                VALUE("-p", compdb_dir)
                VALUE("--rules", rules_path)
                VALUE("-o", output)
                VALUE("--output", output)
                VALUE("--sarif", sarif_path)
                VALUE("--baseline", baseline)
                VALUE("--write-baseline", write_baseline)
                VALUE("--diff-base", diff_base)
                VALUE("--export-fixes", export_fixes)
                VALUE("--project-root", project_root)
                VALUE("--checks", checks)
                VALUE("--explain", explain)
                VALUE("--sarif-help-base", help_base)
                VALUE("--cache-dir", cache_dir)
                VALUE("--cache-size", cache_size)
                VALUE("--region", region)
                VALUE("--account", account)
#undef VALUE
                if (take_value("--extra-arg", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        push(&o->extra_args, &o->n_extra_args, v);
                        continue;
                }
                if (take_value("--exclude", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        push(&o->excludes, &o->n_excludes, v);
                        continue;
                }
                if (take_value("--extensions", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        /* ".inl,ipp" -> ".inl", ".ipp" */
                        for (const char *p = v; *p;) {
                                size_t n = strcspn(p, ", ");
                                if (n)
                                        push(&o->extensions, &o->n_extensions,
                                             p[0] == '.' ? dl_xstrndup(p, n)
                                                         : dl_xasprintf(".%.*s", (int)n, p));
                                p += n;
                                p += strspn(p, ", ");
                        }
                        continue;
                }
                if (take_value("--tables-from", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        push(&o->tables_from, &o->n_tables_from, v);
                        continue;
                }
                if (take_value("-j", argc, argv, &i, &v, &missing) ||
                    take_value("--jobs", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        char *end = NULL;
                        long n = strtol(v, &end, 10);
                        if (!*v || *end || n < 1 || n > 256)
                                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                    "bad value '%s' for -j; expected a number "
                                                    "from 1 to 256",
                                                    v);
                        o->jobs = (unsigned)n;
                        continue;
                }
                if (take_value("--tu-timeout", argc, argv, &i, &v, &missing) ||
                    take_value("--tu-memory", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        bool time = a[5] == 't';
                        char *end = NULL;
                        long n = strtol(v, &end, 10);
                        if (!*v || *end || n < 0 || n > 1000000)
                                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                    "bad value '%s' for %s; expected a number "
                                                    "of %s from 0 (no bound) to 1000000",
                                                    v, time ? "--tu-timeout" : "--tu-memory",
                                                    time ? "seconds" : "MiB");
                        *(time ? &o->tu_timeout : &o->tu_memory) = (unsigned)n;
                        continue;
                }
                if (take_value("--shard", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        char *slash = NULL, *end = NULL;
                        long k = strtol(v, &slash, 10), n = 0;
                        if (slash != v && *slash == '/')
                                n = strtol(slash + 1, &end, 10);
                        if (!end || end == slash + 1 || *end || k < 1 || n < 1 || k > n ||
                            n > 100000)
                                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                    "bad value '%s' for --shard; expected K/N "
                                                    "with 1 <= K <= N, e.g. 2/4",
                                                    v);
                        o->shard_k = (unsigned)k;
                        o->shard_n = (unsigned)n;
                        continue;
                }
                if (take_value("--format", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        o->format_name = v;
                        if (o->command != DL_CMD_LINT)
                                continue; /* the subcommand's formats (cli.c) */
                        if (strcmp(v, "text") == 0)
                                o->format = DL_FORMAT_TEXT;
                        else if (strcmp(v, "sarif") == 0)
                                o->format = DL_FORMAT_SARIF;
                        else if (strcmp(v, "json") == 0)
                                o->format = DL_FORMAT_JSON;
                        else
                                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                    "unknown format '%s'; expected text, sarif "
                                                    "or json",
                                                    v);
                        continue;
                }
                if (take_value("--fail-on", argc, argv, &i, &v, &missing)) {
                        if (missing)
                                goto missing_value;
                        o->fail_never = strcmp(v, "none") == 0;
                        if (!o->fail_never && !dl_severity_parse(v, &o->fail_on))
                                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                    "unknown severity '%s' for --fail-on; "
                                                    "expected error, warning, note or none",
                                                    v);
                        continue;
                }
                char near[32];
                const char *s = suggest_option(a, near, sizeof near);
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "unknown option '%s'%s%s%s (see 'ddblint --help')", a,
                                    s ? "; did you mean '" : "", s ? s : "", s ? "'?" : "");
        missing_value:
                return dl_error_set(err, DL_ERR_CONFIG, NULL, "option '%s' needs a value", a);
        }
        return DL_OK;
}

void dl_options_fini(struct dl_options *o)
{
        if (!o)
                return;
        free(o->paths);
        free(o->extra_args);
        free(o->tables_from);
        free(o->excludes);
        for (size_t i = 0; i < o->n_extensions; i++)
                free((char *)o->extensions[i]);
        free(o->extensions);
        o->paths = o->extra_args = o->tables_from = o->excludes = o->extensions = NULL;
        o->n_paths = o->n_extra_args = o->n_tables_from = o->n_excludes = o->n_extensions = 0;
}

const char *dl_options_usage(void)
{
        return "usage: ddblint [options] [--] PATH...\n"
               "       ddblint dump-requests [options] PATH...\n"
               "       ddblint merge-sarif [-o OUT] SARIF...\n"
               "       ddblint access-patterns [--format markdown|json|csv] [options] PATH...\n"
               "       ddblint iam-policy [--format json|terraform|cloudformation] [--explain]\n"
               "                          [--region R] [--account ID] [options] PATH...\n"
               "       ddblint lsp [options]\n"
               "\n"
               "Finds DynamoDB access-pattern mistakes in C and C++ code. A PATH is a file or\n"
               "a directory (walked for .c .h .cc .cpp .cxx .hh .hpp .hxx .inl .ipp .C, skipping\n"
               "hidden and build directories and what .gitignore ignores); with no PATH, the\n"
               "current directory.\n"
               "\n"
               "Inputs:\n"
               "  -p DIR|FILE            read compile_commands.json (in DIR or above it) for\n"
               "                         each file's flags\n"
               "  --extra-arg=FLAG       add a compiler flag (repeatable)\n"
               "  --no-stub-headers      do not add ddblint's AWS SDK stub headers\n"
               "  --exclude PATTERN      skip paths matching a gitignore-style pattern\n"
               "                         (repeatable)\n"
               "  --extensions LIST      also walk these suffixes (.tpp,.cu; repeatable)\n"
               "  --follow-symlinks      follow symbolic links that lead outside the project\n"
               "                         root (by default they are not walked)\n"
               "  -j, --jobs N           analyse N files in parallel (default: one per CPU)\n"
               "  --tu-timeout SECONDS   give up a file whose analysis takes longer (default\n"
               "                         600; 0: no bound): reported as not analysed\n"
               "  --tu-memory MIB        give up a file whose analysis takes more memory\n"
               "                         (default 4096; 0: no bound)\n"
               "  --shard K/N            analyse only the K-th of N shares of the inputs\n"
               "                         (by a hash of each path; merge the logs with\n"
               "                         'ddblint merge-sarif')\n"
               "  --cache-dir DIR        keep the precompiled stub headers, files' precompiled\n"
               "                         includes, each file's results and which files cannot\n"
               "                         hold a request in DIR (default:\n"
               "                         $XDG_CACHE_HOME/ddblint, else ~/.cache/ddblint)\n"
               "  --cache-size SIZE      bound on the kept results, and on the precompiled\n"
               "                         includes (bytes; K, M, G suffixes; default 512M):\n"
               "                         least recently used go first\n"
               "  --cache-stats          say on stderr how many files came from the cache, and\n"
               "                         how many left out were known not to hold requests\n"
               "  --no-cache             keep nothing between runs (a temporary directory)\n"
               "  --no-pch               parse the stub headers and includes with every file\n"
               "                         instead of precompiling them once (slower)\n"
               "  --no-prefilter         parse every file, even those whose text cannot hold a\n"
               "                         DynamoDB request\n"
               "Rules:\n"
               "  --rules FILE           rules file for every file (default: the nearest\n"
               "                         .ddblint.yaml from each file's directory upwards)\n"
               "  --tables-from FILE     read table definitions from a CloudFormation/SAM\n"
               "                         template, describe-table or terraform show -json\n"
               "                         output (repeatable; beneath the rules file's own)\n"
               "  --checks GLOBS         enable or disable checks over the rules file, as\n"
               "                         clang-tidy does: '-*,scan,reserved-word'\n"
               "  --baseline FILE        hide findings whose fingerprints FILE lists\n"
               "  --write-baseline FILE  record the current findings' fingerprints in FILE\n"
               "                         (they are accepted: exit status 0)\n"
               "  --diff-base REF        report only findings on lines that\n"
               "                         'git diff --merge-base REF' adds (untracked files:\n"
               "                         every line)\n"
               "Output:\n"
               "  --fix                  apply the findings' fixes in place (docs/fixes.md)\n"
               "  --export-fixes FILE    write the fixes as clang-tidy's YAML, for\n"
               "                         clang-apply-replacements\n"
               "  --format text|sarif|json  output format on stdout or -o (default text)\n"
               "  -o, --output FILE      write the output to FILE instead of stdout\n"
               "  --sarif FILE           also write SARIF 2.1.0 to FILE\n"
               "  --sarif-help-base URL  rules' helpUri: URL/<check>.md, or URL with {id}\n"
               "  --include-suppressed   keep suppressed findings in SARIF and JSON (marked)\n"
               "  --project-root DIR     root for relative paths (default: git top level,\n"
               "                         else the current directory)\n"
               "  --fail-on LEVEL        exit 1 on findings at or above error|warning|note\n"
               "                         (default note: any finding); none: never\n"
               "  -q, --quiet            no summary line, no progress line\n"
               "  --verbose              print tool notes (clang diagnostics, the rules files\n"
               "                         used) on stderr\n"
               "Information:\n"
               "  --list-checks          list the checks and exit\n"
               "  --explain CHECK        print the documentation of CHECK and exit\n"
               "  --dump-requests        print each normalized DynamoDB request, no checks\n"
               "Subcommands (the same analysis, cache and options as a lint run):\n"
               "  access-patterns        the code's access patterns, one row per pattern\n"
               "                         (--format markdown, the default, json or csv)\n"
               "  iam-policy             the least-privilege IAM policy of the code's requests\n"
               "                         (--format json, the default, terraform or\n"
               "                         cloudformation); --explain lists on stderr the calls\n"
               "                         behind each action; --region and --account fill the\n"
               "                         ARNs (default *)\n"
               "  lsp                    a Language Server Protocol server on stdin/stdout\n"
               "                         for editors (docs/editors.md)\n"
               "  --version, --help\n"
               "\n"
               "Exit status: 0 no finding at or above --fail-on; 1 findings; 2 usage,\n"
               "configuration or I/O error; 3 some input could not be analysed at all;\n"
               "128+N killed by signal N.\n";
}
