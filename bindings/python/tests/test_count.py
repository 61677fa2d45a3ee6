# SPDX-License-Identifier: MIT
"""The Count of Carcassonne through Python (module "count"): the City of
Carcassonne laid in place of the start tile (CO/1..CO/12, SegmentSpecial.COC
fields), the spring beside it with the River (found by trying every place),
Game.city and Game.count, the three decisions (EXIT during play and in the
final round, QUARTER, COUNT) as Game.pending reports them, their moves out of
Game.legal_moves() with the move notation, undo, clone, save and load in the
middle of a decision, the variants, and seeded random games of every module
that check the followers are conserved (supply + board + city) at every
decision."""
import pickle
import random
import unittest

import _support
import carcassonne
from carcassonne import (City, Decision, EventKind, Figure, Game, HistoryKind, Module, Move,
                         MoveKind, PendingFlag, Quarter, SegmentKind, SegmentSpecial, Variant,
                         errors)
from test_scenarios import run_scenario_text

play = _support.play_tile
COUNT = Module.FARMERS | Module.COUNT
EVERY_MODULE = "farmers river abbot count inns traders"

#: count-trigger.scn: P1's thief on CO/11's road, closed by P0: 3 to P1, 0 to P0.
TRIGGER = ("B 2 0 0 -", "U 0 2 0 road:N", "A 0 3 180 -")
#: count-exit-order.scn, 3 players: P2 then P0 get a follower into the castle;
#: P1 then closes CO/12's cap (nobody on it).
EXIT_ORDER = (("B 2 0 0 -", "U 0 2 0 road:N", "A 0 3 180 -"),
              ("quarter castle", "count market"),
              ("B -1 2 0 -", "U 1 -2 0 road:S", "B 2 -1 0 -", "A 1 -3 0 -"),
              ("quarter castle", "pass"))
CLOSES_CAP = "E 2 1 270 -"
#: count-final.scn up to its `end`.
FINAL = ("F 2 1 0 city:E", "U 0 2 0 road:N", "A 0 3 180 -", "quarter castle", "count market",
         "E 3 1 270 -", "pass", "quarter cathedral", "pass", "U 1 -2 0 road:S", "A 1 -3 0 -",
         "quarter market", "pass", "B -1 2 0 cloister")


def count_game(moves=(), **options):
    """A game with the Count; place moves are drawn first (choose_tile)."""
    options.setdefault("modules", "count")
    game = Game(**options)
    for text in moves:
        if text.split()[0] in ("pass", "exit", "quarter", "count"):
            game.play(text)
        else:
            play(game, text)
    return game


def spring_places(players=2, modules="river count"):
    """Every (x, y, rotation) where the spring RA may start a River game with
    the Count, found by trying each cell around the city (check_options)."""
    found = []
    for y in range(-3, 4):
        for x in range(-4, 4):
            for rotation in range(4):
                try:
                    carcassonne.check_options(players=players, modules=modules, start_tile="RA",
                                              start=(x, y), start_rotation=rotation)
                except errors.RangeError:
                    continue
                found.append((x, y, rotation))
    return found


def figures_of(game):
    """{figure: [count per player]} of the figures on the board."""
    counts = {f: [0] * game.players for f in Figure if f != Figure.NONE}
    for f in game.followers:
        counts[f.figure][f.player] += 1
    return counts


