file(REMOVE_RECURSE
  "CMakeFiles/dl_model.dir/model/expr.c.o"
  "CMakeFiles/dl_model.dir/model/expr.c.o.d"
  "CMakeFiles/dl_model.dir/model/fix.c.o"
  "CMakeFiles/dl_model.dir/model/fix.c.o.d"
  "CMakeFiles/dl_model.dir/model/format.c.o"
  "CMakeFiles/dl_model.dir/model/format.c.o.d"
  "CMakeFiles/dl_model.dir/model/helper.c.o"
  "CMakeFiles/dl_model.dir/model/helper.c.o.d"
  "CMakeFiles/dl_model.dir/model/json_request.c.o"
  "CMakeFiles/dl_model.dir/model/json_request.c.o.d"
  "CMakeFiles/dl_model.dir/model/keys.c.o"
  "CMakeFiles/dl_model.dir/model/keys.c.o.d"
  "CMakeFiles/dl_model.dir/model/normalize.c.o"
  "CMakeFiles/dl_model.dir/model/normalize.c.o.d"
  "CMakeFiles/dl_model.dir/model/partiql.c.o"
  "CMakeFiles/dl_model.dir/model/partiql.c.o.d"
  "CMakeFiles/dl_model.dir/model/placeholder.c.o"
  "CMakeFiles/dl_model.dir/model/placeholder.c.o.d"
  "CMakeFiles/dl_model.dir/model/quote.c.o"
  "CMakeFiles/dl_model.dir/model/quote.c.o.d"
  "CMakeFiles/dl_model.dir/model/request.c.o"
  "CMakeFiles/dl_model.dir/model/request.c.o.d"
  "CMakeFiles/dl_model.dir/model/template.c.o"
  "CMakeFiles/dl_model.dir/model/template.c.o.d"
  "CMakeFiles/dl_model.dir/model/words.c.o"
  "CMakeFiles/dl_model.dir/model/words.c.o.d"
  "libdl_model.a"
  "libdl_model.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_model.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
