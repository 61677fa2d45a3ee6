# SPDX-License-Identifier: MIT
"""The game (carc_game) and the values read from it."""
from __future__ import annotations

import ctypes
from collections import Counter
from ctypes import byref, c_bool, c_int32, c_size_t, c_uint32, c_uint64
from dataclasses import dataclass
from functools import lru_cache
from typing import List, NamedTuple, Optional, Tuple, Union

from . import _ffi
from ._args import i32 as _i32, u32 as _u32, u64 as _u64
from ._constants import (BONUS_NAMES, CLONE_NO_HISTORY, DEFAULT_START_TILE,
                         ENUM_UNIQUE_ROTATIONS, GAME_NO_UNDO, GAME_OPTIONS_VERSION, GOOD_NAMES,
                         NO_SEGMENT, QUARTER_NAMES, RENDER_COLOR, RENDER_NO_LEGEND, Bonus,
                         Decision, EventKind, Figure, Good, HistoryKind, Module, PendingFlag,
                         Quarter, SegmentKind, SegmentSpecial, Status, Variant)
from ._owner import Owner
from .errors import ClosedError, GameOverError, NotFoundError, error_class
from .moves import (_MSG_CAP, Move, MoveList, as_move, figure_of, moves_from_array, quarter_of,
                    reason_error)
from .tiles import (Goods, ModulesRef, good_of, kind_of, module_names, modules_of, special_names,
                    tile_names)

__all__ = ["Game", "GameOptions", "Pending", "PlacedTile", "FigureOnBoard", "Feature", "Event",
           "ScoreEvent", "DiscardEvent", "GoodsEvent", "TradeEvent", "HistoryEntry", "Goods",
           "City", "check_options"]

TileRef = Union[str, int]


# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class GameOptions:
    """The options a game was created with (carc_game_options_get)."""
    players: int
    seed: int
    modules: Module
    start_tile: Optional[str]   # the start tile's name (None: the library reports no tile)
    start_x: int
    start_y: int
    start_rotation: int         # quarter turns clockwise

    flags: int = 0              # CARC_GAME_* flags (GAME_NO_UNDO)
    variants: Variant = Variant.NONE  # CARC_VARIANT_* rule variants

    @property
    def farmers(self) -> bool:
        return bool(self.modules & Module.FARMERS)

    @property
    def module_names(self) -> List[str]:
        """The modules by name ("farmers", "river", "abbot", ...): whole boxes
        by their names, other rule elements by theirs ("inns-tiles", "pig")."""
        return module_names(self.modules)

    @property
    def elements(self) -> Module:
        """The rule elements of the game: the boxes replaced by theirs."""
        return Module(_ffi.carc_modules_elements(int(self.modules)))


