/* SPDX-License-Identifier: MIT */
/*
 * The C side of the JavaScript binding (bindings/js/carcassonne.mjs), linked
 * into the WebAssembly module beside the library.
 *
 *  - carcjs_layout(): the sizes and field offsets of the public structs the
 *    binding reads and writes, and the values of the enumerators it uses, as
 *    one JSON text, so that the JavaScript hard-codes no number the headers
 *    define (docs/conventions.md "Bindings": bindings never copy
 *    constants by hand); and the players' colours of the SVG picture, so
 *    that the page draws its players in the library's colours.
 *  - carcjs_learn_vec_new, carcjs_learn_vec_reset: the learning
 *    environment's calls that take a 64-bit seed, with it as two halves;
 *  - carcjs_mcts_*: the example MCTS player (examples/mcts.c), when this build
 *    has it (CARCJS_HAVE_MCTS), behind three small functions that take plain
 *    numbers (no mcts_options struct to lay out in JavaScript).
 *
 * Public API only, and the players' colours of the renderer
 * (libcarc/render/palette.h: data only). The names use the prefix
 * `carcjs_`: `carc_` belongs to the library.
 */
#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define CARCJS_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define CARCJS_EXPORT
#endif

#ifdef CARCJS_HAVE_MCTS
#include "mcts.h"
#endif

#include "palette.h" /* libcarc/render/: the players' colours, data only */

static char layout_json[8192];

/* Append printf-style text to layout_json. */
static size_t put(size_t at, const char *fmt, long a, long b)
{
    int n;
    if (at >= sizeof layout_json)
        return at;
    n = snprintf(layout_json + at, sizeof layout_json - at, fmt, a, b);
    return n < 0 ? at : at + (size_t)n;
}

/* Append text formatted with one string (one that needs no escapes in JSON). */
static size_t put_s(size_t at, const char *fmt, const char *s)
{
    int n;
    if (at >= sizeof layout_json)
        return at;
    n = snprintf(layout_json + at, sizeof layout_json - at, fmt, s);
    return n < 0 ? at : at + (size_t)n;
}

/* Every format takes two longs; "%.0ld" prints nothing (for an unused one). */
#define STRUCT(type) at = put(at, "%.0ld\"" #type "\":{\"size\":%ld", 0, (long)sizeof(type))
#define FIELD(type, field) at = put(at, ",\"" #field "\":%ld%.0ld", (long)offsetof(type, field), 0)
#define END at = put(at, "},%.0ld%.0ld", 0, 0)
#define CONST(name) at = put(at, ",\"" #name "\":%ld%.0ld", (long)(name), 0)

/*
 * The layout as JSON: {"struct":{"size":N,"field":offset,...},...,
 * "playerColors":["#rrggbb",...],"const":{"CARC_X":value,...}}. A static
 * string (built on the first call).
 */
