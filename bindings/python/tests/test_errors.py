# SPDX-License-Identifier: MIT
"""Failing calls raise the exception of their status, with the library's text."""
import unittest

import _support  # noqa: F401
import carcassonne
from carcassonne import Game, Move, Status
from carcassonne import errors


class ErrorMapping(unittest.TestCase):
    def assertStatus(self, cm, status, cls):
        exc = cm.exception
        self.assertIsInstance(exc, cls)
        self.assertIsInstance(exc, errors.CarcassonneError)
        self.assertEqual(exc.status, status)
        self.assertEqual(exc.name, "CARC_" + status.name)
        self.assertEqual(exc.message, carcassonne.status_str(status))
        self.assertIn(exc.name, str(exc))
        return exc

    def test_illegal_move(self):
        with Game(seed=1) as g:
            before = g.save()
            tile = g.current_tile
            with self.assertRaises(errors.IllegalMoveError) as cm:
                g.play(Move(tile, 5, 5))  # not next to any tile
            exc = self.assertStatus(cm, Status.EILLEGAL, errors.RulesError)
            self.assertTrue(exc.detail, "carries carc_game_last_error")
            self.assertIn(exc.detail, str(exc))
            self.assertEqual(exc.function, "carc_game_play")
            self.assertEqual(g.save(), before, "an illegal move changes nothing")
            self.assertFalse(g.is_legal(Move(tile, 5, 5)))
            with self.assertRaises(errors.IllegalMoveError) as checked:
                g.check(Move(tile, 5, 5))
            self.assertEqual(checked.exception.detail, exc.detail, "check says why, as play does")

    def test_wrong_tile(self):
        with Game(seed=1) as g:
            other = next(t.name for t in carcassonne.tiles()
                         if t.copies and t.name != g.current_tile)
            with self.assertRaises(errors.RulesError) as cm:
                g.play(Move(other, 0, -1))
            self.assertIn(cm.exception.status, (Status.EILLEGAL, Status.EPHASE))

    def test_no_undo(self):
        with Game() as g:
            with self.assertRaises(errors.NoUndoError) as cm:
                g.undo()
            self.assertStatus(cm, Status.ENO_UNDO, errors.RulesError)

    def test_not_in_bag(self):
        with Game(seed=3) as g:
            # There is one copy of C (the start tile is D): choose it, play it, ask again.
            g.choose_tile("C")
            g.play(g.legal_moves()[0])
            with self.assertRaises(errors.NotInBagError) as cm:
                g.choose_tile("C")
            self.assertStatus(cm, Status.ENOT_IN_BAG, LookupError)
            with self.assertRaises(errors.RangeError) as cm:
                g.choose_tile(10000)

    def test_game_over(self):
        with Game() as g:
            g.end()
            move = Move("A", 0, 1)
            with self.assertRaises(errors.GameOverError) as cm:
                g.play(move)
            self.assertStatus(cm, Status.EGAME_OVER, errors.RulesError)
            with self.assertRaises(errors.GameOverError):
                g.choose_tile("A")
            with self.assertRaises(errors.GameOverError):
                g.legal_moves()

    def test_bad_options(self):
        for players in (0, 1, 6, 100):
            with self.subTest(players=players):
                with self.assertRaises(errors.RangeError) as cm:
                    Game(players=players)
                self.assertStatus(cm, Status.ERANGE, ValueError)
        with self.assertRaises(errors.RangeError):
            Game(start_rotation=4)
        with self.assertRaises(ValueError):
            Game(players=-1)

    def test_bad_options_say_what_is_wrong(self):
        # The text of carc_game_options_check, before any game exists.
        for kwargs, status, text in (
                (dict(players=9), Status.ERANGE, "players 9 out of range 2..5"),
                (dict(players=1), Status.ERANGE, "players 1 out of range 2..5"),
                (dict(start_rotation=4), Status.ERANGE, "rotation")):
            with self.subTest(**kwargs):
                with self.assertRaises(ValueError) as cm:
                    Game(**kwargs)
                exc = self.assertStatus(cm, status, errors.RangeError)
                self.assertIn(text, exc.detail)
                self.assertIn(text, str(exc))
                self.assertEqual(exc.function, "carc_game_options_check")
                with self.assertRaises(errors.RangeError) as again:
                    carcassonne.check_options(**kwargs)
                self.assertEqual(again.exception.detail, exc.detail)
        carcassonne.check_options(players=5, modules="river,abbot")

    def test_unsupported_module(self):
        unsupported = [m for m in (carcassonne.Module.COUNT, carcassonne.Module.INNS,
                                   carcassonne.Module.TRADERS)
                       if not m & carcassonne.supported_modules()]
        if not unsupported:
            self.skipTest("this build implements every module")
        for module in unsupported:
            name = carcassonne.module_name(module)
            for spelling in (module, name, {name}, f"river,{name}"):
                with self.subTest(module=spelling):
                    with self.assertRaises(errors.UnsupportedError) as cm:
                        Game(modules=spelling)
                    exc = self.assertStatus(cm, Status.EUNSUPPORTED, NotImplementedError)
                    self.assertIn(name, exc.detail)
                    self.assertEqual(exc.function, "carc_game_options_check")

    def test_unknown_module_name(self):
        for spelling in ("rivers", {"river", "abbott"}, "river,,foo", ["-farmer"]):
            with self.subTest(modules=spelling):
                with self.assertRaises(ValueError) as cm:
                    Game(modules=spelling)
                self.assertIsInstance(cm.exception, errors.ParseError)
                for known in ("farmers", "river", "abbot", "count", "inns", "traders"):
                    self.assertIn(known, str(cm.exception))

    def test_parse_error(self):
        for text in ("", "D", "D 1 0", "D 1 0 45", "ZZ 1 0 0", "D 1 0 0 road:X", "D x 0 0",
                     "D 1 0 0 - extra"):
            with self.subTest(text=text):
                with self.assertRaises(errors.ParseError) as cm:
                    Move.parse(text)
                self.assertStatus(cm, Status.EPARSE, ValueError)
        with Game() as g:
            with self.assertRaises(errors.ParseError):
                g.play("not a move")

    def test_bad_move_fields(self):
        with Game() as g:
            with self.assertRaises(errors.CarcassonneError) as cm:
                g.play(Move("D", 0, 1, 7))
            self.assertIn(cm.exception.status, (Status.ERANGE, Status.EILLEGAL, Status.EINVAL))

    def test_move_fields_out_of_range(self):
        for kwargs in (dict(rotation=-1), dict(rotation=256), dict(segment=300), dict(x=1 << 31),
                       dict(y=-(1 << 31) - 1), dict(figure=-2)):
            with self.subTest(**kwargs):
                args = dict(tile="D", x=0, y=1)
                args.update(kwargs)
                with self.assertRaises(errors.RangeError):
                    Move(**args)
        with self.assertRaises(errors.NotFoundError):
            Move("nope", 0, 1)

    def test_load_errors(self):
        good = _support.playout(seed=4, moves=12).save()
        lines = good.splitlines(keepends=True)
        cases = [
            ("", (errors.RecordError,), None),
            ("hello\n", (errors.FormatError, errors.ParseError), 1),
            ("carcassonne-record 99\n", (errors.FormatError,), 1),
            ("".join(lines[:5] + ["place nonsense\n"] + lines[5:]), (errors.ParseError,), 6),
        ]
        # A well-formed move that is illegal in that position: the same tile far away.
        place = next(i for i, l in enumerate(lines) if l.startswith("place "))
        parts = lines[place].split()
        parts[2], parts[3] = "50", "50"
        bad = lines[:place] + [" ".join(parts) + "\n"] + lines[place + 1:]
        cases.append(("".join(bad), (errors.ReplayError,), place + 1))
        for text, classes, line in cases:
            with self.subTest(text=text[:40]):
                with self.assertRaises(errors.RecordError) as cm:
                    Game.load(text)
                exc = cm.exception
                self.assertIsInstance(exc, classes)
                self.assertEqual(exc.function, "carc_game_load")
                self.assertTrue(exc.detail)
                if line is not None:
                    self.assertEqual(exc.line, line, str(exc))
                    self.assertIn(str(line), exc.detail)

    def test_feature_not_found(self):
        with Game() as g:
            with self.assertRaises(errors.NotFoundError) as cm:
                g.feature(123456)
            self.assertStatus(cm, Status.ENOTFOUND, LookupError)
            with self.assertRaises(errors.RangeError):
                g.score(5)

    def test_errors_pickle(self):
        import pickle
        with Game() as g:
            try:
                g.undo()
            except errors.NoUndoError as exc:
                copy = pickle.loads(pickle.dumps(exc))
                self.assertEqual((copy.status, copy.name, str(copy)), (exc.status, exc.name, str(exc)))


if __name__ == "__main__":
    unittest.main()
