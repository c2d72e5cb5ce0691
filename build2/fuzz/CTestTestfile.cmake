# CMake generated Testfile for 
# Source directory: /work/wt/iam2/fuzz
# Build directory: /work/wt/iam2/build2/fuzz
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test(fuzz:fuzz_baseline "/work/wt/iam2/build2/bin/fuzz_baseline_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_baseline")
set_tests_properties(fuzz:fuzz_baseline PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_cache "/work/wt/iam2/build2/bin/fuzz_cache_replay" "/work/wt/iam2/tests/fuzz/fuzz_cache" "/work/wt/iam2/build2/fuzz/corpus/fuzz_cache")
set_tests_properties(fuzz:fuzz_cache PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_compdb "/work/wt/iam2/build2/bin/fuzz_compdb_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_compdb")
set_tests_properties(fuzz:fuzz_compdb PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_expr "/work/wt/iam2/build2/bin/fuzz_expr_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_expr")
set_tests_properties(fuzz:fuzz_expr PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_flags "/work/wt/iam2/build2/bin/fuzz_flags_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_flags")
set_tests_properties(fuzz:fuzz_flags PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_format "/work/wt/iam2/build2/bin/fuzz_format_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_format")
set_tests_properties(fuzz:fuzz_format PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_json_request "/work/wt/iam2/build2/bin/fuzz_json_request_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_json_request")
set_tests_properties(fuzz:fuzz_json_request PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_partiql "/work/wt/iam2/build2/bin/fuzz_partiql_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_partiql")
set_tests_properties(fuzz:fuzz_partiql PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_rules "/work/wt/iam2/build2/bin/fuzz_rules_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_rules")
set_tests_properties(fuzz:fuzz_rules PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_suppress "/work/wt/iam2/build2/bin/fuzz_suppress_replay" "/work/wt/iam2/build2/fuzz/corpus/fuzz_suppress")
set_tests_properties(fuzz:fuzz_suppress PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
add_test(fuzz:fuzz_tables "/work/wt/iam2/build2/bin/fuzz_tables_replay" "/work/wt/iam2/tests/fuzz/fuzz_tables" "/work/wt/iam2/build2/fuzz/corpus/fuzz_tables")
set_tests_properties(fuzz:fuzz_tables PROPERTIES  LABELS "fuzz" TIMEOUT "600" _BACKTRACE_TRIPLES "/work/wt/iam2/fuzz/CMakeLists.txt;64;add_test;/work/wt/iam2/fuzz/CMakeLists.txt;0;")
