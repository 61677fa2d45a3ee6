# SPDX-License-Identifier: MIT
"""The Carcassonne Dice Game through the binding (carcassonne.dice, dice.h).

- Seeded games between deterministic bots play to the end; records round-trip
  byte for byte and replay by hand (set_next_roll + play) to the same game.
- Undo restores the saved record after every action.
- Fixed rolls (set_next_roll) reproduce rules of docs/dice.md: the knight
  option with 3 knights and the doubled turn after it, the scoring table
  3->1 ... 9->28 from closed cities that are built, 9 catapults.
- Bad input raises the exception of its status, with the library's text.
- With CARCASSONNE_DICE_DEMO (set by ctest), games recorded by the C program
  carc-dice-demo load in Python to the final scores it printed.
"""
import copy
import gc
import os
import pickle
import re
import subprocess
import tempfile
import unittest
import weakref

import _support
import carcassonne
from carcassonne import (ClosedError, DiceAction, DiceActionKind, DiceEdge,
                         DiceEventKind, DiceFace, DiceGame, DiceLocation, DicePhase,
                         DiceWinReason, Status, city_points, errors, format_faces, parse_faces)
from carcassonne.dice import rotate_edges

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W; y grows to the south


def open_edges(cells):
    """Black edges facing an empty cell, in a {(x, y): edges} grid."""
    return sum(1 for (x, y), e in cells.items() for s, (dx, dy) in enumerate(STEP)
               if e >> s & 1 and (x + dx, y + dy) not in cells)


def bot_choose(game):
    """A simple deterministic bot: roll; take the knight option when its city
    would score less than 3; stop with a closed city of 4 dice; set knights
    aside when 3 can be reached; build the die and cell that leave the fewest
    open black edges (if not more than now); else stop with a closed city of
    3, roll again, or build anyway."""
    phase = game.phase
    if phase == DicePhase.ROLL:
        return DiceAction.roll()
    closed = game.largest_closed_city.size
    if phase == DicePhase.KNIGHT_OPTION:
        return DiceAction.knight_option() if city_points(closed) < 3 else DiceAction.stop()
    if closed >= 4:
        return DiceAction.stop()
    actions = game.legal_actions(unique_rotations=True, unique_dice=True, touching=True)
    kinds = {a.kind for a in actions}
    dice = game.dice
    aside = sum(1 for d in dice if d.location == DiceLocation.KNIGHT)
    showing = sum(1 for d in dice if d.location == DiceLocation.POOL and d.face == DiceFace.KNIGHT)
    knights = [a for a in actions if a.kind == DiceActionKind.SET_KNIGHT]
    if knights and aside + showing >= 3:
        return knights[0]
    cells = {d.cell: int(d.edges) for d in dice if d.location == DiceLocation.CITY}
    best, best_open = None, None
    for a in actions:
        if a.kind == DiceActionKind.BUILD:
            grid = dict(cells)
            grid[a.cell] = rotate_edges(dice[a.die].edges, a.rotation)
            n = open_edges(grid)
            if best is None or n < best_open:
                best, best_open = a, n
    if best is not None and (not cells or best_open <= open_edges(cells)):
        return best
    if DiceActionKind.KNIGHT_OPTION in kinds and closed < 3:
        return DiceAction.knight_option()
    if closed >= 3:
        return DiceAction.stop()
    if DiceActionKind.ROLL in kinds:
        return DiceAction.roll()
    return best if best is not None else DiceAction.stop()


def play_out(game, limit=20000):
    """Play bot_choose until the game is over; return the number of actions."""
    played = 0
    while not game.is_over and played < limit:
        game.play(bot_choose(game))
        played += 1
    return played


def replay_by_hand(text):
    """Replay a dice record with the public calls only: each roll line fixes
    the next roll (set_next_roll), each action line is played."""
    header, body = {}, []
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] in ("players", "seed", "faces"):
            header[words[0]] = words[1:]
        elif words[0] in ("roll", "knight", "build", "stop", "keep-knight"):
            body.append(words)
    game = DiceGame(players=int(header["players"][0]), seed=int(header["seed"][0]),
                    faces=" ".join(header["faces"]))
    for words in body:
        if words[0] == "roll":
            game.set_next_roll(" ".join(words[1:]))
            game.play("roll")
        else:
            game.play(" ".join(words))
    return game


def column(n):
    """Fixed roll and builds of a straight closed city of n dice (3..9) in a
    column: a cap turned to face south, n-2 straights, a cap facing north.
    The other dice show knights."""
    roll = ["0"] + ["2"] * (n - 2) + ["0"] + ["K"] * (9 - n)
    builds = [DiceAction.build(0, 0, 0, 2)]
    builds += [DiceAction.build(d, 0, d, 0) for d in range(1, n)]
    return " ".join(roll), builds


