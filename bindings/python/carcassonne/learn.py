# SPDX-License-Identifier: MIT
"""For learning agents: the fixed action space, observation tensors and the
vectorised environment of ``<carcassonne/learn.h>`` as numpy arrays
(docs/learn.md describes every id and every plane). Needs numpy (Debian:
``python3-numpy``); gymnasium and pettingzoo are not needed.

- :class:`Space`: the action space and observation layout of some game
  options: ``encode``/``decode`` (moves and ids), ``mask``, ``observe``.
- :class:`VectorEnv`: N games stepped together. Its arrays (``planes``,
  ``vector``, ``mask``, ``rewards``, ``results``, ``done``, ``player``) are
  the buffers the C library writes into: no copy per step, so
  ``torch.from_numpy(env.planes)`` is free. The library keeps them up to
  date move by move: do not write into them (``rebuild()`` if you did).
- :class:`CarcassonneEnv`: one game with Gymnasium's shapes
  (``reset(seed=...)`` -> ``(obs, info)``, ``step(action)`` -> ``(obs,
  reward, terminated, truncated, info)``, ``action_space``,
  ``observation_space``), its observation a dict with ``action_mask``.
- :class:`CarcassonneAECEnv`: the same game with PettingZoo's AEC shapes
  (``agents``, ``agent_selection``, ``agent_iter()``, ``last()``,
  ``observe(agent)`` -> ``{"observation": ..., "action_mask": ...}``,
  ``rewards``, ``terminations``, ``truncations``, ``infos``).

A place move is two ids (the placement, then the figure action), so one
turn is two steps of the same player; so is a move out of the City of
Carcassonne (the exit cell, then the figure action).

    >>> from carcassonne.learn import VectorEnv
    >>> env = VectorEnv(256, seed=1)
    >>> for _ in range(100):
    ...     batch = env.step(env.sample())      # random legal actions
    >>> env.planes.shape, env.mask.dtype
    ((256, 59, 31, 31), dtype('bool'))
"""
from __future__ import annotations

import ctypes
from ctypes import POINTER, byref, c_float, c_size_t, c_uint8, c_uint32, c_uint64, sizeof
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple

try:
    import numpy as np
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError("carcassonne.learn needs numpy (Debian: apt-get install python3-numpy)") from _e

from . import _ffi
from ._constants import (LEARN_FIGURE_ACTIONS, LEARN_NO_ACTION, LEARN_VEC_NO_RESTART, LearnDone, LearnLoc,
                         LearnPlane, LearnStage)
from ._owner import Owner
from .errors import error_class
from .game import Game, _check, _options
from .moves import Move

__all__ = ["Space", "VectorEnv", "Batch", "CarcassonneEnv", "CarcassonneAECEnv", "Discrete", "Box",
           "DictSpace", "LearnStage", "LearnDone", "LearnPlane", "LearnLoc", "NO_ACTION"]

NO_ACTION = LEARN_NO_ACTION

_MSG = 256


def _raise(status: int, function: str, msg) -> None:
    detail = msg.value.decode("utf-8", "replace") if msg is not None else ""
    raise error_class(status)(status, _ffi._status_name(status), _ffi._status_str(status), detail, function)


# --------------------------------------------------------------- spaces (Gymnasium's shapes)

class Discrete:
    """A finite set of actions 0..n-1 with Gymnasium's shape (``n``,
    ``sample(mask=None)``, ``contains``, ``seed``)."""

    def __init__(self, n: int, seed: Optional[int] = None):
        self.n = int(n)
        self.shape: Tuple[int, ...] = ()
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        self._rng = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A uniform action, or a uniform legal one when `mask` (n values, 1: legal) is given."""
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(np.asarray(mask))
        if legal.size == 0:
            raise ValueError("the mask allows no action")
        return int(legal[self._rng.integers(legal.size)])

    def contains(self, x: Any) -> bool:
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    __contains__ = contains

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box:
    """An array of a fixed shape and dtype between `low` and `high`, with
    Gymnasium's shape (``shape``, ``dtype``, ``low``, ``high``, ``contains``)."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: Any):
        self.shape = tuple(int(s) for s in shape)
        self.dtype = np.dtype(dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        return [seed]

    def sample(self) -> np.ndarray:
        raise NotImplementedError("observations are not sampled")

    def contains(self, x: Any) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high))

    __contains__ = contains

    def __repr__(self) -> str:
        return f"Box({self.low.flat[0]}, {self.high.flat[0]}, {self.shape}, {self.dtype})"


