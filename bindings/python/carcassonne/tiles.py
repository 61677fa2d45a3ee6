# SPDX-License-Identifier: MIT
"""The tile catalogue (tile.h): names, copies, edges and segments."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from . import _ffi
from ._constants import (GOOD_NAMES, MODULE_NAMES, SPECIAL_NAMES, Edge, Good, Module,
                         SegmentEnd, SegmentKind, SegmentSpecial, Side, Status)
from .errors import NotFoundError, RangeError, error_class

__all__ = ["Tile", "Segment", "tiles", "tile", "tile_names", "kind_of", "name_of",
           "module_name", "module_names", "parse_modules", "supported_modules", "modules_of", "module_elements",
           "special_names", "Goods", "good_of"]

TileRef = Union[str, int]
ModulesRef = Union[int, str, Iterable[Union[str, int]]]


# ---------------------------------------------------------------- modules


def module_name(module: int) -> str:
    """The name of one module flag ("river"; carc_module_name). ValueError if
    `module` is not exactly one known flag."""
    name = _ffi.carc_module_name(int(module) & 0xFFFFFFFF) if 0 <= int(module) <= 0xFFFFFFFF \
        else None
    if name is None:
        raise ValueError(f"{int(module):#x} is not one module flag (known: {_known()})")
    return name.decode("ascii")


def module_names(modules: int) -> List[str]:
    """The names of the flags set in `modules`, in flag order (an unknown bit
    raises ValueError)."""
    modules = int(modules)
    return [module_name(1 << bit) for bit in range(32) if modules >> bit & 1]


def _known() -> str:
    return ", ".join(MODULE_NAMES.values())


def parse_modules(text: str) -> Module:
    """Module names separated by spaces or commas ("river,abbot", "farmers
    river", "-farmers") into :class:`Module` flags (carc_modules_parse): the
    farmers are on unless named with '-'; "" gives Module.FARMERS; "all" is
    every module this build implements, and the names apply from left to
    right ("all,-farmers": all but the farmers).
    An unknown name raises ParseError (a ValueError) that names the known ones."""
    out = ctypes.c_uint32()
    status = _ffi.carc_modules_parse(ctypes.byref(out), str(text).encode("utf-8"))
    if status != 0:
        words = str(text).replace(",", " ").split()
        unknown = [w for w in words if w.lstrip("-") not in (*MODULE_NAMES.values(), "all")]
        what = f"unknown module {unknown[0]!r}" if unknown else f"cannot read modules {text!r}"
        raise error_class(status)(status, _ffi._status_name(status), _ffi._status_str(status),
                                  f"{what} (known modules: {_known()}; all for every one)",
                                  "carc_modules_parse")
    return Module(out.value)


def modules_of(modules: ModulesRef) -> Module:
    """The :class:`Module` flags of a game for `modules`: flags (an int or
    Module, as in 0.1: modules on top of the farmers), a string for
    :func:`parse_modules` ("river,abbot", "river -farmers", "all"), or an
    iterable of names and flags ({"river", "abbot"}, ["-farmers", Module.RIVER],
    {"all", "-farmers"}). The farmers are on unless "-farmers" is named. An
    iterable has no order: its names apply as a set, the modules named first
    and those named with '-' taken out after them."""
    if isinstance(modules, bool):
        raise TypeError("modules: expected flags, names or a string, got a bool")
    if isinstance(modules, int):
        value = int(modules)
        if not 0 <= value <= 0xFFFFFFFF:
            raise ValueError(f"modules out of range: {value}")
        return Module(value | Module.FARMERS)
    if isinstance(modules, (str, bytes)):
        return parse_modules(modules.decode("utf-8") if isinstance(modules, bytes) else modules)
    words = []
    flags = 0
    for item in modules:
        if isinstance(item, str):
            words.append(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= int(item) <= 0xFFFFFFFF:
                raise ValueError(f"module flag out of range: {int(item)}")
            flags |= int(item)
        else:
            raise TypeError(f"modules: expected names or flags, got {type(item).__name__}")
    # sorted: a set of names gives the same text (and the same error) every
    # time; the names with '-' last, so that {"all", "-farmers"} leaves them out
    words.sort(key=lambda w: (w.startswith("-"), w))
    return Module(int(parse_modules(" ".join(words))) | flags)


_ALL_MODULES = sum(int(m) for m in MODULE_NAMES)


def module_elements(modules: ModulesRef) -> Module:
    """The rule elements that `modules` (anything :func:`modules_of` takes)
    stand for: each whole box replaced by its elements (carc_modules_elements).
    ``module_elements("traders") & Module.PIG`` says whether a game of them
    has the pig."""
    return Module(_ffi.carc_modules_elements(int(modules_of(modules))))


def supported_modules() -> Module:
    """The modules this build of the library implements, as whole boxes
    (carc_modules_supported; with each, every rule element of it); the others
    raise UnsupportedError when a game is created."""
    return Module(_ffi.carc_modules_supported() & _ALL_MODULES)


@lru_cache(maxsize=1)
def tile_names() -> Tuple[str, ...]:
    """Names of every tile kind, indexed by kind number (catalogue order)."""
    count = _ffi.carc_tile_kind_count()
    return tuple(_ffi.carc_tile_name(k).decode("ascii") for k in range(count))


@lru_cache(maxsize=1)
def _kinds() -> Dict[str, int]:
    return {name: kind for kind, name in enumerate(tile_names())}


def kind_of(tile: TileRef) -> int:
    """The kind number of a tile given by name ("D") or number.

    Raises NotFoundError for an unknown name, RangeError for a bad number."""
    if isinstance(tile, str):
        kind = _kinds().get(tile)
        if kind is None:
            raise NotFoundError(Status.ENOTFOUND, "CARC_ENOTFOUND", "not found",
                                f"no tile named {tile!r}", "carc_tile_find")
        return kind
    if isinstance(tile, Tile):
        return tile.kind
    kind = int(tile)
    if not 0 <= kind < len(tile_names()):
        raise RangeError(Status.ERANGE, "CARC_ERANGE", "value out of range",
                         f"tile kind {kind} (0..{len(tile_names()) - 1})", "")
    return kind


def name_of(kind: int) -> str:
    """The name of tile kind `kind`."""
    return tile_names()[kind]


def special_names(special: int) -> Tuple[str, ...]:
    """The names of the SegmentSpecial flags set in `special` ("inn", "cathedral",
    "wine", "grain", "cloth"),
    in flag order; unknown bits are left out."""
    return tuple(name for flag, name in SPECIAL_NAMES.items() if int(special) & flag)


class Goods(NamedTuple):
    """Trade goods of Traders & Builders, one count per kind (:class:`Good`):
    a player's tokens (:meth:`Game.goods`), the symbols of a city
    (:attr:`Feature.goods`) or of a tile (:attr:`Tile.goods`). Index it by
    name (``goods.wine``) or by :class:`Good` (``goods[Good.WINE]``)."""
    wine: int = 0
    grain: int = 0
    cloth: int = 0

    @property
    def total(self) -> int:
        return self.wine + self.grain + self.cloth

    def as_dict(self) -> Dict[str, int]:
        """{"wine": n, "grain": n, "cloth": n}."""
        return {GOOD_NAMES[good]: self[good] for good in Good}

    @classmethod
    def of_mask(cls, special: int) -> "Goods":
        """The symbols that the CARC_SEGMENT_* marks `special` carry (0 or 1 each)."""
        return cls(*(1 if int(special) & good.mark else 0 for good in Good))


def good_of(good: Union[str, int]) -> Good:
    """A :class:`Good` from a Good, a number or a name ("wine", "grain", "cloth")."""
    if isinstance(good, str):
        for member, name in GOOD_NAMES.items():
            if name == good.lower():
                return member
        raise ValueError(f"unknown good {good!r} (known: {', '.join(GOOD_NAMES.values())})")
    try:
        return Good(int(good))
    except ValueError:
        raise ValueError(f"{good!r} is not a kind of goods") from None


def _bits(mask: int, count: int) -> Tuple[int, ...]:
    return tuple(i for i in range(count) if mask >> i & 1)


@dataclass(frozen=True)
class Segment:
    """One segment of a tile as turned by `rotation` (carc_segment_info).

    sides: the sides it touches (roads, cities, rivers), in board orientation;
    ports: the half-edges it touches (fields), 0..7 = NNW NNE ENE ESE SSE SSW WSW WNW;
    adjacent_cities: (fields) indices of the city segments of the tile it borders;
    special: its marks (0.2): SegmentSpecial.INN on a road beside an inn,
    SegmentSpecial.CATHEDRAL on a city with a cathedral (Inns & Cathedrals),
    SegmentSpecial.WINE, GRAIN or CLOTH on a city with a goods symbol
    (Traders & Builders; :attr:`good`), SegmentSpecial.COC on a field along
    the City of Carcassonne (the Count; :attr:`coc`).
    A field with no ports touches no side (IC/CCCC): :attr:`interior`.
    """
    index: int
    kind: SegmentKind
    sides: Tuple[Side, ...]
    ports: Tuple[int, ...]
    pennants: int
    end: SegmentEnd
    adjacent_cities: Tuple[int, ...]
    rotation: int = 0
    special: SegmentSpecial = SegmentSpecial.NONE

    @property
    def inn(self) -> bool:
        """A road with an inn beside it."""
        return bool(self.special & SegmentSpecial.INN)

    @property
    def cathedral(self) -> bool:
        """A city with a cathedral."""
        return bool(self.special & SegmentSpecial.CATHEDRAL)

    @property
    def good(self) -> Optional[Good]:
        """The kind of goods whose symbol is in this city (Traders &
        Builders), or None."""
        return next((g for g in Good if self.special & g.mark), None)

    @property
    def coc(self) -> bool:
        """The Count: a field along the City of Carcassonne (SegmentSpecial.COC,
        every field of the tiles CO/1..CO/12): the city counts as one
        completed city for its farmers."""
        return bool(self.special & SegmentSpecial.COC)

    @property
    def interior(self) -> bool:
        """A field that touches no side ("field:interior" in the move notation)."""
        return self.kind == SegmentKind.FIELD and not self.ports

    @property
    def special_names(self) -> Tuple[str, ...]:
        """The names of its marks: (), ("inn",), ("cathedral",), ("wine",), ..."""
        return special_names(self.special)


@dataclass(frozen=True)
class Tile:
    """A tile kind of the catalogue, in catalogue orientation (rotation 0).

    copies: copies in a game with the modules given to :func:`tiles`, the start
    tile included. edges: the edge types on sides N, E, S, W.
    """
    kind: int
    name: str
    copies: int
    edges: Tuple[Edge, Edge, Edge, Edge]
    segments: Tuple[Segment, ...]

    @property
    def special(self) -> SegmentSpecial:
        """The marks of its segments together (an inn, a cathedral, goods; 0.2)."""
        value = SegmentSpecial.NONE
        for segment in self.segments:
            value |= segment.special
        return value

    @property
    def goods(self) -> Goods:
        """The goods symbols on the tile, per kind (Traders & Builders)."""
        counts = [0, 0, 0]
        for segment in self.segments:
            if segment.good is not None:
                counts[segment.good] += 1
        return Goods(*counts)

    def edges_at(self, rotation: int) -> Tuple[Edge, Edge, Edge, Edge]:
        """The edges on N, E, S, W after `rotation` quarter turns clockwise."""
        return tuple(_edge(self.kind, rotation, side) for side in range(4))

    def segments_at(self, rotation: int) -> Tuple[Segment, ...]:
        """The segments after `rotation` quarter turns clockwise (same indices)."""
        return tuple(_segment(self.kind, rotation, i) for i in range(len(self.segments)))

    def __str__(self) -> str:
        return self.name


def _edge(kind: int, rotation: int, side: int) -> Edge:
    out = ctypes.c_uint32()
    _ffi.carc_tile_edge(ctypes.byref(out), kind, rotation, side)
    return Edge(out.value)


def _segment(kind: int, rotation: int, index: int) -> Segment:
    info = _ffi.sized(_ffi.carc_segment_info)
    _ffi.carc_tile_segment(ctypes.byref(info), kind, rotation, index)
    return Segment(index=index, kind=SegmentKind(info.kind),
                   sides=tuple(Side(s) for s in _bits(info.edges, 4)),
                   ports=_bits(info.ports, 8), pennants=info.pennants, end=SegmentEnd(info.end),
                   adjacent_cities=_bits(info.adjacent_cities, 32), rotation=rotation,
                   special=SegmentSpecial(info.special))


def _make_tile(kind: int, modules: int) -> Tile:
    out = ctypes.c_uint32()
    _ffi.carc_tile_copies(ctypes.byref(out), kind, int(modules))
    copies = out.value
    _ffi.carc_tile_segment_count(ctypes.byref(out), kind)
    nseg = out.value
    return Tile(kind=kind, name=name_of(kind), copies=copies,
                edges=tuple(_edge(kind, 0, s) for s in range(4)),
                segments=tuple(_segment(kind, 0, i) for i in range(nseg)))


@lru_cache(maxsize=16)
def _catalogue(modules: int) -> Tuple[Tile, ...]:
    return tuple(_make_tile(kind, modules) for kind in range(len(tile_names())))


def tiles(modules: int = Module.FARMERS) -> List[Tile]:
    """Every tile kind of the catalogue; `copies` counts the copies a game with
    these modules uses (0 for kinds of modules not selected)."""
    return list(_catalogue(int(modules)))


def tile(name: TileRef, modules: int = Module.FARMERS) -> Tile:
    """One tile kind, by name or number."""
    return _catalogue(int(modules))[kind_of(name)]
