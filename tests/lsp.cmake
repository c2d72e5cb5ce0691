# lsp.cmake - `ddblint lsp` driven over pipes as an editor drives it (label
# `lsp`): tests/lsp/session.py goes through a whole session (diagnostics
# of saved and unsaved text, a code action, a rules file's error,
# didClose, shutdown); tests/lsp/protocol.py is a broken or hostile client
# (bad frames, non-JSON, unknown methods, a client that disappears);
# tests/lsp/pull.py is a client that pulls diagnostics; tests/lsp/neovim.sh
# is Neovim as the client.
# Needs python3 (standard library only).
find_program(DL_LSP_PYTHON3 NAMES python3)
if(DL_LSP_PYTHON3)
  foreach(t session protocol pull)
    add_test(NAME lsp:${t}
             COMMAND ${DL_LSP_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/lsp/${t}.py
                     $<TARGET_FILE:ddblint>)
    set_tests_properties(lsp:${t} PROPERTIES LABELS lsp TIMEOUT 300
                         ENVIRONMENT "${DL_TEST_ENV}")
  endforeach()
else()
  message(STATUS "python3 not found: the lsp tests are skipped")
endif()

# The same server in a real client: Debian's Neovim headless
# (tests/lsp/neovim.lua); skipped without nvim.
add_test(NAME lsp:neovim
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/lsp/neovim.sh $<TARGET_FILE:ddblint>)
set_tests_properties(lsp:neovim PROPERTIES LABELS lsp TIMEOUT 300 SKIP_RETURN_CODE 77
                     ENVIRONMENT "${DL_TEST_ENV}")

# vim with ALE and Emacs with eglot, each set up as docs/editors.md says
# (tests/lsp/vim-ale.sh, tests/lsp/eglot.sh); skipped without the editor
# or its LSP client (Debian: vim-ale; emacs-nox and elpa-eglot).
foreach(t vim-ale eglot)
  add_test(NAME lsp:${t} COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/lsp/${t}.sh $<TARGET_FILE:ddblint>)
  set_tests_properties(lsp:${t} PROPERTIES LABELS lsp TIMEOUT 300 SKIP_RETURN_CODE 77
                       ENVIRONMENT "${DL_TEST_ENV}")
endforeach()
