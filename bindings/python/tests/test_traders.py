# SPDX-License-Identifier: MIT
"""Traders & Builders through Python (module "traders"): the 24 tiles and their goods
marks, Game.goods and Feature.goods, the GOODS and TRADE events, the builder's
double turn (pending part 2, declined by a pass, undone), the pig's 4 per city,
builder and pig refused with the engine's reason, seeded games, and what the
scenario runner does with `expect goods` and `expect scored P goods N`."""
import os
import pickle
import subprocess
import sys
import unittest

import _support
import carcassonne
from carcassonne import (Bonus, Decision, EventKind, Figure, Game, Good, Goods, GoodsEvent,
                         HistoryKind, Module, Move, PendingFlag, ScoreEvent, SegmentKind,
                         SegmentSpecial, TradeEvent, errors)
from test_scenarios import run_scenario_text

TRADERS = Module.FARMERS | Module.TRADERS
play = _support.play_tile

#: docs/rules.md 7.2: the kind of goods of each tile's symbol.
GOODS_OF_TILE = {
    "TB/Cc.g": Good.GRAIN, "TB/Cc.w": Good.WINE, "TB/CCc.c": Good.CLOTH, "TB/CCc.w": Good.WINE,
    "TB/Ccc.g": Good.GRAIN, "TB/CcCC.c": Good.CLOTH, "TB/CcRR!.c": Good.CLOTH,
    "TB/CcRR.w": Good.WINE, "TB/CcRC.c": Good.CLOTH, "TB/CcRC.g": Good.GRAIN,
    "TB/CcR.c": Good.CLOTH, "TB/CcR!.w": Good.WINE, "TB/CccR.w": Good.WINE,
    "TB/CcCc.w": Good.WINE, "TB/CFc.w": Good.WINE, "TB/CR": None, "TB/CRc.g": Good.GRAIN,
    "TB/CRc.w": Good.WINE, "TB/CRcR.w": Good.WINE, "TB/LRRR": None, "TB/RCc.g": Good.GRAIN,
    "TB/RCc!.g": Good.GRAIN, "TB/RRC": None, "TB/RRrr": None,
}

#: traders-goods.scn: P0's knight in a city of wine and grain that P1 completes.
GOODS_GAME = ("TB/Cc.w 0 -1 180 city:E", "U -1 0 90 -", "TB/Cc.g 1 -1 270 -")
COMPLETES_IT = "D 1 0 0 -"

#: traders-double-turn.scn up to the tile that extends P0's builder's city.
BUILDER_GAME = ("F 0 -1 90 city:N", "V 1 0 0 -", "N 0 -2 180 builder/city:S", "U -1 0 90 -")
EXTENDS_IT = "F -1 -2 0 -"


def traders_game(moves=(), **options):
    options.setdefault("modules", "traders")
    game = Game(**options)
    for text in moves:
        play(game, text)
    return game


def tally(game):
    """The scores, and each player's goods, as the events add them up."""
    scores = [0] * game.players
    goods = [[0] * 3 for _ in range(game.players)]
    for e in game.events:
        if e.kind == EventKind.DISCARD:
            continue
        for p in e.players:
            scores[p] += e.points
        if e.kind == EventKind.GOODS:
            goods[e.player][e.good] += 1
    return scores, [Goods(*g) for g in goods]


