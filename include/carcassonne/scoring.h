/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: score events and winners.
 */
#ifndef CARCASSONNE_SCORING_H
#define CARCASSONNE_SCORING_H

#include "board.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Kinds of event. @since 0.1 */
typedef enum carc_event_kind {
    CARC_EVENT_SCORE = 0,     /**< a feature scored during play */
    CARC_EVENT_FINAL = 1,     /**< a feature scored in final scoring */
    CARC_EVENT_DISCARD = 2,   /**< an unplaceable tile was discarded */
    CARC_EVENT_RECALL = 3,    /**< an abbot was recalled and scored (@since 0.2): not a
                                   feature scoring (the Count's trigger ignores it) */
    CARC_EVENT_GOODS = 4,     /**< Traders & Builders: one trade-goods token (`good`) taken by the
                                   player in `players` from the city completed (x, y, segment);
                                   points 0 (@since 0.2) */
    CARC_EVENT_TRADE = 5      /**< Traders & Builders: final scoring, the majority of one kind
                                   of goods (`good`): `points` (10) to each player in `players`;
                                   no feature (tile, x, y 0; segment and feature_kind
                                   CARC_NO_SEGMENT) (@since 0.2) */
} carc_event_kind;

/**
 * One event. Growable: set struct_size first. For score events, `players` has
 * bit p set for every player who scored `points` (ties score in full), and
 * `returned` counts the figures that went back to supply.
 * @since 0.1
 */
typedef struct carc_event {
    uint32_t struct_size;
    uint32_t kind;          /**< carc_event_kind */
    uint32_t turn;          /**< index into the history (carc_game_history) of the move */
    uint32_t feature_kind;  /**< carc_segment_kind */
    int32_t points;         /**< points each scoring player received */
    uint32_t players;       /**< bit mask of the players who scored */
    uint32_t returned;      /**< figures returned to supply */
    uint32_t tile;          /**< discards: the tile; scores: the tile kind at (x, y) */
    int32_t x;              /**< a tile of the feature */
    int32_t y;
    uint32_t segment;       /**< the feature's segment on that tile */
    uint32_t tiles;         /**< distinct tiles of the feature */
    uint32_t bonus;         /**< CARC_BONUS_*: what made the value other than the base rule
                                 (@since 0.2) */
    uint32_t good;          /**< CARC_EVENT_GOODS, CARC_EVENT_TRADE: the carc_good; else 0
                                 (@since 0.2) */
} carc_event;

/** What made a score's value (carc_event.bonus). @since 0.2 */
enum {
    CARC_BONUS_INN = 1u << 0,      /**< an inn: 2 per tile when complete, 0 at the end */
    CARC_BONUS_CATHEDRAL = 1u << 1, /**< a cathedral: 3 per tile and pennant when complete, 0 at the end */
    CARC_BONUS_PIG = 1u << 2        /**< a field's majority holder with his pig there: 4 per city */
};

/** Number of events since the start of the game. @since 0.1 */
CARC_API carc_status carc_game_event_count(uint32_t *out, const carc_game *game);

/** Event `index` (0 = first). @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_game_event(carc_event *out, const carc_game *game, uint32_t index);

/**
 * Bit mask of the players with the highest score (shared wins report several).
 * Meaningful at any time; at the end it names the winners.
 * @since 0.1
 */
CARC_API carc_status carc_game_leaders(uint32_t *out, const carc_game *game);

#ifdef __cplusplus
}
#endif
#endif
