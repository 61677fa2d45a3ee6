# SPDX-License-Identifier: MIT
# ABI check with abigail-tools against a committed baseline (docs/conventions.md, "The ABI check"),
# included by tests/packaging/CMakeLists.txt.
#
#   abi/carcassonne.abi     the baseline (abidw XML); refreshed only in a release
#                           or SONAME-bump commit, with the `abi-baseline` target
#   abi/carcassonne.suppr   abidiff suppressions (initially empty)
#
# Test packaging.abi: stage-installs the build, checks that the baseline's
# soname is the built SONAME, then gates on any non-zero exit of
#   abidiff --no-added-syms --drop-private-types --headers-dir2 <stage>/include
#           --suppressions abi/carcassonne.suppr abi/carcassonne.abi <stage lib>
# and lists added symbols (which CHANGELOG.md must name under "Added").
# Skipped while there is no baseline, or when abidiff is not installed
# (.ci/run installs abigail-tools).
find_program(CARC_ABIDW abidw)
find_program(CARC_ABIDIFF abidiff)

set(_carc_abi_args
    -DCMAKE_EXECUTABLE=${CMAKE_COMMAND}
    -DBUILD_DIR=${PROJECT_BINARY_DIR}
    -DSTAGE_DIR=${CMAKE_CURRENT_BINARY_DIR}/abi-stage
    -DLIBDIR=${CMAKE_INSTALL_LIBDIR}
    -DINCLUDEDIR=${CMAKE_INSTALL_INCLUDEDIR}
    -DLIBRARY_NAME=$<TARGET_SONAME_FILE_NAME:carcassonne>
    -DBASELINE=${PROJECT_SOURCE_DIR}/abi/carcassonne.abi
    -DSUPPRESSIONS=${PROJECT_SOURCE_DIR}/abi/carcassonne.suppr
    -DABIDW=${CARC_ABIDW}
    -DABIDIFF=${CARC_ABIDIFF})

add_test(NAME packaging.abi
         COMMAND "${CMAKE_COMMAND}" -DMODE=check ${_carc_abi_args}
                 -P "${PROJECT_SOURCE_DIR}/tests/packaging/check_abi.cmake")
set_tests_properties(packaging.abi PROPERTIES
  SKIP_REGULAR_EXPRESSION "SKIPPED:"
  RESOURCE_LOCK carc_install)

# abi/normalize.cmake makes the baseline independent of the checkout's path
# and refuses one written from a library without DWARF (see abi/README.md).
add_custom_target(abi-baseline
  COMMAND "${CMAKE_COMMAND}" -DMODE=baseline ${_carc_abi_args}
          -P "${PROJECT_SOURCE_DIR}/tests/packaging/check_abi.cmake"
  COMMAND "${CMAKE_COMMAND}" -DFILE=${PROJECT_SOURCE_DIR}/abi/carcassonne.abi
          -DPREFIX=${PROJECT_SOURCE_DIR}/ -P "${PROJECT_SOURCE_DIR}/abi/normalize.cmake"
  DEPENDS carcassonne
  COMMENT "Writing abi/carcassonne.abi from the built library (release commits only)"
  VERBATIM)
