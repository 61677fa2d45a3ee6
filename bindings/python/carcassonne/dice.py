# SPDX-License-Identifier: MIT
"""The Carcassonne Dice Game (carc_dice_game, include/carcassonne/dice.h).

A separate game with its own handle; rules and project decisions are in
docs/dice.md. A turn: roll every die in front of you (at most 3 rolls), set
knights aside, build city dice into the turn's grid, then stop (the largest
closed city scores) or, with 3 knights set aside, take the knight option.

    >>> from carcassonne import DiceAction, DiceActionKind, DiceGame
    >>> with DiceGame(players=2, seed=5) as game:
    ...     while not game.is_over:
    ...         actions = game.legal_actions()        # builds next to the city
    ...         if DiceAction.stop() in actions and game.largest_closed_city.size >= 3:
    ...             game.play("stop")
    ...         else:
    ...             game.play(next((a for a in actions if a.kind == DiceActionKind.BUILD),
    ...                            actions[0]))
    ...     print(game.scores, game.winner)
"""
from __future__ import annotations

import ctypes
import struct
from ctypes import byref, c_bool, c_int32, c_size_t, c_uint8, c_uint32
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _ffi
from ._args import I32, U32, integer, ranged, u64
from ._constants import (CLONE_NO_HISTORY, DICE_CITY_FACES, DICE_COUNT, DICE_ENUM_TOUCHING,
                         DICE_ENUM_UNIQUE_DICE, DICE_ENUM_UNIQUE_ROTATIONS, DICE_FACES_VERSION,
                         DICE_OPTIONS_VERSION, DiceActionKind, DiceEdge,
                         DiceEventKind, DiceFace, DiceLocation, DicePhase, DiceWinReason, Status)
from ._dice_text import describe as _describe, picture as _picture
from ._owner import Owner
from .errors import CarcassonneError, ParseError, error_class

__all__ = ["DiceGame", "DiceAction", "DiceEvent", "Die", "DiceCity", "DiceOptions",
           "parse_faces", "format_faces", "check_faces", "city_points", "rotate_edges"]

FacesArg = Union[None, str, Sequence[int]]
ActionArg = Union["DiceAction", str]

# carc_dice_action: uint32 kind, die; int32 x, y; uint32 rotation, reserved
_ACTION = struct.Struct("=IIiiII")
assert _ACTION.size == ctypes.sizeof(_ffi.carc_dice_action)
_FACE_TOKENS = {"0": 0, "1": 1, "2": 2, "3": 3, "K": 4, "C": 5}
_KIND_WORDS = {DiceActionKind.ROLL: "roll", DiceActionKind.SET_KNIGHT: "knight",
               DiceActionKind.BUILD: "build", DiceActionKind.STOP: "stop",
               DiceActionKind.KNIGHT_OPTION: "keep-knight"}


def _error(status: int, detail: str, function: str = ""):
    """An exception raised by the binding itself, with the library's names for `status`."""
    return error_class(status)(status, _ffi._status_name(status), _ffi._status_str(status),
                               detail, function)


def _range_error(function: str):
    """A factory of RangeError(detail) for :func:`~carcassonne._args.ranged`."""
    return lambda detail: _error(Status.ERANGE, detail, function)


# ------------------------------------------------------------------ faces


def parse_faces(text: str) -> Tuple[int, int, int, int]:
    """The 4 black-edge masks of a face set written as "BWWW BBWW BWBW BBBW"
    (edges N, E, S, W; carc_dice_faces_parse). ParseError for malformed text,
    InvalidArgumentError for a face with no black edge."""
    return tuple(_faces_struct(str(text)).city)


def format_faces(faces: Sequence[int]) -> str:
    """The text form of a face set ("BWWW BBWW BWBW BBBW"), as records write it."""
    masks = _face_masks(faces)
    return " ".join("".join("B" if m >> s & 1 else "W" for s in range(4)) for m in masks)


def check_faces(faces: FacesArg) -> Tuple[int, int, int, int]:
    """Validate a face set (text or 4 masks) with carc_dice_faces_check; return its masks."""
    return tuple(_faces_struct(faces).city)


