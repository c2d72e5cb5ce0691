#!/bin/sh
# errorformat.sh - the errorformat docs/editors.md gives for the text
# output, read by vim itself (vim -es) and by Neovim (nvim --headless):
# every finding line becomes a valid quickfix entry at its file, line and
# column, of its type ('e', 'w', 'n': error, warning, note). Skipped without either.
. "$(dirname "$0")/lib.inc"
efm=$(grep '^set errorformat=' "$SRC/docs/editors.md")
[ -n "$efm" ] || { fail "docs/editors.md has no 'set errorformat=' line"; finish; }
scan_file src/orders.cpp Orders
cat >src/status.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>

void by_status(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::QueryRequest q;
        q.SetTableName("Orders");
        q.SetKeyConditionExpression("status = :s");
        q.AddExpressionAttributeValues(":s", Aws::DynamoDB::Model::AttributeValue("open"));
        client.Query(q);
}

void each(Aws::DynamoDB::DynamoDBClient &client, const Aws::Vector<Aws::String> &ids)
{
        for (const auto &id : ids) {
                Aws::DynamoDB::Model::GetItemRequest g;
                g.SetTableName("Orders");
                g.AddKey("id", Aws::DynamoDB::Model::AttributeValue(id));
                client.GetItem(g);
        }
}
EOT
expect_rc 1 "$DDBLINT" -q src
has "$T/out" "warning:"; has "$T/out" "error:"; has "$T/out" "note:"
# the entries vim should make: file:line:col:type
sed -n 's/^\([^:]*\):\([0-9]*\):\([0-9]*\): \(error\|warning\|note\): .*/\1:\2:\3:\4/p' "$T/out" |
  sed 's/:error$/:e/; s/:warning$/:w/; s/:note$/:n/' >want.txt
[ -s want.txt ] || fail "no finding line in the text output"
tried=0
for ed in vim nvim; do
  command -v $ed >/dev/null 2>&1 || continue
  tried=1
  rm -f got.txt
  case $ed in
    vim) set -- vim -es -N -u NONE -i NONE ;;
    nvim) set -- nvim --headless -n -u NONE -i NONE ;;
  esac
  HOME=$T timeout 60 "$@" -c "$efm" -c "cfile $T/out" \
    -c 'call writefile(map(filter(getqflist(), "v:val.valid"), "bufname(v:val.bufnr).\":\".v:val.lnum.\":\".v:val.col.\":\".v:val.type"), "got.txt")' \
    -c 'qa!' </dev/null >/dev/null 2>&1
  if cmp -s want.txt got.txt; then ok "$ed reads $(wc -l <want.txt) findings at their places"; else
    fail "$ed's quickfix list differs"; diff want.txt got.txt 2>&1 | sed 's/^/  /'; fi
done
[ $tried -eq 1 ] || echo "skipped: neither vim nor nvim"
finish
