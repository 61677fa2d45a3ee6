# SPDX-License-Identifier: MIT
"""Closing, use after close, context managers and garbage collection."""
import gc
import unittest
import weakref

import _support  # noqa: F401
import carcassonne
from carcassonne import ClosedError, Game, Move


# Every public operation of a Game, as a callable on a (closed) game.
GAME_OPERATIONS = {
    "legal_moves": lambda g: g.legal_moves(),
    "placements": lambda g: g.placements("A"),
    "placements(current)": lambda g: g.placements(),
    "figure_options": lambda g: g.figure_options(Move("A", 0, 1)),
    "check": lambda g: g.check(Move("A", 0, 1)),
    "is_legal": lambda g: g.is_legal(Move("A", 0, 1)),
    "play": lambda g: g.play(Move("A", 0, 1)),
    "play(str)": lambda g: g.play("A 0 1 0 -"),
    "undo": lambda g: g.undo(),
    "can_undo": lambda g: g.can_undo,
    "clone": lambda g: g.clone(),
    "copy_from": lambda g: g.copy_from(Game()),
    "choose_tile": lambda g: g.choose_tile("A"),
    "end": lambda g: g.end(),
    "players": lambda g: g.players,
    "options": lambda g: g.options,
    "current_player": lambda g: g.current_player,
    "current_tile": lambda g: g.current_tile,
    "remaining": lambda g: g.remaining,
    "remaining_of": lambda g: g.remaining_of("A"),
    "is_over": lambda g: g.is_over,
    "scores": lambda g: g.scores,
    "score": lambda g: g.score(0),
    "supply": lambda g: g.supply,
    "leaders": lambda g: g.leaders,
    "winners": lambda g: g.winners,
    "state_size": lambda g: g.state_size,
    "board": lambda g: g.board,
    "tile_at": lambda g: g.tile_at(0, 0),
    "bounds": lambda g: g.bounds,
    "followers": lambda g: g.followers,
    "feature_at": lambda g: g.feature_at(0, 0, 0),
    "feature": lambda g: g.feature(0),
    "events": lambda g: g.events,
    "history": lambda g: g.history,
    "save": lambda g: g.save(),
    "render": lambda g: g.render(),
    "to_svg": lambda g: g.to_svg(),
    "movelist": lambda g: g.movelist(),
    "with": lambda g: g.__enter__(),
    "close": lambda g: g.close(),
}


class Close(unittest.TestCase):
    def test_double_close_raises(self):
        g = Game()
        self.assertFalse(g.closed)
        g.close()
        self.assertTrue(g.closed)
        with self.assertRaises(ClosedError):
            g.close()
        with self.assertRaises(ValueError):  # ClosedError is a ValueError, like closed files
            g.close()

    def test_use_after_close_raises(self):
        g = Game()
        g.play(g.legal_moves()[0])
        g.close()
        for name, operation in GAME_OPERATIONS.items():
            with self.subTest(operation=name):
                with self.assertRaises(ClosedError):
                    operation(g)

    def test_closed_other_game(self):
        with Game() as a, Game() as b:
            b.close()
            with self.assertRaises(ClosedError):
                a.copy_from(b)

    def test_context_manager(self):
        with Game() as g:
            self.assertFalse(g.closed)
        self.assertTrue(g.closed)
        with Game() as g:
            g.close()  # explicit close inside the block: leaving it does not raise
        with self.assertRaises(RuntimeError):
            with Game() as g:
                raise RuntimeError("boom")
        self.assertTrue(g.closed)

    def test_movelist_close(self):
        g = Game()
        ml = g.movelist()
        ml.close()
        with self.assertRaises(ClosedError):
            ml.close()
        for operation in (len, list, lambda m: m[0], lambda m: m.fill_legal(),
                          lambda m: m.to_list(), lambda m: m.fill_placements("A"),
                          lambda m: m.fill_figure_options(Move("A", 0, 1)), lambda m: m.__enter__()):
            with self.assertRaises(ClosedError):
                operation(ml)
        self.assertEqual(repr(ml), "<MoveList closed>")
        g.close()

    def test_failed_constructor_leaves_nothing(self):
        with self.assertRaises(carcassonne.RangeError):
            Game(players=9)
        gc.collect()  # the half-made object's __del__ must not fail


class GarbageCollection(unittest.TestCase):
    def test_game_is_freed_when_unreferenced(self):
        g = Game()
        g.legal_moves()  # creates the game's scratch move list
        ref = weakref.ref(g)
        del g
        self.assertIsNone(ref(), "no reference cycle keeps a Game alive")

    def test_movelist_keeps_game_alive(self):
        g = Game(seed=2)
        expected = g.legal_moves()
        ml = g.movelist().fill_legal()
        ref = weakref.ref(g)
        del g
        gc.collect()
        self.assertIsNotNone(ref(), "a borrowed object keeps its game")
        self.assertEqual(ml.to_list(), expected)
        ml.fill_legal(unique_rotations=True)
        self.assertTrue(len(ml) > 0)
        ml.game.close()
        # the list's own memory is still readable; asking the closed game is not
        self.assertTrue(len(ml) > 0)
        self.assertIsInstance(ml[0], Move)
        with self.assertRaises(ClosedError):
            ml.fill_legal()
        del ml
        gc.collect()
        self.assertIsNone(ref())

    def test_values_outlive_the_game(self):
        g = _support.playout(seed=6, moves=30)
        moves, board, events = g.legal_moves(), g.board, g.events
        history, followers = g.history, g.followers
        g.close()
        del g
        gc.collect()
        self.assertTrue(all(isinstance(m, Move) for m in moves))
        self.assertTrue(str(moves[0]))
        self.assertEqual(len(board), 31)
        self.assertEqual(len(history), 30 + sum(1 for h in history if h.kind != 0))
        self.assertIsInstance(events, list)
        self.assertIsInstance(followers, list)

    def test_many_games_collected(self):
        refs = []
        for seed in range(200):
            g = Game(seed=seed)
            g.play(g.legal_moves()[0])
            ml = g.movelist().fill_legal()
            c = g.clone()
            refs.append(weakref.ref(g))
            if seed % 3 == 0:
                g.close()
            del g, c
            if seed % 5 == 0:
                del ml
        del ml  # the last list keeps the last game
        gc.collect()
        self.assertTrue(all(r() is None for r in refs))

    def test_cycle_through_game_is_collected(self):
        class Holder:
            pass
        h = Holder()
        h.game = Game()
        h.ml = h.game.movelist()
        h.self = h
        ref = weakref.ref(h.game)
        del h
        gc.collect()
        self.assertIsNone(ref())


if __name__ == "__main__":
    unittest.main()