def _face_masks(faces: Sequence[int]) -> Tuple[int, ...]:
    try:
        masks = tuple(int(m) for m in faces)
    except (TypeError, ValueError) as exc:
        raise _error(Status.EINVAL, f"a face set is 4 edge masks or a text, got {faces!r}",
                     "DiceGame") from exc
    if len(masks) != DICE_CITY_FACES or not all(0 <= m <= 0xFF for m in masks):
        raise _error(Status.EINVAL, f"a face set is {DICE_CITY_FACES} edge masks (1..15), "
                                    f"got {faces!r}", "DiceGame")
    return masks


_FACES_HELP = ("4 words of 4 letters B/W (edges N, E, S, W) separated by single spaces, "
               "each face with at least one black edge")


def _faces_struct(faces: FacesArg) -> _ffi.carc_dice_faces:
    out = _ffi.carc_dice_faces()
    if faces is None:
        _ffi.carc_dice_faces_init(byref(out), DICE_FACES_VERSION)
    elif isinstance(faces, str):
        try:
            _ffi.carc_dice_faces_parse(byref(out), faces.encode("utf-8"))
        except CarcassonneError as exc:  # add what was wrong (the call has no error text)
            raise _error(exc.status, f"bad face set {faces!r}: {_FACES_HELP}",
                         "carc_dice_faces_parse") from None
    else:
        masks = _face_masks(faces)
        _ffi.carc_dice_faces_init(byref(out), DICE_FACES_VERSION)
        for i, mask in enumerate(masks):
            out.city[i] = mask
        try:
            _ffi.carc_dice_faces_check(byref(out))
        except CarcassonneError as exc:
            raise _error(exc.status, f"bad face set {masks!r}: each mask must be 1..15 (bits "
                                     f"N=1, E=2, S=4, W=8)", "carc_dice_faces_check") from None
    return out


def city_points(dice: int) -> int:
    """Points of a closed city of `dice` dice (carc_dice_city_points): 3->1,
    4->3, 5->6, 6->10, 7->15, 8->21, 9->28; fewer than 3 or more than 9 -> 0."""
    dice = integer(dice, "dice")
    if not U32[0] <= dice <= U32[1]:
        return 0
    return _ffi.carc_dice_city_points(dice)


def rotate_edges(edges: int, rotation: int) -> int:
    """A black-edge mask turned `rotation` quarter turns clockwise (N goes to E)."""
    r = int(rotation) % 4
    edges = int(edges) & 0xF
    return ((edges << r) | (edges >> (4 - r))) & 0xF


# ----------------------------------------------------------------- values


