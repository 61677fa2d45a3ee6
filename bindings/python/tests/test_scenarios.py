"""The scenario files (.scn, shared/scenarios/FORMAT.md) played through Python.

A small scenario interpreter on top of the binding, which does what the C
runner (tests/scenario/carc-scenario.c) does: `place` = choose_tile + play,
`discard`, `undo`, `end`, and every `expect` check. It runs the team's shared
scenarios (../shared/scenarios, skipped when missing) and the repository's
tests/scenarios; the runner's negative files (tests/scenario/bad) must fail at
the line they name, so we know this interpreter can fail.
"""
import glob
import os
import re
import unittest

import _support
import carcassonne
from carcassonne import (CarcassonneError, Game, HistoryKind, Module, Move, ParseError,
                         tile_names)

MAX_PLAYERS = 16
_NUMBER = re.compile(r"[+-]?\d+\Z")
_FIGURES = ("big", "abbot", "builder", "pig")
_HEADER = ("players", "modules", "-farmers", "start")
_MODULES = {"farmers": Module.FARMERS, "river": Module.RIVER, "abbot": Module.ABBOT,
            "count": Module.COUNT, "inns": Module.INNS, "traders": Module.TRADERS}


class Stop(Exception):
    """A line that cannot be carried out: the file ends there."""


def _valid_where(where):
    if where == "-":
        return True
    figure, slash, rest = where.partition("/")
    if slash:
        if figure not in _FIGURES:
            return False
        where = rest
    kind, colon, side = where.partition(":")
    if kind in ("cloister", "garden"):
        return not colon
    if kind in ("road", "city"):
        return side in carcassonne.SIDE_NAMES
    if kind == "field":
        return side in carcassonne.PORT_NAMES
    return False


