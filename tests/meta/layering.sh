#!/bin/sh
# layering.sh - the dependency rule of docs/architecture.md, enforced by grep:
# clang-c/ only in src/frontend and src/recognize; yaml.h only in
# src/rules/ruleset*.c; pcre2.h only in src/core/regex.c; jansson.h never in
# checks/model/frontend/recognize; no libclang type in a header outside those
# two layers; banned functions (curl's list plus atoi, strcpy; raw allocation
# outside core/alloc.c).
set -u
root=${DL_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root/src" || exit 2
pass=0; fail=0
check() { # description, offending lines
  if [ -z "$2" ]; then pass=$((pass + 1)); else echo "FAIL: $1"; printf '%s\n' "$2" | sed 's/^/  /'; fail=$((fail + 1)); fi
}
check "clang-c/ included outside frontend/ and recognize/" \
  "$(grep -rn '#include <clang-c/' --include='*.[ch]' . | grep -v -E '^\./(frontend|recognize)/')"
check "libclang types in headers outside frontend/ and recognize/" \
  "$(grep -rnE '\bCX(Cursor|String|File|SourceLocation|TranslationUnit|Index)\b' --include='*.h' . | grep -v -E '^\./(frontend|recognize)/')"
check "yaml.h included outside rules/ruleset*.c" \
  "$(grep -rn '#include <yaml.h>' --include='*.[ch]' . | grep -v -E '^\./rules/ruleset[^/]*\.c:')"
check "pcre2.h included outside core/regex.c" \
  "$(grep -rn '#include <pcre2.h>' --include='*.[ch]' . | grep -v '^\./core/regex\.c:')"
check "jansson.h included in a layer that must not write JSON" \
  "$(grep -rn '#include <jansson.h>' --include='*.[ch]' model checks frontend recognize core 2>/dev/null)"
check "banned functions (gets, sprintf, strcat, strcpy, strncpy, strtok, atoi, atol, vsprintf)" \
  "$(grep -rnE '\b(gets|sprintf|vsprintf|strcat|strcpy|strncpy|strtok|atoi|atol)[[:space:]]*\(' --include='*.[ch]' . | grep -v -E '(snprintf|vsnprintf|strtok_r)')"
check "raw allocation outside core/alloc.c (use dl_xmalloc and friends)" \
  "$(grep -rnE '(^|[^_a-z])(malloc|calloc|realloc|strdup|strndup)[[:space:]]*\(' --include='*.[ch]' . | grep -v '^\./core/alloc\.c:' | grep -v -E 'dl_x(malloc|calloc|realloc|strdup|strndup)|dl_arena_|pcre2_|//|/\*|^\S+:\s*\*')"
echo "layering: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
