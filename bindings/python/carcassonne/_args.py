# SPDX-License-Identifier: MIT
"""Checks of the numbers a caller passes: integers only, in range.

No silent coercion: ``int(2.7)`` would make 2 players of 2.7 and ``int('7')``
a seed of the text '7', so a float, a text or a bool is a TypeError, and a
number out of range a ValueError (or the error class the caller names, such
as RangeError). Anything with ``__index__`` (int, IntEnum, numpy integers)
is an integer.
"""
from __future__ import annotations

import operator
from typing import Any, Optional

__all__ = ["integer", "ranged", "u32", "i32", "u64"]

U32 = (0, (1 << 32) - 1)
I32 = (-(1 << 31), (1 << 31) - 1)
U64 = (0, (1 << 64) - 1)


def integer(value: Any, what: str) -> int:
    """`value` as an int; TypeError unless it is an integer (bools are not)."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer, not a bool ({value!r})")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__} ({value!r})") from None


def ranged(value: Any, what: str, low: int, high: int, error: Optional[type] = None) -> int:
    """An integer in low..high; out of range: ValueError, or error(detail)."""
    number = integer(value, what)
    if not low <= number <= high:
        detail = f"{what} {number} out of range ({low}..{high})"
        raise (error(detail) if error is not None else ValueError(detail))
    return number


def u32(value: Any, what: str) -> int:
    return ranged(value, what, *U32)


def i32(value: Any, what: str) -> int:
    return ranged(value, what, *I32)


def u64(value: Any, what: str) -> int:
    return ranged(value, what, *U64)