class Scenario:
    def __init__(self, path):
        self.path = path
        self.line = 0
        self.failures = []          # (line, message)
        self.game = None
        self.players = None
        self.players_line = 0
        self.modules_line = 0
        self.farmers = True
        self.modules = Module.NONE
        self.start = None

    # ------------------------------------------------------------ helpers
    def fail(self, message):
        self.failures.append((self.line, message))

    def stop(self, message):
        self.fail(message)
        raise Stop()

    def number(self, text, low=None, high=None):
        if not _NUMBER.match(text):
            self.stop(f"malformed line: bad number {text!r}")
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            self.stop(f"malformed line: number out of range {text!r}")
        return value

    def tile(self, name):
        if name not in tile_names():
            self.stop(f"malformed line: unknown tile {name!r}")
        return name

    def rotation(self, text):
        if not _NUMBER.match(text) or int(text) not in (0, 90, 180, 270):
            self.stop(f"malformed line: bad rotation {text!r} (0, 90, 180 or 270)")
        return int(text) // 90

    def move_text(self, tokens):
        """Check "T X Y R [WHERE]" and return (tile, text for Move.parse)."""
        if not 4 <= len(tokens) <= 5:
            self.stop(f"malformed line: a move is T X Y R [WHERE], got {len(tokens)} values")
        tile = self.tile(tokens[0])
        self.number(tokens[1])
        self.number(tokens[2])
        self.rotation(tokens[3])
        if len(tokens) == 5 and not _valid_where(tokens[4]):
            self.stop(f"malformed line: bad figure location {tokens[4]!r}")
        return tile, " ".join(tokens)

    def choose(self, tile):
        """Make `tile` the tile to place; True if a choice was recorded (undoable)."""
        if self.game.current_tile == tile:
            return False
        self.game.choose_tile(tile)
        return True

    def discarded_since(self, start, tile):
        history = self.game.history
        return any(h.kind == HistoryKind.DISCARD and h.tile == tile for h in history[start:])

    def snapshot(self):
        g = self.game
        return (g.save(), g.scores, g.supply, g.remaining, g.current_player, len(g.history),
                len(g.board), len(g.followers), g.event_count(), g.is_over, g.current_tile)

    # ------------------------------------------------------------- header
    def header_line(self, tokens):
        keyword = tokens[0]
        if keyword == "players":
            if self.players_line:
                self.stop("malformed line: a second 'players' line")
            if len(tokens) != 2:
                self.stop("malformed line: expected 'players N'")
            self.players = self.number(tokens[1], 1, MAX_PLAYERS)
            self.players_line = self.line
            return
        if not self.players_line:
            self.stop(f"malformed file: the first line must be 'players N', got {keyword!r}")
        if keyword in ("modules", "-farmers"):
            for word in tokens[1:] if keyword == "modules" else tokens:
                if word == "-farmers":
                    self.farmers = False
                elif word in _MODULES:
                    if word == "farmers":
                        self.farmers = True
                    else:
                        self.modules |= _MODULES[word]
                else:
                    self.stop(f"malformed line: unknown module {word!r}")
            self.modules_line = self.line
            return
        if keyword == "start":
            if len(tokens) != 5:
                self.stop("malformed line: expected 'start T X Y R'")
            self.start = (self.tile(tokens[1]), self.number(tokens[2]), self.number(tokens[3]),
                          self.rotation(tokens[4]))

    def create_game(self):
        if not self.players_line:
            self.stop("malformed file: expected 'players N' before the first move or check")
        kwargs = dict(players=self.players, farmers=self.farmers, modules=self.modules)
        if self.start is not None:
            kwargs.update(start_tile=self.start[0], start=self.start[1:3],
                          start_rotation=self.start[3])
        try:
            self.game = Game(**kwargs)
        except CarcassonneError as exc:
            unsupported = exc.status == carcassonne.Status.EUNSUPPORTED
            self.line = self.modules_line if unsupported and self.modules_line else self.players_line
            self.stop(f"expected a new game, got {exc}")

    # --------------------------------------------------------------- body
    def place(self, tokens):
        tile, text = self.move_text(tokens[1:])
        before = len(self.game.history)
        try:
            chosen = self.choose(tile)
        except CarcassonneError as exc:
            self.stop(f"expected to draw {tile}, got {exc}")
        if self.discarded_since(before, tile):
            self.game.undo()
            self.stop(f"expected {tile} to be placeable, got a discard")
        try:
            self.game.play(Move.parse(text))
        except CarcassonneError as exc:
            if chosen:
                self.game.undo()
            self.stop(f"expected the move {text!r} to be legal, got {exc}")

    def discard(self, tokens):
        if len(tokens) != 2:
            self.stop("malformed line: expected 'discard T'")
        tile = self.tile(tokens[1])
        before = len(self.game.history)
        try:
            chosen = self.choose(tile)
        except CarcassonneError as exc:
            self.stop(f"expected to draw {tile}, got {exc}")
        if not self.discarded_since(before, tile):
            self.fail(f"expected {tile} to be discarded, got: it could be placed")
            if chosen:
                self.game.undo()

    def simple(self, tokens, action):
        if len(tokens) != 1:
            self.stop(f"malformed line: {tokens[0]!r} takes no values")
        try:
            action()
        except CarcassonneError as exc:
            self.stop(f"expected {tokens[0]!r} to succeed, got {exc}")

    def expect(self, tokens):
        what = tokens[1] if len(tokens) > 1 else ""
        g = self.game
        if what in ("score", "followers"):
            if len(tokens) - 2 != g.players:
                self.stop(f"malformed line: expected {g.players} values, got {len(tokens) - 2}")
            want = [self.number(t, 0 if what == "followers" else None) for t in tokens[2:]]
            got = g.scores if what == "score" else g.supply
            if got != want:
                self.fail(f"expected {what} {want}, got {got}")
        elif what in ("turn", "remaining"):
            if len(tokens) != 3:
                self.stop(f"malformed line: expected 'expect {what} N'")
            want = self.number(tokens[2], 0)
            got = g.current_player if what == "turn" else g.remaining
            if got != want:
                self.fail(f"expected {what} {want}, got {got}")
        elif what == "placements":
            if len(tokens) != 4:
                self.stop("malformed line: expected 'expect placements T N'")
            tile = self.tile(tokens[2])
            want = self.number(tokens[3], 0)
            got = len(g.placements(tile))
            if got != want:
                self.fail(f"expected placements {want}, got {got}")
        elif what == "illegal":
            self.expect_illegal(tokens[2:])
        elif what == "winner":
            if len(tokens) < 3:
                self.stop("malformed line: expected 'expect winner P...'")
            want = sorted({self.number(t, 0, g.players - 1) for t in tokens[2:]})
            if not g.is_over:
                self.fail("expected the game over (expect winner), got: the game is not over")
            elif g.winners != want:
                self.fail(f"expected winner {want}, got {g.winners}")
        else:
            self.stop(f"malformed line: unknown check 'expect {what}'")

    def expect_illegal(self, tokens):
        tile, text = self.move_text(tokens)
        before = self.snapshot()
        try:
            move = Move.parse(text)
        except ParseError:
            return  # the library refused the figure location for this tile
        chosen = discarded = False
        if self.game.remaining_of(tile) > 0:
            start = len(self.game.history)
            try:
                chosen = self.choose(tile)
                discarded = self.discarded_since(start, tile)
            except CarcassonneError:
                pass
        legal = not discarded and self.game.is_legal(move)
        if chosen:
            self.game.undo()
        if legal:
            self.fail(f"expected {text!r} to be illegal, got: legal")
        if self.snapshot() != before:
            self.fail(f"expected the game unchanged by the illegal move {text!r}")

    def body_line(self, tokens):
        keyword = tokens[0]
        if keyword in _HEADER:
            self.stop(f"malformed line: {keyword!r} belongs to the header")
        if keyword == "place":
            self.place(tokens)
        elif keyword == "discard":
            self.discard(tokens)
        elif keyword == "undo":
            self.simple(tokens, self.game.undo)
        elif keyword == "end":
            self.simple(tokens, self.game.end)
        elif keyword == "expect":
            self.expect(tokens)
        else:
            self.stop(f"malformed line: unknown keyword {keyword!r}")

    # ---------------------------------------------------------------- run
    def run(self):
        with open(self.path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        try:
            for number, raw in enumerate(lines, 1):
                self.line = number
                tokens = raw.split("#", 1)[0].split()
                if not tokens:
                    continue
                if self.game is None and (tokens[0] in _HEADER or not self.players_line):
                    self.header_line(tokens)
                    continue
                if self.game is None:
                    self.create_game()
                    self.line = number
                self.body_line(tokens)
            if self.game is None and not self.failures:
                self.line = len(lines)
                self.create_game()
        except Stop:
            pass
        finally:
            if self.game is not None:
                self.game.close()
        return self.failures


def run_scenario(path):
    """The failures of one file: a list of (line, message)."""
    return Scenario(path).run()


def _files(var, default):
    directory = _support.env_path(var, default)
    if directory is None or not os.path.isdir(directory):
        return None
    return sorted(glob.glob(os.path.join(directory, "*.scn")))


class Scenarios(unittest.TestCase):
    def _run_all(self, files):
        for path in files:
            with self.subTest(scenario=os.path.basename(path)):
                failures = run_scenario(path)
                self.assertEqual(failures, [], "\n".join(
                    f"{os.path.basename(path)}:{line}: {message}" for line, message in failures))

    def test_shared_scenarios(self):
        files = _files("CARCASSONNE_SCENARIOS",
                       os.path.join(_support.REPO_ROOT, "..", "shared", "scenarios"))
        if not files:
            self.skipTest("../shared/scenarios not found")
        self._run_all(files)

    def test_repository_scenarios(self):
        files = _files("CARCASSONNE_REPO_SCENARIOS",
                       os.path.join(_support.REPO_ROOT, "tests", "scenarios"))
        if not files:
            self.skipTest("tests/scenarios not found")
        self._run_all(files)

    def test_bad_scenarios_fail(self):
        files = _files("CARCASSONNE_BAD_SCENARIOS",
                       os.path.join(_support.REPO_ROOT, "tests", "scenario", "bad"))
        if not files:
            self.skipTest("tests/scenario/bad not found")
        for path in files:
            with self.subTest(scenario=os.path.basename(path)):
                with open(path) as f:
                    match = re.search(r"runner-fails-at:\s*(\d+)", f.read())
                failures = run_scenario(path)
                self.assertTrue(failures, "a negative scenario must fail")
                if match:
                    self.assertEqual(failures[0][0], int(match.group(1)), failures)


if __name__ == "__main__":
    unittest.main()
