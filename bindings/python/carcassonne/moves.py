# SPDX-License-Identifier: MIT
"""Moves (carc_move) and move lists (carc_movelist)."""
from __future__ import annotations

import ctypes
import struct
from itertools import repeat
from operator import itemgetter
from typing import Generic, Iterator, List, Optional, TypeVar, Union

from . import _ffi
from ._args import integer
from ._constants import (ENUM_UNIQUE_ROTATIONS, FIGURE_NAMES, NO_SEGMENT, QUARTER_NAMES,
                         SEGMENT_RECALL, Figure, MoveKind, Quarter, Status)
from ._owner import Owner
from .errors import CarcassonneError, RangeError, error_class
from .tiles import kind_of, tile_names

__all__ = ["Move", "MoveList", "as_move", "figure_of", "quarter_of"]

# carc_move: int32 x, int32 y, uint16 tile, uint8 rotation, figure, segment, kind, quarter, reserved
_MOVE = struct.Struct("=iiHBBBBBx")
assert _MOVE.size == ctypes.sizeof(_ffi.carc_move)
_INT32 = (-(1 << 31), (1 << 31) - 1)
_FIGURE_BY_NAME = {name: figure for figure, name in FIGURE_NAMES.items()}
_QUARTER_BY_NAME = {name: quarter for quarter, name in QUARTER_NAMES.items()}
_MAX_FIGURE, _MAX_MOVE_KIND, _MAX_QUARTER = max(Figure), max(MoveKind), max(Quarter)

# The game a move list is tied to: a carcassonne.Game (game.py builds on this
# module, so the type is a parameter here, not an import).
_GameT = TypeVar("_GameT", bound=Owner)


# A reason of the library (carc_move_parse_msg, carc_game_check_move_msg):
# ample room (the longest is about 220 bytes).
_MSG_CAP = 512


def reason_error(status: int, reason: bytes, function: str) -> CarcassonneError:
    """The exception for `status` with the library's reason, as the calls that
    set a last-error text raise it (its ``detail``)."""
    return error_class(status)(status, _ffi._status_name(status), _ffi._status_str(status),
                               reason.decode("utf-8", "replace"), function)


def _out_of_range(what: str, value: int, expected: str) -> RangeError:
    return RangeError(Status.ERANGE, "CARC_ERANGE", "value out of range",
                      f"{what} {value}: expected {expected}", "")


def figure_of(figure: Union[str, int]) -> Figure:
    """A :class:`Figure` from a Figure, a number or a name ("follower",
    "big", "abbot", "builder", "pig"). ValueError for anything else."""
    if isinstance(figure, str):
        found = _FIGURE_BY_NAME.get(figure.lower())
        if found is None:
            raise ValueError(f"unknown figure {figure!r} (known: {', '.join(_FIGURE_BY_NAME)})")
        return found
    try:
        return Figure(int(figure))
    except ValueError:
        raise ValueError(f"{figure!r} is not a figure kind") from None


def quarter_of(quarter: Union[str, int]) -> Quarter:
    """A :class:`Quarter` from a Quarter, a number or a name ("castle", ...)."""
    if isinstance(quarter, str):
        found = _QUARTER_BY_NAME.get(quarter.lower())
        if found is None:
            raise ValueError(f"unknown quarter {quarter!r} (known: {', '.join(_QUARTER_BY_NAME)})")
        return found
    try:
        return Quarter(int(quarter))
    except ValueError:
        raise ValueError(f"{quarter!r} is not a quarter") from None