def check_consistent(test, game):
    """The queries agree with each other."""
    dice = game.dice
    test.assertEqual(len(dice), carcassonne.DICE_COUNT)
    owners = [p for p in range(game.players) for _ in game.player_dice(p)]
    test.assertEqual(len(owners), 9, "each die lies in front of exactly one player")
    for p in range(game.players):
        for d in game.player_dice(p):
            test.assertEqual(dice[d].owner, p)
    city = game.city()
    for (x, y), die in city.items():
        test.assertEqual(game.cell(x, y), die.index)
        test.assertEqual(die.location, DiceLocation.CITY)
        test.assertTrue(die.face.is_city)
        test.assertEqual(int(die.edges), rotate_edges(game.faces[die.face], die.rotation))
    if city:
        xs, ys = [x for x, _ in city], [y for _, y in city]
        test.assertEqual(game.city_bounds, (min(xs), min(ys), max(xs), max(ys)))
    else:
        test.assertIsNone(game.city_bounds)
    closed = game.largest_closed_city
    test.assertTrue(set(closed.dice) <= {d.index for d in city.values()})
    test.assertEqual(closed.points, city_points(closed.size))
    kept = game.kept_knights
    for p, die in enumerate(kept):
        if die is not None:
            test.assertEqual(dice[die].location, DiceLocation.KEPT)
            test.assertEqual(dice[die].owner, p)


class SeededGames(unittest.TestCase):
    SEEDS = ((5, 2), (11, 3), (2011, 4), (7, 5))

    def test_bot_games_play_to_the_end(self):
        for seed, players in self.SEEDS:
            with self.subTest(seed=seed, players=players):
                with DiceGame(players=players, seed=seed) as game:
                    self.assertEqual(game.phase, DicePhase.ROLL)
                    self.assertEqual((game.turn, game.rolls, game.current_player), (0, 0, 0))
                    self.assertEqual(game.scores, [0] * players)
                    self.assertIsNone(game.winner)
                    played = play_out(game)
                    self.assertTrue(game.is_over, f"not over after {played} actions")
                    self.assertEqual(game.phase, DicePhase.GAME_OVER)
                    self.assertEqual(game.legal_actions(), [])
                    winner = game.winner
                    self.assertEqual(game.current_player, winner)
                    events = game.events
                    self.assertEqual(events[-1].kind, DiceEventKind.WIN)
                    self.assertEqual(events[-1].player, winner)
                    self.assertEqual(events[-1].reason, game.win_reason)
                    if game.win_reason == DiceWinReason.SCORE_REACHED:
                        self.assertGreaterEqual(game.scores[winner], carcassonne.DICE_WIN_SCORE)
                        self.assertEqual(events[-1].points, game.scores[winner])
                    # the scores are the sum of the SCORE events
                    totals = [0] * players
                    for ev in events:
                        if ev.kind == DiceEventKind.SCORE:
                            totals[ev.player] += ev.points
                    self.assertEqual(totals, game.scores)
                    self.assertEqual(len(game.history), played)
                    check_consistent(self, game)
                    with self.assertRaises(errors.GameOverError):
                        game.play(DiceAction.roll())

    def test_same_seed_same_game(self):
        with DiceGame(players=3, seed=11) as a, DiceGame(players=3, seed=11) as b:
            play_out(a)
            play_out(b)
            self.assertEqual(a.save(), b.save())

    def test_queries_during_a_game(self):
        with DiceGame(players=3, seed=4) as game:
            for _ in range(200):
                if game.is_over:
                    break
                check_consistent(self, game)
                legal = game.legal_actions()
                flagged = game.legal_actions(unique_rotations=True, unique_dice=True,
                                             touching=True)
                self.assertTrue(set(flagged) <= set(legal))
                self.assertEqual(len(set(legal)), len(legal), "each action listed once")
                for action in legal[:40]:
                    self.assertTrue(game.is_legal(action), action)
                    self.assertEqual(DiceAction.parse(str(action)), action)
                    self.assertIn(str(action).split()[0],
                                  ("roll", "knight", "build", "stop", "keep-knight"))
                game.play(bot_choose(game))

    def test_roll_reports_the_faces(self):
        with DiceGame(seed=5) as game:
            rolled = game.roll()
            self.assertEqual(sorted(rolled), list(range(9)))
            self.assertEqual(" ".join(f.letter for f in rolled.values()), "2 K C C 1 K 3 3 K")
            self.assertEqual(list(rolled.values()), game.last_roll())
            for d, face in rolled.items():
                self.assertEqual(game.die(d).face, face)
            # catapults went at once to the left neighbour
            self.assertEqual(game.player_dice(1), [2, 3])
            self.assertEqual(game.die(2).location, DiceLocation.CATAPULT)
            ev = game.events[-1]
            self.assertEqual((ev.kind, ev.player, ev.dice, ev.to), (DiceEventKind.CATAPULTS, 0, 2, 1))
            self.assertEqual(str(ev), "P0 hands 2 catapults to P1")