class Constants(unittest.TestCase):
    def test_goods_and_marks(self):
        self.assertEqual([g.name for g in Good], ["WINE", "GRAIN", "CLOTH"])
        self.assertEqual(carcassonne.GOOD_COUNT, 3)
        self.assertEqual([g.mark for g in Good],
                         [SegmentSpecial.WINE, SegmentSpecial.GRAIN, SegmentSpecial.CLOTH])
        self.assertEqual(carcassonne.GOOD_MARKS[Good.CLOTH], 1 << 4)
        self.assertEqual(list(carcassonne.GOOD_NAMES.values()), ["wine", "grain", "cloth"])
        self.assertEqual(carcassonne.special_names(SegmentSpecial.WINE | SegmentSpecial.CLOTH),
                         ("wine", "cloth"))
        self.assertEqual(Bonus.PIG, 1 << 2)
        self.assertEqual(carcassonne.BONUS_NAMES[Bonus.PIG], "pig")
        self.assertEqual((EventKind.GOODS, EventKind.TRADE), (4, 5))
        self.assertEqual(carcassonne.good_of("Cloth"), Good.CLOTH)
        self.assertEqual(carcassonne.good_of(1), Good.GRAIN)
        for bad in ("silk", 3, -1):
            with self.assertRaises(ValueError):
                carcassonne.good_of(bad)

    def test_goods_value(self):
        goods = Goods(2, 0, 1)
        self.assertEqual((goods.wine, goods[Good.CLOTH], goods.total), (2, 1, 3))
        self.assertEqual(goods.as_dict(), {"wine": 2, "grain": 0, "cloth": 1})
        self.assertEqual(Goods(), (0, 0, 0))
        self.assertEqual(Goods.of_mask(SegmentSpecial.GRAIN | SegmentSpecial.INN), Goods(0, 1, 0))


class Catalogue(unittest.TestCase):
    def test_tiles(self):
        tb = [t for t in carcassonne.tiles(TRADERS) if t.name.startswith("TB/")]
        self.assertEqual(sorted(t.name for t in tb), sorted(GOODS_OF_TILE))
        self.assertEqual(sum(t.copies for t in tb), 24)
        base = sum(t.copies for t in carcassonne.tiles())
        self.assertEqual(sum(t.copies for t in carcassonne.tiles(TRADERS)), base + 24)
        totals = Goods()
        for t in tb:
            with self.subTest(tile=t.name):
                self.assertEqual(carcassonne.tile(t.name).copies, 0, "only with the module")
                good = GOODS_OF_TILE[t.name]
                marked = [s for s in t.segments if s.good is not None]
                self.assertEqual([s.good for s in marked], [] if good is None else [good])
                for s in marked:
                    self.assertEqual(s.kind, SegmentKind.CITY)
                    self.assertEqual(s.special, good.mark)
                    self.assertEqual(s.special_names, (carcassonne.GOOD_NAMES[good],))
                self.assertEqual(t.special, SegmentSpecial.NONE if good is None else good.mark)
                self.assertEqual(t.goods, Goods() if good is None else
                                 Goods(*(int(g == good) for g in Good)))
                # the marks turn with the tile
                for r in range(4):
                    self.assertEqual([s.good for s in t.segments_at(r)],
                                     [s.good for s in t.segments])
                totals = Goods(*(a + b for a, b in zip(totals, t.goods)))
        self.assertEqual(totals, Goods(9, 6, 5), "9 wine, 6 grain, 5 cloth")
        self.assertIsNone(carcassonne.tile("D").segments[0].good)

    def test_tiles_in_the_pile(self):
        with Game(modules="traders") as g:
            self.assertEqual(g.remaining, 71 + 24)
            self.assertEqual(g.remaining_of("TB/CcCc.w"), 1)
            self.assertEqual(g.modules, TRADERS)


