#!/usr/bin/env python3
"""Play a whole seeded game of Carcassonne with random legal moves and print
the scores. Uses the Python binding (bindings/python).

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.1 \\
        python3 examples/python/random_game.py --seed 7 --players 3 --board
"""
import argparse
import random
import sys

import carcassonne


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="tile shuffle and move choice (default 1)")
    parser.add_argument("--players", type=int, default=2, help="2..5 (default 2)")
    parser.add_argument("--no-farmers", action="store_true", help="play without fields and farmers")
    parser.add_argument("--moves", action="store_true", help="print every move")
    parser.add_argument("--board", action="store_true", help="print the final board")
    parser.add_argument("--svg", metavar="FILE", help="write the final board as SVG")
    parser.add_argument("--record", metavar="FILE", help="write the game record")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    with carcassonne.Game(players=args.players, seed=args.seed,
                          farmers=not args.no_farmers) as game:
        while not game.is_over:
            player = game.current_player
            move = rng.choice(game.legal_moves())
            game.play(move)
            if args.moves:
                print(f"P{player}: {move}")
        if args.board:
            print(game.render())
        if args.svg:
            with open(args.svg, "w") as f:
                f.write(game.to_svg())
        if args.record:
            with open(args.record, "w") as f:
                f.write(game.save())
        print(f"Seed {args.seed}, {args.players} players, {len(game.board)} tiles placed")
        print("Final scores:")
        for player, (score, supply) in enumerate(zip(game.scores, game.supply)):
            print(f"  P{player}  {score:4d} points  ({supply} followers in supply)")
        winners = game.winners
        print(("Winner: " if len(winners) == 1 else "Winners: ") +
              ", ".join(f"P{p}" for p in winners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