class Constants(unittest.TestCase):
    def test_quarters(self):
        self.assertEqual([(q.name, q.value) for q in Quarter],
                         [("CASTLE", 0), ("MARKET", 1), ("BLACKSMITH", 2), ("CATHEDRAL", 3)])
        self.assertEqual([q.label for q in Quarter],
                         ["castle", "market", "blacksmith", "cathedral"])
        self.assertEqual([q.feature for q in Quarter],
                         [SegmentKind.CITY, SegmentKind.FIELD, SegmentKind.ROAD,
                          SegmentKind.MONASTERY])
        self.assertEqual(carcassonne.QUARTER_FEATURES[Quarter.CATHEDRAL], SegmentKind.MONASTERY)
        self.assertEqual(carcassonne.quarter_of("Market"), Quarter.MARKET)
        self.assertEqual(carcassonne.quarter_of(2), Quarter.BLACKSMITH)
        for bad in ("tavern", 4, -1):
            with self.assertRaises(ValueError):
                carcassonne.quarter_of(bad)

    def test_marks_and_kinds(self):
        self.assertEqual(SegmentSpecial.COC, 1 << 5)
        self.assertEqual(carcassonne.SPECIAL_NAMES[SegmentSpecial.COC], "coc")
        self.assertEqual(carcassonne.special_names(SegmentSpecial.COC | SegmentSpecial.INN),
                         ("inn", "coc"))
        self.assertEqual([(k.name, k.value) for k in MoveKind][2:],
                         [("EXIT", 2), ("QUARTER", 3), ("COUNT", 4)])
        self.assertEqual([(d.name, d.value) for d in Decision][2:],
                         [("EXIT", 2), ("QUARTER", 3), ("COUNT", 4)])
        self.assertEqual(PendingFlag.FINAL, 1 << 2)
        self.assertEqual((Variant.COC_FINAL_MARKET, Variant.COC_ONCE_PER_TURN), (2, 4))
        self.assertEqual(carcassonne.VARIANT_OPTIONS["coc-final"],
                         (Variant.COC_FINAL_MARKET, "market", "all"))
        self.assertIn(Module.COUNT, carcassonne.supported_modules())


class Notation(unittest.TestCase):
    def test_moves(self):
        cases = {
            "exit castle 2 1 seg:0": Move.exit_to("follower", "castle", 2, 1, 0),
            "exit cathedral -1 2 big/seg:3": Move.exit_to(Figure.BIG, Quarter.CATHEDRAL, -1, 2, 3),
            "quarter castle": Move.to_quarter("castle"),
            "quarter big/market": Move.to_quarter(Quarter.MARKET, "big"),
            "count market": Move.count_to("market"),
            "pass": Move.pass_(),
        }
        for text, move in cases.items():
            with self.subTest(move=text):
                self.assertEqual(str(move), text)
                self.assertEqual(repr(move), f"Move.parse({text!r})")
                self.assertEqual(Move.parse(text), move)
                self.assertEqual(pickle.loads(pickle.dumps(move)), move)
                self.assertIsNone(move.tile)
                self.assertFalse(move.is_place)
        exit_ = cases["exit castle 2 1 seg:0"]
        self.assertEqual((exit_.move_kind, exit_.quarter, exit_.figure, exit_.x, exit_.y,
                          exit_.segment, exit_.kind, exit_.rotation),
                         (MoveKind.EXIT, Quarter.CASTLE, Figure.FOLLOWER, 2, 1, 0, 0, 0))
        self.assertTrue(exit_.is_exit and not exit_.is_quarter and not exit_.is_count)
        self.assertEqual(exit_.where, "seg:0")
        self.assertEqual(cases["exit cathedral -1 2 big/seg:3"].where, "big/seg:3")
        quarter = cases["quarter big/market"]
        self.assertEqual((quarter.move_kind, quarter.quarter, quarter.figure, quarter.segment,
                          quarter.where), (MoveKind.QUARTER, Quarter.MARKET, Figure.BIG, None, "-"))
        self.assertTrue(quarter.is_quarter)
        count = cases["count market"]
        self.assertEqual((count.move_kind, count.quarter, count.figure),
                         (MoveKind.COUNT, Quarter.MARKET, Figure.NONE))
        self.assertTrue(count.is_count)
        self.assertIsNone(Move.pass_().quarter)
        for bad in ("exit tavern 0 0 seg:0", "quarter", "count big/market", "exit castle 1 seg:0"):
            with self.subTest(bad=bad), self.assertRaises(errors.ParseError):
                Move.parse(bad)


