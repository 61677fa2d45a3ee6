# SPDX-License-Identifier: MIT
"""Packaging of the carcassonne Python binding (see "Installing with pip" in
README.md).

The package is pure Python (ctypes), but it needs libcarcassonne: building
the package builds the C library from this checkout with CMake (the library
target only, in a temporary directory, CARC_BUILD_TESTS=OFF, stripped) and
puts libcarcassonne.so.<SOVERSION> inside the package, where
carcassonne/_lib.py looks first. So the wheel is platform-specific
(py3-none-<platform>: no Python extension, any Python 3.8+).

The C sources are found, in this order: $CARCASSONNE_SOURCE_DIR; _csrc/ beside
this file (an sdist made by this setup.py carries them there); the checkout
two levels up (this file is bindings/python/setup.py).

The version is read from the project's one version source, project(VERSION)
in the top CMakeLists.txt, and written into the package as _version.py.

    python3 -m pip install --no-build-isolation ./bindings/python
    python3 -m build --wheel --no-isolation bindings/python
"""
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

from setuptools import setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist
from setuptools.dist import Distribution

try:  # setuptools >= 70.1 has its own; before, the wheel package's
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel as _bdist_wheel
    except ImportError:  # no wheel package: no bdist_wheel (pip needs it anyway)
        _bdist_wheel = None

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "carcassonne"
LIBRARY_PREFIX = "libcarcassonne.so"
# What an sdist carries of the checkout to build the library (in _csrc/).
C_SOURCES = ("CMakeLists.txt", "cmake", "include", "libcarc")
LICENSE_NAMES = ("LICENSE", "LICENSE.md", "LICENSE.txt", "COPYING")
BUILD_TYPE = "RelWithDebInfo"  # the project's default and tested build type


def fail(message):
    sys.exit(f"error: carcassonne setup.py: {message}")


def is_source_root(path):
    """True if `path` holds the libcarcassonne C sources (top CMakeLists.txt
    with project(carcassonne ...) and libcarc/)."""
    listfile = os.path.join(path, "CMakeLists.txt")
    if not (os.path.isfile(listfile) and os.path.isdir(os.path.join(path, "libcarc"))):
        return False
    with open(listfile, encoding="utf-8") as f:
        return re.search(r"^\s*project\(\s*carcassonne\b", f.read(), re.M) is not None


def source_root():
    override = os.environ.get("CARCASSONNE_SOURCE_DIR")
    if override:
        if not is_source_root(override):
            fail(f"CARCASSONNE_SOURCE_DIR={override} does not hold the libcarcassonne sources "
                 f"(CMakeLists.txt with project(carcassonne ...) and libcarc/)")
        return os.path.abspath(override)
    candidates = [os.path.join(HERE, "_csrc"), os.path.normpath(os.path.join(HERE, "..", ".."))]
    for path in candidates:
        if is_source_root(path):
            return path
    fail("cannot find the libcarcassonne C sources (the top CMakeLists.txt with "
         "project(carcassonne ...) and libcarc/); looked in " + " and ".join(candidates) + ".\n"
         "The package builds the C library from the repository it sits in: install it from a "
         "checkout, in place (python3 -m pip install --no-build-isolation ./bindings/python, with "
         "pip 21.3 or later; an older pip copies the directory away from the sources), from an "
         "sdist made by this setup.py, or set CARCASSONNE_SOURCE_DIR to the top of a checkout.")


def project_version(root):
    """project(carcassonne VERSION x.y.z) of the top CMakeLists.txt."""
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        match = re.search(r"^\s*project\(\s*carcassonne\s+VERSION\s+([0-9]+\.[0-9]+\.[0-9]+)\b",
                          f.read(), re.M)
    if not match:
        fail(f"no 'project(carcassonne VERSION x.y.z' in {root}/CMakeLists.txt")
    return match.group(1)


def binding_target():
    """(TARGET_MAJOR, TARGET_MINOR) of carcassonne/_lib.py: the ABI the binding is written for."""
    with open(os.path.join(HERE, PACKAGE, "_lib.py"), encoding="utf-8") as f:
        text = f.read()
    found = [re.search(rf"^TARGET_{what}\s*=\s*([0-9]+)\s*$", text, re.M) for what in ("MAJOR", "MINOR")]
    if not all(found):
        fail("no TARGET_MAJOR/TARGET_MINOR in carcassonne/_lib.py")
    return tuple(int(m.group(1)) for m in found)


ROOT = source_root()
VERSION = project_version(ROOT)
if tuple(int(x) for x in VERSION.split(".")[:2]) != binding_target():
    fail("the C sources are version {} but the binding (carcassonne/_lib.py) targets {}.{}: "
         "update TARGET_MAJOR/TARGET_MINOR with the binding".format(VERSION, *binding_target()))


def run(command):
    print("+ " + " ".join(command), flush=True)
    try:
        subprocess.run(command, check=True)
    except OSError as exc:
        fail(f"cannot run {command[0]}: {exc}")
    except subprocess.CalledProcessError as exc:
        fail(f"{' '.join(command)} failed (exit {exc.returncode}); its output is above")


