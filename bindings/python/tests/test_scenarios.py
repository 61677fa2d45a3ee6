# SPDX-License-Identifier: MIT
"""The scenario files (.scn, format 2: docs/scenarios.md) played through Python.

A small scenario interpreter on top of the binding, which follows the rules of
the C runner (tests/scenario/carc-scenario.c):

- `place` = choose_tile (always: the file's deal, not the engine's pile, says
  which tiles are drawn) + play;
  `abbot/recall` is a place move with the recall; `discard`; `end`; every
  `expect` check; `pass`, and the Count's `exit`, `quarter`, `count`;
- modules by name (carc_modules_parse of every name of the header: farmers on
  unless "-farmers"); `option NAME VALUE` with its defaults; a tile that only a
  module not in play brings (E.g without `abbot`, RA without `river`) is an
  error of the file;
- declining by default: before a move or decision line that does not answer
  the optional decision pending (Game.pending, PendingFlag.OPTIONAL), and before
  every `expect` but `expect asks` (which never declines the builder's second
  tile), a pass is played for whoever is asked;
- `undo` takes back the last `place` or `discard` with every decision after it
  (undo until the history is back to its length before that line);
- `expect scored` reads the SCORE and RECALL events of that last step, or only
  final scoring (FINAL, and TRADE for `goods`: a trade-goods majority) once
  the game is over;
- `expect goods P WINE GRAIN CLOTH` compares Game.goods(P) (carc_game_goods).

`big/WHERE` puts the big follower of Inns & Cathedrals (`expect supply P big
N` counts it; `expect followers` counts only the normal followers), and
`field:interior` names a field that touches no side (IC/CCCC).

`builder/WHERE` and `pig/WHERE` place the figures of Traders & Builders; the
builder's second tile is an ordinary `place` line of the same player.

The Count of Carcassonne: `exit P QUARTER X Y WHERE` (WHERE resolved on the
tile at (X, Y), `big/` for the big follower; declining first every optional
decision but player P's exit, and P's exit during a scoring too when the line
does not answer it but answers P's next exit, the final round's), `quarter
[big/]QUARTER`, `count QUARTER`;
`expect city QUARTER N0 N1 ...` compares every player's figures in that
quarter (Game.city: a big follower counts 1), `expect count QUARTER` the
Count's quarter (Game.count), `expect asks P exit|quarter|count` the pending
decision; `option coc-final market` and `option coc-per-part no` are
Variant.COC_FINAL_MARKET and Variant.COC_ONCE_PER_TURN.

A file whose modules this build does not implement is skipped, not failed:
the subTest is reported as skipped with the reason, and a summary is printed
on stderr.

It runs the repository's tests/scenarios; the runner's negative files
(tests/scenario/bad) must fail at the line they name, so we know this
interpreter can fail.
"""
import glob
import os
import re
import sys
import tempfile
import unittest

import _support
import carcassonne
from carcassonne import (CarcassonneError, Decision, EventKind, Figure, Game, HistoryKind,
                         Module, Move, ParseError, SegmentKind, Status, TradeEvent, tile_names)

MAX_PLAYERS = 16
_NUMBER = re.compile(r"[+-]?\d+\Z")
_FIGURES = ("big", "abbot", "builder", "pig")
_HEADER = ("players", "modules", "-farmers", "start", "option")
_QUARTERS = ("castle", "market", "blacksmith", "cathedral")
_SUPPLY = {"follower": Figure.FOLLOWER, "big": Figure.BIG, "abbot": Figure.ABBOT,
           "builder": Figure.BUILDER, "pig": Figure.PIG}
_SCORED = {"road": SegmentKind.ROAD, "city": SegmentKind.CITY, "cloister": SegmentKind.MONASTERY,
           "garden": SegmentKind.GARDEN, "field": SegmentKind.FIELD,
           "goods": None}  # a 10-point trade-goods award: EventKind.TRADE
_ASKS = ("place", "exit", "quarter", "count")
#: `option NAME VALUE`: the values, the default first, and the variant the other one sets.
_OPTIONS = {name: ((default, value), variant)
            for name, (variant, value, default) in carcassonne.VARIANT_OPTIONS.items()}
_RECALL = "abbot/recall"

# What a line answers, for declining by default.
_EXPECT, _END, _PLACE, _EXIT, _QUARTER, _COUNT = range(6)


class Stop(Exception):
    """A line that cannot be carried out: the file ends there."""