@dataclass(frozen=True)
class DiceAction:
    """One action (carc_dice_action). Frozen and hashable.

    Build one with the class methods: ``DiceAction.roll()``,
    ``DiceAction.set_knight(die)``, ``DiceAction.build(die, x, y, rotation)``
    (quarter turns clockwise), ``DiceAction.stop()`` and
    ``DiceAction.knight_option()``. Fields a kind does not use are 0.

    ``str(action)`` writes the record notation ("roll", "knight 3",
    "build 0 0 -1 90" with the rotation in degrees, "stop", "keep-knight"),
    and :meth:`parse` reads it.
    """
    kind: DiceActionKind
    die: int = 0
    x: int = 0
    y: int = 0
    rotation: int = 0

    def __post_init__(self):
        # integers only (TypeError for 1.9 or "1"), each in its C field's range
        def field(name, limits):
            return ranged(getattr(self, name), name, *limits, error=_range_error("DiceAction"))
        kind = field("kind", U32)
        if kind in DiceActionKind._value2member_map_:
            kind = DiceActionKind(kind)
        values = (kind, field("die", U32), field("x", I32), field("y", I32), field("rotation", U32))
        for name, value in zip(("kind", "die", "x", "y", "rotation"), values):
            object.__setattr__(self, name, value)

    # constructors
    @classmethod
    def roll(cls) -> "DiceAction":
        return cls(DiceActionKind.ROLL)

    @classmethod
    def set_knight(cls, die: int) -> "DiceAction":
        return cls(DiceActionKind.SET_KNIGHT, die)

    @classmethod
    def build(cls, die: int, x: int, y: int, rotation: int = 0) -> "DiceAction":
        return cls(DiceActionKind.BUILD, die, x, y, rotation)

    @classmethod
    def stop(cls) -> "DiceAction":
        return cls(DiceActionKind.STOP)

    @classmethod
    def knight_option(cls) -> "DiceAction":
        return cls(DiceActionKind.KNIGHT_OPTION)

    @property
    def degrees(self) -> int:
        """The rotation in degrees clockwise (BUILD)."""
        return self.rotation * 90

    @property
    def cell(self) -> Optional[Tuple[int, int]]:
        """(x, y) of a BUILD, else None."""
        return (self.x, self.y) if self.kind == DiceActionKind.BUILD else None

    def _as_c(self) -> _ffi.carc_dice_action:
        return _ffi.carc_dice_action(self.kind, self.die, self.x, self.y, self.rotation, 0)

    @classmethod
    def _from_fields(cls, kind, die, x, y, rotation) -> "DiceAction":
        action = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(action, "kind", DiceActionKind(kind) if kind <= 4 else kind)
        setattr_(action, "die", die)
        setattr_(action, "x", x)
        setattr_(action, "y", y)
        setattr_(action, "rotation", rotation)
        return action

    @classmethod
    def _from_c(cls, action: _ffi.carc_dice_action) -> "DiceAction":
        return cls._from_fields(action.kind, action.die, action.x, action.y, action.rotation)

    @classmethod
    def parse(cls, text: str) -> "DiceAction":
        """Read the notation :meth:`__str__` writes (the action lines of a
        record, without the faces of a roll). ParseError when malformed."""
        words = str(text).split()
        try:
            if words == ["roll"]:
                return cls.roll()
            if words == ["stop"]:
                return cls.stop()
            if words == ["keep-knight"]:
                return cls.knight_option()
            if len(words) == 2 and words[0] == "knight":
                return cls.set_knight(_number(words[1]))
            if len(words) == 5 and words[0] == "build":
                degrees = _number(words[4])
                if degrees not in (0, 90, 180, 270):
                    raise ValueError(f"rotation {words[4]} is not 0, 90, 180 or 270")
                return cls.build(_number(words[1]), _number(words[2]), _number(words[3]),
                                 degrees // 90)
        except ValueError as exc:
            raise _error(Status.EPARSE, f"cannot read the dice action {text!r}: {exc}",
                         "DiceAction.parse") from None
        raise _error(Status.EPARSE, f"cannot read the dice action {text!r} (roll, knight D, "
                                    f"build D X Y DEGREES, stop, keep-knight)",
                     "DiceAction.parse")

    def __str__(self) -> str:
        kind = self.kind
        if kind == DiceActionKind.SET_KNIGHT:
            return f"knight {self.die}"
        if kind == DiceActionKind.BUILD:
            return f"build {self.die} {self.x} {self.y} {self.rotation * 90}"
        word = _KIND_WORDS.get(kind)
        if word is not None and not (self.die or self.x or self.y or self.rotation):
            return word
        return (f"DiceAction(kind={int(kind)}, die={self.die}, x={self.x}, y={self.y}, "
                f"rotation={self.rotation})")

    def __repr__(self) -> str:
        if self.kind in _KIND_WORDS:
            return f"DiceAction.parse({str(self)!r})"
        return str(self)


def _number(word: str) -> int:
    """A canonical decimal ("-3", "12"; no "+", no leading zeros)."""
    body = word[1:] if word.startswith("-") else word
    if not body.isdigit() or not body.isascii() or (len(body) > 1 and body[0] == "0") \
            or word == "-0":
        raise ValueError(f"{word!r} is not a number")
    return int(word)


def as_action(action: ActionArg) -> DiceAction:
    """A DiceAction from a DiceAction or its notation ("build 0 0 0 90")."""
    if isinstance(action, DiceAction):
        return action
    if isinstance(action, str):
        return DiceAction.parse(action)
    raise TypeError(f"expected a DiceAction or a string, got {type(action).__name__}")


@dataclass(frozen=True)
class Die:
    """One die (carc_dice_die), a snapshot.

    `owner` is the player it lies in front of; `face` what it shows
    (DiceFace.NONE: not rolled this turn); `cell` and `rotation` are set for
    a built die (location CITY); `edges` are its black edges (rotated when
    built; 0 unless it shows a city face)."""
    index: int
    location: DiceLocation
    owner: int
    face: DiceFace
    cell: Optional[Tuple[int, int]]
    rotation: int
    edges: DiceEdge

    @property
    def is_built(self) -> bool:
        return self.location == DiceLocation.CITY


@dataclass(frozen=True)
class DiceCity:
    """A closed city: its dice (die numbers) and its table value
    (:func:`city_points`, without the doubling of a kept knight)."""
    dice: Tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.dice)

    @property
    def points(self) -> int:
        return city_points(len(self.dice))

    def __len__(self) -> int:
        return len(self.dice)


