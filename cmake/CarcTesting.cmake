# SPDX-License-Identifier: MIT
# Test helpers, included by tests/CMakeLists.txt (after cmocka was found as the
# imported target PkgConfig::CMOCKA).
#
#   carc_add_cmocka_test(<name> [SOURCES] <file.c>...
#                        [WHITEBOX]
#                        [LIBRARIES <lib>...]
#                        [ARGS <arg>...]
#                        [WORKING_DIRECTORY <dir>]
#                        [LABELS <label>...]
#                        [TIMEOUT <seconds>])
#
# Builds the executable <name> from the sources (given after SOURCES or
# directly after the name), links it to the shared library carcassonne (or,
# with WHITEBOX, to the static test archive carcassonne_internal, which also
# gives access to the carci_* internals and the headers in libcarc/) and to
# cmocka, and registers it with ctest as <name>. Tests should call
# cmocka_run_group_tests_name("<area>", ...).
#
# Debian 12's cmocka 1.1.5 needs <stdarg.h>, <stddef.h>, <stdint.h> and
# <setjmp.h> to be included before <cmocka.h>.
function(carc_add_cmocka_test name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "WHITEBOX" "WORKING_DIRECTORY;TIMEOUT"
                        "SOURCES;LIBRARIES;ARGS;LABELS")
  set(sources ${ARG_UNPARSED_ARGUMENTS} ${ARG_SOURCES})
  if(NOT sources)
    message(FATAL_ERROR "carc_add_cmocka_test(${name}): no sources")
  endif()
  if(NOT TARGET PkgConfig::CMOCKA)
    message(FATAL_ERROR "carc_add_cmocka_test(${name}): cmocka was not found "
                        "(PkgConfig::CMOCKA is defined by tests/CMakeLists.txt)")
  endif()

  add_executable(${name} ${sources})
  if(ARG_WHITEBOX)
    target_link_libraries(${name} PRIVATE carcassonne_internal)
  else()
    target_link_libraries(${name} PRIVATE carcassonne::carcassonne)
  endif()
  target_link_libraries(${name} PRIVATE PkgConfig::CMOCKA ${ARG_LIBRARIES})

  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  add_test(NAME ${name} COMMAND ${name} ${ARG_ARGS}
           WORKING_DIRECTORY "${ARG_WORKING_DIRECTORY}")
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  set_tests_properties(${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT})
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()