class Records(unittest.TestCase):
    def test_save_load_round_trip(self):
        for seed, players in SeededGames.SEEDS:
            with self.subTest(seed=seed, players=players):
                with DiceGame(players=players, seed=seed) as game:
                    play_out(game)
                    text = game.save()
                    self.assertTrue(text.startswith("carcassonne-dice-record 1\n"))
                    self.assertIn(f"\nplayers {players}\nseed {seed}\nfaces BWWW BBWW BWBW BBBW\n",
                                  text)
                    self.assertTrue(text.endswith(f"actions {len(game.history)}\n"))
                    with DiceGame.load(text) as loaded:
                        self.assertEqual(loaded.save(), text)
                        self.assertEqual(loaded.scores, game.scores)
                        self.assertEqual(loaded.winner, game.winner)
                        self.assertEqual(loaded.history, game.history)
                        self.assertEqual(loaded.events, game.events)
                        self.assertEqual(loaded.dice, game.dice)
                    with replay_by_hand(text) as again:
                        self.assertEqual(again.save(), text)

    def test_loaded_game_goes_on_the_same(self):
        with DiceGame(players=2, seed=9) as game:
            for _ in range(25):
                game.play(bot_choose(game))
            with DiceGame.load(game.save()) as loaded:
                for _ in range(60):
                    if game.is_over:
                        break
                    self.assertEqual(loaded.legal_actions(), game.legal_actions())
                    action = bot_choose(game)
                    game.play(action)
                    loaded.play(action)
                    self.assertEqual(loaded.dice, game.dice, "the generator was restored")
                self.assertEqual(loaded.save(), game.save())

    def test_undo_restores_the_saved_record(self):
        with DiceGame(players=3, seed=21) as game:
            fresh = game.save()
            records = [fresh]
            while not game.is_over:
                game.play(bot_choose(game))
                records.append(game.save())
                if len(records) % 7 == 0:  # one step back and forth
                    state = (game.dice, game.scores, game.events)
                    game.undo()
                    self.assertEqual(game.save(), records[-2])
                    game.play(DiceGame.load(records[-1]).history[-1])
                    self.assertEqual((game.dice, game.scores, game.events), state)
            # everything back, action by action
            for expected in reversed(records[:-1]):
                self.assertTrue(game.can_undo)
                game.undo()
                self.assertEqual(game.save(), expected)
            self.assertFalse(game.can_undo)
            self.assertEqual(game.save(), fresh)
            self.assertEqual(game.events, [])
            with self.assertRaises(errors.NoUndoError):
                game.undo()

    def test_clone(self):
        with DiceGame(players=2, seed=3) as game:
            for _ in range(30):
                game.play(bot_choose(game))
            with game.clone() as full, game.clone(history=False) as light:
                for other in (full, light):
                    self.assertEqual(other.save(), game.save())
                    self.assertEqual(other.dice, game.dice)
                self.assertTrue(full.can_undo)
                self.assertFalse(light.can_undo)
                full.undo()
                self.assertNotEqual(full.save(), game.save(), "independent copies")
            for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
                with other:
                    self.assertEqual(other.save(), game.save())

    def test_custom_faces(self):
        text = "BWWW BBWW BWBW BBBB"  # the tee replaced by a cross
        self.assertEqual(parse_faces(text), (1, 3, 5, 15))
        self.assertEqual(format_faces((1, 3, 5, 15)), text)
        self.assertEqual(format_faces(carcassonne.DICE_DEFAULT_FACES), "BWWW BBWW BWBW BBBW")
        for faces in (text, (1, 3, 5, 15), [DiceEdge.N, DiceEdge.N | DiceEdge.E, 5, 0xF]):
            with self.subTest(faces=faces):
                with DiceGame(seed=8, faces=faces) as game:
                    self.assertEqual(game.faces, (1, 3, 5, 15))
                    self.assertEqual(game.options.faces_text, text)
                    game.set_next_roll("3")
                    game.roll()
                    self.assertEqual(game.die(0).edges, DiceEdge.N | DiceEdge.E | DiceEdge.S | DiceEdge.W)
                    self.assertIn(f"\nfaces {text}\n", game.save())
                    with DiceGame.load(game.save()) as loaded:
                        self.assertEqual(loaded.faces, (1, 3, 5, 15))
        with DiceGame() as game:
            self.assertEqual(game.faces, carcassonne.DICE_DEFAULT_FACES)
            self.assertEqual((game.options.players, game.options.seed), (2, 0))


