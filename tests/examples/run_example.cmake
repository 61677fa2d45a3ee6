# SPDX-License-Identifier: MIT
# Runs one example program and checks what it did. Used by
# tests/examples/CMakeLists.txt as: cmake -D... -P run_example.cmake
#
#   PROG        the program
#   ARGS        its arguments (a list)
#   INPUT       optional file fed to standard input (else: empty input)
#   RC          the exit code it must return (default 0)
#   EXPECT      regular expressions standard output must match (a list)
#   EXPECT_ERR  regular expressions standard error must match (a list)
#   REJECT      regular expressions neither output may match (a list)
#   SAME        a regular expression with two groups, matched on standard
#               output; the two groups must be equal
#   FILE, FILE_EXPECT   a file the program must have written, and a regular
#               expression its first 4096 bytes must match
if(NOT DEFINED PROG)
  message(FATAL_ERROR "run_example.cmake: PROG is not set")
endif()
if(NOT DEFINED RC)
  set(RC 0)
endif()
if(NOT DEFINED INPUT OR INPUT STREQUAL "")
  set(INPUT "${CMAKE_CURRENT_LIST_DIR}/empty.txt")
endif()
if(DEFINED FILE)
  file(REMOVE "${FILE}")
endif()

execute_process(COMMAND "${PROG}" ${ARGS}
                INPUT_FILE "${INPUT}"
                OUTPUT_VARIABLE out
                ERROR_VARIABLE err
                RESULT_VARIABLE rc
                TIMEOUT 600)

set(failed "")
if(NOT rc STREQUAL RC)
  string(APPEND failed "exit code '${rc}', expected ${RC}\n")
endif()
foreach(re IN LISTS EXPECT)
  if(NOT out MATCHES "${re}")
    string(APPEND failed "standard output does not match '${re}'\n")
  endif()
endforeach()
foreach(re IN LISTS EXPECT_ERR)
  if(NOT err MATCHES "${re}")
    string(APPEND failed "standard error does not match '${re}'\n")
  endif()
endforeach()
foreach(re IN LISTS REJECT)
  if(out MATCHES "${re}" OR err MATCHES "${re}")
    string(APPEND failed "the output matches '${re}', which it must not\n")
  endif()
endforeach()
if(DEFINED SAME)
  if(out MATCHES "${SAME}")
    if(NOT CMAKE_MATCH_1 STREQUAL CMAKE_MATCH_2)
      string(APPEND failed "'${CMAKE_MATCH_0}': '${CMAKE_MATCH_1}' and '${CMAKE_MATCH_2}' differ\n")
    endif()
  else()
    string(APPEND failed "standard output does not match '${SAME}'\n")
  endif()
endif()
if(DEFINED FILE)
  if(NOT EXISTS "${FILE}")
    string(APPEND failed "${FILE} was not written\n")
  else()
    file(READ "${FILE}" head LIMIT 4096)
    if(NOT head MATCHES "${FILE_EXPECT}")
      string(APPEND failed "${FILE} does not match '${FILE_EXPECT}'; it starts:\n${head}\n")
    endif()
  endif()
endif()

if(failed)
  string(REPLACE ";" " " cmdline "${PROG};${ARGS}")
  message(FATAL_ERROR "${cmdline}\n${failed}--- standard output:\n${out}\n--- standard error:\n${err}")
endif()
message(STATUS "ok: exit code ${rc}")