class Skip(Exception):
    """The file needs what this build does not implement."""


def _valid_where(where):
    if where in ("-", _RECALL):
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
        # field:interior: a field that touches no side (IC/CCCC)
        return side in carcassonne.PORT_NAMES or side == carcassonne.INTERIOR
    return False


def _place_move(text):
    """The place move of "T X Y R [WHERE]" (carc_move_parse reads abbot/recall too)."""
    return Move.parse(text)


class Scenario:
    def __init__(self, path):
        self.path = path
        self.line = 0
        self.failures = []          # (line, message)
        self.skipped = None         # why the file was not run
        self.game = None
        self.players = None
        self.players_line = 0
        self.modules_line = 0
        self.start_line = 0
        self.module_words = []
        self.modules = Module.FARMERS
        self.variants = carcassonne.Variant.NONE
        self.start = None
        self.steps = []             # history length before each place / discard still played

    # ------------------------------------------------------------ helpers
    def fail(self, message):
        self.failures.append((self.line, f"{message} [pending: {self.pending_text()}]"))

    def pending_text(self):
        """What the engine waits for, as the C runner prints it."""
        if self.game is None:
            return "no game yet"
        p = self.game.pending
        if p.over:
            return "none, the game is over"
        what = f"player {p.player} to decide {p.name}"
        if p.name == "place":
            what += f" {self.game.current_tile}"
        if p.optional:
            what += ", optional"
        if p.final:
            what += ", final round"
        elif p.second_tile:
            what += ", second tile"
        return what

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

    def player(self, text):
        if not _NUMBER.match(text) or not 0 <= int(text) < self.game.players:
            self.stop(f"malformed line: bad player {text!r}")
        return int(text)

    def tile(self, name):
        if name not in tile_names():
            self.stop(f"malformed line: unknown tile {name!r}")
        return name

    def game_tile(self, name):
        """A tile of the body, checked against the game's modules: a kind that
        only a module not in play brings is an error of the file."""
        self.tile(name)
        if carcassonne.tile(name, self.modules).copies:
            return name
        for flag in carcassonne.MODULE_NAMES:
            if self.modules & flag:
                continue
            if carcassonne.tile(name, self.modules | flag).copies:
                self.stop(f"malformed line: tile {name!r} is only in a game with module "
                          f"{carcassonne.module_name(flag)}, which 'modules' does not name")
        return name  # never drawn in any game (a pre-placed tile): the engine decides

    def rotation(self, text):
        if not _NUMBER.match(text) or int(text) not in (0, 90, 180, 270):
            self.stop(f"malformed line: bad rotation {text!r} (0, 90, 180 or 270)")
        return int(text) // 90

    def move_text(self, tokens):
        """Check "T X Y R [WHERE]" and return (tile, text of the move)."""
        if not 4 <= len(tokens) <= 5:
            self.stop(f"malformed line: a move is T X Y R [WHERE], got {len(tokens)} values")
        tile = self.game_tile(tokens[0])
        self.number(tokens[1])
        self.number(tokens[2])
        self.rotation(tokens[3])
        if len(tokens) == 5 and not _valid_where(tokens[4]):
            self.stop(f"malformed line: bad figure location {tokens[4]!r}")
        return tile, " ".join(tokens)

    def choose(self, tile):
        """Make `tile` the tile to place, always by choose_tile: the engine's
        current tile is the first placeable one of its own pile, and the move
        would draw and discard the unplaceable ones above it (only a file's
        `discard` lines discard). True: a choice was recorded (undoable)."""
        self.game.choose_tile(tile)
        return True

    def discarded_since(self, start, tile):
        history = self.game.history
        return any(h.kind == HistoryKind.DISCARD and h.tile == tile for h in history[start:])

    def snapshot(self):
        g = self.game
        return (g.save(), g.scores, g.supply, g.remaining, g.current_player, len(g.history),
                len(g.board), len(g.followers), g.event_count(), g.is_over, g.current_tile,
                g.pending, [g.supplies(f) for f in _SUPPLY.values()], g.all_goods)

    def step_start(self):
        return self.steps[-1] if self.steps else 0

    # ---------------------------------------------------------- decisions
    @staticmethod
    def answers(what, player, pending):
        if what == _PLACE:
            return pending.decision == Decision.PLACE
        if what == _EXIT:
            return pending.decision == Decision.EXIT and pending.player == player
        if what == _QUARTER:
            return pending.decision == Decision.QUARTER
        if what == _COUNT:
            return pending.decision == Decision.COUNT
        return False

    def decline(self, what, player=0):
        """Declining by default: pass while an optional decision that the
        coming line does not answer is pending."""
        for _ in range(1000):
            pending = self.game.pending
            if pending.over or not pending.optional or self.answers(what, player, pending):
                return
            if what == _EXPECT and pending.second_tile:
                return  # the builder's second tile waits for its `place`
            try:
                self.game.play(Move.pass_())
            except CarcassonneError as exc:
                self.stop(f"expected a pass to decline player {pending.player}'s optional "
                          f"{pending.name}, got {exc}")
        self.stop("expected the optional decisions to end, got 1000 passes and still one asked")

    def play_decision(self, move, text):
        try:
            self.game.play(move)
        except CarcassonneError as exc:
            self.stop(f"expected the move {text!r} to be legal, got {exc}")

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
            words = tokens[1:] if keyword == "modules" else tokens
            for word in words:
                try:
                    carcassonne.parse_modules(word)
                except ParseError:
                    self.stop(f"malformed line: unknown module {word!r}")
            self.module_words += words
            self.modules = carcassonne.parse_modules(" ".join(self.module_words))
            self.modules_line = self.line
            return
        if keyword == "option":
            if len(tokens) != 3:
                self.stop(f"malformed line: expected 'option NAME VALUE', got {len(tokens) - 1} "
                          "values")
            values, variant = _OPTIONS.get(tokens[1], (None, None))
            if values is None:
                self.stop(f"malformed line: unknown option {tokens[1]!r} ({', '.join(_OPTIONS)})")
            if tokens[2] not in values:
                self.stop(f"malformed line: option {tokens[1]} takes {' or '.join(values)}, "
                          f"got {tokens[2]!r}")
            if tokens[2] == values[1]:
                self.variants |= variant
            else:
                self.variants &= ~variant
            return
        if keyword == "start":
            if len(tokens) != 5:
                self.stop("malformed line: expected 'start T X Y R'")
            self.start = (self.tile(tokens[1]), self.number(tokens[2]), self.number(tokens[3]),
                          self.rotation(tokens[4]))
            self.start_line = self.line

    def create_game(self):
        if not self.players_line:
            self.stop("malformed file: expected 'players N' before the first move or check")
        # A file this build cannot run is skipped, whatever else its header says.
        supported = carcassonne.supported_modules()
        missing = self.modules & ~(supported | carcassonne.module_elements(supported))
        if missing:
            names = carcassonne.module_names(missing)
            raise Skip(f"module{'s' if len(names) > 1 else ''} {' '.join(names)} "
                       f"{'are' if len(names) > 1 else 'is'} not implemented by this build")
        # by name: Module flags would be taken as modules on top of the farmers
        kwargs = dict(players=self.players, modules=" ".join(self.module_words),
                      variants=self.variants)
        if self.start is not None:
            kwargs.update(start_tile=self.start[0], start=self.start[1:3],
                          start_rotation=self.start[3])
        try:
            self.game = Game(**kwargs)
        except CarcassonneError as exc:
            if exc.status == Status.EUNSUPPORTED:
                raise Skip(exc.detail or "a module is not implemented by this build")
            # Blame the header line that most likely caused it.
            if "start" in exc.detail and self.start_line:
                self.line = self.start_line
            elif "module" in exc.detail and self.modules_line:
                self.line = self.modules_line
            else:
                self.line = self.players_line
            self.stop(f"expected a new game, got {exc}")

    # --------------------------------------------------------------- body
    def place(self, tokens):
        tile, text = self.move_text(tokens[1:])
        self.decline(_PLACE)
        before = len(self.game.history)
        try:
            chosen = self.choose(tile)
        except CarcassonneError as exc:
            self.stop(f"expected to draw {tile}, got {exc}")
        if self.discarded_since(before, tile):
            self.game.undo()
            self.stop(f"expected {tile} to be placeable, got a discard")
        try:
            self.game.play(_place_move(text))
        except CarcassonneError as exc:
            if chosen:
                self.game.undo()
            if isinstance(exc, ParseError) and len(tokens) == 6:
                # the syntax was checked: the tile has no such segment (as the C runner says)
                self.stop(f"expected the move {text!r} to be legal, got: {tokens[5]!r} names no "
                          f"segment of {tile} rotated {tokens[4]} ({exc.name})")
            self.stop(f"expected the move {text!r} to be legal, got {exc}")
        self.steps.append(before)

    def discard(self, tokens):
        if len(tokens) != 2:
            self.stop("malformed line: expected 'discard T'")
        tile = self.game_tile(tokens[1])
        self.decline(_PLACE)
        before = len(self.game.history)
        try:
            chosen = self.choose(tile)
        except CarcassonneError as exc:
            self.stop(f"expected to draw {tile}, got {exc}")
        if not self.discarded_since(before, tile):
            self.fail(f"expected {tile} to be discarded, got: it could be placed")
            if chosen:
                self.game.undo()
            return
        self.steps.append(before)

    def no_values(self, tokens):
        if len(tokens) != 1:
            self.stop(f"malformed line: {tokens[0]!r} takes no values")

    def end(self, tokens):
        self.no_values(tokens)
        self.decline(_END)
        try:
            self.game.end()
        except CarcassonneError as exc:
            self.stop(f"expected 'end' to succeed, got {exc}")

    def undo(self, tokens):
        """The last place or discard with every decision after it; without
        one (nothing played by this file), one undo, as format 1 did."""
        self.no_values(tokens)
        try:
            if not self.steps:
                self.game.undo()
                return
            target = self.steps.pop()
            for _ in range(100000):
                if len(self.game.history) <= target:
                    return
                self.game.undo()
            self.stop(f"expected 'undo' to take the history back to {target} entries")
        except CarcassonneError as exc:
            self.stop(f"expected 'undo' to succeed, got {exc}")

    def pass_line(self, tokens):
        if len(tokens) != 1:
            self.stop("malformed line: 'pass' takes no values")
        self.play_decision(Move.pass_(), "pass")

    def exit_line(self, tokens):
        """`exit P QUARTER X Y WHERE`: WHERE is resolved on the tile at (X, Y)."""
        if len(tokens) != 6:
            self.stop(f"malformed line: expected 'exit P QUARTER X Y WHERE', got "
                      f"{len(tokens) - 1} values")
        player = self.player(tokens[1])
        if tokens[2] not in _QUARTERS:
            self.stop(f"malformed line: unknown quarter {tokens[2]!r} ({', '.join(_QUARTERS)})")
        x, y = self.number(tokens[3]), self.number(tokens[4])
        where = tokens[5]
        if where in ("-", _RECALL) or not _valid_where(where) or \
                ("/" in where and not where.startswith("big/")):
            self.stop(f"malformed line: bad figure location {where!r} (a follower or big/ on a "
                      "feature)")
        text = " ".join(tokens)
        self.decline(_EXIT, player)
        at = self.game.tile_at(x, y)
        if at is None:
            self.stop(f"expected a tile at ({x},{y}) for {text!r}, got none")
        try:
            on = Move.parse(f"{at.tile} {x} {y} {at.degrees} {where}")
        except ParseError:
            self.stop(f"expected {where!r} to name a feature of the tile at ({x},{y}), got: "
                      f"{at.tile} has none there")
        move = Move.exit_to(on.figure, tokens[2], x, y, on.segment)
        if self.for_a_later_exit(move, player):
            # not an answer to the exit during this scoring: decline it; the
            # line answers P's next exit (the final round's)
            self.game.play(Move.pass_())
            self.decline(_EXIT, player)
        self.play_decision(move, text)

    def for_a_later_exit(self, move, player):
        """Whether an exit that the engine refuses as an answer to the exit it
        asks `player` during a scoring answers his next exit instead, the first
        one that declining everything optional reaches (tried on a clone):
        after the last tile, a player who declined his exit during its scoring
        (not written) moves out in the final round."""
        pending = self.game.pending
        if pending.name != "exit" or pending.player != player or not pending.optional or \
                pending.final or self.game.is_legal(move):
            return False
        trial = self.game.clone()
        try:
            for _ in range(1000):
                trial.play(Move.pass_())
                pending = trial.pending
                if pending.over or not pending.optional or pending.second_tile:
                    return False
                if pending.name == "exit" and pending.player == player:
                    return trial.is_legal(move)
            return False
        finally:
            trial.close()

    def quarter_line(self, tokens, count):
        """`quarter [big/]QUARTER`, `count QUARTER`."""
        if len(tokens) != 2:
            self.stop(f"malformed line: expected '{tokens[0]} QUARTER', got {len(tokens) - 1} "
                      "values")
        name, figure = tokens[1], Figure.FOLLOWER
        if not count and name.startswith("big/"):
            name, figure = name[4:], Figure.BIG
        if name not in _QUARTERS:
            self.stop(f"malformed line: unknown quarter {tokens[1]!r} ({', '.join(_QUARTERS)})")
        self.decline(_COUNT if count else _QUARTER)
        move = Move.count_to(name) if count else Move.to_quarter(name, figure)
        self.play_decision(move, " ".join(tokens))

    # ------------------------------------------------------------- checks
    def expect(self, tokens):
        what = tokens[1] if len(tokens) > 1 else ""
        if what == "asks":
            return self.expect_asks(tokens)
        # every other check first declines what is optional (docs/scenarios.md 8)
        self.decline(_EXPECT)
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
            tile = self.game_tile(tokens[2])
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
        elif what == "supply":
            self.expect_supply(tokens)
        elif what == "scored":
            self.expect_scored(tokens)
        elif what == "goods":
            self.expect_goods(tokens)
        elif what in ("city", "count"):
            self.expect_city(tokens)
        else:
            self.stop(f"malformed line: unknown check 'expect {what}'")

    def expect_illegal(self, tokens):
        tile, text = self.move_text(tokens)
        before = self.snapshot()
        try:
            move = _place_move(text)
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

    def expect_supply(self, tokens):
        """`expect supply P KIND N`"""
        if len(tokens) != 5:
            self.stop(f"malformed line: expected 'expect supply P KIND N', got {len(tokens) - 2} "
                      "values")
        player = self.player(tokens[2])
        figure = _SUPPLY.get(tokens[3])
        if figure is None:
            self.stop(f"malformed line: unknown figure {tokens[3]!r} ({', '.join(_SUPPLY)})")
        want = self.number(tokens[4], 0)
        got = self.game.figure_supply(player, figure)
        if got != want:
            self.fail(f"expected player {player} to have {want} {tokens[3]} in supply, got {got}")

    def expect_asks(self, tokens):
        """`expect asks P KIND` / `expect asks none`: declines nothing."""
        if len(tokens) == 3 and tokens[2] == "none":
            want = None
        elif len(tokens) == 4:
            player = self.player(tokens[2])
            if tokens[3] not in _ASKS:
                self.stop(f"malformed line: unknown decision {tokens[3]!r} ({', '.join(_ASKS)})")
            want = (player, tokens[3])
        else:
            self.stop("malformed line: expected 'expect asks P KIND' or 'expect asks none'")
        pending = self.game.pending
        if want is None:
            if not pending.over:
                self.fail(f"expected the engine to ask nothing (the game over), got: {pending}")
        elif pending.over or (pending.player, pending.name) != want:
            self.fail(f"expected the engine to ask player {want[0]} {want[1]}, got: {pending}")

    def expect_scored(self, tokens):
        """`expect scored P KIND N`: one award of N points for one feature of KIND to P,
        in the last step (the SCORE and RECALL events since the last place or
        discard), or in final scoring once the game is over."""
        if len(tokens) != 5:
            self.stop(f"malformed line: expected 'expect scored P KIND N', got {len(tokens) - 2} "
                      "values")
        player = self.player(tokens[2])
        if tokens[3] not in _SCORED:
            self.stop(f"malformed line: unknown feature kind {tokens[3]!r} ({', '.join(_SCORED)})")
        kind = _SCORED[tokens[3]]
        want = self.number(tokens[4], 0)
        over = self.game.is_over
        start = self.step_start()
        got = []
        found = False
        for event in self.game.events:
            if over:
                if event.kind not in (EventKind.FINAL, EventKind.TRADE):
                    continue
            elif event.kind not in (EventKind.SCORE, EventKind.RECALL) or event.turn < start:
                continue
            if player not in event.players:
                continue
            trade = isinstance(event, TradeEvent)
            found = found or ((kind is None if trade else event.feature == kind)
                              and event.points == want)
            if trade:
                name, notes = "goods", [event.good_name]
            else:
                name = next((n for n, k in _SCORED.items() if k == event.feature),
                            str(event.feature))
                notes = (["recall"] if event.recall else []) + list(event.bonus_names)
            got.append(f"{name} {event.points}" + (f" ({', '.join(notes)})" if notes else ""))
        if not found:
            where = "final scoring" if over else "the last move"
            self.fail(f"expected player {player} to score {want} for a {tokens[3]} in {where}, "
                      f"got: {', '.join(got) or 'nothing'}")

    def expect_goods(self, tokens):
        """`expect goods P WINE GRAIN CLOTH`: player P's trade-goods tokens."""
        if len(tokens) != 6:
            self.stop("malformed line: expected 'expect goods P WINE GRAIN CLOTH'")
        player = self.player(tokens[2])
        want = tuple(self.number(t, 0) for t in tokens[3:])
        try:
            got = tuple(self.game.goods(player))
        except CarcassonneError as exc:
            self.fail(f"expected player {player}'s goods, got {exc}")
            return
        if got != want:
            self.fail(f"expected player {player} to hold {want[0]} wine, {want[1]} grain, "
                      f"{want[2]} cloth, got {got[0]}, {got[1]}, {got[2]}")

    def expect_city(self, tokens):
        """`expect city QUARTER N0 N1 ...`: every player's figures in that quarter
        (Game.city: followers and big follower, a big follower counts 1);
        `expect count QUARTER`: where the Count stands (Game.count)."""
        what = tokens[1]
        if what == "count":
            if len(tokens) != 3 or tokens[2] not in _QUARTERS:
                self.stop("malformed line: expected 'expect count QUARTER'")
            at = self.game.count
            if at is None:
                self.fail(f"expected the Count on the {tokens[2]}, got: no Count in this game")
            elif at.label != tokens[2]:
                self.fail(f"expected the Count on the {tokens[2]}, got the {at.label}")
            return
        if len(tokens) - 3 != self.game.players or tokens[2] not in _QUARTERS:
            self.stop("malformed line: expected 'expect city QUARTER N0 N1 ...' (one number "
                      "per player)")
        want = [self.number(text, 0) for text in tokens[3:]]
        try:
            got = list(self.game.city().figures(tokens[2]))
        except CarcassonneError as exc:
            self.fail(f"expected the followers in the {tokens[2]}, got {exc}")
            return
        if got != want:
            self.fail(f"expected followers in the {tokens[2]} {' '.join(map(str, want))}, got "
                      f"{' '.join(map(str, got))}")

    def body_line(self, tokens):
        keyword = tokens[0]
        if keyword in _HEADER:
            self.stop(f"malformed line: {keyword!r} belongs to the header")
        if keyword == "place":
            self.place(tokens)
        elif keyword == "discard":
            self.discard(tokens)
        elif keyword == "undo":
            self.undo(tokens)
        elif keyword == "end":
            self.end(tokens)
        elif keyword == "pass":
            self.pass_line(tokens)
        elif keyword == "exit":
            self.exit_line(tokens)
        elif keyword in ("quarter", "count"):
            self.quarter_line(tokens, keyword == "count")
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
        except Skip as skip:
            self.skipped = str(skip)
        finally:
            if self.game is not None:
                self.game.close()
        return self.failures


