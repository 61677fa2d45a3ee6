# SPDX-License-Identifier: MIT
"""The library loader (_lib.py): environment variable, version check, messages."""
import ctypes.util
import os
import subprocess
import sys
import unittest

import _support
import carcassonne
from carcassonne import _lib
from carcassonne.errors import LibraryError


def _run(code, **env):
    full = dict(os.environ)
    for var in ("CARCASSONNE_LIBRARY", "CARC_LIBRARY"):
        full.pop(var, None)
    full.update(env)
    full["PYTHONPATH"] = os.pathsep.join([_support.IMPORT_PATH, full.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full,
                          timeout=60)


class FakeLibrary:
    """Stands for a CDLL with another version."""

    def __init__(self, number):
        def carc_version_number():
            return number
        self.carc_version_number = carc_version_number
        self._name = f"fake-{number}"


class Loader(unittest.TestCase):
    def test_loaded_library(self):
        path = carcassonne.library_path()
        self.assertTrue(path)
        wanted = os.environ.get("CARCASSONNE_LIBRARY")
        if wanted:
            self.assertEqual(os.path.realpath(path), os.path.realpath(wanted))

    def test_bundled_library_first(self):
        # pip install / a wheel: setup.py puts the library inside the package,
        # and it is loaded before anything else without any variable.
        bundled = os.path.join(os.path.dirname(os.path.abspath(carcassonne.__file__)), _lib.SONAME)
        if not os.path.exists(bundled):
            self.skipTest("no library bundled in the package (not installed with pip)")
        result = _run("import carcassonne; print(carcassonne.library_path())")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(os.path.realpath(result.stdout.strip()), os.path.realpath(bundled))
        if not os.environ.get("CARCASSONNE_LIBRARY") and not os.environ.get("CARC_LIBRARY"):
            self.assertEqual(os.path.realpath(carcassonne.library_path()), os.path.realpath(bundled))

    def test_version_refused(self):
        for number in (0, 100, 107, 300, 10200, 10000, 1, 99):
            with self.subTest(number=number):
                with self.assertRaises(LibraryError) as cm:
                    _lib._check_version(FakeLibrary(number), "fake")
                text = str(cm.exception)
                self.assertIn("does not match", text)
                self.assertIn("0.2", text)
                self.assertIsInstance(cm.exception, ImportError)
        _lib._check_version(FakeLibrary(200), "0.2.0")
        _lib._check_version(FakeLibrary(207), "patch releases are fine")

    def test_env_var_missing_file(self):
        result = _run("import carcassonne", CARCASSONNE_LIBRARY="/nonexistent/libcarcassonne.so.0.2")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("LibraryError", result.stderr)
        self.assertIn("CARCASSONNE_LIBRARY=/nonexistent/libcarcassonne.so.0.2", result.stderr)

    def test_env_var_not_carcassonne(self):
        libc = ctypes.util.find_library("c")
        if not libc:
            self.skipTest("no libc found")
        result = _run("import carcassonne", CARCASSONNE_LIBRARY=libc)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("not libcarcassonne", result.stderr)

    def test_old_spelling(self):
        path = os.environ.get("CARCASSONNE_LIBRARY")
        if not path:
            self.skipTest("CARCASSONNE_LIBRARY not set")
        result = _run("import carcassonne; print(carcassonne.library_path())", CARC_LIBRARY=path)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), path)

    def test_not_found_message(self):
        # No variable, and an empty library search path: either some installed
        # copy is found (fine) or the message explains what to do.
        result = _run("import carcassonne; print(carcassonne.library_path())",
                      LD_LIBRARY_PATH="")
        if result.returncode != 0:
            self.assertIn("CARCASSONNE_LIBRARY", result.stderr)


if __name__ == "__main__":
    unittest.main()
