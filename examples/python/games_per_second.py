#!/usr/bin/env python3
"""How fast Python plays Carcassonne through the binding, and what the binding
costs per move compared with C.

Plays --games seeded random games (seeds 1..N) with the rule of
tools/carc-playout.c (splitmix64 over the legal moves), so every loop plays the
very same games. Three Python loops are timed:

  pythonic  game.legal_moves() (a list of Move objects) + game.play(move)
  lean      one MoveList reused: fill_legal(), len(), ml[i], game.play(move)
  ctypes    the raw C calls through the binding's internal _ffi module, no
            Python objects: the floor that ctypes itself costs

The C figure comes from carc-playout-bench (bindings/python/bench_playout.c,
built as <build>/bindings/carc-playout-bench), which plays the same games in
one C process: give it with --bench or CARCASSONNE_BENCH, or it is looked for
in ../../build*/bindings/. The Python overhead per move is the Python time per
move minus the C time per move.

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.1 \\
        python3 examples/python/games_per_second.py --games 300 --bench build/bindings/carc-playout-bench
"""
import argparse
import glob
import os
import subprocess
import sys
import time

import carcassonne

M64 = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def play_pythonic(seed, players):
    moves = 0
    with carcassonne.Game(players=players, seed=seed) as game:
        rng = seed ^ 0x5EED5EED5EED
        while not game.is_over:
            legal = game.legal_moves()
            rng, value = splitmix64(rng)
            game.play(legal[value % len(legal)])
            moves += 1
    return moves


def play_lean(seed, players):
    moves = 0
    with carcassonne.Game(players=players, seed=seed) as game, game.movelist() as ml:
        rng = seed ^ 0x5EED5EED5EED
        while not game.is_over:
            ml.fill_legal()
            rng, value = splitmix64(rng)
            game.play(ml[value % len(ml)])
            moves += 1
    return moves


def time_python(play, games, players):
    start = time.perf_counter()
    moves = sum(play(seed, players) for seed in range(1, games + 1))
    return time.perf_counter() - start, moves


def play_ctypes(seed, players):
    """The same game with the raw calls (internal API: for the measurement only)."""
    from ctypes import byref, c_bool
    from carcassonne import _ffi
    moves = 0
    with carcassonne.Game(players=players, seed=seed) as game, game.movelist() as ml:
        g, lst = game._ptr, ml._ptr
        over, move = c_bool(), _ffi.carc_move()
        rng = seed ^ 0x5EED5EED5EED
        legal, count, get, play = (_ffi.carc_game_legal_moves, _ffi.carc_movelist_count,
                                   _ffi.carc_movelist_get, _ffi.carc_game_play)
        is_over = _ffi.carc_game_is_over
        while True:
            is_over(byref(over), g)
            if over.value:
                break
            legal(lst, g, 0)
            rng, value = splitmix64(rng)
            get(byref(move), lst, value % count(lst))
            play(g, byref(move))
            moves += 1
    return moves


def find_bench(given):
    if given:
        return given
    env = os.environ.get("CARCASSONNE_BENCH")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    pattern = os.path.join(here, "..", "..", "build*", "bindings", "carc-playout-bench")
    for path in sorted(glob.glob(pattern)):
        if os.access(path, os.X_OK):
            return path
    return None


def time_c(bench, games, players):
    """(seconds, moves) of the same games played in C."""
    out = subprocess.run([bench, "--games", str(games), "--players", str(players)], check=True,
                         capture_output=True, text=True).stdout
    values = dict(line.split(None, 1) for line in out.splitlines() if line and ":" not in line)
    return float(values["seconds"]), int(values["moves"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    parser.add_argument("--players", type=int, default=2, help="2..5 (default 2)")
    parser.add_argument("--bench", help="the carc-playout-bench program, for the C figure")
    args = parser.parse_args()

    print(f"libcarcassonne {carcassonne.library_version()} ({carcassonne.library_path()}), "
          f"Python {sys.version.split()[0]}, {args.games} games of {args.players} players")
    results = {}
    for name, play in (("pythonic", play_pythonic), ("lean", play_lean), ("ctypes", play_ctypes)):
        play(1, args.players)  # warm up
        seconds, moves = time_python(play, args.games, args.players)
        results[name] = (seconds, moves)
        print(f"{name:9s} {args.games / seconds:9.1f} games per second, "
              f"{seconds / moves * 1e6:7.2f} us per move ({moves / args.games:.1f} moves a game)")

    bench = find_bench(args.bench)
    if bench is None:
        print("C figure: carc-playout-bench not found (give --bench or CARCASSONNE_BENCH)")
        return 0
    c_seconds, c_moves = time_c(bench, args.games, args.players)
    if c_moves != results["pythonic"][1]:
        print(f"warning: C played {c_moves} moves, Python {results['pythonic'][1]}")
    c_per_move = c_seconds / c_moves * 1e6
    print(f"{'C':9s} {args.games / c_seconds:9.1f} games per second, "
          f"{c_per_move:7.2f} us per move (carc-playout-bench)")
    for name, (seconds, moves) in results.items():
        per_move = seconds / moves * 1e6
        print(f"Python overhead per move ({name}): {per_move - c_per_move:.2f} us "
              f"({per_move / c_per_move:.1f}x the C time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
