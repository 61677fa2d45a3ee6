# SPDX-License-Identifier: MIT
"""carcassonne.learn: the learning environment through numpy (learn.h).
Skipped without numpy (Debian: python3-numpy)."""
import unittest

import _support  # noqa: F401  (puts the package on the path)

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None

if np is not None:
    from carcassonne import learn
    from carcassonne.learn import (CarcassonneAECEnv, CarcassonneEnv, LearnDone, LearnStage, NO_ACTION, Space,
                                   VectorEnv)
from carcassonne import Game, IllegalMoveError, InvalidArgumentError, RangeError

MODULE_SETS = [dict(), dict(modules="river,abbot"), dict(modules="inns", players=3),
               dict(modules="traders"), dict(modules="count"), dict(modules="all"),
               dict(farmers=False, players=4)]


@unittest.skipIf(np is None, "numpy is not installed (Debian: python3-numpy)")
class Spaces(unittest.TestCase):
    def test_layout(self):
        s = Space()
        self.assertEqual(s.info["width"], 31)
        self.assertEqual(s.actions, 4 * 31 * 31 + 68)
        self.assertEqual(s.plane_shape, (59, 31, 31))
        self.assertEqual(s.vector_size, s.info["v_left_total"] + 1)
        self.assertEqual(s.info["layout_version"], 1)
        with Space(modules="count", radius=5) as c:
            self.assertEqual(c.info["exit_base"], c.info["pass_id"] + 1)
            self.assertEqual(c.actions, c.info["count_base"] + 4)
        self.assertEqual(s.describe(s.info["pass_id"]), "pass")
        self.assertEqual(s.describe(s.info["figure_base"]), "no figure")
        self.assertTrue(s.describe(0).startswith("place (-15,-15)"))

    def test_encode_decode_every_legal_move(self):
        for options in MODULE_SETS:
            with self.subTest(**options):
                s = Space(**options)
                game = Game(seed=11, **options)
                rng = 5
                for _ in range(60):
                    if game.is_over:
                        break
                    legal = game.legal_moves()
                    first = np.zeros(s.actions, dtype=bool)
                    for move in legal:
                        ids = s.encode(game, move)
                        self.assertEqual(s.decode(game, ids), move)
                        first[ids[0]] = True
                    np.testing.assert_array_equal(s.mask(game), first)
                    rng, value = _support.splitmix64(rng)
                    game.play(legal[value % len(legal)])

    def test_bad_input(self):
        s = Space()
        game = Game(players=3)
        with self.assertRaises(InvalidArgumentError) as cm:
            s.mask(game)
        self.assertIn("mismatched options", str(cm.exception))
        game = Game()
        with self.assertRaises(RangeError):
            s.decode(game, [s.actions])
        with self.assertRaises(IllegalMoveError):
            s.decode(game, [s.info["figure_base"]])
        with self.assertRaises(IllegalMoveError):
            s.mask(game, [s.info["pass_id"]])
        with self.assertRaises(RangeError):
            Space(radius=65)
        with self.assertRaises(RangeError):
            Space(modules="count", radius=2)
        with self.assertRaises(ValueError):
            VectorEnv(0)


