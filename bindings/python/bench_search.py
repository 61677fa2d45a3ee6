#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Playouts per second from Python (one call a playout, Playout.run) against
the same playouts in C, in one run.

Both sides play N playouts (carc_playout_run) of one policy from the start of
the game of --seed, with one runner, the playout seeds seed, seed+1, ...:
Python as ``runner.run(game, policy, seed=s)`` in a loop, C as
``carc-bench --playout POLICY --runs 1`` (bench/carc-bench.c, the same loop).
The two alternate for --rounds rounds (the machine is shared: a round of each
is taken close together), and the script prints every round, the medians and
the median of the rounds' ratios Python/C (1.0: Python runs its playouts at
the speed of C), in wall time and in CPU time (the process's own, for C that
of the child process: less disturbed by other load on the machine). It also
times a call that plays no move (a finished game): the binding's own cost.

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build-release/libcarc/libcarcassonne.so.0.2 \\
        python3 bindings/python/bench_search.py --carc-bench build-release/bench/carc-bench
"""
import argparse
import glob
import os
import re
import resource
import statistics
import subprocess
import sys
import time

import carcassonne
from carcassonne import Game, Playout


def python_playouts(n, players, seed, policy):
    """(wall seconds, CPU seconds, moves) of n playouts through the binding."""
    with Game(players=players, seed=seed) as game, Playout(game) as runner:
        run = runner.run
        run(game, policy, 0)  # warm up
        cpu = time.process_time()
        start = time.perf_counter()
        for s in range(seed, seed + n):
            run(game, policy, s)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        moves = 0
        for s in range(seed, seed + min(n, 50)):
            run(game, policy, s)
            moves += runner.last_moves
        return wall, cpu, moves / min(n, 50)


def call_overhead(n=20000):
    """Seconds a call of Playout.run costs when the C side has nothing to do
    (a finished game: no move to play)."""
    with Game(seed=1) as game, Playout(game) as runner:
        game.end()
        run = runner.run
        start = time.perf_counter()
        for s in range(n):
            run(game, "random", s)
        return (time.perf_counter() - start) / n


def c_playouts(program, n, players, seed, policy):
    """(wall seconds, CPU seconds, moves a playout) of the same playouts in C
    (carc-bench's own timing; CPU: the child's user + system time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([program, "--playout", policy, "--games", str(n), "--runs", "1",
                          "--players", str(players), "--seed", str(seed)], check=True,
                         capture_output=True, text=True, timeout=600).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    seconds = float(re.search(r"\bseconds=([0-9.]+)", out).group(1))
    moves = float(re.search(r"moves a playout ([0-9.]+)", out).group(1))
    return seconds, cpu, moves


def find_program(given):
    if given:
        return given
    if os.environ.get("CARCASSONNE_CARC_BENCH"):
        return os.environ["CARCASSONNE_CARC_BENCH"]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    for path in sorted(glob.glob(os.path.join(root, "build*", "bench", "carc-bench"))):
        if os.access(path, os.X_OK):
            return path
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=5000,
                        help="random playouts a round (default 5000; immediate: a tenth)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each (default 5)")
    parser.add_argument("--players", type=int, default=2, help="2..5 (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the game and the first playout seed (default 1)")
    parser.add_argument("--policy", default="random,immediate",
                        help="policies, comma-separated (default random,immediate)")
    parser.add_argument("--carc-bench",
                        help="bench/carc-bench (default: CARCASSONNE_CARC_BENCH, then build*/bench/)")
    args = parser.parse_args()
    program = find_program(args.carc_bench)
    if program is None:
        print("carc-bench not found (--carc-bench or CARCASSONNE_CARC_BENCH)", file=sys.stderr)
        return 2
    print(f"libcarcassonne {carcassonne.library_version()} ({carcassonne.library_path()}), "
          f"Python {sys.version.split()[0]}, C: {program} --playout")
    print(f"playouts from the start of game {args.seed}, {args.players} players, one runner")
    print(f"a call of Playout.run that plays no move (a finished game): "
          f"{call_overhead() * 1e6:.2f} us (the binding's own cost a playout)")
    for policy in args.policy.split(","):
        n = args.playouts if policy == "random" else max(1, args.playouts // 10)
        rows = []
        for r in range(args.rounds):
            c_wall, c_cpu, c_moves = c_playouts(program, n, args.players, args.seed, policy)
            py_wall, py_cpu, py_moves = python_playouts(n, args.players, args.seed, policy)
            rows.append((n / c_wall, n / py_wall, n / c_cpu, n / py_cpu))
            print(f"  {policy:9s} round {r + 1}: wall C {n / c_wall:8.1f}/s Python {n / py_wall:8.1f}/s "
                  f"Python/C {c_wall / py_wall:.3f} | CPU C {n / c_cpu:8.1f}/s Python "
                  f"{n / py_cpu:8.1f}/s Python/C {c_cpu / py_cpu:.3f} | moves a playout "
                  f"C {c_moves:.1f} Python {py_moves:.1f}", flush=True)
        med = [statistics.median(col) for col in zip(*rows)]
        wall_ratio = statistics.median(py / c for c, py, _, _ in rows)
        cpu_ratio = statistics.median(py / c for _, _, c, py in rows)
        print(f"{policy}: {n} playouts x {args.rounds} rounds, medians: wall C {med[0]:.1f} "
              f"playouts/s ({1e6 / med[0]:.1f} us), Python {med[1]:.1f}/s ({1e6 / med[1]:.1f} us), "
              f"Python/C {wall_ratio:.3f}; CPU C {med[2]:.1f}/s ({1e6 / med[2]:.1f} us), Python "
              f"{med[3]:.1f}/s ({1e6 / med[3]:.1f} us), Python/C {cpu_ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
