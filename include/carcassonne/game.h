/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: the game handle.
 */
#ifndef CARCASSONNE_GAME_H
#define CARCASSONNE_GAME_H

#include "common.h"
#include "tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque game. @since 0.1 */
typedef struct carc_game carc_game;

/** The options version this header describes: 2 since 0.2 (`variants`);
 * a version 1 struct (0.1) ends before `variants`. @since 0.1 */
#define CARC_GAME_OPTIONS_VERSION 2

/**
 * No start tile named: the rules' default start, so that every combination of
 * modules starts with no other option.
 *  - base game (and the Abbot, Inns & Cathedrals, Traders & Builders): D at
 *    start_x, start_y turned start_rotation (default 0,0 rotation 0);
 *  - with the River: the spring RA there instead;
 *  - with the Count: the City of Carcassonne (CO/1..CO/12) lies in place of the
 *    start tile, and no start tile, place or rotation may be given;
 *  - with the Count and the River: the spring RA lies beside the City of
 *    Carcassonne, by default at (0,-2) turned 270 degrees (rotation 3): north
 *    of CO/3, its field side on the field along the City's north wall, its
 *    river flowing east, away from the city (docs/rules.md 8.2). The default
 *    place applies when start_x, start_y and start_rotation are all 0; any
 *    other place (with this constant or with RA named) is checked as given:
 *    on a field edge of the City, every shared edge matching, its river
 *    flowing away (CARC_ERANGE and a message otherwise).
 * carc_game_options_get and records name the start a game was made with (the
 * tile, its place and rotation), so a game made with the default is made
 * again from either.
 */
#define CARC_DEFAULT_START_TILE UINT32_MAX

/**
 * Options for carc_game_new. Initialise with CARC_GAME_OPTIONS_INIT or
 * carc_game_options_init(); fields are only ever appended, and the library
 * reads only the fields that `version` knows.
 * @since 0.1
 */
typedef struct carc_game_options {
    uint32_t version;       /**< CARC_GAME_OPTIONS_VERSION */
    uint32_t players;       /**< 2..5 (default 2); 2..6 with CARC_MODULE_INNS */
    uint64_t seed;          /**< shuffles the tiles; same seed, same game on every platform */
    uint32_t modules;       /**< CARC_MODULE_* flags (default CARC_MODULE_FARMERS) */
    uint32_t start_tile;    /**< tile kind of the start tile, or CARC_DEFAULT_START_TILE
                                 (base: D; with the River: the spring RA, which is then the
                                 only start tile allowed; with the Count and the River: RA
                                 at (0,-2) rotation 3 unless a place is given; see
                                 CARC_DEFAULT_START_TILE) */
    int32_t start_x;        /**< where the start tile lies (default 0,0) */
    int32_t start_y;
    uint32_t start_rotation; /**< 0..3 quarter turns clockwise */
    uint32_t flags;         /**< CARC_GAME_* flags (default 0) */
    const carc_allocator *allocator; /**< NULL: malloc/realloc/free; copied at creation */
    uint32_t variants;      /**< CARC_VARIANT_* rule variants (default 0: the rules of
                                 docs/rules.md) (options version 2, @since 0.2) */
} carc_game_options;

/**
 * Rule variants (carc_game_options.variants): a set flag is the variant, 0 the
 * project's default rules. Games and records keep them.
 * @since 0.2
 */
enum {
    /** First edition: a completed city of two tiles scores as an incomplete one,
     * 1 a tile and 1 a pennant (record option `tiny-city yes`). */
    CARC_VARIANT_TINY_CITY = 1u << 0,
    /** The Count (ruling C-12): at the end only the market's followers leave the
     * city, onto fields (`coc-final market`). Needs CARC_MODULE_COUNT. */
    CARC_VARIANT_COC_FINAL_MARKET = 1u << 1,
    /** The Count (ruling C-6): one follower into the city per turn, not one per
     * part of a builder's double turn (`coc-per-part no`). Needs CARC_MODULE_COUNT. */
    CARC_VARIANT_COC_ONCE_PER_TURN = 1u << 2
};

/** Game flags (carc_game_options.flags). @since 0.1 */
enum {
    /** Keep no undo journal: play is faster (no journal writes, no journal
     * memory), and carc_game_undo answers CARC_ENO_UNDO. For playouts and
     * self-play. A new tile choice in the same turn does not take the earlier
     * one back: it draws the chosen tile from the pile as it is (so after two
     * choices in one turn, a record of the game replays with another draw
     * order). Copies and clones of such a game keep no journal either; game
     * records do not keep this flag. */
    CARC_GAME_NO_UNDO = 1u << 0
};

