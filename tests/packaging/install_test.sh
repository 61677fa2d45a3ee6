#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install test: `cmake --install` into a fresh prefix, check what was
# installed, then build and run a consumer program against it twice: with
# pkg-config and with find_package(carcassonne). Both must name the licence
# (MIT): the License field of carcassonne.pc and carcassonne_LICENSE. The
# command-line tools (carc-demo, carc-replay, carc-playout) are installed and
# run from the prefix alone: a game each, with the installed library.
#
#   tests/packaging/install_test.sh <build-dir> <source-dir>
#
# ctest passes the details in the environment; each has a default for manual
# runs:
#   CARC_WORK_DIR   scratch directory, emptied first (<build-dir>/install-test)
#   CARC_CMAKE      cmake (cmake)            CARC_CC     C compiler (cc)
#   CARC_VERSION    project version (from include/carcassonne/version.h)
#   CARC_SOVERSION  SOVERSION (MAJOR.MINOR before 1.0, else MAJOR)
#   CARC_LIBDIR     CMAKE_INSTALL_LIBDIR (lib)
#   CARC_DOCDIR     CMAKE_INSTALL_DOCDIR (share/doc/carcassonne)
#   CARC_BINDIR     CMAKE_INSTALL_BINDIR (bin)
#   CARC_CFLAGS     extra compiler and linker flags (e.g. sanitizers)
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 <build-dir> <source-dir>" >&2
    exit 2
fi
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=${CARC_WORK_DIR:-$build/install-test}
cmake=${CARC_CMAKE:-cmake}
cc=${CARC_CC:-cc}
libdir_rel=${CARC_LIBDIR:-lib}
docdir_rel=${CARC_DOCDIR:-share/doc/carcassonne}
bindir_rel=${CARC_BINDIR:-bin}
read -r -a extra_cflags <<<"${CARC_CFLAGS:-}"

if [ -z "${CARC_VERSION:-}" ]; then
    CARC_VERSION=$(sed -n 's/^#define CARC_VERSION_STRING "\(.*\)"$/\1/p' \
                   "$src/include/carcassonne/version.h")
fi
version=$CARC_VERSION
major=${version%%.*}
minor=${version#*.}; minor=${minor%%.*}
if [ -z "${CARC_SOVERSION:-}" ]; then
    if [ "$major" = 0 ]; then CARC_SOVERSION=$major.$minor; else CARC_SOVERSION=$major; fi
fi
soversion=$CARC_SOVERSION

fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
step() { echo; echo "== $*"; }

rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
libdir=$prefix/$libdir_rel

step "cmake --install into $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || {
    cat "$work/install.log"; echo "FAIL cmake --install"; exit 1; }
ok "installed"

step "installed files"
for f in include/carcassonne/carcassonne.h include/carcassonne/version.h \
         "$libdir_rel/libcarcassonne.so.$version" \
         "$libdir_rel/pkgconfig/carcassonne.pc" \
         "$libdir_rel/cmake/carcassonne/carcassonneConfig.cmake" \
         "$libdir_rel/cmake/carcassonne/carcassonneConfigVersion.cmake" \
         "$libdir_rel/cmake/carcassonne/carcassonneTargets.cmake"; do
    if [ -f "$prefix/$f" ]; then ok "$f"; else bad "missing $f"; fi
done
# The licence text, as in the source tree.
if cmp -s "$src/LICENSE" "$prefix/$docdir_rel/LICENSE"; then
    ok "$docdir_rel/LICENSE"
else
    bad "$docdir_rel/LICENSE missing or not the source tree's LICENSE"
fi
# The development and runtime symlinks.
if [ "$(readlink "$libdir/libcarcassonne.so" || true)" = "libcarcassonne.so.$soversion" ]; then
    ok "libcarcassonne.so -> libcarcassonne.so.$soversion"
else
    bad "libcarcassonne.so should be a symlink to libcarcassonne.so.$soversion"
fi
if [ "$soversion" != "$version" ]; then
    if [ "$(readlink "$libdir/libcarcassonne.so.$soversion" || true)" = "libcarcassonne.so.$version" ]; then
        ok "libcarcassonne.so.$soversion -> libcarcassonne.so.$version"
    else
        bad "libcarcassonne.so.$soversion should be a symlink to libcarcassonne.so.$version"
    fi
