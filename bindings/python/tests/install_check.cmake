# SPDX-License-Identifier: MIT
# ctest python.install: install the library (component runtime) and the Python
# package (component python) into a staging prefix, then import the package
# from PYTHONPATH alone (no CARCASSONNE_LIBRARY, no LD_LIBRARY_PATH) and check
# that it loads the staged library.
#   cmake -DBUILD_DIR=... -DSTAGE=... -DPYTHON=... -DPYDIR=... -DCHECK=... [-DCONFIG=...]
#         -P install_check.cmake
foreach(_var BUILD_DIR STAGE PYTHON PYDIR CHECK)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "install_check.cmake: ${_var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${STAGE}")
set(_config_args "")
if(CONFIG)
  set(_config_args --config "${CONFIG}")
endif()
foreach(_component IN ITEMS runtime python)
  execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${STAGE}"
                          --component ${_component} ${_config_args}
                  RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "cmake --install --component ${_component} failed (${_rc})")
  endif()
endforeach()

if(IS_ABSOLUTE "${PYDIR}")
  set(_pypath "${PYDIR}")
else()
  set(_pypath "${STAGE}/${PYDIR}")
endif()
if(NOT EXISTS "${_pypath}/carcassonne/__init__.py" OR NOT EXISTS "${_pypath}/carcassonne/_install_path.py")
  message(FATAL_ERROR "the package is not installed in ${_pypath}/carcassonne")
endif()
if(EXISTS "${_pypath}/carcassonne/_build_path.py")
  message(FATAL_ERROR "the build tree's _build_path.py was installed")
endif()

execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=CARCASSONNE_LIBRARY --unset=CARC_LIBRARY
                        --unset=LD_LIBRARY_PATH "PYTHONPATH=${_pypath}" PYTHONDONTWRITEBYTECODE=1
                        "${PYTHON}" "${CHECK}" --expect-under "${STAGE}"
                RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "importing the installed package failed (${_rc})")
endif()
message(STATUS "installed package OK in ${_pypath}")
