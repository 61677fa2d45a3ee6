#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# valgrind memcheck over a C subset of an ordinary (non-sanitizer) build:
#   - the scenario runner over every scenario (tests/scenarios), in one
#     process;
#   - seeded full games through the whole API, every set of modules
#     (carc-hardening-games 64: every set of the six modules, six players
#     with Inns & Cathedrals among them, the Count's decisions answered);
#   - the examples' minimal program, three seeds;
#   - the misuse test (every public function called wrongly).
# Any memcheck error or leak fails (--error-exitcode=1 --leak-check=full
# --errors-for-leak-kinds=definite,indirect,possible).
#
#   tests/hardening/valgrind.sh [BUILD_DIR]      default: build
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$top/build}
command -v valgrind >/dev/null 2>&1 || { echo "valgrind.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }

vg=(valgrind -q --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect,possible
    --errors-for-leak-kinds=definite,indirect,possible --track-origins=yes)
need() { [ -x "$1" ] || { echo "valgrind.sh: $1 not built" >&2; exit 2; }; }

runner=$build/tests/scenario/carc-scenario
games=$build/tests/hardening/carc-hardening-games
minimal=$build/examples/minimal
misuse=$build/tests/hardening/hardening.misuse
need "$runner"; need "$games"; need "$minimal"; need "$misuse"

scenarios=()
for f in "$top"/tests/scenarios/*.scn; do
    [ -e "$f" ] && scenarios+=("$f")
done
[ ${#scenarios[@]} -gt 0 ] || { echo "valgrind.sh: no scenario files found" >&2; exit 2; }

# the misuse test is the longest: it runs beside the others (two cores)
echo "== valgrind: hardening.misuse (in the background)"
"${vg[@]}" "$misuse" "$top/abi/carcassonne.symbols" >/dev/null &
misuse_pid=$!
echo "== valgrind: carc-scenario over ${#scenarios[@]} scenarios"
"${vg[@]}" "$runner" "${scenarios[@]}" | tail -n 1
echo "== valgrind: carc-hardening-games 64"
"${vg[@]}" "$games" 64
for seed in 1 2 3; do
    echo "== valgrind: examples/minimal $seed"
    "${vg[@]}" "$minimal" "$seed" >/dev/null
done
echo "== valgrind: waiting for hardening.misuse"
wait "$misuse_pid" || { echo "valgrind.sh: hardening.misuse failed under valgrind" >&2; exit 1; }
echo "valgrind.sh: no memcheck error, no leak"
