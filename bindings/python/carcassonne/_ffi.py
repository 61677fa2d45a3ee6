# SPDX-License-Identifier: MIT
"""ctypes declarations of the whole C API (include/carcassonne/*.h).

Every exported function is declared exactly once, by :func:`_fn`, with its
argument types, its return type (never the default ``int`` for a pointer) and,
for functions returning ``carc_status``, an ``errcheck`` that raises the
matching :class:`~carcassonne.errors.CarcassonneError` subclass. For calls that
mutate a game the exception carries ``carc_game_last_error()`` (for a dice game
``carc_dice_game_last_error()``); read-only calls never write that text, so it
is not attached to their errors.

Handles (``carc_game``, ``carc_movelist``, ``carc_playout``, ``carc_dice_game``,
``carc_learn_space``, ``carc_learn_vec``) are distinct
empty Structures used through POINTER, so one cannot be passed where another
is expected. Value
structs mirror the C layout; a test compares sizes and offsets with a C
program built from the headers.
"""
from __future__ import annotations

import ctypes
from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_float, c_int, c_int32,
                    c_size_t, c_uint8, c_uint16, c_uint32, c_uint64, c_void_p)

from ._lib import load
from .errors import LibraryError, error_class

lib, library_path = load()

# --------------------------------------------------------------- types

carc_status = c_int  # a named enum of int size (_Static_assert in common.h)


class carc_game(Structure):
    """Opaque game handle (use POINTER(carc_game))."""
    _fields_ = []


class carc_movelist(Structure):
    """Opaque move list handle (use POINTER(carc_movelist))."""
    _fields_ = []


class carc_playout(Structure):
    """Opaque playout runner handle (search.h; use POINTER(carc_playout))."""
    _fields_ = []


carc_alloc_fn = CFUNCTYPE(c_void_p, c_void_p, c_size_t)
carc_realloc_fn = CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_size_t, c_size_t)
carc_free_fn = CFUNCTYPE(None, c_void_p, c_void_p, c_size_t)


class carc_allocator(Structure):
    _fields_ = [("alloc", carc_alloc_fn), ("realloc", carc_realloc_fn),
                ("free", carc_free_fn), ("ud", c_void_p)]


class carc_game_options(Structure):
    _fields_ = [("version", c_uint32), ("players", c_uint32), ("seed", c_uint64),
                ("modules", c_uint32), ("start_tile", c_uint32), ("start_x", c_int32),
                ("start_y", c_int32), ("start_rotation", c_uint32), ("flags", c_uint32),
                ("allocator", POINTER(carc_allocator)),
                ("variants", c_uint32)]  # options version 2 (0.2)


class carc_move(Structure):
    # 0.1 named the last three bytes reserved[3]; 0.2 made them kind, quarter,
    # reserved (same layout: a 0.1 move is a place move).
    _fields_ = [("x", c_int32), ("y", c_int32), ("tile", c_uint16), ("rotation", c_uint8),
                ("figure", c_uint8), ("segment", c_uint8), ("kind", c_uint8),
                ("quarter", c_uint8), ("reserved", c_uint8)]


class carc_pending(Structure):
    _fields_ = [("struct_size", c_uint32), ("decision", c_uint32), ("player", c_uint32),
                ("flags", c_uint32), ("tile", c_uint32), ("part", c_uint32)]


class carc_segment_info(Structure):
    _fields_ = [("struct_size", c_uint32), ("kind", c_uint32), ("edges", c_uint32),
                ("ports", c_uint32), ("pennants", c_uint32), ("end", c_uint32),
                ("adjacent_cities", c_uint32),
                ("special", c_uint32)]            # 0.2: CARC_SEGMENT_* (inn, cathedral)


class carc_figure_info(Structure):
    _fields_ = [("struct_size", c_uint32), ("player", c_uint32), ("figure", c_uint32),
                ("x", c_int32), ("y", c_int32), ("segment", c_uint32), ("feature", c_uint32)]


