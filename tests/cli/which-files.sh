#!/bin/sh
# which-files.sh - which files a directory walk takes: --exclude and
# `exclude:` (gitignore-style), .gitignore in a git work tree (a file named
# on the command line is still analysed), .inl/.ipp/.C by default,
# --extensions for more.
. "$(dirname "$0")/lib.inc"
git init -q . 2>/dev/null || { fail "git init"; finish; }
scan_file src/app.cpp App
scan_file src/impl.inl Inl
scan_file src/impl.ipp Ipp
scan_file src/Upper.C Upper
scan_file src/templ.tpp Tpp
scan_file third_party/lib/vendored.cpp Vendored
scan_file gen/generated.cpp Generated
scan_file src/gen_local/x.cpp GenLocal
scan_file src/keep.cpp Keep
printf 'gen/\n*.log\n' >.gitignore
printf 'version: 1\nexclude:\n  - third_party/\n' >.ddblint.yaml

expect_rc 1 "$DDBLINT" .
has out "Scan of table 'App'"; has out "Scan of table 'Inl'"; has out "Scan of table 'Ipp'"
has out "Scan of table 'Upper'"; has out "Scan of table 'Keep'"
lacks out "'Tpp'"            # not a default suffix
lacks out "'Vendored'"       # exclude: in the rules file
lacks out "'Generated'"      # .gitignore
has out "'GenLocal'"         # gen/ is anchored nowhere but matches directories named gen only
expect_rc 1 "$DDBLINT" --extensions .tpp,cu .
has out "'Tpp'"
expect_rc 1 "$DDBLINT" --exclude 'src/*.inl' --exclude keep.cpp .
lacks out "'Inl'"; lacks out "'Keep'"; has out "'Ipp'"
expect_rc 1 "$DDBLINT" --exclude '**/x.cpp' src
lacks out "'GenLocal'"
# named on the command line: .gitignore does not apply, exclude patterns do
expect_rc 1 "$DDBLINT" gen/generated.cpp
has out "'Generated'"
expect_rc 0 "$DDBLINT" third_party/lib/vendored.cpp
lacks out "'Vendored'"
# a negated .gitignore pattern re-includes
printf 'gen/*\n!gen/generated.cpp\n' >.gitignore
expect_rc 1 "$DDBLINT" .
has out "'Generated'"
# outside a git work tree .gitignore means nothing
rm -rf .git
printf 'gen/\n' >.gitignore
expect_rc 1 "$DDBLINT" .
has out "'Generated'"
finish
