# SPDX-License-Identifier: MIT
# ABI baseline check and refresh (cmake -P script; see cmake/CarcAbi.cmake).
#   MODE=check     compare the built library with abi/carcassonne.abi
#   MODE=baseline  rewrite abi/carcassonne.abi from the built library
cmake_minimum_required(VERSION 3.16)

if(MODE STREQUAL "check" AND NOT EXISTS "${BASELINE}")
  message("SKIPPED: no ABI baseline ${BASELINE} yet (written by the abi-baseline target in a release commit)")
  return()
endif()
if(MODE STREQUAL "check" AND NOT ABIDIFF)
  message("SKIPPED: abidiff not found (Debian: apt-get install abigail-tools)")
  return()
endif()
if(MODE STREQUAL "baseline" AND NOT ABIDW)
  message(FATAL_ERROR "abidw not found (Debian: apt-get install abigail-tools)")
endif()

# Stage-install the build: the ABI is compared with the installed headers.
file(REMOVE_RECURSE "${STAGE_DIR}")
execute_process(COMMAND "${CMAKE_EXECUTABLE}" --install "${BUILD_DIR}" --prefix "${STAGE_DIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${out}")
endif()
set(lib "${STAGE_DIR}/${LIBDIR}/${LIBRARY_NAME}")
set(headers "${STAGE_DIR}/${INCLUDEDIR}")
if(NOT EXISTS "${lib}")
  message(FATAL_ERROR "staged library not found: ${lib}")
endif()

if(MODE STREQUAL "baseline")
  execute_process(COMMAND "${ABIDW}" --no-show-locs --no-corpus-path --no-comp-dir-path
                          --drop-private-types --headers-dir "${headers}"
                          --out-file "${BASELINE}" "${lib}"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "abidw failed (${rc})")
  endif()
  if(NOT EXISTS "${SUPPRESSIONS}")
    file(WRITE "${SUPPRESSIONS}" "")
  endif()
  message("wrote ${BASELINE}: commit it in the release commit")
  return()
endif()

# The baseline's soname must be the SONAME being built: a new SONAME always
# comes with a new baseline.
file(READ "${BASELINE}" baseline_text LIMIT 4096)
string(REGEX MATCH "soname='([^']*)'" _ "${baseline_text}")
set(baseline_soname "${CMAKE_MATCH_1}")
if(NOT baseline_soname STREQUAL LIBRARY_NAME)
  message(FATAL_ERROR "abi/carcassonne.abi is for ${baseline_soname}, the build makes ${LIBRARY_NAME}: "
                      "a SONAME bump needs a new baseline (abi-baseline target)")
endif()

set(suppr "")
if(EXISTS "${SUPPRESSIONS}")
  set(suppr --suppressions "${SUPPRESSIONS}")
endif()
execute_process(COMMAND "${ABIDIFF}" --no-added-syms --drop-private-types
                        --headers-dir2 "${headers}" ${suppr} "${BASELINE}" "${lib}"
                RESULT_VARIABLE gate_rc OUTPUT_VARIABLE gate_out ERROR_VARIABLE gate_out)
execute_process(COMMAND "${ABIDIFF}" --drop-private-types
                        --headers-dir2 "${headers}" ${suppr} "${BASELINE}" "${lib}"
                RESULT_VARIABLE added_rc OUTPUT_VARIABLE added_out ERROR_VARIABLE added_out)
if(NOT added_rc EQUAL 0)
  message("Changes against the baseline, additions included (additions belong under "
          "\"Added\" in CHANGELOG.md):\n${added_out}")
endif()
if(NOT gate_rc EQUAL 0)
  message(FATAL_ERROR "abidiff found an ABI change against abi/carcassonne.abi (exit ${gate_rc}):\n${gate_out}")
endif()
message("ok: ABI compatible with abi/carcassonne.abi (${LIBRARY_NAME})")