class carc_feature_info(Structure):
    _fields_ = [("struct_size", c_uint32), ("kind", c_uint32), ("tiles", c_uint32),
                ("open_edges", c_uint32), ("complete", c_uint32), ("pennants", c_uint32),
                ("figures", c_uint32), ("segments", c_uint32), ("value", c_int32),
                ("special", c_uint32),            # 0.2: CARC_SEGMENT_* of its segments
                ("goods", c_uint32 * 3)]          # 0.2: goods symbols per carc_good (cities)


class carc_event(Structure):
    _fields_ = [("struct_size", c_uint32), ("kind", c_uint32), ("turn", c_uint32),
                ("feature_kind", c_uint32), ("points", c_int32), ("players", c_uint32),
                ("returned", c_uint32), ("tile", c_uint32), ("x", c_int32), ("y", c_int32),
                ("segment", c_uint32), ("tiles", c_uint32),
                ("bonus", c_uint32),              # 0.2: CARC_BONUS_* (inn, cathedral, pig)
                ("good", c_uint32)]               # 0.2: the carc_good of GOODS, TRADE events


class carc_history_entry(Structure):
    _fields_ = [("struct_size", c_uint32), ("kind", c_uint32), ("player", c_uint32),
                ("move", carc_move)]


class carc_load_error(Structure):
    _fields_ = [("struct_size", c_uint32), ("line", c_uint32), ("status", c_int32),
                ("message", c_char * 256)]


# dice.h: the Carcassonne Dice Game


class carc_dice_game(Structure):
    """Opaque dice game handle (use POINTER(carc_dice_game))."""
    _fields_ = []


class carc_dice_faces(Structure):
    _fields_ = [("version", c_uint32), ("city", c_uint8 * 4)]


class carc_dice_options(Structure):
    _fields_ = [("version", c_uint32), ("players", c_uint32), ("seed", c_uint64),
                ("faces", POINTER(carc_dice_faces)), ("allocator", POINTER(carc_allocator))]


class carc_dice_die(Structure):
    _fields_ = [("struct_size", c_uint32), ("location", c_uint32), ("player", c_uint32),
                ("face", c_uint32), ("x", c_int32), ("y", c_int32), ("rotation", c_uint32),
                ("edges", c_uint32)]


class carc_dice_action(Structure):
    _fields_ = [("kind", c_uint32), ("die", c_uint32), ("x", c_int32), ("y", c_int32),
                ("rotation", c_uint32), ("reserved", c_uint32)]


class carc_dice_event(Structure):
    _fields_ = [("struct_size", c_uint32), ("kind", c_uint32), ("action", c_uint32),
                ("turn", c_uint32), ("player", c_uint32), ("points", c_int32),
                ("dice", c_uint32), ("doubled", c_uint32), ("to", c_uint32),
                ("reason", c_uint32)]


# learn.h (0.2): the learning environment.
class carc_learn_space(Structure):
    """Opaque action space and observation layout (learn.h; use POINTER(carc_learn_space))."""
    _fields_ = []


class carc_learn_vec(Structure):
    """Opaque vectorised environment (learn.h; use POINTER(carc_learn_vec))."""
    _fields_ = []


class carc_learn_options(Structure):
    _fields_ = [("struct_size", c_uint32), ("radius", c_uint32), ("flags", c_uint32)]


class carc_learn_info(Structure):
    _fields_ = [(name, c_int32 if name in ("centre_x", "centre_y") else c_uint32) for name in (
        "struct_size", "layout_version", "players", "modules", "radius", "width", "centre_x",
        "centre_y", "actions", "place_base", "figure_base", "pass_id", "exit_base", "quarter_base",
        "count_base", "planes", "plane_size", "figure_plane", "player_planes", "figure_kinds",
        "vector", "kinds", "v_scores", "v_supply", "v_goods", "v_city", "v_count", "v_seat",
        "v_stage", "v_flags", "v_tile", "v_left", "v_left_total")]


