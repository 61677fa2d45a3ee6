# SPDX-License-Identifier: MIT
"""Lifetime of the objects that own C handles (games, move lists)."""
from __future__ import annotations

from ctypes import byref, c_uint32
from typing import Callable, List, Tuple

from .errors import ClosedError

__all__ = ["Owner"]


class Owner:
    """Owns C handles: ``close()`` frees them now (closing twice raises
    :class:`ClosedError`), a ``with`` block frees them at its end, and garbage
    collection frees them otherwise. A subclass keeps its main handle in
    ``_ptr``, names itself in ``_what`` and gives up its handles in
    :meth:`_take`."""

    __slots__ = ()
    _what = "object"

    def _take(self) -> List[Tuple[Callable, object]]:
        """Clear the handle fields; return (free function, handle) pairs, the
        free functions bound at definition time (default arguments) so that
        they are still reachable during interpreter shutdown."""
        raise NotImplementedError

    def _handle(self):
        ptr = self._ptr
        if ptr is None:
            raise ClosedError(f"the {self._what} is closed")
        return ptr

    @property
    def closed(self) -> bool:
        return self._ptr is None

    def close(self) -> None:
        """Free the C object now. Closing a closed object raises ClosedError."""
        self._handle()
        self._release()

    def _release(self) -> None:
        try:
            owned = self._take()
        except AttributeError:  # __init__ failed before setting the fields
            return
        for free, ptr in owned:
            if ptr is not None:
                free(ptr)

    def __del__(self) -> None:
        self._release()

    def __enter__(self):
        self._handle()
        return self

    def __exit__(self, *exc) -> None:
        self._release()

    # queries of the form carc_x(out, handle, args...)
    def _get(self, ctype, fn, *args):
        out = ctype()
        fn(byref(out), self._handle(), *args)
        return out.value

    def _u32(self, fn, *args) -> int:
        return self._get(c_uint32, fn, *args)

    def _per_player(self, ctype, fn) -> list:
        """fn(out, handle, player) for every player (self._players of them)."""
        ptr = self._handle()
        out = ctype()
        result = []
        for p in range(self._players):
            fn(byref(out), ptr, p)
            result.append(out.value)
        return result