class DictSpace:
    """A dict of spaces with Gymnasium's shape (``spaces``, ``[key]``)."""

    def __init__(self, spaces: Dict[str, Any]):
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def keys(self):
        return self.spaces.keys()

    def items(self):
        return self.spaces.items()

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        return [s for space in self.spaces.values() for s in space.seed(seed)]

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            self.spaces[k].contains(v) for k, v in x.items())

    __contains__ = contains

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k!r}: {v!r}" for k, v in self.spaces.items()) + ")"


# --------------------------------------------------------------- the space

class Space(Owner):
    """The action space and observation layout of games with these options
    (carc_learn_space): ``Space(players=2, modules="river", radius=15)``
    takes the options of :class:`~carcassonne.Game` (the seed is not used)
    and the window's radius (cells from the start; None: 15).

    Sizes and offsets: :attr:`info` (a dict of carc_learn_info's fields:
    ``actions``, ``figure_base``, ``pass_id``, ``planes``, ``width``,
    ``v_scores``, ...); :attr:`actions`, :attr:`plane_shape`
    (planes, width, width), :attr:`vector_size`."""

    __slots__ = ("_ptr", "info", "_options")
    _what = "space"

    def __init__(self, players: int = 2, farmers: Optional[bool] = None, *, radius: Optional[int] = None,
                 **options):
        self._ptr = None
        opts = _options(players, 0, farmers, **options)
        _check(opts)
        self._options = (players, farmers, dict(options))
        lo = _ffi.carc_learn_options(sizeof(_ffi.carc_learn_options), int(radius or 0), 0)
        handle = _ffi.SPACE()
        _ffi.carc_learn_space_new(byref(handle), byref(opts), byref(lo))
        self._ptr = handle
        info = _ffi.sized(_ffi.carc_learn_info)
        _ffi.carc_learn_space_info(byref(info), handle)
        self.info = {name: getattr(info, name) for name, _ in _ffi.carc_learn_info._fields_}

    def _take(self, _free=_ffi.carc_learn_space_free):
        ptr = self._ptr
        self._ptr = None
        return [(_free, ptr)]

    @property
    def actions(self) -> int:
        return self.info["actions"]

    @property
    def plane_shape(self) -> Tuple[int, int, int]:
        return (self.info["planes"], self.info["width"], self.info["width"])

    @property
    def vector_size(self) -> int:
        return self.info["vector"]

    @property
    def players(self) -> int:
        return self.info["players"]

    def encode(self, game: Game, move: Move) -> Tuple[int, ...]:
        """The ids of `move` in the decision `game` waits for: (placement,
        figure action) for a place move, (exit cell, figure action) for an
        exit, one id for the others (carc_learn_encode)."""
        ids = (c_uint32 * 2)()
        n = c_size_t(0)
        msg = ctypes.create_string_buffer(_MSG)
        c = move._as_c()
        st = _ffi.carc_learn_encode(ids, 2, byref(n), self._handle(), game._handle(), byref(c), msg, _MSG)
        if st != 0:
            _raise(st, "carc_learn_encode", msg)
        return tuple(ids[:n.value])

    def decode(self, game: Game, ids: Sequence[int]) -> Move:
        """The move the ids stand for in `game`'s decision (carc_learn_decode)."""
        arr = (c_uint32 * max(1, len(ids)))(*[int(i) for i in ids])
        out = _ffi.carc_move()
        msg = ctypes.create_string_buffer(_MSG)
        st = _ffi.carc_learn_decode(byref(out), self._handle(), game._handle(), arr, len(ids), msg, _MSG)
        if st != 0:
            _raise(st, "carc_learn_decode", msg)
        return Move._from_c(out)

    @staticmethod
    def _prefix(prefix: Sequence[int]):
        arr = (c_uint32 * max(1, len(prefix)))(*[int(i) for i in prefix])
        return arr, len(prefix)

    def mask(self, game: Game, prefix: Sequence[int] = ()) -> np.ndarray:
        """The legal-action mask (bool, :attr:`actions` values) of the next
        id of `game`'s decision, after the ids `prefix` (carc_learn_mask)."""
        out = np.zeros(self.actions, dtype=np.bool_)
        arr, n = self._prefix(prefix)
        msg = ctypes.create_string_buffer(_MSG)
        st = _ffi.carc_learn_mask(out.ctypes.data_as(POINTER(c_uint8)), out.size, self._handle(),
                                  game._handle(), arr, n, msg, _MSG)
        if st != 0:
            _raise(st, "carc_learn_mask", msg)
        return out

    def observe(self, game: Game, prefix: Sequence[int] = ()) -> Tuple[np.ndarray, np.ndarray]:
        """The observation of `game` after the ids `prefix`, from scratch
        (carc_learn_observe): (planes uint8 of :attr:`plane_shape`, vector
        float32 of :attr:`vector_size`)."""
        planes = np.zeros(self.plane_shape, dtype=np.uint8)
        vector = np.zeros(self.vector_size, dtype=np.float32)
        arr, n = self._prefix(prefix)
        msg = ctypes.create_string_buffer(_MSG)
        st = _ffi.carc_learn_observe(planes.ctypes.data_as(POINTER(c_uint8)), planes.size,
                                     vector.ctypes.data_as(POINTER(c_float)), vector.size, self._handle(),
                                     game._handle(), arr, n, msg, _MSG)
        if st != 0:
            _raise(st, "carc_learn_observe", msg)
        return planes, vector

    def describe(self, action: int) -> str:
        """What an id means, in words ("place (1,-2) rotation 3", "figure 1 at
        location 4", "pass", ...)."""
        i, a = self.info, int(action)
        w, r = i["width"], i["radius"]

        def cell(c):
            return f"({c % w - r + i['centre_x']},{c // w - r + i['centre_y']})"
        if 0 <= a < i["figure_base"]:
            return f"place {cell(a // 4)} rotation {a % 4}"
        if a < i["pass_id"]:
            f = a - i["figure_base"]
            if f == 0:
                return "no figure"
            if f == LEARN_FIGURE_ACTIONS - 1:
                return "recall the abbot"
            return f"figure {1 + (f - 1) // 13} at location {(f - 1) % 13}"
        if a == i["pass_id"]:
            return "pass"
        if a < i["actions"]:
            if a < i["quarter_base"]:
                return f"exit to {cell(a - i['exit_base'])}"
            if a < i["count_base"]:
                q = a - i["quarter_base"]
                return f"figure {1 + q // 4} into quarter {q % 4}"
            return f"the Count to quarter {a - i['count_base']}"
        return "out of the space"


