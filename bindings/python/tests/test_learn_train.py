# SPDX-License-Identifier: MIT
"""The training example (examples/python/train_selfplay.py), a few iterations
only: shapes, masks respected (no illegal action ever chosen), finite losses,
the evaluations run. Skipped without numpy or torch (Debian: python3-numpy,
python3-torch), and under the sanitizers (torch is not built for them)."""
import importlib.util
import math
import os
import unittest

import _support

try:
    import numpy as np
    import torch
except ImportError:  # pragma: no cover - depends on the machine
    np = torch = None

EXAMPLE = os.path.join(_support.REPO_ROOT, "examples", "python", "train_selfplay.py")
SANITIZED = "asan" in os.environ.get("LD_PRELOAD", "")


def load_example():
    spec = importlib.util.spec_from_file_location("train_selfplay", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@unittest.skipIf(torch is None, "numpy or torch is not installed (Debian: python3-numpy, python3-torch)")
@unittest.skipIf(SANITIZED, "torch under the sanitizers' preloaded runtime")
@unittest.skipUnless(os.path.exists(EXAMPLE), "examples/python/train_selfplay.py not found")
class QuickTraining(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        torch.set_num_threads(1)
        cls.train = load_example()

    def test_a_few_iterations(self):
        t = self.train.Trainer(envs=6, steps=8, seed=3, minibatch=16, epochs=1)
        info = t.info
        self.assertEqual(t.planes.shape, (8, 6, info["planes"], info["width"], info["width"]))
        before = [p.detach().clone() for p in t.net.parameters()]
        for _ in range(3):
            stats = t.iteration()  # asserts that every chosen action is legal
            for value in stats.values():
                self.assertTrue(math.isfinite(value), stats)
        # every stored action was legal in its observation's mask
        chosen = t.mask.gather(2, t.actions.unsqueeze(2)).squeeze(2)
        self.assertTrue(bool(chosen.all()))
        self.assertEqual(t.samples, 3 * 6 * 8)
        moved = any(not torch.equal(a, b) for a, b in zip(before, t.net.parameters()))
        self.assertTrue(moved)
        # the network's logits cover the action space, its values one a game
        logits, value = t.net(torch.from_numpy(t.env.planes.copy()), torch.from_numpy(t.env.vector.copy()))
        self.assertEqual(tuple(logits.shape), (6, info["actions"]))
        self.assertEqual(tuple(value.shape), (6,))
        # the evaluations: legal moves only, every game finished
        rate, _ = self.train.against_env_random(t.net, games=4)
        self.assertTrue(0.0 <= rate <= 1.0)
        from carcassonne import Policy
        r = self.train.match(t.net, Policy.RANDOM, games=2, batch=2)
        self.assertEqual(r["wins"] + r["ties"] + r["losses"], 2)
        self.assertGreater(r["moves"], 60)

    def test_choose_respects_the_mask(self):
        t = self.train.Trainer(envs=4, steps=2, seed=5)
        env = t.env
        for _ in range(40):
            ids = self.train.choose(t.net, env.planes, env.vector, env.mask)
            self.assertTrue(all(env.mask[k, ids[k]] for k in range(4)))
            env.step(ids)


if __name__ == "__main__":
    unittest.main()
