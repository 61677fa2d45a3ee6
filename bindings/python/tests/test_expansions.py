# SPDX-License-Identifier: MIT
"""The 0.2 API: modules by name, the turn model (pending, pass), move kinds, the
River and the Abbot (figures by kind, the recall), options errors."""
import os
import pickle
import unittest

import _support
import carcassonne
from carcassonne import (Decision, EventKind, Figure, Game, Module, Move, MoveKind, PendingFlag,
                         Quarter, SegmentKind, Status, errors)
from test_scenarios import run_scenario_text

RIVER_ABBOT = Module.FARMERS | Module.RIVER | Module.ABBOT


def random_game(seed, players=2, modules="river,abbot", moves=None):
    """A seeded random game (the rule of carc-playout): the Game, not closed."""
    return _support.playout(seed, players, True, moves, modules)


class Modules(unittest.TestCase):
    def test_spellings(self):
        cases = [
            ({"river", "abbot"}, RIVER_ABBOT),
            (["abbot", "river"], RIVER_ABBOT),
            ("river,abbot", RIVER_ABBOT),
            ("river abbot", RIVER_ABBOT),
            ("river, abbot", RIVER_ABBOT),
            (Module.RIVER | Module.ABBOT, RIVER_ABBOT),     # flags: on top of the farmers (0.1)
            (int(Module.RIVER), Module.FARMERS | Module.RIVER),
            (["river", Module.ABBOT], RIVER_ABBOT),
            ("", Module.FARMERS),
            (Module.NONE, Module.FARMERS),
            ((), Module.FARMERS),
            ("-farmers", Module.NONE),
            ({"-farmers", "abbot"}, Module.ABBOT),
            ("farmers river", Module.FARMERS | Module.RIVER),
        ]
        for spelling, flags in cases:
            with self.subTest(modules=spelling):
                self.assertEqual(carcassonne.modules_of(spelling), flags)
                with Game(modules=spelling) as g:
                    self.assertEqual(g.options.modules, flags)
                    self.assertEqual(g.modules, flags)

    def test_farmers_keyword(self):
        # farmers=False (0.1) takes them out of whatever `modules` says; True puts them in.
        with Game(farmers=False, modules={"river", "abbot"}) as g:
            self.assertEqual(g.options.modules, Module.RIVER | Module.ABBOT)
            self.assertFalse(g.options.farmers)
        with Game(2, 0, False) as g:
            self.assertEqual(g.options.modules, Module.NONE)
        with Game(farmers=True, modules="-farmers,river") as g:
            self.assertEqual(g.options.modules, Module.FARMERS | Module.RIVER)
        with Game(modules=Module.RIVER, farmers=False) as g:
            self.assertEqual(g.options.modules, Module.RIVER)

    def test_names(self):
        self.assertEqual(carcassonne.module_name(Module.RIVER), "river")
        self.assertEqual([carcassonne.module_name(m) for m in carcassonne.MODULE_NAMES],
                         list(carcassonne.MODULE_NAMES.values()))
        self.assertEqual(carcassonne.module_names(RIVER_ABBOT), ["farmers", "river", "abbot"])
        for bad in (0, 3, 1 << 20):
            with self.assertRaises(ValueError):
                carcassonne.module_name(bad)
        with Game(modules="abbot") as g:
            self.assertEqual(g.options.module_names, ["farmers", "abbot"])
        self.assertEqual(carcassonne.parse_modules("river -farmers"), Module.RIVER)

    def test_supported(self):
        supported = carcassonne.supported_modules()
        self.assertEqual(supported & RIVER_ABBOT, RIVER_ABBOT)
        every = supported | carcassonne.module_elements(supported)  # the boxes and their elements
        for flag in carcassonne.MODULE_NAMES:
            with self.subTest(module=flag):
                if flag & every:
                    try:
                        Game(modules=flag).close()
                    except errors.InvalidArgumentError as e:  # an element without one it needs
                        self.assertIn(" needs ", e.detail)
                else:
                    with self.assertRaises(errors.UnsupportedError):
                        Game(modules=flag)

    def test_unknown_name(self):
        for spelling in ("rivers", {"river", "abbott"}, "river,foo", ["Farmers"]):
            with self.subTest(modules=spelling):
                with self.assertRaises(ValueError) as cm:
                    Game(modules=spelling)
                text = str(cm.exception)
                self.assertIn("unknown module", text)
                self.assertIn("known modules: farmers, river, abbot, count, inns, traders", text)
        with self.assertRaises(TypeError):
            Game(modules=[1.5])
        with self.assertRaises(TypeError):
            Game(modules=True)


