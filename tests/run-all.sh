#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite, as CI runs it (.ci/run installs the packages, then runs
# this script; README.md gives it as the test command):
#   0. build, and every ctest test (unit, engine, scenarios, records, examples,
#      dice, Python, packaging, hardening tables);
#      then the Python binding installed with pip into a fresh venv, its tests
#      run against the installed package (tests/packaging/pip_install.sh);
#   1. the whole ctest suite again in an ASan+UBSan build (-DCARC_SANITIZE=ON);
#   2. valgrind memcheck over a C subset (scenarios, seeded games, misuse test);
#   3. the ABI check against abi/carcassonne.abi (abidiff must exit 0);
#   4. both libFuzzer targets, FUZZ_SECONDS each (default 60);
#   5. ThreadSanitizer over carc-bench --threads 2 and a shared-game reader;
#   6. the WebAssembly build, the JavaScript binding under Node against the
#      native library and the page in headless Chromium (tests/js/run.sh).
# Needs: cmake gcc g++ make pkg-config libcmocka-dev python3 binutils
# abigail-tools clang libclang-rt-14-dev valgrind emscripten chromium
# python3-distributed python3-numpy python3-torch nodejs npm python3-pip
# python3-setuptools python3-wheel python3-build python3-venv (numpy and
# torch: carcassonne.learn's tests and the training example's quick test,
# skipped without them; tests/hardening/README.md tells how to run
# each step alone; docs/web.md the browser's). Every step must pass; the
# times of the steps are printed at the end.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

fuzz_seconds=${FUZZ_SECONDS:-60}
times=()
step_name=
step_start=$SECONDS
all_start=$SECONDS
end_step() {
    if [ -n "$step_name" ]; then
        times+=("$(printf '%5ds  %s' $((SECONDS - step_start)) "$step_name")")
    fi
    step_name=
}
step() {
    end_step
    step_name=$1
    step_start=$SECONDS
    printf '\n===== %s\n' "$1"
}
report() {
    local rc=$?
    end_step
    printf '\n===== times\n'
    printf '%s\n' "${times[@]}"
    printf '%5ds  total, exit %d%s\n' $((SECONDS - all_start)) "$rc" "$([ "$rc" -eq 0 ] || echo ' (FAILED in the last step)')"
    local n=${#times[@]}
    if [ "$rc" -eq 0 ]; then
        printf 'steps: %d passed, 0 failed\n' "$n"
    else
        printf 'steps: %d passed, 1 failed\n' $((n - 1))
    fi
}
trap report EXIT


# Build and run every ctest test.
# In braces: `set -e` ignores a failure before the last `&&` of a list.
step "build and test"
{
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build -j2 && ctest --test-dir build --output-on-failure -j2
} || exit 1

# The Python binding as pip installs it (offline, Debian's pip, setuptools,
# wheel and build), tested from a venv; build/ gives the C programs that some
# Python tests compare with.
step "Python package: pip install, wheel, tests (tests/packaging/pip_install.sh)"
bash tests/packaging/pip_install.sh build

# 1. The same suite with AddressSanitizer + UndefinedBehaviorSanitizer: any
#    report fails its test (-fno-sanitize-recover=all, leaks included).
step "sanitizer build (ASan + UBSan) and test"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARC_SANITIZE=ON
cmake --build build-asan -j2
# Where a run costs ten times as much, the two longest tests sample: the
# allocation-failure test fails every third allocation number (the ordinary
# build above tries every one), and the record test, built with the
# sanitizers, plays 600 random games of its 3,000 (test_record.c).
HARDENING_CHAOS_STRIDE=3 ctest --test-dir build-asan --output-on-failure -j2
unset ASAN_OPTIONS UBSAN_OPTIONS

# 2. valgrind memcheck over the ordinary build.
step "valgrind memcheck"
bash tests/hardening/valgrind.sh build

# 3. ABI: abidiff against the committed baseline, SONAME included.
step "ABI check"
bash tests/hardening/abi-check.sh build

# 4. Fuzzing, a bounded time each (work directories under build/).
step "fuzz: record loader (fuzz/run.sh, ${fuzz_seconds}s)"
if [ -f fuzz/run.sh ]; then
    FUZZ_WORK=$PWD/build/fuzz bash fuzz/run.sh "$fuzz_seconds"
else
    echo "fuzz/run.sh not present: skipped"
fi
step "fuzz: API sequences (fuzz/run_api.sh, ${fuzz_seconds}s)"
FUZZ_WORK=$PWD/build/fuzz-api bash fuzz/run_api.sh "$fuzz_seconds"

# 5. ThreadSanitizer.
step "ThreadSanitizer"
TSAN_WORK=$PWD/build/tsan bash tests/hardening/tsan.sh 2000

# 6. WebAssembly: the JS binding under Node against the native library of
#    step 0 (build/), the page in headless Chromium.
step "WebAssembly, JavaScript binding and page (tests/js/run.sh)"
CARC_NATIVE_BUILD=build bash tests/js/run.sh
