# SPDX-License-Identifier: MIT
# tools/carc-playout writes a record, tools/carc-replay reads it back: the
# replay shows the modules of the record, a finished game and its scores.
#   PLAYOUT, REPLAY   the two programs;  FILE  the record;  ARGS  carc-playout's arguments
#   EXPECT            regular expressions the replay's output must match (a list)
foreach(v PLAYOUT REPLAY FILE)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "playout_replay.cmake: ${v} is not set")
  endif()
endforeach()
file(REMOVE "${FILE}")
execute_process(COMMAND "${PLAYOUT}" ${ARGS} OUTPUT_FILE "${FILE}" ERROR_VARIABLE err RESULT_VARIABLE rc
                TIMEOUT 600)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "carc-playout ${ARGS} failed (exit ${rc}): ${err}")
endif()
file(READ "${FILE}" record)
if(NOT record MATCHES "^carcassonne-record ")
  message(FATAL_ERROR "${FILE} is not a record:\n${record}")
endif()
execute_process(COMMAND "${REPLAY}" "${FILE}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                TIMEOUT 600)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "carc-replay failed (exit ${rc}):\n${out}\n${err}\n--- record:\n${record}")
endif()
foreach(re IN LISTS EXPECT)
  if(NOT out MATCHES "${re}")
    message(FATAL_ERROR "carc-replay's output does not match '${re}':\n${out}")
  endif()
endforeach()
message(STATUS "ok")
