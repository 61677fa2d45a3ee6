#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Play a whole seeded game of Carcassonne with random legal moves and print
the scores. Uses the Python binding (bindings/python).

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.2 \\
        python3 examples/python/random_game.py --seed 7 --players 3 --board
    ... random_game.py --modules river,abbot --moves
    ... random_game.py --modules inns --players 6
    ... random_game.py --modules traders --seed 10 --players 3

A move is a random legal answer to the decision the game waits for
(game.pending): with the Abbot, abbots go on monasteries and gardens and are
recalled ("U -1 0 90 abbot/recall"); with Inns & Cathedrals each player has a
big follower ("V 1 0 0 big/road:S", it counts 2 in a majority), roads with
an inn and cities with a cathedral score more when completed and nothing at
the end (the score events say so: event.bonus_names), and six may play; with
Traders & Builders whoever completes a city takes its goods tokens
(GoodsEvent), each kind's majority scores 10 at the end (TradeEvent), a
builder gives a second tile in the same turn (game.pending.second_tile; a
"pass" declines it) and a pig makes its owner's fields score 4 a city.
"""
import argparse
import random
import sys

import carcassonne


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="tile shuffle and move choice (default 1)")
    parser.add_argument("--players", type=int, default=2,
                        help="2..5, or 2..6 with inns (default 2)")
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
    second_tiles = declined = 0
    with game:
        while not game.is_over:
            pending = game.pending
            move = rng.choice(game.legal_moves())
            game.play(move)
            if pending.second_tile:
                second_tiles += 1
                declined += move.is_pass
            if args.moves:
                print(f"P{pending.player}: {move}" + (" (second tile)" if pending.second_tile
                                                      else ""))
        if args.board:
            print(game.render())
        if args.svg:
            with open(args.svg, "w") as f:
                f.write(game.to_svg())
        if args.record:
            with open(args.record, "w") as f:
                f.write(game.save())
        names = ", ".join(game.options.module_names) or "no modules"
        print(f"Seed {args.seed}, {args.players} players ({names}), "
              f"{len(game.board)} tiles placed")
        modules = game.options.modules
        events = game.events
        if modules & carcassonne.Module.ABBOT:
            recalls = sum(1 for e in events if e.kind == carcassonne.EventKind.RECALL)
            print(f"Abbots recalled: {recalls}")
        if modules & carcassonne.Module.INNS:
            # what the inns and cathedrals gave: completed (during play) and open (at the end)
            for name in ("inn", "cathedral"):
                scored = [e for e in events if name in getattr(e, "bonus_names", ())]
                during = [e for e in scored if not e.final]
                print(f"{name.capitalize()}s: {len(during)} completed for "
                      f"{sum(e.points * len(e.players) for e in during)} points, "
                      f"{len(scored) - len(during)} left open (0 points)")
            bigs = sum(1 for h in game.history
                       if h.move is not None and h.move.figure == carcassonne.Figure.BIG)
            print(f"Big followers placed: {bigs}")
        if modules & carcassonne.Module.TRADERS:
            tokens = [e for e in events if isinstance(e, carcassonne.GoodsEvent)]
            trades = [e for e in events if isinstance(e, carcassonne.TradeEvent)]
            print(f"Goods tokens taken: {len(tokens)}; majorities: " +
                  (", ".join(f"{e.good_name} to {','.join(f'P{p}' for p in e.players)}"
                             for e in trades) or "none"))
            placed = [h.move.figure for h in game.history if h.move is not None]
            pig_scores = sum(1 for e in events if "pig" in getattr(e, "bonus_names", ()))
            print(f"Builders placed: {placed.count(carcassonne.Figure.BUILDER)}, second tiles "
                  f"offered: {second_tiles} ({declined} declined); pigs placed: "
                  f"{placed.count(carcassonne.Figure.PIG)}, fields scored with a pig: "
                  f"{pig_scores}")
        print("Final scores:")
        figures = [(name, game.supplies(name)) for name, flag in
                   (("abbot", carcassonne.Module.ABBOT), ("big", carcassonne.Module.INNS),
                    ("builder", carcassonne.Module.TRADERS), ("pig", carcassonne.Module.TRADERS))
                   if modules & flag]
        for player, (score, supply) in enumerate(zip(game.scores, game.supply)):
            extra = "".join(f", {'big follower' if name == 'big' else name} "
                            f"{'in supply' if left[player] else 'on the board'}"
                            for name, left in figures)
            if modules & carcassonne.Module.TRADERS:
                goods = game.goods(player)
                extra += f", goods {goods.wine} wine {goods.grain} grain {goods.cloth} cloth"
            print(f"  P{player}  {score:4d} points  ({supply} followers in supply{extra})")
        winners = game.winners
        print(("Winner: " if len(winners) == 1 else "Winners: ") +
              ", ".join(f"P{p}" for p in winners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