class TradeGoods(unittest.TestCase):
    def test_no_goods_without_the_module(self):
        with Game() as g:
            self.assertEqual(g.goods(0), Goods(0, 0, 0))
            self.assertEqual(g.all_goods, [Goods()] * 2)
            self.assertEqual(g.feature_at(0, 0, 0).goods, Goods())
        with Game(players=3, modules="traders") as g:
            self.assertEqual(g.all_goods, [Goods()] * 3)
            self.assertEqual(g.goods_of("grain"), [0, 0, 0])
            with self.assertRaises(errors.RangeError):
                g.goods(3)
            with self.assertRaises(ValueError):
                g.goods(-1)
            with self.assertRaises(ValueError):
                g.goods_of("silk")
            g.close()
            with self.assertRaises(errors.ClosedError):
                g.goods(0)

    def test_completed_city(self):
        with traders_game(GOODS_GAME) as g:
            city = g.feature_at(1, -1, 0)
            self.assertEqual(city.kind, SegmentKind.CITY)
            self.assertFalse(city.complete)
            self.assertEqual(city.goods, Goods(1, 1, 0), "the symbols of both tiles")
            self.assertEqual(city.special, SegmentSpecial.WINE | SegmentSpecial.GRAIN)
            self.assertEqual(city.special_names, ("wine", "grain"))
            self.assertEqual(g.all_goods, [Goods()] * 2, "an open city gives no tokens")
            count = g.event_count()

            play(g, COMPLETES_IT)                 # P1 closes P0's city
            self.assertEqual(g.scores, [8, 0])
            self.assertEqual(g.goods(0), Goods(0, 0, 0), "the knight's owner takes nothing")
            self.assertEqual(g.goods(1), Goods(1, 1, 0), "the placer takes one per symbol")
            self.assertEqual(g.goods_of(Good.WINE), [0, 1])
            self.assertEqual(g.supply, [7, 7])
            score, *tokens = g.events[count:]
            self.assertIsInstance(score, ScoreEvent)
            self.assertEqual((score.feature, score.points, score.players), (SegmentKind.CITY, 8, (0,)))
            self.assertEqual([type(e) for e in tokens], [GoodsEvent, GoodsEvent])
            self.assertEqual([e.good for e in tokens], [Good.WINE, Good.GRAIN])
            turn = len(g.history) - 1
            for e in tokens:
                self.assertEqual((e.kind, e.turn, e.player, e.players, e.points),
                                 (EventKind.GOODS, turn, 1, (1,), 0))
                self.assertEqual((e.feature, e.tiles, e.final), (SegmentKind.CITY, 4, False))
                self.assertEqual(g.tile_at(e.x, e.y).tile, e.tile)
                self.assertTrue(g.feature_at(e.x, e.y, e.segment).complete)
            self.assertEqual(tokens[0].good_name, "wine")

            play(g, "TB/CcR.c 1 1 180 -")         # a cloth city, left open
            before = g.events
            g.end()
            trades = g.events[len(before):]
            self.assertEqual([type(e) for e in trades], [TradeEvent, TradeEvent],
                             "nobody holds cloth: no award for it")
            self.assertEqual([(e.good, e.points, e.players, e.final) for e in trades],
                             [(Good.WINE, 10, (1,), True), (Good.GRAIN, 10, (1,), True)])
            self.assertEqual(trades[0].segment, carcassonne.NO_SEGMENT)
            self.assertEqual(g.scores, [8, 20])
            self.assertEqual(g.goods(1), Goods(1, 1, 0), "the tokens stay after the end")
            self.assertEqual(tally(g), (g.scores, g.all_goods))
            text = g.save()
            with Game.load(text) as again:
                self.assertEqual(again.events, g.events)
                self.assertEqual(again.all_goods, g.all_goods)
            with pickle.loads(pickle.dumps(g)) as copy:
                self.assertEqual(copy.all_goods, g.all_goods)

            g.undo()                              # the end
            self.assertEqual(g.scores, [8, 0])
            self.assertEqual(g.events, before)
            g.undo()                              # TB/CcR.c
            g.undo()                              # the completion
            self.assertEqual((g.scores, g.all_goods), ([0, 0], [Goods()] * 2))
            self.assertEqual(g.event_count(), count)

    def test_majority_tie(self):
        # traders-goods-tie.scn: a wine city completed by each player, nobody in either.
        with traders_game(("TB/Cc.w 0 -1 180 -", "E 1 -1 270 -", "TB/CFc.w 0 -2 0 -",
                           "U -1 0 90 -", "E 1 -2 270 -", "U -2 0 90 -")) as g:
            self.assertEqual(g.all_goods, [Goods(), Goods(1, 0, 0)])
            wine = next(s.index for s in carcassonne.tile("TB/CFc.w").segments if s.good is not None)
            self.assertEqual(g.feature_at(0, -2, wine).goods, Goods(1, 0, 0))
            play(g, "E -1 -2 90 -")
            self.assertEqual(g.all_goods, [Goods(1, 0, 0)] * 2)
            self.assertEqual(g.scores, [0, 0], "nobody held the cities")
            g.end()
            trades = [e for e in g.events if isinstance(e, TradeEvent)]
            self.assertEqual([(e.good, e.points, e.players) for e in trades],
                             [(Good.WINE, 10, (0, 1))], "a tie: both score")
            self.assertEqual(g.scores, [10, 10])
            self.assertEqual(g.winners, [0, 1])
            self.assertEqual(tally(g), (g.scores, g.all_goods))


