#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Alternating runs of two carc-bench builds, the protocol of bench/README.md
# ("Speed II"): run OLD then NEW, N times, each one run of --games G, and print
# each pair's games/s (or moves/s with --moves) and NEW/OLD ratio, then the
# median of the ratios. On a shared machine whose speed drifts, the median of
# per-pair ratios is steadier than a ratio of medians.
#
#   bench/pairs.sh [--moves] OLD NEW N G [carc-bench options...]
#   bench/pairs.sh 0.1/b/bench/carc-bench build-release/bench/carc-bench 11 20000
#   bench/pairs.sh 0.1/b/bench/carc-bench build-release/bench/carc-bench 11 20000 --no-undo
#
# OLD and NEW may be the same program: OLD_ENV / NEW_ENV run each side under
# one more environment variable (OLD_ENV=LD_LIBRARY_PATH=/tmp/a: another
# library), OLD_ARGS / NEW_ARGS give each side options of its own:
#   NEW_ARGS='--modules all' bench/pairs.sh --moves P P 11 10000   # a move with every module against a base move
#   NEW_ARGS='--threads 2' bench/pairs.sh P P 5 40000              # two threads against one
set -euo pipefail

field=games_per_sec
if [ "${1:-}" = "--moves" ]; then
    field=moves_per_sec
    shift
fi
if [ $# -lt 4 ]; then
    sed -n '2,17p' "$0" >&2
    exit 2
fi
old=$1 new=$2 n=$3 games=$4
shift 4

rate() { # rate ENV EXTRA PROGRAM ARGS...: the run's games/s (or moves/s)
    local envs=$1 extra=$2
    shift 2
    # shellcheck disable=SC2086 # EXTRA is a list of options
    env ${envs:+"$envs"} "$@" $extra --games "$games" --runs 1 --no-ops |
        grep -o "$field=[0-9]*" | head -1 | cut -d= -f2
}

ratios=()
for i in $(seq "$n"); do
    a=$(rate "${OLD_ENV:-}" "${OLD_ARGS:-}" "$old" "$@")
    b=$(rate "${NEW_ENV:-}" "${NEW_ARGS:-}" "$new" "$@")
    r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')
    ratios+=("$r")
    printf '%s %s %s\n' "$a" "$b" "$r"
done
printf '%s\n' "${ratios[@]}" | sort -n |
    awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                              printf "median ratio %.3f (min %.3f, max %.3f, %d pairs)\n", m, v[1], v[NR], NR }'
