#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Train a small policy network by self-play on the vectorised learning
environment (carcassonne.learn, <carcassonne/learn.h>), then measure it
against the uniform random policy and the library's immediate policy.

The game: 2 players, the base game (farmers on), a window of radius 8 around
the start tile (17 x 17 cells: 1,224 action ids). Every decision is one id;
a turn is two (the placement, then the figure action).

The network (PyTorch, 72,425 weights) reads the observation's planes
and vector, both seen from the player to move: three 3 x 3 convolutions
over the planes, the vector (its counts log-scaled) added to every cell as
a bias; a 1 x 1 convolution gives the 4 rotations of every cell (the
placement ids, in their order), a small network on the features of the
cell being placed (the pending plane) gives the 67 figure actions and the
pass, another the value. Illegal ids are masked out before sampling, so no
illegal action is ever chosen.

Training: PPO (clipped), one network for both seats. The reward of a step
is, for the player who took it, his points gained minus his opponent's (a
tenth of a point each), plus 1 for a win and -1 for a loss at the end; the
value is from the player to move's point of view, so the advantage
(GAE) changes sign when the turn passes to the other player.

During training, every --eval-every seconds the policy plays 64 games
against the uniform random policy of the environment (carc_learn_vec_sample:
a uniform placement, then a uniform figure action); the win rates are drawn
as the learning curve (--plot). After training, --games games against
each of two opponents of the library, through carcassonne.Game (the
opponents see the whole board, the network its window; when no legal
placement lies in the window it plays a random legal move, counted as a
"fallback"): the uniform random policy (Policy.RANDOM, carc_playout_choose:
uniform over every legal move) and the immediate policy (Policy.IMMEDIATE:
the most points now). Seats alternate.

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build-rel/libcarc/libcarcassonne.so.0.2 \\
        /usr/bin/python3 examples/python/train_selfplay.py --minutes 9 --games 1000 \\
        --plot examples/learning_curve.png

Measured 2026-12-05 on the project machine (2 shared cores, torch 1.13 on 2
threads): 9.0 minutes of training (175 iterations, 2,432 self-play games),
then against the uniform random policy 990 wins, 3 ties, 7 losses in 1,000
games (99.0%, mean score 63.1 to 25.3), against the immediate policy 690
wins, 22 ties, 288 losses (69.0%, 58.1 to 48.1); the curve is
examples/learning_curve.png (examples/README.md).

Needs numpy and torch (Debian: python3-numpy, python3-torch) and, for
--plot, matplotlib (python3-matplotlib).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Dict, List, Optional, Tuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from carcassonne import Game, Playout, Policy
from carcassonne.learn import LearnPlane, Space, VectorEnv

RADIUS = 8


# ------------------------------------------------------------------ the network