class carc_learn_buffers(Structure):
    _fields_ = [("struct_size", c_uint32),
                ("planes", POINTER(c_uint8)), ("planes_cap", c_size_t),
                ("vector", POINTER(c_float)), ("vector_cap", c_size_t),
                ("mask", POINTER(c_uint8)), ("mask_cap", c_size_t),
                ("rewards", POINTER(c_float)), ("rewards_cap", c_size_t),
                ("results", POINTER(c_float)), ("results_cap", c_size_t),
                ("done", POINTER(c_uint8)), ("done_cap", c_size_t),
                ("player", POINTER(c_uint32)), ("player_cap", c_size_t)]


def sized(struct_type):
    """A growable struct with struct_size set (the library fills what fits)."""
    value = struct_type()
    value.struct_size = ctypes.sizeof(struct_type)
    return value


GAME = POINTER(carc_game)
MOVELIST = POINTER(carc_movelist)
PLAYOUT = POINTER(carc_playout)
DICE = POINTER(carc_dice_game)
SPACE = POINTER(carc_learn_space)
VEC = POINTER(carc_learn_vec)
CHARBUF = POINTER(c_char)  # a caller buffer the library writes into

# ------------------------------------------------------- declarations


def _status_name(status: int) -> str:
    return (lib.carc_status_name(status) or b"CARC_UNKNOWN").decode("utf-8", "replace")


def _status_str(status: int) -> str:
    return (lib.carc_status_str(status) or b"").decode("utf-8", "replace")


def make_error(status: int, function: str = "", game=None, last_error=None):
    """The exception for `status`; `game` adds its last-error text, read by
    `last_error` (default carc_game_last_error; carc_dice_game_last_error for
    a POINTER(carc_dice_game))."""
    detail = ""
    if game:
        reader = last_error if last_error is not None else lib.carc_game_last_error
        detail = (reader(game) or b"").decode("utf-8", "replace")
    return error_class(status)(status, _status_name(status), _status_str(status), detail, function)


def _errcheck(ok, game_arg, last_error=None):
    def check(result, func, args):
        if result in ok:
            return result
        game = args[game_arg] if game_arg is not None else None
        raise make_error(result, func.__name__, game, last_error)
    return check


def _fn(name, restype, argtypes, *, status=False, ok=(0,), last_error_arg=None, last_error=None):
    """Declare lib.<name> once.

    status: the function returns carc_status; raise unless it is in `ok`.
    last_error_arg: index of the game argument whose last-error text explains
    a failure (mutating calls only); `last_error` is the function that reads
    it (default: carc_game_last_error).
    """
    try:
        func = getattr(lib, name)
    except AttributeError:  # a 0.2 library built from older sources
        raise LibraryError(f"{library_path}: the library has no {name}: it was built from older "
                           f"sources than this binding; rebuild it, or set CARCASSONNE_LIBRARY "
                           f"to a library built with the binding") from None
    func.argtypes = argtypes
    func.restype = restype
    if status:
        func.errcheck = _errcheck(frozenset(ok), last_error_arg, last_error)
    globals()[name] = func
    return func


_OK_EBUFFER = (0, -5)     # snprintf-style writers: CARC_EBUFFER reports the size
_OK_NOTFOUND = (0, -6)    # "nothing there" is an answer, not an error
_OK_NO_COUNT = (0, -100)  # carc_game_count: CARC_EILLEGAL, the game has no Count
_u32p = POINTER(c_uint32)
_u8p = POINTER(c_uint8)
_i32p = POINTER(c_int32)

# common.h
_fn("carc_status_str", c_char_p, [carc_status])
_fn("carc_status_name", c_char_p, [carc_status])
_fn("carc_version_number", c_uint32, [])
_fn("carc_version_string", c_char_p, [])

# tile.h
_fn("carc_tile_kind_count", c_uint32, [])
_fn("carc_tile_name", c_char_p, [c_uint32])
_fn("carc_tile_find", carc_status, [_u32p, c_char_p], status=True, ok=_OK_NOTFOUND)
_fn("carc_tile_copies", carc_status, [_u32p, c_uint32, c_uint32], status=True)
_fn("carc_tile_edge", carc_status, [_u32p, c_uint32, c_uint32, c_uint32], status=True)
_fn("carc_tile_segment_count", carc_status, [_u32p, c_uint32], status=True)
_fn("carc_tile_segment", carc_status, [POINTER(carc_segment_info), c_uint32, c_uint32, c_uint32],
    status=True)
