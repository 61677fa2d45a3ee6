# SPDX-License-Identifier: MIT
"""The Game, Move and MoveList classes over the C API."""
import copy
import pickle
import unittest

import _support  # noqa: F401
import carcassonne
from carcassonne import (EventKind, Figure, Game, HistoryKind, Module, Move, SegmentKind,
                         ScoreEvent, DiscardEvent, Side, Edge)


class NewGame(unittest.TestCase):
    def test_defaults(self):
        with Game() as g:
            self.assertEqual(g.players, 2)
            self.assertEqual(g.scores, [0, 0])
            self.assertEqual(g.supply, [7, 7])
            self.assertEqual(g.current_player, 0)
            self.assertFalse(g.is_over)
            self.assertEqual(g.winners, [])
            self.assertEqual(g.remaining, 71)
            self.assertIsNotNone(g.current_tile)
            self.assertEqual([(t.tile, t.x, t.y, t.rotation) for t in g.board], [("D", 0, 0, 0)])
            self.assertEqual(g.history, [])
            self.assertEqual(g.events, [])
            self.assertEqual(g.followers, [])
            self.assertFalse(g.can_undo)
            opts = g.options
            self.assertEqual((opts.players, opts.seed, opts.modules, opts.start_tile),
                             (2, 0, Module.FARMERS, "D"))
            self.assertTrue(opts.farmers)
            self.assertGreater(g.state_size, 0)
            self.assertEqual(g.bounds, (0, 0, 0, 0))

    def test_options(self):
        with Game(players=4, seed=12345678901234567890, farmers=False, start_tile="C",
                  start=(3, -2), start_rotation=1) as g:
            opts = g.options
            self.assertEqual(opts.players, 4)
            self.assertEqual(opts.seed, 12345678901234567890)
            self.assertEqual(opts.modules, Module.NONE)
            self.assertFalse(opts.farmers)
            self.assertEqual((opts.start_tile, opts.start_x, opts.start_y, opts.start_rotation),
                             ("C", 3, -2, 1))
            self.assertEqual(g.tile_at(3, -2).tile, "C")
            self.assertEqual(g.tile_at(3, -2).rotation, 1)
            self.assertIsNone(g.tile_at(0, 0))
            self.assertEqual(g.supply, [7, 7, 7, 7])

    def test_same_seed_same_game(self):
        a, b = Game(seed=99), Game(seed=99)
        for _ in range(20):
            self.assertEqual(a.current_tile, b.current_tile)
            moves = a.legal_moves()
            self.assertEqual(moves, b.legal_moves())
            a.play(moves[len(moves) // 2])
            b.play(moves[len(moves) // 2])
        self.assertEqual(a.save(), b.save())

    def test_seed_out_of_range(self):
        with self.assertRaises(ValueError):
            Game(seed=-1)
        with self.assertRaises(ValueError):
            Game(seed=1 << 64)


class Moves(unittest.TestCase):
    def setUp(self):
        self.g = Game(seed=7)

    def tearDown(self):
        self.g.close()

    def test_move_value(self):
        m = Move("D", 1, 0, 1, segment=2)
        self.assertEqual((m.tile, m.kind, m.x, m.y, m.rotation, m.degrees, m.figure, m.segment),
                         ("D", carcassonne.tile("D").kind, 1, 0, 1, 90, Figure.FOLLOWER, 2))
        self.assertEqual(Move("D", 1, 0).figure, Figure.NONE)
        self.assertIsNone(Move("D", 1, 0).segment)
        self.assertEqual(m, Move(carcassonne.tile("D").kind, 1, 0, 1, Figure.FOLLOWER, 2))
        self.assertNotEqual(m, Move("D", 1, 0, 1))
        self.assertEqual(len({m, Move("D", 1, 0, 1, segment=2)}), 1)
        self.assertEqual(m.placement, Move("D", 1, 0, 1))
        self.assertEqual(pickle.loads(pickle.dumps(m)), m)
        self.assertNotEqual(m, tuple(m))

    def test_notation_round_trip(self):
        for text in ("D 1 0 0 road:E", "E 0 -1 180 -", "B 0 1 0 cloister", "U 1 0 90 field:NNE",
                     "C 0 -1 270 city:N"):
            with self.subTest(text=text):
                m = Move.parse(text)
                self.assertEqual(Move.parse(str(m)), m)
                self.assertEqual(eval(repr(m), {"Move": Move}), m)
        self.assertEqual(str(Move.parse("E 0 -1 180 -")), "E 0 -1 180 -")
        self.assertEqual(Move.parse("B 0 1 0 cloister").where, "cloister")
        self.assertEqual(Move.parse("E 0 -1 180").where, "-")
        self.assertEqual(Move.parse("E 0 -1 180").figure, Figure.NONE)

    def test_legal_moves(self):
        moves = self.g.legal_moves()
        self.assertTrue(moves)
        tile = self.g.current_tile
        self.assertTrue(all(m.tile == tile for m in moves))
        self.assertTrue(all(self.g.is_legal(m) for m in moves))
        self.assertEqual(len(set(moves)), len(moves))
        unique = self.g.legal_moves(unique_rotations=True)
        self.assertLessEqual(len(unique), len(moves))
        self.assertTrue(set(unique) <= set(moves))
        # placements times figure options
        total = sum(len(self.g.figure_options(p)) for p in self.g.placements())
        self.assertEqual(total, len(moves))
        for p in self.g.placements():
            options = self.g.figure_options(p)
            self.assertEqual(options[0], p)
            self.assertTrue(all(o.placement == p for o in options))
        self.assertEqual(self.g.figure_options(str(moves[0].placement))[0], moves[0].placement)

    def test_placements_of_any_tile(self):
        for tile in carcassonne.tiles():
            if tile.copies == 0:
                continue
            with self.subTest(tile=tile.name):
                placements = self.g.placements(tile.name)
                self.assertTrue(all(p.tile == tile.name and p.figure == Figure.NONE
                                    for p in placements))
                self.assertEqual(placements, self.g.placements(tile.kind))

    def test_play_undo(self):
        before = self.g.save()
        move = self.g.legal_moves()[-1]
        player = self.g.current_player
        self.g.play(move)
        self.assertTrue(self.g.can_undo)
        self.assertEqual(self.g.history[-1].move, move)
        self.assertEqual(self.g.history[-1].player, player)
        self.assertEqual(self.g.history[-1].kind, HistoryKind.PLACE)
        self.assertEqual(str(self.g.history[-1]), f"place {move}")
        self.assertEqual(len(self.g.board), 2)
        self.g.undo()
        self.assertEqual(self.g.save(), before)
        self.assertFalse(self.g.can_undo)

    def test_play_string(self):
        move = self.g.legal_moves()[0]
        self.g.play(str(move))
        self.assertEqual(self.g.history[0].move, move)
        with self.assertRaises(TypeError):
            self.g.play(42)

    def test_movelist(self):
        with self.g.movelist() as ml:
            self.assertIs(ml.game, self.g)
            ml.fill_legal()
            self.assertEqual(ml.to_list(), self.g.legal_moves())
            self.assertEqual(list(ml), ml.to_list())
            self.assertEqual(ml[-1], ml.to_list()[-1])
            self.assertEqual(ml[1:3], ml.to_list()[1:3])
            with self.assertRaises(IndexError):
                ml[len(ml)]
            ml.fill_placements(self.g.current_tile)
            self.assertEqual(ml.to_list(), self.g.placements())
            ml.fill_figure_options(ml[0])
            self.assertEqual(ml[0].figure, Figure.NONE)
            self.assertIn("MoveList", repr(ml))
        self.assertTrue(ml.closed)


class PlayThrough(unittest.TestCase):
    def test_full_game(self):
        g = Game(players=3, seed=5)
        turns = 0
        while not g.is_over:
            self.assertEqual(g.current_player, turns % 3)  # seed 5 has no discard
            g.play(g.legal_moves()[-1])
            turns += 1
        self.assertFalse(any(h.kind == HistoryKind.DISCARD for h in g.history))
        self.assertIsNone(g.current_tile)
        self.assertEqual(g.remaining, 0)
        self.assertTrue(g.winners)
        top = max(g.scores)
        self.assertEqual(g.winners, [p for p, s in enumerate(g.scores) if s == top])
        with self.assertRaises(carcassonne.GameOverError):
            g.legal_moves()
        with self.assertRaises(carcassonne.GameOverError):
            g.placements()
        # Final-scoring events carry the points every score came from.
        totals = [0] * 3
        for e in g.events:
            if isinstance(e, ScoreEvent):
                for p in e.players:
                    totals[p] += e.points
        self.assertEqual(totals, g.scores)
        self.assertTrue(any(isinstance(e, ScoreEvent) and e.final for e in g.events))
        self.assertEqual(sum(1 for h in g.history if h.kind == HistoryKind.PLACE) + 1,
                         len(g.board))
        g.undo()
        self.assertFalse(g.is_over)
        g.close()

    def test_events_and_features(self):
        g = _support.playout(seed=3, players=2)
        for e in g.events:
            self.assertIn(e.kind, (EventKind.SCORE, EventKind.FINAL, EventKind.DISCARD))
            if isinstance(e, ScoreEvent):
                self.assertIsInstance(e.feature, SegmentKind)
                self.assertGreaterEqual(e.tiles, 1)
                self.assertEqual(g.tile_at(e.x, e.y).tile, e.tile)
                feature = g.feature_at(e.x, e.y, e.segment)
                self.assertEqual(feature.kind, e.feature)
                self.assertIn((e.x, e.y), feature.cells)
                self.assertEqual(len(feature.cells), feature.tiles if e.feature != SegmentKind.MONASTERY
                                 else len(feature.cells))
            else:
                self.assertIsInstance(e, DiscardEvent)
        for f in g.followers:
            feature = g.feature(f.feature)
            self.assertGreaterEqual(feature.occupants[f.player], 1)
            self.assertEqual(sum(feature.occupants), feature.figures)
            self.assertEqual(g.feature_at(f.x, f.y, f.segment).id, f.feature)
        with self.assertRaises(carcassonne.NotFoundError):
            g.feature_at(1000, 1000, 0)
        g.close()

    def test_choose_tile_and_discard(self):
        g = Game(seed=1)
        g.choose_tile("V")
        self.assertEqual(g.current_tile, "V")
        g.undo()  # takes the choice back
        g.choose_tile("A")
        self.assertEqual(g.current_tile, "A")
        g.play(g.placements()[0])
        remaining = g.remaining_of("A")
        self.assertEqual(remaining, carcassonne.tile("A").copies - 1)
        with self.assertRaises(carcassonne.NotFoundError):
            g.choose_tile("ZZ")
        g.close()

    def test_end_and_clone(self):
        g = Game(seed=4)
        for _ in range(10):
            g.play(g.legal_moves()[0])
        c = g.clone()
        n = g.clone(history=False)
        self.assertEqual(c.save(), g.save())
        self.assertTrue(c.can_undo)
        self.assertFalse(n.can_undo)
        self.assertEqual(n.scores, g.scores)
        g.end()
        self.assertTrue(g.is_over)
        self.assertEqual(g.history[-1].kind, HistoryKind.END)
        self.assertEqual(str(g.history[-1]), "end")
        g.end()  # nothing when over
        self.assertFalse(c.is_over)
        c.play(c.legal_moves()[0])
        self.assertEqual(len(c.history), 11)
        g.undo()
        self.assertFalse(g.is_over)
        d = copy.deepcopy(c)
        self.assertEqual(d.save(), c.save())
        n.copy_from(c)
        self.assertEqual(n.save(), c.save())
        for game in (g, c, n, d):
            game.close()


class Records(unittest.TestCase):
    def test_save_load(self):
        g = _support.playout(seed=8, players=3, moves=40)
        text = g.save()
        self.assertTrue(text.startswith(f"carcassonne-record {carcassonne.RECORD_FORMAT}\n"))
        h = Game.load(text)
        self.assertEqual(h.save(), text)
        self.assertEqual(h.scores, g.scores)
        self.assertEqual(h.supply, g.supply)
        self.assertEqual(h.current_tile, g.current_tile)
        self.assertEqual(Game.load(text.encode()).save(), text)
        g.close()
        h.close()

    def test_pickle(self):
        with _support.playout(seed=9, players=3, moves=20) as g:
            copy_ = pickle.loads(pickle.dumps(g))
            self.assertEqual(copy_.save(), g.save())
            self.assertEqual(copy_.scores, g.scores)
            copy_.close()

    def test_render(self):
        g = _support.playout(seed=2, moves=15)
        text = g.render()
        self.assertIsInstance(text, str)
        self.assertTrue(text)
        self.assertEqual(str(g), text)
        self.assertNotEqual(g.render(legend=False), "")
        self.assertIn("\x1b[", g.render(color=True))
        svg = g.to_svg()
        self.assertTrue(svg.lstrip().startswith("<"))
        self.assertIn("<svg", svg)
        self.assertTrue(svg.rstrip().endswith("</svg>"))
        self.assertEqual(g._repr_svg_(), svg)
        self.assertIn("players", repr(g))
        g.close()
        self.assertIsNone(g._repr_svg_())
        self.assertEqual(str(g), "<Game closed>")
        self.assertEqual(repr(g), "<Game closed>")


class Catalogue(unittest.TestCase):
    def test_tiles(self):
        tiles = carcassonne.tiles()
        names = [t.name for t in tiles]
        self.assertEqual(names[:24], [chr(ord("A") + i) for i in range(24)])
        self.assertEqual(tuple(names), carcassonne.tile_names())
        base = [t for t in tiles if t.copies]
        self.assertEqual(sum(t.copies for t in base), 72)
        d = carcassonne.tile("D")
        self.assertEqual(d.copies, 4)
        self.assertEqual(d.edges, (Edge.CITY, Edge.ROAD, Edge.FIELD, Edge.ROAD))
        self.assertEqual(d.edges_at(1), (Edge.ROAD, Edge.CITY, Edge.ROAD, Edge.FIELD))
        kinds = {s.kind for s in d.segments}
        self.assertEqual(kinds, {SegmentKind.CITY, SegmentKind.ROAD, SegmentKind.FIELD})
        city = next(s for s in d.segments if s.kind == SegmentKind.CITY)
        self.assertEqual(city.sides, (Side.N,))
        turned = d.segments_at(1)[city.index]
        self.assertEqual(turned.sides, (Side.E,))
        b = carcassonne.tile("B")
        self.assertTrue(any(s.kind == SegmentKind.MONASTERY for s in b.segments))
        with self.assertRaises(carcassonne.NotFoundError):
            carcassonne.tile("nope")
        with self.assertRaises(carcassonne.RangeError):
            carcassonne.tile(10000)


if __name__ == "__main__":
    unittest.main()