class FixedRolls(unittest.TestCase):
    def test_scoring_table_from_built_cities(self):
        table = {3: 1, 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 28}
        self.assertEqual({n: city_points(n) for n in range(10)},
                         {0: 0, 1: 0, 2: 0, **table})
        self.assertEqual(city_points(10), 0)
        for n, points in table.items():
            with self.subTest(dice=n):
                with DiceGame(players=2, seed=n) as game:
                    roll, builds = column(n)
                    game.set_next_roll(roll)
                    game.roll()
                    for action in builds:
                        self.assertEqual(game.current_player, 0)
                        game.play(action)
                    if n < 9:
                        closed = game.largest_closed_city
                        self.assertEqual(closed.dice, tuple(range(n)))
                        self.assertEqual(closed.points, points)
                        self.assertIn(DiceAction.stop(), game.legal_actions())
                        game.play(DiceAction.stop())
                    # with 9 dice built nothing is left: the turn ended by itself, as a stop
                    score = [e for e in game.events if e.kind == DiceEventKind.SCORE]
                    self.assertEqual(len(score), 1)
                    self.assertEqual((score[0].player, score[0].dice, score[0].points,
                                      score[0].doubled), (0, n, points, False))
                    self.assertEqual(str(score[0]), f"P0 scores {points} for a closed city of {n} dice")
                    self.assertEqual(game.scores, [points, 0])
                    self.assertEqual((game.current_player, game.turn, game.phase),
                                     (1, 1, DicePhase.ROLL))
                    self.assertEqual(game.city(), {}, "the next player's grid is empty")

    def test_an_open_city_scores_nothing(self):
        with DiceGame(seed=1) as game:
            game.set_next_roll("0 2 K K K K K K K")
            game.roll()
            game.play(DiceAction.build(0, 0, 0, 2))
            game.play(DiceAction.build(1, 0, 1, 0))
            self.assertEqual(game.largest_closed_city.size, 0)
            game.play("stop")
            self.assertEqual(game.events[-1].points, 0)
            self.assertEqual(game.scores, [0, 0])

    def test_three_knights_give_the_knight_option(self):
        with DiceGame(players=2, seed=2) as game:
            game.set_next_roll("K K 0 0 2 0 C C 1")
            game.roll()
            legal = game.legal_actions()
            self.assertNotIn(DiceAction.knight_option(), legal)
            game.play(DiceAction.set_knight(0))
            game.play("knight 1")
            self.assertNotIn(DiceAction.knight_option(), game.legal_actions(), "2 knights")
            # roll the free dice again: a third knight
            game.set_next_roll("K 0 0 0 0")
            rolled = game.roll()
            self.assertEqual(sorted(rolled), [2, 3, 4, 5, 8])
            self.assertEqual(game.rolls, 2)
            game.play(DiceAction.set_knight(2))
            self.assertIn(DiceAction.knight_option(), game.legal_actions())
            game.play(DiceAction.knight_option())
            ev = game.events[-1]
            self.assertEqual((ev.kind, ev.player, ev.dice), (DiceEventKind.KNIGHTS, 0, 3))
            self.assertEqual(str(ev), "P0 takes the knight option with 3 knights")
            self.assertEqual(game.kept_knight(0), 0, "the lowest-numbered knight is kept")
            self.assertEqual(game.kept_knights, [0, None])
            self.assertEqual(game.die(0).location, DiceLocation.KEPT)
            self.assertIn(0, game.player_dice(0))
            self.assertEqual(game.scores, [0, 0])
            self.assertEqual((game.current_player, game.doubled), (1, False))
            # player 1 stops with nothing; player 0's turn scores double
            game.set_next_roll("K K K K K K K K")  # his 8 dice
            game.roll()
            game.play("stop")
            self.assertEqual((game.current_player, game.doubled), (0, True))
            self.assertIsNone(game.kept_knight(0), "the kept die is back in his pool")
            roll, builds = column(4)
            game.set_next_roll(roll)
            self.assertEqual(len(game.roll()), 9)
            for action in builds:
                game.play(action)
            game.play("stop")
            ev = game.events[-1]
            self.assertEqual((ev.kind, ev.dice, ev.points, ev.doubled),
                             (DiceEventKind.SCORE, 4, 6, True))
            self.assertEqual(game.scores, [6, 0])
            self.assertFalse(game.doubled)

    def test_knight_option_phase(self):
        # 3 knights set aside and nothing else to do: phase KNIGHT_OPTION
        with DiceGame(seed=6) as game:
            game.set_next_roll("K K K C C C C C C")
            game.roll()
            for d in range(3):
                game.play(DiceAction.set_knight(d))
            self.assertEqual(game.phase, DicePhase.KNIGHT_OPTION)
            self.assertEqual(game.legal_actions(), [DiceAction.stop(), DiceAction.knight_option()])
            with self.assertRaises(errors.PhaseError):
                game.play(DiceAction.roll())

    def test_nine_catapults_win(self):
        with DiceGame(players=3, seed=4) as game:
            game.set_next_roll([DiceFace.CATAPULT] * 9)
            game.roll()
            self.assertTrue(game.is_over)
            self.assertEqual((game.winner, game.win_reason), (0, DiceWinReason.CATAPULTS))
            kinds = [e.kind for e in game.events]
            self.assertEqual(kinds, [DiceEventKind.CATAPULTS, DiceEventKind.WIN])
            self.assertEqual(game.events[0].to, 1)
            self.assertEqual(game.events[1].dice, 9)
            self.assertIn("9 catapults", str(game.events[1]))
            with self.assertRaises(errors.GameOverError):
                game.set_next_roll("K")
            game.undo()
            self.assertFalse(game.is_over)
            self.assertEqual(game.phase, DicePhase.ROLL)

    def test_set_next_roll_keeps_the_generator(self):
        # fixed faces do not change what comes after (the generator advances)
        with DiceGame(seed=12) as a, DiceGame(seed=12) as b:
            a.set_next_roll("C C C C C C C C 0")
            a.roll()
            b.roll()
            a.play("stop")
            b.play("stop")
            self.assertEqual(a.roll(), b.roll())
            # n = 0 cancels
            a.set_next_roll("K")
            a.set_next_roll(None)
            b.set_next_roll([])
            a.play("stop")
            b.play("stop")
            self.assertEqual(a.roll(), b.roll())


