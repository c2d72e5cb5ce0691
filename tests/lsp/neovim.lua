-- neovim.lua - `ddblint lsp` in a real client: Neovim's built-in LSP
-- client (0.7: vim.lsp.start_client, vim.lsp.buf_attach_client,
-- vim.lsp.util.apply_workspace_edit), run headless on the file given.
--   DDBLINT=path/to/ddblint nvim --headless -n -u NONE -c 'luafile neovim.lua' FILE
-- prints each diagnostic of FILE as "LINE:COL CHECK MESSAGE" and quits.
-- With DDBLINT_NVIM_TEST=1 (tests/lsp/neovim.sh) it is a test on a file
-- with a Scan and a reserved word: both diagnostics arrive; the preferred
-- quick fix of each is applied to the buffer, unsaved (the reserved word
-- aliased, the Scan suppressed with a reason); the diagnostics of the
-- edited buffer arrive (none left); it prints PASS or FAIL lines and exits
-- 0 or 1.
-- SPDX-License-Identifier: MIT

local ddblint = os.getenv('DDBLINT') or 'ddblint'
local testing = os.getenv('DDBLINT_NVIM_TEST') == '1'
local buf = vim.api.nvim_get_current_buf()
local failed = false

local function say(s)
  io.stdout:write(s .. '\n')
end

local function check(ok, what)
  if not ok then
    failed = true
    say('FAIL: ' .. what)
  else
    say('PASS: ' .. what)
  end
end

local function codes()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?')
  end
  table.sort(out)
  return table.concat(out, ',')
end

local client_id = vim.lsp.start_client({
  name = 'ddblint',
  cmd = { ddblint, 'lsp' },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(buf, client_id)

-- the diagnostics of the buffer's current text: Neovim keeps the newest
-- publication, so wait for one that comes after `since`
local published = 0
local handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  handler(err, result, ctx, config)
  published = published + 1
end

local function wait_published(since, ms)
  return vim.wait(ms or 60000, function() return published > since end, 50)
end

if not testing then
  wait_published(0)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    say(string.format('%d:%d %s %s', d.lnum + 1, d.col + 1, d.code or '?', d.message))
  end
  vim.cmd('qa!')
  return
end

check(wait_published(0), 'diagnostics published')
check(codes() == 'reserved-word,scan', 'a Scan and a reserved word: ' .. codes())

-- each diagnostic's code actions, asked as Neovim's code_action does
local function actions_for(d)
  local lsp = d.user_data and d.user_data.lsp or {}
  local range = {
    start = { line = d.lnum, character = d.col },
    ['end'] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col },
  }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = range,
    context = { diagnostics = { vim.tbl_extend('force', lsp, {
      range = range, message = d.message, severity = d.severity, source = d.source,
      code = d.code or lsp.code }) } },
  }
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 20000)
  local out = {}
  for _, r in pairs(res or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(out, a)
    end
  end
  return out
end

-- the quick fix of each finding: the reserved word aliased where ddblint
-- offers it, else the suppression; applied to the buffer, not saved
local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum > b.lnum end) -- bottom up: lines stay put
for _, d in ipairs(diags) do
  local acts = actions_for(d)
  check(#acts >= 1, 'a code action for ' .. tostring(d.code))
  local chosen = acts[1]
  for _, a in ipairs(acts) do
    if a.isPreferred then
      chosen = a
    end
  end
  if chosen and chosen.edit then
    vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
    say('applied: ' .. chosen.title)
  end
end
check(vim.api.nvim_buf_get_option(buf, 'modified'), 'the buffer is edited, not saved')
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
check(text:find('q.AddExpressionAttributeNames("#name", "name"); q.SetKeyConditionExpression("#name = :n");', 1, true),
      'the reserved word aliased in the buffer')

local since = published
check(wait_published(since), 'diagnostics of the edited buffer published')
check(codes() == '', 'nothing left in the edited buffer: ' .. codes())

vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd(failed and 'cquit! 1' or 'qa!')
