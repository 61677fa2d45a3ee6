"""Moves (carc_move) and move lists (carc_movelist)."""
from __future__ import annotations

import ctypes
import struct
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Iterator, List, Optional, Union

from . import _ffi
from ._constants import ENUM_UNIQUE_ROTATIONS, NO_SEGMENT, Figure, Status
from ._owner import Owner
from .errors import RangeError
from .tiles import kind_of, tile_names

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["Move", "MoveList", "as_move"]

# carc_move: int32 x, int32 y, uint16 tile, uint8 rotation, figure, segment, reserved[3]
_MOVE = struct.Struct("=iiHBBB3x")
assert _MOVE.size == ctypes.sizeof(_ffi.carc_move)
_INT32 = (-(1 << 31), (1 << 31) - 1)


class Move(tuple):
    """One move: the tile `tile` at (x, y), turned `rotation` quarter turns
    clockwise, and maybe a figure on segment `segment` of that tile.

    An immutable, hashable value. ``str(move)`` is the move notation
    ("D 1 0 90 road:E", carc_move_format) and ``Move.parse(text)`` reads it
    (carc_move_parse). Rotation is in quarter turns (0..3) as in the C API;
    ``degrees`` gives the notation's degrees.

    ``Move("D", 1, 0, 1, segment=2)`` places a follower on segment 2 (the
    figure defaults to FOLLOWER when a segment is given, else NONE).
    """
    __slots__ = ()

    def __new__(cls, tile: Union[str, int], x: int, y: int, rotation: int = 0,
                figure: Optional[int] = None, segment: Optional[int] = None) -> "Move":
        if figure is None:
            figure = Figure.NONE if segment is None else Figure.FOLLOWER
        fields = (int(x), int(y), kind_of(tile), int(rotation), int(figure),
                  NO_SEGMENT if segment is None else int(segment))
        if not (_INT32[0] <= fields[0] <= _INT32[1] and _INT32[0] <= fields[1] <= _INT32[1]
                and all(0 <= v <= 255 for v in fields[3:])):
            raise RangeError(Status.ERANGE, "CARC_ERANGE", "value out of range",
                             f"move fields out of range: x={x} y={y} rotation={rotation} "
                             f"figure={int(figure)} segment={segment}", "")
        return tuple.__new__(cls, fields)

    x = property(itemgetter(0), doc="Column (x grows to the east).")
    y = property(itemgetter(1), doc="Row (y grows to the south).")
    kind = property(itemgetter(2), doc="Tile kind number.")
    rotation = property(itemgetter(3), doc="Quarter turns clockwise, 0..3.")

    @property
    def tile(self) -> str:
        """Tile name ("D")."""
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
        """Catalogue index of the segment receiving the figure, or None."""
        return None if self[5] == NO_SEGMENT else self[5]

    @property
    def placement(self) -> "Move":
        """The same tile placement without a figure."""
        return tuple.__new__(Move, (self[0], self[1], self[2], self[3], Figure.NONE, NO_SEGMENT))

    @property
    def where(self) -> str:
        """Where the figure goes, in the move notation ("road:E", "-")."""
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
        notation is checked, not legality. Raises ParseError."""
        out = _ffi.carc_move()
        _ffi.carc_move_parse(ctypes.byref(out), text.encode("utf-8"))
        return cls._from_c(out)

    def __str__(self) -> str:
        return _ffi.read_text(_ffi.carc_move_format, ctypes.byref(self._as_c()))

    def __repr__(self) -> str:
        try:
            return f"Move.parse({str(self)!r})"
        except Exception:  # a move the library cannot format (bad fields)
            return (f"Move(tile={self[2]}, x={self[0]}, y={self[1]}, rotation={self[3]}, "
                    f"figure={self[4]}, segment={self.segment})")

    def __eq__(self, other):
        return isinstance(other, Move) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __reduce__(self):
        return (_move_from_fields, (tuple(self),))


def as_move(move: Union[Move, str]) -> Move:
    """A Move from a Move or a string in the move notation."""
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    raise TypeError(f"expected a Move or a string in move notation, got {type(move).__name__}")


def _move_from_fields(fields):
    return tuple.__new__(Move, fields)


def moves_from_array(pointer, count: int) -> List[Move]:
    """Moves from a C array of carc_move (copied)."""
    if count == 0 or not pointer:
        return []
    raw = ctypes.string_at(pointer, count * _MOVE.size)
    return list(map(tuple.__new__, repeat(Move), _MOVE.iter_unpack(raw)))


class MoveList(Owner):
    """A reusable carc_movelist, tied to a game (it keeps the Python Game alive).

    Fill it with :meth:`fill_legal`, :meth:`fill_placements` or
    :meth:`fill_figure_options`; read it like a sequence of :class:`Move`.
    Free it with :meth:`close` (or a ``with`` block); garbage collection frees
    it otherwise.
    """

    def __init__(self, game: "Game"):
        handle = _ffi.MOVELIST()
        _ffi.carc_movelist_new(ctypes.byref(handle), game._handle())
        self._ptr = handle
        self._game = game

    @property
    def game(self) -> "Game":
        return self._game

    _what = "move list"

    def _take(self, _free=_ffi.carc_movelist_free):
        ptr = self._ptr
        self._ptr = None
        return [(_free, ptr)]

    # filling
    def fill_legal(self, unique_rotations: bool = False) -> "MoveList":
        """Every legal move for the player to move (carc_game_legal_moves)."""
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