class BadInput(unittest.TestCase):
    def assertStatus(self, cm, status, cls):
        exc = cm.exception
        self.assertIsInstance(exc, cls)
        self.assertIsInstance(exc, errors.CarcassonneError)
        self.assertEqual(exc.status, status)
        self.assertEqual(exc.name, "CARC_" + status.name)
        self.assertEqual(exc.message, carcassonne.status_str(status))
        return exc

    def test_options(self):
        for players in (0, 1, 6):
            with self.assertRaises(errors.RangeError) as cm:
                DiceGame(players=players)
            self.assertIn("2..5", self.assertStatus(cm, Status.ERANGE, ValueError).detail)
        with self.assertRaises(ValueError):
            DiceGame(seed=-1)
        for faces, status, cls in (("BWWW BBWW", Status.EPARSE, errors.ParseError),
                                   ("bwww bbww bwbw bbbw", Status.EPARSE, errors.ParseError),
                                   ("WWWW BBWW BWBW BBBW", Status.EINVAL, errors.InvalidArgumentError),
                                   ((1, 3, 5), Status.EINVAL, errors.InvalidArgumentError),
                                   ((0, 3, 5, 7), Status.EINVAL, errors.InvalidArgumentError),
                                   ((16, 3, 5, 7), Status.EINVAL, errors.InvalidArgumentError),
                                   ((1, 3, 5, 256), Status.EINVAL, errors.InvalidArgumentError),
                                   (42, Status.EINVAL, errors.InvalidArgumentError)):
            with self.subTest(faces=faces):
                with self.assertRaises(cls) as cm:
                    DiceGame(faces=faces)
                self.assertTrue(self.assertStatus(cm, status, ValueError).detail)
        with self.assertRaises(errors.ParseError):
            parse_faces("BWWW BBWW BWBW BBBX")

    def test_actions(self):
        with DiceGame(seed=1) as game:
            before = game.save()
            for action, status, cls in (
                    (DiceAction.build(0, 0, 0), Status.EPHASE, errors.PhaseError),
                    (DiceAction.stop(), Status.EPHASE, errors.PhaseError),
                    (DiceAction(9), Status.EINVAL, errors.InvalidArgumentError),
                    (DiceAction(DiceActionKind.ROLL, 3), Status.EINVAL,
                     errors.InvalidArgumentError)):
                with self.subTest(action=action):
                    with self.assertRaises(cls) as cm:
                        game.play(action)
                    exc = self.assertStatus(cm, status, errors.CarcassonneError)
                    self.assertTrue(exc.detail, "carries carc_dice_game_last_error")
                    self.assertIn(exc.detail, str(exc))
                    self.assertEqual(exc.function, "carc_dice_game_play")
                    self.assertFalse(game.is_legal(action))
            self.assertEqual(game.save(), before, "a rejected action changes nothing")
            with self.assertRaises(errors.NoUndoError):
                game.undo()
            game.set_next_roll("0 1 2 3 K K C C 0")
            game.roll()
            for action, status, cls in (
                    (DiceAction.build(0, 9, 0), Status.ERANGE, errors.RangeError),
                    (DiceAction.build(0, 0, 0, 4), Status.ERANGE, errors.RangeError),
                    (DiceAction.build(9, 0, 0), Status.ERANGE, errors.RangeError),
                    (DiceAction.build(0, 1, 0), Status.EILLEGAL, errors.IllegalMoveError),
                    (DiceAction.set_knight(0), Status.EILLEGAL, errors.IllegalMoveError),
                    (DiceAction.build(4, 0, 0), Status.EILLEGAL, errors.IllegalMoveError),
                    (DiceAction.build(6, 0, 0), Status.EILLEGAL, errors.IllegalMoveError)):
                with self.subTest(action=action):
                    with self.assertRaises(cls) as cm:
                        game.play(action)
                    played = self.assertStatus(cm, status, errors.CarcassonneError).detail
                    self.assertTrue(played)
                    with self.assertRaises(cls) as cm:
                        game.check(action)
                    self.assertEqual(cm.exception.detail, played, "check says why, as play does")
                    self.assertEqual(game.illegal_reason(action), played)
            game.play(DiceAction.build(0, 0, 0))  # a cap, black to the north
            with self.assertRaises(errors.IllegalMoveError) as cm:
                game.play("build 1 0 -1 0")  # the corner's white south meets the black north
            self.assertIn("match", cm.exception.detail)
            with self.assertRaises(errors.IllegalMoveError):
                game.play("build 1 0 0 0")  # occupied
            self.assertTrue(game.is_legal("build 1 0 -1 180"))
            with self.assertRaises(TypeError):
                game.play(3)
            with self.assertRaises(errors.RangeError):
                DiceAction.build(0, 1 << 31, 0)
            with self.assertRaises(errors.RangeError):
                DiceAction.set_knight(-1)

    def test_parse(self):
        for text in ("jump", "build 0 0 0 45", "knight 01", "knight", "roll K", "build 0 0 0",
                     "knight -0", "stop now", ""):
            with self.subTest(text=text):
                with self.assertRaises(errors.ParseError) as cm:
                    DiceAction.parse(text)
                self.assertStatus(cm, Status.EPARSE, ValueError)
        self.assertEqual(DiceAction.parse("build 3 -1 2 270"), DiceAction.build(3, -1, 2, 3))
        self.assertEqual(DiceAction.parse(" keep-knight "), DiceAction.knight_option())
        self.assertEqual(repr(DiceAction.build(3, -1, 2, 3)), "DiceAction.parse('build 3 -1 2 270')")
        self.assertEqual(DiceAction.build(3, -1, 2, 3).degrees, 270)

    def test_set_next_roll(self):
        with DiceGame() as game:
            for faces, status, cls in (([6], Status.ERANGE, errors.RangeError),
                                       ([0] * 10, Status.ERANGE, errors.RangeError),
                                       ([-1], Status.ERANGE, errors.RangeError),
                                       ("K X", Status.EPARSE, errors.ParseError)):
                with self.subTest(faces=faces):
                    with self.assertRaises(cls) as cm:
                        game.set_next_roll(faces)
                    self.assertTrue(self.assertStatus(cm, status, ValueError).detail)

    def test_queries_out_of_range(self):
        # issue 19: each RangeError says which number and the range
        with DiceGame(players=2) as game:
            for query, detail in ((lambda: game.score(2), "player 2 out of range (0..1)"),
                                  (lambda: game.score(5), "player 5 out of range (0..1)"),
                                  (lambda: game.score(-1), "player -1 out of range (0..1)"),
                                  (lambda: game.score(1 << 32), "player 4294967296 out of range"),
                                  (lambda: game.die(9), "die 9 out of range (0..8)"),
                                  (lambda: game.kept_knight(2), "player 2 out of range (0..1)"),
                                  (lambda: game.event(0), "event 0 out of range (there are none yet)"),
                                  (lambda: game.action(0), "action 0 out of range (there are none yet)"),
                                  (lambda: game.player_dice(2), "player 2 out of range (0..1)"),
                                  (lambda: game.cell(1 << 31, 0), "x 2147483648 out of range")):
                with self.subTest(detail=detail):
                    with self.assertRaises(errors.RangeError) as cm:
                        query()
                    self.assertIn(detail, cm.exception.detail)
                    self.assertIn(detail, str(cm.exception))
            # the grid has no edge: a cell far away is empty, not an error
            self.assertIsNone(game.cell(8, 8))
            self.assertIsNone(game.cell(9, 0))
            self.assertIsNone(game.cell(0, -(1 << 31)))
            game.roll()
            with self.assertRaises(errors.RangeError) as cm:
                game.action(1)
            self.assertIn("action 1 out of range (0..0)", cm.exception.detail)
            for query in (lambda: game.score(1.0), lambda: game.die("1"), lambda: game.cell(0.5, 0),
                          lambda: game.event(None), lambda: game.player_dice(True)):
                with self.assertRaises(TypeError):
                    query()

    def test_load_errors_give_the_line(self):
        with DiceGame(seed=1) as game:
            game.set_next_roll("0 1 2 3 K K C C 0")
            game.roll()
            game.play("build 0 0 0 0")
            text = game.save()
        self.assertEqual(text.splitlines()[5], "build 0 0 0 0")
        cases = (
            ("", Status.EFORMAT, errors.FormatError, 1),
            ("carcassonne-dice-record 2\n", Status.EFORMAT, errors.FormatError, 1),
            (text.replace("build 0 0 0 0", "build 0 0 0 45"), Status.EPARSE, errors.ParseError, 6),
            (text.replace("build 0 0 0 0", "build 0 1 0 0"), Status.ERECORD, errors.ReplayError, 6),
            (text.replace("roll 0 1 2 3 K K C C 0", "roll 0 1 2"), Status.ERECORD,
             errors.ReplayError, 5),
            (text.replace("actions 2", "actions 3"), Status.EPARSE, errors.ParseError, 7),
            (text.replace("players 2", "players 7"), Status.EPARSE, errors.ParseError, 2),
        )
        for record, status, cls, line in cases:
            with self.subTest(line=line, cls=cls.__name__):
                with self.assertRaises(cls) as cm:
                    DiceGame.load(record)
                exc = self.assertStatus(cm, status, errors.RecordError)
                self.assertEqual(exc.line, line)
                self.assertIn(f"line {line}", exc.detail)
                self.assertEqual(exc.function, "carc_dice_game_load")
        with DiceGame.load(text.encode("ascii")) as game:
            self.assertEqual(game.save(), text)