fi
# Exactly the public headers, nothing from libcarc/.
expected_headers=$(cd "$src/include/carcassonne" && ls -1 -- *.h | sort)
installed_headers=$(cd "$prefix/include/carcassonne" 2>/dev/null && ls -1 | sort || true)
if [ "$expected_headers" = "$installed_headers" ]; then
    ok "headers: $(echo "$installed_headers" | tr '\n' ' ')"
else
    bad "installed headers differ from include/carcassonne/*.h:"
    diff <(echo "$expected_headers") <(echo "$installed_headers") || true
fi

step "command-line tools in $bindir_rel"
bindir=$prefix/$bindir_rel
for tool in carc-demo carc-replay carc-playout; do
    if [ -x "$bindir/$tool" ]; then ok "$bindir_rel/$tool"; else bad "missing $bindir_rel/$tool"; fi
done
# Run from the prefix alone: no LD_LIBRARY_PATH, the library is the one their
# RUNPATH ($ORIGIN/../lib) finds in the prefix, not the build tree's.
run_tool() { env -u LD_LIBRARY_PATH "$@"; }
if command -v ldd >/dev/null; then
    for tool in carc-demo carc-replay carc-playout; do
        [ -x "$bindir/$tool" ] || continue
        loaded=$(run_tool ldd "$bindir/$tool" | sed -n 's/.*libcarcassonne[^ ]* => \([^ ]*\) .*/\1/p')
        if [ -n "$loaded" ] && [ "$(readlink -f "$loaded")" = "$(readlink -f "$libdir/libcarcassonne.so.$version")" ]; then
            ok "$tool loads $libdir_rel/libcarcassonne.so.$soversion"
        else
            bad "$tool loads '${loaded:-nothing}', not the installed library"
        fi
    done
fi
if [ -x "$bindir/carc-demo" ]; then
    if out=$(run_tool "$bindir/carc-demo" --help 2>&1) && grep -q '^Usage: carc-demo' <<<"$out"; then
        ok "carc-demo --help"
    else
        bad "carc-demo --help: $out"
    fi
    if out=$(run_tool "$bindir/carc-demo" --quiet --players 2 --seed 4 --modules all 2>&1 </dev/null) \
            && grep -q '^Final scores:' <<<"$out"; then
        ok "carc-demo plays a game with every module: $(grep -c 'points' <<<"$out") players scored"
    else
        bad "carc-demo --quiet --players 2 --seed 4 --modules all: $out"
    fi
    # --play, scripted: the library's reason for a bad move, then quit
    if out=$(printf 'D 1 0 45 -\nquit\n' | run_tool "$bindir/carc-demo" --play --players 2 2>&1) \
            && grep -q "rotation 45: expected 0, 90, 180 or 270" <<<"$out"; then
        ok "carc-demo --play says why a move cannot be read"
    else
        bad "carc-demo --play with a bad move: $out"
    fi
fi
if [ -x "$bindir/carc-playout" ] && [ -x "$bindir/carc-replay" ]; then
    if run_tool "$bindir/carc-playout" --seed 3 --players 3 --modules river,abbot >"$work/tool-game.rec" 2>"$work/tool-game.err" \
            && head -n 1 "$work/tool-game.rec" | grep -q '^carcassonne-record '; then
        ok "carc-playout wrote a record ($(wc -l <"$work/tool-game.rec") lines)"
        if out=$(run_tool "$bindir/carc-replay" "$work/tool-game.rec" 2>&1) && grep -q 'final scores:' <<<"$out"; then
            ok "carc-replay replayed it to the final scores"
        else
            bad "carc-replay $work/tool-game.rec: $out"
        fi
    else
        bad "carc-playout --seed 3 --players 3 --modules river,abbot: $(cat "$work/tool-game.err")"
    fi
fi

