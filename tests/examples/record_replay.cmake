# SPDX-License-Identifier: MIT
# carc-demo --record FILE, then replay FILE: the replayed game must be over and
# end with the scores carc-demo printed.
#   DEMO, REPLAY   the two programs;  FILE  the record;  SEED, PLAYERS
#   MODULES        optional: carc-demo --modules (the record carries them to replay)
foreach(v DEMO REPLAY FILE SEED PLAYERS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "record_replay.cmake: ${v} is not set")
  endif()
endforeach()
file(REMOVE "${FILE}")
set(modules_args "")
if(DEFINED MODULES AND NOT MODULES STREQUAL "")
  set(modules_args --modules "${MODULES}")
endif()

execute_process(COMMAND "${DEMO}" --quiet --players ${PLAYERS} --seed ${SEED} ${modules_args} --record "${FILE}"
                INPUT_FILE "${CMAKE_CURRENT_LIST_DIR}/empty.txt"
                OUTPUT_VARIABLE demo_out ERROR_VARIABLE demo_err RESULT_VARIABLE demo_rc TIMEOUT 600)
if(NOT demo_rc STREQUAL "0" OR NOT EXISTS "${FILE}")
  message(FATAL_ERROR "carc-demo --record failed (exit ${demo_rc}):\n${demo_out}\n${demo_err}")
endif()
file(READ "${FILE}" record)
if(NOT record MATCHES "^carcassonne-record ")
  message(FATAL_ERROR "${FILE} does not start with the record magic:\n${record}")
endif()

execute_process(COMMAND "${REPLAY}" "${FILE}"
                OUTPUT_VARIABLE replay_out ERROR_VARIABLE replay_err RESULT_VARIABLE replay_rc TIMEOUT 600)
if(NOT replay_rc STREQUAL "0")
  message(FATAL_ERROR "replay failed (exit ${replay_rc}):\n${replay_out}\n${replay_err}\n--- record:\n${record}")
endif()

# "  P0          87 points  (...)" in carc-demo; "  P0   87" after "Final scores:" in replay.
string(REGEX MATCHALL "P[0-9]+ +-?[0-9]+ points" demo_scores "${demo_out}")
string(REGEX REPLACE " +points" "" demo_scores "${demo_scores}")
string(REGEX REPLACE " +" " " demo_scores "${demo_scores}")
string(FIND "${replay_out}" "Final scores:" at)
if(at LESS 0)
  message(FATAL_ERROR "replay does not report a finished game:\n${replay_out}")
endif()
string(SUBSTRING "${replay_out}" ${at} -1 replay_tail)
string(REGEX MATCHALL "P[0-9]+ +-?[0-9]+" replay_scores "${replay_tail}")
string(REGEX REPLACE " +" " " replay_scores "${replay_scores}")

list(LENGTH demo_scores n)
if(NOT n EQUAL PLAYERS OR NOT demo_scores STREQUAL replay_scores)
  message(FATAL_ERROR "scores differ: carc-demo '${demo_scores}', replay '${replay_scores}'\n"
                      "--- carc-demo:\n${demo_out}\n--- replay:\n${replay_out}")
endif()
message(STATUS "ok: ${replay_scores}")