class Variants(unittest.TestCase):
    """Rule variants (carc_game_options.variants, options version 2)."""

    def test_tiny_city(self):
        game = Game(variants=carcassonne.Variant.TINY_CITY)
        self.assertEqual(game.options.variants, carcassonne.Variant.TINY_CITY)
        game.choose_tile("E")
        game.play("E 0 -1 180 city:S")  # closes D's cap: a 2-tile city, 2 not 4
        self.assertEqual(game.score(0), 2)
        text = game.save()
        self.assertIn("\noption tiny-city yes\n", text)
        again = Game.load(text)
        self.assertEqual(again.options.variants, carcassonne.Variant.TINY_CITY)
        self.assertEqual(again.score(0), 2)
        self.assertEqual(Game().options.variants, carcassonne.Variant.NONE)

    def test_bad_variants(self):
        with self.assertRaises(carcassonne.CarcassonneError) as ctx:
            Game(variants=1 << 9)
        self.assertIn("variant", str(ctx.exception))
        with self.assertRaises(carcassonne.CarcassonneError) as ctx:  # the Count's, without the Count
            Game(variants=carcassonne.Variant.COC_FINAL_MARKET)
        self.assertIn("count", str(ctx.exception))


class OptionsErrors(unittest.TestCase):
    """Errors raised before a game exists say what was wrong (carc_game_options_check)."""

    def test_players(self):
        with self.assertRaises(ValueError) as cm:
            Game(players=9)
        exc = cm.exception
        self.assertIsInstance(exc, errors.RangeError)
        self.assertEqual(exc.status, Status.ERANGE)
        self.assertEqual(exc.detail, "players 9 out of range 2..5")
        self.assertIn("players 9 out of range 2..5", str(exc))

    def test_unsupported_module_message(self):
        supported = carcassonne.supported_modules()
        every = supported | carcassonne.module_elements(supported)  # the boxes and their elements
        missing = [m for m in carcassonne.MODULE_NAMES if not m & every]
        if not missing:
            self.skipTest("every module is implemented")
        name = carcassonne.module_name(missing[0])
        with self.assertRaises(errors.UnsupportedError) as cm:
            Game(modules={"river", name})
        self.assertIn(name, cm.exception.detail)
        self.assertIn(cm.exception.detail, str(cm.exception))

    def test_river_start_tile(self):
        # with the River the spring starts, and no other start tile is allowed
        with Game(modules="river") as g:
            self.assertEqual(g.board[0].tile, "RA")
            self.assertEqual(g.options.start_tile, "RA")
        with self.assertRaises(errors.CarcassonneError) as cm:
            Game(modules="river", start_tile="D")
        self.assertTrue(cm.exception.detail)
        self.assertEqual(cm.exception.function, "carc_game_options_check")

    def test_check_options(self):
        carcassonne.check_options(players=3, modules={"river", "abbot"})
        with self.assertRaises(errors.RangeError) as cm:
            carcassonne.check_options(players=0)
        self.assertIn("players 0", cm.exception.detail)


