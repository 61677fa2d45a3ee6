#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Play a seeded game of The Carcassonne Dice Game between two simple bots and
print every roll and the final scores. Uses the Python binding (bindings/python).

    PYTHONPATH=bindings/python CARCASSONNE_LIBRARY=build/libcarc/libcarcassonne.so.0.2 \\
        python3 examples/python/dice_game.py --seed 5 --players 3 --city

The bots ("builder" and "random") take turns: with --players 3 or more, the
players cycle through --bots. The dice themselves come from the game's seed,
so the same arguments always give the same game.
"""
import argparse
import random
import sys

import carcassonne
from carcassonne import (DiceAction, DiceActionKind, DiceEventKind, DiceFace, DiceGame,
                         DiceLocation, DicePhase, DiceWinReason)
from carcassonne.dice import rotate_edges

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W; y grows to the south
FACE_NAMES = {DiceFace.CITY0: "city0", DiceFace.CITY1: "city1", DiceFace.CITY2: "city2",
              DiceFace.CITY3: "city3", DiceFace.KNIGHT: "knight", DiceFace.CATAPULT: "catapult"}


def open_edges(cells):
    """Black edges facing an empty cell, in a {(x, y): edges} grid."""
    return sum(1 for (x, y), e in cells.items() for s, (dx, dy) in enumerate(STEP)
               if e >> s & 1 and (x + dx, y + dy) not in cells)


def builder(game, rng):
    """Knights when 3 can be reached; the build that leaves the fewest open
    black edges; stop with a closed city of 4 dice (or 3 when stuck)."""
    if game.phase == DicePhase.ROLL:
        return DiceAction.roll()
    closed = game.largest_closed_city.size
    if game.phase == DicePhase.KNIGHT_OPTION:
        return DiceAction.knight_option() if closed < 4 else DiceAction.stop()
    if closed >= 4:
        return DiceAction.stop()
    actions = game.legal_actions(unique_rotations=True, unique_dice=True, touching=True)
    kinds = {a.kind for a in actions}
    dice = game.dice
    aside = sum(d.location == DiceLocation.KNIGHT for d in dice)
    showing = sum(d.location == DiceLocation.POOL and d.face == DiceFace.KNIGHT for d in dice)
    knights = [a for a in actions if a.kind == DiceActionKind.SET_KNIGHT]
    if knights and aside + showing >= 3:
        return knights[0]
    cells = {d.cell: int(d.edges) for d in dice if d.location == DiceLocation.CITY}
    best, best_open = None, None
    for a in actions:
        if a.kind == DiceActionKind.BUILD:
            grid = dict(cells)
            grid[a.cell] = rotate_edges(dice[a.die].edges, a.rotation)
            n = open_edges(grid)
            if best is None or n < best_open:
                best, best_open = a, n
    if best is not None and (not cells or best_open <= open_edges(cells)):
        return best
    if DiceActionKind.KNIGHT_OPTION in kinds and closed < 3:
        return DiceAction.knight_option()
    if closed >= 3:
        return DiceAction.stop()
    if DiceActionKind.ROLL in kinds:
        return DiceAction.roll()
    return best if best is not None else DiceAction.stop()


def random_bot(game, rng):
    """Any legal action next to the city, but stop once a closed city of 3
    dice or more stands (else it would rarely score)."""
    actions = game.legal_actions(unique_rotations=True, touching=True)
    stop = DiceAction.stop()
    if stop in actions and game.largest_closed_city.size >= 3:
        return stop
    choices = [a for a in actions if a != stop] or actions
    return rng.choice(choices)


BOTS = {"builder": builder, "random": random_bot}


def describe(action):
    if action.kind == DiceActionKind.SET_KNIGHT:
        return f"sets knight {action.die} aside"
    if action.kind == DiceActionKind.BUILD:
        return f"builds die {action.die} at {action.x},{action.y} rotated {action.degrees} degrees"
    if action.kind == DiceActionKind.STOP:
        return "stops"
    return "takes the knight option"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2011, help="the dice (default 2011)")
    parser.add_argument("--players", type=int, default=2, help="2..5 (default 2)")
    parser.add_argument("--bots", default="builder,random",
                        help="bots for the players, in turn (default builder,random)")
    parser.add_argument("--faces", help='another face set, e.g. "BWWW BBWW BWBW BBBB"')
    parser.add_argument("--city", action="store_true", help="draw the city after every build")
    parser.add_argument("--quiet", action="store_true", help="print only the final scores")
    parser.add_argument("--record", metavar="FILE", help="write the game record")
    parser.add_argument("--max-turns", type=int, default=2000, help="give up after this many turns")
    args = parser.parse_args()

    names = args.bots.split(",")
    if not names or any(n not in BOTS for n in names):
        parser.error(f"--bots: choose from {', '.join(BOTS)}")
    bots = [names[p % len(names)] for p in range(args.players)]
    rng = random.Random(args.seed)
    say = (lambda *a: None) if args.quiet else print

    with DiceGame(players=args.players, seed=args.seed, faces=args.faces) as game:
        say(f"The Carcassonne Dice Game: {game.players} players "
            f"({', '.join(f'P{p} {b}' for p, b in enumerate(bots))}), seed {args.seed}, "
            f"faces {game.options.faces_text}")
        seen = 0
        while not game.is_over and game.turn < args.max_turns:
            player = game.current_player
            if game.phase == DicePhase.ROLL:
                say(f"\nturn {game.turn + 1}: P{player} (score {game.score(player)})"
                    + (", scores double" if game.doubled else ""))
            action = BOTS[bots[player]](game, rng)
            if action.kind == DiceActionKind.ROLL:
                number = game.rolls + 1
                rolled = game.roll()  # {die: face}, also right when the roll ended the turn
                say(f"  roll {number}: " +
                    " ".join(f"{d}={FACE_NAMES[f]}" for d, f in rolled.items()))
            else:
                game.play(action)
                say(f"  {describe(action)}")
                if args.city and action.kind == DiceActionKind.BUILD and game.current_player == player:
                    say("    " + game.render().replace("\n", "\n    "))
            for event in game.events[seen:]:
                if event.kind == DiceEventKind.WIN:
                    say(f"\n{event}")
                else:
                    say(f"  {event}")
            seen = len(game.events)

        if args.record:
            with open(args.record, "w") as f:
                f.write(game.save())
        print(f"{'' if args.quiet else chr(10)}Final scores after {game.turn} turns:")
        for player, score in enumerate(game.scores):
            print(f"  P{player} ({bots[player]:7s}) {score:3d} points")
        if game.is_over:
            how = "9 catapults" if game.win_reason == DiceWinReason.CATAPULTS else \
                f"{carcassonne.DICE_WIN_SCORE} points"
            print(f"Winner: P{game.winner} ({how})")
        else:
            print(f"No winner after {args.max_turns} turns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