# --------------------------------------------------------------- the vectorised environment

class Batch(NamedTuple):
    """What a step writes (the environment's own arrays, not copies)."""
    planes: np.ndarray   # (n, planes, width, width) uint8
    vector: np.ndarray   # (n, vector) float32
    mask: np.ndarray     # (n, actions) bool
    rewards: np.ndarray  # (n, players) float32: points each seat gained in the step
    results: np.ndarray  # (n, players) float32: at the end of a game 1 / 0 / -1, else 0
    done: np.ndarray     # (n,) uint8: 0, LearnDone.OVER, LearnDone.TRUNCATED
    player: np.ndarray   # (n,) uint32: the seat to move


class VectorEnv(Owner):
    """N games of the same options stepped together (carc_learn_vec).

    ``VectorEnv(256, seed=1, players=2, modules="river", radius=15)``: game
    i starts with seed ``seed + i``; a game that ends restarts at once with
    the next seed (``restart=False``: it stays as it ended until
    :meth:`reset`, and takes :data:`NO_ACTION`). :meth:`step` takes one
    action id per game and returns the :class:`Batch` of the arrays below,
    which are the library's buffers (updated in place by every step: copy
    what you keep; do not write into them, or call :meth:`rebuild` after):

    ``planes`` (n, planes, width, width) uint8, ``vector`` (n, vector)
    float32, ``mask`` (n, actions) bool, ``rewards`` (n, players) float32,
    ``results`` (n, players) float32, ``done`` (n,) uint8, ``player`` (n,)
    uint32. Planes and vector are seen from the player to move (docs/learn.md).

    A bad action (not legal in its game, out of range) raises
    :class:`~carcassonne.IllegalMoveError` / :class:`~carcassonne.RangeError`
    with the game and the reason, and no game moves."""

    __slots__ = ("_ptr", "space", "n", "planes", "vector", "mask", "rewards", "results", "done", "player",
                 "_bufs", "_actions", "_actions_ptr", "_rng", "_batch", "_next_seed")
    _what = "environment"

    def __init__(self, num_envs: int, seed: int = 0, players: int = 2, farmers: Optional[bool] = None, *,
                 radius: Optional[int] = None, restart: bool = True, **options):
        self._ptr = None
        self.space = Space(players, farmers, radius=radius, **options)
        n = int(num_envs)
        if n < 1:
            raise ValueError(f"num_envs {num_envs}: at least 1")
        self.n = n
        handle = _ffi.VEC()
        _ffi.carc_learn_vec_new(byref(handle), self.space._handle(), n, int(seed) & (2**64 - 1),
                                0 if restart else LEARN_VEC_NO_RESTART)
        self._ptr = handle
        i = self.space.info
        np_ = i["players"]
        self.planes = np.zeros((n, i["planes"], i["width"], i["width"]), dtype=np.uint8)
        self.vector = np.zeros((n, i["vector"]), dtype=np.float32)
        self.mask = np.zeros((n, i["actions"]), dtype=np.bool_)
        self.rewards = np.zeros((n, np_), dtype=np.float32)
        self.results = np.zeros((n, np_), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.uint8)
        self.player = np.zeros(n, dtype=np.uint32)
        b = _ffi.sized(_ffi.carc_learn_buffers)
        b.planes, b.planes_cap = self.planes.ctypes.data_as(POINTER(c_uint8)), self.planes.size
        b.vector, b.vector_cap = self.vector.ctypes.data_as(POINTER(c_float)), self.vector.size
        b.mask, b.mask_cap = self.mask.ctypes.data_as(POINTER(c_uint8)), self.mask.size
        b.rewards, b.rewards_cap = self.rewards.ctypes.data_as(POINTER(c_float)), self.rewards.size
        b.results, b.results_cap = self.results.ctypes.data_as(POINTER(c_float)), self.results.size
        b.done, b.done_cap = self.done.ctypes.data_as(POINTER(c_uint8)), self.done.size
        b.player, b.player_cap = self.player.ctypes.data_as(POINTER(c_uint32)), self.player.size
        _ffi.carc_learn_vec_bind(handle, byref(b))
        self._bufs = b
        self._actions = np.zeros(n, dtype=np.uint32)
        self._actions_ptr = self._actions.ctypes.data_as(POINTER(c_uint32))
        self._rng = c_uint64(int(seed) * 0x9E3779B97F4A7C15 & (2**64 - 1))
        self._next_seed = (int(seed) + n) & (2**64 - 1)
        self._batch = Batch(self.planes, self.vector, self.mask, self.rewards, self.results, self.done,
                            self.player)

    def _take(self, _free=_ffi.carc_learn_vec_free):
        ptr = self._ptr
        self._ptr = None
        return [(_free, ptr)]

    @property
    def num_envs(self) -> int:
        return self.n

    @property
    def batch(self) -> Batch:
        """The arrays, as :meth:`step` returns them."""
        return self._batch

    @property
    def terminated(self) -> np.ndarray:
        """Games that ended in the last step (bool, a new array)."""
        return self.done == LearnDone.OVER

    @property
    def truncated(self) -> np.ndarray:
        """Games cut in the last step: no legal action in the window (bool, a new array)."""
        return self.done == LearnDone.TRUNCATED

    def step(self, actions) -> Batch:
        """Step every game with its action id (n ids, any integer array or
        sequence; :data:`NO_ACTION` for a game kept finished)."""
        a = np.asarray(actions)
        if a.shape != (self.n,):
            # the library refuses the wrong count, and says so
            a = np.ascontiguousarray(a.ravel(), dtype=np.uint32)
            _ffi.carc_learn_vec_step(self._handle(), a.ctypes.data_as(POINTER(c_uint32)), a.size)
        np.copyto(self._actions, a, casting="unsafe")
        _ffi.carc_learn_vec_step(self._handle(), self._actions_ptr, self.n)
        return self._batch

    def sample(self) -> np.ndarray:
        """A uniformly random legal action for every game
        (carc_learn_vec_sample: the uniform random policy), a new array."""
        out = np.empty(self.n, dtype=np.uint32)
        _ffi.carc_learn_vec_sample(out.ctypes.data_as(POINTER(c_uint32)), self.n, self._handle(),
                                   byref(self._rng))
        return out

    def reset(self, seed: Optional[int] = None) -> Batch:
        """Restart every game, game i with seed ``seed + i`` (None: the seed
        after the games of the last reset or of the constructor, ``seed +
        n``; the games restarted since took some of those seeds too)."""
        if seed is None:
            seed = self._next_seed
        seed = int(seed) & (2**64 - 1)
        _ffi.carc_learn_vec_reset(self._handle(), seed)
        self._next_seed = (seed + self.n) & (2**64 - 1)
        return self._batch

    def rebuild(self) -> None:
        """Write every observation and mask again from scratch."""
        _ffi.carc_learn_vec_rebuild(self._handle())

    def prefix(self, index: int) -> Tuple[int, ...]:
        """The ids already chosen in game `index`'s decision (the placement
        or exit cell waiting for its figure action), as :meth:`Space.mask`
        and :meth:`Space.observe` take them."""
        ids = (c_uint32 * 1)()
        n = c_size_t(0)
        _ffi.carc_learn_vec_prefix(ids, 1, byref(n), self._handle(), int(index))
        return tuple(ids[:n.value])

    def game(self, index: int) -> Game:
        """A copy of game `index` (its board, record, scores...)."""
        g = _ffi.GAME()
        _ffi.carc_learn_vec_game(byref(g), self._handle(), int(index))
        out = _ffi.GAME()
        _ffi.carc_game_clone(byref(out), g, 0)
        return Game._wrap(out)

    def __len__(self) -> int:
        return self.n


