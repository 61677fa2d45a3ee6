# SPDX-License-Identifier: MIT
# Every source file of the repository starts with the licence line
#   SPDX-License-Identifier: MIT
# in its language's comment syntax, on the first line, or on the second after
# a shebang (#!) or an HTML <!doctype>.
#
#   cmake -DSOURCE_DIR=<repo> [-DGIT=<git>] -P tests/packaging/check_spdx.cmake
#   cmake -DSELF_TEST=ON -DWORK_DIR=<scratch dir> -P tests/packaging/check_spdx.cmake
#
# The files are those git tracks when SOURCE_DIR is a git checkout, else the
# files found under the source directories (a release tarball). Source files
# are: C and C++ (.c .h .inc .cpp), CMake (CMakeLists.txt, .cmake, .cmake.in),
# shell (.sh), Python (.py), JavaScript and TypeScript (.mjs .js .ts), HTML,
# CSS, and the .in templates that are source (.pc.in, .h.in, .map.in).
# Data files are not: scenarios (.scn), records (.rec), JSON (package.json.in
# included: JSON has no comments), lock files, .txt inputs, .listing, images,
# the ABI files, the fuzz corpus and dictionary, Markdown.
# SELF_TEST builds a small tree with good and bad files and checks that exactly
# the bad ones are reported.
cmake_minimum_required(VERSION 3.16)

# Files exempted by name (relative paths): none.
set(CARC_SPDX_EXEMPT "")

# Whether a relative path names a source file.
function(carc_spdx_is_source rel out)
  get_filename_component(name "${rel}" NAME)
  set(yes FALSE)
  if(name STREQUAL "CMakeLists.txt" OR rel STREQUAL ".ci/run"
     OR name MATCHES "\\.(c|h|inc|cpp|cmake|sh|py|mjs|js|ts|html|css|toml)$"
     OR name MATCHES "\\.(cmake|pc|h|map)\\.in$")
    set(yes TRUE)
  endif()
  if(rel IN_LIST CARC_SPDX_EXEMPT)
    set(yes FALSE)
  endif()
  set(${out} ${yes} PARENT_SCOPE)
endfunction()

# The relative paths of `dir`'s files without the licence line, in `out`;
# the number of source files checked in `out_count`.
function(carc_spdx_check dir use_git out out_count)
  set(files "")
  if(use_git)
    execute_process(COMMAND "${GIT}" -c core.quotepath=off ls-files
                    WORKING_DIRECTORY "${dir}"
                    OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "git ls-files failed in ${dir}")
    endif()
    string(REPLACE "\n" ";" files "${listing}")
  else()
    file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE "${dir}" "${dir}/*")
    foreach(rel IN LISTS found)
      # build trees, installed packages and caches are not the source
      if(NOT rel MATCHES "(^|/)(build[^/]*|stage|node_modules|__pycache__|[^/]*\\.egg-info|\\.git)/")
        list(APPEND files "${rel}")
      endif()
    endforeach()
  endif()
  set(missing "")
  set(count 0)
  foreach(rel IN LISTS files)
    if(rel STREQUAL "" OR NOT EXISTS "${dir}/${rel}" OR IS_DIRECTORY "${dir}/${rel}")
      continue()
    endif()
    carc_spdx_is_source("${rel}" src)
    if(NOT src)
      continue()
    endif()
    math(EXPR count "${count} + 1")
    file(READ "${dir}/${rel}" head LIMIT 512)
    if(NOT head MATCHES "^((#!|<!doctype|<!DOCTYPE)[^\n]*\n)?[^\n]*SPDX-License-Identifier: MIT")
      list(APPEND missing "${rel}")
    endif()
  endforeach()
  set(${out} "${missing}" PARENT_SCOPE)
  set(${out_count} ${count} PARENT_SCOPE)
endfunction()

if(SELF_TEST)
  if(NOT WORK_DIR)
    message(FATAL_ERROR "SELF_TEST needs -DWORK_DIR=<scratch dir>")
  endif()
  set(t "${WORK_DIR}/tree")
  file(REMOVE_RECURSE "${t}")
  file(MAKE_DIRECTORY "${t}/src" "${t}/build-x" "${t}/.ci")
  set(line "SPDX-License-Identifier: MIT")
  file(WRITE "${t}/src/good.c" "/* ${line} */\nint x;\n")
  file(WRITE "${t}/src/good.sh" "#!/bin/sh\n# ${line}\necho\n")
  file(WRITE "${t}/src/good.html" "<!doctype html>\n<!-- ${line} -->\n<html></html>\n")
  file(WRITE "${t}/src/CMakeLists.txt" "# ${line}\n")
  file(WRITE "${t}/src/bad.c" "/* no licence */\nint y;\n")
  file(WRITE "${t}/src/late.py" "\"\"\"Doc.\"\"\"\n\n# ${line}\n")
  file(WRITE "${t}/src/third.sh" "#!/bin/sh\n# a comment first\n# ${line}\n")
  file(WRITE "${t}/src/t.pc.in" "Name: t\n")
  file(WRITE "${t}/src/data.scn" "players 2\n")
  file(WRITE "${t}/src/notes.txt" "text\n")
  file(WRITE "${t}/src/package.json.in" "{}\n")
  file(WRITE "${t}/build-x/gen.c" "int z;\n")
  file(WRITE "${t}/.ci/run" "#!/bin/sh\n") # a source, though it has no extension
  file(WRITE "${t}/src/pyproject.toml" "# ${line}\n[build-system]\n")
  carc_spdx_check("${t}" FALSE missing count)
  set(want ".ci/run;src/bad.c;src/late.py;src/t.pc.in;src/third.sh")
  list(SORT missing)
  if(NOT missing STREQUAL want OR NOT count EQUAL 10)
    message(FATAL_ERROR "self-test: reported '${missing}' of ${count} files, expected '${want}' of 10")
  endif()
  message(STATUS "self-test passed: ${count} source files, the 5 without the line reported")
  return()
endif()

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> [-DGIT=<git>] -P check_spdx.cmake")
endif()
set(use_git FALSE)
if(NOT GIT)
  find_program(GIT git)
endif()
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  set(use_git TRUE)
endif()
carc_spdx_check("${SOURCE_DIR}" ${use_git} missing count)
if(use_git)
  set(how "git ls-files")
else()
  set(how "the files under ${SOURCE_DIR}")
endif()
if(missing)
  list(LENGTH missing n)
  string(REPLACE ";" "\n  " shown "${missing}")
  message(FATAL_ERROR "${n} of ${count} source files (${how}) lack the licence line "
                      "'SPDX-License-Identifier: MIT' at the top (first line, or second after "
                      "a shebang or <!doctype>):\n  ${shown}")
endif()
message(STATUS "${count} source files (${how}) carry SPDX-License-Identifier: MIT")