class Lifetime(unittest.TestCase):
    OPERATIONS = {
        "legal_actions": lambda g: g.legal_actions(),
        "check": lambda g: g.check("roll"),
        "is_legal": lambda g: g.is_legal("roll"),
        "play": lambda g: g.play("roll"),
        "roll": lambda g: g.roll(),
        "last_roll": lambda g: g.last_roll(),
        "undo": lambda g: g.undo(),
        "can_undo": lambda g: g.can_undo,
        "set_next_roll": lambda g: g.set_next_roll("K"),
        "clone": lambda g: g.clone(),
        "players": lambda g: g.players,
        "options": lambda g: g.options,
        "faces": lambda g: g.faces,
        "phase": lambda g: g.phase,
        "is_over": lambda g: g.is_over,
        "current_player": lambda g: g.current_player,
        "turn": lambda g: g.turn,
        "rolls": lambda g: g.rolls,
        "doubled": lambda g: g.doubled,
        "score": lambda g: g.score(0),
        "scores": lambda g: g.scores,
        "winner": lambda g: g.winner,
        "win_reason": lambda g: g.win_reason,
        "kept_knight": lambda g: g.kept_knight(0),
        "kept_knights": lambda g: g.kept_knights,
        "die": lambda g: g.die(0),
        "dice": lambda g: g.dice,
        "player_dice": lambda g: g.player_dice(0),
        "city": lambda g: g.city(),
        "cell": lambda g: g.cell(0, 0),
        "city_bounds": lambda g: g.city_bounds,
        "largest_closed_city": lambda g: g.largest_closed_city,
        "event": lambda g: g.event(0),
        "events": lambda g: g.events,
        "action": lambda g: g.action(0),
        "history": lambda g: g.history,
        "save": lambda g: g.save(),
        "render": lambda g: g.render(),
        "with": lambda g: g.__enter__(),
        "close": lambda g: g.close(),
    }

    def test_use_after_close_raises(self):
        game = DiceGame(seed=2)
        game.roll()
        values = (game.dice, game.history, game.events, game.legal_actions())
        game.close()
        self.assertTrue(game.closed)
        for name, operation in self.OPERATIONS.items():
            with self.subTest(operation=name):
                with self.assertRaises(ClosedError):
                    operation(game)
        self.assertEqual(repr(game), "<DiceGame closed>")
        self.assertEqual(str(game), "<DiceGame closed>")
        self.assertEqual(len(values[0]), 9, "values read before close stay valid")
        self.assertEqual(str(values[1][0]), "roll")

    def test_context_manager(self):
        with DiceGame() as game:
            self.assertFalse(game.closed)
        self.assertTrue(game.closed)
        with DiceGame() as game:
            game.close()  # leaving the block after an explicit close does not raise
        with self.assertRaises(RuntimeError):
            with DiceGame() as game:
                raise RuntimeError("boom")
        self.assertTrue(game.closed)

    def test_failed_constructor_leaves_nothing(self):
        with self.assertRaises(errors.RangeError):
            DiceGame(players=9)
        with self.assertRaises(errors.ParseError):
            DiceGame(faces="nonsense")
        gc.collect()

    def test_collected_without_close(self):
        game = DiceGame(seed=3)
        game.legal_actions()
        ref = weakref.ref(game)
        del game
        self.assertIsNone(ref(), "no reference cycle keeps a DiceGame alive")
        refs = []
        for seed in range(100):
            g = DiceGame(seed=seed)
            g.play(bot_choose(g))
            c = g.clone()
            refs.append(weakref.ref(g))
            if seed % 3 == 0:
                g.close()
            del g, c
        gc.collect()
        self.assertTrue(all(r() is None for r in refs))

    def test_repr_and_render(self):
        with DiceGame(seed=1) as game:
            self.assertIn("P0 to move, phase ROLL", repr(game))
            self.assertEqual(game.render(), "(nothing built)")
            roll, builds = column(3)
            game.set_next_roll(roll)
            game.roll()
            for action in builds:
                game.play(action)
            self.assertEqual(game.render(), "+.+\n.0.\n+#+\n+#+\n.1.\n+#+\n+#+\n.2.\n+.+")
            play_out(game)
            self.assertIn(f"P{game.winner} won", repr(game))