class DoubleTurn(unittest.TestCase):
    def test_pending_pass_and_undo(self):
        with traders_game(BUILDER_GAME) as g:
            self.assertEqual(g.supplies("builder"), [0, 1])
            builder = [f for f in g.figures if f.figure == Figure.BUILDER]
            self.assertEqual([(f.player, f.x, f.y) for f in builder], [(0, 0, -2)])
            first = g.pending
            self.assertEqual((first.player, first.part, first.flags), (0, 1, PendingFlag.NONE))
            before = g.save()

            play(g, EXTENDS_IT)                   # extends the builder's city: a second tile
            p = g.pending
            self.assertEqual((p.decision, p.player, p.part), (Decision.PLACE, 0, 2))
            self.assertEqual(p.flags, PendingFlag.OPTIONAL | PendingFlag.SECOND_TILE)
            self.assertTrue(p.optional and p.second_tile and not p.over)
            self.assertEqual(p.tile, g.current_tile)
            self.assertEqual(g.current_player, 0)
            self.assertIn("second tile", str(p))
            moves = g.legal_moves()
            self.assertTrue(moves[0].is_pass, "the pass is listed first")
            self.assertEqual(sum(m.is_pass for m in moves), 1)
            self.assertTrue(all(m.tile == p.tile for m in moves[1:]))
            self.assertTrue(g.is_legal(Move.pass_()))
            second = g.save()
            with Game.load(second) as loaded, g.clone() as clone:
                self.assertEqual(loaded.pending, p, "a record keeps the pending second tile")
                self.assertEqual(clone.pending, p)

            g.pass_()                             # declined: the turn passes
            p2 = g.pending
            self.assertEqual((p2.player, p2.part, p2.flags), (1, 1, PendingFlag.NONE))
            last = g.history[-1]
            self.assertEqual((last.kind, last.player, last.move, last.tile),
                             (HistoryKind.PLACE, 0, Move.pass_(), None))
            self.assertEqual(str(last), "pass")
            self.assertFalse(g.is_legal(Move.pass_()), "nothing optional now")

            g.undo()                              # the pass
            self.assertEqual(g.pending, p)
            self.assertEqual(g.save(), second)
            g.undo()                              # the first part
            self.assertEqual(g.pending, first)
            self.assertEqual(g.save(), before)

    def test_second_tile_no_chain(self):
        with traders_game(BUILDER_GAME + (EXTENDS_IT,)) as g:
            second = g.save()
            history = len(g.history)
            play(g, "G -2 -2 0 -")                # extends the city again: no third tile
            p = g.pending
            self.assertEqual((p.player, p.part, p.flags), (1, 1, PendingFlag.NONE))
            self.assertEqual([h.player for h in g.history[history - 1:]], [0, 0])
            self.assertEqual(g.scores, [0, 0])
            play(g, "E -3 -2 90 -")               # P1 closes it: 6 tiles, 2 pennants
            self.assertEqual(g.scores, [16, 0])
            self.assertEqual(g.supplies("builder"), [1, 1], "the builder went home")
            self.assertEqual(g.supply, [7, 7])
            self.assertEqual(g.pending.player, 0)
            g.undo()
            g.undo()
            self.assertEqual(g.save(), second)
            self.assertTrue(g.pending.second_tile)

    def test_no_second_tile_when_the_pile_is_empty(self):
        # ending the game during the second part leaves nothing pending
        with traders_game(BUILDER_GAME + (EXTENDS_IT,)) as g:
            g.end()
            self.assertTrue(g.pending.over)
            self.assertFalse(g.pending.second_tile)
            with self.assertRaises(errors.GameOverError):
                g.pass_()


