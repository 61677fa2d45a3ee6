# SPDX-License-Identifier: MIT
"""Exceptions raised by the binding.

Every failing library call raises a subclass of :class:`CarcassonneError`
chosen by its status; the subclasses follow the status bands of common.h
(usage, rules, serialization, resources). Some also derive from the matching
built-in exception (``ValueError``, ``IndexError``, ``LookupError``,
``MemoryError``), so generic handlers keep working.
"""
from __future__ import annotations

from typing import Optional

from ._constants import Status

__all__ = [
    "CarcassonneError", "CarcError", "LibraryError", "ClosedError",
    "UsageError", "InvalidArgumentError", "RangeError", "VersionError", "UnsupportedError",
    "BufferTooSmallError", "NotFoundError",
    "RulesError", "IllegalMoveError", "PhaseError", "GameOverError", "NoUndoError", "NotInBagError",
    "RecordError", "ParseError", "FormatError", "ReplayError",
    "ResourceError", "OutOfMemoryError", "LimitError",
    "error_class",
]


class CarcassonneError(Exception):
    """A library call failed.

    Attributes:
        status: the :class:`Status` returned (None for errors raised by the
            binding itself, such as :class:`ClosedError`).
        name: the enumerator's spelling from carc_status_name ("CARC_EILLEGAL").
        message: the static description from carc_status_str.
        detail: the game's carc_game_last_error text for calls that set it ("" otherwise).
        function: the C function that failed, when known.
    """

    def __init__(self, status: Optional[int] = None, name: str = "", message: str = "",
                 detail: str = "", function: str = ""):
        self.status = Status(status) if status is not None and status in Status._value2member_map_ \
            else status
        self.name = name
        self.message = message
        self.detail = detail
        self.function = function
        super().__init__(self._text())

    def _text(self) -> str:
        text = self.name or "error"
        if self.message:
            text += f" ({self.message})"
        if self.detail:
            text += f": {self.detail}"
        if self.function:
            text += f" [{self.function}]"
        return text

    def __reduce__(self):
        return (self.__class__, (self.status, self.name, self.message, self.detail, self.function))


#: A shorter name of the base class.
CarcError = CarcassonneError


class LibraryError(CarcassonneError, ImportError):
    """The shared library cannot be found or loaded, or has the wrong version."""

    def __init__(self, message: str):
        CarcassonneError.__init__(self, None, "", message)
        self.msg = message

    def _text(self) -> str:
        return self.message

    def __reduce__(self):
        return (self.__class__, (self.message,))


class ClosedError(CarcassonneError, ValueError):
    """The object was closed (or never opened): no library call was made."""

    def __init__(self, message: str = "the object is closed"):
        CarcassonneError.__init__(self, None, "", message)

    def _text(self) -> str:
        return self.message

    def __reduce__(self):
        return (self.__class__, (self.message,))


# Usage errors, -1 .. -99.
class UsageError(CarcassonneError):
    """A usage error (status -1 .. -99)."""


class InvalidArgumentError(UsageError, ValueError):
    """CARC_EINVAL."""


class RangeError(UsageError, ValueError):
    """CARC_ERANGE: a number is out of range."""


class VersionError(UsageError):
    """CARC_EVERSION."""


class UnsupportedError(UsageError, NotImplementedError):
    """CARC_EUNSUPPORTED: a rules module or feature this build does not have."""


class BufferTooSmallError(UsageError):
    """CARC_EBUFFER (the binding sizes its buffers, so this should not be seen)."""


class NotFoundError(UsageError, LookupError):
    """CARC_ENOTFOUND."""


# Rules errors, -100 .. -199.
class RulesError(CarcassonneError):
    """A rules error (status -100 .. -199)."""


class IllegalMoveError(RulesError):
    """CARC_EILLEGAL: the move breaks the rules."""


class PhaseError(RulesError):
    """CARC_EPHASE."""


class GameOverError(RulesError):
    """CARC_EGAME_OVER."""


class NoUndoError(RulesError):
    """CARC_ENO_UNDO: there is nothing to undo."""


class NotInBagError(RulesError, LookupError):
    """CARC_ENOT_IN_BAG: the tile is not among the tiles left to draw."""


# Serialization errors, -200 .. -299.
class RecordError(CarcassonneError):
    """A serialization error (status -200 .. -299). Loading sets ``line``
    (1-based line of the record at fault, 0 if none)."""

    line: int = 0


class ParseError(RecordError, ValueError):
    """CARC_EPARSE: malformed text (record, move notation)."""


class FormatError(RecordError, ValueError):
    """CARC_EFORMAT: unknown magic or record format version."""


class ReplayError(RecordError):
    """CARC_ERECORD: a well-formed record that cannot be replayed."""


# Resource errors, -300 and below.
class ResourceError(CarcassonneError):
    """A resource error (status -300 and below)."""


class OutOfMemoryError(ResourceError, MemoryError):
    """CARC_ENOMEM."""


class LimitError(ResourceError):
    """CARC_ELIMIT: an internal capacity was exceeded."""


_BY_STATUS = {
    Status.EINVAL: InvalidArgumentError,
    Status.ERANGE: RangeError,
    Status.EVERSION: VersionError,
    Status.EUNSUPPORTED: UnsupportedError,
    Status.EBUFFER: BufferTooSmallError,
    Status.ENOTFOUND: NotFoundError,
    Status.EILLEGAL: IllegalMoveError,
    Status.EPHASE: PhaseError,
    Status.EGAME_OVER: GameOverError,
    Status.ENO_UNDO: NoUndoError,
    Status.ENOT_IN_BAG: NotInBagError,
    Status.EPARSE: ParseError,
    Status.EFORMAT: FormatError,
    Status.ERECORD: ReplayError,
    Status.ENOMEM: OutOfMemoryError,
    Status.ELIMIT: LimitError,
}


def error_class(status: int) -> type:
    """The exception class for a status; unknown codes map to their band."""
    cls = _BY_STATUS.get(status)
    if cls is not None:
        return cls
    if -99 <= status <= -1:
        return UsageError
    if -199 <= status <= -100:
        return RulesError
    if -299 <= status <= -200:
        return RecordError
    if status <= -300:
        return ResourceError
    return CarcassonneError