class MoveValues(unittest.TestCase):
    def test_place_move_as_in_0_1(self):
        m = Move("D", 1, 0, 1, segment=2)
        self.assertEqual(m.move_kind, MoveKind.PLACE)
        self.assertTrue(m.is_place)
        self.assertFalse(m.is_pass or m.is_recall)
        self.assertIsNone(m.quarter)
        self.assertEqual(m.kind, carcassonne.tile("D").kind, "kind is the tile kind, as in 0.1")
        self.assertEqual(Move.parse(str(m)), m)
        self.assertEqual(m._as_c().kind, 0)
        self.assertEqual(m._as_c().reserved, 0)

    def test_pass(self):
        p = Move.pass_()
        self.assertEqual(p, Move.parse("pass"))
        self.assertEqual(str(p), "pass")
        self.assertTrue(p.is_pass)
        self.assertIsNone(p.tile)
        self.assertIsNone(p.segment)
        self.assertEqual(p.where, "-")
        self.assertEqual(p.placement, p)
        self.assertEqual(repr(p), "Move.parse('pass')")

    def test_recall_notation(self):
        r = Move.parse("U -1 0 90 abbot/recall")
        self.assertEqual(r, Move.recall("U", -1, 0, 1))
        self.assertTrue(r.is_recall)
        self.assertEqual((r.tile, r.x, r.y, r.rotation, r.figure), ("U", -1, 0, 1, Figure.ABBOT))
        self.assertIsNone(r.segment)
        self.assertEqual(r[5], carcassonne.SEGMENT_RECALL)
        self.assertEqual(str(r), "U -1 0 90 abbot/recall")
        self.assertEqual(r.where, "abbot/recall")
        self.assertEqual(r.placement, Move("U", -1, 0, 1))

    def test_abbot_notation(self):
        for text in ("B 0 1 0 abbot/cloister", "E.g 0 -1 180 abbot/garden"):
            with self.subTest(text=text):
                m = Move.parse(text)
                self.assertEqual(m.figure, Figure.ABBOT)
                self.assertEqual(str(m), text)
                self.assertEqual(Move(m.tile, m.x, m.y, m.rotation, "abbot", m.segment), m)

    def test_count_moves(self):
        for move, text in ((Move.to_quarter("castle"), "quarter castle"),
                           (Move.to_quarter(Quarter.MARKET, "big"), "quarter big/market"),
                           (Move.count_to("market"), "count market")):
            with self.subTest(text=text):
                self.assertEqual(str(move), text)
                self.assertEqual(Move.parse(text), move)
                self.assertIsNone(move.tile)
        e = Move.exit_to("follower", "castle", 2, -1, 1)
        self.assertEqual((e.move_kind, e.quarter, e.x, e.y, e.segment),
                         (MoveKind.EXIT, Quarter.CASTLE, 2, -1, 1))
        self.assertEqual(Move.parse(str(e)), e)
        with self.assertRaises(ValueError):
            Move.count_to("tavern")
        with self.assertRaises(ValueError):
            carcassonne.figure_of("meeple")

    def test_pickle(self):
        for m in (Move("D", 1, 0, 1, segment=2), Move.pass_(), Move.recall("U", -1, 0, 1)):
            self.assertEqual(pickle.loads(pickle.dumps(m)), m)
        # a move pickled by 0.1 carries 6 fields: it is a place move
        from carcassonne.moves import _move_from_fields
        old = _move_from_fields((1, 0, carcassonne.tile("D").kind, 1, 1, 2))
        self.assertEqual(old, Move("D", 1, 0, 1, segment=2))

    def test_fields_out_of_range(self):
        with self.assertRaises(errors.RangeError):
            Move("D", 0, 0, move_kind=256)


class Pending(unittest.TestCase):
    def test_start_and_end(self):
        with Game(seed=3, modules="river,abbot") as g:
            p = g.pending
            self.assertEqual((p.decision, p.player, p.flags, p.part),
                             (Decision.PLACE, 0, PendingFlag.NONE, 1))
            self.assertEqual(p.tile, g.current_tile)
            self.assertTrue(p.tile.startswith("R"), "the River is drawn first")
            self.assertEqual(p.name, "place")
            self.assertFalse(p.optional or p.second_tile or p.final or p.over)
            self.assertIn("player 0 to place", str(p))
            g.play(g.legal_moves()[0])
            self.assertEqual(g.pending.player, 1)
            g.end()
            p = g.pending
            self.assertEqual((p.decision, p.player, p.tile, p.name), (Decision.NONE, 0, None, "none"))
            self.assertTrue(p.over)
            g.undo()
            self.assertEqual(g.pending.decision, Decision.PLACE)

    def test_no_optional_decision_without_the_count_or_traders(self):
        # The River and the Abbot ask only place decisions: no pass is listed or legal.
        with random_game(5, 3, moves=0) as g:
            rng = 5
            while not g.is_over:
                p = g.pending
                self.assertEqual(p.decision, Decision.PLACE)
                self.assertFalse(p.optional)
                self.assertEqual(p.player, g.current_player)
                moves = g.legal_moves()
                self.assertFalse(any(m.is_pass for m in moves))
                self.assertFalse(g.is_legal(Move.pass_()))
                rng, value = _support.splitmix64(rng)
                g.play(moves[value % len(moves)])
            with self.assertRaises(errors.GameOverError):
                g.legal_moves()
        with Game() as g:
            with self.assertRaises(errors.IllegalMoveError) as cm:
                g.pass_()
            self.assertTrue(cm.exception.detail, "the engine says why")


