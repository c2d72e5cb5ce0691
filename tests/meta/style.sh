#!/bin/sh
# style.sh - the house style of .editorconfig and .clang-format, checked in
# .ci/run (not a ctest: it needs the git history):
#   - every text file of src/, fuzz/, tests/ (not tests/fixtures: user code, not
#     tests/golden: recorded output) and tools/: no trailing blank, a final
#     newline, no tab outside Makefiles;
#   - C: every line changed since .clang-format was added is formatted as
#     clang-format formats it (git clang-format --diff). Older lines keep
#     their hand layout until they change.
set -u
root=${DL_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2
fail=0
files=$(git ls-files src tests tools fuzz | grep -v -E '^tests/(fixtures|golden)/')
bad=$(printf '%s\n' $files | while IFS= read -r f; do
  [ -f "$f" ] || continue
  case "$f" in *Makefile*) ;; *) grep -lP '\t' "$f" >/dev/null 2>&1 && echo "$f: tab" ;; esac
  grep -nP '[ \t]+$' "$f" | sed "s|^|$f:|; s|\$| (trailing blank)|" | head -3
  [ -s "$f" ] && [ "$(tail -c1 "$f" | od -An -c | tr -d ' ')" != '\n' ] && echo "$f: no final newline"
done)
if [ -n "$bad" ]; then echo "FAIL: .editorconfig"; printf '%s\n' "$bad" | sed 's/^/  /'; fail=1; fi
base=$(git log --diff-filter=A --format=%H -- .clang-format | tail -1)
if [ -z "$base" ]; then
  echo "style: no history of .clang-format (shallow clone?): formatting not checked"
elif ! command -v git-clang-format >/dev/null 2>&1; then
  echo "FAIL: git-clang-format not found (Debian: clang-format)"; fail=1
else
  out=$(git clang-format --diff --extensions c,h "$base^" -- src tests tools fuzz ':(exclude)tests/fixtures' ':(exclude)tests/golden' 2>&1 |
        grep -v -E '^(no modified files to format|clang-format did not modify any files)$')
  if [ -n "$out" ]; then
    echo "FAIL: lines changed since $base are not formatted as .clang-format says:"
    printf '%s\n' "$out" | head -60 | sed 's/^/  /'
    echo "  (run: git clang-format $base^)"
    fail=1
  fi
fi
[ "$fail" -eq 0 ] && echo "style: passed"
exit "$fail"
