#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A compact Monte Carlo tree search for Carcassonne on the playouts of the C
library, and a match against the library's immediate policy (Policy.IMMEDIATE,
the most points now; "greedy" before 0.2.0).

Determinized UCT, information-set style: the searcher knows the board, the
scores and its own tile, not the order of the pile. Each iteration copies the
root position without history (Game.copy_from, carc_game_copy with
CARC_CLONE_NO_HISTORY) into a scratch game, re-shuffles the tiles nobody has
seen (Game.determinize), walks down the tree with UCB1, adds one move to it
and finishes the game with one C playout (Playout.run: one call). Nodes are
found by Game.hash(): a position's legal moves are a function of it, so each
node lists them once; other draws of the opponents' tiles give other nodes,
and other move orders to the same position share one. A new node tries the
library's immediate move first (Playout.choose), then the others in a random
order. A player's reward is 1 for a win, 1/2 for a shared first place, 0
otherwise, with a little for the margin (`reward`).

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.2 \\
        python3 examples/python/mcts.py --games 40 --iterations 300

plays 40 two-player games of MCTS against immediate (seeds 1..40, seats
swapped every game) and prints wins, mean scores and the time per move.
`--modules all` plays every module (the library lays the River's spring beside
the City of Carcassonne by its default).

Measured 2026-12-03 on the project machine (2 shared cores), 40 games each,
CPU time a move of the searcher:

    300 iterations: 38 wins, 1 tie, 1 loss (96%), mean score 73.1 to 35.9, 30 ms
    100 iterations: 32 wins, 8 losses (80%), 57.2 to 36.7, 9 ms
    300 iterations, --no-immediate-first: 35-1-4 (89%), 70.8 to 37.2, 28 ms

Used by selfplay_dask.py: `make_bot("mcts:32")`, `make_bot("immediate")`,
`play_game(bots, seed)`.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Dict, List, Optional, Sequence

import carcassonne
from carcassonne import Game, Move, Playout


def reward(scores: Sequence[int], margin_weight: float = 0.1, scale: float = 20.0) -> List[float]:
    """Every player's reward for final `scores`: 1 for a win, 1/2 for a shared
    first place, 0 otherwise, mixed with (1 - margin_weight) : margin_weight
    with 1/2 + 1/2 tanh(margin / scale), the margin against the best other."""
    best = max(scores)
    leaders = sum(1 for s in scores if s == best)
    out = []
    for p, s in enumerate(scores):
        other = max(x for q, x in enumerate(scores) if q != p)
        win = (1.0 / leaders) if s == best else 0.0
        out.append((1 - margin_weight) * win + margin_weight * (0.5 + 0.5 * math.tanh((s - other) / scale)))
    return out


class Node:
    """A position of the tree (found by its hash): its legal moves, in a
    random order (the order they are first tried), and each move's visits
    and total reward (for the player who makes it). The moves are a function
    of the position, so they are listed once."""
    __slots__ = ("moves", "visits", "totals", "n", "tried")

    def __init__(self, moves: List[Move], rng: random.Random, first: Optional[Move] = None):
        rng.shuffle(moves)
        if first is not None:  # tried first (the immediate policy's move)
            if first in moves:
                moves.remove(first)
            moves.insert(0, first)
        self.moves = moves
        self.visits = [0] * len(moves)
        self.totals = [0.0] * len(moves)
        self.n = 0          # visits of the node: the sum of its moves' visits
        self.tried = 0      # moves[:tried] have been tried


