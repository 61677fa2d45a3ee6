# SPDX-License-Identifier: MIT
# Compiles every public header on its own (cmake -P script, run by ctest).
#
#   cmake -DSOURCE_DIR=<src> -DWORK_DIR=<dir> -DLANG=C   -DCOMPILER=<cc>  -P check_headers.cmake
#   cmake -DSOURCE_DIR=<src> -DWORK_DIR=<dir> -DLANG=CXX -DCOMPILER=<c++> -P check_headers.cmake
#
# LANG=C: each header alone, included twice (include guard), as C11 and C99
#   with -Wall -Wextra -Wpedantic -Werror (and a few more warnings), plus the
#   house rules that a compiler cannot see: only <stddef.h>, <stdint.h>,
#   <stdbool.h> and sibling headers are included, every header with CARC_API
#   declarations has extern "C" guards, every header has an include guard.
# LANG=CXX: the same compiles as C++11 (-x c++), plus the umbrella header with
#   the option initialiser macro. With COMPILER empty, prints "SKIPPED:" (the
#   test's SKIP_REGULAR_EXPRESSION) and succeeds.
cmake_minimum_required(VERSION 3.16)

foreach(var SOURCE_DIR WORK_DIR LANG)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_headers.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT COMPILER)
  message("SKIPPED: no ${LANG} compiler was found at configure time")
  return()
endif()

set(include_dir "${SOURCE_DIR}/include")
file(GLOB headers RELATIVE "${include_dir}/carcassonne" "${include_dir}/carcassonne/*.h")
list(SORT headers)
if(NOT headers)
  message(FATAL_ERROR "no headers in ${include_dir}/carcassonne")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(failures "")
set(warn -Wall -Wextra -Wpedantic -Werror -Wshadow -Wconversion -Wsign-conversion -Wundef)
if(LANG STREQUAL "C")
  set(standards -std=c11 -std=c99)
  set(lang_flags -x c -Wstrict-prototypes -Wmissing-prototypes)
  set(ext c)
else()
  set(standards -std=c++11)
  set(lang_flags -x c++)
  set(ext cpp)
endif()

function(compile_tu tu what)
  foreach(std IN LISTS standards)
    execute_process(
      COMMAND "${COMPILER}" ${lang_flags} ${std} ${warn} -fsyntax-only -I "${include_dir}" "${tu}"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(rc EQUAL 0)
      message("ok   ${what} (${LANG} ${std})")
    else()
      message("FAIL ${what} (${LANG} ${std}):\n${out}")
      list(APPEND failures "${what} ${std}")
      set(failures "${failures}" PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

foreach(h IN LISTS headers)
  string(MAKE_C_IDENTIFIER "${h}" id)
  set(tu "${WORK_DIR}/alone_${id}.${ext}")
  file(WRITE "${tu}"
       "/* ${h} must compile alone, and twice (include guard). */\n"
       "#include <carcassonne/${h}>\n"
       "#include <carcassonne/${h}>\n"
       "int carc_header_test_${id}(void);\n"
       "int carc_header_test_${id}(void) { return 0; }\n")
  compile_tu("${tu}" "carcassonne/${h}")

  if(LANG STREQUAL "C")
    # Rules the compiler cannot check.
    file(READ "${include_dir}/carcassonne/${h}" text)
    string(REGEX MATCHALL "#[ \t]*include[ \t]*[<\"][^>\"]*[>\"]" includes "${text}")
    foreach(inc IN LISTS includes)
      string(REGEX REPLACE "#[ \t]*include[ \t]*" "" inc "${inc}")
      if(inc MATCHES "^<(stddef|stdint|stdbool)\\.h>$")
        continue()
      elseif(inc MATCHES "^\"([a-z0-9_]+\\.h)\"$" AND EXISTS "${include_dir}/carcassonne/${CMAKE_MATCH_1}")
        continue()
      endif()
      message("FAIL carcassonne/${h}: includes ${inc} (public headers include only <stddef.h>, <stdint.h>, <stdbool.h> and each other)")
      list(APPEND failures "${h} include ${inc}")
    endforeach()
    if(text MATCHES "CARC_API [^;]*\\(" AND NOT text MATCHES "extern \"C\"")
      message("FAIL carcassonne/${h}: declares CARC_API functions but has no extern \"C\" guard")
      list(APPEND failures "${h} extern C")
    endif()
    if(NOT text MATCHES "#ifndef (CARCASSONNE_[A-Z0-9_]+_H)[ \t\r]*\n#define ")
      message("FAIL carcassonne/${h}: no #ifndef CARCASSONNE_..._H include guard at the top")
      list(APPEND failures "${h} include guard")
    endif()
  endif()
endforeach()

# The umbrella header as a user sees it: initialisers and a few declarations.
if(EXISTS "${include_dir}/carcassonne/carcassonne.h")
  set(tu "${WORK_DIR}/umbrella_usage.${ext}")
  file(WRITE "${tu}"
       "#include <carcassonne/carcassonne.h>\n"
       "int carc_header_test_umbrella(void);\n"
       "int carc_header_test_umbrella(void)\n"
       "{\n"
       "    carc_game_options opts = CARC_GAME_OPTIONS_INIT;\n"
       "    carc_move move = { 0, 0, 0, 0, 0, CARC_NO_SEGMENT, 0, 0, 0 };\n"
       "    const char *(*name)(carc_status) = carc_status_name;\n"
       "    return opts.players == 2 && move.segment == CARC_NO_SEGMENT && name != NULL;\n"
       "}\n")
  compile_tu("${tu}" "umbrella usage")
endif()

list(REMOVE_ITEM failures "")
if(failures)
  list(LENGTH failures n)
  message(FATAL_ERROR "${n} header check(s) failed: ${failures}")
endif()