_fn("carc_module_name", c_char_p, [c_uint32])
# An unknown name is an answer the caller explains (it knows the names): no errcheck.
_fn("carc_modules_parse", carc_status, [_u32p, c_char_p])
_fn("carc_modules_supported", c_uint32, [])
_fn("carc_module_find", carc_status, [_u32p, c_char_p], status=True)
_fn("carc_modules_elements", c_uint32, [c_uint32])

# game.h
_fn("carc_game_options_init", carc_status, [POINTER(carc_game_options), c_uint32], status=True)
_fn("carc_game_new", carc_status, [POINTER(GAME), POINTER(carc_game_options)], status=True)
_fn("carc_game_free", None, [GAME])
_fn("carc_game_clone", carc_status, [POINTER(GAME), GAME, c_uint32], status=True)
_fn("carc_game_copy", carc_status, [GAME, GAME, c_uint32], status=True, last_error_arg=0)
_fn("carc_game_last_error", c_char_p, [GAME])
_fn("carc_game_options_get", carc_status, [POINTER(carc_game_options), GAME], status=True)
_fn("carc_game_players", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_current_player", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_is_over", carc_status, [POINTER(c_bool), GAME], status=True)
_fn("carc_game_score", carc_status, [_i32p, GAME, c_uint32], status=True)
_fn("carc_game_supply", carc_status, [_u32p, GAME, c_uint32], status=True)
_fn("carc_game_figure_supply", carc_status, [_u32p, GAME, c_uint32, c_uint32], status=True)
_fn("carc_game_goods", carc_status, [_u32p, GAME, c_uint32, c_uint32], status=True)
_fn("carc_game_city", carc_status, [_u32p, GAME, c_uint32, c_uint32, c_uint32], status=True)
# CARC_EILLEGAL: no Count in this game, an answer (Game.count is None)
_fn("carc_game_count", carc_status, [_u32p, GAME], status=True, ok=_OK_NO_COUNT)
# check writes its explanation into the caller's buffer: no errcheck, the
# caller raises with that text.
_fn("carc_game_options_check", carc_status, [POINTER(carc_game_options), CHARBUF, c_size_t])
_fn("carc_game_current_tile", carc_status, [_u32p, GAME], status=True, ok=_OK_NOTFOUND)
_fn("carc_game_remaining", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_remaining_of", carc_status, [_u32p, GAME, c_uint32], status=True)
_fn("carc_game_choose_tile", carc_status, [GAME, c_uint32], status=True, last_error_arg=0)
_fn("carc_game_end", carc_status, [GAME], status=True, last_error_arg=0)
_fn("carc_game_state_size", carc_status, [POINTER(c_size_t), GAME], status=True)

# moves.h
_fn("carc_game_pending", carc_status, [POINTER(carc_pending), GAME], status=True)
_fn("carc_movelist_new", carc_status, [POINTER(MOVELIST), GAME], status=True)
_fn("carc_movelist_free", None, [MOVELIST])
_fn("carc_movelist_count", c_size_t, [MOVELIST])
_fn("carc_movelist_get", carc_status, [POINTER(carc_move), MOVELIST, c_size_t], status=True)
_fn("carc_movelist_data", POINTER(carc_move), [MOVELIST])
_fn("carc_game_placements", carc_status, [MOVELIST, GAME, c_uint32, c_uint32], status=True)
_fn("carc_game_figure_options", carc_status, [MOVELIST, GAME, POINTER(carc_move)], status=True)
_fn("carc_game_legal_moves", carc_status, [MOVELIST, GAME, c_uint32], status=True)
# check_move returns the status play would return and writes no last-error text:
# no errcheck, the caller decides.
_fn("carc_game_check_move", carc_status, [GAME, POINTER(carc_move)])
# check_move_msg and parse_msg write their reason into the caller's buffer: no
# errcheck, the caller raises with that text.
_fn("carc_game_check_move_msg", carc_status, [GAME, POINTER(carc_move), CHARBUF, c_size_t])
_fn("carc_game_play", carc_status, [GAME, POINTER(carc_move)], status=True, last_error_arg=0)
_fn("carc_move_parse", carc_status, [POINTER(carc_move), c_char_p], status=True)
_fn("carc_move_parse_msg", carc_status, [POINTER(carc_move), c_char_p, CHARBUF, c_size_t])
_fn("carc_move_format", carc_status, [CHARBUF, c_size_t, POINTER(c_size_t), POINTER(carc_move)],
    status=True, ok=_OK_EBUFFER)

# board.h
_fn("carc_game_tile_count", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_tile", carc_status, [POINTER(carc_move), GAME, c_uint32], status=True)
_fn("carc_game_tile_at", carc_status, [POINTER(carc_move), GAME, c_int32, c_int32], status=True,
    ok=_OK_NOTFOUND)
_fn("carc_game_bounds", carc_status, [_i32p, _i32p, _i32p, _i32p, GAME], status=True)
_fn("carc_game_figure_count", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_figure", carc_status, [POINTER(carc_figure_info), GAME, c_uint32], status=True)
_fn("carc_game_feature_at", carc_status, [_u32p, GAME, c_int32, c_int32, c_uint32], status=True)
_fn("carc_game_feature", carc_status, [POINTER(carc_feature_info), GAME, c_uint32], status=True)
_fn("carc_game_feature_occupants", carc_status, [_u32p, c_size_t, GAME, c_uint32], status=True)
_fn("carc_game_feature_tiles", carc_status, [_i32p, c_size_t, POINTER(c_size_t), GAME, c_uint32],
    status=True, ok=_OK_EBUFFER)

# scoring.h
_fn("carc_game_event_count", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_event", carc_status, [POINTER(carc_event), GAME, c_uint32], status=True)
_fn("carc_game_leaders", carc_status, [_u32p, GAME], status=True)

# undo.h
_fn("carc_game_history_count", carc_status, [_u32p, GAME], status=True)
_fn("carc_game_history", carc_status, [POINTER(carc_history_entry), GAME, c_uint32], status=True)
_fn("carc_game_undo", carc_status, [GAME], status=True, last_error_arg=0)
_fn("carc_game_can_undo", carc_status, [POINTER(c_bool), GAME], status=True)

# serialize.h
_fn("carc_game_save", carc_status, [CHARBUF, c_size_t, POINTER(c_size_t), GAME], status=True,
    ok=_OK_EBUFFER)
# load reports through carc_load_error (line number): no errcheck.
_fn("carc_game_load", carc_status, [POINTER(GAME), c_char_p, c_size_t, POINTER(carc_allocator),
                                    POINTER(carc_load_error)])

# render.h
_fn("carc_game_render_text", carc_status, [CHARBUF, c_size_t, POINTER(c_size_t), GAME, c_uint32],
    status=True, ok=_OK_EBUFFER)
_fn("carc_game_render_svg", carc_status, [CHARBUF, c_size_t, POINTER(c_size_t), GAME, c_uint32],
    status=True, ok=_OK_EBUFFER)

# search.h (0.2): playouts, determinization, the tiles left, the position hash.
# A runner has no last-error text of its own: its errors carry none.
_fn("carc_playout_new", carc_status, [POINTER(PLAYOUT), GAME], status=True)
_fn("carc_playout_free", None, [PLAYOUT])
_fn("carc_playout_choose", carc_status, [POINTER(carc_move), PLAYOUT, GAME, c_uint32,
                                         POINTER(c_uint64)], status=True)
# The hot call of a search (one a playout): no errcheck, Playout.run tests the
# status itself (an errcheck is one more Python call, 0.3 us of about 3).
_fn("carc_playout_run", carc_status, [PLAYOUT, GAME, c_uint32, c_uint64, _i32p, c_size_t,
                                      _u32p])
_fn("carc_playout_game", GAME, [PLAYOUT])
_fn("carc_game_determinize", carc_status, [GAME, c_uint64], status=True, last_error_arg=0)
_fn("carc_game_remaining_tiles", carc_status, [_u32p, c_size_t, _u32p, GAME], status=True)
_fn("carc_game_hash", carc_status, [POINTER(c_uint64), GAME], status=True)

# learn.h (0.2): the learning environment. The calls from scratch (encode,
# decode, mask, observe) write their reason into the caller's buffer: no
# errcheck, carcassonne.learn raises with that text. The environment's
# mutating calls attach carc_learn_vec_last_error to their errors.
_fn("carc_learn_vec_last_error", c_char_p, [VEC])
_VEC_ERR = dict(last_error_arg=0, last_error=lib.carc_learn_vec_last_error)
_fl = POINTER(c_float)
_fn("carc_learn_space_new", carc_status, [POINTER(SPACE), POINTER(carc_game_options),
                                          POINTER(carc_learn_options)], status=True)
_fn("carc_learn_space_free", None, [SPACE])
_fn("carc_learn_space_info", carc_status, [POINTER(carc_learn_info), SPACE], status=True)
_fn("carc_learn_encode", carc_status, [_u32p, c_size_t, POINTER(c_size_t), SPACE, GAME,
                                       POINTER(carc_move), CHARBUF, c_size_t])
_fn("carc_learn_decode", carc_status, [POINTER(carc_move), SPACE, GAME, _u32p, c_size_t, CHARBUF,
                                       c_size_t])
_fn("carc_learn_mask", carc_status, [_u8p, c_size_t, SPACE, GAME, _u32p, c_size_t, CHARBUF, c_size_t])
_fn("carc_learn_observe", carc_status, [_u8p, c_size_t, _fl, c_size_t, SPACE, GAME, _u32p, c_size_t,
                                        CHARBUF, c_size_t])
_fn("carc_learn_vec_new", carc_status, [POINTER(VEC), SPACE, c_size_t, c_uint64, c_uint32],
    status=True)
_fn("carc_learn_vec_free", None, [VEC])
_fn("carc_learn_vec_bind", carc_status, [VEC, POINTER(carc_learn_buffers)], status=True, **_VEC_ERR)
_fn("carc_learn_vec_reset", carc_status, [VEC, c_uint64], status=True, **_VEC_ERR)
_fn("carc_learn_vec_step", carc_status, [VEC, _u32p, c_size_t], status=True, **_VEC_ERR)
_fn("carc_learn_vec_sample", carc_status, [_u32p, c_size_t, VEC, POINTER(c_uint64)], status=True)
_fn("carc_learn_vec_game", carc_status, [POINTER(GAME), VEC, c_size_t], status=True)
_fn("carc_learn_vec_prefix", carc_status, [_u32p, c_size_t, POINTER(c_size_t), VEC, c_size_t],
    status=True)
_fn("carc_learn_vec_rebuild", carc_status, [VEC], status=True, **_VEC_ERR)

# dice.h (the Carcassonne Dice Game). The mutating calls (play, undo,
# set_next_roll) attach carc_dice_game_last_error to their errors.
_fn("carc_dice_game_last_error", c_char_p, [DICE])
_DICE_ERR = dict(last_error_arg=0, last_error=lib.carc_dice_game_last_error)
_fn("carc_dice_faces_init", carc_status, [POINTER(carc_dice_faces), c_uint32], status=True)
_fn("carc_dice_faces_check", carc_status, [POINTER(carc_dice_faces)], status=True)
_fn("carc_dice_faces_parse", carc_status, [POINTER(carc_dice_faces), c_char_p], status=True)
_fn("carc_dice_options_init", carc_status, [POINTER(carc_dice_options), c_uint32], status=True)
_fn("carc_dice_game_new", carc_status, [POINTER(DICE), POINTER(carc_dice_options)], status=True)
_fn("carc_dice_game_free", None, [DICE])
_fn("carc_dice_game_clone", carc_status, [POINTER(DICE), DICE, c_uint32], status=True)
_fn("carc_dice_game_options_get", carc_status, [POINTER(carc_dice_options), DICE], status=True)
_fn("carc_dice_game_faces", carc_status, [POINTER(carc_dice_faces), DICE], status=True)
_fn("carc_dice_game_phase", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_players", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_current_player", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_turn", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_rolls", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_doubled", carc_status, [POINTER(c_bool), DICE], status=True)
_fn("carc_dice_game_score", carc_status, [_i32p, DICE, c_uint32], status=True)
_fn("carc_dice_game_kept_knight", carc_status, [_u32p, DICE, c_uint32], status=True,
    ok=_OK_NOTFOUND)
_fn("carc_dice_game_winner", carc_status, [_u32p, _u32p, DICE], status=True, ok=_OK_NOTFOUND)
_fn("carc_dice_game_die", carc_status, [POINTER(carc_dice_die), DICE, c_uint32], status=True)
_fn("carc_dice_game_player_dice", carc_status, [_u32p, DICE, c_uint32], status=True)
_fn("carc_dice_game_cell", carc_status, [_u32p, DICE, c_int32, c_int32], status=True,
    ok=_OK_NOTFOUND)
_fn("carc_dice_game_city_bounds", carc_status, [_i32p, _i32p, _i32p, _i32p, DICE], status=True,
    ok=_OK_NOTFOUND)
_fn("carc_dice_game_largest_closed_city", carc_status, [_u32p, _u32p, DICE], status=True)
# A number, not a carc_status (int32_t, like c_int): no errcheck.
_fn("carc_dice_city_points", c_int32, [c_uint32])
_fn("carc_dice_game_legal_actions", carc_status,
    [POINTER(carc_dice_action), c_size_t, POINTER(c_size_t), DICE, c_uint32], status=True,
    ok=_OK_EBUFFER)
# check_action returns the status play would return and writes no last-error text.
_fn("carc_dice_game_check_action", carc_status, [DICE, POINTER(carc_dice_action)])
# check_action_msg writes its reason into the caller's buffer: no errcheck,
# the caller raises with that text.
_fn("carc_dice_game_check_action_msg", carc_status, [DICE, POINTER(carc_dice_action), CHARBUF, c_size_t])
_fn("carc_dice_game_play", carc_status, [DICE, POINTER(carc_dice_action)], status=True,
    **_DICE_ERR)
_fn("carc_dice_game_action_count", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_action", carc_status, [POINTER(carc_dice_action), DICE, c_uint32],
    status=True)
_fn("carc_dice_game_last_roll", carc_status, [_u8p, c_size_t, POINTER(c_size_t), _u32p, DICE],
    status=True, ok=_OK_NOTFOUND)
_fn("carc_dice_game_undo", carc_status, [DICE], status=True, **_DICE_ERR)
_fn("carc_dice_game_can_undo", carc_status, [POINTER(c_bool), DICE], status=True)
_fn("carc_dice_game_set_next_roll", carc_status, [DICE, POINTER(c_uint8), c_size_t], status=True,
    **_DICE_ERR)
_fn("carc_dice_game_event_count", carc_status, [_u32p, DICE], status=True)
_fn("carc_dice_game_event", carc_status, [POINTER(carc_dice_event), DICE, c_uint32], status=True)
_fn("carc_dice_game_save", carc_status, [CHARBUF, c_size_t, POINTER(c_size_t), DICE], status=True,
    ok=_OK_EBUFFER)
# load reports through carc_load_error (line number): no errcheck.
_fn("carc_dice_game_load", carc_status, [POINTER(DICE), c_char_p, c_size_t,
                                         POINTER(carc_allocator), POINTER(carc_load_error)])

#: Every C function this module declares (the tests compare it with abi/carcassonne.symbols).
DECLARED = frozenset(name for name, value in list(globals().items())
                     if name.startswith("carc_") and isinstance(value, ctypes._CFuncPtr))


def read_text(writer, *args) -> str:
    """Call an snprintf-style writer ``writer(buf, cap, &needed, *args)`` twice:
    once to size, once to write. Returns the text as str."""
    needed = c_size_t(0)
    writer(None, 0, ctypes.byref(needed), *args)
    size = needed.value + 1
    buf = ctypes.create_string_buffer(size)
    writer(buf, size, ctypes.byref(needed), *args)
    return buf.raw[:needed.value].decode("utf-8")


def game_ptr():
    return GAME()
