/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: history and undo.
 */
#ifndef CARCASSONNE_UNDO_H
#define CARCASSONNE_UNDO_H

#include "moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Kinds of history entry. @since 0.1 */
typedef enum carc_history_kind {
    CARC_HISTORY_PLACE = 0,   /**< a move: a tile placed with its figure action, or (0.2) any
                                   other decision, as move.kind says */
    CARC_HISTORY_DISCARD = 1, /**< a drawn tile had no legal placement and left the game */
    CARC_HISTORY_END = 2      /**< carc_game_end: the game was ended early */
} carc_history_kind;

/**
 * One entry of the history. Growable: set struct_size first.
 * @since 0.1
 */
typedef struct carc_history_entry {
    uint32_t struct_size;
    uint32_t kind;     /**< carc_history_kind */
    uint32_t player;   /**< who moved / drew */
    carc_move move;    /**< the move (DISCARD: tile only) */
} carc_history_entry;

/** Number of history entries. @since 0.1 */
CARC_API carc_status carc_game_history_count(uint32_t *out, const carc_game *game);

/** History entry `index`. @since 0.1 */
CARC_API carc_status carc_game_history(carc_history_entry *out, const carc_game *game, uint32_t index);

/**
 * Take back the last action exactly: a tile choice not yet played, else the
 * last move (one decision: a place move, a pass, ...) together with the
 * discards and final scoring it caused, else the last chosen-and-discarded
 * tile, else an early end. Restores scores, figures, features, draw pile,
 * turn and pending decision.
 * @return CARC_OK, CARC_EINVAL, CARC_ENO_UNDO.
 * @since 0.1
 */
CARC_API carc_status carc_game_undo(carc_game *game);

/** Whether there is anything to undo. @since 0.1 */
CARC_API carc_status carc_game_can_undo(bool *out, const carc_game *game);

#ifdef __cplusplus
}
#endif
#endif
