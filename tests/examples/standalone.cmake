# SPDX-License-Identifier: MIT
# examples/ on its own against an installed library, the way a user builds it:
# install the build tree into a scratch prefix, then configure, build and run
# the examples once with find_package(carcassonne) and once with pkg-config.
#   BUILD_DIR  the project's build tree     EXAMPLES  the examples/ source dir
#   WORK       scratch directory (emptied)  LIBDIR    CMAKE_INSTALL_LIBDIR
#   C_FLAGS    extra C and link flags (sanitizers), may be empty
foreach(v BUILD_DIR EXAMPLES WORK LIBDIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "standalone.cmake: ${v} is not set")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 600)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
set(prefix "${WORK}/prefix")
run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")

set(env "LD_LIBRARY_PATH=${prefix}/${LIBDIR}" "PKG_CONFIG_PATH=${prefix}/${LIBDIR}/pkgconfig")
foreach(mode find_package pkg-config)
  set(build "${WORK}/build-${mode}")
  if(mode STREQUAL "pkg-config")
    set(how -DCARC_EXAMPLES_PKGCONFIG=ON)
  else()
    set(how "-DCMAKE_PREFIX_PATH=${prefix}")
  endif()
  run("configure (${mode})" "${CMAKE_COMMAND}" -E env ${env}
      "${CMAKE_COMMAND}" -S "${EXAMPLES}" -B "${build}" ${how}
      "-DCMAKE_C_FLAGS=${C_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${C_FLAGS}")
  run("build (${mode})" "${CMAKE_COMMAND}" --build "${build}")
  run("minimal (${mode})" "${CMAKE_COMMAND}" -E env ${env} "${build}/minimal" 4)
  if(NOT last_output MATCHES "Final scores \\(seed 4\\):")
    message(FATAL_ERROR "minimal (${mode}) printed:\n${last_output}")
  endif()
  run("carc-demo (${mode})" "${CMAKE_COMMAND}" -E env ${env} "${build}/carc-demo" --quiet)
  if(NOT last_output MATCHES "^Final scores:")
    message(FATAL_ERROR "carc-demo (${mode}) printed:\n${last_output}")
  endif()
  message(STATUS "ok: examples built and run with ${mode}")
endforeach()
