# SPDX-License-Identifier: MIT
"""Import the carcassonne package from PYTHONPATH, play a short seeded game
and check which library file was loaded. Used by the ctest tests
python.build-tree and python.install (not a unittest module).

    check_import.py [--expect-library FILE] [--expect-under DIR]
"""
import argparse
import os
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--expect-library", help="the library file that must be loaded")
    parser.add_argument("--expect-under", help="a directory the package and library must be in")
    args = parser.parse_args()

    import carcassonne

    loaded = carcassonne.library_path()
    print(f"package: {os.path.dirname(carcassonne.__file__)}")
    print(f"library: {loaded} ({carcassonne.library_version()})")
    ok = True
    if args.expect_library and os.path.realpath(loaded) != os.path.realpath(args.expect_library):
        print(f"FAIL: expected the library {args.expect_library}")
        ok = False
    if args.expect_under:
        root = os.path.realpath(args.expect_under) + os.sep
        for what, path in (("package", carcassonne.__file__), ("library", loaded)):
            if not os.path.realpath(path).startswith(root):
                print(f"FAIL: the {what} {path} is not under {args.expect_under}")
                ok = False
    with carcassonne.Game(players=2, seed=3) as game:
        for _ in range(10):
            game.play(game.legal_moves()[0])
        print(f"scores after 10 moves: {game.scores}")
    print("ok" if ok else "failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