class CityOfCarcassonne(unittest.TestCase):
    def test_laid_in_place_of_the_start_tile(self):
        with Game(modules="count") as g:
            board = {(t.x, t.y): t for t in g.board}
            self.assertEqual(len(board), 12)
            for n in range(1, 13):
                x, y = -2 + (n - 1) % 4, -1 + (n - 1) // 4
                self.assertEqual((board[x, y].tile, board[x, y].rotation), (f"CO/{n}", 0))
            self.assertEqual(g.tile_at(0, 0).tile, "CO/7")
            self.assertEqual(g.bounds, (-2, -1, 1, 1))
            self.assertEqual(g.remaining, 71, "the 72 base tiles but the start tile D")
            self.assertEqual(g.pending.decision, Decision.PLACE)
            # a field of the block counts the city for its farmers
            field = g.feature_at(-2, -1, 1)
            self.assertEqual(field.kind, SegmentKind.FIELD)
            self.assertTrue(field.coc)
            self.assertIn("coc", field.special_names)

    def test_tiles(self):
        for n in range(1, 13):
            t = carcassonne.tile(f"CO/{n}", COUNT)
            with self.subTest(tile=t.name):
                self.assertEqual(t.copies, 1)
                self.assertEqual(carcassonne.tile(t.name).copies, 0, "only with the module")
                self.assertEqual(len(t.segments) == 0, n in (6, 7))
                for s in t.segments:
                    self.assertEqual(s.coc, s.kind == SegmentKind.FIELD, s)
                    self.assertEqual(bool(s.special & SegmentSpecial.COC), s.coc)
        self.assertFalse(any(s.coc for t in carcassonne.tiles(COUNT)
                             if not t.name.startswith("CO/") for s in t.segments))

    def test_city_and_count(self):
        with Game(players=3, modules="count") as g:
            city = g.city()
            self.assertIsInstance(city, City)
            self.assertEqual(city.count, Quarter.CASTLE)
            self.assertEqual(g.count, Quarter.CASTLE)
            self.assertEqual(city.followers, ((0, 0, 0),) * 4)
            self.assertEqual(city.big, ((0, 0, 0),) * 4)
            self.assertEqual((city.total, city.figures("market"), city.player(2)),
                             (0, (0, 0, 0), 0))
            self.assertEqual(str(city), "castle 0 0 0, market 0 0 0, blacksmith 0 0 0, "
                             "cathedral 0 0 0; the Count on the castle")
            for q in list(Quarter) + ["castle", 3]:
                self.assertEqual(g.city(q, 1), 0)
                self.assertEqual(g.city(q, 1, "big"), 0)
            with self.assertRaises(errors.RangeError):
                g.city("castle", 3)
            with self.assertRaises(errors.InvalidArgumentError):
                g.city("castle", 0, Figure.ABBOT)
            with self.assertRaises(ValueError):
                g.city("tavern", 0)
            with self.assertRaises(TypeError):
                g.city("castle")
            with self.assertRaises(ValueError):
                city.player(0, "pig")

    def test_without_the_module(self):
        with Game(modules="river abbot inns traders") as g:
            self.assertIsNone(g.count)
            self.assertIsNone(g.city().count)
            self.assertEqual(g.city().total, 0)
            self.assertEqual(g.city(Quarter.CASTLE, 0), 0)
            self.assertIn("no Count", str(g.city()))
            with self.assertRaises(errors.IllegalMoveError):
                g.play("quarter castle")


class Options(unittest.TestCase):
    def test_no_start_tile(self):
        with self.assertRaises(errors.RangeError) as cm:
            Game(modules="count", start_tile="D")
        self.assertIn("no start tile may be given", cm.exception.detail)
        # with the River too, the spring's default place (0.2.0: no option needed)
        with Game(modules="river count") as g:
            self.assertEqual((g.options.start_tile, g.options.start_x, g.options.start_y,
                              g.options.start_rotation), ("RA", 0, -2, 3))

    def test_spring_beside_the_city(self):
        places = spring_places()
        # one place for each field edge of the block's border (9 of its 14 edges)
        self.assertEqual(len(places), 9, places)
        self.assertIn((0, -2, 3), places)       # all-modules-random-5p.scn: start RA 0 -2 270
        cells = {(x, y) for x, y, _ in places}
        self.assertEqual(len(cells), 9)
        for x, y, rotation in places:
            with self.subTest(start=(x, y, rotation)):
                self.assertFalse(-2 <= x <= 1 and -1 <= y <= 1, "outside the block")
                with Game(modules="river count", start_tile="RA", start=(x, y),
                          start_rotation=rotation) as g:
                    self.assertEqual(len(g.board), 13)
                    self.assertEqual(g.tile_at(x, y).tile, "RA")
                    self.assertEqual(g.tile_at(x, y).rotation, rotation)
                    self.assertEqual(g.options.start_tile, "RA")
                    self.assertEqual(g.pending.tile[0], "R", "a River tile first")
        with self.assertRaises(errors.RangeError) as cm:
            Game(modules="river count", start_tile="RA", start=(5, 5))
        self.assertIn("spring", cm.exception.detail)

    def test_variants(self):
        for variant in (Variant.COC_FINAL_MARKET, Variant.COC_ONCE_PER_TURN,
                        Variant.COC_FINAL_MARKET | Variant.COC_ONCE_PER_TURN | Variant.TINY_CITY):
            with self.subTest(variant=variant):
                with Game(modules="count traders", variants=variant) as g:
                    self.assertEqual(g.options.variants, variant)
                    self.assertIn("option", g.save())
                    with Game.load(g.save()) as again:
                        self.assertEqual(again.options.variants, variant)
                with self.assertRaises(errors.InvalidArgumentError) as cm:
                    Game(modules="traders", variants=variant | Variant.TINY_CITY)
                self.assertIn("needs module count", cm.exception.detail)