class Abbot(unittest.TestCase):
    def test_supply_by_kind(self):
        with Game(players=3, modules="abbot") as g:
            self.assertEqual(g.supplies("abbot"), [1, 1, 1])
            self.assertEqual(g.supplies(), [7, 7, 7])
            self.assertEqual(g.supplies(Figure.FOLLOWER), g.supply)
            self.assertEqual(g.figure_supply(2, "abbot"), 1)
            self.assertEqual(g.figure_supply(0, Figure.FOLLOWER), 7)
            for other in ("big", "builder", "pig"):
                self.assertEqual(g.supplies(other), [0, 0, 0], other)
            with self.assertRaises(errors.RangeError):
                g.figure_supply(3, "abbot")
            with self.assertRaises(ValueError):
                g.figure_supply(0, "meeple")
            with self.assertRaises(errors.InvalidArgumentError):
                g.figure_supply(0, Figure.NONE)
        with Game() as g:
            self.assertEqual(g.supplies("abbot"), [0, 0], "no abbot without the module")

    def test_recall(self):
        # abbot-recall.scn, through the API
        with Game(modules="abbot") as g:
            g.choose_tile("B")
            options = g.figure_options(Move("B", 0, 1, 0))
            abbot = [m for m in options if m.figure == Figure.ABBOT]
            self.assertEqual([str(m) for m in abbot], ["B 0 1 0 abbot/cloister"])
            self.assertFalse(any(m.is_recall for m in options), "no abbot of P0 on the board")
            g.play("B 0 1 0 abbot/cloister")
            self.assertEqual(g.supplies("abbot"), [0, 1])
            self.assertEqual([(f.player, f.figure) for f in g.followers], [(0, Figure.ABBOT)])
            g.choose_tile("V")
            self.assertFalse(g.is_legal("V 1 0 0 abbot/recall"), "P1's abbot is not on the board")
            g.play("V 1 0 0 -")
            g.choose_tile("U")
            recall = Move.parse("U -1 0 90 abbot/recall")
            legal = g.legal_moves()
            self.assertIn(recall, legal, "legal_moves lists the recall")
            self.assertIn(recall, g.figure_options(recall.placement))
            self.assertEqual(g.figure_options(recall.placement)[-1], recall, "the recall comes last")
            before = g.save()
            g.play(recall)
            self.assertEqual(g.scores, [4, 0])
            self.assertEqual(g.supplies("abbot"), [1, 1])
            self.assertEqual(g.supply, [7, 7])
            event = g.events[-1]
            self.assertEqual((event.kind, event.feature, event.points, event.players),
                             (EventKind.RECALL, SegmentKind.MONASTERY, 4, (0,)))
            self.assertTrue(event.recall)
            self.assertEqual(g.history[-1].move, recall)
            self.assertEqual(str(g.history[-1]), "place U -1 0 90 abbot/recall")
            self.assertIn("place U -1 0 90 abbot/recall", g.save())
            with Game.load(g.save()) as again:
                self.assertEqual(again.scores, [4, 0])
                self.assertEqual(again.supplies("abbot"), [1, 1])
            g.undo()
            self.assertEqual(g.save(), before)
            self.assertEqual(g.scores, [0, 0])
            self.assertEqual(g.supplies("abbot"), [0, 1])

    def test_garden_tiles(self):
        names = carcassonne.tile_names()
        gardens = ["E.g", "H.g", "I.g", "M.g", "N.g", "R.g", "U.g", "V.g"]
        for name in gardens:
            self.assertIn(name, names)
            self.assertEqual(carcassonne.tile(name, RIVER_ABBOT).copies, 1, name)
            self.assertEqual(carcassonne.tile(name).copies, 0, name)
            self.assertTrue(any(s.kind == SegmentKind.GARDEN
                                for s in carcassonne.tile(name).segments), name)
        self.assertEqual(carcassonne.tile("E", RIVER_ABBOT).copies, 4)
        self.assertEqual(carcassonne.tile("E").copies, 5)
        for name in ("RA", "RL"):
            self.assertEqual(carcassonne.tile(name, Module.RIVER).copies, 1)
            self.assertEqual(carcassonne.tile(name).copies, 0)