# --------------------------------------------------------------- one game, Gymnasium's shapes

def _obs_spaces(space: Space) -> Dict[str, Any]:
    return {"planes": Box(0, 255, space.plane_shape, np.uint8),
            "vector": Box(-np.inf, np.inf, (space.vector_size,), np.float32)}


class CarcassonneEnv:
    """One game with Gymnasium's shapes, without depending on gymnasium.

    ``reset(seed=None, options=None)`` -> ``(observation, info)``;
    ``step(action)`` -> ``(observation, reward, terminated, truncated,
    info)``. The observation is a dict of new arrays: ``planes``,
    ``vector`` and ``action_mask`` (int8, 1: legal; also
    :meth:`action_masks`, the name sb3-contrib's MaskablePPO calls). One
    process plays every seat: the observation is seen from the player to
    move (``info["player"]``). `reward`: ``"points"`` (default: the points
    the acting player gained by the step, final scoring included) or
    ``"result"`` (0 until the end, then 1 for a sole winner, 0 for a shared
    win, -1). ``info["rewards"]`` has every seat's points, ``info["result"]``
    every seat's result at the end. ``terminated``: the game is over;
    ``truncated``: no legal action lies in the window. Arguments: those of
    :class:`~carcassonne.Game` and `radius`.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, players: int = 2, farmers: Optional[bool] = None, *, radius: Optional[int] = None,
                 reward: str = "points", render_mode: Optional[str] = None, **options):
        if reward not in ("points", "result"):
            raise ValueError(f"reward {reward!r}: 'points' or 'result'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: None or 'ansi'")
        self.render_mode = render_mode
        self._reward = reward
        self._vec = VectorEnv(1, 0, players, farmers, radius=radius, restart=False, **options)
        self.space = self._vec.space
        self.action_space = Discrete(self.space.actions)
        spaces = _obs_spaces(self.space)
        spaces["action_mask"] = Box(0, 1, (self.space.actions,), np.int8)
        self.observation_space = DictSpace(spaces)
        self._next_seed = 0
        self._over = False

    @property
    def unwrapped(self) -> "CarcassonneEnv":
        return self

    def _obs(self) -> Dict[str, np.ndarray]:
        v = self._vec
        return {"planes": v.planes[0].copy(), "vector": v.vector[0].copy(),
                "action_mask": v.mask[0].astype(np.int8)}

    def _info(self) -> Dict[str, Any]:
        v = self._vec
        return {"player": int(v.player[0]), "stage": LearnStage(int(np.argmax(
            v.vector[0, self.space.info["v_stage"]:self.space.info["v_stage"] + 7]))),
            "rewards": v.rewards[0].copy(), "result": v.results[0].copy()}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is None:
            seed = self._next_seed
        self._next_seed = int(seed) + 1
        self.action_space.seed(seed)
        self._vec.reset(seed)
        self._over = False
        return self._obs(), self._info()

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (bool) of the current decision."""
        return self._vec.mask[0].copy()

    def step(self, action: int):
        if self._over:
            raise RuntimeError("the game is over: call reset()")
        mover = int(self._vec.player[0])
        self._vec.step((int(action),))
        done = int(self._vec.done[0])
        self._over = done != 0
        info = self._info()
        if self._reward == "points":
            reward = float(self._vec.rewards[0, mover])
        else:
            reward = float(self._vec.results[0, mover])
        return self._obs(), reward, done == LearnDone.OVER, done == LearnDone.TRUNCATED, info

    def game(self) -> Game:
        """A copy of the game."""
        return self._vec.game(0)

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            with self.game() as g:
                return g.render()
        return None

    def close(self) -> None:
        if not self._vec.closed:
            self._vec.close()