CARCJS_EXPORT const char *carcjs_layout(void)
{
    static const char *const colors[CARCI_PLAYER_COLORS] = CARCI_PLAYER_FILLS;
    size_t at = 0, i;
    if (layout_json[0] != '\0')
        return layout_json;
    at = put(at, "{%.0ld%.0ld", 0, 0);
    /* END writes a comma after every struct: the "const" object comes last */
    STRUCT(carc_game_options);
    FIELD(carc_game_options, version);
    FIELD(carc_game_options, players);
    FIELD(carc_game_options, seed);
    FIELD(carc_game_options, modules);
    FIELD(carc_game_options, start_tile);
    FIELD(carc_game_options, start_x);
    FIELD(carc_game_options, start_y);
    FIELD(carc_game_options, start_rotation);
    FIELD(carc_game_options, flags);
    FIELD(carc_game_options, allocator);
    FIELD(carc_game_options, variants);
    END;
    STRUCT(carc_move);
    FIELD(carc_move, x);
    FIELD(carc_move, y);
    FIELD(carc_move, tile);
    FIELD(carc_move, rotation);
    FIELD(carc_move, figure);
    FIELD(carc_move, segment);
    FIELD(carc_move, kind);
    FIELD(carc_move, quarter);
    FIELD(carc_move, reserved);
    END;
    STRUCT(carc_pending);
    FIELD(carc_pending, struct_size);
    FIELD(carc_pending, decision);
    FIELD(carc_pending, player);
    FIELD(carc_pending, flags);
    FIELD(carc_pending, tile);
    FIELD(carc_pending, part);
    END;
    STRUCT(carc_figure_info);
    FIELD(carc_figure_info, struct_size);
    FIELD(carc_figure_info, player);
    FIELD(carc_figure_info, figure);
    FIELD(carc_figure_info, x);
    FIELD(carc_figure_info, y);
    FIELD(carc_figure_info, segment);
    FIELD(carc_figure_info, feature);
    END;
    STRUCT(carc_event);
    FIELD(carc_event, struct_size);
    FIELD(carc_event, kind);
    FIELD(carc_event, turn);
    FIELD(carc_event, feature_kind);
    FIELD(carc_event, points);
    FIELD(carc_event, players);
    FIELD(carc_event, returned);
    FIELD(carc_event, tile);
    FIELD(carc_event, x);
    FIELD(carc_event, y);
    FIELD(carc_event, segment);
    FIELD(carc_event, tiles);
    FIELD(carc_event, bonus);
    FIELD(carc_event, good);
    END;
    STRUCT(carc_history_entry);
    FIELD(carc_history_entry, struct_size);
    FIELD(carc_history_entry, kind);
    FIELD(carc_history_entry, player);
    FIELD(carc_history_entry, move);
    END;
    STRUCT(carc_load_error);
    FIELD(carc_load_error, struct_size);
    FIELD(carc_load_error, line);
    FIELD(carc_load_error, status);
    FIELD(carc_load_error, message);
    END;
    /* learn.h: the learning environment (VectorEnv) */
    STRUCT(carc_learn_options);
    FIELD(carc_learn_options, struct_size);
    FIELD(carc_learn_options, radius);
    FIELD(carc_learn_options, flags);
    END;
    STRUCT(carc_learn_info);
    FIELD(carc_learn_info, struct_size);
    FIELD(carc_learn_info, layout_version);
    FIELD(carc_learn_info, players);
    FIELD(carc_learn_info, modules);
    FIELD(carc_learn_info, radius);
    FIELD(carc_learn_info, width);
    FIELD(carc_learn_info, centre_x);
    FIELD(carc_learn_info, centre_y);
    FIELD(carc_learn_info, actions);
    FIELD(carc_learn_info, place_base);
    FIELD(carc_learn_info, figure_base);
    FIELD(carc_learn_info, pass_id);
    FIELD(carc_learn_info, exit_base);
    FIELD(carc_learn_info, quarter_base);
    FIELD(carc_learn_info, count_base);
    FIELD(carc_learn_info, planes);
    FIELD(carc_learn_info, plane_size);
    FIELD(carc_learn_info, figure_plane);
    FIELD(carc_learn_info, player_planes);
    FIELD(carc_learn_info, figure_kinds);
    FIELD(carc_learn_info, vector);
    FIELD(carc_learn_info, kinds);
    FIELD(carc_learn_info, v_scores);
    FIELD(carc_learn_info, v_supply);
    FIELD(carc_learn_info, v_goods);
    FIELD(carc_learn_info, v_city);
    FIELD(carc_learn_info, v_count);
    FIELD(carc_learn_info, v_seat);
    FIELD(carc_learn_info, v_stage);
    FIELD(carc_learn_info, v_flags);
    FIELD(carc_learn_info, v_tile);
    FIELD(carc_learn_info, v_left);
    FIELD(carc_learn_info, v_left_total);
    END;
    STRUCT(carc_learn_buffers);
    FIELD(carc_learn_buffers, struct_size);
    FIELD(carc_learn_buffers, planes);
    FIELD(carc_learn_buffers, planes_cap);
    FIELD(carc_learn_buffers, vector);
    FIELD(carc_learn_buffers, vector_cap);
    FIELD(carc_learn_buffers, mask);
    FIELD(carc_learn_buffers, mask_cap);
    FIELD(carc_learn_buffers, rewards);
    FIELD(carc_learn_buffers, rewards_cap);
    FIELD(carc_learn_buffers, results);
    FIELD(carc_learn_buffers, results_cap);
    FIELD(carc_learn_buffers, done);
    FIELD(carc_learn_buffers, done_cap);
    FIELD(carc_learn_buffers, player);
    FIELD(carc_learn_buffers, player_cap);
    END;
    /* the players' colours of the SVG picture, player 0 first, for the page */
    for (i = 0; i < CARCI_PLAYER_COLORS; i++)
        at = put_s(at, i == 0 ? "\"playerColors\":[\"%s\"" : ",\"%s\"", colors[i]);
    at = put_s(at, "%s", "],");
    at = put(at, "\"const\":{\"CARC_GAME_OPTIONS_VERSION\":%ld%.0ld", (long)CARC_GAME_OPTIONS_VERSION, 0);
    CONST(CARC_DEFAULT_START_TILE);
    CONST(CARC_GAME_NO_UNDO);
    CONST(CARC_CLONE_NO_HISTORY);
    CONST(CARC_ENUM_UNIQUE_ROTATIONS);
    CONST(CARC_RENDER_COLOR);
    CONST(CARC_RENDER_NO_LEGEND);
    CONST(CARC_NO_SEGMENT);
    CONST(CARC_SEGMENT_RECALL);
    CONST(CARC_EBUFFER);
    CONST(CARC_ENOTFOUND);
    CONST(CARC_MODULE_FARMERS);
    CONST(CARC_MODULE_RIVER);
    CONST(CARC_MODULE_COUNT);
    CONST(CARC_PENDING_OPTIONAL);
    CONST(CARC_PENDING_SECOND_TILE);
    CONST(CARC_PENDING_FINAL);
    CONST(CARC_DECISION_NONE);
    CONST(CARC_DECISION_PLACE);
    CONST(CARC_DECISION_EXIT);
    CONST(CARC_DECISION_QUARTER);
    CONST(CARC_DECISION_COUNT);
    CONST(CARC_MOVE_PLACE);
    CONST(CARC_MOVE_PASS);
    CONST(CARC_MOVE_EXIT);
    CONST(CARC_MOVE_QUARTER);
    CONST(CARC_MOVE_COUNT);
    CONST(CARC_FIGURE_NONE);
    CONST(CARC_FIGURE_FOLLOWER);
    CONST(CARC_FIGURE_BIG);
    CONST(CARC_FIGURE_ABBOT);
    CONST(CARC_FIGURE_BUILDER);
    CONST(CARC_FIGURE_PIG);
    CONST(CARC_QUARTER_CASTLE);
    CONST(CARC_QUARTER_MARKET);
    CONST(CARC_QUARTER_BLACKSMITH);
    CONST(CARC_QUARTER_CATHEDRAL);
    CONST(CARC_SEG_FIELD);
    CONST(CARC_SEG_ROAD);
    CONST(CARC_SEG_CITY);
    CONST(CARC_SEG_MONASTERY);
    CONST(CARC_SEG_GARDEN);
    CONST(CARC_SEG_RIVER);
    CONST(CARC_EVENT_SCORE);
    CONST(CARC_EVENT_FINAL);
    CONST(CARC_EVENT_DISCARD);
    CONST(CARC_EVENT_RECALL);
    CONST(CARC_EVENT_GOODS);
    CONST(CARC_EVENT_TRADE);
    CONST(CARC_BONUS_INN);
    CONST(CARC_BONUS_CATHEDRAL);
    CONST(CARC_BONUS_PIG);
    CONST(CARC_GOOD_WINE);
    CONST(CARC_GOOD_GRAIN);
    CONST(CARC_GOOD_CLOTH);
    CONST(CARC_HISTORY_PLACE);
    CONST(CARC_HISTORY_DISCARD);
    CONST(CARC_HISTORY_END);
    CONST(CARC_POLICY_RANDOM);
    CONST(CARC_POLICY_IMMEDIATE);
    CONST(CARC_VARIANT_TINY_CITY);
    CONST(CARC_VARIANT_COC_FINAL_MARKET);
    CONST(CARC_VARIANT_COC_ONCE_PER_TURN);
    CONST(CARC_LEARN_LAYOUT_VERSION);
    CONST(CARC_LEARN_VEC_NO_RESTART);
    CONST(CARC_LEARN_DONE_OVER);
    CONST(CARC_LEARN_DONE_TRUNCATED);
    CONST(CARC_LEARN_PLANE_PENDING);
    at = put(at, "}}%.0ld%.0ld", 0, 0);
    if (at >= sizeof layout_json)
        layout_json[0] = '\0'; /* cannot happen: the buffer has room to spare */
    return layout_json;
}