step "SONAME"
soname=$(readelf -d "$libdir/libcarcassonne.so.$version" 2>/dev/null \
         | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" = "libcarcassonne.so.$soversion" ]; then
    ok "SONAME $soname"
else
    bad "SONAME is '$soname', expected libcarcassonne.so.$soversion"
fi

play=()
dynsyms=$(nm -D --defined-only "$libdir/libcarcassonne.so.$version" 2>/dev/null || true)
if grep -Eq ' carc_game_new(@|$)' <<<"$dynsyms"; then
    play=(-DCARC_CONSUMER_PLAY_GAME)
else
    echo "note: the library does not export carc_game_new yet; the consumer only checks the version"
fi

step "pkg-config"
export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
modversion=$(pkg-config --modversion carcassonne || true)
if [ "$modversion" = "$version" ]; then
    ok "pkg-config --modversion carcassonne: $modversion"
else
    bad "pkg-config --modversion carcassonne gave '$modversion', expected $version"
fi
if pkg-config --validate carcassonne; then
    ok "pkg-config --validate carcassonne"
else
    bad "pkg-config --validate carcassonne"
fi
# The licence as an SPDX expression (pkgconf 1.8 accepts the field and leaves
# it alone; later pkgconf releases read it).
if grep -qx 'License: MIT' "$libdir/pkgconfig/carcassonne.pc"; then
    ok "carcassonne.pc: License: MIT"
else
    bad "carcassonne.pc has no 'License: MIT' line"
fi
pc_flags=$(pkg-config --cflags --libs carcassonne || true)
echo "pkg-config --cflags --libs carcassonne: $pc_flags"
case " $pc_flags " in
    *" -I$prefix/include "*) ok "Cflags point into the prefix" ;;
    *) bad "Cflags do not contain -I$prefix/include" ;;
esac
# shellcheck disable=SC2086  # pkg-config output is a list of words
if "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "${extra_cflags[@]}" "${play[@]}" \
        -o "$work/consumer-pkgconfig" "$src/tests/packaging/consumer/main.c" \
        $pc_flags -Wl,-rpath,"$libdir" >"$work/pkgconfig-build.log" 2>&1; then
    ok "built with pkg-config"
    if out=$("$work/consumer-pkgconfig" 2>&1); then
        ok "ran: $(echo "$out" | tr '\n' ' ')"
    else
        bad "consumer (pkg-config) failed: $out"
    fi
else
    cat "$work/pkgconfig-build.log"
    bad "building the consumer with pkg-config"
fi

step "find_package(carcassonne)"
cmake_args=(-S "$src/tests/packaging/consumer" -B "$work/consumer-build"
            -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc"
            -DCMAKE_BUILD_TYPE=RelWithDebInfo
            -DCARC_EXPECT_VERSION="$major.$minor"
            -DCARC_EXPECT_LICENSE=MIT
            -DCARC_REFUSE_VERSION="$([ "$major" = 0 ] && echo "$major.$((minor + 1))" || echo "$((major + 1)).0")")
if [ ${#extra_cflags[@]} -gt 0 ]; then
    cmake_args+=(-DCMAKE_C_FLAGS="${extra_cflags[*]}" -DCMAKE_EXE_LINKER_FLAGS="${extra_cflags[*]}")
fi
if [ ${#play[@]} -gt 0 ]; then
    cmake_args+=(-DCARC_CONSUMER_PLAY_GAME=ON)
fi
if "$cmake" "${cmake_args[@]}" >"$work/cmake-configure.log" 2>&1 \
   && "$cmake" --build "$work/consumer-build" >"$work/cmake-build.log" 2>&1; then
    ok "built with find_package ($(sed -n 's/^-- carcassonne \(.*\) from .*/\1/p' "$work/cmake-configure.log"))"
    ok "carcassonne_LICENSE: $(sed -n 's/^-- carcassonne licence: //p' "$work/cmake-configure.log")"
    if out=$("$work/consumer-build/consumer" 2>&1); then
        ok "ran: $(echo "$out" | tr '\n' ' ')"
    else
        bad "consumer (find_package) failed: $out"
    fi
else
    cat "$work/cmake-configure.log" "$work/cmake-build.log" 2>/dev/null || true
    bad "building the consumer with find_package"
fi

echo
if [ "$fails" -ne 0 ]; then
    echo "$fails install check(s) failed"
    exit 1
fi
echo "install test passed"