class BuilderAndPig(unittest.TestCase):
    def assertRefused(self, game, text, reason):
        """`text` is refused, with the engine's reason, and changes nothing."""
        tile = text.split()[0]
        if game.current_tile != tile:
            game.choose_tile(tile)
        before = (game.save(), game.supplies("builder"), game.supplies("pig"), game.pending)
        self.assertFalse(game.is_legal(text))
        with self.assertRaises(errors.IllegalMoveError):
            game.check(text)
        with self.assertRaises(errors.IllegalMoveError) as cm:
            game.play(text)
        exc = cm.exception
        self.assertIn(reason, exc.detail)
        self.assertIn(exc.detail, str(exc))
        self.assertEqual(exc.function, "carc_game_play")
        self.assertEqual((game.save(), game.supplies("builder"), game.supplies("pig"),
                          game.pending), before)

    def test_refused(self):
        with traders_game() as g:
            self.assertRefused(g, "B 0 1 0 pig/field:NNW",
                               "a pig goes on a field that already holds a farmer of player 0")
            self.assertRefused(g, "D 1 0 0 builder/road:W",
                               "a builder goes on a road or city that is not complete and already "
                               "holds a follower of player 0")
            play(g, "TB/Cc.w 0 -1 180 city:E")
            # P1: the city holds P0's knight, not one of P1's
            self.assertRefused(g, "E 1 -1 270 builder/city:W", "follower of player 1")
            play(g, "U 1 0 90 -")
            # P0: his own city, but this tile completes it
            self.assertRefused(g, "E 1 -1 270 builder/city:W", "not complete")
        for modules, figure in (("", "pig"), ("inns", "builder"), ("traders -farmers", "pig")):
            with self.subTest(modules=modules, figure=figure):
                with Game(modules=modules) as g:
                    if figure == "pig":
                        play(g, "B 0 1 0 field:NNW" if modules == "" else "B 0 1 0 -")
                        play(g, "V 1 0 0 -")
                        move = "A -1 0 270 pig/field:NNW"
                    else:
                        play(g, "D 1 0 0 road:W")
                        play(g, "V 1 1 0 -")
                        move = "U 2 0 90 builder/road:W"
                    self.assertEqual(g.supplies(figure), [0, 0])
                    self.assertRefused(g, move, f"the {figure} is not in play in this game")

    def test_moves(self):
        with traders_game(BUILDER_GAME[:2]) as g:
            g.choose_tile("N")
            options = [str(m) for m in g.figure_options(Move.parse("N 0 -2 180"))]
            self.assertEqual(options, ["N 0 -2 180 -", "N 0 -2 180 field:NNW",
                                       "N 0 -2 180 builder/city:S"])
            builder = Move.parse(options[-1])
            self.assertEqual((builder.figure, builder.where), (Figure.BUILDER, "builder/city:S"))
            self.assertEqual(Move("N", 0, -2, 2, "builder", builder.segment), builder)
            self.assertIn(builder, g.legal_moves())
            g.play(builder)
            self.assertEqual((g.supplies("builder"), g.supply), ([0, 1], [6, 7]))
            on = g.feature_at(0, -2, builder.segment)
            self.assertEqual(on.figures, 2)
            self.assertEqual(on.occupants, (2, 0), "occupants count the builder too")

    def test_pig(self):
        # traders-pig.scn: a tie in the field, P0 with his pig scores 4, P1 3.
        with traders_game(("B 0 1 0 field:NNW", "V 1 0 0 field:NNE",
                           "A -1 0 270 pig/field:NNW", "E 0 -1 180 -")) as g:
            self.assertEqual(g.supplies("pig"), [0, 1])
            self.assertEqual(g.supply, [6, 6])
            pig = [f for f in g.figures if f.figure == Figure.PIG]
            self.assertEqual([(f.player, f.x, f.y) for f in pig], [(0, -1, 0)])
            count = g.event_count()
            g.end()
            fields = [e for e in g.events[count:] if e.kind == EventKind.FINAL and
                      e.feature == SegmentKind.FIELD]
            self.assertEqual(sorted((e.players, e.points, e.bonus_names) for e in fields),
                             [((0,), 4, ("pig",)), ((1,), 3, ())])
            self.assertEqual(g.scores, [4, 3])