class RiverAbbotGames(unittest.TestCase):
    """Seeded random River + Abbot games through Python."""

    def test_random_games(self):
        for seed, players in ((1, 2), (2, 3), (3, 4), (4, 5), (99, 2)):
            with self.subTest(seed=seed, players=players):
                with random_game(seed, players) as g:
                    self.assertTrue(g.is_over)
                    history = g.history
                    moves = [h.move for h in history if h.move is not None]
                    # the River is placed first, the lake last among it
                    river = [m.tile for m in moves if m.tile.startswith("R") and
                             len(m.tile) == 2]
                    self.assertEqual(len(river), 11)
                    self.assertEqual([m.tile for m in moves[:11]], river)
                    self.assertEqual(river[-1], "RL")
                    self.assertLessEqual(max(g.supplies("abbot")), 1)
                    # a record replays to the same end
                    with Game.load(g.save()) as again:
                        self.assertEqual(again.scores, g.scores)
                        self.assertEqual(again.supplies("abbot"), g.supplies("abbot"))
                        self.assertEqual(again.events, g.events)
                    # scores are the sum of the events
                    total = [0] * players
                    for e in g.events:
                        if e.kind != EventKind.DISCARD:
                            for p in e.players:
                                total[p] += e.points
                    self.assertEqual(total, g.scores)

    def test_recalls_happen(self):
        with random_game(1, 3) as g:
            recalls = [e for e in g.events if e.kind == EventKind.RECALL]
            self.assertTrue(recalls)
            played = [h.move for h in g.history if h.move is not None and h.move.is_recall]
            self.assertEqual(len(played), len(recalls))
            for e in recalls:
                self.assertIn(e.feature, (SegmentKind.MONASTERY, SegmentKind.GARDEN))
                self.assertEqual(e.returned, 1)

    def test_undo_everything(self):
        with random_game(2, 3) as g:
            fresh = Game(players=3, seed=2, modules="river,abbot")
            while g.can_undo:
                g.undo()
            self.assertEqual(g.save(), fresh.save())
            self.assertEqual(g.supplies("abbot"), [1, 1, 1])
            self.assertEqual(g.pending, fresh.pending)
            fresh.close()

    def test_no_undo_option(self):
        with Game(seed=4, modules="river,abbot", no_undo=True) as g:
            self.assertTrue(g.options.flags & carcassonne.GAME_NO_UNDO)
            g.play(g.legal_moves()[0])
            with self.assertRaises(errors.NoUndoError):
                g.undo()


