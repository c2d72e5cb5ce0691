#!/bin/sh
# compdb-build-dir.sh - `ddblint -p build` on a project whose
# compile_commands.json runs the compiler in build/ with include paths
# relative to it (what CMake writes), on several files in parallel, given
# relative to the project root. Every file must be analysed (libclang's
# -working-directory used to chdir the whole process into build/, after
# which the next relative path could not be opened).
. "$(dirname "$0")/lib.inc"
cp -R "$SRC/examples/ecommerce/." "$T/"
mkdir -p "$T/build"
{
  echo "["
  sep=""
  for f in src/orders.cpp src/reporting.cpp src/users.cpp src/keys.cpp; do
    printf '%s{"directory": "%s/build", "file": "../%s", "arguments": ["c++", "-std=c++17", "-I../include", "-c", "../%s"]}\n' "$sep" "$T" "$f" "$f"
    sep=","
  done
  echo "]"
} > "$T/build/compile_commands.json"
for j in 1 2; do
  "$DDBLINT" -j $j -p build src/orders.cpp src/reporting.cpp src/users.cpp src/keys.cpp \
    >out.txt 2>err.txt
  rc=$?
  [ $rc = 1 ] && ok "-j $j: exit 1" || fail "-j $j: exit $rc"
  [ ! -s err.txt ] && ok "-j $j: nothing on stderr" || { fail "-j $j: stderr"; cat err.txt; }
  # every file analysed: orders.cpp and reporting.cpp have findings
  grep -q '^src/orders.cpp:' out.txt && ok "-j $j: orders.cpp" ||
    { fail "-j $j: no orders.cpp findings"; cat out.txt; }
  grep -q '^src/reporting.cpp:' out.txt && ok "-j $j: reporting.cpp" ||
    { fail "-j $j: no reporting.cpp findings"; cat out.txt; }
  mv out.txt out-$j.txt
done
cmp -s out-1.txt out-2.txt && ok "-j 1 and -j 2 agree" || fail "-j 1 and -j 2 differ"
finish
