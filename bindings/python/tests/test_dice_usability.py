# SPDX-License-Identifier: MIT
"""The Dice Game as a new user finds it (issue 19): one test class per point.

- The grid edge: a die built at the edge of the grid's reach can be closed.
- Errors say why: query errors, check(), is_legal(), illegal_reason().
- No silent coercion of floats, texts or bools to integers (DiceGame,
  DiceAction, and Game and Move of the tile game).
- Printing: str(game) is the state, render() the city; enums print names.
- Cost: roll() and last_roll() do not save the record; legal_actions() lists
  only cells next to the city unless asked for the full list.
- After the end every action is GameOverError; a fourth roll IllegalMoveError.
"""
import unittest
from unittest import mock

import _support  # noqa: F401  (sets up the import path)
from carcassonne import (DiceAction, DiceActionKind, DiceEventKind, DiceFace, DiceGame,
                         DicePhase, Game, Move, errors)

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W


class Index:
    """An integer that is not an int (as numpy's are): accepted everywhere."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


class GridEdge(unittest.TestCase):
    def test_the_example_of_the_issue_closes(self):
        with DiceGame(seed=1) as game:
            game.set_next_roll("0 0 0 0 K K K K K")
            game.roll()
            game.play("build 0 0 0 180")
            game.play("build 1 8 0 90")     # at the edge of the reach, black to the east
            self.assertTrue(game.is_legal("build 2 9 0 270"))
            game.play("build 2 9 0 270")    # was "cell 9,0 outside the grid"
            self.assertEqual(game.largest_closed_city.dice, (1, 2))
            self.assertEqual(game.cell(9, 0), 2)
            # the reach follows the city: 8 cells beyond it, x -8..17 now
            self.assertTrue(game.is_legal("build 3 17 0 0"))
            self.assertIn("x -8..17", game.illegal_reason("build 3 18 0 0"))
            with self.assertRaises(errors.RangeError):
                game.play("build 3 18 0 0")
            text = game.save()
        with DiceGame.load(text) as loaded:
            self.assertEqual(loaded.save(), text)

    def test_no_open_edge_is_ever_out_of_reach(self):
        """Random legal builds over the full list: every black edge facing an
        empty cell faces a cell where some die could still go."""
        for seed in range(8):
            with DiceGame(seed=seed) as game:
                for step in range(90):
                    if game.is_over:
                        break
                    actions = game.legal_actions(touching=step % 3 != 0)
                    game.play(actions[(seed * 7919 + step * 104729) % len(actions)])
                    city = {d.cell: int(d.edges) for d in game.dice if d.cell is not None}
                    for (x, y), edges in city.items():
                        for s, (dx, dy) in enumerate(STEP):
                            cell = (x + dx, y + dy)
                            if edges >> s & 1 and cell not in city:
                                reason = game.illegal_reason(DiceAction.build(0, *cell))
                                self.assertNotIn("beyond the city", reason or "", (seed, step))


class ErrorsSayWhy(unittest.TestCase):
    def test_check_and_is_legal(self):
        with DiceGame(seed=1) as game:
            game.set_next_roll("0 1 2 3 K K C C 0")
            game.roll()
            before = game.save()
            for action, cls, reason in (
                    ("knight 0", errors.IllegalMoveError, "die 0 does not show a knight"),
                    ("build 4 0 0 0", errors.IllegalMoveError, "die 4 does not show a city"),
                    ("build 0 1 0 0", errors.IllegalMoveError, "the first die of a turn is built at 0,0"),
                    (DiceAction(DiceActionKind.ROLL, 1), errors.InvalidArgumentError,
                     "roll: die, x, y and rotation must be 0"),
                    (DiceAction(DiceActionKind.STOP, 0, 1), errors.InvalidArgumentError,
                     "stop: die, x, y and rotation must be 0")):
                with self.subTest(action=action):
                    with self.assertRaises(cls) as cm:
                        game.check(action)
                    self.assertEqual(cm.exception.detail, reason)
                    self.assertEqual(game.illegal_reason(action), reason)
                    self.assertFalse(game.is_legal(action))
            self.assertEqual(game.save(), before, "checking changes nothing")
            self.assertIsNone(game.illegal_reason("build 0 0 0 0"))
            game.check("build 0 0 0 0")  # legal: no exception

    def test_text_that_is_no_action(self):
        with DiceGame() as game:
            self.assertFalse(game.is_legal("garbage"))
            self.assertFalse(game.is_legal(""))
            self.assertIn("cannot read the dice action", game.illegal_reason("garbage"))
            with self.assertRaises(errors.ParseError):
                game.check("garbage")
            with self.assertRaises(TypeError):
                game.is_legal(3)
            self.assertTrue(game.is_legal("roll"))

    def test_query_errors_carry_a_detail(self):
        with DiceGame(players=3) as game:
            for query, detail in ((lambda: game.score(5), "player 5 out of range (0..2)"),
                                  (lambda: game.die(9), "die 9 out of range (0..8)"),
                                  (lambda: game.player_dice(3), "player 3 out of range (0..2)")):
                with self.subTest(detail=detail):
                    with self.assertRaises(errors.RangeError) as cm:
                        query()
                    self.assertEqual(cm.exception.detail, detail)
            self.assertIsNone(game.cell(9, 0), "no grid edge: an empty cell")


class NoSilentCoercion(unittest.TestCase):
    def test_dice_game(self):
        for kwargs in ({"players": 2.7}, {"players": "3"}, {"players": True}, {"seed": 1.5},
                       {"seed": "7"}, {"seed": None}):
            with self.subTest(**{k: repr(v) for k, v in kwargs.items()}):
                with self.assertRaises(TypeError):
                    DiceGame(**kwargs)
        with self.assertRaises(ValueError):
            DiceGame(seed=-1)
        with self.assertRaises(ValueError):
            DiceGame(seed=1 << 64)
        with DiceGame(players=Index(3), seed=Index(7)) as game:
            self.assertEqual((game.players, game.seed), (3, 7))

    def test_dice_action(self):
        for make in (lambda: DiceAction.build(0, 1.9, 0), lambda: DiceAction.build(0.0, 0, 0),
                     lambda: DiceAction.build(0, 0, "1"), lambda: DiceAction.build(0, 0, 0, 1.0),
                     lambda: DiceAction.set_knight("3"), lambda: DiceAction(1.0)):
            with self.assertRaises(TypeError):
                make()
        self.assertEqual(DiceAction.build(Index(1), Index(-2), 0, DicePhase.CHOOSE),
                         DiceAction.parse("build 1 -2 0 90"))
        with self.assertRaises(errors.RangeError):
            DiceAction.build(0, 1 << 31, 0)

    def test_tile_game(self):
        for kwargs in ({"players": 2.7}, {"players": "2"}, {"seed": 1.5}, {"seed": "7"},
                       {"start_rotation": 1.0}, {"start": (0.5, 0)}):
            with self.subTest(**{k: repr(v) for k, v in kwargs.items()}):
                with self.assertRaises(TypeError):
                    Game(**kwargs)
        with self.assertRaises(ValueError):
            Game(seed=-1)
        with Game(players=Index(3), seed=Index(9)) as game:
            self.assertEqual((game.players, game.seed), (3, 9))
        with self.assertRaises(TypeError):
            Move("D", 1.9, 0)
        with self.assertRaises(TypeError):
            Move("D", 1, 0, rotation=1.0)
        self.assertEqual(Move("D", Index(1), 0), Move("D", 1, 0))


class Printing(unittest.TestCase):
    def test_str_is_the_state(self):
        with DiceGame(players=2, seed=3) as game:
            self.assertEqual(str(game.phase), "ROLL")
            self.assertEqual(f"{game.phase}", "ROLL")
            self.assertEqual(int(game.phase), 0)
            text = str(game)
            self.assertIn("P0 to move, phase ROLL, roll 0 of 3", text)
            self.assertIn("scores: P0 0, P1 0", text)
            self.assertIn("to roll: 0, 1, 2, 3, 4, 5, 6, 7, 8", text)
            game.set_next_roll("0 2 K K C 1 1 3 C")
            game.roll()
            game.play("build 0 0 0 180")
            game.play("knight 2")
            text = str(game)
            self.assertIn("phase CHOOSE, roll 1 of 3", text)
            self.assertIn("free: 1 CITY2, 3 KNIGHT, 5 CITY1, 6 CITY1, 7 CITY3", text)
            self.assertIn("knights: 2", text)
            self.assertIn("city: 0 CITY0 at 0,0 180°", text)
            self.assertIn("catapults: 4, 8 (to P1)", text)
            self.assertEqual(game.render(), "+.+\n.0.\n+#+")
            self.assertNotIn(game.render(), text)
            self.assertEqual(str(DiceFace.KNIGHT), "KNIGHT")
            self.assertEqual(str(game.events[0].kind), str(DiceEventKind.CATAPULTS))
        with DiceGame(players=2, seed=3) as game:
            game.set_next_roll("C C C C C C C C C")
            game.roll()  # 9 catapults: P0 wins
            self.assertIn("over after 0 turns: P0 won (9 catapults)", str(game))


class Cost(unittest.TestCase):
    def test_roll_and_last_roll_do_not_save(self):
        with DiceGame(seed=4) as game, \
                mock.patch.object(DiceGame, "save", side_effect=AssertionError("saved")):
            self.assertEqual(game.last_roll(), [])
            for _ in range(300):
                if game.is_over:
                    break
                if game.phase == DicePhase.ROLL:
                    rolled = game.roll()
                    self.assertEqual(list(rolled.values()), game.last_roll())
                else:
                    game.play(game.legal_actions()[-1])

    def test_legal_actions_touch_the_city_by_default(self):
        with DiceGame(seed=1) as game:
            game.set_next_roll("0 1 2 3 2 1 0 3 K")
            game.roll()
            game.play("build 0 0 0 180")
            default = game.legal_actions()
            full = game.legal_actions(touching=False)
            self.assertEqual(default, game.legal_actions(touching=True))
            self.assertLess(len(default), 60)
            self.assertGreater(len(full), 1000)
            self.assertLess(set(default), set(full))
            for action in default:
                if action.kind == DiceActionKind.BUILD:
                    x, y = action.cell
                    self.assertTrue(any(game.cell(x + dx, y + dy) is not None for dx, dy in STEP))
            self.assertTrue(all(game.is_legal(a) for a in full[::97]))


class AfterTheEnd(unittest.TestCase):
    def test_every_action_is_game_over(self):
        with DiceGame(seed=2) as game:
            game.set_next_roll("C C C C C C C C C")
            game.roll()
            self.assertTrue(game.is_over)
            for action in ("roll", "stop", "keep-knight", "knight 0", "build 0 0 0 0",
                           DiceAction(DiceActionKind.ROLL, 3), DiceAction(9)):
                with self.subTest(action=action):
                    with self.assertRaises(errors.GameOverError):
                        game.play(action)
                    self.assertEqual(game.illegal_reason(action), "the game is over")

    def test_a_fourth_roll_is_illegal(self):
        with DiceGame(seed=2) as game:
            game.set_next_roll("K 0 1 2 3 0 1 2 3")
            game.roll()
            game.play("knight 0")
            game.roll()
            game.roll()
            self.assertEqual(game.rolls, 3)
            self.assertEqual(game.phase, DicePhase.CHOOSE)
            with self.assertRaises(errors.IllegalMoveError) as cm:
                game.play("roll")
            self.assertIn("no roll left", cm.exception.detail)


if __name__ == "__main__":
    unittest.main()