class MCTS:
    """Determinized UCT. `iterations` per move (or `seconds`, whichever comes
    first when both are given), `policy` of the playouts ("random" or
    "immediate"), `c` the exploration constant, `seed` the searcher's own
    generator (determinizations and playout seeds). With `immediate_first` a
    new node tries the library's immediate move first (Playout.choose), then the
    others in a random order: a budget smaller than the number of moves
    still sees the move that scores most now."""

    def __init__(self, iterations: int = 300, seconds: Optional[float] = None,
                 policy: str = "random", c: float = 0.7, seed: int = 0, immediate_first: bool = True):
        self.immediate_first = immediate_first
        self.iterations = iterations
        self.seconds = seconds
        self.policy = policy
        self.c = c
        self.rng = random.Random(seed)
        self.runner: Optional[Playout] = None
        self.last_iterations = 0

    def close(self) -> None:
        if self.runner is not None:
            self.runner.close()
            self.runner = None

    def choose(self, game: Game) -> Move:
        legal = game.legal_moves(unique_rotations=True)
        if len(legal) == 1:
            return legal[0]
        if self.runner is None:
            self.runner = Playout(game)
        rng = self.rng
        run, getrandbits, c, policy = self.runner.run, rng.getrandbits, self.c, self.policy
        log, sqrt = math.log, math.sqrt
        choose = self.runner.choose if self.immediate_first else None

        def new_node(position: Game) -> Node:
            first = choose(position, "immediate", getrandbits(64))[0] if choose else None
            return Node(position.legal_moves(unique_rotations=True), rng, first)

        table: Dict[int, Node] = {}
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        with game.clone(history=False) as root, root.clone(history=False) as sample:
            root_node = table[root.hash()] = new_node(root)
            done = 0
            while done < self.iterations:
                if deadline is not None and done % 16 == 0 and time.perf_counter() > deadline:
                    break
                done += 1
                # a sample of what nobody has seen: the root, the pile re-shuffled
                sample.copy_from(root, history=False)
                sample.determinize(getrandbits(64))
                path = []
                node = root_node
                while True:
                    player = sample.current_player
                    if node.tried < len(node.moves):       # expand: one new move
                        i = node.tried
                        node.tried += 1
                        path.append((node, i, player))
                        sample.play(node.moves[i])
                        break
                    visits, totals = node.visits, node.totals
                    scale = c * sqrt(log(node.n))
                    i = max(range(len(visits)),
                            key=lambda j: totals[j] / visits[j] + scale / sqrt(visits[j]))
                    path.append((node, i, player))
                    sample.play(node.moves[i])
                    if sample.is_over:
                        break
                    key = sample.hash()
                    node = table.get(key)
                    if node is None:                        # a new position (another draw)
                        node = table[key] = new_node(sample)
                rewards = reward(run(sample, policy, getrandbits(64)))
                for node, i, player in path:
                    node.n += 1
                    node.visits[i] += 1
                    node.totals[i] += rewards[player]
            self.last_iterations = done
        best = max(range(len(root_node.moves)),
                   key=lambda j: (root_node.visits[j], root_node.totals[j]))
        return root_node.moves[best]


class PolicyBot:
    """The library's built-in policy ("immediate" or "random") as a player: one
    carc_playout_choose call a move."""

    def __init__(self, policy: str = "immediate", seed: int = 0):
        self.policy = policy
        self.state = seed
        self.runner: Optional[Playout] = None

    def choose(self, game: Game) -> Move:
        if self.runner is None:
            self.runner = Playout(game)
        move, self.state = self.runner.choose(game, self.policy, self.state)
        return move

    def close(self) -> None:
        if self.runner is not None:
            self.runner.close()
            self.runner = None


def make_bot(spec: str, seed: int = 0):
    """A player from its name: "immediate", "random", "mcts" or "mcts:N" (N
    iterations a move), "mcts:N:immediate" (immediate playouts). "greedy" is
    refused: the library's policy is "immediate" since 0.2.0 (the C examples'
    stronger one-ply bot, "heuristic", has no Python version here)."""
    name, _, rest = spec.partition(":")
    if "greedy" in spec.split(":"):
        raise ValueError(f"unknown player {spec!r}: 'greedy' is named 'immediate' since 0.2.0 "
                         "(the library's policy, the most points now; 'heuristic' is the C "
                         "examples' one-ply evaluation bot)")
    if name in ("immediate", "random") and not rest:
        return PolicyBot(name, seed)
    if name == "mcts":
        iterations, _, policy = rest.partition(":")
        if policy not in ("", "random", "immediate"):
            raise ValueError(f"unknown player {spec!r} (playouts: random or immediate)")
        return MCTS(iterations=int(iterations or 300), policy=policy or "random", seed=seed)
    raise ValueError(f"unknown player {spec!r} (immediate, random, mcts, mcts:N, mcts:N:immediate)")


