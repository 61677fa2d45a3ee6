#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build the record fuzzer with clang (libFuzzer + ASan + UBSan) and run it.
#
#   fuzz/run.sh [SECONDS]        default 60
#
# The library sources (libcarc/*.c) are compiled straight into the fuzzer.
# The committed seed corpus fuzz/corpus/record/ is only read; new inputs go to
# the work directory ($FUZZ_WORK, default build/fuzz/ under the repository).
# A crash leaves its input there (crash-*) and the script exits non-zero.
set -euo pipefail

secs=${1:-60}
case $secs in '' | *[!0-9]*) echo "usage: fuzz/run.sh [SECONDS]" >&2; exit 2 ;; esac

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(dirname "$here")
work=${FUZZ_WORK:-$top/build/fuzz}
cc=${FUZZ_CC:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "fuzz/run.sh: $cc not found (apt-get install clang)" >&2
    exit 2
fi
mkdir -p "$work/corpus"

"$cc" -std=c11 -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DCARC_BUILDING -I"$top/include" -I"$top/libcarc" \
    $(find "$top"/libcarc -name "*.c" | sort) "$here/fuzz_record.c" -lm -o "$work/fuzz_record"

cd "$work"
./fuzz_record -max_len=4096 -timeout=10 -dict="$here/record.dict" -max_total_time="$secs" -print_final_stats=1 \
    "$work/corpus" "$here/corpus/record"
