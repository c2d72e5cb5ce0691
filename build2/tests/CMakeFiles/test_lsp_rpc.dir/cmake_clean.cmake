file(REMOVE_RECURSE
  "../bin/test_lsp_rpc"
  "../bin/test_lsp_rpc.pdb"
  "CMakeFiles/test_lsp_rpc.dir/unit/test_lsp_rpc.c.o"
  "CMakeFiles/test_lsp_rpc.dir/unit/test_lsp_rpc.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_lsp_rpc.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