class Pending(NamedTuple):
    """The decision the game waits for (carc_game_pending).

    decision: what must be decided (:class:`Decision`; NONE once the game is
    over); player: who decides; flags: :class:`PendingFlag`; tile: the tile to
    place (a PLACE decision), else None; part: 1, or 2 for the second tile of
    a builder's double turn (Traders & Builders: the same player, decision
    PLACE, flags OPTIONAL | SECOND_TILE; a pass declines it).

    The Count of Carcassonne asks three optional decisions (a pass declines
    each): EXIT, moving one's followers out of the city onto the features the
    tile just completed (before they score; each player from the placer's
    left, the placer last, any number of exits then a pass), and in the final
    round (flags FINAL: round robin, one exit a go, a pass is out for good);
    QUARTER, a follower from supply into a quarter, for the placer when an
    opponent scored and he did not; COUNT, moving the Count, right after."""
    decision: Decision
    player: int
    flags: PendingFlag
    tile: Optional[str]
    part: int

    @property
    def name(self) -> str:
        """The decision as the scenario files write it: "place", "exit",
        "quarter", "count", or "none" once the game is over."""
        return self.decision.name.lower()

    @property
    def optional(self) -> bool:
        """A pass declines it (and the legal moves list the pass)."""
        return bool(self.flags & PendingFlag.OPTIONAL)

    @property
    def second_tile(self) -> bool:
        """The builder's second tile (part 2 of a double turn, optional)."""
        return bool(self.flags & PendingFlag.SECOND_TILE)

    @property
    def final(self) -> bool:
        """The final round of moves out of the City of Carcassonne."""
        return bool(self.flags & PendingFlag.FINAL)

    @property
    def over(self) -> bool:
        return self.decision == Decision.NONE

    def __str__(self) -> str:
        if self.decision == Decision.NONE:
            return "none (the game is over)"
        text = f"player {self.player} to {self.name}"
        if self.tile is not None:
            text += f" {self.tile}"
        extra = [f.name.lower().replace("_", " ") for f in PendingFlag
                 if f and f in self.flags]
        return text + (f" ({', '.join(extra)})" if extra else "")


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the board. `index` 0 is the start tile, then placement order."""
    index: int
    tile: str
    x: int
    y: int
    rotation: int               # quarter turns clockwise

    @property
    def kind(self) -> int:
        return kind_of(self.tile)

    @property
    def degrees(self) -> int:
        return self.rotation * 90


@dataclass(frozen=True)
class FigureOnBoard:
    """A figure on the board (carc_figure_info). `feature` is the feature id
    at the time it was read (ids change with every move)."""
    player: int
    figure: Figure
    x: int
    y: int
    segment: int
    feature: int


@dataclass(frozen=True)
class Feature:
    """A snapshot of a feature (carc_feature_info, occupants and tiles).

    `value` is what it would score now (completed: as completed; else what
    final scoring would give: 0 for a road with an inn or a city with a
    cathedral); `occupants[p]` counts player p's figures on it (a big
    follower counts 1 here and 2 in the majority); `cells` lists the (x, y)
    of the tiles it covers; `special` (0.2) the marks of its segments: an inn
    road (SegmentSpecial.INN), a cathedral city (SegmentSpecial.CATHEDRAL),
    goods symbols (WINE, GRAIN, CLOTH); `goods` (0.2, Traders & Builders) the
    goods symbols of a city per kind: the tokens its completion gives."""
    id: int
    kind: SegmentKind
    tiles: int
    open_edges: int
    complete: bool
    pennants: int
    figures: int
    segments: int
    value: int
    occupants: Tuple[int, ...]
    cells: Tuple[Tuple[int, int], ...]
    special: SegmentSpecial = SegmentSpecial.NONE
    goods: Goods = Goods()

    @property
    def inn(self) -> bool:
        """A road with at least one inn."""
        return bool(self.special & SegmentSpecial.INN)

    @property
    def cathedral(self) -> bool:
        """A city with at least one cathedral."""
        return bool(self.special & SegmentSpecial.CATHEDRAL)

    @property
    def coc(self) -> bool:
        """The Count: a field along the City of Carcassonne (SegmentSpecial.COC;
        the city counts as one completed city for its farmers)."""
        return bool(self.special & SegmentSpecial.COC)

    @property
    def special_names(self) -> Tuple[str, ...]:
        """The names of its marks: (), ("inn",), ("cathedral",), ("wine", "cloth"), ..."""
        return special_names(self.special)


@dataclass(frozen=True)
class City:
    """The City of Carcassonne (the Count): a snapshot of the figures in its
    quarters and of the Count (:meth:`Game.city` with no arguments).

    `followers[q][p]` and `big[q][p]` count player p's followers and big
    follower in quarter q (a :class:`Quarter`, carc_game_city); `count` is
    the quarter where the Count stands (carc_game_count), None in a game
    without the Count (every count is then 0)."""
    followers: Tuple[Tuple[int, ...], ...]
    big: Tuple[Tuple[int, ...], ...]
    count: Optional[Quarter]

    def figures(self, quarter: Union[int, str]) -> Tuple[int, ...]:
        """Every player's figures in `quarter` (a big follower counts 1), in
        player order: what the scenario files' `expect city QUARTER N0 N1 ...`
        compares."""
        q = quarter_of(quarter)
        return tuple(f + b for f, b in zip(self.followers[q], self.big[q]))

    def player(self, player: int, figure: Optional[Union[int, str]] = None) -> int:
        """Player `player`'s figures in the whole city: followers and big
        follower, or only the kind `figure` ("follower", "big")."""
        kinds = (Figure.FOLLOWER, Figure.BIG) if figure is None else (figure_of(figure),)
        total = 0
        for kind in kinds:
            table = self.followers if kind == Figure.FOLLOWER else \
                self.big if kind == Figure.BIG else None
            if table is None:
                raise ValueError(f"only followers and big followers go into the city, "
                                 f"not {kind.name.lower()}")
            total += sum(row[player] for row in table)
        return total

    @property
    def total(self) -> int:
        """Every figure in the city."""
        return sum(map(sum, self.followers)) + sum(map(sum, self.big))

    def __str__(self) -> str:
        parts = [f"{QUARTER_NAMES[q]} {' '.join(map(str, self.figures(q)))}" for q in Quarter]
        count = ("no Count" if self.count is None
                 else f"the Count on the {QUARTER_NAMES[self.count]}")
        return ", ".join(parts) + f"; {count}"


@dataclass(frozen=True)
class Event:
    """Base of the events (carc_event). `turn` indexes :attr:`Game.history`."""
    kind: EventKind
    turn: int


@dataclass(frozen=True)
class ScoreEvent(Event):
    """A feature scored, during play (kind SCORE) or in final scoring (FINAL),
    or an abbot was recalled and scored (RECALL; `feature` is the monastery or
    garden it stood on). Every player in `players` received `points` (ties
    score in full). `bonus` (0.2) says what made the value other than the
    base rule: Bonus.INN (a road with an inn: 2 per tile when complete, 0 at
    the end), Bonus.CATHEDRAL (a city with a cathedral: 3 per tile and
    pennant when complete, 0 at the end), Bonus.PIG (a field's majority
    holder with his pig in it: 4 per city instead of 3; the other holders
    get their own event); :attr:`bonus_names` by name."""
    feature: SegmentKind
    points: int
    players: Tuple[int, ...]
    returned: int               # figures that went back to supply
    tile: str                   # the tile at (x, y)
    x: int
    y: int
    segment: int
    tiles: int
    bonus: Bonus = Bonus.NONE

    @property
    def bonus_names(self) -> Tuple[str, ...]:
        """The bonuses by name: (), ("inn",), ("cathedral",), ("pig",)."""
        return tuple(name for flag, name in BONUS_NAMES.items() if self.bonus & flag)

    @property
    def final(self) -> bool:
        return self.kind == EventKind.FINAL

    @property
    def recall(self) -> bool:
        return self.kind == EventKind.RECALL


@dataclass(frozen=True)
class DiscardEvent(Event):
    """A drawn tile with no legal placement left the game."""
    tile: str


@dataclass(frozen=True)
class GoodsEvent(Event):
    """Traders & Builders (kind GOODS): one trade-goods token of `good` taken
    by the player who placed the tile that completed a city (`players` holds
    that one player, :attr:`player`), from that city: segment `segment` of
    the tile `tile` at (x, y), a city of `tiles` tiles. One event per symbol;
    `points` is 0. It follows the city's own score event."""
    good: Good
    players: Tuple[int, ...]
    tile: str
    x: int
    y: int
    segment: int
    tiles: int
    points: int = 0

    feature = SegmentKind.CITY  # what the token came from (not a field)

    @property
    def player(self) -> int:
        """The player who took the token."""
        return self.players[0] if self.players else -1

    @property
    def good_name(self) -> str:
        return GOOD_NAMES[self.good]

    @property
    def final(self) -> bool:
        return False


