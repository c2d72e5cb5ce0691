# recall.cmake - the recall matrix (issue 23): every value-building idiom
# through every client into every check that reads the value, buggy and
# corrected (tests/recall/gen.py); fails below 100% recall or above 0 false
# positives (tests/recall/run prints the table per idiom, client and check).
add_test(NAME recall:matrix
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/recall/run
                 $<TARGET_FILE:ddblint> ${CMAKE_CURRENT_BINARY_DIR}/recall-matrix)
set_tests_properties(recall:matrix PROPERTIES LABELS recall ENVIRONMENT "${DL_TEST_ENV}"
                     TIMEOUT 900)