class AgainstCarcDiceDemo(unittest.TestCase):
    """Records written by the C demo load and replay in Python to the scores it printed."""

    @staticmethod
    def run_demo(program, seed, players, directory):
        """(final-scores line, record text). Reads `--record FILE` if the demo
        takes a file, else the record printed after the scores (`--record`)."""
        base = [program, "--seed", str(seed), "--players", str(players), "--quiet", "--record"]
        path = os.path.join(directory, f"dice-{seed}-{players}.rec")
        run = subprocess.run(base + [path], capture_output=True, text=True, timeout=120)
        if run.returncode == 0 and os.path.exists(path):
            with open(path) as f:
                return run.stdout, f.read()
        run = subprocess.run(base, capture_output=True, text=True, timeout=120, check=True)
        scores, magic, record = run.stdout.partition("carcassonne-dice-record ")
        if not magic:
            raise AssertionError(f"no record in the output of {base}:\n{run.stdout}")
        return scores, magic + record

    def test_demo_records_replay(self):
        program = _support.env_path("CARCASSONNE_DICE_DEMO")
        if program is None:
            self.skipTest("CARCASSONNE_DICE_DEMO not set (ctest sets it)")
        with tempfile.TemporaryDirectory() as tmp:
            for seed, players in ((2011, 2), (5, 2), (7, 3), (42, 4), (99, 5)):
                with self.subTest(seed=seed, players=players):
                    out, text = self.run_demo(program, seed, players, tmp)
                    scores = [int(s) for s in re.findall(r"\bP\d+=(-?\d+)", out)]
                    self.assertEqual(len(scores), players, out)
                    winner = re.search(r"winner: P(\d+)", out)
                    for game in (DiceGame.load(text), replay_by_hand(text)):
                        with game:
                            self.assertEqual(game.scores, scores)
                            self.assertEqual((game.players, game.seed), (players, seed))
                            self.assertEqual(game.save(), text)
                            if winner:
                                self.assertTrue(game.is_over)
                                self.assertEqual(game.winner, int(winner.group(1)))


if __name__ == "__main__":
    unittest.main()