class Decisions(unittest.TestCase):
    def test_quarter_then_count(self):
        with count_game(TRIGGER) as g:
            self.assertEqual(g.scores, [0, 3])
            pending = g.pending
            self.assertEqual((pending.decision, pending.player, pending.name, pending.tile),
                             (Decision.QUARTER, 0, "quarter", None))
            self.assertTrue(pending.optional)
            self.assertFalse(pending.final)
            self.assertEqual(str(pending), "player 0 to quarter (optional)")
            legal = g.legal_moves()
            self.assertEqual([str(m) for m in legal],
                             ["quarter castle", "quarter market", "quarter blacksmith",
                              "quarter cathedral", "pass"])
            self.assertTrue(all(g.is_legal(m) for m in legal))
            self.assertFalse(g.is_legal("quarter big/castle"), "no big follower without inns")
            self.assertFalse(g.is_legal("count market"), "the Count moves after a quarter move")
            with self.assertRaises(errors.IllegalMoveError) as cm:
                g.choose_tile("B")
            self.assertIn("Count", cm.exception.detail)
            with self.assertRaises(errors.IllegalMoveError):
                g.play("B 2 -1 0 -")
            g.play(legal[0])                      # into the castle, the Count's own (C-8)
            self.assertEqual(g.pending.decision, Decision.COUNT)
            self.assertEqual(g.pending.player, 0)
            self.assertEqual([str(m) for m in g.legal_moves()],
                             ["count market", "count blacksmith", "count cathedral", "pass"])
            self.assertFalse(g.is_legal("count castle"), "to another quarter")
            self.assertEqual(g.city("castle", 0), 1)
            self.assertEqual(g.supply, [6, 7])
            g.play(Move.count_to(Quarter.BLACKSMITH))
            self.assertEqual(g.count, Quarter.BLACKSMITH)
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.PLACE, 1))
            self.assertEqual(g.city().figures(Quarter.CASTLE), (1, 0))
            history = g.history[-2:]
            self.assertEqual([(h.kind, h.player, str(h)) for h in history],
                             [(HistoryKind.PLACE, 0, "quarter castle"),
                              (HistoryKind.PLACE, 0, "count blacksmith")])
            self.assertIsNone(history[0].tile)
            # one undo takes back one decision
            g.undo()
            self.assertEqual((g.pending.decision, g.count), (Decision.COUNT, Quarter.CASTLE))
            g.undo()
            self.assertEqual((g.pending.decision, g.city().total, g.supply),
                             (Decision.QUARTER, 0, [7, 7]))
            g.pass_()
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.PLACE, 1))
            self.assertEqual(str(g.history[-1]), "pass")

    def test_exits_during_play(self):
        with count_game([text for group in EXIT_ORDER for text in group], players=3) as g:
            self.assertEqual(g.city().figures("castle"), (1, 0, 1))
            self.assertEqual(g.count, Quarter.MARKET)
            play(g, CLOSES_CAP)                   # P1 closes CO/12's cap: exits first
            pending = g.pending
            self.assertEqual((pending.decision, pending.player, pending.final, pending.optional),
                             (Decision.EXIT, 2, False, True))
            legal = g.legal_moves()
            self.assertTrue(legal[-1].is_pass)
            exits = legal[:-1]
            self.assertTrue(exits and all(m.is_exit for m in exits), legal)
            self.assertTrue(all(m.quarter == Quarter.CASTLE and m.figure == Figure.FOLLOWER
                                for m in exits), exits)
            for m in exits:                       # onto what the tile completed
                feature = g.feature_at(m.x, m.y, m.segment)
                self.assertEqual(feature.kind, SegmentKind.CITY)
                self.assertTrue(feature.complete)
                self.assertEqual(str(m), f"exit castle {m.x} {m.y} seg:{m.segment}")
            move = g.exit_move("castle", 2, 1, "city:W")
            self.assertEqual(move.move_kind, MoveKind.EXIT)
            self.assertTrue(g.is_legal(move), "any segment of the feature")
            self.assertIn(g.feature_at(2, 1, move.segment).id,
                          {g.feature_at(m.x, m.y, m.segment).id for m in exits})
            with self.assertRaises(errors.NotFoundError):
                g.exit_move("castle", 9, 9, "city:W")
            with self.assertRaises(errors.ParseError):
                g.exit_move("castle", 2, 1, "cloister")
            with self.assertRaises(ValueError):
                g.exit_move("castle", 2, 1, "abbot/city:W")
            self.assertFalse(g.is_legal(g.exit_move("cathedral", 2, 1, "city:W")))
            g.play(move)
            # P2 has nobody left in the city: P0 next, then P1 has nobody: not asked
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.EXIT, 0))
            self.assertEqual(g.history[-1].player, 2)
            self.assertTrue(g.history[-1].move.is_exit)
            self.assertEqual(g.city().figures("castle"), (1, 0, 0))
            self.assertEqual(figures_of(g)[Figure.FOLLOWER][2], 1, "on the cap city now")
            g.play(g.exit_move("castle", 1, 1, "city:E"))
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.QUARTER, 1))
            g.pass_()
            self.assertEqual(g.scores, [4, 6, 4])
            self.assertEqual(g.supply, [7, 7, 7])
            self.assertEqual(g.city().total, 0)

    def test_final_round(self):
        with count_game(FINAL) as g:
            self.assertEqual(g.scores, [11, 3])
            self.assertEqual(g.city().figures("castle"), (1, 0))
            self.assertEqual(g.city().figures("cathedral"), (0, 1))
            self.assertEqual(g.city().figures("market"), (0, 1))
            self.assertEqual(g.count, Quarter.MARKET)
            g.end()
            pending = g.pending
            self.assertEqual((pending.decision, pending.player), (Decision.EXIT, 1))
            self.assertTrue(pending.final and pending.optional)
            self.assertEqual(str(pending), "player 1 to exit (optional, final)")
            self.assertEqual(g.history[-1].kind, HistoryKind.END)
            legal = g.legal_moves()
            self.assertTrue(legal[-1].is_pass)
            self.assertTrue(all(m.quarter == Quarter.CATHEDRAL for m in legal[:-1]),
                            "the Count's quarter (the market) stays shut")
            for m in legal[:-1]:
                feature = g.feature_at(m.x, m.y, m.segment)
                self.assertEqual(feature.kind, SegmentKind.MONASTERY)
                self.assertFalse(feature.complete)
            # mid-decision: a clone, a record and a pickle keep the final round
            with g.clone() as copy, Game.load(g.save()) as loaded, \
                    pickle.loads(pickle.dumps(g)) as unpickled:
                for other in (copy, loaded, unpickled):
                    self.assertEqual(other.pending, pending)
                    self.assertEqual(other.legal_moves(), legal)
                    self.assertEqual(other.city(), g.city())
                copy.pass_()
                self.assertEqual(copy.pending.player, 0)
                self.assertEqual(g.pending, pending, "the clone is independent")
            g.play(g.exit_move("cathedral", -1, 2, "cloister"))
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.EXIT, 0))
            g.play(g.exit_move("castle", -2, 1, "city:S"))
            self.assertTrue(g.is_over)
            self.assertEqual(g.pending.decision, Decision.NONE)
            self.assertEqual(g.scores, [18, 9])
            self.assertEqual(g.city().figures("market"), (0, 1), "left in the city: 0 points")
            finals = [e for e in g.events if e.kind == EventKind.FINAL]
            self.assertEqual(sorted((e.feature, e.points) for e in finals),
                             [(SegmentKind.CITY, 1), (SegmentKind.MONASTERY, 6)])
            # undo takes the final round back one exit at a time, then the end
            g.undo()
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.EXIT, 0))
            g.undo()
            g.undo()
            self.assertEqual(g.pending.decision, Decision.PLACE)
            self.assertEqual(g.scores, [11, 3])

    def test_final_market_variant(self):
        # the same game with `coc-final market`: only the market's followers leave at the
        # end, and the Count stands on the market: nobody may leave, the game just ends
        with count_game(FINAL, variants=Variant.COC_FINAL_MARKET) as g:
            g.end()
            self.assertTrue(g.is_over)
            self.assertEqual(g.scores, [17, 3], "P0's monk alone: 6; P1's followers stay in")
        # with the Count elsewhere the market opens onto fields, and only it
        moves = list(FINAL)
        moves[moves.index("count market")] = "count blacksmith"
        with count_game(moves, variants=Variant.COC_FINAL_MARKET) as g:
            self.assertEqual(g.count, Quarter.BLACKSMITH)
            g.end()
            self.assertEqual((g.pending.decision, g.pending.player, g.pending.final),
                             (Decision.EXIT, 1, True))
            legal = g.legal_moves()
            self.assertTrue(len(legal) > 1)
            for m in legal[:-1]:
                self.assertEqual(m.quarter, Quarter.MARKET)
                self.assertEqual(g.feature_at(m.x, m.y, m.segment).kind, SegmentKind.FIELD)

    def test_big_follower(self):
        with count_game(TRIGGER, modules="count inns") as g:
            self.assertEqual([str(m) for m in g.legal_moves()[:4]],
                             ["quarter castle", "quarter big/castle", "quarter market",
                              "quarter big/market"])
            self.assertEqual(len(g.legal_moves()), 9)
            g.play(Move.to_quarter("castle", Figure.BIG))
            self.assertEqual((g.city("castle", 0, "big"), g.city("castle", 0)), (1, 0))
            self.assertEqual(g.city().figures("castle"), (1, 0), "a big follower counts 1")
            self.assertEqual(g.city().player(0), 1)
            self.assertEqual(g.figure_supply(0, "big"), 0)
            self.assertEqual(g.supply, [7, 7])
            g.play("count market")
            play(g, CLOSES_CAP)                   # P1 closes CO/12's cap
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.EXIT, 0))
            exits = g.legal_moves()[:-1]
            self.assertEqual({(m.quarter, m.figure) for m in exits},
                             {(Quarter.CASTLE, Figure.BIG)})
            move = g.exit_move("castle", 2, 1, "big/city:W")
            self.assertEqual((move.figure, move.where), (Figure.BIG, f"big/seg:{move.segment}"))
            self.assertFalse(g.is_legal(g.exit_move("castle", 2, 1, "city:W")),
                             "no follower in the castle, only the big one")
            g.play(move)
            self.assertEqual(g.scores, [4, 3], "the cap city: 2 tiles, 2 each")
            self.assertEqual((g.pending.decision, g.pending.player), (Decision.QUARTER, 1))
            self.assertEqual(g.figure_supply(0, "big"), 1, "home after scoring")
            self.assertEqual(g.city().total, 0)

    def test_end_declines_the_pending_decision(self):
        with count_game(TRIGGER) as g:
            g.play("quarter castle")
            self.assertEqual(g.pending.decision, Decision.COUNT)
            before = len(g.history)
            g.end()
            # the Count stays on the castle, so P0's follower cannot leave: no final round
            self.assertTrue(g.is_over)
            kinds = [(h.kind, str(h)) for h in g.history[before:]]
            self.assertEqual(kinds, [(HistoryKind.PLACE, "pass"), (HistoryKind.END, "end")])
            g.undo()
            self.assertEqual(g.pending.decision, Decision.COUNT)

    def test_scenario_runner(self):
        text = ("players 2\nmodules count\n" + "".join(f"place {m}\n" for m in TRIGGER) +
                "quarter big/castle\n")
        failures, _ = run_scenario_text(text)
        self.assertEqual(failures[0][0], 6, failures)
        self.assertIn("quarter big/castle", failures[0][1])
        text = ("players 2\nmodules count\n" + "".join(f"place {m}\n" for m in TRIGGER) +
                "expect asks 0 quarter\nquarter cathedral\nexpect asks 0 count\n"
                "expect city cathedral 1 0\nexpect count castle\nexpect asks 1 place\n"
                "expect city cathedral 0 0\nexpect count market\nexpect count\n")
        failures, skipped = run_scenario_text(text)
        self.assertIsNone(skipped)
        self.assertEqual([line for line, _ in failures], [12, 13, 14], failures)
        self.assertEqual(failures[0][1], "expected followers in the cathedral 0 0, got 1 0 "
                                         "[pending: player 1 to decide place N]")
        self.assertEqual(failures[1][1].split(" [pending: ")[0],
                         "expected the Count on the market, got the castle")
        self.assertIn("malformed line", failures[2][1])


