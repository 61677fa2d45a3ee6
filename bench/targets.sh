#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Speed III targets (bench/README.md, "Speed III"), measured in one go as
# that section does: alternating runs of two builds (bench/pairs.sh), medians.
#
#   bench/targets.sh REF NEW OLD
#     REF  carc-bench of the reference build (commit 08b2fd4)
#     NEW  carc-bench of the build under test
#     OLD  carc-bench of 0.1 (commit 4afaf55), for the clone and play targets
#   e.g. bench/targets.sh /tmp/ref/rel/bench/carc-bench build-rel/bench/carc-bench /tmp/v01/rel/bench/carc-bench
#
# Each carc-bench is a Release build of its tree (cmake -S T -B T/rel
# -DCMAKE_BUILD_TYPE=Release -DCARC_BUILD_TESTS=OFF). Run it on a quiet
# machine: a few minutes; ROUNDS (default 5) sets the per-call rounds.
set -euo pipefail

if [ $# -ne 3 ]; then
    sed -n '2,14p' "$0" >&2
    exit 2
fi
ref=$1 new=$2 old=$3
rounds=${ROUNDS:-5}
pairs=$(dirname "${BASH_SOURCE[0]}")/pairs.sh

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
last() { tail -1 | sed 's/^median ratio //'; }

echo "1. base game, journal on: NEW / REF games/s (target >= 1.35)"
echo "   $(bash "$pairs" "$ref" "$new" 9 20000 | last)"
echo "2. --no-undo: NEW / REF games/s (target >= 1.0)"
echo "   $(bash "$pairs" "$ref" "$new" 5 20000 --no-undo | last)"
echo "3. every module: moves/s against a base move, NEW (target: 1 / ratio <= 1.3)"
m=$(NEW_ARGS='--modules all' bash "$pairs" --moves "$new" "$new" 7 10000 | tail -1)
echo "   ${m#median ratio }; a move costs $(awk -v r="$(echo "$m" | awk '{ print $3 }')" 'BEGIN { printf "%.2f", 1 / r }') base moves"

# per call: clone + free (history kept) and play, OLD and NEW alternately
oc=() nc=() op=() np=() mc=()
for _ in $(seq "$rounds"); do
    line_old=$("$old" --games 500 --runs 1 | grep 'ns per call')
    line_new=$("$new" --games 500 --runs 1 | grep 'ns per call')
    oc+=("$(echo "$line_old" | grep -o 'clone+free=[0-9]*' | cut -d= -f2)")
    nc+=("$(echo "$line_new" | grep -o 'clone+free=[0-9]*' | cut -d= -f2)")
    op+=("$(echo "$line_old" | grep -o 'play=[0-9]*' | cut -d= -f2)")
    np+=("$(echo "$line_new" | grep -o 'play=[0-9]*' | cut -d= -f2)")
    mc+=("$("$new" --games 300 --runs 1 --modules all | grep 'ns per call' | grep -o 'clone+free=[0-9]*' | cut -d= -f2)")
done
o=$(printf '%s\n' "${oc[@]}" | median) n=$(printf '%s\n' "${nc[@]}" | median)
po=$(printf '%s\n' "${op[@]}" | median) pn=$(printf '%s\n' "${np[@]}" | median)
mm=$(printf '%s\n' "${mc[@]}" | median)
echo "4. clone + free, history kept (medians of $rounds alternating rounds, ns)"
echo "   NEW $n, OLD $o: $(awk -v a="$n" -v b="$o" 'BEGIN { printf "%.3f", a / b }') (target <= 0.5)"
echo "   every module $mm: $(awk -v a="$mm" -v b="$n" 'BEGIN { printf "%.2f", a / b }') times the base game's (target <= 1.5)"
echo "   play NEW $pn, OLD $po: $(awk -v a="$pn" -v b="$po" 'BEGIN { printf "%.3f", a / b }') (target <= 1.0)"
echo "5. two threads against one, NEW (target >= 1.9)"
echo "   $(NEW_ARGS='--threads 2' bash "$pairs" "$new" "$new" 5 40000 | last)"
