#!/usr/bin/env python3
"""Play a whole seeded game of Carcassonne with random legal moves and print
the scores. Uses the Python binding (bindings/python).

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.2 \\
        python3 examples/python/random_game.py --seed 7 --players 3 --board
    ... random_game.py --modules river,abbot --moves

A move is a random legal answer to the decision the game waits for
(game.pending): with the Abbot, abbots go on monasteries and gardens and are
recalled ("U -1 0 90 abbot/recall").
"""
import argparse
import random
import sys

import carcassonne


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="tile shuffle and move choice (default 1)")
    parser.add_argument("--players", type=int, default=2, help="2..5 (default 2)")
    parser.add_argument("--modules", default="",
                        help="rules modules by name, e.g. river,abbot (default: the base game "
                             "with farmers; -farmers leaves them out); supported by this build: "
                             + ", ".join(carcassonne.module_names(carcassonne.supported_modules())))
    parser.add_argument("--no-farmers", action="store_true", help="play without fields and farmers")
    parser.add_argument("--moves", action="store_true", help="print every move")
    parser.add_argument("--board", action="store_true", help="print the final board")
    parser.add_argument("--svg", metavar="FILE", help="write the final board as SVG")
    parser.add_argument("--record", metavar="FILE", help="write the game record")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    try:
        game = carcassonne.Game(players=args.players, seed=args.seed, modules=args.modules,
                                farmers=False if args.no_farmers else None)
    except (ValueError, carcassonne.CarcassonneError) as exc:
        # what was wrong: "players 9 out of range 2..5", "unknown module 'x' (known modules: ...)"
        parser.error(getattr(exc, "detail", "") or str(exc))
    with game:
        while not game.is_over:
            player = game.pending.player
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
        modules = ", ".join(game.options.module_names) or "no modules"
        print(f"Seed {args.seed}, {args.players} players ({modules}), "
              f"{len(game.board)} tiles placed")
        recalls = sum(1 for e in game.events if e.kind == carcassonne.EventKind.RECALL)
        if game.options.modules & carcassonne.Module.ABBOT:
            print(f"Abbots recalled: {recalls}")
        print("Final scores:")
        abbots = game.supplies("abbot")
        for player, (score, supply) in enumerate(zip(game.scores, game.supply)):
            extra = f", abbot {'in supply' if abbots[player] else 'on the board'}" \
                if game.options.modules & carcassonne.Module.ABBOT else ""
            print(f"  P{player}  {score:4d} points  ({supply} followers in supply{extra})")
        winners = game.winners
        print(("Winner: " if len(winners) == 1 else "Winners: ") +
              ", ".join(f"P{p}" for p in winners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