@dataclass(frozen=True)
class TradeEvent(Event):
    """Traders & Builders (kind TRADE), in final scoring: the majority of one
    kind of goods. Every player in `players` (the most tokens of `good`;
    ties all score) received `points` (10). No feature: `segment` is
    NO_SEGMENT (the C event has tile, x and y 0 and feature_kind 0xFF)."""
    good: Good
    points: int
    players: Tuple[int, ...]
    segment: int = NO_SEGMENT

    @property
    def good_name(self) -> str:
        return GOOD_NAMES[self.good]

    @property
    def final(self) -> bool:
        return True


@dataclass(frozen=True)
class HistoryEntry:
    """One entry of the history (carc_history_entry). `move` is set for
    PLACE entries (every move: a pass or a Count move too), `tile` for the
    moves that place a tile and for DISCARD, neither for END."""
    kind: HistoryKind
    player: int
    tile: Optional[str]
    move: Optional[Move]

    def __str__(self) -> str:
        if self.kind == HistoryKind.PLACE:
            return f"place {self.move}" if self.move.is_place else str(self.move)
        if self.kind == HistoryKind.DISCARD:
            return f"discard {self.tile}"
        return "end"


def _mask_players(mask: int) -> Tuple[int, ...]:
    return tuple(p for p in range(32) if mask >> p & 1)


# -------------------------------------------------------------------- game


@lru_cache(maxsize=1)
def _all_tile_names() -> Tuple[str, ...]:
    return tile_names()


def _options(players: int = 2, seed: int = 0, farmers: Optional[bool] = None, *,
             modules: ModulesRef = Module.NONE, start_tile: Optional[TileRef] = None,
             start: Tuple[int, int] = (0, 0), start_rotation: int = 0,
             no_undo: bool = False, variants: int = Variant.NONE) -> "_ffi.carc_game_options":
    opts = _ffi.carc_game_options()
    _ffi.carc_game_options_init(byref(opts), GAME_OPTIONS_VERSION)
    # integers only: 2.7 players or the seed '7' are TypeErrors, not 2 and 7
    opts.players = _u32(players, "players")
    opts.seed = _u64(seed, "seed")
    mods = int(modules_of(modules))
    if farmers is not None:
        mods = mods | Module.FARMERS if farmers else mods & ~int(Module.FARMERS)
    opts.modules = _u32(mods, "modules")
    if start_tile is not None:
        opts.start_tile = kind_of(start_tile)
    opts.start_x, opts.start_y = _i32(start[0], "start x"), _i32(start[1], "start y")
    opts.start_rotation = _u32(start_rotation, "start_rotation")
    opts.flags = GAME_NO_UNDO if no_undo else 0
    opts.variants = _u32(variants, "variants")
    return opts


def _check(opts) -> None:
    """Raise what carc_game_new would for these options, with the library's
    explanation (carc_game_options_check)."""
    msg = ctypes.create_string_buffer(256)
    status = _ffi.carc_game_options_check(byref(opts), msg, len(msg))
    if status != 0:
        detail = msg.value.decode("utf-8", "replace")
        raise error_class(status)(status, _ffi._status_name(status), _ffi._status_str(status),
                                  detail, "carc_game_options_check")


def check_options(players: int = 2, seed: int = 0, farmers: Optional[bool] = None,
                  **options) -> None:
    """Check game options without creating a game: raise what :class:`Game`
    would raise for them (RangeError "players 9 out of range 2..5", "players 6
    out of range 2..5 (a 6th player needs Inns & Cathedrals)", UnsupportedError
    for a module this build does not implement, ...)."""
    _check(_options(players, seed, farmers, **options))