class PolicyNet(nn.Module):
    """Logits of every action id and the value, from planes and vector."""

    def __init__(self, info: Dict[str, int], channels: int = 32, hidden: int = 64):
        super().__init__()
        self.width = info["width"]
        self.actions = info["actions"]
        self.places = info["figure_base"]  # 4 ids a cell
        planes, vector = info["planes"], info["vector"]
        self.conv1 = nn.Conv2d(planes, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.conv3 = nn.Conv2d(channels, channels, 3, padding=1)
        self.vec = nn.Sequential(nn.Linear(vector, hidden), nn.ReLU())
        self.film = nn.Linear(hidden, channels)
        self.place = nn.Conv2d(channels, 4, 1)
        self.figure = nn.Sequential(nn.Linear(2 * channels + hidden, hidden), nn.ReLU(),
                                    nn.Linear(hidden, self.actions - self.places))
        self.value = nn.Sequential(nn.Linear(channels + hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, planes: torch.Tensor, vector: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        x = planes.float()
        v = self.vec(torch.log1p(vector.clamp(min=0)))
        h = F.relu(self.conv1(x))
        h = F.relu(self.conv2(h) + self.film(v)[:, :, None, None])
        h = F.relu(self.conv3(h) + h)
        b = x.shape[0]
        place = self.place(h).permute(0, 2, 3, 1).reshape(b, -1)  # id 4 * cell + rotation
        pending = x[:, LearnPlane.PENDING]
        at = (h * pending[:, None]).sum(dim=(2, 3))
        pooled = h.mean(dim=(2, 3))
        rest = self.figure(torch.cat([at, pooled, v], dim=1))     # 67 figure actions, then the pass
        value = self.value(torch.cat([pooled, v], dim=1)).squeeze(1)
        return torch.cat([place, rest], dim=1), value


def masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~mask, -1e9)


@torch.no_grad()
def choose(net: PolicyNet, planes, vector, mask, greedy: bool = False) -> np.ndarray:
    """Action ids for a batch of observations (numpy or torch), legal by the mask."""
    p = torch.as_tensor(np.asarray(planes))
    v = torch.as_tensor(np.asarray(vector))
    m = torch.as_tensor(np.asarray(mask))
    logits, _ = net(p, v)
    logits = masked(logits, m)
    if greedy:
        a = logits.argmax(dim=1)
    else:
        a = torch.distributions.Categorical(logits=logits).sample()
    a = a.numpy().astype(np.uint32)
    assert m[torch.arange(len(a)), torch.as_tensor(a.astype(np.int64))].all(), "an illegal action was chosen"
    return a


# ------------------------------------------------------------------ training

class Trainer:
    """PPO by self-play on a VectorEnv of `envs` games."""

    def __init__(self, envs: int = 128, steps: int = 16, seed: int = 1, lr: float = 3e-4, epochs: int = 3,
                 minibatch: int = 512, gamma: float = 1.0, lam: float = 0.95, clip: float = 0.2,
                 entropy: float = 0.01, radius: int = RADIUS):
        torch.manual_seed(seed)
        self.env = VectorEnv(envs, seed=seed * 1000003, radius=radius)
        self.info = self.env.space.info
        self.net = PolicyNet(self.info)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.n, self.t = envs, steps
        self.epochs, self.minibatch = epochs, minibatch
        self.gamma, self.lam, self.clip, self.entropy = gamma, lam, clip, entropy
        i = self.info
        self.planes = torch.zeros((steps, envs, i["planes"], i["width"], i["width"]), dtype=torch.uint8)
        self.vector = torch.zeros((steps, envs, i["vector"]))
        self.mask = torch.zeros((steps, envs, i["actions"]), dtype=torch.bool)
        self.actions = torch.zeros((steps, envs), dtype=torch.int64)
        self.logp = torch.zeros((steps, envs))
        self.values = torch.zeros((steps, envs))
        self.rewards = torch.zeros((steps, envs))
        self.carry = torch.zeros((steps, envs))  # +1: the same player moves next, -1: the other, 0: game over
        self.games = 0
        self.samples = 0

    def rollout(self) -> None:
        env = self.env
        # torch views of the environment's arrays: no copy
        planes, vector = torch.from_numpy(env.planes), torch.from_numpy(env.vector)
        mask = torch.from_numpy(env.mask)
        rows = torch.arange(self.n)
        for t in range(self.t):
            self.planes[t].copy_(planes)
            self.vector[t].copy_(vector)
            self.mask[t].copy_(mask)
            mover = torch.from_numpy(env.player.astype(np.int64))
            with torch.no_grad():
                logits, value = self.net(self.planes[t], self.vector[t])
                dist = torch.distributions.Categorical(logits=masked(logits, self.mask[t]))
                a = dist.sample()
            assert self.mask[t][rows, a].all(), "an illegal action was chosen"
            self.actions[t] = a
            self.logp[t] = dist.log_prob(a)
            self.values[t] = value
            env.step(a.numpy().astype(np.uint32))
            gained = torch.from_numpy(env.rewards.copy())
            own = gained[rows, mover]
            other = gained[rows, 1 - mover]
            r = (own - other) / 10.0
            done = torch.from_numpy(env.done.astype(np.int64)) != 0
            result = torch.from_numpy(env.results.copy())[rows, mover]
            r = r + torch.where(done, result, torch.zeros_like(result))
            self.rewards[t] = r
            same = torch.from_numpy(env.player.astype(np.int64)) == mover
            self.carry[t] = torch.where(done, torch.zeros(self.n), torch.where(same, 1.0, -1.0))
            self.games += int(done.sum())
        self.samples += self.n * self.t

    def update(self) -> Dict[str, float]:
        env = self.env
        with torch.no_grad():
            _, last = self.net(torch.from_numpy(env.planes.copy()), torch.from_numpy(env.vector.copy()))
        adv = torch.zeros((self.t, self.n))
        next_adv = torch.zeros(self.n)
        next_value = last
        for t in reversed(range(self.t)):
            c = self.carry[t]
            delta = self.rewards[t] + self.gamma * c * next_value - self.values[t]
            next_adv = delta + self.gamma * self.lam * c * next_adv
            adv[t] = next_adv
            next_value = self.values[t]
        ret = adv + self.values
        flat = lambda x: x.reshape(self.t * self.n, *x.shape[2:])  # noqa: E731
        planes, vector, mask = flat(self.planes), flat(self.vector), flat(self.mask)
        actions, old_logp, advs, rets = flat(self.actions), flat(self.logp), flat(adv), flat(ret)
        advs = (advs - advs.mean()) / (advs.std() + 1e-8)
        total = self.t * self.n
        stats = {"policy": 0.0, "value": 0.0, "entropy": 0.0}
        count = 0
        for _ in range(self.epochs):
            order = torch.randperm(total)
            for start in range(0, total, self.minibatch):
                idx = order[start:start + self.minibatch]
                logits, value = self.net(planes[idx], vector[idx])
                dist = torch.distributions.Categorical(logits=masked(logits, mask[idx]))
                logp = dist.log_prob(actions[idx])
                ratio = torch.exp(logp - old_logp[idx])
                a = advs[idx]
                policy_loss = -torch.min(ratio * a, ratio.clamp(1 - self.clip, 1 + self.clip) * a).mean()
                value_loss = F.mse_loss(value, rets[idx])
                ent = dist.entropy().mean()
                loss = policy_loss + 0.5 * value_loss - self.entropy * ent
                self.opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(self.net.parameters(), 0.5)
                self.opt.step()
                stats["policy"] += float(policy_loss)
                stats["value"] += float(value_loss)
                stats["entropy"] += float(ent)
                count += 1
        return {k: v / max(count, 1) for k, v in stats.items()}

    def iteration(self) -> Dict[str, float]:
        self.rollout()
        return self.update()


# ------------------------------------------------------------------ evaluation

def against_env_random(net: PolicyNet, games: int = 64, seed: int = 777, radius: int = RADIUS) -> Tuple[float, float]:
    """Win rate and mean score difference of the network against the
    environment's uniform random policy (carc_learn_vec_sample), `games`
    games in one VectorEnv, seats alternating."""
    env = VectorEnv(games, seed=seed, radius=radius, restart=False)
    seat = np.arange(games) % 2
    sums = np.zeros((games, 2))
    while not env.done.all():
        actions = env.sample()
        live = (env.done == 0) & (env.player == seat)
        if live.any():
            actions[live] = choose(net, env.planes[live], env.vector[live], env.mask[live])
        env.step(actions)
        sums += env.rewards
    rows = np.arange(games)
    mine, theirs = sums[rows, seat], sums[rows, 1 - seat]
    wins = (mine > theirs).sum() + 0.5 * (mine == theirs).sum()
    env.close()
    return wins / games, float((mine - theirs).mean())


def match(net: PolicyNet, opponent: Policy, games: int, batch: int = 200, seed: int = 5000,
          radius: int = RADIUS) -> Dict[str, float]:
    """`games` games of the network against a policy of the library
    (carc_playout_choose), through Game, `batch` at a time, seats alternating."""
    space = Space(radius=radius)
    runner: Optional[Playout] = None
    out = {"wins": 0, "ties": 0, "losses": 0, "mine": 0.0, "theirs": 0.0, "fallbacks": 0, "moves": 0}
    rng = np.random.default_rng(seed)
    for first in range(0, games, batch):
        count = min(batch, games - first)
        pool = [Game(seed=seed + first + k) for k in range(count)]
        seats = [(first + k) % 2 for k in range(count)]
        if runner is None:
            runner = Playout(pool[0])
        prng = [seed * 7 + first + k for k in range(count)]
        while True:
            live = [k for k in range(count) if not pool[k].is_over]
            if not live:
                break
            mine = [k for k in live if pool[k].current_player == seats[k]]
            for k in live:
                if k not in mine:
                    move, prng[k] = runner.choose(pool[k], opponent, prng[k])
                    pool[k].play(move)
            # the network's move: two ids (or one), each from a batched forward pass
            firsts: Dict[int, int] = {}
            ready = []
            for k in mine:
                if pool[k].is_over:
                    continue
                planes, vector = space.observe(pool[k])
                mask = space.mask(pool[k])
                if not mask.any():
                    legal = pool[k].legal_moves()
                    pool[k].play(legal[int(rng.integers(len(legal)))])
                    out["fallbacks"] += 1
                    continue
                ready.append((k, planes, vector, mask))
            if ready:
                ids = choose(net, np.stack([r[1] for r in ready]), np.stack([r[2] for r in ready]),
                             np.stack([r[3] for r in ready]))
                for (k, _, _, _), a in zip(ready, ids):
                    firsts[k] = int(a)
            second = []
            two = space.info["figure_base"]  # ids below it are placements: a figure action follows
            for k, a in firsts.items():
                if a < two:
                    planes, vector = space.observe(pool[k], [a])
                    second.append((k, a, planes, vector, space.mask(pool[k], [a])))
                else:
                    pool[k].play(space.decode(pool[k], [a]))
                    out["moves"] += 1
            if second:
                ids = choose(net, np.stack([s[2] for s in second]), np.stack([s[3] for s in second]),
                             np.stack([s[4] for s in second]))
                for (k, a, _, _, _), b in zip(second, ids):
                    pool[k].play(space.decode(pool[k], [a, int(b)]))
                    out["moves"] += 1
        for k in range(count):
            scores = pool[k].scores
            m, t = scores[seats[k]], scores[1 - seats[k]]
            out["mine"] += m
            out["theirs"] += t
            out["wins" if m > t else "ties" if m == t else "losses"] += 1
            pool[k].close()
    out["mine"] /= games
    out["theirs"] /= games
    runner.close()
    space.close()
    return out


# ------------------------------------------------------------------ the program

def plot(curve: List[Tuple[float, int, float, float]], path: str, title: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    minutes = [c[0] / 60 for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    ax.plot(minutes, [100 * c[2] for c in curve], marker="o", color="tab:blue",
            label="win rate against the uniform random policy (64 games)")
    ax.set_xlabel("training time (minutes, 2 cores)")
    ax.set_ylabel("wins (%)", color="tab:blue")
    ax.set_ylim(0, 100)
    ax.axhline(90, color="tab:blue", linestyle=":", linewidth=1)
    ax2 = ax.twinx()
    ax2.plot(minutes, [c[3] for c in curve], marker=".", color="tab:orange",
             label="mean score difference (points)")
    ax2.set_ylabel("score difference (points)", color="tab:orange")
    ax.set_title(title, fontsize=10)
    lines = ax.get_lines()[:1] + ax2.get_lines()
    ax.legend(lines, [line.get_label() for line in lines], loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=9.0, help="training time (default 9)")
    ap.add_argument("--iterations", type=int, default=0, help="stop after this many PPO iterations (0: time)")
    ap.add_argument("--envs", type=int, default=128, help="games stepped together (default 128)")
    ap.add_argument("--steps", type=int, default=16, help="steps of each game per iteration (default 16)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2, help="torch threads (default 2)")
    ap.add_argument("--eval-every", type=float, default=30.0, help="seconds between quick evaluations")
    ap.add_argument("--games", type=int, default=1000, help="games against each library policy (0: none)")
    ap.add_argument("--plot", help="write the learning curve here (PNG)")
    ap.add_argument("--save", help="write the trained network's weights here")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)

    wall = time.perf_counter()
    trainer = Trainer(envs=args.envs, steps=args.steps, seed=args.seed)
    weights = sum(p.numel() for p in trainer.net.parameters())
    print(f"self-play: {args.envs} games, {args.steps} steps an iteration, {trainer.info['actions']} actions, "
          f"{weights} weights, {args.threads} threads", flush=True)
    curve: List[Tuple[float, int, float, float]] = []
    rate, diff = against_env_random(trainer.net)
    curve.append((0.0, 0, rate, diff))
    print(f"  0.0 min, 0 games: {100 * rate:.0f}% against random (mean difference {diff:+.1f})", flush=True)
    trained = 0.0
    next_eval = args.eval_every
    it = 0
    while True:
        if args.iterations and it >= args.iterations:
            break
        if not args.iterations and trained >= args.minutes * 60:
            break
        start = time.perf_counter()
        stats = trainer.iteration()
        trained += time.perf_counter() - start
        it += 1
        if trained >= next_eval or (args.iterations and it == args.iterations):
            next_eval = trained + args.eval_every
            rate, diff = against_env_random(trainer.net)
            curve.append((trained, trainer.games, rate, diff))
            print(f"  {trained / 60:.1f} min, {trainer.games} games, iteration {it}: {100 * rate:.0f}% against "
                  f"random (mean difference {diff:+.1f}); value loss {stats['value']:.3f}, entropy "
                  f"{stats['entropy']:.2f}", flush=True)
    print(f"trained {trained / 60:.2f} min (evaluations not counted; {(time.perf_counter() - wall) / 60:.2f} min "
          f"with them), {it} iterations, {trainer.samples} steps, {trainer.games} self-play games", flush=True)
    if args.save:
        torch.save(trainer.net.state_dict(), args.save)
    if args.plot:
        plot(curve, args.plot, f"PPO self-play, base game, 2 players ({trainer.games} games, "
                               f"{trained / 60:.1f} min on {args.threads} threads)")
        print(f"learning curve: {args.plot}")
    net = trainer.net.eval()
    for name, policy in (("random", Policy.RANDOM), ("immediate", Policy.IMMEDIATE)):
        if args.games <= 0:
            break
        start = time.perf_counter()
        r = match(net, policy, args.games)
        g = args.games
        print(f"against {name}, {g} games: {r['wins']} wins, {r['ties']} ties, {r['losses']} losses "
              f"({100 * r['wins'] / g:.1f}% won), mean score {r['mine']:.1f} to {r['theirs']:.1f}, "
              f"{r['fallbacks']} fallback moves ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
