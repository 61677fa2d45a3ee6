# SPDX-License-Identifier: MIT
"""Errors that say why: notation errors name the word at fault and what is
expected (carc_move_parse_msg), a Move with a field out of range is refused
when it is made, and Game.check gives the reason Game.play gives
(carc_game_check_move_msg)."""
import random
import unittest

import _support  # noqa: F401
from carcassonne import Game, Move, Status
from carcassonne import errors


class ParseReasons(unittest.TestCase):
    CASES = [
        ("hello", ['"hello"', "expected", "TILE X Y ROTATION [WHERE]"]),
        ("", ["empty move"]),
        ("D 1 0 45 -", ["rotation 45", "expected 0, 90, 180 or 270"]),
        ("D 1 0 0 road:Q", ['"road:Q"', "Q is not a side (N, E, S, W)"]),
        ("Q7 1 0 0 -", ['unknown tile "Q7"', "tiles: A..X"]),
        ("d 1 0 0 -", ['unknown tile "d"', "did you mean D?"]),
        ("D 1a 0 0 -", ['bad x "1a"']),
        ("D 1 b 0 -", ['bad y "b"']),
        ("D 1 0", ["ROTATION is missing"]),
        ("D 1 0 0 - extra", ['unexpected "extra"']),
        ("D 1 0 0 hat/road:E", ["hat is not a figure"]),
        ("A 0 0 0 road:N", ["tile A turned 0 has no road on side N"]),
        ("count kitchen", ['"kitchen" is not a quarter']),
        ("exit castle 1 1 city:N", ['"city:N"', "seg:N"]),
    ]

    def test_parse_says_what_and_where(self):
        for text, says in self.CASES:
            with self.subTest(text=text):
                with self.assertRaises(errors.ParseError) as cm:
                    Move.parse(text)
                exc = cm.exception
                self.assertIsInstance(exc, ValueError)
                self.assertEqual(exc.status, Status.EPARSE)
                self.assertEqual(exc.function, "carc_move_parse")
                for part in says:
                    self.assertIn(part, exc.detail)
                self.assertIn(exc.detail, str(exc))

    def test_play_and_check_of_a_text_say_it_too(self):
        with Game(seed=3) as g:
            before = g.save()
            for call in (g.play, g.check, g.figure_options):
                with self.subTest(call=call.__name__):
                    with self.assertRaises(errors.ParseError) as cm:
                        call("D 1 0 45 -")
                    self.assertIn("rotation 45: expected 0, 90, 180 or 270", cm.exception.detail)
            self.assertEqual(g.save(), before)

    def test_good_text_reads(self):
        move = Move.parse("D 1 0 90 road:S")
        self.assertEqual((move.tile, move.x, move.y, move.degrees), ("D", 1, 0, 90))
        self.assertEqual(Move.parse(str(move)), move)


class MoveFields(unittest.TestCase):
    def test_rotation_refused_when_made(self):
        for rotation in (4, 7, 90, 255):
            with self.subTest(rotation=rotation):
                with self.assertRaises(ValueError) as cm:
                    Move("D", 1, 0, rotation=rotation)
                self.assertIsInstance(cm.exception, errors.RangeError)
                text = str(cm.exception)
                self.assertIn(f"rotation {rotation}", text)
                self.assertIn("0, 1, 2 or 3 quarter turns", text)
        with self.assertRaises(ValueError) as cm:
            Move("D", 1, 0, 90)
        self.assertIn("90 degrees is rotation=1", str(cm.exception))
        for rotation in range(4):
            self.assertEqual(Move("D", 1, 0, rotation).degrees, 90 * rotation)

    def test_other_fields_refused_when_made(self):
        for kwargs, says in ((dict(figure=6), "figure 6"), (dict(move_kind=5), "move_kind 5"),
                             (dict(quarter=4), "quarter 4")):
            with self.subTest(**kwargs):
                with self.assertRaises(errors.RangeError) as cm:
                    Move("D", 1, 0, **kwargs)
                self.assertIn(says, str(cm.exception))
                self.assertIn("expected", str(cm.exception))


class CheckReasons(unittest.TestCase):
    def assertSameAsPlay(self, game, move):
        before = game.save()
        with self.assertRaises(errors.CarcassonneError) as checked:
            game.check(move)
        with self.assertRaises(errors.CarcassonneError) as played:
            game.play(move)
        self.assertIs(type(checked.exception), type(played.exception))
        self.assertEqual(checked.exception.status, played.exception.status)
        self.assertTrue(checked.exception.detail, "check says why")
        self.assertEqual(checked.exception.detail, played.exception.detail)
        self.assertEqual(game.save(), before, "neither changes the game")
        return checked.exception

    def test_check_says_what_play_says(self):
        with Game(seed=3) as g:
            tile = g.current_tile
            exc = self.assertSameAsPlay(g, Move(tile, 5, 5))
            self.assertEqual(exc.detail, "(5,5) touches no tile")
            self.assertEqual(self.assertSameAsPlay(g, Move(tile, 0, 0)).detail,
                             "(0,0) already holds a tile")
            other = "A" if tile != "A" else "B"
            self.assertIn(f"tile {other} is not the tile to place",
                          self.assertSameAsPlay(g, Move(other, 0, 1)).detail)
            self.assertIsInstance(self.assertSameAsPlay(g, Move.pass_()), errors.IllegalMoveError)
            g.check(g.legal_moves()[0])  # a legal move: nothing raised

    def test_random_moves_in_random_games(self):
        rng = random.Random(5)
        checked = 0
        for modules in ("", "river,abbot", "inns,traders", "count,abbot"):
            with Game(players=3, seed=11, modules=modules) as g:
                for _ in range(25):
                    if g.is_over:
                        break
                    legal = g.legal_moves()
                    for _ in range(6):
                        m = rng.choice(legal)
                        if not m.is_place:
                            continue
                        wrong = Move(m.kind, m.x + rng.randint(-2, 2), m.y + rng.randint(1, 2),
                                     rng.randint(0, 3))
                        if g.is_legal(wrong):
                            continue
                        self.assertSameAsPlay(g, wrong)
                        checked += 1
                    g.play(rng.choice(legal))
            with self.subTest(modules=modules):
                self.assertGreater(checked, 0)

    def test_game_over(self):
        with Game(seed=3) as g:
            move = g.legal_moves()[0]
            g.end()
            exc = self.assertSameAsPlay(g, move)
            self.assertIsInstance(exc, errors.GameOverError)
            self.assertEqual(exc.detail, "the game is over")


if __name__ == "__main__":
    unittest.main()
