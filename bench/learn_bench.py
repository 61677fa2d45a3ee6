#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Steps per second of the vectorised learning environment from Python
(carcassonne.learn.VectorEnv), the counterpart of carc-learn-bench (C): a
batch of games (--batch, default 256), one thread, random legal actions
(VectorEnv.sample: carc_learn_vec_sample, the uniform random policy), every
step writing observations, masks, rewards, results, done flags and players
to move into the numpy arrays. Prints one line per run and the median;
with --c PATH also runs carc-learn-bench with the same arguments and prints
the ratio of the medians.

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build-rel/libcarc/libcarcassonne.so.0.2 \\
        /usr/bin/python3 bench/learn_bench.py --modules all --c build-rel/bench/carc-learn-bench

--sampler numpy draws the random legal actions in numpy from the masks
instead (one uniform number per game, the legal ids of each row found with
argmax over mask * random): what a Python program without the library's
sampler would pay.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time

import numpy as np

from carcassonne.learn import VectorEnv


def run(modules: str, batch: int, steps: int, seed: int, radius: int, sampler: str) -> float:
    opts = {"modules": modules} if modules else {}
    env = VectorEnv(batch, seed=seed, radius=radius or None, **opts)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    for _ in range(steps):
        if sampler == "numpy":
            actions = np.argmax(env.mask * rng.random(env.mask.shape, dtype=np.float32), axis=1)
        else:
            actions = env.sample()
        env.step(actions)
    secs = time.perf_counter() - start
    env.close()
    return steps * batch / secs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modules", default="", help="carc_modules_parse names ('all': every module)")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--steps", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--radius", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sampler", choices=("library", "numpy"), default="library")
    ap.add_argument("--c", help="carc-learn-bench, run with the same arguments for the ratio")
    args = ap.parse_args()
    rates = []
    for r in range(args.runs):
        rate = run(args.modules, args.batch, args.steps, args.seed + r * 1000003, args.radius, args.sampler)
        rates.append(rate)
        print(f"python modules={args.modules or 'base'} batch={args.batch} steps={args.steps * args.batch} "
              f"sampler={args.sampler} steps_per_sec={rate:.0f}", flush=True)
    median = statistics.median(rates)
    print(f"median steps_per_sec={median:.0f} ({args.runs} runs)")
    if args.c:
        out = subprocess.run([args.c, "--modules", args.modules, "--batch", str(args.batch), "--steps",
                              str(args.steps), "--runs", str(args.runs), "--radius", str(args.radius),
                              "--seed", str(args.seed)], check=True, capture_output=True, text=True).stdout
        c = float(re.search(r"median steps_per_sec=(\d+)", out).group(1))
        print(f"C median steps_per_sec={c:.0f}; Python/C = {median / c:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