class RandomGames(unittest.TestCase):
    """Seeded games of every module, a random legal move at every decision."""

    CASES = ((1, 2), (2, 3), (3, 5), (4, 4), (5, 5), (6, 2), (7, 3), (8, 5), (9, 4), (10, 6),
             (11, 5), (12, 3))

    def play_game(self, seed, players, modules=EVERY_MODULE, variants=Variant.NONE, stats=None):
        rng = random.Random(seed)
        options = dict(players=players, seed=seed, modules=modules, variants=variants)
        if "river" in modules:
            x, y, rotation = rng.choice(spring_places(players, modules))
            options.update(start_tile="RA", start=(x, y), start_rotation=rotation)
        game = Game(**options)
        fresh = game.save()
        has = {kind: bool(game.modules & flag) for kind, flag in
               ((Figure.BIG, Module.INNS), (Figure.ABBOT, Module.ABBOT),
                (Figure.BUILDER, Module.TRADERS), (Figure.PIG, Module.TRADERS))}
        stats = stats if stats is not None else {}
        turn_quarters = 0    # quarter moves since the last part-1 place (COC_ONCE_PER_TURN)
        cloned = undone = 0
        while not game.is_over:
            pending = game.pending
            legal = game.legal_moves()
            self.assertTrue(legal, pending)
            self.check_conserved(game, has)
            if pending.decision != Decision.PLACE:
                self.check_count_decision(game, pending, legal, variants)
                if cloned < 3 and rng.random() < 0.3:
                    cloned += 1
                    self.check_clone(game, pending, legal, rng)
            elif pending.part == 1:
                turn_quarters = 0
            move = rng.choice(legal)
            if pending.decision != Decision.PLACE and undone < 3 and rng.random() < 0.3:
                undone += 1
                before = game.save(), game.city(), game.supply, game.scores
                game.play(move)
                game.undo()
                self.assertEqual((game.save(), game.city(), game.supply, game.scores), before)
                self.assertEqual(game.pending, pending)
            if move.is_exit:
                target = game.feature_at(move.x, move.y, move.segment)
                self.assertEqual(target.kind, move.quarter.feature, move)
                self.assertEqual(target.complete, not pending.final, move)
                self.assertGreaterEqual(game.city(move.quarter, pending.player, move.figure), 1)
                if pending.final:
                    self.assertNotEqual(move.quarter, game.count, "the Count's quarter is shut")
            if move.is_quarter:
                turn_quarters += 1
                if variants & Variant.COC_ONCE_PER_TURN:
                    self.assertEqual(turn_quarters, 1, "one follower into the city a turn")
            stats[(pending.name, pending.final, move.move_kind.name)] = \
                stats.get((pending.name, pending.final, move.move_kind.name), 0) + 1
            if move.figure == Figure.BIG and (move.is_exit or move.is_quarter):
                stats["big"] = stats.get("big", 0) + 1
            game.play(move)
        self.check_conserved(game, has)
        stats["clone"] = stats.get("clone", 0) + cloned
        stats["undo"] = stats.get("undo", 0) + undone
        self.assertEqual(game.pending.decision, Decision.NONE)
        # the scores are the sum of the events
        total = [0] * players
        for e in game.events:
            if e.kind != EventKind.DISCARD:
                for p in e.players:
                    total[p] += e.points
        self.assertEqual(total, game.scores)
        # the record replays every decision; undo takes the whole game back
        text = game.save()
        with Game.load(text) as again:
            self.assertEqual((again.save(), again.scores, again.city()),
                             (text, game.scores, game.city()))
        while game.can_undo:
            game.undo()
        self.assertEqual(game.save(), fresh)
        self.assertEqual(game.city().total, 0)
        self.assertEqual(game.count, Quarter.CASTLE)
        game.close()
        return stats

    def check_conserved(self, game, has):
        """7 followers each (and 1 big follower with inns) in supply, on the
        board or in the city; the figures of one each in supply or on the board."""
        city = game.city()
        board = figures_of(game)
        for p in range(game.players):
            self.assertEqual(game.supply[p] + board[Figure.FOLLOWER][p] +
                             city.player(p, Figure.FOLLOWER), 7, (p, str(city)))
            self.assertEqual(game.figure_supply(p, "big") + board[Figure.BIG][p] +
                             city.player(p, "big"), int(has[Figure.BIG]), (p, str(city)))
            for figure in (Figure.ABBOT, Figure.BUILDER, Figure.PIG):
                self.assertEqual(game.figure_supply(p, figure) + board[figure][p],
                                 int(has[figure]), (p, figure))
        self.assertEqual(city.count, game.count)

    def check_count_decision(self, game, pending, legal, variants):
        self.assertTrue(pending.optional, pending)
        self.assertIsNone(pending.tile)
        self.assertTrue(legal[-1].is_pass, "the pass comes last")
        self.assertEqual(sum(m.is_pass for m in legal), 1)
        kind = {Decision.EXIT: MoveKind.EXIT, Decision.QUARTER: MoveKind.QUARTER,
                Decision.COUNT: MoveKind.COUNT}[pending.decision]
        self.assertEqual(pending.final, pending.decision == Decision.EXIT and
                         bool(pending.flags & PendingFlag.FINAL))
        for m in legal[:-1]:
            self.assertEqual(m.move_kind, kind, m)
            text = str(m)
            self.assertEqual(Move.parse(text), m)
            self.assertTrue(text.startswith(pending.name + " "), text)
        if pending.decision == Decision.COUNT:
            self.assertEqual(sorted(m.quarter for m in legal[:-1]),
                             [q for q in Quarter if q != game.count])
        elif pending.decision == Decision.QUARTER:
            figures = [(m.quarter, m.figure) for m in legal[:-1]]
            has_big = game.figure_supply(pending.player, "big") > 0
            has_follower = game.supply[pending.player] > 0
            want = [(q, f) for q in Quarter for f in (Figure.FOLLOWER, Figure.BIG)
                    if (f == Figure.FOLLOWER and has_follower) or (f == Figure.BIG and has_big)]
            self.assertEqual(figures, want)
        elif pending.final and variants & Variant.COC_FINAL_MARKET:
            self.assertTrue(all(m.quarter == Quarter.MARKET for m in legal[:-1]), legal)

    def check_clone(self, game, pending, legal, rng):
        with game.clone() as copy:
            self.assertEqual(copy.pending, pending)
            self.assertEqual(copy.legal_moves(), legal)
            self.assertEqual((copy.city(), copy.save()), (game.city(), game.save()))
            before = game.save()
            copy.play(rng.choice(legal))
            self.assertEqual(game.save(), before, "a clone is independent")
            self.assertEqual(game.pending, pending)
        with Game.load(game.save()) as loaded:
            self.assertEqual(loaded.pending, pending)
            self.assertEqual(loaded.legal_moves(), legal)

    def test_every_module(self):
        stats = {}
        for seed, players in self.CASES:
            with self.subTest(seed=seed, players=players):
                self.play_game(seed, players, stats=stats)
        # every kind of decision and answer came up
        for key in (("exit", False, "EXIT"), ("exit", False, "PASS"), ("exit", True, "EXIT"),
                    ("exit", True, "PASS"), ("quarter", False, "QUARTER"),
                    ("quarter", False, "PASS"), ("count", False, "COUNT"),
                    ("count", False, "PASS"), "clone", "undo"):
            self.assertTrue(stats.get(key), (key, stats))

    def test_variants(self):
        stats = {}
        for seed, players in self.CASES[:6]:
            for variants in (Variant.COC_FINAL_MARKET, Variant.COC_ONCE_PER_TURN):
                with self.subTest(seed=seed, players=players, variants=variants):
                    self.play_game(seed, players, variants=variants, stats=stats)
        self.assertIn(("exit", True, "EXIT"), stats)

    def test_count_alone(self):
        for seed, players in self.CASES[:4]:
            with self.subTest(seed=seed, players=players):
                self.play_game(seed, players, modules="count")
                self.play_game(seed, players, modules="count -farmers")


if __name__ == "__main__":
    unittest.main()
