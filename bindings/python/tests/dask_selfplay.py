# SPDX-License-Identifier: MIT
"""examples/python/selfplay_dask.py on a small LocalCluster (2 worker processes
of one thread): a few dozen games of MCTS against the library's immediate
policy and of MCTS against MCTS; the results, the records (they load back and
give the same scores; a game replayed here gives the same record, byte for
byte) and the --scheduler path of the script.

Not part of `unittest discover` (its name does not start with "test"): ctest
runs it on its own (python.dask, labels python and dask) with an interpreter
that has `distributed` (Debian: python3-distributed). Without it, it exits 77,
which ctest reports as skipped.
"""
import glob
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

import _support
import carcassonne

try:
    import distributed  # noqa: F401
except ImportError as exc:
    distributed = None
    MISSING = f"distributed is not importable ({exc}); Debian: apt-get install python3-distributed"

sys.path.insert(0, os.path.join(_support.REPO_ROOT, "examples", "python"))
if distributed is not None:
    import selfplay_dask  # noqa: E402

GAMES = 24


@unittest.skipIf(distributed is None, "distributed is not importable")
class SelfPlay(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client, cls.cluster = selfplay_dask.make_client(None, workers=2, threads=1)
        cls.tmp = tempfile.TemporaryDirectory(prefix="carc-dask-")

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.tmp.cleanup()

    def test_workers_load_their_own_library(self):
        libraries = self.client.run(selfplay_dask.worker_library)
        self.assertEqual(len(libraries), 2)
        pids = {text.rsplit(" ", 1)[1] for text in libraries.values()}
        self.assertEqual(len(pids), 2, libraries)
        self.assertNotIn(str(os.getpid()), pids)
        for text in libraries.values():
            self.assertTrue(text.startswith(carcassonne.library_version()), text)

    def test_mcts_against_immediate(self):
        out = os.path.join(self.tmp.name, "vs-immediate")
        bots = ["mcts:8", "immediate"]
        summary = selfplay_dask.selfplay(self.client, GAMES, bots, first_seed=1, records=out)
        self.assertEqual(summary["games"], GAMES)
        self.assertGreater(summary["games_per_second"], 0)
        results = summary["results"]
        self.assertEqual(sorted(results), list(range(1, GAMES + 1)))
        players = summary["players"]
        self.assertEqual(set(players), set(bots))
        self.assertAlmostEqual(sum(p["win_rate"] for p in players.values()), 1.0)
        # the records: one a game, each loads to a finished game with the scores sent back
        files = sorted(glob.glob(os.path.join(out, "seed-*.rec")))
        self.assertEqual(len(files), GAMES)
        mean = {b: 0.0 for b in bots}
        for path in files:
            seed = int(os.path.basename(path)[5:11])
            with open(path) as f, carcassonne.Game.load(f.read()) as game:
                self.assertTrue(game.is_over)
                self.assertEqual(game.scores, results[seed].scores, path)
                self.assertEqual(game.options.seed, seed)
                self.assertEqual(results[seed].seats, selfplay_dask.seats_for(bots, seed))
                for name, score in zip(results[seed].seats, game.scores):
                    mean[name] += score / GAMES
        for name in bots:
            self.assertAlmostEqual(players[name]["mean_score"], mean[name])
        with open(os.path.join(out, "results.jsonl")) as f:
            lines = [json.loads(line) for line in f]
        self.assertEqual(sorted(r["seed"] for r in lines), list(range(1, GAMES + 1)))
        for line in lines:
            self.assertEqual(line["scores"], results[line["seed"]].scores)
        # a game replayed here, in this process, is the same game, byte for byte
        for seed in (1, 2):
            again = selfplay_dask.play_one(seed, bots)
            with open(os.path.join(out, f"seed-{seed:06d}.rec")) as f:
                self.assertEqual(again.record, f.read())
            self.assertEqual(again.scores, results[seed].scores)

    def test_mcts_against_mcts_with_records_in_memory(self):
        bots = ["mcts:4", "mcts:4"]
        summary = selfplay_dask.selfplay(self.client, 8, bots, first_seed=100)
        self.assertEqual(set(summary["players"]), {"mcts:4#0", "mcts:4#1"})
        for seed, result in summary["results"].items():
            with carcassonne.Game.load(result.record) as game:
                self.assertEqual(game.scores, result.scores)
                self.assertEqual(game.players, 2)

    def test_the_script_on_a_running_scheduler(self):
        out = os.path.join(self.tmp.name, "script")
        text = io.StringIO()
        with redirect_stdout(text):
            code = selfplay_dask.main(["--scheduler", self.cluster.scheduler_address,
                                       "--games", "6", "--bots", "random,immediate", "--seed", "7",
                                       "--records", out, "--json"])
        self.assertEqual(code, 0)
        summary = json.loads(text.getvalue().splitlines()[-1])
        self.assertEqual(summary["games"], 6)
        self.assertEqual(summary["workers"], 2)
        self.assertEqual(set(summary["players"]), {"random", "immediate"})
        self.assertEqual(len(glob.glob(os.path.join(out, "seed-*.rec"))), 6)

    def test_a_bad_player_name_fails_before_the_games(self):
        with self.assertRaises(ValueError):
            selfplay_dask.main(["--scheduler", self.cluster.scheduler_address, "--bots", "minimax"])


if __name__ == "__main__":
    if distributed is None:
        print(f"skipped: {MISSING}")
        sys.exit(77)
    unittest.main(verbosity=2)
