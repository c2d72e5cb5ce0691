#!/bin/sh
# wrappers.sh - the rules file's wrappers: as a user meets them: a call of a
# declared wrapper is a finding's request (a Scan through ddb_request is
# reported at the call); a call lacking a declared argument is a warning
# at the call naming the wrapper's line in the rules file, and no request;
# a pattern that matches nothing is a note under --verbose only; with
# inherit: true the parent's wrappers apply beneath.
. "$(dirname "$0")/lib.inc"
cat >.ddblint.yaml <<'EOT'
version: 1
wrappers:
  - match: '^ddb_request$'
    operation: {argument: 1}
    arguments:
      - {argument: 2, role: json-body}
  - match: '^ddb_scan$'
    operation: Scan
    arguments:
      - {argument: 3, role: filter}
  - match: '^never_called$'
    operation: GetItem
EOT
mkdir -p sub
printf 'version: 1\ninherit: true\n' >sub/.ddblint.yaml
cat >app.c <<'EOT'
int ddb_request(const char *op, const char *body);
int ddb_scan(const char *table);

int export_all(void)
{
        return ddb_request("Scan", "{\"TableName\":\"Orders\"}");
}

int export_some(void)
{
        return ddb_scan("Orders");
}
EOT
cp app.c sub/app.c
expect_rc 1 "$DDBLINT" app.c
has out "app.c:6:16: warning: Scan of table 'Orders'"
has out "[scan]"
has err "app.c:11:16: warning: the wrapper declared at"
has err ".ddblint.yaml:7:5 (match '^ddb_scan\$') names argument 3, but this call of 'ddb_scan' has 1"
lacks err "never_called"
expect_rc 1 "$DDBLINT" --verbose app.c
has err ".ddblint.yaml:11:5: note: the wrapper pattern '^never_called\$' matches no function called"
lacks err "'^ddb_request\$' matches no function"
expect_rc 1 "$DDBLINT" sub/app.c
has out "sub/app.c:6:16: warning: Scan of table 'Orders'"
# without the declaration, the same code holds no request
expect_rc 0 "$DDBLINT" --rules /dev/null app.c
lacks out "[scan]"
finish