#define CARC_GAME_OPTIONS_INIT \
    { CARC_GAME_OPTIONS_VERSION, 2, 0, CARC_MODULE_FARMERS, CARC_DEFAULT_START_TILE, 0, 0, 0, 0, NULL, 0 }

/**
 * Fill `opts` with the defaults for `version` (1 or 2): the fields that version
 * has, and no byte more.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EVERSION.
 * @since 0.1
 */
CARC_API carc_status carc_game_options_init(carc_game_options *opts, uint32_t version);

/**
 * Create a game: the start tile is placed and the remaining tiles shuffled from
 * the seed. The first player (0) is to move.
 * On failure *out is set to NULL (when out is not NULL).
 * @return CARC_OK, CARC_EINVAL (also: unknown variant flags, a variant whose
 *         module is off), CARC_EVERSION, CARC_ERANGE (players, start rotation,
 *         start tile), CARC_EUNSUPPORTED (module, variant), CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_new(carc_game **out, const carc_game_options *opts);

/** Free a game. NULL is a no-op. @since 0.1 */
CARC_API void carc_game_free(carc_game *game);

/** Flags for carc_game_clone and carc_game_copy. @since 0.1 */
enum {
    /** Leave the undo history behind: the copy cannot undo past this point
     * (except a tile choice still open in this turn, which it keeps), and
     * copying costs only the state (for tree search). */
    CARC_CLONE_NO_HISTORY = 1u << 0
};

/**
 * An independent copy of a game, undo history included unless `flags` has
 * CARC_CLONE_NO_HISTORY. Uses the game's allocator. On failure *out is NULL.
 * The history is not copied but shared, read-only (since 0.2): the cost
 * does not grow with the game's length, and the two games stay independent
 * (either may play, undo or be freed first); the memory of `game`'s
 * history lives as long as a clone needs it. A clone, with or without the
 * history, normally keeps the memory block of the game it was cloned from (or of
 * that game's own origin: one block, however deep the clones of clones go)
 * until it is freed, and takes no reference shared by all games of the
 * same options: clones made on several threads do not contend.
 * @return CARC_OK, CARC_EINVAL (NULL, unknown flag), CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_clone(carc_game **out, const carc_game *game, uint32_t flags);

/**
 * Make `dst` a copy of `src` (as carc_game_clone, with the same flags) without
 * allocating when `dst` already has room (games created with the same players
 * and modules always do, when copied without history). For tree search: one
 * scratch game reused for every playout.
 * @return CARC_OK, CARC_EINVAL, CARC_ENOMEM (dst unchanged).
 * @since 0.1
 */
CARC_API carc_status carc_game_copy(carc_game *dst, const carc_game *src, uint32_t flags);

/**
 * The message left by the last call on this game that failed (a static
 * or game-owned string, never NULL; "" if none). Borrowed until the next
 * mutating call on the game.
 * @since 0.1
 */
CARC_API const char *carc_game_last_error(const carc_game *game);

/** Options the game was created with (allocator field: NULL), as the whole
 * struct of this header (version CARC_GAME_OPTIONS_VERSION). @since 0.1 */
CARC_API carc_status carc_game_options_get(carc_game_options *out, const carc_game *game);

/** Number of players. @since 0.1 */
CARC_API carc_status carc_game_players(uint32_t *out, const carc_game *game);

/** The player to move (0-based): the one who must decide now (carc_pending.player; during the
 * Count's decisions the player asked, not always the one whose turn it is). @return CARC_OK,
 * CARC_EINVAL. @since 0.1 */
CARC_API carc_status carc_game_current_player(uint32_t *out, const carc_game *game);

/** Whether the game is over (final scoring done). @since 0.1 */
CARC_API carc_status carc_game_is_over(bool *out, const carc_game *game);

/** A player's score. @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_game_score(int32_t *out, const carc_game *game, uint32_t player);

/** A player's followers in supply (of 7). @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_game_supply(uint32_t *out, const carc_game *game, uint32_t player);
/**
 * A player's figures of one kind (carc_figure) in supply: followers (of 7),
 * and 0 or 1 of each other kind (an abbot only with the Abbot module, ...).
 * @return CARC_OK, CARC_EINVAL (NULL, figure not a figure kind), CARC_ERANGE (player).
 * @since 0.2
 */
