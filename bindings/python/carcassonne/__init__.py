# SPDX-License-Identifier: MIT
"""Python binding of libcarcassonne, a Carcassonne rules engine (ctypes, no
dependencies beyond the standard library).

    >>> import carcassonne
    >>> with carcassonne.Game(players=2, seed=7, modules={"river", "abbot"}) as game:
    ...     while not game.is_over:
    ...         game.play(game.legal_moves()[-1])
    ...     print(game.scores, game.winners)

Playouts for tree search and self-play (one C call a playout) are
:class:`Playout` (:mod:`carcassonne.search`), with ``Game.determinize``,
``Game.hash`` and ``Game.remaining_tiles``.

The Carcassonne Dice Game is :class:`DiceGame` (:mod:`carcassonne.dice`).

The library is found as described in :mod:`carcassonne._lib` (first the
CARCASSONNE_LIBRARY environment variable).
"""
from . import _ffi
from ._constants import (BONUS_NAMES, CLONE_NO_HISTORY, DEFAULT_START_TILE,
                         ENUM_UNIQUE_ROTATIONS, FIGURE_NAMES, GAME_NO_UNDO, GAME_OPTIONS_VERSION, Variant, VARIANT_OPTIONS,
                         GOOD_COUNT, GOOD_MARKS, GOOD_NAMES, INTERIOR, MODULE_NAMES, NO_SEGMENT, PORT_NAMES, QUARTER_NAMES,
                         QUARTER_FEATURES,
                         RECORD_FORMAT, RENDER_COLOR, RENDER_NO_LEGEND, SEGMENT_RECALL,
                         SIDE_NAMES, SPECIAL_NAMES, Bonus, Decision, Edge, EventKind, Figure,
                         Good, HistoryKind, Module, MoveKind, PendingFlag, Quarter, SegmentEnd,
                         SegmentKind, SegmentSpecial, Side, Status)
from ._constants import (DICE_CITY_FACES, DICE_COUNT, DICE_DEFAULT_FACES, DICE_GRID_RADIUS,
                         DICE_KNIGHT_OPTION_KNIGHTS, DICE_MAX_ROLLS, DICE_RECORD_FORMAT,
                         DICE_WIN_SCORE, DiceActionKind, DiceEdge, DiceEventKind, DiceFace,
                         DiceLocation, DicePhase, DiceWinReason)
from .dice import (DiceAction, DiceCity, DiceEvent, DiceGame, DiceOptions, Die, city_points,
                   format_faces, parse_faces)
from .errors import *  # noqa: F401,F403 (the exception classes)
from .errors import __all__ as _errors_all
from .game import (City, DiscardEvent, Event, Feature, FigureOnBoard, Game, GameOptions,
                   GoodsEvent, HistoryEntry, Pending, PlacedTile, ScoreEvent, TradeEvent,
                   check_options)
from .moves import Move, MoveList, figure_of, quarter_of
from .search import POLICY_NAMES, Playout, Policy, policy_of
from .tiles import (Goods, Segment, Tile, good_of, module_elements, module_name, module_names, modules_of,
                    parse_modules, special_names, supported_modules, tile, tile_names, tiles)

#: Version of this binding: project(VERSION) of the top CMakeLists.txt, the one
#: version source. setup.py writes it into _version.py (pip install, wheel);
#: elsewhere (the sources, a build tree, cmake --install) the library of the same
#: checkout carries it (carc_version_string).
try:
    from ._version import VERSION as __version__
except ImportError:
    __version__ = _ffi.carc_version_string().decode("ascii")


def library_version() -> str:
    """The loaded library's version string (carc_version_string)."""
    return _ffi.carc_version_string().decode("ascii")


def library_version_number() -> int:
    """The loaded library's MAJOR*10000 + MINOR*100 + PATCH."""
    return _ffi.carc_version_number()


def library_path() -> str:
    """The library file (or name) that was loaded."""
    return _ffi.library_path


def status_name(status: int) -> str:
    """carc_status_name(status): "CARC_EINVAL", "CARC_UNKNOWN" for unknown values."""
    return _ffi._status_name(status)


def status_str(status: int) -> str:
    """carc_status_str(status): the static description."""
    return _ffi._status_str(status)


__all__ = [
    "Game", "GameOptions", "Pending", "Move", "MoveList", "Playout", "Policy", "POLICY_NAMES",
    "policy_of", "PlacedTile", "FigureOnBoard", "Feature",
    "Event", "ScoreEvent", "DiscardEvent", "GoodsEvent", "TradeEvent", "Goods", "City", "HistoryEntry", "Tile", "Segment", "tiles", "tile",
    "tile_names", "check_options", "figure_of", "quarter_of",
    "module_name", "module_names", "modules_of", "parse_modules", "supported_modules", "module_elements",
    "special_names", "good_of",
    "Status", "Edge", "SegmentKind", "SegmentEnd", "SegmentSpecial", "Side", "Module", "Figure",
    "EventKind", "Bonus", "HistoryKind", "MoveKind", "Quarter", "Decision", "PendingFlag",
    "Good", "GOOD_COUNT", "GOOD_NAMES", "GOOD_MARKS", "GAME_OPTIONS_VERSION", "Variant", "VARIANT_OPTIONS", "DEFAULT_START_TILE", "NO_SEGMENT", "SEGMENT_RECALL",
    "CLONE_NO_HISTORY", "GAME_NO_UNDO", "MODULE_NAMES", "FIGURE_NAMES", "QUARTER_NAMES",
    "QUARTER_FEATURES", "ENUM_UNIQUE_ROTATIONS", "RENDER_COLOR", "RENDER_NO_LEGEND", "RECORD_FORMAT", "SIDE_NAMES",
    "PORT_NAMES", "SPECIAL_NAMES", "BONUS_NAMES", "INTERIOR", "library_version",
    "library_version_number", "library_path", "status_name", "status_str", "__version__",
    # the Carcassonne Dice Game
    "DiceGame", "DiceAction", "DiceEvent", "DiceCity", "DiceOptions", "Die", "city_points",
    "parse_faces", "format_faces", "DiceActionKind", "DiceEdge", "DiceEventKind", "DiceFace",
    "DiceLocation", "DicePhase", "DiceWinReason", "DICE_COUNT", "DICE_CITY_FACES",
    "DICE_MAX_ROLLS", "DICE_WIN_SCORE", "DICE_KNIGHT_OPTION_KNIGHTS", "DICE_GRID_RADIUS",
    "DICE_RECORD_FORMAT", "DICE_DEFAULT_FACES",
] + list(_errors_all)
