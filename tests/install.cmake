# install.cmake - `cmake --install` to a fresh prefix gives a ddblint that
# finds its stub headers there (<prefix>/share/ddblint/include) and reports a
# Scan in a file that includes only SDK headers (label `golden`).
set(_prefix ${CMAKE_CURRENT_BINARY_DIR}/install-prefix)
set(_proj ${CMAKE_CURRENT_SOURCE_DIR}/golden/cases/fail-on/project)
add_test(NAME golden:install-prefix
  COMMAND sh -c "rm -rf '${_prefix}' && '${CMAKE_COMMAND}' --install '${PROJECT_BINARY_DIR}' --prefix '${_prefix}' >/dev/null && test -f '${_prefix}/share/ddblint/include/aws/dynamodb/DynamoDBClient.h' && cd '${_proj}' && out=$('${_prefix}/bin/ddblint' --verbose good.cpp 2>&1); echo \"$out\"; case \"$out\" in *'file not found'*) exit 1;; esac; case \"$out\" in *\"Scan of table 'Orders'\"*) exit 0;; esac; exit 1")
set_tests_properties(golden:install-prefix PROPERTIES LABELS golden ENVIRONMENT "DDBLINT_STUB_DIR=")

# The man page and the checks' documentation are installed too, and the
# installed binary finds its pages for --explain.
add_test(NAME golden:install-docs
  COMMAND sh -c "rm -rf '${_prefix}-docs' && '${CMAKE_COMMAND}' --install '${PROJECT_BINARY_DIR}' --prefix '${_prefix}-docs' >/dev/null && test -f '${_prefix}-docs/${CMAKE_INSTALL_MANDIR}/man1/ddblint.1' && test -f '${_prefix}-docs/share/ddblint/checks/scan.md' && '${_prefix}-docs/bin/ddblint' --explain consistent-read-on-gsi | head -1 | grep -qx '# consistent-read-on-gsi'")
set_tests_properties(golden:install-docs PROPERTIES LABELS golden)