def run_scenario(path):
    """The failures of one file: a list of (line, message)."""
    return Scenario(path).run()


def run_scenario_text(text):
    """Play the scenario `text` (the contents of a .scn file) from a temporary
    file: (failures, why it was skipped or None). For the tests of the runner."""
    with tempfile.NamedTemporaryFile("w", suffix=".scn", delete=False, encoding="utf-8") as f:
        f.write(text)
    try:
        scenario = Scenario(f.name)
        return scenario.run(), scenario.skipped
    finally:
        os.unlink(f.name)


def _files(var, default):
    directory = _support.env_path(var, default)
    if directory is None or not os.path.isdir(directory):
        return None
    return sorted(glob.glob(os.path.join(directory, "*.scn")))


class Scenarios(unittest.TestCase):
    def _run_all(self, files):
        skipped = []
        for path in files:
            name = os.path.basename(path)
            with self.subTest(scenario=name):
                scenario = Scenario(path)
                failures = scenario.run()
                if scenario.skipped is not None:
                    skipped.append(f"{name}: {scenario.skipped}")
                    self.skipTest(f"{name}: skipped: {scenario.skipped}")
                self.assertEqual(failures, [], "\n".join(
                    f"{name}:{line}: {message}" for line, message in failures))
        if skipped:
            print(f"\n{self.id()}: {len(skipped)} of {len(files)} scenarios skipped (not "
                  "implemented by this build):\n  " + "\n  ".join(skipped), file=sys.stderr)
        return skipped

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
