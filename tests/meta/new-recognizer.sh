#!/bin/sh
# new-recognizer.sh - tools/new-recognizer in a temporary copy of the
# source tree: it creates exactly the files docs/architecture.md lists and
# registers one line; the copy builds (-Werror) and the new recognizer's
# fixtures pass (its request is found, the look-alike is not).
# Environment: DL_SOURCE_DIR (the tree), CC (optional).
set -eu
src=${DL_SOURCE_DIR:?}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/src"
cd "$src"
if git rev-parse --git-dir >/dev/null 2>&1; then
  git ls-files -co --exclude-standard | tar -cf - -T - | tar -xf - -C "$tmp/src"
else
  tar -cf - --exclude='./build*' . | tar -xf - -C "$tmp/src"
fi
cd "$tmp/src"
find . -type f | sort > "$tmp/before"
defs=$(wc -l < src/recognize/recognizers.def)
sh tools/new-recognizer demo_lib "demo library" > "$tmp/out"
find . -type f | sort > "$tmp/after"
comm -13 "$tmp/before" "$tmp/after" > "$tmp/new"
cat > "$tmp/want" <<EOF
./src/recognize/demo_lib.c
./src/recognize/demo_lib_api.def
./stubs/include/demo_lib/demo_lib.h
./tests/fixtures/recognize/demo_lib/basic.c
./tests/fixtures/recognize/demo_lib/not_client.c
EOF
diff "$tmp/want" "$tmp/new" || { echo "new-recognizer: unexpected files" >&2; exit 1; }
[ "$(wc -l < src/recognize/recognizers.def)" -eq $((defs + 1)) ] || { echo "new-recognizer: recognizers.def" >&2; exit 1; }
grep -q '^DL_RECOGNIZER(dl_recognizer_demo_lib, "demo-lib")$' src/recognize/recognizers.def
# a second run refuses
if sh tools/new-recognizer demo_lib 2>/dev/null; then echo "new-recognizer: ran twice" >&2; exit 1; fi
cmake -S . -B "$tmp/b" -DCMAKE_BUILD_TYPE=Debug -DDL_WERROR=ON > "$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log"; exit 1; }
cmake --build "$tmp/b" -j2 --target recognize_runner dl_stubs > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
"$tmp/b/bin/recognize_runner" --include tests/fixtures/include --stubs "$tmp/b/share/ddblint/include" \
  tests/fixtures/recognize/demo_lib/basic.c tests/fixtures/recognize/demo_lib/not_client.c