class Example(unittest.TestCase):
    def test_random_game_modules(self):
        script = os.path.join(_support.REPO_ROOT, "examples", "python", "random_game.py")
        if not os.path.exists(script):
            self.skipTest("examples/python/random_game.py not found")
        import subprocess
        import sys
        env = dict(os.environ, PYTHONPATH=_support.IMPORT_PATH)
        run = subprocess.run([sys.executable, script, "--seed", "7", "--players", "3",
                              "--modules", "river,abbot", "--moves"],
                             capture_output=True, text=True, env=env, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("(farmers, river, abbot)", run.stdout)
        self.assertIn("abbot/recall", run.stdout)
        self.assertRegex(run.stdout, r"Winners?: ")
        for args, text in ((["--players", "9"], "players 9 out of range 2..5"),
                           (["--modules", "river,foo"], "unknown module 'foo'")):
            run = subprocess.run([sys.executable, script] + args, capture_output=True, text=True,
                                 env=env, timeout=60)
            self.assertEqual(run.returncode, 2)
            self.assertIn(text, run.stderr)


class ScenarioRunner(unittest.TestCase):
    """The format-2 rules of the Python scenario runner, on small files."""

    run_text = staticmethod(run_scenario_text)

    def test_passes(self):
        failures, skipped = self.run_text(
            "players 2\nmodules abbot\n"
            "expect asks 0 place\n"
            "place B 0 1 0 abbot/cloister\n"
            "expect supply 0 abbot 0\nexpect supply 1 abbot 1\n"
            "place V 1 0 0 -\n"
            "place U -1 0 90 abbot/recall\n"
            "expect scored 0 cloister 4\nexpect score 4 0\nexpect supply 0 abbot 1\n"
            "undo\nexpect score 0 0\nexpect supply 0 abbot 0\nexpect asks 0 place\n"
            "end\nexpect asks none\n")
        self.assertEqual((failures, skipped), ([], None))

    def test_failures(self):
        for body, line in (("expect supply 0 abbot 0\n", 3),
                           ("place B 0 1 0 abbot/cloister\nexpect supply 0 abbot 1\n", 4),
                           ("expect asks 1 place\n", 3),
                           ("expect asks none\n", 3),
                           ("place B 0 1 0 abbot/cloister\nplace V 1 0 0 -\n"
                            "place U -1 0 90 abbot/recall\nexpect scored 0 cloister 5\n", 6),
                           ("place B 0 1 0 cloister\nexpect scored 0 cloister 1\n", 4),
                           ("pass\n", 3),                            # nothing optional asked
                           ("place U -1 0 90 abbot/recall\n", 3),    # no abbot on the board
                           ("place E.g 0 -1 180 garden\n", 3),       # a follower on a garden
                           ("expect supply 0 meeple 1\n", 3),
                           ("expect asks 0 dance\n", 3),
                           ("expect goods 0 1 2 3\n", 3)):
            with self.subTest(body=body):
                failures, skipped = self.run_text("players 2\nmodules abbot\n" + body)
                self.assertIsNone(skipped)
                self.assertTrue(failures)
                self.assertEqual(failures[0][0], line, failures)

    def test_module_tiles(self):
        failures, _ = self.run_text("players 2\nplace E.g 0 -1 180 -\n")
        self.assertEqual(failures[0][0], 2)
        self.assertIn("abbot", failures[0][1])
        failures, _ = self.run_text("players 2\nexpect placements RB 1\n")
        self.assertIn("river", failures[0][1])

    def test_header(self):
        failures, _ = self.run_text("players 2\nmodules river abbots\nexpect turn 0\n")
        self.assertEqual(failures[0][0], 2)
        failures, _ = self.run_text("players 2\noption tiny-city maybe\nexpect turn 0\n")
        self.assertEqual(failures[0][0], 2)
        failures, _ = self.run_text("players 2\noption colour red\nexpect turn 0\n")
        self.assertEqual(failures[0][0], 2)
        failures, skipped = self.run_text("players 2\noption tiny-city no\nexpect turn 0\n")
        self.assertEqual((failures, skipped), ([], None))
        failures, _ = self.run_text("players 9\nmodules river\nexpect turn 0\n")
        self.assertEqual(failures[0][0], 1)
        self.assertIn("players 9 out of range", failures[0][1])
        failures, _ = self.run_text("players 2\nmodules river\nstart D 0 0 0\nexpect turn 0\n")
        self.assertEqual(failures[0][0], 3)

    def test_skips(self):
        supported = carcassonne.supported_modules()
        every = supported | carcassonne.module_elements(supported)  # the boxes and their elements
        unsupported = [n for m, n in carcassonne.MODULE_NAMES.items() if not m & every]
        for name in unsupported:
            with self.subTest(module=name):
                failures, skipped = self.run_text(
                    f"players 2\nmodules river {name}\nplace IC/nonsense 0 0 0\n")
                self.assertEqual(failures, [])
                self.assertIn(name, skipped)
                self.assertIn("not implemented by this build", skipped)
        # an option of a module this build lacks is skipped with its module
        if not carcassonne.supported_modules() & Module.COUNT:
            failures, skipped = self.run_text("players 2\nmodules count\n"
                                              "option coc-final market\nexpect turn 1\n")
            self.assertEqual(failures, [])
            self.assertIn("count", skipped)
        else:
            # the Count's option is played; without the Count it is an error of the file
            failures, skipped = self.run_text("players 2\nmodules count\n"
                                              "option coc-final market\nexpect turn 0\n"
                                              "expect count castle\n")
            self.assertEqual((failures, skipped), ([], None))
            failures, skipped = self.run_text("players 2\noption coc-final market\n"
                                              "expect turn 0\n")
            self.assertIsNone(skipped)
            self.assertEqual([line for line, _ in failures], [1], failures)
        # a variant this build plays is played: the 2-tile city of `tiny-city yes` scores 2
        failures, skipped = self.run_text("players 2\noption tiny-city yes\n"
                                          "place E 0 -1 180 city:S\nexpect score 2 0\n")
        self.assertEqual(failures, [])
        self.assertIsNone(skipped)


if __name__ == "__main__":
    unittest.main()
