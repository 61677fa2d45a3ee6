# SPDX-License-Identifier: MIT
"""Playouts for game-playing programs (search.h, 0.2).

A :class:`Playout` runner plays a copy of a game to the end in one C call
(carc_playout_run), with a built-in :class:`Policy` for every player and
decision, so that a tree search written in Python runs its playouts at the
speed of C::

    from carcassonne import Game, Playout

    with Game(players=2, seed=7) as game, Playout(game) as runner:
        scores = runner.run(game, "random", seed=1)     # [27, 11]; game is unchanged
        move, rng = runner.choose(game, "immediate", 1) # C 0 -1 180 -, the new state

The rest of search.h is on :class:`~carcassonne.Game`: ``game.determinize(seed)``
re-shuffles the tiles nobody has seen, ``game.remaining_tiles()`` is the
multiset of tiles left (a Counter), ``game.hash()`` the 64-bit position hash.

Threads: a runner is scratch space, not thread-safe: one runner per thread
(or per process). Runners, games and move lists on different threads are
independent (the library has no global mutable state), and ctypes releases the
GIL during each C call, so playouts on several threads run in parallel.
"""
from __future__ import annotations

from ctypes import byref, c_int32, c_uint32, c_uint64
from typing import List, Optional, Tuple, Union

from . import _ffi
from ._args import integer, u64 as _u64
from ._constants import POLICY_NAMES, Policy
from ._owner import Owner
from .errors import ClosedError
from .game import Game
from .moves import Move

__all__ = ["Playout", "Policy", "POLICY_NAMES", "policy_of"]

PolicyRef = Union[str, int, Policy]

_M64 = (1 << 64) - 1
#: Room for every player's score (6 players at most, with Inns & Cathedrals).
_MAX_PLAYERS = 6
_BY_NAME = {name: policy for policy, name in POLICY_NAMES.items()}
# The fast path of run(): exact types only (a bool or a float is no policy).
_FAST = {**{p.name.lower(): int(p) for p in Policy}, **{int(p): int(p) for p in Policy}}
_FAST_TYPES = (str, int, Policy)


def policy_of(policy: PolicyRef) -> Policy:
    """A :class:`Policy` from a Policy, its number or its name ("random",
    "immediate"). ValueError for an unknown one (the old name "greedy"
    included: it is "immediate" since 0.2.0), TypeError for a bool, a float
    or anything else that is no integer or text."""
    if isinstance(policy, str):
        found = _BY_NAME.get(policy.lower())
        if found is None:
            if policy.lower() == "greedy":
                raise ValueError("the policy 'greedy' is named 'immediate' since 0.2.0 (Policy.IMMEDIATE, "
                                 "the most immediate points; the C examples' stronger one-ply bot is "
                                 "'heuristic')")
            raise ValueError(f"unknown policy {policy!r} (known: {', '.join(_BY_NAME)})")
        return found
    number = integer(policy, "policy")
    try:
        return Policy(number)
    except ValueError:
        raise ValueError(f"{number} is not a policy (known: "
                         f"{', '.join(f'{int(p)} {n}' for p, n in POLICY_NAMES.items())})") from None


def _policy(policy) -> int:
    if type(policy) in _FAST_TYPES:
        found = _FAST.get(policy)
        if found is not None:
            return found
    return int(policy_of(policy))


def _seed(seed) -> int:
    if type(seed) is int and 0 <= seed <= _M64:
        return seed
    return _u64(seed, "seed")


_run = _ffi.carc_playout_run


def _game_handle(game: Game):
    try:
        ptr = game._ptr
    except AttributeError:
        raise TypeError(f"expected a Game, not {type(game).__name__}") from None
    if ptr is None:
        raise ClosedError("the game is closed")
    return ptr


