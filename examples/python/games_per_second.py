#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How fast Python plays Carcassonne through the binding, and what the binding
costs per move compared with C.

Every Python loop below plays exactly the games of a C program, so the times
compare move for move:

playout protocol (the games of tools/carc-playout: seeds 1..N, a random legal
move chosen with splitmix64 among carc_game_legal_moves):
  pythonic  game.legal_moves() (a list of Move objects) + game.play(move)
  lean      one MoveList reused: fill_legal(), len(), ml[i], game.play(move)
  ctypes    the raw C calls through the binding's internal _ffi module, no
            Python objects: what ctypes itself costs
  C         carc-playout-bench (bindings/python/bench_playout.c, built as
            <build>/bindings/carc-playout-bench): --bench or CARCASSONNE_BENCH

bench protocol (the games of bench/carc-bench: placements with unique
rotations, then figure options, each chosen uniformly with xorshift64*):
  pythonic  game.placements(unique_rotations=True) + game.figure_options() + play
  C         carc-bench --runs 1 --no-ops: --carc-bench or CARCASSONNE_CARC_BENCH

The programs are also looked for in ../../build*/. The Python overhead per
move is the Python time per move minus the C time per move of the same games
(it includes the pseudo-random generator written in Python).

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.2 \\
        python3 examples/python/games_per_second.py --games 300
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import time
from ctypes import byref, c_bool

import carcassonne

M64 = (1 << 64) - 1


# ---------------------------------------------------------------- playout


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def playout_pythonic(seed, players):
    moves = 0
    with carcassonne.Game(players=players, seed=seed) as game:
        rng = seed ^ 0x5EED5EED5EED
        while not game.is_over:
            legal = game.legal_moves()
            rng, value = splitmix64(rng)
            game.play(legal[value % len(legal)])
            moves += 1
    return moves


def playout_lean(seed, players):
    moves = 0
    with carcassonne.Game(players=players, seed=seed) as game, game.movelist() as ml:
        rng = seed ^ 0x5EED5EED5EED
        while not game.is_over:
            ml.fill_legal()
            rng, value = splitmix64(rng)
            game.play(ml[value % len(ml)])
            moves += 1
    return moves


def playout_ctypes(seed, players):
    """The same game with the raw calls (internal API: for the measurement only)."""
    from carcassonne import _ffi
    moves = 0
    with carcassonne.Game(players=players, seed=seed) as game, game.movelist() as ml:
        g, lst = game._ptr, ml._ptr
        over, move = c_bool(), _ffi.carc_move()
        legal, count, get = _ffi.carc_game_legal_moves, _ffi.carc_movelist_count, _ffi.carc_movelist_get
        play, is_over = _ffi.carc_game_play, _ffi.carc_game_is_over
        rng = seed ^ 0x5EED5EED5EED
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


def run_playouts(play, games, players):
    start = time.perf_counter()
    moves = sum(play(seed, players) for seed in range(1, games + 1))
    return time.perf_counter() - start, moves


# ------------------------------------------------------------------ bench


class XorShift64Star:
    """The generator and the pick() of bench/carc-bench.c."""

    def __init__(self, seed):
        self.state = (seed * 0x9E3779B97F4A7C15 + 1) & M64

    def pick(self, n):
        x = self.state
        x ^= x >> 12
        x = (x ^ (x << 25)) & M64
        x ^= x >> 27
        self.state = x
        return (((x * 0x2545F4914F6CDD1D) & M64) >> 32) * n >> 32


def run_bench_protocol(games, players, seed=1):
    """(seconds, turns, placements seen, mean score per player) of carc-bench's games."""
    rng = XorShift64Star(seed)
    turns = placements = score = 0
    start = time.perf_counter()
    for gi in range(games):
        with carcassonne.Game(players=players, seed=seed + gi) as game:
            while game.current_tile is not None:
                options = game.placements(unique_rotations=True)
                placement = options[rng.pick(len(options))]
                figures = game.figure_options(placement)
                game.play(figures[rng.pick(len(figures))])
                turns += 1
                placements += len(options)
            score += sum(game.scores)
    seconds = time.perf_counter() - start
    return seconds, turns, placements, score / (games * players)


