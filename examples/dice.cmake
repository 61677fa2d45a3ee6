# SPDX-License-Identifier: MIT
# The Dice Game demo (carc-dice-demo), owned by the dice engineer.
#
# Included by examples/CMakeLists.txt after CARC_EXAMPLES_LIBRARY is set
# (in-tree: the `carcassonne` target; standalone: find_package or pkg-config):
#   include("${CMAKE_CURRENT_LIST_DIR}/dice.cmake")
# A single C file using only the public API (<carcassonne/dice.h>).
add_executable(carc-dice-demo "${CMAKE_CURRENT_LIST_DIR}/carc-dice-demo.c")
target_link_libraries(carc-dice-demo PRIVATE ${CARC_EXAMPLES_LIBRARY})