class Playout(Owner):
    """A playout runner (carc_playout): the scratch space of playouts (a work
    game, a move list, a journal), sized when it is made so that playouts do
    not allocate.

    ``Playout(like)`` sizes it for games like the :class:`Game` `like`
    (default: a two-player base game). Any game may be played with any
    runner: the first playout of a larger ruleset grows it once.

    Not thread-safe: use one runner per thread. It cannot be pickled (make one
    in each process). Freed by :meth:`close`, a ``with`` block or garbage
    collection; after that every method raises ClosedError.
    """

    __slots__ = ("_ptr", "_scores", "_moves", "_move", "_rng", "__weakref__")
    _what = "playout runner"

    def __init__(self, like: Optional[Game] = None):
        self._ptr = None
        self._scores = (c_int32 * _MAX_PLAYERS)()
        self._moves = c_uint32()
        self._move = _ffi.carc_move()
        self._rng = c_uint64()
        handle = _ffi.PLAYOUT()
        if like is None:
            with Game() as default:
                _ffi.carc_playout_new(byref(handle), default._handle())
        else:
            _ffi.carc_playout_new(byref(handle), _game_handle(like))
        self._ptr = handle

    def _take(self, _free=_ffi.carc_playout_free):
        ptr = self._ptr
        self._ptr = None
        return [(_free, ptr)]

    def __reduce__(self):
        raise TypeError("a Playout runner cannot be pickled: it is scratch space, make one in "
                        "each process (and thread)")

    def run(self, game: Game, policy: PolicyRef = Policy.RANDOM, seed: int = 0) -> List[int]:
        """Play a copy of `game` to the end with `policy` for every player
        and decision (carc_playout_run) and return the final scores, in
        player order. `game` is not changed. The tiles come in the order of
        `game`'s pile: determinize it first (:meth:`Game.determinize`) to
        sample an order nobody has seen. `seed` (0..2**64-1) seeds the
        policy's generator: the same game, policy and seed give the same
        playout. :attr:`last_moves` and :meth:`last_game` tell more about it.
        """
        ptr = self._ptr
        if ptr is None:
            raise ClosedError("the playout runner is closed")
        # the checks of _game_handle, _policy and _seed, inline: this is the
        # call a search makes once a playout
        gptr = game._ptr if type(game) is Game else _game_handle(game)
        if gptr is None:
            raise ClosedError("the game is closed")
        number = _FAST.get(policy) if type(policy) in _FAST_TYPES else None
        if number is None:
            number = int(policy_of(policy))
        if type(seed) is not int or not 0 <= seed <= _M64:
            seed = _u64(seed, "seed")
        status = _run(ptr, gptr, number, seed, self._scores, _MAX_PLAYERS, self._moves)
        if status:
            raise _ffi.make_error(status, "carc_playout_run")
        return self._scores[:game._players]

    @property
    def last_moves(self) -> int:
        """The number of moves the last playout played (0 before the first)."""
        self._handle()
        return self._moves.value

    def last_game(self) -> Optional[Game]:
        """A copy of the game the last playout ended in (its board, events
        and record: ``last_game().save()``), or None before the first
        playout. It has no undo history."""
        ended = _ffi.carc_playout_game(self._handle())
        if not ended:
            return None
        handle = _ffi.GAME()
        _ffi.carc_game_clone(byref(handle), ended, 0)
        return Game._wrap(handle)

    def choose(self, game: Game, policy: PolicyRef = Policy.IMMEDIATE,
               rng: int = 0) -> Tuple[Move, int]:
        """The move `policy` plays now in `game` (carc_playout_choose; `game`
        is not changed) and the policy's generator state after the choice:
        ``move, rng = runner.choose(game, "immediate", rng)``. `rng` is any
        64-bit value (it is splitmix64's state). Playing the moves this gives
        one after another, from `rng` = s, is exactly the playout
        ``run(game, policy, seed=s)``. GameOverError once the game is over."""
        state = self._rng
        state.value = _seed(rng)
        _ffi.carc_playout_choose(byref(self._move), self._handle(), _game_handle(game),
                                 _policy(policy), byref(state))
        return Move._from_c(self._move), state.value

    def __repr__(self) -> str:
        if self._ptr is None:
            return "<Playout closed>"
        return f"<Playout, last playout {self._moves.value} moves>"