class Move(tuple):
    """One move: the answer to the pending decision (:attr:`Game.pending`).

    A place move (the only kind of 0.1) is the tile `tile` at (x, y), turned
    `rotation` quarter turns clockwise, and at most one figure action on it: a
    figure on segment `segment` of that tile, or the abbot's recall. A pass
    move (:meth:`pass_`) declines an optional decision; the kinds EXIT,
    QUARTER and COUNT are the Count's (:class:`MoveKind`).

    An immutable, hashable value. ``str(move)`` is the move notation
    ("D 1 0 90 road:E", "U -1 0 90 abbot/recall", "pass", and the Count's
    "exit castle 2 1 seg:0", "quarter big/castle", "count market";
    carc_move_format) and ``Move.parse(text)`` reads it (carc_move_parse);
    ``repr(move)`` is ``Move.parse('...')``. Rotation is in quarter
    turns (0..3) as in the C API; ``degrees`` gives the notation's degrees.

    ``Move("D", 1, 0, 1, segment=2)`` places a follower on segment 2 (the
    figure defaults to FOLLOWER when a segment is given, else NONE), as in 0.1.
    A field out of its range is refused when the move is made, with a
    :class:`RangeError` (a ``ValueError``) that says what is allowed: rotation
    0..3 (quarter turns), figure 0..5, move_kind 0..4, quarter 0..3, segment
    0..255, x and y 32-bit.
    ``kind`` is the tile's kind number, as in 0.1; the C field ``kind`` (the
    move's kind) is :attr:`move_kind`, set with the ``move_kind`` keyword.
    """
    __slots__ = ()

    def __new__(cls, tile: Union[str, int], x: int, y: int, rotation: int = 0,
                figure: Optional[Union[int, str]] = None, segment: Optional[int] = None, *,
                move_kind: int = MoveKind.PLACE, quarter: Union[int, str] = 0) -> "Move":
        if figure is None:
            figure = Figure.NONE if segment is None else Figure.FOLLOWER
        elif isinstance(figure, str):
            figure = figure_of(figure)
        if isinstance(quarter, str):
            quarter = quarter_of(quarter)
        # integers only: Move("D", 1.9, 0) is a TypeError, not x = 1
        fields = (integer(x, "x"), integer(y, "y"), kind_of(tile), integer(rotation, "rotation"),
                  integer(figure, "figure"),
                  NO_SEGMENT if segment is None else integer(segment, "segment"),
                  integer(move_kind, "move_kind"), integer(quarter, "quarter"))
        if not (_INT32[0] <= fields[0] <= _INT32[1] and _INT32[0] <= fields[1] <= _INT32[1]
                and all(0 <= v <= 255 for v in fields[3:])):
            raise RangeError(Status.ERANGE, "CARC_ERANGE", "value out of range",
                             f"move fields out of range: x={x} y={y} rotation={rotation} "
                             f"figure={int(figure)} segment={segment} move_kind={int(move_kind)} "
                             f"quarter={int(quarter)}", "")
        if fields[3] > 3:
            hint = (f"; {fields[3]} degrees is rotation={fields[3] // 90}"
                    if fields[3] in (90, 180, 270) else "")
            raise _out_of_range("rotation", fields[3], "0, 1, 2 or 3 quarter turns clockwise "
                                f"(0, 90, 180, 270 degrees){hint}")
        if fields[4] > _MAX_FIGURE:
            raise _out_of_range("figure", fields[4], "a Figure, 0..5 or a name "
                                "(follower, big, abbot, builder, pig)")
        if fields[6] > _MAX_MOVE_KIND:
            raise _out_of_range("move_kind", fields[6], "a MoveKind, 0..4 "
                                "(PLACE, PASS, EXIT, QUARTER, COUNT)")
        if fields[7] > _MAX_QUARTER:
            raise _out_of_range("quarter", fields[7], "a Quarter, 0..3 or a name "
                                "(castle, market, blacksmith, cathedral)")
        return tuple.__new__(cls, fields)

    # ------------------------------------------------------- other kinds

    @classmethod
    def pass_(cls) -> "Move":
        """The pass move: declines the pending optional decision ("pass")."""
        return _PASS

    @classmethod
    def recall(cls, tile: Union[str, int], x: int, y: int, rotation: int = 0) -> "Move":
        """Place `tile` and take the player's abbot back from the board,
        scoring it now ("U -1 0 90 abbot/recall")."""
        return cls(tile, x, y, rotation, Figure.ABBOT, SEGMENT_RECALL)

    @classmethod
    def exit_to(cls, figure: Union[int, str], quarter: Union[int, str], x: int, y: int,
                segment: int) -> "Move":
        """The Count: `figure` (FOLLOWER or BIG) leaves `quarter` for segment
        `segment` (the catalogue index) of the tile at (x, y): "exit castle 2 1
        seg:0". :meth:`Game.exit_move` names the segment as a place move does
        ("city:N")."""
        return cls._make(x, y, 0, 0, figure_of(figure), segment, MoveKind.EXIT,
                         quarter_of(quarter))

    @classmethod
    def to_quarter(cls, quarter: Union[int, str], figure: Union[int, str] = Figure.FOLLOWER
                   ) -> "Move":
        """The Count: `figure` from supply into `quarter` ("quarter castle",
        "quarter big/market")."""
        return cls._make(0, 0, 0, 0, figure_of(figure), NO_SEGMENT, MoveKind.QUARTER,
                         quarter_of(quarter))

    @classmethod
    def count_to(cls, quarter: Union[int, str]) -> "Move":
        """The Count moves to `quarter` ("count market")."""
        return cls._make(0, 0, 0, 0, Figure.NONE, NO_SEGMENT, MoveKind.COUNT,
                         quarter_of(quarter))

    @classmethod
    def _make(cls, *fields) -> "Move":
        return tuple.__new__(cls, tuple(int(f) for f in fields))

    # ------------------------------------------------------------ fields

    x = property(itemgetter(0), doc="Column (x grows to the east).")
    y = property(itemgetter(1), doc="Row (y grows to the south).")
    kind = property(itemgetter(2), doc="Tile kind number (0 for moves that place no tile).")
    rotation = property(itemgetter(3), doc="Quarter turns clockwise, 0..3.")

    @property
    def move_kind(self) -> MoveKind:
        """What the move is (carc_move.kind): PLACE, PASS, EXIT, QUARTER, COUNT."""
        return MoveKind(self[6])

    @property
    def quarter(self) -> Optional[Quarter]:
        """The quarter of the Count's moves (EXIT, QUARTER, COUNT), else None."""
        return Quarter(self[7]) if self[6] in _QUARTER_KINDS else None

    @property
    def is_place(self) -> bool:
        return self[6] == MoveKind.PLACE

    @property
    def is_pass(self) -> bool:
        return self[6] == MoveKind.PASS

    @property
    def is_exit(self) -> bool:
        """The Count: a follower leaves a quarter of the city for a feature."""
        return self[6] == MoveKind.EXIT

    @property
    def is_quarter(self) -> bool:
        """The Count: a follower from supply into a quarter of the city."""
        return self[6] == MoveKind.QUARTER

    @property
    def is_count(self) -> bool:
        """The Count moves to another quarter."""
        return self[6] == MoveKind.COUNT

    @property
    def is_recall(self) -> bool:
        """A place move whose figure action is the abbot's recall."""
        return self[6] == MoveKind.PLACE and self[5] == SEGMENT_RECALL

    @property
    def tile(self) -> Optional[str]:
        """Tile name ("D"); None for a move that places no tile (pass, the Count's)."""
        if self[6] != MoveKind.PLACE:
            return None
        return tile_names()[self[2]]

    @property
    def degrees(self) -> int:
        """Rotation in degrees clockwise (0, 90, 180, 270)."""
        return self[3] * 90

    @property
    def figure(self) -> Figure:
        return Figure(self[4])

    @property
    def segment(self) -> Optional[int]:
        """Catalogue index of the segment receiving the figure, or None (no
        figure, or the recall: see :attr:`is_recall`)."""
        return None if self[5] in (NO_SEGMENT, SEGMENT_RECALL) else self[5]

    @property
    def placement(self) -> "Move":
        """The same tile placement without a figure action."""
        if self[6] != MoveKind.PLACE:
            return self
        return tuple.__new__(Move, (self[0], self[1], self[2], self[3], Figure.NONE, NO_SEGMENT,
                                    MoveKind.PLACE, 0))

    @property
    def where(self) -> str:
        """Where the figure goes, in the move notation ("road:E", "abbot/recall",
        "-"; for an exit move the segment of the tile at (x, y): "seg:2",
        "big/seg:0"; "-" for the other moves that place no tile)."""
        kind = self[6]
        if kind == MoveKind.EXIT:
            return str(self).rsplit(" ", 1)[-1]
        if kind != MoveKind.PLACE:
            return "-"
        parts = str(self).split(" ")
        return parts[4] if len(parts) > 4 else "-"

    def _as_c(self) -> _ffi.carc_move:
        return _ffi.carc_move.from_buffer_copy(_MOVE.pack(*self))

    @classmethod
    def _from_c(cls, move: _ffi.carc_move) -> "Move":
        return tuple.__new__(cls, _MOVE.unpack(bytes(move)))

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read a move in the move notation (carc_move_parse): only the
        notation is checked, not legality. Raises ParseError, whose
        ``detail`` is the library's reason: the word at fault and what the
        notation expects there (carc_move_parse_msg: "rotation 45: expected
        0, 90, 180 or 270 (degrees clockwise)")."""
        out = _ffi.carc_move()
        msg = ctypes.create_string_buffer(_MSG_CAP)
        status = _ffi.carc_move_parse_msg(ctypes.byref(out), text.encode("utf-8"), msg, _MSG_CAP)
        if status != 0:
            raise reason_error(status, msg.value, "carc_move_parse")
        return cls._from_c(out)

    def __str__(self) -> str:
        return _ffi.read_text(_ffi.carc_move_format, ctypes.byref(self._as_c()))

    def __repr__(self) -> str:
        try:
            return f"Move.parse({str(self)!r})"
        except Exception:  # a move the library cannot format (bad fields)
            return (f"Move(tile={self[2]}, x={self[0]}, y={self[1]}, rotation={self[3]}, "
                    f"figure={self[4]}, segment={self[5]}, move_kind={self[6]}, "
                    f"quarter={self[7]})")

    def __eq__(self, other):
        return isinstance(other, Move) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __reduce__(self):
        return (_move_from_fields, (tuple(self),))


_QUARTER_KINDS = (MoveKind.EXIT, MoveKind.QUARTER, MoveKind.COUNT)
_PASS = tuple.__new__(Move, (0, 0, 0, 0, Figure.NONE, NO_SEGMENT, MoveKind.PASS, 0))


def as_move(move: Union[Move, str]) -> Move:
    """A Move from a Move or a string in the move notation."""
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    raise TypeError(f"expected a Move or a string in move notation, got {type(move).__name__}")


def _move_from_fields(fields):
    # a move pickled by 0.1 has 6 fields: a place move
    fields = tuple(fields)
    if len(fields) == 6:
        fields += (MoveKind.PLACE, 0)
    return tuple.__new__(Move, fields)


def moves_from_array(pointer, count: int) -> List[Move]:
    """Moves from a C array of carc_move (copied)."""
    if count == 0 or not pointer:
        return []
    raw = ctypes.string_at(pointer, count * _MOVE.size)
    return list(map(tuple.__new__, repeat(Move), _MOVE.iter_unpack(raw)))


class MoveList(Owner, Generic[_GameT]):
    """A reusable carc_movelist, tied to a game (it keeps the Python Game alive).

    Fill it with :meth:`fill_legal`, :meth:`fill_placements` or
    :meth:`fill_figure_options`; read it like a sequence of :class:`Move`.
    Free it with :meth:`close` (or a ``with`` block); garbage collection frees
    it otherwise.
    """

    def __init__(self, game: _GameT):
        handle = _ffi.MOVELIST()
        _ffi.carc_movelist_new(ctypes.byref(handle), game._handle())
        self._ptr = handle
        self._game = game

    @property
    def game(self) -> _GameT:
        return self._game

    _what = "move list"

    def _take(self, _free=_ffi.carc_movelist_free):
        ptr = self._ptr
        self._ptr = None
        return [(_free, ptr)]

    # filling
    def fill_legal(self, unique_rotations: bool = False) -> "MoveList":
        """Every legal answer to the pending decision (carc_game_legal_moves),
        the pass included when it is optional."""
        _ffi.carc_game_legal_moves(self._handle(), self._game._handle(),
                                   ENUM_UNIQUE_ROTATIONS if unique_rotations else 0)
        return self

    def fill_placements(self, tile: Union[str, int], unique_rotations: bool = False) -> "MoveList":
        """Every legal placement of `tile` (carc_game_placements)."""
        _ffi.carc_game_placements(self._handle(), self._game._handle(), kind_of(tile),
                                  ENUM_UNIQUE_ROTATIONS if unique_rotations else 0)
        return self

    def fill_figure_options(self, placement: Move) -> "MoveList":
        """Every figure choice after `placement` (carc_game_figure_options)."""
        _ffi.carc_game_figure_options(self._handle(), self._game._handle(),
                                      ctypes.byref(as_move(placement)._as_c()))
        return self

    # reading
    def __len__(self) -> int:
        return _ffi.carc_movelist_count(self._handle())

    def to_list(self) -> List[Move]:
        ptr = self._handle()
        return moves_from_array(_ffi.carc_movelist_data(ptr), _ffi.carc_movelist_count(ptr))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.to_list()[index]
        ptr = self._handle()
        count = _ffi.carc_movelist_count(ptr)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("move list index out of range")
        out = _ffi.carc_move()
        _ffi.carc_movelist_get(ctypes.byref(out), ptr, index)
        return Move._from_c(out)

    def __iter__(self) -> Iterator[Move]:
        return iter(self.to_list())

    def __repr__(self) -> str:
        if self._ptr is None:
            return "<MoveList closed>"
        return f"<MoveList of {len(self)} moves>"
