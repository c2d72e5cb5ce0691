#!/bin/sh
# layering.sh - the dependency rule of docs/architecture.md, enforced by grep:
# the include edges between ddblint's own layers follow the pipeline's
# arrows; clang-c/ only in src/frontend and src/recognize; yaml.h only in
# src/rules/ruleset*.c; pcre2.h only in src/core/regex.c; jansson.h never in
# checks/model/frontend/recognize; no libclang type in a header outside those
# two layers; banned functions (curl's list plus atoi, strcpy; raw allocation
# outside core/alloc.c) in src/ and in the test code of tests/ (not in
# tests/fixtures: those are user code ddblint reads).
set -u
root=${DL_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root/src" || exit 2
pass=0; fail=0
check() { # description, offending lines
  if [ -z "$2" ]; then pass=$((pass + 1)); else echo "FAIL: $1"; printf '%s\n' "$2" | sed 's/^/  /'; fail=$((fail + 1)); fi
}
# The layers each layer may include (docs/architecture.md, "Dependency
# rule"); rules/ outside rules/ and cli/ means rules/schema.h only.
allowed() {
  case $1 in
    core) echo "" ;;
    model) echo "core" ;;
    rules) echo "core" ;;
    findings) echo "core model rules" ;;
    checks) echo "core model rules findings" ;;
    report) echo "core model findings checks" ;;
    frontend) echo "core model" ;;
    recognize) echo "core model rules frontend" ;;
    cli) echo "core model rules findings checks report frontend recognize" ;;
    lsp) echo "core model rules findings checks report frontend cli" ;;
  esac
}
edges=""
for layer in core model rules findings checks report frontend recognize cli lsp; do
  ok=" $(allowed $layer) "
  bad=$(grep -rnoE '#include "\.\./[a-z]+/[a-z_]+\.[hc]' --include='*.[ch]' "$layer" |
        while IFS= read -r line; do
          dep=${line#*\.\./}; dep=${dep%%/*}
          file=${line##*/}
          case "$ok" in *" $dep "*) ;; *) echo "$line"; continue ;; esac
          if [ "$dep" = rules ] && [ "$layer" != cli ] && [ "$file" != schema.h ]; then echo "$line"; fi
        done)
  [ -n "$bad" ] && edges="$edges${edges:+
}$bad"
done
check "an include edge between layers that the pipeline does not allow" "$edges"
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
# src/ and the test code of tests/ (../tests from here), not tests/fixtures
code() { grep -rnE "$1" --include='*.[ch]' . ../tests | grep -v '^\.\./tests/fixtures/'; }
check "banned functions (gets, sprintf, strcat, strcpy, strncpy, strtok, atoi, atol, vsprintf)" \
  "$(code '\b(gets|sprintf|vsprintf|strcat|strcpy|strncpy|strtok|atoi|atol)[[:space:]]*\(' | grep -v -E '(snprintf|vsnprintf|strtok_r)')"
check "raw allocation outside core/alloc.c (use dl_xmalloc and friends)" \
  "$(code '(^|[^_a-z])(malloc|calloc|realloc|strdup|strndup)[[:space:]]*\(' | grep -v '^\./core/alloc\.c:' | grep -v -E 'dl_x(malloc|calloc|realloc|strdup|strndup)|dl_arena_|pcre2_|//|/\*|^\S+:\s*\*')"
echo "layering: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
