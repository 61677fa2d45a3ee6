#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-play at scale: thousands of games between MCTS players (or MCTS and
the library's bots) in parallel with Dask distributed, their records and
results collected.

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.2 \\
        /usr/bin/python3 examples/python/selfplay_dask.py --games 2000 --workers 2 --records out/

runs a LocalCluster of 2 worker processes of one thread each on this machine
(with an interpreter that has dask.distributed: on Debian, python3-distributed
for /usr/bin/python3).
The same code runs on a real cluster: start `dask-scheduler` somewhere and
`dask-worker tcp://host:8786 --nthreads 1` on each machine (each with the
binding and the library installed, and CARCASSONNE_LIBRARY set if they are
not where the binding looks), then

    python3 examples/python/selfplay_dask.py --scheduler tcp://host:8786 --games 100000

(mcts.py and this file are sent to the workers with Client.upload_file; every
worker reports its library version before the games start).

One task plays one game (play_one: seed -> seed, scores, record text, seats);
`--bots mcts:32,immediate` names the players (mcts:N is mcts.py's searcher with N
iterations a move; immediate and random are the library's policies). The seats
rotate with the seed, so each player sits in each seat equally often. Results
arrive as they complete (as_completed); the records go to DIR/seed-NNNNNN.rec
and every result to DIR/results.jsonl. Printed at the end: games/s, each
player's win rate (a shared first place counts 1/k) and mean score.

Thread-safety rules this relies on (from the C library's documentation):
- the library has no global mutable state: each worker process loads its own
  copy and plays its own games; nothing is shared between processes but the
  seeds going out and the results coming back (a record is text);
- a game, a move list and a playout runner are used by one thread at a time:
  play_one makes its own game and its bots make their own runners, so a
  worker with several threads (--threads) runs several games at once safely;
  the rulesets the library shares between games are read-only (one atomic
  slot when a game is created); a playout only reads its game, so threads
  with a runner each may also play out one game nobody changes;
- ctypes releases the GIL during each C call, so with several threads the C
  playouts overlap, but the tree walk of mcts.py is Python and holds it:
  one thread a process (the default) scales best.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from typing import Dict, List, NamedTuple, Optional, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import mcts  # noqa: E402  (examples/python/mcts.py)


class Result(NamedTuple):
    """What one game sends back: its seed, the scores in seat order, the
    record (carc_game_save) and who sat where (the --bots names)."""
    seed: int
    scores: List[int]
    record: str
    seats: List[str]


def seats_for(bots: Sequence[str], seed: int) -> List[str]:
    """The players in seat order for game `seed`: `bots` rotated by the seed."""
    k = seed % len(bots)
    return list(bots[k:]) + list(bots[:k])


def play_one(seed: int, bots: Sequence[str] = ("mcts:32", "immediate"), modules: str = "") -> Result:
    """Play game `seed` (the tile order and every player's generator derive
    from it: the same seed gives the same game, byte for byte) and return its
    Result. Runs on a worker: everything it uses is made here."""
    seats = seats_for(bots, seed)
    players = [mcts.make_bot(spec, seed=seed * 7919 + p) for p, spec in enumerate(seats)]
    try:
        with mcts.play_game(players, seed, modules) as game:
            return Result(seed, game.scores, game.save(), seats)
    finally:
        for bot in players:
            bot.close()


def labels(bots: Sequence[str]) -> List[str]:
    """Names that tell the players apart: "mcts:32", or "mcts:32#1" when a
    name is there twice."""
    return [f"{b}#{i}" if bots.count(b) > 1 else b for i, b in enumerate(bots)]


class Tally:
    """Win rates and mean scores by player name."""

    def __init__(self, bots: Sequence[str]):
        self.names = labels(bots)
        self.games = 0
        self.wins: Dict[str, float] = defaultdict(float)
        self.points: Dict[str, int] = defaultdict(int)

    def add(self, result: Result) -> None:
        self.games += 1
        # the seats of the seed, named as in --bots (a rotation keeps duplicates apart)
        k = result.seed % len(self.names)
        names = self.names[k:] + self.names[:k]
        best = max(result.scores)
        leaders = [n for n, s in zip(names, result.scores) if s == best]
        for name, score in zip(names, result.scores):
            self.points[name] += score
            if score == best:
                self.wins[name] += 1.0 / len(leaders)

    def summary(self) -> Dict[str, Dict[str, float]]:
        n = max(self.games, 1)
        return {name: {"win_rate": self.wins[name] / n, "mean_score": self.points[name] / n}
                for name in self.names}


def make_client(scheduler: Optional[str], workers: int, threads: int):
    """A Client of the cluster at `scheduler`, or of a new LocalCluster of
    `workers` processes with `threads` threads each. Returns (client, cluster
    or None)."""
    from distributed import Client, LocalCluster
    if scheduler:
        client = Client(scheduler)
        for name in ("mcts.py", "selfplay_dask.py"):
            client.upload_file(os.path.join(HERE, name))
        return client, None
    import carcassonne
    # The workers are new processes: they find mcts.py, this file and the
    # binding on PYTHONPATH, the library as the binding finds it (the
    # environment, CARCASSONNE_LIBRARY included, is inherited).
    path = [HERE, os.path.dirname(os.path.dirname(os.path.abspath(carcassonne.__file__)))]
    if os.environ.get("PYTHONPATH"):
        path.append(os.environ["PYTHONPATH"])
    cluster = LocalCluster(n_workers=workers, threads_per_worker=threads, processes=True,
                           dashboard_address=None, scheduler_port=0,
                           env={"PYTHONPATH": os.pathsep.join(path)})
    return Client(cluster), cluster


def worker_library(_=None) -> str:
    """Run on each worker: which library it loaded (each process loads its own)."""
    import carcassonne
    return f"{carcassonne.library_version()} {carcassonne.library_path()} pid {os.getpid()}"


def selfplay(client, games: int, bots: Sequence[str], first_seed: int = 1, modules: str = "",
             records: Optional[str] = None, progress: bool = False) -> dict:
    """Play `games` games (seeds first_seed..) on the cluster of `client`;
    write the records and results.jsonl under `records` if given. Returns a
    summary: games, seconds, games_per_second, players (win_rate,
    mean_score by name), results (the Results, by seed, without records when
    they were written)."""
    from distributed import as_completed
    if records:
        os.makedirs(records, exist_ok=True)
    tally = Tally(bots)
    seeds = range(first_seed, first_seed + games)
    start = time.perf_counter()
    futures = client.map(play_one, seeds, bots=list(bots), modules=modules, pure=False)
    results = {}
    log = open(os.path.join(records, "results.jsonl"), "w") if records else None
    try:
        for done, (future, result) in enumerate(as_completed(futures, with_results=True), 1):
            result = Result(*result)
            tally.add(result)
            if log is not None:
                with open(os.path.join(records, f"seed-{result.seed:06d}.rec"), "w") as f:
                    f.write(result.record)
                log.write(json.dumps({"seed": result.seed, "seats": result.seats,
                                      "scores": result.scores}) + "\n")
                result = result._replace(record="")
            results[result.seed] = result
            future.release()
            if progress and done % max(1, games // 20) == 0:
                rate = done / (time.perf_counter() - start)
                print(f"  {done}/{games} games, {rate:.1f} games/s", flush=True)
    finally:
        if log is not None:
            log.close()
    seconds = time.perf_counter() - start
    return {"games": games, "seconds": seconds, "games_per_second": games / seconds,
            "players": tally.summary(), "results": results}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games (default 2000)")
    parser.add_argument("--bots", default="mcts:32,immediate",
                        help="the players, comma-separated: mcts:N[:immediate], immediate, random "
                             "(default mcts:32,immediate)")
    parser.add_argument("--modules", default="", help="rules modules (default: the base game)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (default 2)")
    parser.add_argument("--threads", type=int, default=1, help="threads a worker (default 1)")
    parser.add_argument("--scheduler", help="a running scheduler (tcp://host:port) instead of a LocalCluster")
    parser.add_argument("--records", metavar="DIR", help="write the records and results.jsonl here")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for spec in bots:
        mcts.make_bot(spec).close()  # a bad name fails here, not on the workers
    client, cluster = make_client(args.scheduler, args.workers, args.threads)
    try:
        libraries = client.run(worker_library)
        where = args.scheduler or f"LocalCluster of {args.workers} x {args.threads} thread(s)"
        print(f"{len(libraries)} workers ({where}):")
        for address, text in sorted(libraries.items()):
            print(f"  {address}: libcarcassonne {text}")
        summary = selfplay(client, args.games, bots, args.seed, args.modules, args.records,
                           progress=not args.json)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    summary.pop("results")
    summary["workers"] = len(libraries)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games in {summary['seconds']:.1f} s: "
          f"{summary['games_per_second']:.2f} games/s with {len(libraries)} workers")
    for name, stats in summary["players"].items():
        print(f"  {name:16s} win rate {stats['win_rate']:6.1%}  mean score {stats['mean_score']:.1f}")
    if args.records:
        print(f"records and results.jsonl in {args.records}")
    return 0


if __name__ == "__main__":
    # Run the importable module, not __main__: the workers import play_one and
    # Result by name (cloudpickle would otherwise send them by value, and a
    # NamedTuple class made on the fly does not unpickle).
    import selfplay_dask
    sys.exit(selfplay_dask.main())
