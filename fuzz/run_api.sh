#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build the API fuzzer with clang (libFuzzer + ASan + UBSan) and run it.
#
#   fuzz/run_api.sh [SECONDS]        default 60
#
# fuzz/fuzz_api.c (with fuzz_api_dice.c, fuzz_api_learn.c and fuzz_harness.c) reads each input as a
# sequence of API calls on one game and checks invariants as it goes (see the
# comment at its top: cheap checks after
# every step, the expensive ones on a sample of the steps and at the end of
# each input). The library sources (libcarc/**/*.c) are compiled straight into
# the fuzzer. The committed seed corpus fuzz/corpus/api/ is only read; new
# inputs go to the work directory ($FUZZ_WORK, default build/fuzz-api/ under
# the repository). A crash or a failed invariant leaves its input there
# (crash-*, timeout-*, oom-*) and the script exits non-zero; replay one with
#   $FUZZ_WORK/fuzz_api crash-...
# (FUZZ_API_TRACE=1 prints the operations, FUZZ_API_FULL_EVERY=1 does every
# check at every step).
#
# Environment:
#   FUZZ_WORK         work directory (corpus/, the binary, crashes)
#   FUZZ_CC           compiler (default clang)
#   FUZZ_API_CFLAGS   extra compiler flags
#   FUZZ_API_UBSAN_OFF  UBSan checks left out (default alignment,null,pointer-overflow:
#                     together they halve the speed; ASan catches null and wild
#                     accesses, and the ASan+UBSan ctest build keeps every
#                     check); '' for all of -fsanitize=undefined
#   FUZZ_API_CMP      1: instrument comparisons too (-fsanitize-coverage=trace-cmp,
#                     which libFuzzer's default has): comparison-guided
#                     mutations, at half the speed (the inputs are byte-coded
#                     calls read modulo their ranges, and 60 s runs reach the
#                     same coverage without it). Off by default.
#   FUZZ_API_FLAGS    extra libFuzzer flags, e.g. '-jobs=2 -workers=2' or
#                     '-use_value_profile=1' (with FUZZ_API_CMP=1 only; off by
#                     default: it costs about 40% of the speed)
#   FUZZ_API_RUNS     stop after this many inputs (-runs=N) instead of time
# Long runs: tests/hardening/README.md ("Fuzzers").
set -euo pipefail

secs=${1:-60}
case $secs in '' | *[!0-9]*) echo "usage: fuzz/run_api.sh [SECONDS]" >&2; exit 2 ;; esac

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(dirname "$here")
work=${FUZZ_WORK:-$top/build/fuzz-api}
cc=${FUZZ_CC:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "fuzz/run_api.sh: $cc not found (apt-get install clang libclang-rt-14-dev)" >&2
    exit 2
fi
mkdir -p "$work/corpus"

ubsan_off=${FUZZ_API_UBSAN_OFF-alignment,null,pointer-overflow}
cmp=-fno-sanitize-coverage=trace-cmp
if [ "${FUZZ_API_CMP:-0}" = 1 ]; then
    cmp=
fi
# shellcheck disable=SC2086
"$cc" -std=c11 -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    ${ubsan_off:+-fno-sanitize=$ubsan_off} $cmp \
    -DCARC_BUILDING -I"$top/include" -I"$top/libcarc" ${FUZZ_API_CFLAGS:-} \
    $(find "$top"/libcarc -name "*.c" | sort) "$here/fuzz_api.c" "$here/fuzz_api_dice.c" "$here/fuzz_api_learn.c" "$here/fuzz_harness.c" -lm -o "$work/fuzz_api"

limit=(-max_total_time="$secs")
if [ -n "${FUZZ_API_RUNS:-}" ]; then
    limit=(-runs="$FUZZ_API_RUNS")
fi

cd "$work"
# quarantine_size_mb=64 (ASan's default is 256): freed blocks are still
# poisoned for a long while, and fresh pages are not touched on every input
# (about 20% faster).
# shellcheck disable=SC2086
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=64} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
./fuzz_api -max_len=2048 -timeout=10 -rss_limit_mb=2048 \
    "${limit[@]}" -print_final_stats=1 ${FUZZ_API_FLAGS:-} \
    "$work/corpus" "$here/corpus/api"
