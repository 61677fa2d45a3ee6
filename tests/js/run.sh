#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The WebAssembly build, the JavaScript binding and the page, tested (issue 18;
# docs/web.md):
#   1. the native reference: the library (CARC_NATIVE_BUILD, default
#      build-wasm-native: configured here unless it is already, its library
#      and tools/carc-playout built or brought up to date) and
#      tests/js/native_game.c;
#   2. the WebAssembly build (CARC_WASM_BUILD, default build-wasm) with
#      Debian's emscripten, from the same CMake tree;
#   3. playwright-core from the npm registry, pinned (tests/js/package-lock.json);
#   4. node --test: tests/js/binding.test.mjs (the binding under Node against
#      the native library), tests/js/package.test.mjs (the npm package:
#      `npm pack` in <wasm build>/bindings/js, the tarball installed offline
#      into an empty folder, a whole game with every module there by
#      `import ... from "carcassonne"`) and tests/js/page.test.mjs (the page
#      in headless Chromium, /usr/bin/chromium or CARC_CHROMIUM, over HTTP and
#      from file://).
# Needs: cmake, a C compiler, emscripten, nodejs + npm, chromium, python3
# (the static file server). A screenshot of the page is written to
# CARC_SCREENSHOT (default <wasm build>/web-screenshot.png).
# Measured on 2 cores: about 90 s from nothing (wasm build ~30 s, native
# ~15 s, tests ~40 s).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
native=${CARC_NATIVE_BUILD:-build-wasm-native}
wasm=${CARC_WASM_BUILD:-build-wasm}
jobs=${CARC_JOBS:-2}
# Debian's emscripten 3.1.6 finds its node modules (acorn, ...) there.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

for tool in cmake cc emcmake emcc node npm python3; do
    command -v "$tool" >/dev/null || { echo "tests/js/run.sh: $tool not found" >&2; exit 1; }
done

t0=$SECONDS
step() { printf '\n=== tests/js: %s (%ds)\n' "$1" $((SECONDS - t0)); }

step "native reference ($native)"
# configured here unless it is already; always brought up to date (a no-op
# when it is: a stale library would test old C against new JavaScript)
if [ ! -e "$native/CMakeCache.txt" ]; then
    cmake -S . -B "$native" -DCMAKE_BUILD_TYPE=Release -DCARC_BUILD_TESTS=OFF >/dev/null
fi
cmake --build "$native" -j"$jobs" --target carcassonne carc-playout
mkdir -p "$wasm"
cc -std=c11 -O2 -Wall -Wextra -Werror -Iinclude tests/js/native_game.c -o "$wasm/native_game" \
   -L"$native/libcarc" -lcarcassonne -Wl,-rpath,"$root/$native/libcarc"

step "WebAssembly build ($wasm)"
emcmake cmake -S . -B "$wasm" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$wasm" -j"$jobs" --target carcassonne-js
ls -l "$wasm/bindings/js/carcassonne-wasm.wasm"

step "npm ci (playwright-core)"
(cd tests/js && npm ci --no-audit --no-fund --loglevel=error)

step "node --test"
export CARC_JS_DIR=$root/$wasm/bindings/js
export CARC_WEB_DIR=$root/$wasm/web
export CARC_NATIVE_GAME=$root/$wasm/native_game
export CARC_PLAYOUT=$root/$native/tools/carc-playout
export CARC_SCREENSHOT=${CARC_SCREENSHOT:-$root/$wasm/web-screenshot.png}
(cd tests/js && node --test binding.test.mjs package.test.mjs page.test.mjs)

step "done"
