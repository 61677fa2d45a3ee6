# SPDX-License-Identifier: MIT
"""Text views of a dice game (carcassonne.dice): the state as ``str(game)``
shows it, and the picture of the city that ``game.render()`` draws."""
from __future__ import annotations

from typing import Dict, List, Tuple

from ._constants import DICE_MAX_ROLLS, DiceFace, DiceLocation, DiceWinReason

__all__ = ["describe", "picture"]

_TO_ROLL = "to roll"  # free dice not rolled yet this turn


def describe(game) -> str:
    """Several lines: who is to move in which phase (or who won), the scores,
    and where every die is, for example::

        Dice game, 2 players, turn 3: P1 to move, phase CHOOSE, roll 1 of 3
        scores: P0 3, P1 0
        free: 3 KNIGHT, 5 CITY1
        knights: 1, 2
        city: 0 CITY0 at 0,0 180°, 4 CITY2 at 0,1 0°
        catapults: 6, 7, 8 (to P0)
    """
    if game.is_over:
        how = "9 catapults" if game.win_reason == DiceWinReason.CATAPULTS else "42 points"
        head = f"over after {game.turn} turns: P{game.winner} won ({how})"
    else:
        head = (f"turn {game.turn}: P{game.current_player} to move, phase {game.phase}, "
                f"roll {game.rolls} of {DICE_MAX_ROLLS}" + (", scores double" if game.doubled else ""))
    lines = [f"Dice game, {game.players} players, {head}",
             "scores: " + ", ".join(f"P{p} {s}" for p, s in enumerate(game.scores))]
    by_place: Dict[object, List[str]] = {}
    to = None
    for die in game.dice:
        place = die.location
        if die.location == DiceLocation.CITY:
            x, y = die.cell
            text = f"{die.index} {die.face} at {x},{y} {die.rotation * 90}°"
        elif die.location == DiceLocation.POOL and die.face == DiceFace.NONE:
            place, text = _TO_ROLL, str(die.index)
        elif die.location == DiceLocation.POOL:
            text = f"{die.index} {die.face}"
        elif die.location == DiceLocation.KEPT:
            text = f"{die.index} (P{die.owner})"
        else:
            text = str(die.index)
            to = die.owner if die.location == DiceLocation.CATAPULT else to
        by_place.setdefault(place, []).append(text)
    for location, word in ((_TO_ROLL, "to roll"), (DiceLocation.POOL, "free"),
                           (DiceLocation.KNIGHT, "knights"), (DiceLocation.CITY, "city"),
                           (DiceLocation.CATAPULT, "catapults"), (DiceLocation.KEPT, "kept knights")):
        if location in by_place:
            tail = f" (to P{to})" if location == DiceLocation.CATAPULT else ""
            lines.append(f"{word}: {', '.join(by_place[location])}{tail}")
    return "\n".join(lines)


def picture(city: Dict[Tuple[int, int], object]) -> str:
    """Each built die as 3x3 characters, '#' for a black edge, the die number
    in the middle; rows from north to south."""
    if not city:
        return "(nothing built)"
    xs = [x for x, _ in city]
    ys = [y for _, y in city]
    lines = []
    for y in range(min(ys), max(ys) + 1):
        rows = ["", "", ""]
        for x in range(min(xs), max(xs) + 1):
            die = city.get((x, y))
            if die is None:
                rows = [r + "   " for r in rows]
                continue
            e = int(die.edges)
            b = ["#" if e >> s & 1 else "." for s in range(4)]
            rows[0] += f"+{b[0]}+"
            rows[1] += f"{b[3]}{die.index}{b[1]}"
            rows[2] += f"+{b[2]}+"
        lines.extend(r.rstrip() for r in rows)
    return "\n".join(lines)