def play_game(bots: Sequence, seed: int, modules: str = "", times: Optional[List[float]] = None) -> Game:
    """Play a game of len(bots) players, bots[p] deciding for player p, from
    the tile order of `seed`; return the finished game (the caller closes
    it). `times[p]`, if given, accumulates p's thinking time (CPU seconds of
    this process: on a shared machine, less noisy than the wall clock)."""
    game = Game(players=len(bots), seed=seed, modules=modules)
    while not game.is_over:
        player = game.current_player
        start = time.process_time()
        move = bots[player].choose(game)
        if times is not None:
            times[player] += time.process_time() - start
        game.play(move)
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games (default 40)")
    parser.add_argument("--iterations", type=int, default=300, help="MCTS iterations a move (default 300)")
    parser.add_argument("--policy", default="random", choices=("random", "immediate"),
                        help="the MCTS playouts' policy (default random)")
    parser.add_argument("--opponent", default="immediate", help="immediate (default), random, mcts:N")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--modules", default="",
                        help="rules modules, e.g. river,abbot or all (default: the base game)")
    parser.add_argument("--no-immediate-first", action="store_true",
                        help="new nodes try their moves in a random order only")
    args = parser.parse_args()
    try:
        make_bot(args.opponent).close()
    except ValueError as e:
        parser.error(str(e))

    wins = ties = losses = 0
    mine = theirs = 0
    think = [0.0, 0.0]
    moves = [0, 0]
    start = time.perf_counter()
    print(f"libcarcassonne {carcassonne.library_version()}: MCTS ({args.iterations} iterations a "
          f"move, {args.policy} playouts{', no immediate first' if args.no_immediate_first else ''}) "
          f"against {args.opponent}, {args.games} games"
          f"{', modules ' + args.modules if args.modules else ''}")
    for i in range(args.games):
        seed = args.seed + i
        seat = i % 2  # MCTS plays first in even games, second in odd ones
        searcher = MCTS(iterations=args.iterations, policy=args.policy, seed=seed,
                        immediate_first=not args.no_immediate_first)
        other = make_bot(args.opponent, seed=seed + 1000003)
        bots = [searcher, other] if seat == 0 else [other, searcher]
        times = [0.0, 0.0]
        with play_game(bots, seed, args.modules, times) as game:
            scores = game.scores
            counted = [0, 0]
            for entry in game.history:
                if entry.move is not None:
                    counted[entry.player] += 1
        searcher.close()
        other.close()
        a, b = scores[seat], scores[1 - seat]
        mine += a
        theirs += b
        think[0] += times[seat]
        think[1] += times[1 - seat]
        moves[0] += counted[seat]
        moves[1] += counted[1 - seat]
        wins += a > b
        ties += a == b
        losses += a < b
        print(f"  game {seed:3d}: MCTS as P{seat} {a:3d} - {b:3d}  "
              f"({'win' if a > b else 'tie' if a == b else 'loss'})", flush=True)
    seconds = time.perf_counter() - start
    n = args.games
    print(f"MCTS {wins} wins, {ties} ties, {losses} losses in {n} games "
          f"({(wins + ties / 2) / n:.1%}); mean score {mine / n:.1f} against {theirs / n:.1f}")
    print(f"CPU time a move: MCTS {think[0] / max(moves[0], 1) * 1000:.1f} ms, "
          f"{args.opponent} {think[1] / max(moves[1], 1) * 1000:.2f} ms; {seconds:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
