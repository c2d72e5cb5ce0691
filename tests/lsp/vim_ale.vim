" vim_ale.vim - the ALE half of tests/lsp/vim-ale.sh: after the vimrc that
" docs/editors.md gives (sourced first by -u), lint the buffer (ALE starts
" `ddblint lsp` and opens the file in it), wait up to 120 seconds for
" ddblint's diagnostics in ALE's list, and write each as
" 'LINE:COL CODE TYPE' to $DDBLINT_ALE_OUT, then quit.
let s:out = $DDBLINT_ALE_OUT
function! s:Ddblint() abort
  return filter(copy(ale#engine#GetLoclist(bufnr(''))), 'get(v:val, "linter_name", "") is# "ddblint"')
endfunction
ALELint
let s:waited = 0
while s:waited < 1200 && len(s:Ddblint()) < 2
  sleep 100m
  let s:waited += 1
endwhile
let s:lines = map(s:Ddblint(), 'v:val.lnum . ":" . v:val.col . " " . get(v:val, "code", "") . " " . v:val.type')
call writefile(s:lines + ['waited ' . (s:waited / 10) . ' s'], s:out)
qall!
