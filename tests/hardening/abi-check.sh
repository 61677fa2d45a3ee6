#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ABI check against the committed baseline (docs/conventions.md "The ABI check", abi/README.md), on a build
# made with debug information (RelWithDebInfo):
#   1. stage-install the build (headers + library);
#   2. the library has DWARF (without it abidiff only compares symbol names
#      and a changed signature would pass);
#   3. the baseline's soname equals the built SONAME;
#   4. gate 1 (abi/README.md): abidiff --no-added-syms
#      --drop-private-types --headers-dir2 <stage>/include --suppressions
#      abi/carcassonne.suppr abi/carcassonne.abi <lib> must exit 0;
#   5. gate 2: the same without --drop-private-types --headers-dir2 must exit
#      0 too. Gate 1 alone misses every change to the layout of a public
#      struct (carc_move, carc_figure_info, ...): with --headers-dir2, abidiff
#      takes the baseline's types (written with --no-show-locs, so without a
#      source location) for private ones and filters their changes. Internal
#      types stay out of gate 2 because the baseline has the opaque handles
#      as declarations only (abi/README.md has the measurements);
#   6. for information: gate 2 without --no-added-syms lists the added
#      functions (they belong under "Added" in CHANGELOG.md).
# ctest runs this as hardening.abi (--ctest: exit 77, "skipped", when abidiff,
# the baseline or debug information is missing); .ci/run runs it without
# --ctest, where anything missing is a failure.
#
#   tests/hardening/abi-check.sh [--ctest] [BUILD_DIR]       default: build
set -euo pipefail

skip=1
if [ "${1:-}" = "--ctest" ]; then
    skip=77
    shift
fi
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$top/build}
build=$(cd "$build" && pwd)
baseline=$top/abi/carcassonne.abi
suppr=$top/abi/carcassonne.suppr
stage=$build/abi-check-stage

for tool in abidiff readelf; do
    command -v "$tool" >/dev/null 2>&1 || { echo "abi-check: $tool not found (apt-get install abigail-tools binutils)" >&2; exit "$skip"; }
done
[ -f "$baseline" ] || { echo "abi-check: no baseline $baseline (see abi/README.md)" >&2; exit "$skip"; }
[ -f "$suppr" ] || { echo "abi-check: no suppressions file $suppr" >&2; exit 1; }

rm -rf "$stage"
cmake --install "$build" --prefix "$stage" >/dev/null
lib=$(find "$stage" -name 'libcarcassonne.so' | head -n 1)
[ -n "$lib" ] || { echo "abi-check: libcarcassonne.so not installed in $stage" >&2; exit 1; }
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
lib=$(dirname "$lib")/$soname
[ -f "$lib" ] || { echo "abi-check: $lib (the SONAME) not installed" >&2; exit 1; }

sections=$(readelf -S "$lib")
if ! grep -q '\.debug_info' <<<"$sections"; then
    echo "abi-check: $lib has no DWARF (.debug_info): build with -DCMAKE_BUILD_TYPE=RelWithDebInfo" >&2
    exit "$skip"
fi

base_soname=$(grep -o "soname='[^']*'" "$baseline" | head -n 1 | sed "s/soname='\(.*\)'/\1/")
if [ "$base_soname" != "$soname" ]; then
    echo "abi-check: the baseline is for $base_soname, the build makes $soname:" >&2
    echo "  a SONAME change needs a new baseline (abi/README.md)" >&2
    exit 1
fi

echo "abi-check: $soname against abi/carcassonne.abi"
fail=0
echo "-- gate 1: abidiff --no-added-syms --drop-private-types --headers-dir2 <stage>/include"
rc=0
abidiff --no-added-syms --drop-private-types --headers-dir2 "$stage/include" \
    --suppressions "$suppr" "$baseline" "$lib" || rc=$?
[ "$rc" -eq 0 ] || { echo "abi-check: gate 1 FAILED: abidiff exit $rc" >&2; fail=1; }
echo "-- gate 2: abidiff --no-added-syms (public struct layouts too)"
rc=0
abidiff --no-added-syms --suppressions "$suppr" "$baseline" "$lib" || rc=$?
[ "$rc" -eq 0 ] || { echo "abi-check: gate 2 FAILED: abidiff exit $rc" >&2; fail=1; }
if [ "$fail" -ne 0 ]; then
    echo "abi-check: FAILED: an incompatible change against the baseline (abi/README.md says what to do)" >&2
    exit 1
fi
added=0
abidiff --suppressions "$suppr" "$baseline" "$lib" >"$build/abi-check-added.txt" 2>&1 || added=$?
if [ "$added" -ne 0 ]; then
    echo "abi-check: compatible additions since the baseline (CHANGELOG.md \"Added\"):"
    sed 's/^/  /' "$build/abi-check-added.txt"
fi
echo "abi-check: ok (abidiff exit 0 twice, soname $soname)"