CARC_API carc_status carc_game_figure_supply(uint32_t *out, const carc_game *game, uint32_t player,
                                             uint32_t figure);

/** Trade goods (Traders & Builders): the symbols in cities and the tokens a
 * player takes when a city is completed. @since 0.2 */
typedef enum carc_good {
    CARC_GOOD_WINE = 0,
    CARC_GOOD_GRAIN = 1,
    CARC_GOOD_CLOTH = 2,
    CARC_GOOD_COUNT = 3 /**< number of kinds of goods */
} carc_good;

/**
 * A player's trade-goods tokens of one kind (carc_good). Traders & Builders:
 * the player who places the tile that completes a city takes one token per
 * symbol in it; at the end each kind's majority scores 10. 0 without the module.
 * @return CARC_OK, CARC_EINVAL (NULL, good not a carc_good), CARC_ERANGE (player).
 * @since 0.2
 */
CARC_API carc_status carc_game_goods(uint32_t *out, const carc_game *game, uint32_t player, uint32_t good);

/**
 * The Count of Carcassonne: how many figures of kind `figure`
 * (CARC_FIGURE_FOLLOWER or CARC_FIGURE_BIG) of `player` stand in `quarter`
 * (carc_quarter, moves.h) of the City of Carcassonne. 0 without the module.
 * @return CARC_OK, CARC_EINVAL (NULL, quarter or figure out of range), CARC_ERANGE (player).
 * @since 0.2
 */
CARC_API carc_status carc_game_city(uint32_t *out, const carc_game *game, uint32_t quarter, uint32_t player,
                                    uint32_t figure);

/**
 * The Count of Carcassonne: the quarter (carc_quarter) where the Count stands.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EILLEGAL (no Count in this game).
 * @since 0.2
 */
CARC_API carc_status carc_game_count(uint32_t *out, const carc_game *game);
/**
 * Check options without creating a game, and say what is wrong: on failure
 * `msg` (if cap > 0) receives a NUL-terminated text such as "players 9 out of
 * range 2..5". The status is the one carc_game_new would return for them
 * (except CARC_ENOMEM).
 * @return CARC_OK, CARC_EINVAL, CARC_EVERSION, CARC_ERANGE, CARC_EUNSUPPORTED.
 * @since 0.2
 */
CARC_API carc_status carc_game_options_check(const carc_game_options *opts, char *msg, size_t cap);

/**
 * The tile the player to move must place now, or CARC_ENOTFOUND when the game
 * is over. Draws are lazy: this is the first tile from the top of the shuffled
 * pile that has a legal placement; the unplaceable tiles above it are drawn
 * and discarded (history and events report them) when the move is played.
 * Choosing a tile (carc_game_choose_tile) draws only that tile.
 * @since 0.1
 */
CARC_API carc_status carc_game_current_tile(uint32_t *out, const carc_game *game);

/** Tiles left to draw, the current tile included. @since 0.1 */
CARC_API carc_status carc_game_remaining(uint32_t *out, const carc_game *game);

/** Copies of `kind` left to draw, the current tile included. @since 0.1 */
CARC_API carc_status carc_game_remaining_of(uint32_t *out, const carc_game *game, uint32_t kind);

/**
 * Choose the tile the player to move draws (replays, tests, determinization).
 * Replaces an earlier choice made this turn. If the chosen tile has no legal
 * placement, it is discarded at once (as the rules say) and the same player
 * draws again; see carc_game_history. Undo takes the choice (or the discard)
 * back, even when the chosen tile was already the current one.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE (kind), CARC_ENOT_IN_BAG,
 *         CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_choose_tile(carc_game *game, uint32_t kind);

/**
 * End the game now, as if the draw pile were empty: final scoring runs.
 * Does nothing (CARC_OK) if the game is already over. Undo takes it back,
 * together with a tile choice made this turn.
 * @since 0.1
 */
CARC_API carc_status carc_game_end(carc_game *game);

/**
 * Bytes of one game state (what clone and copy move), for benchmarks. Since
 * 0.2 the history of moves is kept beside the state, with room for the
 * longest game, and clone and copy move only its entries so far (10 bytes
 * each, carc_game_history_count of them); it is not counted here.
 * @since 0.1
 */
CARC_API carc_status carc_game_state_size(size_t *out, const carc_game *game);

#ifdef __cplusplus
}
#endif
#endif
