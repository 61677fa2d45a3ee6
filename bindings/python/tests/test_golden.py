"""Seeded games through Python give what the C programs give.

- data/*.rec were written by carc-demo and carc-playout; golden.json holds the
  final state the C side printed. Each record is loaded (Game.load) and also
  replayed move by move through choose_tile/play/end, and must reach it.
- The carc-playout records are played again from the seed alone in Python,
  with the same random rule as tools/carc-playout.c; the saved record must
  hold the same options and history (the seed drives the same draws through
  the binding). Against a carc-playout run now, the records must be
  byte-identical.
- With CARCASSONNE_PLAYOUT / CARCASSONNE_DEMO (set by ctest) the C programs are
  also run now, so the comparison follows the library as it changes.
"""
import json
import os
import re
import subprocess
import tempfile
import unittest

import _support
from carcassonne import Game, HistoryKind


def _golden():
    with open(os.path.join(_support.DATA_DIR, "golden.json")) as f:
        return json.load(f)["records"]


def _read(name):
    with open(os.path.join(_support.DATA_DIR, name)) as f:
        return f.read()


def replay_by_hand(text):
    """Replay a record with the public calls only (no carc_game_load)."""
    header, body = {}, []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] in ("players", "seed", "modules", "start"):
            header[words[0]] = words[1:]
        elif words[0] in ("place", "discard", "end", "pass", "exit", "quarter", "count"):
            body.append(words)
    modules = [m for m in header.get("modules", ["farmers"]) if m != "-"]
    if "farmers" not in modules:
        modules.append("-farmers")
    start = header.get("start", ["D", "0", "0", "0"])
    game = Game(players=int(header["players"][0]), seed=int(header["seed"][0]),
                modules=modules, start_tile=start[0],
                start=(int(start[1]), int(start[2])), start_rotation=int(start[3]) // 90)
    for words in body:
        if words[0] == "end":
            game.end()
            continue
        if words[0] != "place" and words[0] != "discard":
            game.play(" ".join(words))  # a decision that places no tile (pass, the Count's)
            continue
        if game.current_tile != words[1]:
            game.choose_tile(words[1])
        if words[0] == "place":
            game.play(" ".join(words[1:]))
    return game


def record_items(text):
    """The lines of a record that say what happened (options and history),
    so that committed records still compare if the writer adds other lines."""
    keep = ("players", "seed", "modules", "start", "place", "discard", "end", "pass", "exit",
            "quarter", "count")
    return [" ".join(line.split()) for line in text.splitlines()
            if line.split() and line.split()[0] in keep]


def check_state(test, game, golden):
    test.assertEqual(game.scores, golden["scores"])
    test.assertEqual(game.supply, golden["supply"])
    if "abbots" in golden:
        test.assertEqual(game.supplies("abbot"), golden["abbots"])
    test.assertEqual(game.is_over, golden["over"])
    test.assertEqual(game.winners, golden["winners"])


class GoldenRecords(unittest.TestCase):
    def test_load(self):
        for golden in _golden():
            with self.subTest(record=golden["file"]):
                text = _read(golden["file"])
                with Game.load(text) as game:
                    check_state(self, game, golden)
                    saved = game.save()
                    self.assertEqual(record_items(saved), record_items(text))
                    with Game.load(saved) as again:
                        self.assertEqual(again.save(), saved, "save(load(save)) is stable")

    def test_replay_move_by_move(self):
        for golden in _golden():
            with self.subTest(record=golden["file"]):
                text = _read(golden["file"])
                with replay_by_hand(text) as game:
                    check_state(self, game, golden)
                    self.assertEqual(record_items(game.save()), record_items(text))

    def test_playout_from_seed(self):
        for golden in _golden():
            spec = golden.get("playout")
            if spec is None:
                continue
            with self.subTest(record=golden["file"]):
                with _support.playout(spec["seed"], spec["players"], spec["farmers"],
                                      spec.get("moves"), spec.get("modules", "")) as game:
                    check_state(self, game, golden)
                    self.assertEqual(record_items(game.save()), record_items(_read(golden["file"])))

    def test_undo_everything(self):
        text = _read("playout-seed144-2p-discard.rec")
        with Game.load(text) as game:
            self.assertTrue(any(h.kind == HistoryKind.DISCARD for h in game.history))
            fresh = Game(players=2, seed=144)
            while game.can_undo:
                game.undo()
            self.assertEqual(game.save(), fresh.save())
            self.assertEqual(game.scores, [0, 0])
            self.assertEqual(game.supply, [7, 7])
            fresh.close()


class AgainstCPrograms(unittest.TestCase):
    def test_carc_playout(self):
        program = _support.env_path("CARCASSONNE_PLAYOUT")
        if program is None:
            self.skipTest("CARCASSONNE_PLAYOUT not set (ctest sets it)")
        for seed, players, farmers, moves, modules in (
                (1, 2, True, None, ""), (2, 3, True, None, ""), (3, 5, False, None, ""),
                (144, 2, True, None, ""), (77, 4, True, 25, ""), (12, 2, True, 0, ""),
                # the River and the Abbot: abbots on monasteries and gardens, recalls
                (1, 3, True, None, "river,abbot"), (8, 2, True, None, "river,abbot"),
                (21, 5, True, None, "river,abbot"), (4, 4, False, None, "river,abbot"),
                (6, 2, True, None, "river"), (7, 3, True, None, "abbot"),
                (30, 2, True, 14, "river,abbot")):
            with self.subTest(seed=seed, players=players, farmers=farmers, moves=moves,
                              modules=modules):
                args = [program, "--seed", str(seed), "--players", str(players)]
                if modules:
                    args += ["--modules", modules]
                if not farmers:
                    args.append("--no-farmers")
                if moves is not None:
                    args += ["--moves", str(moves)]
                run = subprocess.run(args, capture_output=True, text=True, timeout=60)
                if modules and run.returncode == 2 and "usage" in run.stderr:
                    self.skipTest("this carc-playout has no --modules")
                self.assertEqual(run.returncode, 0, run.stderr)
                expected = run.stdout
                with _support.playout(seed, players, farmers, moves, modules) as game:
                    saved = game.save()
                    self.assertEqual(saved, expected)
                    # and the C record replayed in Python: the same scores, supplies, abbots
                    with Game.load(expected) as loaded, replay_by_hand(expected) as by_hand:
                        for other in (loaded, by_hand):
                            self.assertEqual(other.scores, game.scores)
                            self.assertEqual(other.supply, game.supply)
                            self.assertEqual(other.supplies("abbot"), game.supplies("abbot"))
                            self.assertEqual([str(e) for e in other.events],
                                             [str(e) for e in game.events])

    def test_carc_demo(self):
        program = _support.env_path("CARCASSONNE_DEMO")
        if program is None:
            self.skipTest("CARCASSONNE_DEMO not set (ctest sets it)")
        with tempfile.TemporaryDirectory() as tmp:
            for seed, players, bot in ((7, 3, "greedy"), (11, 5, "greedy"), (3, 2, "random"),
                                       (8, 4, "random")):
                with self.subTest(seed=seed, players=players, bot=bot):
                    record = os.path.join(tmp, f"demo-{seed}.rec")
                    out = subprocess.run([program, "--seed", str(seed), "--players", str(players),
                                          "--bot", bot, "--quiet", "--record", record],
                                         check=True, capture_output=True, text=True,
                                         timeout=120).stdout
                    scores = [int(s) for s in re.findall(r"^\s*P\d+\s+(-?\d+) points", out, re.M)]
                    supply = [int(s) for s in re.findall(r"\((\d+) followers? in supply\)", out)]
                    self.assertEqual(len(scores), players, out)
                    winners = [int(w) for w in re.findall(r"P(\d+)",
                                                          out.split("Winner", 1)[1])] \
                        if "Winner" in out else None
                    with open(record) as f:
                        text = f.read()
                    for game in (Game.load(text), replay_by_hand(text)):
                        with game:
                            self.assertEqual(game.scores, scores)
                            if len(supply) == players:
                                self.assertEqual(game.supply, supply)
                            self.assertTrue(game.is_over)
                            if winners is not None:
                                self.assertEqual(game.winners, winners)


if __name__ == "__main__":
    unittest.main()
