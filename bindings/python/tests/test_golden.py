# SPDX-License-Identifier: MIT
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
  also run now, so the comparison follows the library as it changes; carc-replay
  is taken from the directory of carc-playout.
- For the records with a `listing` (data/*.listing: the history and score
  lines that carc-replay printed), the events read through Python, formatted
  as carc-replay formats them, give the same lines: every score of the game,
  when and for whom, not only the totals.

Inns & Cathedrals: the records hold big followers ("big/road:E"), a farmer on
an interior field ("field:interior"), inn roads completed (2 per tile) and
left open (0), and a game of six players. carc_game_load refuses "players 6"
(an engine bug, reported): the tests that load such a record skip that step
and run in full once the loader takes six players.
"""
import json
import os
import re
import subprocess
import tempfile
import unittest

import _support
from carcassonne import EventKind, Figure, Game, HistoryKind, ParseError, SegmentKind


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


def load(test, text):
    """Game.load(text); a skip of the test (or subtest) for the known engine
    bug: carc_game_load refuses the "players 6" line that carc_game_save
    writes."""
    try:
        return Game.load(text)
    except ParseError as exc:
        if exc.line == 2 and "players must be a number from 2 to 5" in exc.detail:
            test.skipTest("engine bug: carc_game_load rejects 'players 6' "
                          "(libcarc/record/record.c); the record is checked without loading it")
        raise


_FEATURE_NAMES = {SegmentKind.FIELD: "field", SegmentKind.ROAD: "road", SegmentKind.CITY: "city",
                  SegmentKind.MONASTERY: "monastery", SegmentKind.GARDEN: "garden",
                  SegmentKind.RIVER: "river"}


def _event_line(event):
    """One event as carc-replay prints it (tools/carc-replay.c, print_event)."""
    who = ",".join(f"P{p}" for p in event.players)
    if event.kind == EventKind.GOODS:
        return (f"      {event.points:+d} {who} takes a {event.good_name} token from the city "
                f"completed at {event.x},{event.y} ({event.tile})")
    if event.kind == EventKind.TRADE:
        return f"      {event.points:+d} {who} for the most {event.good_name}"
    name = _FEATURE_NAMES.get(event.feature, "feature")
    tiles = f"{event.tiles} tile{'' if event.tiles == 1 else 's'}"
    if event.kind == EventKind.RECALL:
        return (f"      {event.points:+d} {who} for the abbot recalled from a {name} of {tiles} "
                f"at {event.x},{event.y} ({event.tile})")
    line = (f"      {event.points:+d} {who} for "
            f"{'an unfinished ' if event.kind == EventKind.FINAL else 'a '}{name} of {tiles} "
            f"at {event.x},{event.y} ({event.tile})")
    final = event.kind == EventKind.FINAL
    if "cathedral" in event.bonus_names:
        line += ", a cathedral: nothing at the end" if final else ", a cathedral: 3 a tile and pennant"
    elif "inn" in event.bonus_names:
        line += ", an inn: nothing at the end" if final else ", an inn: 2 a tile"
    elif "pig" in event.bonus_names:
        line += ", with a pig: 4 a city"
    if event.returned > 0:
        line += f", {event.returned} follower{'' if event.returned == 1 else 's'} back"
    return line


def listing(game):
    """The history with the points of every move and the final scoring, in the
    words of carc-replay (its lines before the board)."""
    events = game.events
    lines = []
    for i, entry in enumerate(game.history):
        prefix = f"{i + 1:4d}. P{entry.player} "
        if entry.kind == HistoryKind.PLACE:
            lines.append(prefix + (f"place {entry.move}" if entry.move.is_place
                                   else str(entry.move)))
        elif entry.kind == HistoryKind.DISCARD:
            lines.append(prefix + f"discard {entry.tile} (no legal placement)")
        else:
            lines.append(prefix + "end (the game was ended early)")
        lines += [_event_line(e) for e in events
                  if e.turn == i and e.kind in (EventKind.SCORE, EventKind.RECALL,
                                                EventKind.GOODS)]
    final = [_event_line(e) for e in events if e.kind in (EventKind.FINAL, EventKind.TRADE)]
    if final:
        lines += ["final scoring:"] + final
    return lines


_LISTING = re.compile(r"^ *\d+\. P\d|^      [-+]\d+ P\d|^final scoring:$")


def replay_listing(output):
    """The lines of carc-replay's output that `listing` writes."""
    return [line for line in output.splitlines() if _LISTING.match(line)]


def check_state(test, game, golden):
    test.assertEqual(game.scores, golden["scores"])
    test.assertEqual(game.supply, golden["supply"])
    if "abbots" in golden:
        test.assertEqual(game.supplies("abbot"), golden["abbots"])
    if "inns" in golden.get("playout", {}).get("modules", ""):
        # one big follower each, in supply or on the board
        on_board = [sum(1 for f in game.followers if f.player == p and f.figure == Figure.BIG)
                    for p in range(game.players)]
        test.assertEqual([a + b for a, b in zip(on_board, game.supplies("big"))],
                         [1] * game.players)
    test.assertEqual(game.is_over, golden["over"])
    test.assertEqual(game.winners, golden["winners"])


class GoldenRecords(unittest.TestCase):
    def test_load(self):
        for golden in _golden():
            with self.subTest(record=golden["file"]):
                text = _read(golden["file"])
                with load(self, text) as game:
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

    def test_listing(self):
        """The events through Python, as carc-replay printed them (data/*.listing)."""
        checked = 0
        for golden in _golden():
            if "listing" not in golden:
                continue
            with self.subTest(record=golden["file"]):
                want = _read(golden["listing"]).splitlines()
                text = _read(golden["file"])
                with replay_by_hand(text) as by_hand:
                    self.assertEqual(listing(by_hand), want)
                    with load(self, text) as loaded:
                        self.assertEqual(listing(loaded), want)
                        self.assertEqual(loaded.events, by_hand.events)
                checked += 1
        self.assertGreaterEqual(checked, 3)

    def test_inns_records(self):
        """What the Inns & Cathedrals records hold: big followers, an interior
        field, inn roads completed (2 per tile, Bonus.INN) and left open (0)."""
        seen = set()
        for golden in _golden():
            if "inns" not in golden.get("playout", {}).get("modules", ""):
                continue
            with self.subTest(record=golden["file"]):
                text = _read(golden["file"])
                self.assertIn("big/", text)
                with replay_by_hand(text) as game:
                    for e in game.events:
                        if e.kind == EventKind.DISCARD:
                            continue
                        for name in e.bonus_names:
                            seen.add((name, e.kind))
                        if "inn" in e.bonus_names:
                            self.assertEqual(e.points,
                                             2 * e.tiles if e.kind == EventKind.SCORE else 0)
                if "field:interior" in text:
                    seen.add("interior")
                if "players 6" in text:
                    seen.add("six")
        for what in (("inn", EventKind.SCORE), ("inn", EventKind.FINAL),
                     ("cathedral", EventKind.FINAL), "interior", "six"):
            self.assertIn(what, seen)

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
                (30, 2, True, 14, "river,abbot"),
                # Inns & Cathedrals: big followers, inns, cathedrals, six players
                (17, 2, True, None, "inns"), (4, 4, False, None, "inns"),
                (2, 5, True, None, "inns"), (17, 3, True, None, "river,abbot,inns"),
                (9, 2, True, 20, "inns"), (1, 6, True, None, "inns"),
                (16, 6, False, None, "river,abbot,inns"),
                # Traders & Builders: goods, majorities, builders and second tiles, pigs
                (10, 3, True, None, "traders"), (9, 2, True, None, "traders"),
                (3, 4, False, None, "traders"), (5, 6, True, None, "inns,traders"),
                (4, 5, True, None, "river,abbot,inns,traders")):
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
                    # and the C record replayed in Python: the same scores, supplies, abbots,
                    # big followers and events (bonuses included)
                    with replay_by_hand(expected) as by_hand:
                        self._same(by_hand, game)
                    with load(self, expected) as loaded:
                        self._same(loaded, game)
                    replay = self._carc_replay(program)
                    if replay is not None:
                        self._same_listing(replay, expected, game)

    def _same(self, other, game):
        self.assertEqual(other.scores, game.scores)
        self.assertEqual(other.supply, game.supply)
        for figure in ("abbot", "big", "builder", "pig"):
            self.assertEqual(other.supplies(figure), game.supplies(figure), figure)
        self.assertEqual(other.all_goods, game.all_goods)
        self.assertEqual(other.events, game.events)
        self.assertEqual([str(e) for e in other.events], [str(e) for e in game.events])

    @staticmethod
    def _carc_replay(playout):
        path = os.path.join(os.path.dirname(playout), "carc-replay")
        return path if os.path.exists(path) else None

    def _same_listing(self, replay, record, game):
        """carc-replay's account of the record (run now) is the one the
        events read through Python give, and so are its final scores."""
        with tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False) as f:
            f.write(record)
        try:
            run = subprocess.run([replay, f.name], capture_output=True, text=True, timeout=60)
        finally:
            os.unlink(f.name)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(replay_listing(run.stdout), listing(game))
        scores = [int(s) for s in re.findall(r"^  P\d+: +(-?\d+) points", run.stdout, re.M)]
        self.assertEqual(scores, game.scores)

    def test_carc_replay_of_the_records(self):
        """The committed listings are what carc-replay prints now."""
        playout = _support.env_path("CARCASSONNE_PLAYOUT")
        replay = self._carc_replay(playout) if playout else None
        if replay is None:
            self.skipTest("carc-replay not found beside CARCASSONNE_PLAYOUT (ctest sets it)")
        for golden in _golden():
            if "listing" not in golden:
                continue
            with self.subTest(record=golden["file"]):
                path = os.path.join(_support.DATA_DIR, golden["file"])
                run = subprocess.run([replay, path], capture_output=True, text=True, timeout=60)
                self.assertEqual(run.returncode, 0, run.stderr)
                self.assertEqual(replay_listing(run.stdout),
                                 _read(golden["listing"]).splitlines())

    def test_carc_demo(self):
        program = _support.env_path("CARCASSONNE_DEMO")
        if program is None:
            self.skipTest("CARCASSONNE_DEMO not set (ctest sets it)")
        with tempfile.TemporaryDirectory() as tmp:
            for seed, players, bot in ((7, 3, "heuristic"), (11, 5, "heuristic"), (3, 2, "random"),
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
