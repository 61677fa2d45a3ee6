#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Size and speed of the WebAssembly build beside the native library
# (bench/wasm/README.md): the .wasm sizes, then games per second of
# bench/carc-bench.c natively, in Node and in headless Chromium, and of random
# games through the JavaScript binding. Not part of the test suite (timings on
# a shared machine are noise). Builds what is missing: build-wasm (after
# tests/js/run.sh, or `emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release`)
# and build-wasm-native/bench/carc-bench (Release); playwright-core from
# tests/js (npm ci there).
#   bash bench/wasm/run.sh [--games N] [--runs R] [--binding-games N] [--modules LIST]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
wasm=${CARC_WASM_BUILD:-build-wasm}
native=${CARC_NATIVE_BUILD:-build-wasm-native}
if [ ! -e "$wasm/bench/carc-bench.wasm" ]; then
    emcmake cmake -S . -B "$wasm" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$wasm" -j2
fi
if [ ! -x "$native/bench/carc-bench" ]; then
    cmake -S . -B "$native" -DCMAKE_BUILD_TYPE=Release -DCARC_BUILD_TESTS=OFF >/dev/null
    cmake --build "$native" -j2 --target carc-bench
fi
[ -d tests/js/node_modules/playwright-core ] || (cd tests/js && npm ci --no-audit --no-fund --loglevel=error)

games=5000 runs=5 modules=()
args=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift ;;
        --runs) runs=$2; shift ;;
        --modules) modules=(--modules "$2"); shift ;;
    esac
    shift
done
echo "== sizes"
ls -l "$wasm/bindings/js/carcassonne-wasm.wasm" "$wasm/bindings/js/carcassonne-wasm.mjs" "$wasm/bench/carc-bench.wasm"
printf 'carcassonne-wasm.wasm gzip -9: %s bytes\n' "$(gzip -9c "$wasm/bindings/js/carcassonne-wasm.wasm" | wc -c)"
echo "== native: $native/bench/carc-bench --games $games --runs $runs --no-ops ${modules[*]}"
TIMEFORMAT='%3U %3S'
cpu=$( { time "$native/bench/carc-bench" --games "$games" --runs "$runs" --no-ops "${modules[@]}" \
         | grep -E '^median' >&2; } 2>&1 >/dev/null | tail -1)
awk -v c="$cpu" -v n=$((games * runs)) 'BEGIN { split(c, t, " "); printf "native: %d games per CPU second\n", n / (t[1] + t[2]) }'
echo "== WebAssembly"
node bench/wasm/bench.mjs "$wasm" "${args[@]}"