@dataclass(frozen=True)
class DiceEvent:
    """One event (carc_dice_event).

    kind SCORE: `player` stopped and scored `points` (doubling included) for
    a city of `dice` dice; KNIGHTS: `player` took the knight option with
    `dice` knights; CATAPULTS: a roll handed `dice` catapults to player `to`;
    WIN: `player` won with `points` (`reason`; `dice`: catapults this turn).
    `action` indexes :attr:`DiceGame.history`; `turn` is the turn number."""
    kind: DiceEventKind
    action: int
    turn: int
    player: int
    points: int
    dice: int
    doubled: bool
    to: Optional[int]
    reason: Optional[DiceWinReason]

    def __str__(self) -> str:
        p = f"P{self.player}"
        if self.kind == DiceEventKind.SCORE:
            return (f"{p} scores {self.points} for a closed city of {self.dice} dice"
                    + (" (doubled)" if self.doubled else ""))
        if self.kind == DiceEventKind.KNIGHTS:
            return f"{p} takes the knight option with {self.dice} knights"
        if self.kind == DiceEventKind.CATAPULTS:
            return f"{p} hands {self.dice} catapult{'s' if self.dice != 1 else ''} to P{self.to}"
        how = "9 catapults" if self.reason == DiceWinReason.CATAPULTS else "42 points"
        return f"{p} wins with {self.points} points ({how})"


@dataclass(frozen=True)
class DiceOptions:
    """The options a dice game was created with (carc_dice_game_options_get,
    carc_dice_game_faces)."""
    players: int
    seed: int
    faces: Tuple[int, int, int, int]

    @property
    def faces_text(self) -> str:
        return format_faces(self.faces)


def _mask_bits(mask: int) -> List[int]:
    return [d for d in range(DICE_COUNT) if mask >> d & 1]


_ROLL = DiceAction.roll()._as_c()
_REASON_SIZE = 256  # the library's reasons are shorter (carc_dice_game_last_error: 160 bytes)


# ------------------------------------------------------------------- game