class Game(Owner):
    """A game of Carcassonne (carc_game).

    ``Game(players=2, seed=0)`` creates a game with the start tile placed and
    the draw pile shuffled from `seed`; player 0 moves first. `players`:
    2..5, or 2..6 with Inns & Cathedrals (``Game(players=6,
    modules={"inns"})``). `modules`: the rules modules, by name (``{"river", "abbot"}``,
    ``"river,abbot"``, ``"river -farmers"``; ``"all"`` for every module, as
    in C and JavaScript: ``Game(modules="all")``, ``"all,-farmers"``) or as
    :class:`Module` flags (``Module.RIVER | Module.ABBOT``); the farmers are on unless
    ``"-farmers"`` is named or ``farmers=False`` is given (``farmers=True``
    forces them on). An unknown name raises ParseError (a ValueError) naming
    the known modules; bad options raise before any game exists, with the
    library's explanation (carc_game_options_check): RangeError (a
    ValueError) for "players 9 out of range 2..5" or "players 6 out of range
    2..5 (a 6th player needs Inns & Cathedrals)", UnsupportedError (a
    NotImplementedError) for a module this build does not implement
    (:func:`~carcassonne.supported_modules`). `variants`: rule variants
    (:class:`Variant` flags, e.g. ``Variant.TINY_CITY``; the Count's,
    ``Variant.COC_FINAL_MARKET`` and ``Variant.COC_ONCE_PER_TURN``, need the
    Count). With the Count (``modules={"count"}``) the City of Carcassonne
    (CO/1..CO/12) lies in place of the start tile: no start tile may be
    given, except with the River, where the spring "RA" lies beside a field
    edge of the city: by default (no `start_tile`, `start` nor
    `start_rotation`) at (0, -2) turned 270 degrees (CARC_DEFAULT_START_TILE),
    or where `start_tile="RA"`, `start` and `start_rotation` say (RangeError
    if that place breaks the rules). Every combination of modules starts
    with no other option.
    Other options: `start_tile` (name), `start` ((x, y)), `start_rotation`
    (quarter turns), `no_undo` (keep no undo journal: faster playouts).

    At every moment the game waits for one decision of one player
    (:attr:`pending`); :meth:`legal_moves` lists every answer to it and
    :meth:`play` plays one.

    The C game is freed by :meth:`close`, by leaving a ``with`` block, or by
    garbage collection. After that every method raises ClosedError.
    Not thread-safe: use one Game per thread or lock around it.
    """

    __slots__ = ("_ptr", "_list", "_players", "__weakref__")

    def __init__(self, players: int = 2, seed: int = 0, farmers: Optional[bool] = None, *,
                 modules: ModulesRef = Module.NONE, start_tile: Optional[TileRef] = None,
                 start: Tuple[int, int] = (0, 0), start_rotation: int = 0,
                 no_undo: bool = False, variants: int = Variant.NONE):
        self._ptr = None
        self._list = None
        opts = _options(players, seed, farmers, modules=modules, start_tile=start_tile,
                        start=start, start_rotation=start_rotation, no_undo=no_undo,
                        variants=variants)
        _check(opts)
        handle = _ffi.GAME()
        _ffi.carc_game_new(byref(handle), byref(opts))
        self._adopt(handle)

    @classmethod
    def _wrap(cls, handle) -> "Game":
        game = cls.__new__(cls)
        game._ptr = None
        game._list = None
        game._adopt(handle)
        return game

    def _adopt(self, handle) -> None:
        self._ptr = handle
        out = c_uint32()
        _ffi.carc_game_players(byref(out), handle)
        self._players = out.value

    # ------------------------------------------------------------ lifetime

    _what = "game"

    def _take(self, _free=_ffi.carc_game_free, _free_list=_ffi.carc_movelist_free):
        ptr, lst = self._ptr, self._list
        self._ptr = self._list = None
        return [(_free_list, lst), (_free, ptr)]

    def clone(self, history: bool = True) -> "Game":
        """An independent copy (carc_game_clone); without `history` it cannot
        undo past this point and copies faster."""
        handle = _ffi.GAME()
        _ffi.carc_game_clone(byref(handle), self._handle(), 0 if history else CLONE_NO_HISTORY)
        return Game._wrap(handle)

    def copy_from(self, other: "Game", history: bool = True) -> None:
        """Make this game a copy of `other` (carc_game_copy), reusing memory."""
        _ffi.carc_game_copy(self._handle(), other._handle(), 0 if history else CLONE_NO_HISTORY)
        self._players = other._players

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    def __reduce__(self):
        # Pickled as its record: options and history, replayed on unpickling.
        return (Game.load, (self.save(),))

    # --------------------------------------------------------------- moves

    def _movelist(self):
        """The game's own scratch carc_movelist (a raw handle, freed with the
        game; a MoveList object would make a reference cycle)."""
        lst = self._list
        if lst is None:
            lst = _ffi.MOVELIST()
            _ffi.carc_movelist_new(byref(lst), self._handle())
            self._list = lst
        return lst

    def movelist(self) -> MoveList:
        """A new :class:`MoveList` for this game (it keeps the game alive)."""
        return MoveList(self)

    def legal_moves(self, unique_rotations: bool = False) -> List[Move]:
        """Every legal answer to the pending decision (carc_game_legal_moves).
        For a place decision: each placement of the current tile times each
        figure action (no figure, each figure on each segment that may take it,
        the abbot's recall), the pass first when it is optional (the builder's
        second tile); for the Count's decisions every move of that kind, then
        the pass: EXIT, one exit per quarter, figure and target feature (on the
        feature's root segment), QUARTER, each quarter with the follower then
        the big follower, COUNT, the three other quarters. GameOverError when
        over."""
        ptr = self._ptr
        if ptr is None:
            raise ClosedError("the game is closed")
        lst = self._list
        if lst is None:
            lst = self._movelist()
        _ffi.carc_game_legal_moves(lst, ptr, ENUM_UNIQUE_ROTATIONS if unique_rotations else 0)
        return moves_from_array(_ffi.carc_movelist_data(lst), _ffi.carc_movelist_count(lst))

    def placements(self, tile: Optional[TileRef] = None,
                   unique_rotations: bool = False) -> List[Move]:
        """Every legal placement (no figure) of `tile` (default: the current
        tile), whether or not a copy is left to draw."""
        if tile is None:
            kind = self.current_kind
            if kind is None:
                raise GameOverError(Status.EGAME_OVER, "CARC_EGAME_OVER", "the game is over",
                                    "no current tile", "carc_game_current_tile")
        else:
            kind = kind_of(tile)
        lst = self._movelist()
        _ffi.carc_game_placements(lst, self._handle(), kind,
                                  ENUM_UNIQUE_ROTATIONS if unique_rotations else 0)
        return moves_from_array(_ffi.carc_movelist_data(lst), _ffi.carc_movelist_count(lst))

    def figure_options(self, placement: Union[Move, str]) -> List[Move]:
        """The figure actions after `placement` of the current tile: first no
        figure, then each figure in supply on each segment that may receive it
        (the follower first; the big follower of Inns & Cathedrals goes where
        a follower may), then the abbot's recall when it is legal."""
        lst = self._movelist()
        _ffi.carc_game_figure_options(lst, self._handle(), byref(as_move(placement)._as_c()))
        return moves_from_array(_ffi.carc_movelist_data(lst), _ffi.carc_movelist_count(lst))

    def check(self, move: Union[Move, str]) -> None:
        """Raise what :meth:`play` would raise for `move`, changing nothing:
        the same exception class and the same reason (``detail``, the text
        play leaves as the last error: carc_game_check_move_msg). A string
        that is not a move raises ParseError with the reason, as play does."""
        msg = ctypes.create_string_buffer(_MSG_CAP)
        status = _ffi.carc_game_check_move_msg(self._handle(), byref(as_move(move)._as_c()), msg,
                                               _MSG_CAP)
        if status != 0:
            raise reason_error(status, msg.value, "carc_game_check_move")

    def is_legal(self, move: Union[Move, str]) -> bool:
        """Whether `move` is legal for the player to move now."""
        return _ffi.carc_game_check_move(self._handle(), byref(as_move(move)._as_c())) == 0

    def play(self, move: Union[Move, str]) -> None:
        """Play a move: the answer to the pending decision (a Move, or a
        string in move notation such as "D 1 0 90 road:E", "U -1 0 90
        abbot/recall" or "pass"). An illegal move raises IllegalMoveError and
        changes nothing."""
        ptr = self._ptr
        if ptr is None:
            raise ClosedError("the game is closed")
        if type(move) is not Move:
            move = as_move(move)
        _ffi.carc_game_play(ptr, byref(move._as_c()))

    def pass_(self) -> None:
        """Decline the pending optional decision (plays :meth:`Move.pass_`)."""
        self.play(Move.pass_())

    def undo(self) -> None:
        """Take back the last action (carc_game_undo); NoUndoError if none."""
        _ffi.carc_game_undo(self._handle())

    @property
    def can_undo(self) -> bool:
        return self._get(c_bool, _ffi.carc_game_can_undo)

    def choose_tile(self, tile: TileRef) -> None:
        """Choose the tile the player to move draws (replays, tests). A tile
        with no legal placement is discarded at once and the same player
        draws again (see :attr:`history`). NotInBagError if none is left."""
        _ffi.carc_game_choose_tile(self._handle(), kind_of(tile))

    def end(self) -> None:
        """End the game now: final scoring runs (undo takes it back)."""
        _ffi.carc_game_end(self._handle())

    def determinize(self, seed: int) -> None:
        """Re-shuffle, from `seed` (0..2**64-1), the tiles no player has seen:
        the pile under the current tile (carc_game_determinize, 0.2). The
        current tile, the board, the scores, the supplies, the multiset of
        tiles left (:meth:`remaining_tiles`), :meth:`hash` and the order the
        rules impose (the River's tiles first, the lake last of them) do not
        change; only the next draws do. Not a move: it is not in the history,
        and undoing the last move also puts the pile back as it was before
        that move. For a search that samples the hidden draw order."""
        _ffi.carc_game_determinize(self._handle(), _u64(seed, "seed"))

    def hash(self) -> int:
        """The 64-bit hash of the position (carc_game_hash, 0.2), for
        transposition tables: equal for equal positions, whatever the order
        of the moves that led to them. A position is the board, the figures,
        the scores, supplies and goods, the City of Carcassonne, the
        multiset of tiles left, the current tile, the pending decision and
        who must take it; not the hidden order of the pile. (``hash(game)``
        is still identity: a game is mutable.)"""
        return self._get(c_uint64, _ffi.carc_game_hash)

    def remaining_tiles(self) -> "Counter[str]":
        """The tiles left to draw, the current tile included, by name: a
        ``collections.Counter`` of the kinds with copies left
        (carc_game_remaining_tiles, 0.2). ``sum(...values())`` is
        :attr:`remaining`; empty once the game is over."""
        names = _all_tile_names()
        counts = (c_uint32 * len(names))()
        _ffi.carc_game_remaining_tiles(counts, len(names), None, self._handle())
        return Counter({name: n for name, n in zip(names, counts) if n})

    # -------------------------------------------------------------- state

    @property
    def players(self) -> int:
        self._handle()
        return self._players

    @property
    def options(self) -> GameOptions:
        opts = _ffi.carc_game_options()
        _ffi.carc_game_options_get(byref(opts), self._handle())
        start = None if opts.start_tile == DEFAULT_START_TILE else tile_names()[opts.start_tile]
        return GameOptions(players=opts.players, seed=opts.seed, modules=Module(opts.modules),
                           start_tile=start, start_x=opts.start_x, start_y=opts.start_y,
                           start_rotation=opts.start_rotation, flags=opts.flags,
                           variants=Variant(opts.variants))

    @property
    def modules(self) -> Module:
        """The rules modules of the game (:class:`Module` flags)."""
        return self.options.modules

    @property
    def pending(self) -> Pending:
        """The decision the game waits for (carc_game_pending): who must
        decide what now. Once the game is over: decision NONE."""
        out = _ffi.sized(_ffi.carc_pending)
        _ffi.carc_game_pending(byref(out), self._handle())
        decision = Decision(out.decision)
        tile = tile_names()[out.tile] if decision == Decision.PLACE else None
        return Pending(decision, out.player, PendingFlag(out.flags), tile, out.part)

    @property
    def seed(self) -> int:
        return self.options.seed

    @property
    def current_player(self) -> int:
        return self._u32(_ffi.carc_game_current_player)

    @property
    def current_kind(self) -> Optional[int]:
        """Kind number of the tile to place now, None when the game is over."""
        out = c_uint32()
        status = _ffi.carc_game_current_tile(byref(out), self._handle())
        return None if status != 0 else out.value

    @property
    def current_tile(self) -> Optional[str]:
        """Name of the tile to place now, None when the game is over."""
        kind = self.current_kind
        return None if kind is None else tile_names()[kind]

    @property
    def remaining(self) -> int:
        """Tiles left to draw, the current tile included."""
        return self._u32(_ffi.carc_game_remaining)

    def remaining_of(self, tile: TileRef) -> int:
        """Copies of `tile` left to draw, the current tile included."""
        return self._u32(_ffi.carc_game_remaining_of, kind_of(tile))

    @property
    def is_over(self) -> bool:
        return self._get(c_bool, _ffi.carc_game_is_over)

    def score(self, player: int) -> int:
        return self._get(c_int32, _ffi.carc_game_score, player)

    @property
    def scores(self) -> List[int]:
        """Every player's score, in player order."""
        return self._per_player(c_int32, _ffi.carc_game_score)

    def figure_supply(self, player: int, figure: Union[int, str] = Figure.FOLLOWER) -> int:
        """Player `player`'s figures of one kind in supply
        (carc_game_figure_supply): `figure` is a :class:`Figure` or its name
        ("follower" (of 7), "big", "abbot", "builder", "pig": 0 or 1, and 0
        without the module that brings it: the big follower comes with
        Inns & Cathedrals, the abbot with the Abbot)."""
        out = c_uint32()
        _ffi.carc_game_figure_supply(byref(out), self._handle(), _u32(player, "player"),
                                     figure_of(figure))
        return out.value

    def goods(self, player: int) -> Goods:
        """Player `player`'s trade-goods tokens (carc_game_goods), a
        :class:`Goods` (wine, grain, cloth); all 0 without Traders & Builders.
        Also ``game.goods(p)[Good.WINE]`` or ``game.goods(p).wine``."""
        ptr = self._handle()
        player = _u32(player, "player")
        out = c_uint32()
        counts = []
        for good in Good:
            _ffi.carc_game_goods(byref(out), ptr, player, good)
            counts.append(out.value)
        return Goods(*counts)

    def goods_of(self, good: Union[int, str]) -> List[int]:
        """Every player's tokens of one kind of goods (a :class:`Good` or its
        name), in player order."""
        kind = good_of(good)
        ptr = self._handle()
        out = c_uint32()
        result = []
        for p in range(self._players):
            _ffi.carc_game_goods(byref(out), ptr, p, kind)
            result.append(out.value)
        return result

    @property
    def all_goods(self) -> List[Goods]:
        """Every player's goods (:meth:`goods`), in player order."""
        return [self.goods(p) for p in range(self.players)]

    def city(self, quarter: Optional[Union[int, str]] = None, player: Optional[int] = None,
             figure: Union[int, str] = Figure.FOLLOWER) -> Union[int, "City"]:
        """The Count of Carcassonne: the figures in the City of Carcassonne.

        ``city(quarter, player, figure="follower")`` is how many figures of
        kind `figure` (FOLLOWER or BIG, or their names) player `player` has in
        `quarter` (a :class:`Quarter` or its name, "castle", ...;
        carc_game_city); 0 without the module. ``city()`` is a :class:`City`
        snapshot of every quarter, player and kind, and of the Count."""
        if quarter is None and player is None:
            return self._city()
        if quarter is None or player is None:
            raise TypeError("city() takes both a quarter and a player, or neither")
        out = c_uint32()
        _ffi.carc_game_city(byref(out), self._handle(), quarter_of(quarter),
                            _u32(player, "player"), figure_of(figure))
        return out.value

    def _city(self) -> "City":
        ptr = self._handle()
        out = c_uint32()
        tables = []
        for figure in (Figure.FOLLOWER, Figure.BIG):
            rows = []
            for q in Quarter:
                row = []
                for p in range(self._players):
                    _ffi.carc_game_city(byref(out), ptr, q, p, figure)
                    row.append(out.value)
                rows.append(tuple(row))
            tables.append(tuple(rows))
        return City(followers=tables[0], big=tables[1], count=self.count)

    @property
    def count(self) -> Optional[Quarter]:
        """The Count of Carcassonne: the quarter where the Count stands
        (carc_game_count; he starts on the castle), None without the module."""
        out = c_uint32()
        if _ffi.carc_game_count(byref(out), self._handle()) != 0:
            return None
        return Quarter(out.value)

    def exit_move(self, quarter: Union[int, str], x: int, y: int, where: str) -> Move:
        """The Count: the move that takes a follower of `quarter` out of the city
        onto the feature named `where` on the tile at (x, y), in the move
        notation's board orientation ("city:N", "road:E", "field:NNE",
        "cloister", "big/city:N" for the big follower), as the scenario files'
        `exit P QUARTER X Y WHERE` names it. NotFoundError for an empty cell,
        ParseError when the tile has no such segment. Legality is not checked
        (:meth:`is_legal`)."""
        at = self.tile_at(x, y)
        if at is None:
            raise NotFoundError(Status.ENOTFOUND, "CARC_ENOTFOUND", "not found",
                                f"no tile at ({x},{y})", "carc_game_tile_at")
        on = Move.parse(f"{at.tile} {x} {y} {at.degrees} {where}")
        if on.figure not in (Figure.FOLLOWER, Figure.BIG) or on.segment is None:
            raise ValueError(f"a follower or big/ leaves the city onto a feature, got {where!r}")
        return Move.exit_to(on.figure, quarter, x, y, on.segment)

    def supplies(self, figure: Union[int, str] = Figure.FOLLOWER) -> List[int]:
        """Every player's figures of one kind in supply, in player order."""
        kind = figure_of(figure)
        ptr = self._handle()
        out = c_uint32()
        result = []
        for p in range(self._players):
            _ffi.carc_game_figure_supply(byref(out), ptr, p, kind)
            result.append(out.value)
        return result

    @property
    def supply(self) -> List[int]:
        """Every player's followers in supply (of 7: the others are on the
        board, or with the Count in the City of Carcassonne, :meth:`city`);
        other figures: :meth:`figure_supply`, :meth:`supplies`."""
        ptr = self._handle()
        out = c_uint32()
        result = []
        for p in range(self._players):
            _ffi.carc_game_supply(byref(out), ptr, p)
            result.append(out.value)
        return result

    @property
    def leaders(self) -> List[int]:
        """The players with the highest score now."""
        return list(_mask_players(self._u32(_ffi.carc_game_leaders)))

    @property
    def winners(self) -> List[int]:
        """The winners once the game is over (several on a tie), else []."""
        return self.leaders if self.is_over else []

    @property
    def state_size(self) -> int:
        out = c_size_t()
        _ffi.carc_game_state_size(byref(out), self._handle())
        return out.value

    # -------------------------------------------------------------- board

    @property
    def board(self) -> List[PlacedTile]:
        """The placed tiles: the start tile, then in order of placement."""
        ptr = self._handle()
        count = self._u32(_ffi.carc_game_tile_count)
        out = _ffi.carc_move()
        names = tile_names()
        tiles = []
        for i in range(count):
            _ffi.carc_game_tile(byref(out), ptr, i)
            tiles.append(PlacedTile(i, names[out.tile], out.x, out.y, out.rotation))
        return tiles

    def tile_at(self, x: int, y: int) -> Optional[PlacedTile]:
        """The tile at (x, y), or None for an empty cell. (`index` is -1: the
        library does not say when it was placed.)"""
        out = _ffi.carc_move()
        if _ffi.carc_game_tile_at(byref(out), self._handle(), x, y) != 0:
            return None
        return PlacedTile(-1, tile_names()[out.tile], out.x, out.y, out.rotation)

    @property
    def bounds(self) -> Tuple[int, int, int, int]:
        """(min_x, min_y, max_x, max_y) of the placed tiles, inclusive."""
        v = [c_int32() for _ in range(4)]
        _ffi.carc_game_bounds(byref(v[0]), byref(v[1]), byref(v[2]), byref(v[3]), self._handle())
        return tuple(i.value for i in v)

    @property
    def followers(self) -> List[FigureOnBoard]:
        """The figures on the board, in placement order."""
        ptr = self._handle()
        count = self._u32(_ffi.carc_game_figure_count)
        info = _ffi.sized(_ffi.carc_figure_info)
        result = []
        for i in range(count):
            _ffi.carc_game_figure(byref(info), ptr, i)
            result.append(FigureOnBoard(info.player, Figure(info.figure), info.x, info.y,
                                        info.segment, info.feature))
        return result

    figures = followers

    def feature_at(self, x: int, y: int, segment: int) -> Feature:
        """The feature that segment `segment` of the tile at (x, y) belongs to.
        NotFoundError for an empty cell."""
        return self.feature(self._u32(_ffi.carc_game_feature_at, x, y, segment))

    def feature(self, feature_id: int) -> Feature:
        """A snapshot of feature `feature_id` (ids from :attr:`followers` or
        :meth:`feature_at`, valid until the next move)."""
        ptr = self._handle()
        info = _ffi.sized(_ffi.carc_feature_info)
        _ffi.carc_game_feature(byref(info), ptr, feature_id)
        counts = (c_uint32 * self._players)()
        _ffi.carc_game_feature_occupants(counts, self._players, ptr, feature_id)
        needed = c_size_t()
        _ffi.carc_game_feature_tiles(None, 0, byref(needed), ptr, feature_id)
        cap = needed.value
        xy = (c_int32 * (2 * cap + 2))()
        _ffi.carc_game_feature_tiles(xy, cap, byref(needed), ptr, feature_id)
        cells = tuple((xy[2 * i], xy[2 * i + 1]) for i in range(needed.value))
        return Feature(id=feature_id, kind=SegmentKind(info.kind), tiles=info.tiles,
                       open_edges=info.open_edges, complete=bool(info.complete),
                       pennants=info.pennants, figures=info.figures, segments=info.segments,
                       value=info.value, occupants=tuple(counts), cells=cells,
                       special=SegmentSpecial(info.special), goods=Goods(*info.goods))

    # ------------------------------------------------------ events, history

    def event_count(self) -> int:
        return self._u32(_ffi.carc_game_event_count)

    def event(self, index: int) -> Event:
        ev = _ffi.sized(_ffi.carc_event)
        _ffi.carc_game_event(byref(ev), self._handle(), index)
        kind = EventKind(ev.kind) if ev.kind in EventKind._value2member_map_ else ev.kind
        if kind == EventKind.DISCARD:
            return DiscardEvent(kind, ev.turn, tile_names()[ev.tile])
        if kind == EventKind.GOODS:
            return GoodsEvent(kind, ev.turn, Good(ev.good), _mask_players(ev.players),
                              tile_names()[ev.tile], ev.x, ev.y, ev.segment, ev.tiles, ev.points)
        if kind == EventKind.TRADE:
            return TradeEvent(kind, ev.turn, Good(ev.good), ev.points, _mask_players(ev.players),
                              ev.segment)
        return ScoreEvent(kind, ev.turn, SegmentKind(ev.feature_kind), ev.points,
                          _mask_players(ev.players), ev.returned, tile_names()[ev.tile],
                          ev.x, ev.y, ev.segment, ev.tiles, Bonus(ev.bonus))

    @property
    def events(self) -> List[Event]:
        """Every event since the start: scores during play, final scores,
        discards, and with Traders & Builders the goods tokens taken
        (:class:`GoodsEvent`) and the final majorities (:class:`TradeEvent`)."""
        return [self.event(i) for i in range(self.event_count())]

    def history_entry(self, index: int) -> HistoryEntry:
        entry = _ffi.sized(_ffi.carc_history_entry)
        _ffi.carc_game_history(byref(entry), self._handle(), index)
        kind = HistoryKind(entry.kind)
        move = Move._from_c(entry.move)
        if kind == HistoryKind.PLACE:
            return HistoryEntry(kind, entry.player, move.tile, move)
        if kind == HistoryKind.DISCARD:
            return HistoryEntry(kind, entry.player, move.tile, None)
        return HistoryEntry(kind, entry.player, None, None)

    @property
    def history(self) -> List[HistoryEntry]:
        """Every history entry: moves, discards and an early end."""
        count = self._u32(_ffi.carc_game_history_count)
        return [self.history_entry(i) for i in range(count)]

    # ------------------------------------------------------ records, pictures

    def save(self) -> str:
        """The game record (carc_game_save), text."""
        return _ffi.read_text(_ffi.carc_game_save, self._handle())

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Game":
        """Replay a record (carc_game_load). A bad record raises a RecordError
        subclass (ParseError, FormatError, ReplayError, ...) whose ``line`` is
        the 1-based line at fault (0 if none)."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        handle = _ffi.GAME()
        err = _ffi.sized(_ffi.carc_load_error)
        status = _ffi.carc_game_load(byref(handle), data, len(data), None, byref(err))
        if status != 0:
            message = err.message.decode("utf-8", "replace")
            exc = error_class(status)(status, _ffi._status_name(status), _ffi._status_str(status),
                                      message, "carc_game_load")
            exc.line = err.line
            raise exc
        return cls._wrap(handle)

    def render(self, color: bool = False, legend: bool = True) -> str:
        """A text picture of the board (carc_game_render_text)."""
        flags = (RENDER_COLOR if color else 0) | (0 if legend else RENDER_NO_LEGEND)
        return _ffi.read_text(_ffi.carc_game_render_text, self._handle(), flags)

    def to_svg(self, legend: bool = True) -> str:
        """An SVG picture of the board (carc_game_render_svg)."""
        return _ffi.read_text(_ffi.carc_game_render_svg, self._handle(),
                              0 if legend else RENDER_NO_LEGEND)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's rich display."""
        if self._ptr is None:
            return None
        return self.to_svg()

    def __str__(self) -> str:
        if self._ptr is None:
            return "<Game closed>"
        return self.render()

    def __repr__(self) -> str:
        if self._ptr is None:
            return "<Game closed>"
        state = "over" if self.is_over else str(self.pending)
        return (f"<Game {self._players} players, scores {self.scores}, "
                f"{self.remaining} tiles left, {state}>")
