# tests/oracle.cmake - label oracle: the differential test against recorded DynamoDB/dynalite
# verdicts (tests/oracle/, issue 3 item 6). Offline: it reads tests/oracle/expected.jsonl;
# `make oracle` (tests/oracle/rederive) re-derives that file from dynalite.
# Needs python3 (standard library only).
find_program(DL_PYTHON3 NAMES python3)
if(DL_PYTHON3)
  # ddblint over the whole corpus; the last line is "oracle: N passed, M failed".
  add_test(NAME oracle:dynalite
           COMMAND ${DL_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/oracle/compare $<TARGET_FILE:ddblint>)
  set_tests_properties(oracle:dynalite PROPERTIES LABELS oracle TIMEOUT 900)
  # the comparison harness itself, on fake SARIF logs (no ddblint needed)
  add_test(NAME oracle:harness COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/oracle/selftest)
  set_tests_properties(oracle:harness PROPERTIES LABELS oracle TIMEOUT 300
                       ENVIRONMENT "PYTHON3=${DL_PYTHON3}")
else()
  message(STATUS "python3 not found: the oracle tests are skipped")
endif()
