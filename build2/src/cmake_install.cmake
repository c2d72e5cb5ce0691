# Install script for directory: /work/wt/iam2/src

# Set the install prefix
if(NOT DEFINED CMAKE_INSTALL_PREFIX)
  set(CMAKE_INSTALL_PREFIX "/usr/local")
endif()
string(REGEX REPLACE "/$" "" CMAKE_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")

# Set the install configuration name.
if(NOT DEFINED CMAKE_INSTALL_CONFIG_NAME)
  if(BUILD_TYPE)
    string(REGEX REPLACE "^[^A-Za-z0-9_]+" ""
           CMAKE_INSTALL_CONFIG_NAME "${BUILD_TYPE}")
  else()
    set(CMAKE_INSTALL_CONFIG_NAME "Debug")
  endif()
  message(STATUS "Install configuration: \"${CMAKE_INSTALL_CONFIG_NAME}\"")
endif()

# Set the component getting installed.
if(NOT CMAKE_INSTALL_COMPONENT)
  if(COMPONENT)
    message(STATUS "Install component: \"${COMPONENT}\"")
    set(CMAKE_INSTALL_COMPONENT "${COMPONENT}")
  else()
    set(CMAKE_INSTALL_COMPONENT)
  endif()
endif()

# Install shared libraries without execute permission?
if(NOT DEFINED CMAKE_INSTALL_SO_NO_EXE)
  set(CMAKE_INSTALL_SO_NO_EXE "1")
endif()

# Is this installation the result of a crosscompile?
if(NOT DEFINED CMAKE_CROSSCOMPILING)
  set(CMAKE_CROSSCOMPILING "FALSE")
endif()

# Set default install directory permissions.
if(NOT DEFINED CMAKE_OBJDUMP)
  set(CMAKE_OBJDUMP "/usr/bin/objdump")
endif()

if(CMAKE_INSTALL_COMPONENT STREQUAL "Unspecified" OR NOT CMAKE_INSTALL_COMPONENT)
  if(EXISTS "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/ddblint" AND
     NOT IS_SYMLINK "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/ddblint")
    file(RPATH_CHECK
         FILE "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/ddblint"
         RPATH "")
  endif()
  file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/bin" TYPE EXECUTABLE FILES "/work/wt/iam2/build2/bin/ddblint")
  if(EXISTS "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/ddblint" AND
     NOT IS_SYMLINK "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/ddblint")
    if(CMAKE_INSTALL_DO_STRIP)
      execute_process(COMMAND "/usr/bin/strip" "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/ddblint")
    endif()
  endif()
endif()

if(CMAKE_INSTALL_COMPONENT STREQUAL "Unspecified" OR NOT CMAKE_INSTALL_COMPONENT)
  file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/share/ddblint/checks" TYPE FILE FILES
    "/work/wt/iam2/docs/checks/attribute-definitions-mismatch.md"
    "/work/wt/iam2/docs/checks/batch-size-limit.md"
    "/work/wt/iam2/docs/checks/billing-mode-conflict.md"
    "/work/wt/iam2/docs/checks/consistent-read-on-gsi.md"
    "/work/wt/iam2/docs/checks/constant-partition-key.md"
    "/work/wt/iam2/docs/checks/expression-limits.md"
    "/work/wt/iam2/docs/checks/expression-syntax.md"
    "/work/wt/iam2/docs/checks/filter-on-key-attribute.md"
    "/work/wt/iam2/docs/checks/gsi-capacity-below-table.md"
    "/work/wt/iam2/docs/checks/hot-key-unsharded.md"
    "/work/wt/iam2/docs/checks/index-limits.md"
    "/work/wt/iam2/docs/checks/invalid-placeholder.md"
    "/work/wt/iam2/docs/checks/key-condition-invalid.md"
    "/work/wt/iam2/docs/checks/key-schema-mismatch.md"
    "/work/wt/iam2/docs/checks/legacy-parameters.md"
    "/work/wt/iam2/docs/checks/low-cardinality-partition-key.md"
    "/work/wt/iam2/docs/checks/outcome-unchecked.md"
    "/work/wt/iam2/docs/checks/pagination-ignored.md"
    "/work/wt/iam2/docs/checks/partiql-full-scan.md"
    "/work/wt/iam2/docs/checks/projection-invalid.md"
    "/work/wt/iam2/docs/checks/query-missing-key-condition.md"
    "/work/wt/iam2/docs/checks/request-in-loop.md"
    "/work/wt/iam2/docs/checks/reserved-word.md"
    "/work/wt/iam2/docs/checks/scan.md"
    "/work/wt/iam2/docs/checks/sparse-index-key-not-removed.md"
    "/work/wt/iam2/docs/checks/undeclared-access-pattern.md"
    "/work/wt/iam2/docs/checks/undefined-placeholder.md"
    "/work/wt/iam2/docs/checks/unknown-index.md"
    "/work/wt/iam2/docs/checks/unprocessed-items-ignored.md"
    "/work/wt/iam2/docs/checks/unused-placeholder.md"
    "/work/wt/iam2/docs/checks/update-expression-invalid.md"
    )
endif()

if(CMAKE_INSTALL_COMPONENT STREQUAL "Unspecified" OR NOT CMAKE_INSTALL_COMPONENT)
  file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/share/man/man1" TYPE FILE FILES "/work/wt/iam2/docs/ddblint.1")
endif()

