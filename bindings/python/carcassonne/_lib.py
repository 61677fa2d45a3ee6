# SPDX-License-Identifier: MIT
"""Find and load libcarcassonne.

Search order (the first library that loads *and* has the right version wins):

1. ``CARCASSONNE_LIBRARY`` (or its older spelling ``CARC_LIBRARY``): the path
   of the library file. When set, nothing else is tried: a wrong path or a
   wrong version is an error.
2. Next to the package:
   - the library bundled inside the package (``pip install``, a wheel:
     setup.py copies ``libcarcassonne.so.0.2`` into the package directory);
   - an installed copy (``cmake --install``) has ``_install_path.py``, generated
     by bindings/CMakeLists.txt, giving the library directory relative to the
     package directory;
   - the copy that the build puts in ``<build>/bindings/python`` has
     ``_build_path.py`` with the path of the library in that build tree.
3. The system loader: ``libcarcassonne.so.0.2`` (LD_LIBRARY_PATH, ldconfig
   cache), then ``ctypes.util.find_library("carcassonne")``.
4. A build tree beside the sources: ``build*/libcarc/libcarcassonne.so.0.2``
   in the directories above the package (for ``PYTHONPATH=bindings/python``).

The binding targets the ABI of version 0.2: a library whose
``carc_version_number()`` has another major/minor is refused, with a message.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
from typing import List, Optional, Tuple

from .errors import LibraryError

__all__ = ["TARGET_MAJOR", "TARGET_MINOR", "SONAME", "load", "library_path"]

#: The major/minor version (ABI) this binding is written for.
TARGET_MAJOR = 0
TARGET_MINOR = 2
#: Before 1.0 the SONAME carries MAJOR.MINOR (docs/conventions.md "Versions").
SONAME = f"libcarcassonne.so.{TARGET_MAJOR}.{TARGET_MINOR}"

ENV_VARS = ("CARCASSONNE_LIBRARY", "CARC_LIBRARY")

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))

_loaded: Optional[Tuple[ctypes.CDLL, str]] = None


def _version_of(lib: ctypes.CDLL) -> int:
    try:
        fn = lib.carc_version_number
    except AttributeError as exc:
        raise LibraryError(f"{lib._name}: not libcarcassonne (no carc_version_number)") from exc
    fn.argtypes = []
    fn.restype = ctypes.c_uint32
    return int(fn())


def _check_version(lib: ctypes.CDLL, where: str) -> None:
    number = _version_of(lib)
    major, minor, patch = number // 10000, number // 100 % 100, number % 100
    if (major, minor) != (TARGET_MAJOR, TARGET_MINOR):
        raise LibraryError(
            f"{where}: libcarcassonne {major}.{minor}.{patch} does not match this binding, "
            f"which targets {TARGET_MAJOR}.{TARGET_MINOR}.x (the ABI changes between minor "
            f"versions before 1.0); install the matching binding or point CARCASSONNE_LIBRARY "
            f"at a {TARGET_MAJOR}.{TARGET_MINOR} library")


def _open(path: str) -> ctypes.CDLL:
    return ctypes.CDLL(path, mode=getattr(os, "RTLD_LOCAL", 0))


def _package_candidates() -> List[str]:
    # The library bundled by setup.py (pip install, wheel) comes first.
    found = [os.path.join(_PACKAGE_DIR, SONAME)]
    try:
        from . import _install_path  # generated at install time
        libdir = os.path.normpath(os.path.join(_PACKAGE_DIR, _install_path.LIBDIR_RELATIVE))
        found.append(os.path.join(libdir, SONAME))
    except ImportError:
        pass
    try:
        from . import _build_path  # generated in the build tree
        found.append(_build_path.LIBRARY)
    except ImportError:
        pass
    # An install layout without the generated file: <libdir>/python3/site-packages/carcassonne
    for up in ("../..", "../../.."):
        found.append(os.path.normpath(os.path.join(_PACKAGE_DIR, up, SONAME)))
    return found


def _build_tree_candidates() -> List[str]:
    found = []
    directory = _PACKAGE_DIR
    for _ in range(5):
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
        # build/ first, then build-*/ in name order: a sanitizer tree (build-asan)
        # cannot be loaded into a plain interpreter, and loading it aborts
        trees = glob.glob(os.path.join(directory, "build*", "libcarc", SONAME))
        found.extend(sorted(trees, key=lambda p: (os.path.basename(os.path.dirname(os.path.dirname(p))) != "build", p)))
    return found


def load() -> Tuple[ctypes.CDLL, str]:
    """Load the library once; return (CDLL, how it was found)."""
    global _loaded
    if _loaded is not None:
        return _loaded
    for var in ENV_VARS:
        path = os.environ.get(var)
        if path:
            try:
                lib = _open(path)
            except OSError as exc:
                raise LibraryError(f"{var}={path}: cannot load the library: {exc}") from exc
            _check_version(lib, f"{var}={path}")
            _loaded = (lib, path)
            return _loaded

    tried: List[str] = []
    seen = set()

    def attempt(path: str, by_name: bool = False):
        if path in seen:
            return None
        seen.add(path)
        if not by_name and not os.path.exists(path):
            return None
        try:
            lib = _open(path)
        except OSError as exc:
            tried.append(f"{path}: {exc}")
            return None
        try:
            _check_version(lib, path)
        except LibraryError as exc:
            tried.append(str(exc))
            return None
        return lib

    for path in _package_candidates():
        lib = attempt(path)
        if lib is not None:
            _loaded = (lib, path)
            return _loaded
    for name in (SONAME, ctypes.util.find_library("carcassonne")):
        if name:
            lib = attempt(name, by_name=True)
            if lib is not None:
                _loaded = (lib, name)
                return _loaded
    for path in _build_tree_candidates():
        lib = attempt(path)
        if lib is not None:
            _loaded = (lib, path)
            return _loaded
    detail = "".join(f"\n  {t}" for t in tried)
    raise LibraryError(
        f"cannot find {SONAME}: set CARCASSONNE_LIBRARY to the library file "
        f"(e.g. build/libcarc/{SONAME}), install it (cmake --install) or add its directory "
        f"to LD_LIBRARY_PATH" + (f"; tried:{detail}" if detail else ""))


def library_path() -> str:
    """The library file (or name) that was loaded."""
    return load()[1]