@unittest.skipIf(np is None, "numpy is not installed (Debian: python3-numpy)")
class Vectorised(unittest.TestCase):
    def test_arrays_are_the_buffers(self):
        env = VectorEnv(8, seed=3)
        i = env.space.info
        self.assertEqual(env.planes.shape, (8, i["planes"], 31, 31))
        self.assertEqual(env.planes.dtype, np.uint8)
        self.assertEqual(env.vector.dtype, np.float32)
        self.assertEqual(env.mask.dtype, np.bool_)
        self.assertEqual(env.rewards.shape, (8, 2))
        addresses = [a.ctypes.data for a in env.batch]
        for _ in range(30):
            batch = env.step(env.sample())
            self.assertIs(batch.planes, env.planes)
            self.assertEqual([a.ctypes.data for a in batch], addresses)
        # written over by the caller: rebuild gives them back
        before = env.planes.copy(), env.mask.copy()
        env.planes[:] = 7
        env.mask[:] = True
        env.rebuild()
        np.testing.assert_array_equal(env.planes, before[0])
        np.testing.assert_array_equal(env.mask, before[1])

    def test_rows_equal_rebuilds_every_module_set(self):
        for options in MODULE_SETS:
            with self.subTest(**options):
                env = VectorEnv(3, seed=21, **options)
                for step in range(120):
                    actions = env.sample()
                    for k in range(3):
                        self.assertTrue(env.mask[k, actions[k]])
                    env.step(actions)
                    if step % 7:
                        continue
                    for k in range(3):
                        with env.game(k) as game:
                            planes, vector = env.space.observe(game, env.prefix(k))
                            np.testing.assert_array_equal(planes, env.planes[k])
                            np.testing.assert_array_equal(vector, env.vector[k])
                            np.testing.assert_array_equal(env.space.mask(game, env.prefix(k)), env.mask[k])
                            if not game.is_over:
                                self.assertEqual(env.player[k], game.pending.player)
                env.close()

    def test_rewards_sum_to_scores_and_results(self):
        env = VectorEnv(4, seed=9, restart=False)
        sums = np.zeros((4, 2))
        finished = np.zeros(4, dtype=bool)
        while not finished.all():
            actions = env.sample()
            self.assertTrue(all((a == NO_ACTION) == f for a, f in zip(actions, finished)))
            env.step(actions)
            sums += env.rewards
            for k in np.flatnonzero(env.done & ~finished):
                finished[k] = True
                with env.game(k) as game:
                    self.assertTrue(game.is_over)
                    self.assertEqual(list(sums[k]), game.scores)
                    winners = game.winners
                    for p in range(2):
                        want = (1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0
                        self.assertEqual(env.results[k, p], want)
                self.assertEqual(env.done[k], LearnDone.OVER)
                self.assertFalse(env.mask[k].any())
        env.reset(seed=9)
        self.assertFalse(env.done.any())

    def test_restart_with_the_next_seed(self):
        env = VectorEnv(2, seed=100)
        seen = 0
        while seen < 3:
            env.step(env.sample())
            for k in np.flatnonzero(env.done):
                with env.game(k) as game, Game(seed=102 + seen) as fresh:
                    self.assertEqual(game.hash(), fresh.hash())
                seen += 1

    def test_illegal_action_changes_nothing(self):
        env = VectorEnv(2, seed=4)
        before = env.planes.copy(), env.mask.copy()
        illegal = int(np.flatnonzero(~env.mask[1])[0])
        with self.assertRaises(IllegalMoveError) as cm:
            env.step([env.sample()[0], illegal])
        self.assertIn("game 1", str(cm.exception))
        with self.assertRaises(RangeError):
            env.step([env.sample()[0], env.space.actions + 5])
        with self.assertRaises(InvalidArgumentError):
            env.step(np.zeros(3, dtype=np.uint32))
        np.testing.assert_array_equal(env.planes, before[0])
        np.testing.assert_array_equal(env.mask, before[1])

    def test_two_steps_of_a_placement(self):
        env = VectorEnv(1, seed=2)
        i = env.space.info
        stage = i["v_stage"]
        self.assertEqual(env.vector[0, stage + LearnStage.PLACE], 1.0)
        first = env.sample()
        env.step(first)
        self.assertEqual(env.prefix(0), (int(first[0]),))
        self.assertEqual(env.vector[0, stage + LearnStage.FIGURE], 1.0)
        self.assertEqual(env.planes[0, learn.LearnPlane.PENDING].sum(), 1)
        self.assertTrue(env.mask[0, i["figure_base"]])  # no figure: always legal
        self.assertEqual(env.player[0], 0)
        env.step([i["figure_base"]])
        self.assertEqual(env.prefix(0), ())
        self.assertEqual(env.player[0], 1)
        self.assertEqual(env.planes[0, learn.LearnPlane.PENDING].sum(), 0)


@unittest.skipIf(np is None, "numpy is not installed (Debian: python3-numpy)")
class GymShapes(unittest.TestCase):
    def test_a_whole_game(self):
        env = CarcassonneEnv(reward="points")
        obs, info = env.reset(seed=7)
        self.assertEqual(set(obs), {"planes", "vector", "action_mask"})
        self.assertTrue(env.observation_space.contains(obs))
        self.assertEqual(env.action_space.n, env.space.actions)
        total = np.zeros(2)
        for _ in range(1000):
            action = env.action_space.sample(obs["action_mask"])
            mover = info["player"]
            obs, reward, terminated, truncated, info = env.step(action)
            total += info["rewards"]
            self.assertEqual(reward, info["rewards"][mover])
            if terminated or truncated:
                break
        self.assertTrue(terminated)
        with env.game() as game:
            self.assertEqual(list(total), game.scores)
        self.assertEqual(sorted(info["result"]), [-1.0, 1.0] if total[0] != total[1] else [0.0, 0.0])
        with self.assertRaises(RuntimeError):
            env.step(0)
        # the same seed, the same start
        again, _ = env.reset(seed=7)
        self.assertEqual(env.reset(seed=7)[0]["vector"].tolist(), again["vector"].tolist())
        shown = CarcassonneEnv(render_mode="ansi")
        shown.reset(seed=1)
        self.assertIsInstance(shown.render(), str)
        self.assertTrue(shown.render())
        self.assertIsNone(env.render())

    def test_illegal_action(self):
        env = CarcassonneEnv()
        obs, _ = env.reset(seed=1)
        with self.assertRaises(IllegalMoveError):
            env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


@unittest.skipIf(np is None, "numpy is not installed (Debian: python3-numpy)")
class AecShapes(unittest.TestCase):
    def test_agent_iter(self):
        env = CarcassonneAECEnv(modules="river")
        env.reset(seed=3)
        self.assertEqual(env.agents, ["player_0", "player_1"])
        totals = {a: 0.0 for a in env.possible_agents}
        steps = 0
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            totals[agent] += reward
            if termination or truncation:
                self.assertFalse(obs["action_mask"].any())
                action = None
            else:
                self.assertEqual(agent, env.agent_selection)
                mask = obs["action_mask"]
                self.assertTrue(mask.any())
                action = env.action_space(agent).sample(mask)
                steps += 1
            env.step(action)
        self.assertEqual(env.agents, [])
        self.assertGreater(steps, 100)
        with env.game() as game:
            self.assertEqual([totals[a] for a in env.possible_agents], game.scores)


if __name__ == "__main__":
    unittest.main()
