# SPDX-License-Identifier: MIT
"""One vocabulary (0.2.0) through Python: "all" names every module, as in C
(carc_modules_parse) and JavaScript; every combination of modules starts
with no other option (with the Count and the River the spring lies at the
library's default place, and an explicit place still works or is refused
with the library's reason); games made with the default save and load back;
the library's one-ply policy is "immediate", and "greedy" is refused with a
message that names it."""
import itertools
import unittest

import _support  # noqa: F401  (finds the library)
import carcassonne
from carcassonne import Game, Module, Playout, Policy, check_options, errors, modules_of, policy_of

EVERY = Module(carcassonne.supported_modules())


class All(unittest.TestCase):
    def test_all_is_every_module(self):
        self.assertEqual(modules_of("all"), EVERY)
        self.assertEqual(carcassonne.parse_modules("all"), EVERY)
        self.assertEqual(modules_of("all,-farmers"), EVERY & ~Module.FARMERS)
        self.assertEqual(modules_of("-farmers all"), EVERY)            # a string: left to right
        self.assertEqual(modules_of({"all", "-farmers"}), EVERY & ~Module.FARMERS)  # a set: no order
        self.assertEqual(modules_of(["-count", "all", "-river"]), EVERY & ~(Module.COUNT | Module.RIVER))
        self.assertEqual(modules_of(b"all"), EVERY)
        with Game(modules="all") as g:
            self.assertEqual(g.modules, EVERY)
        with Game(modules={"all"}, farmers=False) as g:
            self.assertEqual(g.modules, EVERY & ~Module.FARMERS)

    def test_unknown_names_say_all(self):
        for bad in ("al", "alll", "ALL", "all,bogus"):
            with self.subTest(modules=bad), self.assertRaises(errors.ParseError) as cm:
                Game(modules=bad)
            self.assertIn("all for every one", cm.exception.detail)
        with self.assertRaises(errors.ParseError) as cm:
            modules_of("all,bogus")
        self.assertIn("'bogus'", cm.exception.detail)


class DefaultStart(unittest.TestCase):
    def test_every_combination_starts(self):
        # the whole boxes (the rule elements: test_elements.py)
        names = carcassonne.module_names(carcassonne.supported_modules())
        for n in range(len(names) + 1):
            for chosen in itertools.combinations(names, n):
                modules = " ".join(["-farmers"] + list(chosen))
                with self.subTest(modules=modules):
                    check_options(players=3, modules=modules)
                    with Game(players=3, seed=5, modules=modules) as g:
                        self.assertFalse(g.is_over)
                        self.assertTrue(g.legal_moves())

    def test_the_spring_beside_the_city(self):
        with Game(modules="river count") as g:
            o = g.options
            self.assertEqual((o.start_tile, o.start_x, o.start_y, o.start_rotation), ("RA", 0, -2, 3))
            spring = g.tile_at(0, -2)
            self.assertEqual((spring.tile, spring.rotation), ("RA", 3))
            self.assertEqual(len(g.board), 13)   # the City's 12 tiles and the spring
        # the same game as the explicit start it documents, and as the options it reports
        with Game(seed=9, modules="all") as a, \
                Game(seed=9, modules="all", start_tile="RA", start=(0, -2), start_rotation=3) as b:
            self.assertEqual(a.hash(), b.hash())
            with Playout(a) as runner:
                self.assertEqual(runner.run(a, "immediate", seed=4), runner.run(b, "immediate", seed=4))

    def test_an_explicit_start(self):
        with Game(modules="river count", start_tile="RA", start=(-3, 0), start_rotation=2) as g:
            self.assertEqual((g.options.start_x, g.options.start_y, g.options.start_rotation), (-3, 0, 2))
            self.assertEqual(g.tile_at(-3, 0).tile, "RA")
        # a place given without the tile: the spring there, checked as given
        with Game(modules="river count", start=(-3, 0), start_rotation=2) as g:
            self.assertEqual(g.tile_at(-3, 0).tile, "RA")
        for options, reason in ((dict(start_tile="RA"), "lies in the City of Carcassonne"),
                                (dict(start_tile="RA", start=(5, 5)), "must touch a field edge"),
                                (dict(start=(-3, 0)), "does not match the City"),
                                (dict(start_tile="D", start=(0, -2), start_rotation=3), "RA")):
            with self.subTest(**options), self.assertRaises(errors.RangeError) as cm:
                Game(modules="river count", **options)
            self.assertIn(reason, cm.exception.detail)

    def test_records_round_trip(self):
        for modules in ("river count", "all"):
            with self.subTest(modules=modules), Game(players=3, seed=21, modules=modules) as g:
                with Playout(g) as runner:
                    for _ in range(25):
                        move, _rng = runner.choose(g, "random", len(g.history))
                        g.play(move)
                text = g.save()
                self.assertIn("\nstart RA 0 -2 270", text)
                with Game.load(text) as back:
                    self.assertEqual(back.hash(), g.hash())
                    self.assertEqual(back.scores, g.scores)
                    self.assertEqual(back.options, g.options)
                    self.assertEqual(back.save(), text)
                g.end()
                with Game.load(g.save()) as back:
                    self.assertTrue(back.is_over)
                    self.assertEqual(back.scores, g.scores)


class Immediate(unittest.TestCase):
    def test_the_name(self):
        self.assertEqual(int(Policy.IMMEDIATE), 1)
        self.assertEqual(policy_of("immediate"), Policy.IMMEDIATE)
        self.assertEqual(carcassonne.POLICY_NAMES[Policy.IMMEDIATE], "immediate")
        self.assertFalse(hasattr(Policy, "GREEDY"))

    def test_greedy_is_refused(self):
        for name in ("greedy", "Greedy"):
            with self.subTest(name=name), self.assertRaises(ValueError) as cm:
                policy_of(name)
            self.assertIn("immediate", str(cm.exception))
        with Game(seed=3) as g, Playout(g) as runner:
            with self.assertRaises(ValueError) as cm:
                runner.run(g, "greedy", seed=1)
            self.assertIn("immediate", str(cm.exception))
            with self.assertRaises(ValueError):
                runner.choose(g, "greedy", 1)
            # nothing played: the refused calls changed nothing
            self.assertEqual(len(g.history), 0)
            self.assertIsNone(runner.last_game())


if __name__ == "__main__":
    unittest.main()
