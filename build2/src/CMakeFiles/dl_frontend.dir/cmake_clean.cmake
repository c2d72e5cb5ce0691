file(REMOVE_RECURSE
  "CMakeFiles/dl_frontend.dir/frontend/body.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/body.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/buffer.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/buffer.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/compdb.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/compdb.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/cx.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/cx.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/eval.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/eval.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/eval_json.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/eval_json.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/eval_local.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/eval_local.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/flags.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/flags.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/libclang.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/libclang.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/literal.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/literal.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/pch.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/pch.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/scan.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/scan.c.o.d"
  "CMakeFiles/dl_frontend.dir/frontend/tu.c.o"
  "CMakeFiles/dl_frontend.dir/frontend/tu.c.o.d"
  "libdl_frontend.a"
  "libdl_frontend.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_frontend.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
