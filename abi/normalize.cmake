# SPDX-License-Identifier: MIT
# Make abi/carcassonne.abi independent of where the tree was built: abidw
# writes each translation unit's absolute source path (path='/home/.../libcarc/x.c');
# keep it relative to the source directory. abidiff does not compare these
# paths; this only keeps the committed baseline the same from any checkout.
# Also refuses a baseline without debug information.
#   cmake -DFILE=abi/carcassonne.abi -DPREFIX=/path/to/source/ -P abi/normalize.cmake
cmake_minimum_required(VERSION 3.16)
if(NOT FILE OR NOT PREFIX)
  message(FATAL_ERROR "usage: cmake -DFILE=<abi xml> -DPREFIX=<source dir>/ -P abi/normalize.cmake")
endif()
file(READ "${FILE}" _abi)
# Without DWARF (-g), abidw sees only symbol names, and a changed signature
# would pass the check unnoticed (abi/README.md).
if(NOT _abi MATCHES "<function-decl ")
  message(FATAL_ERROR "${FILE} has no function declarations: the library was built without -g "
                      "(use CMAKE_BUILD_TYPE=RelWithDebInfo)")
endif()
string(REPLACE "path='${PREFIX}" "path='" _abi "${_abi}")
file(WRITE "${FILE}" "${_abi}")
