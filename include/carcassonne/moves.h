/*
 * libcarcassonne: moves, legal-move enumeration and play.
 *
 * A move is one turn of the player to move: the current tile at (x, y) with a
 * rotation, then at most one figure on a segment of that tile.
 * Move notation (shared with the scenario files and the game records):
 *   "D 1 0 0 road:E", "E 0 -1 180 -", "B 0 1 0 cloister", "U 1 0 90 field:NNE"
 * tile name, x, y (y grows to the south), rotation in degrees clockwise, and
 * where the figure goes in board orientation ("-" or nothing: no figure).
 */
#ifndef CARCASSONNE_MOVES_H
#define CARCASSONNE_MOVES_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Figures a move can place. @since 0.1 */
typedef enum carc_figure {
    CARC_FIGURE_NONE = 0,
    CARC_FIGURE_FOLLOWER = 1, /**< the normal follower (meeple) */
    CARC_FIGURE_BIG = 2,      /**< Inns & Cathedrals (not yet implemented) */
    CARC_FIGURE_ABBOT = 3,    /**< the Abbot (not yet implemented) */
    CARC_FIGURE_BUILDER = 4,  /**< Traders & Builders (not yet implemented) */
    CARC_FIGURE_PIG = 5       /**< Traders & Builders (not yet implemented) */
} carc_figure;

/** No segment (the move places no figure). @since 0.1 */
#define CARC_NO_SEGMENT 0xFFu

/**
 * One move. A frozen value type (16 bytes). `segment` is the catalogue index of
 * the segment of `tile` that receives `figure` (see carc_tile_segment), or
 * CARC_NO_SEGMENT.
 * @since 0.1
 */
typedef struct carc_move {
    int32_t x;
    int32_t y;
    uint16_t tile;      /**< tile kind */
    uint8_t rotation;   /**< 0..3 quarter turns clockwise */
    uint8_t figure;     /**< carc_figure */
    uint8_t segment;    /**< segment index or CARC_NO_SEGMENT */
    uint8_t reserved[3]; /**< must be 0 */
} carc_move;

/** A reusable list of moves. Created with room for every placement of one
 * tile, so that carc_game_placements and carc_game_figure_options never
 * allocate; carc_game_legal_moves grows it when needed. @since 0.1 */
typedef struct carc_movelist carc_movelist;

/** Enumeration flags. @since 0.1 */
enum {
    /** Count rotations that give an identical tile (same edges, same segments) once. */
    CARC_ENUM_UNIQUE_ROTATIONS = 1u << 0
};

/**
 * Create an empty move list using the allocator of `game` (which it does not
 * keep a reference to). A list grows as needed and then reuses its memory.
 * @return CARC_OK, CARC_EINVAL, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_movelist_new(carc_movelist **out, const carc_game *game);

/** Free a move list. NULL is a no-op. @since 0.1 */
CARC_API void carc_movelist_free(carc_movelist *list);

/** Number of moves in the list (0 for NULL). @since 0.1 */
CARC_API size_t carc_movelist_count(const carc_movelist *list);

/** Move `index` of the list. @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_movelist_get(carc_move *out, const carc_movelist *list, size_t index);

/**
 * The moves as an array of carc_movelist_count() entries (NULL when empty).
 * Borrowed until the list is next filled or freed.
 * @since 0.1
 */
CARC_API const carc_move *carc_movelist_data(const carc_movelist *list);

/**
 * Every legal placement (x, y, rotation) of tile `kind` on the current board,
 * with no figure, whether or not a copy is left to draw. Order: deterministic.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE (kind), CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_placements(carc_movelist *out, const carc_game *game, uint32_t kind,
                                          uint32_t flags);

/**
 * Every legal figure choice for the player to move after `placement` (a legal
 * placement of the current tile): first "no figure", then each segment of the
 * new tile that may receive one. The figure and segment of `placement` are
 * ignored.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE (tile or rotation out of range),
 *         CARC_EILLEGAL (placement), CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_figure_options(carc_movelist *out, const carc_game *game,
                                              const carc_move *placement);

/**
 * Every legal move for the player to move: each placement of the current tile
 * times each figure choice for it.
 * @return CARC_OK, CARC_EINVAL, CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_legal_moves(carc_movelist *out, const carc_game *game, uint32_t flags);

/**
 * Whether `move` is legal for the player to move now (CARC_OK), else the status
 * carc_game_play would return. Writes no last-error text.
 * @since 0.1
 */
CARC_API carc_status carc_game_check_move(const carc_game *game, const carc_move *move);

/**
 * Play a move: the tile is placed, the figure set, every feature the tile
 * completes is scored, the turn passes and the next tile is drawn (unplaceable
 * draws are discarded). When the draw pile is empty, final scoring runs.
 * An illegal move changes nothing and sets the last-error text.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE, CARC_EILLEGAL, CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_play(carc_game *game, const carc_move *move);

/**
 * Parse a move in the move notation. Only the notation is checked, not
 * legality; the figure location is resolved against the tile's geometry.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EPARSE.
 * @since 0.1
 */
CARC_API carc_status carc_move_parse(carc_move *out, const char *text);

/**
 * Format a move in the move notation into `buf` (NUL-terminated when cap > 0).
 * `*needed` (if not NULL) receives the length without the NUL.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE (bad move fields), CARC_EBUFFER.
 * @since 0.1
 */
CARC_API carc_status carc_move_format(char *buf, size_t cap, size_t *needed, const carc_move *move);

#ifdef __cplusplus
}
#endif
#endif
