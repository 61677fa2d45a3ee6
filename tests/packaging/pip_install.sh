#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python binding installed with pip, as a user installs it (tests/run-all.sh
# runs it after the ordinary build; offline, with Debian's python3-pip,
# python3-setuptools, python3-wheel, python3-build and python3-venv):
#
#   1. a fresh venv (--system-site-packages, for Debian's setuptools and wheel)
#      in a temporary directory; `pip install --no-build-isolation --no-index
#      ./bindings/python`, which builds libcarcassonne from this checkout and
#      bundles it into the package;
#   2. `pip show carcassonne`: the name, the version (project(VERSION) of the top
#      CMakeLists.txt) and the licence (MIT);
#   3. from a directory outside the checkout, with no PYTHONPATH and no
#      CARCASSONNE_LIBRARY: carcassonne.__version__, carcassonne.library_path()
#      inside the venv (not a build tree), then the unittest suite of
#      bindings/python/tests against the installed package;
#   4. `python3 -m build --wheel --no-isolation`: the wheel (py3-none-<platform>)
#      holds the library and _version.py; installed with --no-index into a
#      second fresh venv, it imports and plays from the venv alone.
#
#   tests/packaging/pip_install.sh [<build-dir>]
#
# <build-dir> (optional; run-all.sh passes build): a build tree of this checkout.
# The suite then also runs the tests that compare the binding with the C programs
# of that tree (carc-python-abi-dump, carc-playout, carc-replay, carc-demo,
# carc-dice-demo; the Python side still loads the venv's library). Without it
# those tests skip, saying which variable they need.
# PYTHON: the interpreter (default /usr/bin/python3, Debian's, which has the
# packages above; else python3).
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=
if [ $# -ge 1 ]; then
    build=$(cd "$1" && pwd)
fi
if [ -z "${PYTHON:-}" ]; then
    if [ -x /usr/bin/python3 ]; then PYTHON=/usr/bin/python3; else PYTHON=python3; fi
fi

# Nothing may point the package at a library, nor at the sources.
unset PYTHONPATH CARCASSONNE_LIBRARY CARC_LIBRARY LD_LIBRARY_PATH
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ in the checkout's tests directory

version=$(sed -n 's/^project(carcassonne VERSION \([0-9][0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
if [ -z "$version" ]; then
    echo "FAIL: no project(carcassonne VERSION ...) in $src/CMakeLists.txt" >&2
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/carc-pip.XXXXXX")
trap 'rm -rf "$work"' EXIT
work=$(cd "$work" && pwd -P)   # the path pip reports (no symlink, no double slash)
outside=$work/run          # the tests' working directory: not in the checkout
mkdir -p "$outside"

fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }
step() { echo; echo "== $*"; }

step "pip install ./bindings/python into a fresh venv ($("$PYTHON" --version 2>&1), project version $version)"
venv=$work/venv
"$PYTHON" -m venv --system-site-packages "$venv"
(cd "$src" && "$venv/bin/python" -m pip install --no-build-isolation --no-index --quiet ./bindings/python)
ok "installed"

step "pip show carcassonne"
show=$(cd "$outside" && "$venv/bin/python" -m pip show carcassonne)
echo "$show" | sed -n '/^\(Name\|Version\|License\|Location\):/p'
for field in "Name: carcassonne" "Version: $version" "License: MIT" "Location: $venv/"; do
    if grep -q "^$field" <<<"$show"; then ok "$field"; else bad "pip show has no '$field'"; fi
done

step "the installed package, from $outside, with no PYTHONPATH and no CARCASSONNE_LIBRARY"
if (cd "$outside" && "$venv/bin/python" - "$venv" "$version") <<'EOF'
import os
import sys

import carcassonne

venv, version = os.path.realpath(sys.argv[1]) + os.sep, sys.argv[2]
package = os.path.realpath(os.path.dirname(carcassonne.__file__))
library = os.path.realpath(carcassonne.library_path())
print(f"package {package}\nlibrary {library}\nversion {carcassonne.__version__}, "
      f"library {carcassonne.library_version()}")
assert package.startswith(venv), f"the package is not in the venv: {package}"
assert library == os.path.join(package, carcassonne._lib.SONAME), \
    f"not the library bundled in the package: {library}"
assert carcassonne.__version__ == version, f"__version__ {carcassonne.__version__} != {version}"
assert carcassonne.library_version() == version, f"library {carcassonne.library_version()}"
with carcassonne.Game(players=3, seed=7) as game:
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    print("a whole game:", game.scores)
EOF
then ok "library_path() is the library bundled in the venv's package"; else bad "the installed package"; fi

step "bindings/python/tests against the installed package"
tests=$src/bindings/python/tests
helpers=()
if [ -n "$build" ]; then
    for pair in CARCASSONNE_ABI_DUMP=bindings/carc-python-abi-dump CARCASSONNE_PLAYOUT=tools/carc-playout \
                CARCASSONNE_DEMO=examples/carc-demo CARCASSONNE_DICE_DEMO=examples/carc-dice-demo; do
        if [ -x "$build/${pair#*=}" ]; then
            helpers+=("${pair%%=*}=$build/${pair#*=}")
        fi
    done
    echo "C programs to compare with: ${helpers[*]:-none found in $build}"
else
    echo "no build directory given: the tests that compare with the C programs skip"
fi
if (cd "$outside" && env "${helpers[@]}" "$venv/bin/python" -m unittest discover -v -s "$tests" -t "$tests" 2>&1) \
        >"$work/unittest.log"; then
    # what skipped, and why (without a build directory: the C programs)
    grep -E ' \.\.\. skipped ' "$work/unittest.log" | sed 's/^/skip /' || true
    ok "unittest: $(grep -E '^Ran ' "$work/unittest.log"), $(tail -n 1 "$work/unittest.log")"
else
    # the tests that failed, their tracebacks and the summary
    grep -E ' \.\.\. (FAIL|ERROR)$' "$work/unittest.log" || true
    sed -n '/^=\{70\}$/,$p' "$work/unittest.log"
    bad "unittest against the installed package"
fi

step "python3 -m build --wheel --no-isolation, the wheel installed into a second venv"
(cd "$src" && "$PYTHON" -m build --wheel --no-isolation --outdir "$work/dist" bindings/python >"$work/build.log" 2>&1) \
    || { cat "$work/build.log"; bad "python3 -m build --wheel"; exit 1; }
wheel=$(ls "$work"/dist/carcassonne-"$version"-py3-none-*.whl 2>/dev/null | head -n 1 || true)
if [ -n "$wheel" ]; then ok "wheel $(basename "$wheel")"; else bad "no carcassonne-$version-py3-none-*.whl in $(ls "$work/dist")"; exit 1; fi
contents=$("$PYTHON" -m zipfile -l "$wheel")
for member in carcassonne/__init__.py carcassonne/_version.py carcassonne/libcarcassonne.so.; do
    if grep -q "^$member" <<<"$contents"; then ok "the wheel holds $member*"; else bad "the wheel has no $member"; fi
done
venv2=$work/venv-wheel
"$PYTHON" -m venv --system-site-packages "$venv2"
(cd "$outside" && "$venv2/bin/python" -m pip install --no-index --quiet "$wheel")
if (cd "$outside" && "$venv2/bin/python" "$tests/check_import.py" --expect-under "$venv2"); then
    ok "the wheel's package imports and plays from the venv alone"
else
    bad "the wheel's package"
fi

echo
if [ "$fails" -ne 0 ]; then
    echo "pip_install.sh: $fails check(s) failed"
    exit 1
fi
echo "pip_install.sh: all checks passed"
