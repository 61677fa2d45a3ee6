#!/usr/bin/env bash
# Build the API fuzzer with clang (libFuzzer + ASan + UBSan) and run it.
#
#   fuzz/run_api.sh [SECONDS]        default 60
#
# fuzz/fuzz_api.c reads each input as a sequence of API calls on one game and
# checks invariants after every step (see the comment at its top). The library
# sources (libcarc/*.c) are compiled straight into the fuzzer. The committed
# seed corpus fuzz/corpus/api/ is only read; new inputs go to the work
# directory ($FUZZ_WORK, default build/fuzz-api/ under the repository). A crash
# or a failed invariant leaves its input there (crash-*, timeout-*, oom-*) and
# the script exits non-zero; replay one with
#   $FUZZ_WORK/fuzz_api crash-...
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

# $FUZZ_API_CFLAGS: extra flags, e.g. -DFUZZ_API_STRICT=1 (see fuzz_api.c).
# shellcheck disable=SC2086
"$cc" -std=c11 -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DCARC_BUILDING -I"$top/include" -I"$top/libcarc" ${FUZZ_API_CFLAGS:-} \
    $(find "$top"/libcarc -name "*.c" | sort) "$here/fuzz_api.c" -lm -o "$work/fuzz_api"

cd "$work"
# -use_value_profile: the inputs are byte-coded calls, so comparisons guide it.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
./fuzz_api -max_len=2048 -timeout=10 -rss_limit_mb=2048 -use_value_profile=1 \
    -max_total_time="$secs" -print_final_stats=1 \
    "$work/corpus" "$here/corpus/api"
