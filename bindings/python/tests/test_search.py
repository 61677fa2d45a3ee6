# SPDX-License-Identifier: MIT
"""search.h through Python: Playout (run, choose, last_game), Game.determinize,
Game.remaining_tiles and Game.hash (issue 17)."""
import gc
import pickle
import threading
import unittest
import weakref
from collections import Counter

import _support
import carcassonne
from carcassonne import ClosedError, Game, GameOverError, Move, Playout, Policy, policy_of, tiles

#: Every module (the spring at the library's default place beside the City).
EVERY_MODULE = dict(modules="all")
MODULE_SETS = [dict(), dict(modules="river,abbot"), dict(modules="inns", players=6),
               dict(modules="traders", players=3), dict(modules="count"), EVERY_MODULE,
               dict(farmers=False, players=5)]


def advanced(seed=3, moves=20, **options):
    """A game `moves` random moves in (splitmix64 picks among the legal moves)."""
    game = Game(seed=seed, **options)
    rng = seed
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        rng, value = _support.splitmix64(rng)
        game.play(legal[value % len(legal)])
    return game


def gain_of(game, move):
    """What the immediate policy maximises: the mover's points after `move`
    minus before, less the most any other player gains by it."""
    before = game.scores
    player = game.current_player
    with game.clone(history=False) as after:
        after.play(move)
        delta = [a - b for a, b in zip(after.scores, before)]
    others = [d for p, d in enumerate(delta) if p != player]
    return delta[player] - max(others)


class Policies(unittest.TestCase):
    def test_names_numbers_and_errors(self):
        self.assertEqual(policy_of("random"), Policy.RANDOM)
        self.assertEqual(policy_of("IMMEDIATE"), Policy.IMMEDIATE)
        self.assertEqual(policy_of("immediate"), Policy.IMMEDIATE)
        self.assertEqual(policy_of(1), Policy.IMMEDIATE)
        self.assertEqual(policy_of(Policy.RANDOM), Policy.RANDOM)
        self.assertEqual(carcassonne.POLICY_NAMES[Policy.IMMEDIATE], "immediate")
        self.assertEqual(set(carcassonne.POLICY_NAMES.values()), {"random", "immediate"})
        for bad in ("minimax", 2, -1):
            with self.subTest(policy=bad), self.assertRaises(ValueError):
                policy_of(bad)
        for bad in (True, 1.0, None, b"random"):
            with self.subTest(policy=bad), self.assertRaises(TypeError):
                policy_of(bad)

    def test_run_and_choose_check_their_arguments(self):
        with Game(seed=1) as game, Playout(game) as runner:
            for bad, error in (("minimax", ValueError), (7, ValueError), (True, TypeError),
                               (1.0, TypeError)):
                with self.subTest(policy=bad):
                    self.assertRaises(error, runner.run, game, bad, 1)
                    self.assertRaises(error, runner.choose, game, bad, 1)
            for bad, error in ((-1, ValueError), (1 << 64, ValueError), (1.5, TypeError),
                               ("7", TypeError), (False, TypeError)):
                with self.subTest(seed=bad):
                    self.assertRaises(error, runner.run, game, "random", bad)
                    self.assertRaises(error, runner.choose, game, "random", bad)
                    self.assertRaises(error, game.determinize, bad)
            self.assertRaises(TypeError, runner.run, "not a game")
            runner.run(game, "random", (1 << 64) - 1)


