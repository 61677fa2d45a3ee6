/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: the board, the figures on it and the features.
 */
#ifndef CARCASSONNE_BOARD_H
#define CARCASSONNE_BOARD_H

#include "moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Number of tiles on the board, the start tile included. @since 0.1 */
CARC_API carc_status carc_game_tile_count(uint32_t *out, const carc_game *game);

/**
 * Placed tile `index` (0 = the start tile, then in order of placement) as a
 * move with no figure.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE.
 * @since 0.1
 */
CARC_API carc_status carc_game_tile(carc_move *out, const carc_game *game, uint32_t index);

/**
 * The tile at (x, y), as a move with no figure.
 * @return CARC_OK, CARC_EINVAL, CARC_ENOTFOUND (empty cell).
 * @since 0.1
 */
CARC_API carc_status carc_game_tile_at(carc_move *out, const carc_game *game, int32_t x, int32_t y);

/** The bounding box of the placed tiles (inclusive). @since 0.1 */
CARC_API carc_status carc_game_bounds(int32_t *min_x, int32_t *min_y, int32_t *max_x, int32_t *max_y,
                                      const carc_game *game);

/**
 * A figure on the board. Growable: set struct_size first.
 * @since 0.1
 */
typedef struct carc_figure_info {
    uint32_t struct_size;
    uint32_t player;
    uint32_t figure;   /**< carc_figure */
    int32_t x;
    int32_t y;
    uint32_t segment;  /**< catalogue segment index on the tile at (x, y) */
    uint32_t feature;  /**< feature id (see carc_game_feature), valid until the next mutation */
} carc_figure_info;

/** Number of figures on the board. @since 0.1 */
CARC_API carc_status carc_game_figure_count(uint32_t *out, const carc_game *game);

/** Figure `index` on the board (order: placement order). @since 0.1 */
CARC_API carc_status carc_game_figure(carc_figure_info *out, const carc_game *game, uint32_t index);

/**
 * The feature id of segment `segment` of the tile at (x, y). Ids are valid
 * until the next mutating call on the game.
 * @return CARC_OK, CARC_EINVAL, CARC_ENOTFOUND, CARC_ERANGE.
 * @since 0.1
 */
CARC_API carc_status carc_game_feature_at(uint32_t *out, const carc_game *game, int32_t x, int32_t y,
                                          uint32_t segment);

/**
 * A feature (road, city, field, monastery). Growable: set struct_size first.
 * @since 0.1
 */
typedef struct carc_feature_info {
    uint32_t struct_size;
    uint32_t kind;        /**< carc_segment_kind */
    uint32_t tiles;       /**< distinct tiles (monastery: 1 + occupied neighbours) */
    uint32_t open_edges;  /**< unmatched edges (roads, cities); monastery: empty neighbours */
    uint32_t complete;    /**< 1 when complete (fields: never) */
    uint32_t pennants;
    uint32_t figures;     /**< figures on it, all players */
    uint32_t segments;    /**< segments it is made of */
    int32_t value;        /**< what it would score now (completed: as completed; else final
                               scoring value; fields: 3 per bordering completed city) */
    uint32_t special;     /**< CARC_SEGMENT_* marks of its segments: an inn road, a cathedral
                               city, goods (@since 0.2) */
    uint32_t goods[3];    /**< cities: goods symbols of each carc_good (Traders & Builders:
                               the tokens its completion gives) (@since 0.2) */
} carc_feature_info;

/** @return CARC_OK, CARC_EINVAL, CARC_ENOTFOUND (no such feature). @since 0.1 */
CARC_API carc_status carc_game_feature(carc_feature_info *out, const carc_game *game, uint32_t feature);

/**
 * Figures of each player on a feature: counts[p] for p < cap (cap >= players).
 * @since 0.1
 */
CARC_API carc_status carc_game_feature_occupants(uint32_t *counts, size_t cap, const carc_game *game,
                                                 uint32_t feature);

/**
 * The tiles a feature covers, each once, as (x, y) pairs: xy[2i], xy[2i+1] for
 * i < *count. `cap` counts pairs. With too small a buffer: CARC_EBUFFER and
 * *count is the number needed.
 * @since 0.1
 */
CARC_API carc_status carc_game_feature_tiles(int32_t *xy, size_t cap, size_t *count,
                                             const carc_game *game, uint32_t feature);

#ifdef __cplusplus
}
#endif
#endif
