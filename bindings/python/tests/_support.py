# SPDX-License-Identifier: MIT
"""Shared helpers of the binding's tests (imported first by every test module).

The tests run with `python3 -m unittest discover -s bindings/python/tests`;
ctest sets CARCASSONNE_LIBRARY and PYTHONPATH. Run by hand, this module puts
bindings/python on sys.path so that the sources are tested, unless a
`carcassonne` is importable already: tests/packaging/pip_install.sh runs them
against a package installed with pip, from outside the checkout.

Optional environment (ctest sets them; each test that needs one skips without it):
  CARCASSONNE_ABI_DUMP        the abi_dump program (enumerators, struct layouts)
  CARCASSONNE_PLAYOUT         tools/carc-playout
  CARCASSONNE_DEMO            examples/carc-demo
  CARCASSONNE_DICE_DEMO       examples/carc-dice-demo (the Dice Game)
  CARCASSONNE_REPO_SCENARIOS  the repository's scenarios (default: <repo>/tests/scenarios)
  CARCASSONNE_SYMBOLS         abi/carcassonne.symbols (default: <repo>/abi/carcassonne.symbols)
"""
import os
import sys

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
PACKAGE_PARENT = os.path.dirname(TESTS_DIR)           # bindings/python
REPO_ROOT = os.path.dirname(os.path.dirname(PACKAGE_PARENT))
DATA_DIR = os.path.join(TESTS_DIR, "data")

try:
    import carcassonne  # noqa: F401
except ModuleNotFoundError as exc:
    if exc.name != "carcassonne":
        raise
    sys.path.insert(0, PACKAGE_PARENT)
    import carcassonne  # noqa: F401,E402

#: The directory the package under test was imported from: bindings/python, a
#: build tree's copy, or site-packages of a pip install. Subprocesses (the
#: examples, the loader tests) get it as PYTHONPATH, so they test the same copy.
IMPORT_PATH = os.path.dirname(os.path.dirname(os.path.abspath(carcassonne.__file__)))


def env_path(var, default=None):
    """The path named by `var`, else `default`; None if it does not exist."""
    path = os.environ.get(var) or default
    return path if path and os.path.exists(path) else None


M64 = (1 << 64) - 1


def splitmix64(state):
    """(new state, value): the generator of tools/carc-playout.c."""
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def playout(seed, players=2, farmers=True, moves=None, modules="", observe=None):
    """Play the random game carc-playout plays for these arguments (`modules`:
    its --modules list, "river,abbot"); return the Game. A move is any legal
    answer to the pending decision. `observe(game, legal, move)`, if given, is
    called before each move is played (it must not change the game)."""
    game = carcassonne.Game(players=players, seed=seed, farmers=farmers, modules=modules)
    rng = seed ^ 0x5EED5EED5EED
    played = 0
    while not game.is_over and (moves is None or played < moves):
        legal = game.legal_moves()
        rng, value = splitmix64(rng)
        move = legal[value % len(legal)]
        if observe is not None:
            observe(game, legal, move)
        game.play(move)
        played += 1
    return game


def play_tile(game, text):
    """Draw the tile of the place move `text` ("D 1 0 90 road:E"; unless it is
    the current tile already) and play the move."""
    tile = text.split()[0]
    if game.current_tile != tile:
        game.choose_tile(tile)
    game.play(text)
