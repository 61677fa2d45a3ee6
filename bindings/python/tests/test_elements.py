# SPDX-License-Identifier: MIT
"""Rule elements through Python: the element flags and names are the C
library's, a box less one of its elements parses to the others, a game of
elements reports them (a whole box by its name) and plays to its end, and an
element without one it needs is refused with the library's reason."""
import unittest

import _support  # noqa: F401  (finds the library)
import carcassonne
from carcassonne import Game, Module, errors, module_elements, modules_of


class Elements(unittest.TestCase):
    def test_names_are_the_librarys(self):
        for flag, name in carcassonne.MODULE_NAMES.items():
            with self.subTest(name=name):
                self.assertEqual(carcassonne.module_name(flag), name)
                self.assertEqual(modules_of(f"-farmers {name}"), flag)

    def test_boxes_stand_for_their_elements(self):
        cases = {
            "traders": Module.FARMERS | Module.TRADERS_TILES | Module.GOODS | Module.BUILDER | Module.PIG,
            "-farmers traders": Module.TRADERS_TILES | Module.GOODS | Module.BUILDER,
            "inns": Module.FARMERS | Module.INNS_TILES | Module.BIG_FOLLOWER | Module.INN | Module.CATHEDRAL,
            "abbot": Module.FARMERS | Module.ABBOT_FIGURE | Module.GARDENS,
        }
        for text, want in cases.items():
            with self.subTest(modules=text):
                self.assertEqual(module_elements(text), want)
        self.assertEqual(modules_of("traders,-pig"),
                         Module.FARMERS | Module.TRADERS_TILES | Module.GOODS | Module.BUILDER)
        self.assertEqual(modules_of({"abbot", "-gardens"}), Module.FARMERS | Module.ABBOT_FIGURE)
        self.assertEqual(modules_of("abbot-figure gardens"), Module.FARMERS | Module.ABBOT)

    def test_a_game_of_elements(self):
        with Game(players=6, seed=4, modules="big-follower builder gardens") as g:
            self.assertEqual(g.options.module_names, ["farmers", "big-follower", "builder", "gardens"])
            self.assertEqual(g.options.elements, g.options.modules)
            while not g.is_over:
                g.play(g.legal_moves()[0])
        with Game(modules="inns-tiles,inn,cathedral,big-follower") as g:
            self.assertEqual(g.options.module_names, ["farmers", "inns"])  # a whole box, by its name

    def test_needs_are_explained(self):
        for text, why in (("-all,pig", "pig needs farmers"), ("inn", "inn needs inns-tiles"),
                          ("goods", "goods needs traders-tiles")):
            with self.subTest(modules=text), self.assertRaises(errors.InvalidArgumentError) as cm:
                Game(modules=text)
            self.assertIn(why, cm.exception.detail)
        with self.assertRaises(errors.RangeError):
            Game(players=6, modules="traders")


if __name__ == "__main__":
    unittest.main()
