file(REMOVE_RECURSE
  "CMakeFiles/dl_lsp.dir/lsp/actions.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/actions.c.o.d"
  "CMakeFiles/dl_lsp.dir/lsp/analysis.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/analysis.c.o.d"
  "CMakeFiles/dl_lsp.dir/lsp/diag.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/diag.c.o.d"
  "CMakeFiles/dl_lsp.dir/lsp/position.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/position.c.o.d"
  "CMakeFiles/dl_lsp.dir/lsp/project.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/project.c.o.d"
  "CMakeFiles/dl_lsp.dir/lsp/rpc.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/rpc.c.o.d"
  "CMakeFiles/dl_lsp.dir/lsp/server.c.o"
  "CMakeFiles/dl_lsp.dir/lsp/server.c.o.d"
  "libdl_lsp.a"
  "libdl_lsp.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_lsp.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
