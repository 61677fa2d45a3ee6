#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ThreadSanitizer check (clang -fsanitize=thread), built outside CMake from the
# library sources:
#   1. bench/carc-bench in its multi-threaded mode: separate games on separate
#      threads (no global mutable state);
#   2. tests/hardening/tsan_shared.c: concurrent read-only calls on one shared
#      game, clones freed on other threads (the reference-counted rules data).
# Any TSan report fails (halt_on_error=1, exit code 66).
#
#   tests/hardening/tsan.sh [GAMES]     default 2000 games of carc-bench
#
# Work directory: $TSAN_WORK (default build/tsan under the repository);
# compiler: $TSAN_CC (default clang).
set -euo pipefail

games=${1:-2000}
case $games in '' | *[!0-9]*) echo "usage: tests/hardening/tsan.sh [GAMES]" >&2; exit 2 ;; esac

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${TSAN_WORK:-$top/build/tsan}
cc=${TSAN_CC:-clang}
command -v "$cc" >/dev/null 2>&1 || { echo "tsan.sh: $cc not found (apt-get install clang)" >&2; exit 2; }
mkdir -p "$work"

flags=(-std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=thread -pthread
       -DCARC_BUILDING -I"$top/include" -I"$top/libcarc")
"$cc" "${flags[@]}" $(find "$top"/libcarc -name "*.c" | sort) "$top/bench/carc-bench.c" -lm -o "$work/carc-bench-tsan"
"$cc" "${flags[@]}" $(find "$top"/libcarc -name "*.c" | sort) "$top/tests/hardening/tsan_shared.c" -lm -o "$work/tsan-shared"

export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
# clang 14's TSan cannot map its shadow memory under the high-entropy address
# randomisation of newer kernels (vm.mmap_rnd_bits > 28): run without it.
norand=()
if command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then
    norand=(setarch "$(uname -m)" -R)
fi
echo "== carc-bench --threads 2 --games $games --runs 1 --no-ops (TSan)"
"${norand[@]}" "$work/carc-bench-tsan" --threads 2 --games "$games" --runs 1 --no-ops
echo "== tsan_shared 2 threads (TSan)"
"${norand[@]}" "$work/tsan-shared" 2 40
echo "tsan.sh: no ThreadSanitizer report"