/* carc_learn_vec_new and carc_learn_vec_reset with their 64-bit seed as two
 * 32-bit halves (what JavaScript passes without BigInt integration). */
CARCJS_EXPORT carc_status carcjs_learn_vec_new(carc_learn_vec **out, const carc_learn_space *space, size_t games,
                                               uint32_t seed_lo, uint32_t seed_hi, uint32_t flags)
{
    return carc_learn_vec_new(out, space, games, (uint64_t)seed_hi << 32 | seed_lo, flags);
}

CARCJS_EXPORT carc_status carcjs_learn_vec_reset(carc_learn_vec *env, uint32_t seed_lo, uint32_t seed_hi)
{
    return carc_learn_vec_reset(env, (uint64_t)seed_hi << 32 | seed_lo);
}

/* 1 when this module has the example MCTS player (carcjs_mcts_*), else 0. */
CARCJS_EXPORT int carcjs_have_mcts(void)
{
#ifdef CARCJS_HAVE_MCTS
    return 1;
#else
    return 0;
#endif
}

#ifdef CARCJS_HAVE_MCTS
/* A player for games like `like`: `budget` playouts a move, the playouts'
 * policy (carc_policy), the search's seed (low and high 32 bits). */
CARCJS_EXPORT carc_status carcjs_mcts_new(mcts **out, const carc_game *like, uint32_t budget, uint32_t policy,
                                          uint32_t seed_lo, uint32_t seed_hi)
{
    mcts_options o;
    mcts_options_init(&o);
    o.budget = budget;
    o.policy = policy;
    o.seed = (uint64_t)seed_hi << 32 | seed_lo;
    return mcts_new(out, like, &o);
}

CARCJS_EXPORT carc_status carcjs_mcts_choose(mcts *m, const carc_game *game, carc_move *out)
{
    return mcts_choose(m, game, out);
}

CARCJS_EXPORT void carcjs_mcts_free(mcts *m)
{
    mcts_free(m);
}
#endif