class Run(unittest.TestCase):
    def test_a_playout_from_the_start(self):
        with Game(players=3, seed=5) as game, Playout(game) as runner:
            before, hash_before = game.save(), game.hash()
            scores = runner.run(game, "random", seed=1)
            self.assertEqual(len(scores), 3)
            self.assertTrue(all(isinstance(s, int) and s >= 0 for s in scores))
            self.assertGreater(runner.last_moves, 60)
            self.assertEqual(game.save(), before, "the game must not change")
            self.assertEqual(game.hash(), hash_before)
            self.assertFalse(game.is_over)
            # the same arguments, the same playout; another seed, another
            self.assertEqual(runner.run(game, Policy.RANDOM, 1), scores)
            others = {tuple(runner.run(game, "random", s)) for s in range(2, 12)}
            self.assertGreater(len(others), 1)

    def test_the_finished_game_is_readable(self):
        with Game(seed=8) as game, Playout(game) as runner:
            self.assertIsNone(runner.last_game())
            self.assertEqual(runner.last_moves, 0)
            scores = runner.run(game, "immediate", seed=3)
            with runner.last_game() as ended:
                self.assertTrue(ended.is_over)
                self.assertEqual(ended.scores, scores)
                record = ended.save()
            # its record replays to the same scores, and is independent of the runner
            runner.run(game, "random", seed=4)
            with Game.load(record) as replayed:
                self.assertEqual(replayed.scores, scores)

    def test_playouts_from_the_middle_keep_what_was_scored(self):
        game = advanced(seed=11, moves=40)
        with game, Playout() as runner:
            now = game.scores
            for policy in ("random", "immediate"):
                for seed in range(3):
                    final = runner.run(game, policy, seed)
                    self.assertTrue(all(f >= n for f, n in zip(final, now)), (final, now))
            self.assertEqual(game.scores, now)

    def test_choose_plays_the_playout(self):
        # carc_playout_run with seed s plays the moves carc_playout_choose gives from rng s
        for policy in ("random", "immediate"):
            for options in (dict(seed=2), dict(seed=4, modules="river,abbot,inns", players=3)):
                with self.subTest(policy=policy, **options), Game(**options) as start, \
                        Playout(start) as runner:
                    expected = runner.run(start, policy, 99)
                    moves = runner.last_moves
                    with start.clone(history=False) as game:
                        rng, played = 99, 0
                        while not game.is_over:
                            move, rng = runner.choose(game, policy, rng)
                            self.assertIsInstance(move, Move)
                            self.assertTrue(game.is_legal(move), str(move))
                            game.play(move)
                            played += 1
                        self.assertEqual(game.scores, expected)
                        self.assertEqual(played, moves)
                        self.assertRaises(GameOverError, runner.choose, game, policy, rng)

    def test_choose_advances_the_generator(self):
        with Game(seed=3) as game, Playout(game) as runner:
            move1, rng1 = runner.choose(game, "random", 5)
            move2, rng2 = runner.choose(game, "random", 5)
            self.assertEqual((move1, rng1), (move2, rng2))
            self.assertNotEqual(rng1, 5)
            self.assertTrue(0 <= rng1 < 1 << 64)

    def test_immediate_takes_the_most_points(self):
        game = advanced(seed=21, moves=30)
        with game, Playout(game) as runner:
            checked = 0
            rng = 1
            for _ in range(25):
                legal = game.legal_moves()
                best = max(gain_of(game, m) for m in legal)
                move, rng = runner.choose(game, "immediate", rng)
                self.assertIn(move, legal)
                self.assertEqual(gain_of(game, move), best, str(move))
                game.play(move)
                checked += best > 0
            self.assertGreater(checked, 0, "no position where a move scored")

    def test_random_is_uniform_over_the_legal_moves(self):
        with Game(seed=6) as game, Playout(game) as runner:
            legal = game.legal_moves()
            seen = Counter()
            rng = 0
            for _ in range(40 * len(legal)):
                move, rng = runner.choose(game, "random", rng)
                seen[move] += 1
            self.assertEqual(set(seen), set(legal))
            self.assertLess(max(seen.values()), 3 * 40)

    def test_every_module_and_a_runner_that_grows(self):
        with Playout() as runner:  # sized for a 2-player base game
            for options in MODULE_SETS:
                with self.subTest(**{k: str(v) for k, v in options.items()}), \
                        Game(seed=7, **options) as game:
                    for policy in ("random", "immediate"):
                        scores = runner.run(game, policy, 1)
                        self.assertEqual(len(scores), game.players)
                        self.assertEqual(runner.run(game, policy, 1), scores)
                        with runner.last_game() as ended:
                            self.assertTrue(ended.is_over)
                            self.assertEqual(ended.scores, scores)

    def test_a_finished_game_plays_no_move(self):
        with Game(seed=2) as game, Playout(game) as runner:
            game.end()
            self.assertEqual(runner.run(game, "random", 1), game.scores)
            self.assertEqual(runner.last_moves, 0)
            self.assertRaises(GameOverError, runner.choose, game, "immediate", 1)

    def test_threads_each_with_its_runner(self):
        def work(seed, out):
            with Game(seed=seed) as game, Playout(game) as runner:
                out[seed] = [runner.run(game, "random", s) for s in range(20)]
        alone = {}
        for seed in (1, 2, 3):
            work(seed, alone)
        together = {}
        threads = [threading.Thread(target=work, args=(seed, together)) for seed in (1, 2, 3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(together, alone)

    def test_threads_sharing_one_game_read_only(self):
        # run and choose only read the game: threads may share one that nobody changes
        with Game(seed=9) as game:
            with Playout(game) as runner:
                expected = [runner.run(game, "immediate", s) for s in range(6)]
            out = {}

            def work(k):
                with Playout(game) as mine:
                    out[k] = [mine.run(game, "immediate", s) for s in range(6)]
            threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertEqual(out, {k: expected for k in range(3)})


class Lifetime(unittest.TestCase):
    def test_close_with_and_gc(self):
        runner = Playout()
        self.assertFalse(runner.closed)
        runner.close()
        self.assertTrue(runner.closed)
        self.assertRaises(ClosedError, runner.close)
        with Game() as game:
            self.assertRaises(ClosedError, runner.run, game)
            self.assertRaises(ClosedError, runner.choose, game)
            self.assertRaises(ClosedError, runner.last_game)
            self.assertRaises(ClosedError, lambda: runner.last_moves)
        self.assertIn("closed", repr(runner))
        with Playout() as runner:
            pass
        self.assertTrue(runner.closed)
        ref = weakref.ref(Playout())
        gc.collect()
        self.assertIsNone(ref())

    def test_a_closed_game(self):
        game = Game()
        with Playout(game) as runner:
            game.close()
            self.assertRaises(ClosedError, runner.run, game)
            self.assertRaises(ClosedError, runner.choose, game)
            self.assertRaises(ClosedError, game.determinize, 1)
            self.assertRaises(ClosedError, game.hash)
            self.assertRaises(ClosedError, game.remaining_tiles)
        self.assertRaises(ClosedError, Playout, game)

    def test_a_runner_does_not_pickle_but_a_game_does(self):
        with Playout() as runner:
            self.assertRaises(TypeError, pickle.dumps, runner)
        with Game(seed=4) as game, Playout(game) as runner:
            game.determinize(17)
            copy = pickle.loads(pickle.dumps(game))
            # a record names each drawn tile; the pile of the copy is the seed's
            self.assertEqual(copy.hash(), game.hash())
            self.assertEqual(len(runner.run(copy, "random", 1)), 2)
            copy.close()


class Determinize(unittest.TestCase):
    def next_tiles(self, game, n=6):
        """The tiles the next n random moves draw (on a clone)."""
        with game.clone(history=False) as g, Playout(g) as runner:
            drawn, rng = [], 0
            for _ in range(n):
                move, rng = runner.choose(g, "random", rng)
                g.play(move)
                drawn.append(g.current_tile)
            return drawn

    def test_only_the_hidden_order_changes(self):
        game = advanced(seed=5, moves=10)
        with game:
            before = (game.current_tile, game.remaining_tiles(), game.hash(), game.scores,
                      game.board, game.supply, game.pending, len(game.history), game.remaining)
            orders = set()
            for seed in range(8):
                game.determinize(seed)
                now = (game.current_tile, game.remaining_tiles(), game.hash(), game.scores,
                       game.board, game.supply, game.pending, len(game.history), game.remaining)
                self.assertEqual(now, before)
                orders.add(tuple(self.next_tiles(game)))
            self.assertGreater(len(orders), 4, "determinize should change the next draws")
            # the same seed gives the same order from any hidden order: the new
            # order depends on the seed and on what the players know only
            with game.clone() as a, game.clone() as b:
                b.determinize(1234)
                a.determinize(3)
                b.determinize(3)
                self.assertEqual(self.next_tiles(a), self.next_tiles(b))

    def test_undo_of_the_move_restores_the_earlier_order(self):
        game = advanced(seed=13, moves=8)
        with game:
            move = game.legal_moves()[-1]
            reference = self.next_tiles(game, 8)
            game.play(move)
            game.determinize(4242)
            game.undo()
            self.assertEqual(self.next_tiles(game, 8), reference)

    def test_records_stay_valid(self):
        game = advanced(seed=17, moves=12)
        with game, Playout(game) as runner:
            game.determinize(99)
            rng = 5
            for _ in range(15):
                move, rng = runner.choose(game, "random", rng)
                game.play(move)
            with Game.load(game.save()) as replayed:
                self.assertEqual(replayed.scores, game.scores)
                self.assertEqual(replayed.board, game.board)
                self.assertEqual(replayed.remaining_tiles(), game.remaining_tiles())
                # the record names the tiles drawn, not the order of the rest:
                # the next tile is the seed's
                if replayed.current_tile != game.current_tile:
                    self.assertNotEqual(replayed.hash(), game.hash())
                    replayed.choose_tile(game.current_tile)
                self.assertEqual(replayed.hash(), game.hash())

    def test_the_river_still_comes_first(self):
        with Game(seed=3, modules="river") as game, Playout(game) as runner:
            game.determinize(12345)
            runner.run(game, "random", 1)
            with runner.last_game() as ended:
                placed = [t.tile for t in ended.board][1:]  # after the spring
            river = [t for t in placed if t.startswith("R") and len(t) == 2]
            self.assertEqual(placed[:len(river)], river, "river tiles first")
            self.assertEqual(river[-1], "RL", "the lake last of them")
            self.assertEqual(len(river), 11)

    def test_playouts_of_determinized_games_differ(self):
        with Game(seed=1) as game, Playout(game) as runner:
            results = set()
            for seed in range(6):
                with game.clone(history=False) as sample:
                    sample.determinize(seed)
                    results.add(tuple(runner.run(sample, "immediate", 0)))
            self.assertGreater(len(results), 1)


class RemainingTiles(unittest.TestCase):
    def test_the_start(self):
        with Game(seed=1) as game:
            left = game.remaining_tiles()
            self.assertIsInstance(left, Counter)
            self.assertEqual(sum(left.values()), game.remaining)
            expected = Counter({t.name: t.copies for t in tiles() if t.copies})
            expected["D"] -= 1  # the start tile
            self.assertEqual(left, +expected)

    def test_as_the_game_goes(self):
        for options in MODULE_SETS:
            with self.subTest(**{k: str(v) for k, v in options.items()}):
                game = advanced(5, 25, **options)
                with game:
                    left = game.remaining_tiles()
                    self.assertEqual(sum(left.values()), game.remaining)
                    for name in carcassonne.tile_names():
                        self.assertEqual(left[name], game.remaining_of(name), name)
                    self.assertIn(game.current_tile, left)
                    game.end()  # the pile is left as it was
                    self.assertEqual(game.remaining_tiles(), left)
                    self.assertEqual(sum(left.values()), game.remaining)
        with Game(seed=3) as game, Playout(game) as runner:
            runner.run(game, "random", 1)
            with runner.last_game() as ended:
                self.assertEqual(ended.remaining_tiles(), Counter())
                self.assertEqual(ended.remaining, 0)


class Hash(unittest.TestCase):
    def test_a_64_bit_number_that_follows_the_position(self):
        with Game(seed=2) as game:
            h0 = game.hash()
            self.assertIsInstance(h0, int)
            self.assertTrue(0 <= h0 < 1 << 64)
            with game.clone() as twin:
                self.assertEqual(twin.hash(), h0)
            seen = {h0}
            for _ in range(10):
                game.play(game.legal_moves()[0])
                seen.add(game.hash())
            self.assertEqual(len(seen), 11)
            hashes = []
            while game.can_undo:
                hashes.append(game.hash())
                game.undo()
            self.assertEqual(game.hash(), h0)
            with Game.load(game.save()) as replayed:
                self.assertEqual(replayed.hash(), h0)

    def test_equal_positions_by_two_move_orders(self):
        # P0 and P1 each place a straight road (U) beside the start tile, one
        # east, one west, no figure, in either order: the same board, no
        # points, P0 to move with the same tile (chosen) and the same tiles left.
        with Game(seed=1) as probe:
            probe.choose_tile("U")
            east = [m for m in probe.placements() if (m.x, m.y) == (1, 0)][0]
            west = [m for m in probe.placements() if (m.x, m.y) == (-1, 0)][0]

        def line(first, second):
            game = Game(seed=1)
            for move in (first, second):
                game.choose_tile("U")
                game.play(move)
            game.choose_tile("D")
            return game
        with line(east, west) as one, line(west, east) as two:
            self.assertEqual(one.scores, [0, 0])
            self.assertEqual(one.current_player, two.current_player)
            def cells(game):
                return sorted((t.x, t.y, t.tile, t.rotation) for t in game.board)
            self.assertEqual(cells(one), cells(two))
            self.assertNotEqual(one.history, two.history)
            self.assertEqual(one.hash(), two.hash())
            one.undo()  # the tile choice
            self.assertNotEqual(one.hash(), two.hash())

    def test_what_the_position_includes(self):
        with Game(seed=4) as game:
            move = game.legal_moves()[0]
            with_figure = [m for m in game.figure_options(move) if m.figure][0]
            with game.clone() as a, game.clone() as b:
                a.play(move)
                b.play(with_figure)
                self.assertNotEqual(a.hash(), b.hash(), "a figure changes the position")
        with Game(seed=4) as a, Game(seed=4, players=3) as b:
            self.assertNotEqual(a.hash(), b.hash())
        with Game(seed=4) as a, Game(seed=5) as b:
            a.choose_tile("E")
            b.choose_tile("E")
            self.assertEqual(a.hash(), b.hash(), "the pile order is not part of it")
            b.choose_tile("F")
            self.assertNotEqual(a.hash(), b.hash(), "the current tile is")


if __name__ == "__main__":
    unittest.main()