class RandomGames(unittest.TestCase):
    """Seeded random games (the rule of carc-playout), checked against the rules."""

    CASES = ((1, 2, "traders", True), (3, 2, "traders", True), (9, 2, "traders", True),
             (10, 3, "traders", True), (4, 3, "traders", True), (2, 4, "traders", True),
             (3, 4, "traders", False), (5, 6, "inns,traders", True),
             (4, 5, "river,abbot,inns,traders", True))

    def test_invariants(self):
        seen = set()
        for seed, players, modules, farmers in self.CASES:
            with self.subTest(seed=seed, players=players, modules=modules, farmers=farmers):
                asked = []

                def observe(game, legal, move, asked=asked):
                    p = game.pending
                    if p.second_tile:
                        self.assertEqual((p.decision, p.part), (Decision.PLACE, 2))
                        self.assertTrue(p.optional)
                        self.assertEqual(p.player, game.history[-1].player)
                        self.assertTrue(legal[0].is_pass)
                        asked.append(move.is_pass)
                    else:
                        self.assertEqual(p.part, 1)
                        self.assertFalse(any(m.is_pass for m in legal))

                with _support.playout(seed, players, farmers, None, modules, observe) as g:
                    self.assertTrue(g.is_over)
                    events = g.events
                    self.assertEqual(tally(g), (g.scores, g.all_goods),
                                     "scores and goods are the sum of the events")
                    trades = [e for e in events if isinstance(e, TradeEvent)]
                    for good in Good:
                        counts = g.goods_of(good)
                        best = max(counts)
                        want = [tuple(p for p in range(players) if counts[p] == best)] \
                            if best else []
                        self.assertEqual([e.players for e in trades if e.good == good], want,
                                         good)
                    for e in trades:
                        self.assertEqual((e.points, e.kind), (10, EventKind.TRADE))
                    self.assertEqual(events[len(events) - len(trades):], trades,
                                     "the majorities close the final scoring")
                    for e in events:
                        if isinstance(e, GoodsEvent):
                            seen.add("goods")
                            self.assertEqual(len(e.players), 1)
                            self.assertEqual(g.history[e.turn].player, e.player,
                                             "the placer takes the tokens")
                            self.assertTrue(g.feature_at(e.x, e.y, e.segment).complete)
                        elif isinstance(e, TradeEvent):
                            seen.add("trade")
                        elif e.kind != EventKind.DISCARD and e.bonus & Bonus.PIG:
                            seen.add("pig")
                            self.assertEqual((e.feature, e.kind),
                                             (SegmentKind.FIELD, EventKind.FINAL))
                            self.assertEqual(e.points % 4, 0)
                    if asked:
                        seen.add("second tile")
                    if farmers:
                        self.assertTrue(any(h.move is not None and h.move.figure == Figure.PIG
                                            for h in g.history))
                    else:
                        self.assertEqual(g.supplies("pig"), [0] * players)
                    # every figure is in supply or on the board
                    for figure in ("builder", "pig"):
                        on = [sum(1 for f in g.figures if f.figure == carcassonne.figure_of(figure)
                                  and f.player == p) for p in range(players)]
                        total = [a + b for a, b in zip(on, g.supplies(figure))]
                        self.assertEqual(total, [1 if farmers or figure == "builder" else 0]
                                         * players, figure)
                    text = g.save()
                    with Game.load(text) as again:
                        self.assertEqual(again.save(), text)
                        self.assertEqual(again.events, events)
                        self.assertEqual(again.all_goods, g.all_goods)
                    fresh = Game(players=players, seed=seed, modules=modules, farmers=farmers)
                    while g.can_undo:
                        g.undo()
                    self.assertEqual(g.save(), fresh.save())
                    self.assertEqual(g.all_goods, [Goods()] * players)
                    self.assertEqual(g.pending, fresh.pending)
                    fresh.close()
        self.assertEqual(seen, {"goods", "trade", "pig", "second tile"})

    def test_declining_every_second_tile(self):
        # a player who always passes: the game still ends, with one pass per offer
        game = Game(players=3, seed=10, modules="traders")
        offers = 0
        with game:
            while not game.is_over:
                if game.pending.second_tile:
                    offers += 1
                    player = game.pending.player
                    game.pass_()
                    self.assertNotEqual(game.pending.player, player)
                else:
                    game.play(game.legal_moves()[-1])
            passes = [h for h in game.history if h.move is not None and h.move.is_pass]
            self.assertEqual(len(passes), offers)


