file(REMOVE_RECURSE
  "CMakeFiles/dl_rules.dir/rules/ruleset.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_cfn.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_cfn.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_code.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_code.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_import.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_import.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_store.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_store.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_tables.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_tables.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_tf.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_tf.c.o.d"
  "CMakeFiles/dl_rules.dir/rules/ruleset_yaml.c.o"
  "CMakeFiles/dl_rules.dir/rules/ruleset_yaml.c.o.d"
  "libdl_rules.a"
  "libdl_rules.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/dl_rules.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
