# SPDX-License-Identifier: MIT
# README.md and .ci/run must use exactly the same test command (cmake -P script):
# the whole suite, tests/run-all.sh.
cmake_minimum_required(VERSION 3.16)
set(command "bash tests/run-all.sh")

foreach(f README.md .ci/run)
  if(NOT EXISTS "${SOURCE_DIR}/${f}")
    message(FATAL_ERROR "${f} is missing")
  endif()
  file(STRINGS "${SOURCE_DIR}/${f}" lines)
  set(found FALSE)
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line STREQUAL command)
      set(found TRUE)
    endif()
  endforeach()
  if(NOT found)
    message(FATAL_ERROR "${f} does not contain the test command as a line of its own:\n  ${command}")
  endif()
  message("ok: ${f} runs: ${command}")
endforeach()