def build_library(dest):
    """Build the library target with CMake in a temporary directory, install
    its runtime component (the library and its SONAME link, stripped) into a
    staging prefix, and copy the library into `dest` under its SONAME.
    Return that name."""
    cmake = shutil.which("cmake")
    if not cmake:
        fail("cmake not found: building the package builds libcarcassonne with CMake 3.16 or "
             "later and a C11 compiler (Debian: apt-get install cmake gcc make)")
    with tempfile.TemporaryDirectory(prefix="carcassonne-build-") as tmp:
        build = os.path.join(tmp, "build")
        stage = os.path.join(tmp, "stage")
        run([cmake, "-S", ROOT, "-B", build, f"-DCMAKE_BUILD_TYPE={BUILD_TYPE}",
             "-DCARC_BUILD_TESTS=OFF", "-DCMAKE_INSTALL_LIBDIR=lib"])
        parallel = ["--parallel"]
        if not os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL"):
            parallel.append(str(os.cpu_count() or 2))
        run([cmake, "--build", build, "--config", BUILD_TYPE, "--target", "carcassonne"] + parallel)
        run([cmake, "--install", build, "--config", BUILD_TYPE, "--component", "runtime",
             "--strip", "--prefix", stage])
        libdir = os.path.join(stage, "lib")
        # The runtime component is the library file and its SONAME link.
        links = sorted(n for n in os.listdir(libdir)
                       if n.startswith(LIBRARY_PREFIX) and os.path.islink(os.path.join(libdir, n)))
        if len(links) != 1:
            fail(f"expected the library and one SONAME link in {libdir}, found {os.listdir(libdir)}")
        soname = links[0]
        target = os.path.join(dest, soname)
        # A wheel holds no symbolic links: the file itself, under its SONAME.
        shutil.copyfile(os.path.realpath(os.path.join(libdir, soname)), target)
        os.chmod(target, os.stat(target).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return soname


class build_py(_build_py):
    """The Python modules, then the bundled library, _version.py and the licence."""

    def run(self):
        dest = os.path.join(self.build_lib, PACKAGE)
        if not self.dry_run:  # nothing of an earlier build (a module since removed, a library)
            shutil.rmtree(dest, ignore_errors=True)
        super().run()
        if self.dry_run:
            return
        if getattr(self, "editable_mode", False):
            print("carcassonne: editable install, no library bundled: the sources find a "
                  "build*/ tree of the checkout or CARCASSONNE_LIBRARY (see README.md)")
            return
        os.makedirs(dest, exist_ok=True)
        soname = build_library(dest)
        print(f"carcassonne: bundled {soname} (version {VERSION}) into {dest}")
        with open(os.path.join(dest, "_version.py"), "w", encoding="utf-8") as f:
            f.write("# Generated by setup.py from project(VERSION) of the top CMakeLists.txt.\n"
                    f'VERSION = "{VERSION}"\n')
        for name in LICENSE_NAMES:
            if os.path.isfile(os.path.join(ROOT, name)):
                shutil.copyfile(os.path.join(ROOT, name), os.path.join(dest, "LICENSE"))
                break


class sdist(_sdist):
    """An sdist carries the C sources in _csrc/, so that a wheel builds from it."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        dest = os.path.join(base_dir, "_csrc")
        for name in C_SOURCES + LICENSE_NAMES:
            source = os.path.join(ROOT, name)
            if os.path.isdir(source):
                shutil.copytree(source, os.path.join(dest, name),
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif os.path.isfile(source):
                os.makedirs(dest, exist_ok=True)
                shutil.copyfile(source, os.path.join(dest, name))


class BinaryDistribution(Distribution):
    """The package holds a shared library: not a pure-Python distribution."""

    def has_ext_modules(self):
        return True


commands = {"build_py": build_py, "sdist": sdist}
if _bdist_wheel is not None:
    class bdist_wheel(_bdist_wheel):
        """Tag py3-none-<platform>: a native library, but no Python extension."""

        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            _, _, platform = super().get_tag()
            return "py3", "none", platform

    commands["bdist_wheel"] = bdist_wheel

with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
    long_description = f.read()

setup(
    name="carcassonne",
    version=VERSION,
    description="Python binding (ctypes) of libcarcassonne, a Carcassonne rules engine",
    long_description=long_description,
    long_description_content_type="text/markdown",
    license="MIT",
    packages=[PACKAGE],
    python_requires=">=3.8",
    # carcassonne.learn (the learning environment as numpy arrays) needs numpy
    extras_require={"learn": ["numpy"]},
    zip_safe=False,
    distclass=BinaryDistribution,
    cmdclass=commands,
    classifiers=[
        "License :: OSI Approved :: MIT License",
        "Operating System :: POSIX :: Linux",
        "Programming Language :: C",
        "Programming Language :: Python :: 3",
        "Topic :: Games/Entertainment :: Board Games",
    ],
)
