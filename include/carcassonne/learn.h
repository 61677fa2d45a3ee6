/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: for learning agents. A fixed action space, observation
 * tensors and a vectorised environment, for a given set of game options
 * (docs/learn.md describes every id and every plane, layout version
 * CARC_LEARN_LAYOUT_VERSION).
 *
 * A space (carc_learn_space) is made from game options and a window radius:
 * it fixes the number of actions, the observation's planes and vector, and
 * where each of them lies (carc_learn_info). The window is the square of
 * cells within `radius` of the start (the City of Carcassonne with the Count);
 * placements outside it are not actions.
 *
 * Actions. Every decision of every module is one or two ids:
 *  - place the tile: a placement id (cell x rotation), then a figure id (no
 *    figure, a figure kind at one of 13 locations of the new tile, the abbot's
 *    recall): two steps, so that the space stays small;
 *  - pass (the builder's second tile, the Count's decisions): one id;
 *  - the Count: a move out of the city is an exit cell id, then a figure id
 *    (follower or big follower at a location of that tile); a follower into a
 *    quarter and the Count's move are one id each.
 * carc_learn_encode and carc_learn_decode turn a move into its ids and back;
 * carc_learn_mask writes which ids are legal next.
 *
 * Observations: planes of width x width bytes over the window (tiles, their
 * edges and features, each module's marks, figures by player and kind) and a
 * vector of floats (scores, figures in supply, goods, the City of
 * Carcassonne, the tile to place, the tiles left by kind, the decision); the
 * players are counted from the player to move (0: him, 1: the next, ...).
 *
 * The vectorised environment (carc_learn_vec) plays N games at once: one
 * call steps all of them with N action ids and writes observations, masks,
 * rewards, results, done flags and the players to move into the caller's
 * arrays (bound once, carc_learn_vec_bind), keeping the observations up to
 * date move by move. Finished games restart with the next seed.
 *
 * Thread safety: a space is immutable and may be shared by any threads. A
 * vectorised environment is one handle: separate environments may be used on
 * separate threads at once; a mutating call on an environment that another
 * thread is in the middle of mutating is refused (CARC_EPHASE), never run.
 */
#ifndef CARCASSONNE_LEARN_H
#define CARCASSONNE_LEARN_H

#include "common.h"
#include "game.h"
#include "moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The layout of actions and observations this header describes (docs/learn.md).
 * It changes whenever an id or a plane changes meaning. @since 0.2 */
#define CARC_LEARN_LAYOUT_VERSION 1

/** No action: the first id of a decision not yet taken, the action of a game
 * that is over (CARC_LEARN_VEC_NO_RESTART). @since 0.2 */
#define CARC_LEARN_NO_ACTION UINT32_MAX

/** The window radius of a space made with radius 0. @since 0.2 */
#define CARC_LEARN_DEFAULT_RADIUS 15
/** The largest window radius. @since 0.2 */
#define CARC_LEARN_MAX_RADIUS 64

/**
 * Where a figure stands on a tile, in board orientation (the tile as laid):
 * a road, city or river by the lowest side it touches (N, E, S, W), a field by
 * the lowest port it touches (CARC_LEARN_LOC_PORT + port, ports as in tile.h),
 * a monastery, a garden or a field that touches no side in the middle.
 * Every segment of every tile has one location, and no two segments of a tile
 * share one. @since 0.2
 */
enum {
    CARC_LEARN_LOC_N = 0,
    CARC_LEARN_LOC_E = 1,
    CARC_LEARN_LOC_S = 2,
    CARC_LEARN_LOC_W = 3,
    CARC_LEARN_LOC_PORT = 4,    /**< 4..11: the field touching port 0..7 */
    CARC_LEARN_LOC_MIDDLE = 12  /**< a monastery, a garden, a field touching no side */
};
/** Locations on a tile (layout version 1). @since 0.2 */
#define CARC_LEARN_LOCATIONS 13

/**
 * The figure actions (ids from carc_learn_info.figure_base on): no figure,
 * then each figure kind at each location, then the abbot's recall:
 * figure_base + CARC_LEARN_FIGURE_AT(figure, location). @since 0.2
 */
enum {
    CARC_LEARN_FIGURE_NONE = 0,   /**< place no figure */
    CARC_LEARN_FIGURE_RECALL = 66 /**< the abbot's recall */
};
/** Figure actions (layout version 1). @since 0.2 */
#define CARC_LEARN_FIGURE_ACTIONS 67
/** The figure action of carc_figure `figure` (1..5) at `location` (0..12). @since 0.2 */
#define CARC_LEARN_FIGURE_AT(figure, location) (1u + ((uint32_t)(figure) - 1u) * 13u + (uint32_t)(location))

/**
 * The planes every space has, in this order (each width x width bytes, row
 * y, column x); the figure planes follow (carc_learn_info.figure_plane,
 * docs/learn.md). A plane holds 0 or 1. @since 0.2
 */
enum {
    CARC_LEARN_PLANE_TILE = 0,       /**< a tile lies there (or the tile being placed) */
    CARC_LEARN_PLANE_EDGE = 1,       /**< 1..16: 1 + 4 * side + carc_edge: the edge on that side */
    CARC_LEARN_PLANE_JOIN = 17,      /**< 17..22: one road, city or river joins the sides
                                          N-E, N-S, N-W, E-S, E-W, S-W */
    CARC_LEARN_PLANE_MONASTERY = 23,
    CARC_LEARN_PLANE_GARDEN = 24,
    CARC_LEARN_PLANE_PENNANT = 25,   /**< a pennant (coat of arms) on the tile */
    CARC_LEARN_PLANE_INN = 26,
    CARC_LEARN_PLANE_CATHEDRAL = 27,
    CARC_LEARN_PLANE_GOODS = 28,     /**< 28..30: a goods symbol of carc_good 0..2 */
    CARC_LEARN_PLANE_CITY = 31,      /**< a tile of the City of Carcassonne */
    CARC_LEARN_PLANE_PENDING = 32    /**< the cell chosen by the first id of the decision */
};
/** Planes before the figure planes (layout version 1). @since 0.2 */
#define CARC_LEARN_FIXED_PLANES 33

/**
 * The stage of a decision (one-hot in the observation vector, at
 * carc_learn_info.v_stage). @since 0.2
 */
typedef enum carc_learn_stage {
    CARC_LEARN_STAGE_PLACE = 0,       /**< a placement id (or a pass, for a second tile) */
    CARC_LEARN_STAGE_FIGURE = 1,      /**< the figure id of the placement chosen */
    CARC_LEARN_STAGE_EXIT = 2,        /**< the Count: an exit cell id, or a pass */
    CARC_LEARN_STAGE_EXIT_FIGURE = 3, /**< the Count: the figure id of the exit cell chosen */
    CARC_LEARN_STAGE_QUARTER = 4,     /**< the Count: a quarter id, or a pass */
    CARC_LEARN_STAGE_COUNT = 5,       /**< the Count: a Count id, or a pass */
    CARC_LEARN_STAGE_OVER = 6         /**< the game is over */
} carc_learn_stage;

/** Values of the done flags (carc_learn_buffers.done). @since 0.2 */
enum {
    CARC_LEARN_DONE_OVER = 1,     /**< the game ended (final scoring done) */
    CARC_LEARN_DONE_TRUNCATED = 2 /**< the game was cut: no legal action lies in the window */
};

/** Flags of carc_learn_vec_new. @since 0.2 */
enum {
    /** A finished game stays as it ended (its stage CARC_LEARN_STAGE_OVER, its
     * done flag kept, its action CARC_LEARN_NO_ACTION) until
     * carc_learn_vec_reset, instead of restarting at once. */
    CARC_LEARN_VEC_NO_RESTART = 1u << 0
};

/**
 * Options of a space. Growable: set struct_size (sizeof) first; a zeroed
 * struct (but struct_size) gives the defaults.
 * @since 0.2
 */
typedef struct carc_learn_options {
    uint32_t struct_size;
    uint32_t radius; /**< window radius, 1..CARC_LEARN_MAX_RADIUS; 0: CARC_LEARN_DEFAULT_RADIUS */
    uint32_t flags;  /**< 0 (none defined yet) */
} carc_learn_options;

/** An action space and observation layout (immutable). @since 0.2 */
typedef struct carc_learn_space carc_learn_space;

/**
 * Make the space of games with options `game` (their players, modules and
 * start; the seed is not used) and a window (`opts` NULL: the defaults).
 * On failure *out is NULL.
 * The window must hold every cell next to the tiles laid before the first
 * turn (the start tile; the City of Carcassonne and the spring): radius 3
 * with the Count, 4 with the spring given at (-3,0) or (-3,1).
 * @return CARC_OK, CARC_EINVAL (NULL out or game, options carc_game_new
 *         refuses with CARC_EINVAL, struct_size too small, unknown flags),
 *         CARC_ERANGE (radius above CARC_LEARN_MAX_RADIUS or too small for
 *         the start; options carc_game_new refuses with it), CARC_EVERSION,
 *         CARC_EUNSUPPORTED, CARC_ENOMEM.
 * @since 0.2
 */
CARC_API carc_status carc_learn_space_new(carc_learn_space **out, const carc_game_options *game,
                                          const carc_learn_options *opts);

/** Free a space. NULL is a no-op. @since 0.2 */
CARC_API void carc_learn_space_free(carc_learn_space *space);

/**
 * The sizes and offsets of a space. Growable: set struct_size first; the
 * library fills what fits. Ids: placements place_base + 4 * (row * width +
 * column) + rotation (row = y - centre_y + radius, column = x - centre_x +
 * radius); figure actions figure_base + CARC_LEARN_FIGURE_*; the pass
 * pass_id; with the Count exit cells exit_base + row * width + column,
 * quarters quarter_base + 4 * (figure - 1) + quarter (figure: follower or big
 * follower), the Count count_base + quarter (else the three are UINT32_MAX).
 * Vector offsets (v_*) are in floats; docs/learn.md gives each section.
 * @since 0.2
 */
typedef struct carc_learn_info {
    uint32_t struct_size;
    uint32_t layout_version;  /**< CARC_LEARN_LAYOUT_VERSION */
    uint32_t players;
    uint32_t modules;         /**< the rule elements (carc_modules_elements) */
    uint32_t radius;
    uint32_t width;           /**< 2 * radius + 1 */
    int32_t centre_x;         /**< the window's middle cell */
    int32_t centre_y;
    uint32_t actions;         /**< the number of action ids */
    uint32_t place_base;
    uint32_t figure_base;
    uint32_t pass_id;
    uint32_t exit_base;
    uint32_t quarter_base;
    uint32_t count_base;
    uint32_t planes;          /**< planes of an observation */
    uint32_t plane_size;      /**< bytes of a plane: width * width */
    uint32_t figure_plane;    /**< the first figure plane (CARC_LEARN_FIXED_PLANES) */
    uint32_t player_planes;   /**< figure planes of one player */
    uint32_t figure_kinds;    /**< bit f set: figure kind f (carc_figure) is in the game */
    uint32_t vector;          /**< floats of the vector */
    uint32_t kinds;           /**< tile kinds (carc_tile_kind_count) */
    uint32_t v_scores;        /**< players: the scores */
    uint32_t v_supply;        /**< players x 5: figures in supply, by carc_figure 1..5 */
    uint32_t v_goods;         /**< players x 3: goods tokens */
    uint32_t v_city;          /**< players x 4 quarters x 2 (follower, big follower): in the city */
    uint32_t v_count;         /**< 4: one-hot, the Count's quarter (0 without the Count) */
    uint32_t v_seat;          /**< players: one-hot, the seat of the player to move */
    uint32_t v_stage;         /**< 7: one-hot, carc_learn_stage */
    uint32_t v_flags;         /**< 3: optional decision, second tile, final round */
    uint32_t v_tile;          /**< kinds: one-hot, the tile to place */
    uint32_t v_left;          /**< kinds: tiles left to draw by kind, the current one included */
    uint32_t v_left_total;    /**< 1: tiles left to draw */
} carc_learn_info;

/** @return CARC_OK, CARC_EINVAL (NULL, struct_size below 4). @since 0.2 */
CARC_API carc_status carc_learn_space_info(carc_learn_info *out, const carc_learn_space *space);

/**
 * The ids of `move` for the decision `game` waits for: 2 for a place move
 * (placement, figure action) and an exit (exit cell, figure action), 1 for the
 * others. `ids` receives up to `cap` of them, `*n` (if not NULL) how many
 * there are. The move need not be legal; it must be of the kind the
 * decision takes and lie in the window. `game` must have the space's options.
 * On failure `msg` (if cap > 0) says why, else "".
 * @return CARC_OK, CARC_EINVAL (NULL, mismatched options, a move field out of
 *         range), CARC_EBUFFER (cap too small; *n says how many),
 *         CARC_ERANGE (outside the window), CARC_EILLEGAL (a kind the
 *         decision does not take), CARC_EGAME_OVER.
 * @since 0.2
 */
CARC_API carc_status carc_learn_encode(uint32_t *ids, size_t cap, size_t *n, const carc_learn_space *space,
                                       const carc_game *game, const carc_move *move, char *msg, size_t msg_cap);

/**
 * The move ids[0..n) stand for, in the decision `game` waits for (n: 2 for a
 * placement or an exit cell with its figure action, 1 for the others). The
 * move is not checked for legality (carc_game_check_move does); ids that
 * name no move (a location with no segment, an id of another decision) are
 * refused. On failure `msg` (if cap > 0) says why, else "".
 * @return CARC_OK, CARC_EINVAL (NULL, mismatched options, n not 1 or 2),
 *         CARC_ERANGE (an id out of the space), CARC_EILLEGAL (ids that name
 *         no move of this decision, or too few or too many for it),
 *         CARC_EGAME_OVER.
 * @since 0.2
 */
CARC_API carc_status carc_learn_decode(carc_move *out, const carc_learn_space *space, const carc_game *game,
                                       const uint32_t *ids, size_t n, char *msg, size_t msg_cap);

/**
 * The legal-action mask of the next id, from scratch: mask[a] = 1 for each
 * legal id a, else 0, for a < carc_learn_info.actions (`cap` bytes at least),
 * after the ids `prefix[0..n)` already chosen in this decision (n 0 or 1). A
 * game that is over gives an all-zero mask. On failure nothing is written and
 * `msg` (if cap > 0) says why.
 * @return CARC_OK, CARC_EINVAL (NULL, mismatched options, n > 1),
 *         CARC_EBUFFER (cap), CARC_EILLEGAL (a prefix that is not a legal
 *         first id).
 * @since 0.2
 */
CARC_API carc_status carc_learn_mask(uint8_t *mask, size_t cap, const carc_learn_space *space,
                                     const carc_game *game, const uint32_t *prefix, size_t n, char *msg,
                                     size_t msg_cap);

/**
 * The observation of `game` after the ids `prefix[0..n)` of this decision,
 * from scratch: `planes` (planes x plane_size bytes, `planes_cap` at least)
 * and `vector` (`vector_cap` floats at least; carc_learn_info). What the
 * vectorised environment keeps up to date move by move equals this. On
 * failure nothing is written and `msg` (if cap > 0) says why.
 * @return as carc_learn_mask.
 * @since 0.2
 */
CARC_API carc_status carc_learn_observe(uint8_t *planes, size_t planes_cap, float *vector, size_t vector_cap,
                                        const carc_learn_space *space, const carc_game *game,
                                        const uint32_t *prefix, size_t n, char *msg, size_t msg_cap);

/** A vectorised environment: N games of one space. @since 0.2 */
typedef struct carc_learn_vec carc_learn_vec;

/**
 * The caller's arrays an environment writes into, for N games (row i: game
 * i). Growable: set struct_size first. Each `_cap` counts elements:
 *   planes  N x planes x plane_size bytes (uint8 0/1)
 *   vector  N x vector floats
 *   mask    N x actions bytes (1: legal)
 *   rewards N x players floats: points each seat gained in the step
 *   results N x players floats: at the end of a game, 1 for a sole winner, 0
 *           for a shared first place, -1 for the others; else 0
 *   done    N bytes: 0, CARC_LEARN_DONE_OVER or CARC_LEARN_DONE_TRUNCATED
 *   player  N: the seat to move (absolute)
 * The environment keeps observations and masks up to date in place: do not
 * write into them (or call carc_learn_vec_rebuild after).
 * @since 0.2
 */
typedef struct carc_learn_buffers {
    uint32_t struct_size;
    uint8_t *planes;
    size_t planes_cap;
    float *vector;
    size_t vector_cap;
    uint8_t *mask;
    size_t mask_cap;
    float *rewards;
    size_t rewards_cap;
    float *results;
    size_t results_cap;
    uint8_t *done;
    size_t done_cap;
    uint32_t *player;
    size_t player_cap;
} carc_learn_buffers;

/**
 * An environment of `games` games (1 or more) of `space` (copied: the space
 * may be freed after), game i seeded `seed + i`; later games take the next
 * seeds in turn. `flags`: CARC_LEARN_VEC_*. The games use the space's game
 * options with CARC_GAME_NO_UNDO. On failure *out is NULL.
 * @return CARC_OK, CARC_EINVAL (NULL, games 0, unknown flags), CARC_ERANGE
 *         (more than 65,536 games), CARC_ENOMEM.
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_new(carc_learn_vec **out, const carc_learn_space *space, size_t games,
                                        uint64_t seed, uint32_t flags);

/** Free an environment. NULL is a no-op. @since 0.2 */
CARC_API void carc_learn_vec_free(carc_learn_vec *env);

/**
 * Bind the caller's arrays (every pointer required, each at least the size
 * above) and write the observations, masks and players to move of every game
 * into them (rewards, results and done: 0). They stay bound until the next
 * bind or the free.
 * @return CARC_OK, CARC_EINVAL (NULL, struct_size), CARC_EBUFFER (an array
 *         too small; the message names it), CARC_EPHASE (another thread is
 *         in the environment).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_bind(carc_learn_vec *env, const carc_learn_buffers *buffers);

/**
 * Restart every game: game i with seed `seed + i`, later games with the next
 * seeds. Writes every output as carc_learn_vec_bind does (when bound).
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EPHASE, CARC_ENOMEM (the
 *         environment keeps its games).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_reset(carc_learn_vec *env, uint64_t seed);

/**
 * Step every game with its action: actions[i] must be legal in game i (its
 * mask), or CARC_LEARN_NO_ACTION for a game kept finished
 * (CARC_LEARN_VEC_NO_RESTART). All actions are checked before any game moves:
 * one bad action refuses the whole step and changes nothing. Then the
 * bound arrays are written: observations and masks of the next decision,
 * rewards, results, done flags and players to move. A game that ends (or is
 * cut) restarts with the next seed, and its row shows the new game (but
 * rewards, results and done, which are the old game's).
 * @return CARC_OK, CARC_EINVAL (NULL, n is not the number of games),
 *         CARC_EILLEGAL (an action id that is not legal; the message says
 *         which game and why), CARC_ERANGE (an id outside the space),
 *         CARC_EPHASE (no arrays bound; another thread is in the
 *         environment), CARC_ENOMEM (a restart failed: the games that moved
 *         stay moved, the failed one keeps its finished game).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_step(carc_learn_vec *env, const uint32_t *actions, size_t n);

/**
 * A uniformly random legal action for every game (CARC_LEARN_NO_ACTION for a
 * finished game kept), drawn with the splitmix64 state `*rng` (advanced):
 * the uniform random policy. actions[0..n), n the number of games.
 * @return CARC_OK, CARC_EINVAL (NULL, n is not the number of games).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_sample(uint32_t *actions, size_t n, const carc_learn_vec *env, uint64_t *rng);

/**
 * Game `index` (borrowed, read-only: valid until the next mutating call on
 * the environment).
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_ERANGE (index).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_game(const carc_game **out, const carc_learn_vec *env, size_t index);

/**
 * The ids already chosen in game `index`'s decision (0 or 1 of them: the
 * placement or exit cell before its figure action), as carc_learn_mask and
 * carc_learn_observe take them.
 * @return CARC_OK, CARC_EINVAL (NULL ids with cap > 0), CARC_ERANGE (index),
 *         CARC_EBUFFER (cap too small; *n says how many).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_prefix(uint32_t *ids, size_t cap, size_t *n, const carc_learn_vec *env,
                                           size_t index);

/**
 * Write every observation, mask and player to move again from scratch into
 * the bound arrays (after the caller wrote into them); rewards, results and
 * done flags stay as they are.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EPHASE (no arrays bound; another thread).
 * @since 0.2
 */
CARC_API carc_status carc_learn_vec_rebuild(carc_learn_vec *env);

/**
 * The message of the last call on this environment that failed (never NULL;
 * "" if none). Borrowed until the next mutating call.
 * @since 0.2
 */
CARC_API const char *carc_learn_vec_last_error(const carc_learn_vec *env);

#ifdef __cplusplus
}
#endif
#endif