# --------------------------------------------------------------- one game, PettingZoo's AEC shapes

class CarcassonneAECEnv:
    """One game with PettingZoo's AEC shapes, without depending on pettingzoo.

    Agents ``"player_0"``, ``"player_1"``, ...; ``reset(seed=None)``; then
    ``for agent in env.agent_iter(): obs, reward, termination, truncation,
    info = env.last(); env.step(None if termination or truncation else
    policy(obs))``. ``observe(agent)`` is ``{"observation": {"planes",
    "vector"}, "action_mask": int8}`` seen from the player to move (the
    mask is all 0 for the others); ``rewards`` the points each agent gained
    by the last step (`reward="result"`: 1 / 0 / -1 at the end instead),
    ``_cumulative_rewards`` their sum since the agent last acted, as in
    PettingZoo. A place move is two steps of the same agent.
    """

    metadata = {"render_modes": ["ansi"], "name": "carcassonne_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, farmers: Optional[bool] = None, *, radius: Optional[int] = None,
                 reward: str = "points", render_mode: Optional[str] = None, **options):
        self._env = CarcassonneEnv(players, farmers, radius=radius, reward=reward, render_mode=render_mode,
                                   **options)
        self.render_mode = render_mode
        self._reward = reward
        self.possible_agents = [f"player_{p}" for p in range(self._env.space.players)]
        self.agents: List[str] = []
        self._act = Discrete(self._env.space.actions)
        spaces = _obs_spaces(self._env.space)
        self._obs_space = DictSpace({"observation": DictSpace(spaces),
                                     "action_mask": Box(0, 1, (self._env.space.actions,), np.int8)})
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, dict] = {}
        self.agent_selection = ""

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "CarcassonneAECEnv":
        return self

    def action_space(self, agent: str) -> Discrete:
        return self._act

    def observation_space(self, agent: str) -> DictSpace:
        return self._obs_space

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._env.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self._env._vec.player[0])]

    def observe(self, agent: str) -> Dict[str, Any]:
        v = self._env._vec
        mover = self.possible_agents[int(v.player[0])]
        mask = v.mask[0].astype(np.int8) if agent == mover and not self._env._over else \
            np.zeros(self._env.space.actions, dtype=np.int8)
        return {"observation": {"planes": v.planes[0].copy(), "vector": v.vector[0].copy()},
                "action_mask": mask}

    def last(self, observe: bool = True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise ValueError(f"{agent} is done: its action must be None")
            # PettingZoo's dead step: the agent leaves, the next one is selected
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                d.pop(agent, None)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[agent] = 0.0
        _, _, terminated, truncated, info = self._env.step(action)
        v = self._env._vec
        source = v.rewards[0] if self._reward == "points" else v.results[0]
        for p, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] = float(source[p])
                self._cumulative_rewards[a] += float(source[p])
                self.infos[a] = {"result": float(v.results[0, p])} if (terminated or truncated) else {}
        if terminated or truncated:
            for a in self.agents:
                self.terminations[a] = bool(terminated)
                self.truncations[a] = bool(truncated)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[int(v.player[0])]

    def game(self) -> Game:
        return self._env.game()

    def render(self) -> Optional[str]:
        return self._env.render()

    def close(self) -> None:
        self._env.close()