class Example(unittest.TestCase):
    def test_random_game_traders(self):
        script = os.path.join(_support.REPO_ROOT, "examples", "python", "random_game.py")
        if not os.path.exists(script):
            self.skipTest("examples/python/random_game.py not found")
        env = dict(os.environ, PYTHONPATH=_support.IMPORT_PATH)
        run = subprocess.run([sys.executable, script, "--seed", "4", "--players", "3",
                              "--modules", "traders", "--moves"],
                             capture_output=True, text=True, env=env, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("3 players (farmers, traders)", run.stdout)
        self.assertIn("builder/", run.stdout)
        self.assertIn("(second tile)", run.stdout)
        self.assertRegex(run.stdout, r"Goods tokens taken: \d+; majorities: ")
        self.assertRegex(run.stdout, r"Builders placed: \d+, second tiles offered: [1-9]")
        self.assertRegex(run.stdout, r"goods \d+ wine \d+ grain \d+ cloth")


class ScenarioRunner(unittest.TestCase):
    """`expect goods` and `expect scored P goods N` in the Python runner."""

    run_text = staticmethod(run_scenario_text)
    GOODS = "players 2\nmodules traders\n" + "".join(f"place {m}\n" for m in GOODS_GAME)

    def test_passes(self):
        failures, skipped = self.run_text(
            self.GOODS + "expect goods 1 0 0 0\n"
            f"place {COMPLETES_IT}\n"
            "expect goods 1 1 1 0\nexpect goods 0 0 0 0\nexpect scored 0 city 8\n"
            "end\nexpect scored 1 goods 10\nexpect score 8 20\n"
            # undo: the last place with all after it (the end too)
            "undo\nexpect score 0 0\nexpect goods 1 0 0 0\nexpect asks 1 place\n")
        self.assertEqual((failures, skipped), ([], None))

    def test_second_tile(self):
        failures, skipped = self.run_text(
            "players 2\nmodules traders\n" + "".join(f"place {m}\n" for m in BUILDER_GAME) +
            f"place {EXTENDS_IT}\n"
            "expect asks 0 place\nexpect turn 0\n"   # an expect does not decline it
            "pass\nexpect asks 1 place\n"
            # undo: the place that gave the second tile, and the pass
            "undo\nexpect asks 0 place\nexpect supply 0 builder 0\n"
            f"place {EXTENDS_IT}\nplace G -2 -2 0 -\nexpect asks 1 place\n")
        self.assertEqual((failures, skipped), ([], None))

    def test_failures(self):
        end = f"place {COMPLETES_IT}\nend\n"
        for body, line, text in (
                (f"place {COMPLETES_IT}\nexpect goods 1 1 0 0\n", 7,
                 "expected player 1 to hold 1 wine, 0 grain, 0 cloth, got 1, 1, 0"),
                (end + "expect scored 0 goods 10\n", 8,
                 "expected player 0 to score 10 for a goods in final scoring"),
                (end + "expect scored 1 goods 20\n", 8, "got: goods 10 (wine), goods 10 (grain)"),
                (f"place {COMPLETES_IT}\nexpect scored 1 goods 10\n", 7, "in the last move"),
                ("expect goods 0 1 2\n", 6, "malformed line: expected 'expect goods P WINE"),
                ("expect goods 2 0 0 0\n", 6, "bad player"),
                ("expect goods 0 0 x 0\n", 6, "bad number"),
                ("expect goods 0 0 -1 0\n", 6, "malformed line")):
            with self.subTest(body=body):
                failures, skipped = self.run_text(self.GOODS + body)
                self.assertIsNone(skipped)
                self.assertTrue(failures)
                self.assertEqual(failures[0][0], line, failures)
                self.assertIn(text, failures[0][1])


if __name__ == "__main__":
    unittest.main()