class DiceGame(Owner):
    """A game of The Carcassonne Dice Game (carc_dice_game).

    ``DiceGame(players=2, seed=0, faces=None)``: 2..5 players, the dice
    generator's seed, and the face set (None: the default; a text such as
    "BWWW BBWW BWBW BBBW", or 4 black-edge masks such as (1, 3, 5, 7)).
    Player 0 moves first, in phase ROLL.

    The C game is freed by :meth:`close`, by leaving a ``with`` block, or by
    garbage collection; after that every method raises ClosedError. Values
    read from it (actions, dice, events) are copies. Not thread-safe.
    """

    __slots__ = ("_ptr", "_players", "_buf", "__weakref__")

    def __init__(self, players: int = 2, seed: int = 0, faces: FacesArg = None):
        self._ptr = None
        self._buf = None
        opts = _ffi.carc_dice_options()
        _ffi.carc_dice_options_init(byref(opts), DICE_OPTIONS_VERSION)
        # integers only: 2.7 players or the seed '7' are TypeErrors, not 2 and 7
        players = ranged(players, "players", *U32, error=lambda _: _error(
            Status.ERANGE, f"players must be 2..5, got {players}", "DiceGame"))
        opts.players = players
        opts.seed = u64(seed, "seed")
        face_set = None
        if faces is not None:
            face_set = _faces_struct(faces)
            opts.faces = ctypes.pointer(face_set)
        handle = _ffi.DICE()
        try:
            _ffi.carc_dice_game_new(byref(handle), byref(opts))
        except CarcassonneError as exc:
            if exc.status != Status.ERANGE:
                raise
            # the call has no error text; ERANGE is the number of players
            raise _error(Status.ERANGE, f"players must be 2..5, got {players}",
                         "carc_dice_game_new") from None
        self._adopt(handle)

    @classmethod
    def _wrap(cls, handle) -> "DiceGame":
        game = cls.__new__(cls)
        game._ptr = None
        game._buf = None
        game._adopt(handle)
        return game

    def _adopt(self, handle) -> None:
        self._ptr = handle
        out = c_uint32()
        _ffi.carc_dice_game_players(byref(out), handle)
        self._players = out.value

    # ------------------------------------------------------------ lifetime

    _what = "dice game"

    def _take(self, _free=_ffi.carc_dice_game_free):
        ptr = self._ptr
        self._ptr = None
        self._buf = None
        return [(_free, ptr)]

    def clone(self, history: bool = True) -> "DiceGame":
        """An independent copy (carc_dice_game_clone); without `history` it
        cannot undo past this point."""
        handle = _ffi.DICE()
        _ffi.carc_dice_game_clone(byref(handle), self._handle(),
                                  0 if history else CLONE_NO_HISTORY)
        return DiceGame._wrap(handle)

    def __copy__(self) -> "DiceGame":
        return self.clone()

    def __deepcopy__(self, memo) -> "DiceGame":
        return self.clone()

    def __reduce__(self):
        # Pickled as its record (the roll hook is not part of it).
        return (DiceGame.load, (self.save(),))

    # ------------------------------------------------------------- actions

    def legal_actions(self, unique_rotations: bool = False, unique_dice: bool = False,
                      touching: bool = True) -> List[DiceAction]:
        """The legal actions of the player to move (carc_dice_game_legal_actions),
        in the library's order: roll, knights, builds (by die, y, x, rotation),
        stop, knight option. By default builds are listed only on cells next
        to the city (the first die of a turn: 0,0), a few dozen actions;
        ``touching=False`` gives the full list, every action :meth:`play`
        accepts, with the builds on every cell of the grid's reach (hundreds
        to tens of thousands). `unique_rotations` lists rotations with the
        same edges once, `unique_dice` one die per face. Empty once the game
        is over."""
        ptr = self._handle()
        flags = ((DICE_ENUM_UNIQUE_ROTATIONS if unique_rotations else 0)
                 | (DICE_ENUM_UNIQUE_DICE if unique_dice else 0)
                 | (DICE_ENUM_TOUCHING if touching else 0))
        buf = self._buf
        cap = 0 if buf is None else len(buf)
        count = c_size_t()
        _ffi.carc_dice_game_legal_actions(buf, cap, byref(count), ptr, flags)
        n = count.value
        if n > cap:
            buf = self._buf = (_ffi.carc_dice_action * max(n, 64))()
            _ffi.carc_dice_game_legal_actions(buf, len(buf), byref(count), ptr, flags)
            n = count.value
        raw = ctypes.string_at(buf, n * _ACTION.size) if n else b""
        make = DiceAction._from_fields
        return [make(k, d, x, y, r) for k, d, x, y, r, _ in _ACTION.iter_unpack(raw)]

    def _check(self, action: DiceAction) -> Tuple[int, str]:
        """(status, reason) of carc_dice_game_check_action_msg."""
        msg = ctypes.create_string_buffer(_REASON_SIZE)
        status = _ffi.carc_dice_game_check_action_msg(self._handle(), byref(action._as_c()), msg,
                                                      len(msg))
        return status, msg.value.decode("utf-8", "replace")

    def check(self, action: ActionArg) -> None:
        """Raise what :meth:`play` would raise for `action`, with the same
        reason in ``detail``, changing nothing (not even the last-error text)."""
        status, reason = self._check(as_action(action))
        if status != 0:
            raise _error(status, reason, "carc_dice_game_check_action_msg")

    def illegal_reason(self, action: ActionArg) -> Optional[str]:
        """Why `action` is not legal now ("die 3 does not show a knight"), or
        None when it is. Text that is no action gives the parse error's text."""
        try:
            action = as_action(action)
        except ParseError as exc:
            return exc.detail
        status, reason = self._check(action)
        return reason if status != 0 else None

    def is_legal(self, action: ActionArg) -> bool:
        """Whether `action` is legal now. Text that is no action ("garbage") is
        not legal: False. Anything but a DiceAction or a text: TypeError."""
        try:
            action = as_action(action)
        except ParseError:
            return False
        return self._check(action)[0] == 0

    def play(self, action: ActionArg) -> None:
        """Play an action (a DiceAction or its notation, "build 0 0 -1 90"),
        with what follows from it: catapults handed on, the turn ending by
        itself, scoring, the end of the game. A rejected action raises
        (IllegalMoveError, PhaseError, GameOverError, RangeError,
        InvalidArgumentError) and changes nothing."""
        ptr = self._handle()
        _ffi.carc_dice_game_play(ptr, byref(as_action(action)._as_c()))

    def roll(self) -> Dict[int, DiceFace]:
        """Play a ROLL and return what it rolled: {die: face} for every die
        rolled, in die order, catapults included; right also when the roll
        ended the turn (the dice then already show nothing for the next
        player). Costs the same however long the game is."""
        ptr = self._handle()
        _ffi.carc_dice_game_play(ptr, byref(_ROLL))
        dice, faces = self._last_roll()
        return dict(zip(_mask_bits(dice), faces))

    def last_roll(self) -> List[DiceFace]:
        """The faces of the last roll of the game so far, in the order of the
        dice rolled ([] before the first roll; carc_dice_game_last_roll)."""
        return self._last_roll()[1]

    def _last_roll(self) -> Tuple[int, List[DiceFace]]:
        faces = (c_uint8 * DICE_COUNT)()
        count, dice = c_size_t(), c_uint32()
        _ffi.carc_dice_game_last_roll(faces, DICE_COUNT, byref(count), byref(dice), self._handle())
        return dice.value, [DiceFace(f) for f in faces[:count.value]]

    def undo(self) -> None:
        """Take back the last action exactly (carc_dice_game_undo); NoUndoError if none."""
        _ffi.carc_dice_game_undo(self._handle())

    @property
    def can_undo(self) -> bool:
        return self._get(c_bool, _ffi.carc_dice_game_can_undo)

    def set_next_roll(self, faces: Union[None, str, Iterable[int]]) -> None:
        """Fix the faces of the next roll (a test hook): faces[i] is the face
        of the i-th die rolled, in die order; dice past the list come from the
        generator. A sequence of :class:`DiceFace` (or 0..5), or a text of the
        record's tokens ("K K K 0 1 C"). None or an empty list cancels. The
        generator advances as for a normal roll. Not saved in records."""
        ptr = self._handle()
        if faces is None:
            values: List[int] = []
        elif isinstance(faces, str):
            values = []
            for token in faces.split():
                if token not in _FACE_TOKENS:
                    raise _error(Status.EPARSE, f"unknown face {token!r} (0, 1, 2, 3, K, C)",
                                 "DiceGame.set_next_roll")
                values.append(_FACE_TOKENS[token])
        else:
            values = [int(f) for f in faces]
        if not all(0 <= v <= 0xFF for v in values):
            raise _error(Status.ERANGE, f"faces out of range (0..5): {values}",
                         "DiceGame.set_next_roll")
        array = (c_uint8 * max(len(values), 1))(*values)
        _ffi.carc_dice_game_set_next_roll(ptr, array if values else None, len(values))

    # --------------------------------------------------------------- state

    @property
    def players(self) -> int:
        self._handle()
        return self._players

    @property
    def options(self) -> DiceOptions:
        ptr = self._handle()
        opts = _ffi.carc_dice_options()
        _ffi.carc_dice_game_options_get(byref(opts), ptr)
        return DiceOptions(players=opts.players, seed=opts.seed, faces=self.faces)

    @property
    def seed(self) -> int:
        return self.options.seed

    @property
    def faces(self) -> Tuple[int, int, int, int]:
        """The black-edge masks of the game's 4 city faces (carc_dice_game_faces)."""
        out = _ffi.carc_dice_faces()
        _ffi.carc_dice_game_faces(byref(out), self._handle())
        return tuple(out.city)

    @property
    def phase(self) -> DicePhase:
        return DicePhase(self._u32(_ffi.carc_dice_game_phase))

    @property
    def is_over(self) -> bool:
        return self._u32(_ffi.carc_dice_game_phase) == DicePhase.GAME_OVER

    @property
    def current_player(self) -> int:
        """The player to move (once the game is over: the winner)."""
        return self._u32(_ffi.carc_dice_game_current_player)

    @property
    def turn(self) -> int:
        """Turns completed so far (0 during the first turn)."""
        return self._u32(_ffi.carc_dice_game_turn)

    @property
    def rolls(self) -> int:
        """Rolls made in the current turn (0..3)."""
        return self._u32(_ffi.carc_dice_game_rolls)

    @property
    def doubled(self) -> bool:
        """Whether the current turn scores double (its player kept a knight)."""
        return self._get(c_bool, _ffi.carc_dice_game_doubled)

    def _index(self, value, what: str, count: int, function: str) -> int:
        """`value` as an index 0..count-1: TypeError if it is no integer,
        RangeError saying the range otherwise (the C queries return only
        CARC_ERANGE, with no text)."""
        index = integer(value, what)
        if not 0 <= index < count:
            limits = f"0..{count - 1}" if count else "there are none yet"
            raise _error(Status.ERANGE, f"{what} {index} out of range ({limits})", function)
        return index

    def _player(self, player, function: str) -> int:
        self._handle()
        return self._index(player, "player", self._players, function)

    def score(self, player: int) -> int:
        """Player `player`'s score (RangeError for no such player)."""
        player = self._player(player, "carc_dice_game_score")
        return self._get(c_int32, _ffi.carc_dice_game_score, player)

    @property
    def scores(self) -> List[int]:
        """Every player's score, in player order."""
        return self._per_player(c_int32, _ffi.carc_dice_game_score)

    def _winner(self) -> Tuple[Optional[int], Optional[DiceWinReason]]:
        player, reason = c_uint32(), c_uint32()
        if _ffi.carc_dice_game_winner(byref(player), byref(reason), self._handle()) != 0:
            return None, None
        return player.value, DiceWinReason(reason.value)

    @property
    def winner(self) -> Optional[int]:
        """The winner once the game is over, else None."""
        return self._winner()[0]

    @property
    def win_reason(self) -> Optional[DiceWinReason]:
        """How the game was won (SCORE_REACHED, CATAPULTS), None while it goes on."""
        return self._winner()[1]

    def kept_knight(self, player: int) -> Optional[int]:
        """The die `player` kept with the knight option (waiting for his next
        turn), or None."""
        player = self._player(player, "carc_dice_game_kept_knight")
        out = c_uint32()
        if _ffi.carc_dice_game_kept_knight(byref(out), self._handle(), player) != 0:
            return None
        return out.value

    @property
    def kept_knights(self) -> List[Optional[int]]:
        """:meth:`kept_knight` of every player."""
        return [self.kept_knight(p) for p in range(self.players)]

    def die(self, index: int) -> Die:
        """Die `index` (0..8)."""
        self._handle()
        index = self._index(index, "die", DICE_COUNT, "carc_dice_game_die")
        out = _ffi.sized(_ffi.carc_dice_die)
        _ffi.carc_dice_game_die(byref(out), self._handle(), index)
        location = DiceLocation(out.location)
        built = location == DiceLocation.CITY
        return Die(index=index, location=location, owner=out.player, face=DiceFace(out.face),
                   cell=(out.x, out.y) if built else None, rotation=out.rotation if built else 0,
                   edges=DiceEdge(out.edges))

    @property
    def dice(self) -> List[Die]:
        """The 9 dice, by number."""
        return [self.die(d) for d in range(DICE_COUNT)]

    def player_dice(self, player: int) -> List[int]:
        """The dice lying in front of `player` (carc_dice_game_player_dice):
        the player to move has his pool, knights and city; his left neighbour
        the catapults of this turn; a player his kept knight."""
        player = self._player(player, "carc_dice_game_player_dice")
        return _mask_bits(self._u32(_ffi.carc_dice_game_player_dice, player))

    def city(self) -> Dict[Tuple[int, int], Die]:
        """The current player's grid: {(x, y): Die} for every built die."""
        return {d.cell: d for d in self.dice if d.location == DiceLocation.CITY}

    def cell(self, x: int, y: int) -> Optional[int]:
        """The die built at (x, y), or None: the grid has no edge, any cell
        may be asked about (x and y are int32: RangeError beyond)."""
        ptr = self._handle()
        x = ranged(x, "x", *I32, error=_range_error("carc_dice_game_cell"))
        y = ranged(y, "y", *I32, error=_range_error("carc_dice_game_cell"))
        out = c_uint32()
        if _ffi.carc_dice_game_cell(byref(out), ptr, x, y) != 0:
            return None
        return out.value

    @property
    def city_bounds(self) -> Optional[Tuple[int, int, int, int]]:
        """(min_x, min_y, max_x, max_y) of the built dice, inclusive; None when
        nothing is built."""
        v = [c_int32() for _ in range(4)]
        if _ffi.carc_dice_game_city_bounds(byref(v[0]), byref(v[1]), byref(v[2]), byref(v[3]),
                                           self._handle()) != 0:
            return None
        return tuple(i.value for i in v)

    @property
    def largest_closed_city(self) -> DiceCity:
        """The current player's largest closed city (no dice if none): what a
        stop would score (``.points``, doubled if :attr:`doubled`)."""
        count, mask = c_uint32(), c_uint32()
        _ffi.carc_dice_game_largest_closed_city(byref(count), byref(mask), self._handle())
        return DiceCity(tuple(_mask_bits(mask.value)))

    # ------------------------------------------------------ events, history

    def event(self, index: int) -> DiceEvent:
        """Event `index` (0 = the first; RangeError past the last)."""
        count = self._u32(_ffi.carc_dice_game_event_count)
        return self._event(self._index(index, "event", count, "carc_dice_game_event"))

    def _event(self, index: int) -> DiceEvent:
        ev = _ffi.sized(_ffi.carc_dice_event)
        _ffi.carc_dice_game_event(byref(ev), self._handle(), index)
        kind = DiceEventKind(ev.kind)
        return DiceEvent(kind=kind, action=ev.action, turn=ev.turn, player=ev.player,
                         points=ev.points, dice=ev.dice, doubled=bool(ev.doubled),
                         to=ev.to if kind == DiceEventKind.CATAPULTS else None,
                         reason=DiceWinReason(ev.reason) if kind == DiceEventKind.WIN else None)

    @property
    def events(self) -> List[DiceEvent]:
        """Every event since the start: scores, knight options, catapults, the win."""
        return [self._event(i) for i in range(self._u32(_ffi.carc_dice_game_event_count))]

    def action(self, index: int) -> DiceAction:
        """Action `index` of the history (RangeError past the last)."""
        count = self._u32(_ffi.carc_dice_game_action_count)
        return self._action(self._index(index, "action", count, "carc_dice_game_action"))

    def _action(self, index: int) -> DiceAction:
        out = _ffi.carc_dice_action()
        _ffi.carc_dice_game_action(byref(out), self._handle(), index)
        return DiceAction._from_c(out)

    @property
    def history(self) -> List[DiceAction]:
        """Every action played, in order."""
        return [self._action(i) for i in range(self._u32(_ffi.carc_dice_game_action_count))]

    # ------------------------------------------------------------- records

    def save(self) -> str:
        """The game record (carc_dice_game_save, docs/dice.md), text."""
        return _ffi.read_text(_ffi.carc_dice_game_save, self._handle())

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "DiceGame":
        """Replay a record (carc_dice_game_load). A bad record raises a
        RecordError subclass (ParseError, FormatError, ReplayError) whose
        ``line`` is the 1-based line at fault (0 if none)."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        handle = _ffi.DICE()
        err = _ffi.sized(_ffi.carc_load_error)
        status = _ffi.carc_dice_game_load(byref(handle), data, len(data), None, byref(err))
        if status != 0:
            exc = _error(status, err.message.decode("utf-8", "replace"), "carc_dice_game_load")
            exc.line = err.line
            raise exc
        return cls._wrap(handle)

    # ------------------------------------------------------------ pictures

    def render(self) -> str:
        """A text picture of the current player's city: each die as 3x3
        characters, '#' for a black edge, the die number in the middle
        ("(nothing built)" before the first build)."""
        return _picture(self.city())

    def __str__(self) -> str:
        """The state as a player reads it: whose turn, the phase, the scores,
        every die (the city's picture is :meth:`render`)."""
        if self._ptr is None:
            return "<DiceGame closed>"
        return _describe(self)

    def __repr__(self) -> str:
        if self._ptr is None:
            return "<DiceGame closed>"
        if self.is_over:
            state = f"over, P{self.winner} won"
        else:
            state = (f"P{self.current_player} to move, phase {self.phase.name}, "
                     f"{self.rolls} rolls")
        return f"<DiceGame {self._players} players, scores {self.scores}, turn {self.turn}, {state}>"