# ---------------------------------------------------------- C programs


def find_program(given, env, *patterns):
    if given:
        return given
    if os.environ.get(env):
        return os.environ[env]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            if os.access(path, os.X_OK):
                return path
    return None


def c_playout(bench, games, players):
    """(seconds, moves) of the playout games played by carc-playout-bench."""
    out = subprocess.run([bench, "--games", str(games), "--players", str(players)], check=True,
                         capture_output=True, text=True, timeout=600).stdout
    values = dict(line.split(None, 1) for line in out.splitlines() if line and ":" not in line)
    return float(values["seconds"]), int(values["moves"])


def c_bench(program, games, players):
    """carc-bench's figures (dict of name -> float) for one run of the same games."""
    out = subprocess.run([program, "--games", str(games), "--players", str(players), "--seed", "1",
                          "--runs", "1", "--threads", "1", "--no-ops"], check=True,
                         capture_output=True, text=True, timeout=600).stdout
    first = out.splitlines()[0]
    return {k: float(v) for k, v in re.findall(r"(\w+)=([0-9.]+)", first)}


# ------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    parser.add_argument("--players", type=int, default=2, help="2..5 (default 2)")
    parser.add_argument("--bench", help="carc-playout-bench, the C figure of the playout protocol")
    parser.add_argument("--carc-bench", help="bench/carc-bench, the C figure of the bench protocol")
    args = parser.parse_args()
    games, players = args.games, args.players

    print(f"libcarcassonne {carcassonne.library_version()} ({carcassonne.library_path()}), "
          f"Python {sys.version.split()[0]}, {games} games of {players} players")

    def line(name, seconds, moves):
        print(f"  {name:9s} {games / seconds:10.1f} games per second {seconds / moves * 1e6:9.2f} "
              f"us per move")

    print("playout protocol (legal moves, splitmix64):")
    results = {}
    for name, play in (("pythonic", playout_pythonic), ("lean", playout_lean),
                       ("ctypes", playout_ctypes)):
        play(1, players)  # warm up
        results[name] = run_playouts(play, games, players)
        line(name, *results[name])
    bench = find_program(args.bench, "CARCASSONNE_BENCH", "build*/bindings/carc-playout-bench")
    if bench is None:
        print("  C         carc-playout-bench not found (--bench or CARCASSONNE_BENCH)")
    else:
        seconds, moves = c_playout(bench, games, players)
        if moves != results["pythonic"][1]:
            print(f"  warning: C played {moves} moves, Python {results['pythonic'][1]}")
        line("C", seconds, moves)
        c_us = seconds / moves * 1e6
        for name, (py_seconds, py_moves) in results.items():
            py_us = py_seconds / py_moves * 1e6
            print(f"  Python overhead per move ({name}): {py_us - c_us:.2f} us "
                  f"({py_us / c_us:.1f}x the C time)")

    print("bench protocol (placements, then figure options, xorshift64*):")
    seconds, turns, placements, mean = run_bench_protocol(games, players)
    line("pythonic", seconds, turns)
    program = find_program(args.carc_bench, "CARCASSONNE_CARC_BENCH", "build*/bench/carc-bench")
    if program is None:
        print("  C         carc-bench not found (--carc-bench or CARCASSONNE_CARC_BENCH)")
        return 0
    figures = c_bench(program, games, players)
    c_turns = figures["turns_per_game"] * games
    line("C", games / figures["games_per_sec"], c_turns)
    same = (abs(figures["turns_per_game"] - turns / games) < 0.01 and
            abs(figures["mean_score_per_player"] - mean) < 0.01)
    print(f"  same games as carc-bench: {'yes' if same else 'NO'} "
          f"(turns per game {turns / games:.2f}, mean score {mean:.2f})")
    c_us = 1e6 / (figures["games_per_sec"] * figures["turns_per_game"])
    py_us = seconds / turns * 1e6
    print(f"  Python overhead per move (pythonic): {py_us - c_us:.2f} us "
          f"({py_us / c_us:.1f}x the C time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
