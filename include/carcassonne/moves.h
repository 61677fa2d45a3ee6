/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: the turn model, moves, legal-move enumeration and play.
 *
 * At every moment the game waits for one decision of one player
 * (carc_game_pending): place the current tile (with at most one figure action),
 * or, with the expansions, a decision that is not a tile: moving followers out
 * of the City of Carcassonne, putting one into a quarter, moving the Count.
 * One call lists every legal answer to the pending decision
 * (carc_game_legal_moves), one call plays one (carc_game_play), one call takes
 * it back (carc_game_undo). An optional decision is declined with a pass move,
 * which the legal moves then include. docs/ARCHITECTURE.md describes the states.
 *
 * A move is one small value (carc_move). A place move is the current tile at
 * (x, y) with a rotation, then at most one figure action on that tile: a figure
 * on one of its segments, or the recall of the player's abbot.
 * Move notation (shared with the scenario files and the game records):
 *   "D 1 0 0 road:E", "E 0 -1 180 -", "B 0 1 0 cloister", "U 1 0 90 field:NNE",
 *   "B 0 1 0 abbot/cloister", "E.g 0 -1 180 abbot/garden", "U -1 0 90 abbot/recall",
 *   "pass"
 * tile name, x, y (y grows to the south), rotation in degrees clockwise, and
 * where the figure goes in board orientation ("-" or nothing: no figure; a
 * figure other than the follower is written before a slash).
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
    CARC_FIGURE_BIG = 2,      /**< Inns & Cathedrals: placed like a follower, counts 2 (@since 0.2) */
    CARC_FIGURE_ABBOT = 3,    /**< the Abbot: on a monastery or a garden only (@since 0.2) */
    CARC_FIGURE_BUILDER = 4,  /**< Traders & Builders: on a road or city that holds one of the
                                   player's followers; never counts (@since 0.2) */
    CARC_FIGURE_PIG = 5       /**< Traders & Builders: on a field that holds one of the player's
                                   farmers; never counts (@since 0.2) */
} carc_figure;

/** No segment (the move places no figure). @since 0.1 */
#define CARC_NO_SEGMENT 0xFFu
/** With figure CARC_FIGURE_ABBOT in a place move: take the player's abbot back
 * from the board and score it now, instead of placing a figure. @since 0.2 */
#define CARC_SEGMENT_RECALL 0xFEu

/** Kinds of move (carc_move.kind). 0 is the place move, so a zeroed move and
 * every move of 0.1 is a place move. @since 0.2 */
typedef enum carc_move_kind {
    CARC_MOVE_PLACE = 0,   /**< the current tile at (x, y, rotation) + one figure action */
    CARC_MOVE_PASS = 1,    /**< decline the pending optional decision (no other field set) */
    CARC_MOVE_EXIT = 2,    /**< Count: `figure` (follower or big) leaves `quarter` for the
                                segment `segment` of the tile at (x, y) (tile: 0) */
    CARC_MOVE_QUARTER = 3, /**< Count: `figure` from supply into `quarter` */
    CARC_MOVE_COUNT = 4    /**< Count: the Count moves to `quarter` */
} carc_move_kind;

/** The four quarters of the City of Carcassonne (carc_move.quarter), in
 * clockwise order. @since 0.2 */
typedef enum carc_quarter {
    CARC_QUARTER_CASTLE = 0,     /**< its followers leave for cities */
    CARC_QUARTER_MARKET = 1,     /**< fields (at the end only) */
    CARC_QUARTER_BLACKSMITH = 2, /**< roads */
    CARC_QUARTER_CATHEDRAL = 3   /**< monasteries */
} carc_quarter;

/**
 * One move. A frozen value type (16 bytes). `segment` is the catalogue index of
 * the segment of `tile` that receives `figure` (see carc_tile_segment), or
 * CARC_NO_SEGMENT, or CARC_SEGMENT_RECALL. Fields a kind does not use must be 0
 * (x, y, tile, rotation and quarter) or CARC_NO_SEGMENT (segment).
 * 0.1 named the last three bytes `reserved[3]` (all 0): the layout is the
 * same, and a 0.1 move is a place move.
 * @since 0.1 (kind, quarter: 0.2)
 */
typedef struct carc_move {
    int32_t x;
    int32_t y;
    uint16_t tile;      /**< tile kind */
    uint8_t rotation;   /**< 0..3 quarter turns clockwise */
    uint8_t figure;     /**< carc_figure */
    uint8_t segment;    /**< segment index, CARC_NO_SEGMENT or CARC_SEGMENT_RECALL */
    uint8_t kind;       /**< carc_move_kind (0.1: reserved, 0) */
    uint8_t quarter;    /**< carc_quarter for the Count's moves, else 0 */
    uint8_t reserved;   /**< must be 0 */
} carc_move;

/** Decisions a game can wait for (carc_pending.decision). @since 0.2 */
typedef enum carc_decision {
    CARC_DECISION_NONE = 0,    /**< nothing: the game is over */
    CARC_DECISION_PLACE = 1,   /**< place the current tile, with at most one figure action;
                                    the builder's second tile is optional (a pass declines it) */
    CARC_DECISION_EXIT = 2,    /**< Count: move own followers out of the city (one per move,
                                    then pass): before a feature scores, or in the final round */
    CARC_DECISION_QUARTER = 3, /**< Count: put a follower from supply into a quarter (optional) */
    CARC_DECISION_COUNT = 4    /**< Count: move the Count to another quarter (optional) */
} carc_decision;

/** Flags of a pending decision (carc_pending.flags). @since 0.2 */
enum {
    CARC_PENDING_OPTIONAL = 1u << 0,    /**< a pass move is legal (and listed) */
    CARC_PENDING_SECOND_TILE = 1u << 1, /**< the second tile of a builder's double turn */
    CARC_PENDING_FINAL = 1u << 2        /**< the final round of moves out of the city */
};

/**
 * The decision the game waits for. Growable: set struct_size first.
 * @since 0.2
 */
typedef struct carc_pending {
    uint32_t struct_size;
    uint32_t decision; /**< carc_decision */
    uint32_t player;   /**< who must decide (for CARC_DECISION_NONE: 0) */
    uint32_t flags;    /**< CARC_PENDING_* */
    uint32_t tile;     /**< CARC_DECISION_PLACE: the tile to place, else 0 */
    uint32_t part;     /**< the part of the turn: 1, or 2 for a builder's second tile */
} carc_pending;

/**
 * Who must decide what now. After the end: decision CARC_DECISION_NONE.
 * @return CARC_OK, CARC_EINVAL (NULL, struct_size too small).
 * @since 0.2
 */
CARC_API carc_status carc_game_pending(carc_pending *out, const carc_game *game);

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
 * Every legal figure action for the player to move after `placement` (a legal
 * placement of the current tile): first "no figure", then each figure in
 * supply on each segment of the new tile that may receive it (the follower
 * first, then the other kinds in carc_figure order), then the abbot's recall
 * when it is legal. The figure and segment of `placement` are ignored.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE (tile or rotation out of range),
 *         CARC_EILLEGAL (placement), CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_figure_options(carc_movelist *out, const carc_game *game,
                                              const carc_move *placement);

/**
 * Every legal answer to the pending decision (carc_game_pending). For a place
 * decision: each placement of the current tile times each figure action for
 * it (no figure, each figure on each segment that may take it, the abbot's
 * recall), in that order per placement; a pass first when the decision is
 * optional. For the other decisions: every legal move of that kind, then the
 * pass.
 * @return CARC_OK, CARC_EINVAL, CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_legal_moves(carc_movelist *out, const carc_game *game, uint32_t flags);

/**
 * Whether `move` is legal for the player to move now (CARC_OK), else the status
 * carc_game_play would return. Writes no last-error text
 * (carc_game_check_move_msg says why).
 * @since 0.1
 */
CARC_API carc_status carc_game_check_move(const carc_game *game, const carc_move *move);

/**
 * carc_game_check_move, and why: when the move is not legal, `msg` (if
 * cap > 0) receives the NUL-terminated text carc_game_play would leave as its
 * last error ("(5,5) touches no tile"), cut to cap - 1 bytes; "" when it is
 * legal. Const: the game and its last-error text are not changed, so it may be
 * called at the same time as other const calls.
 * @return what carc_game_check_move returns; CARC_EINVAL also for msg NULL
 *         with cap > 0 (then nothing is written).
 * @since 0.2
 */
CARC_API carc_status carc_game_check_move_msg(const carc_game *game, const carc_move *move, char *msg, size_t cap);

/**
 * Play a move: the answer to the pending decision. For a place move the tile
 * is placed, the figure action done, every feature the tile completes is
 * scored, the turn passes and the next tile is drawn (unplaceable draws are
 * discarded). When the draw pile is empty, final scoring runs.
 * An illegal move (also: a move of a kind the pending decision does not take)
 * changes nothing and sets the last-error text.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE, CARC_EILLEGAL, CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_play(carc_game *game, const carc_move *move);

/**
 * Parse a move in the move notation. Only the notation is checked, not
 * legality; the figure location is resolved against the tile's geometry.
 * "pass" gives a pass move. carc_move_parse_msg also says what is wrong.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EPARSE.
 * @since 0.1
 */
CARC_API carc_status carc_move_parse(carc_move *out, const char *text);

/**
 * carc_move_parse, and why: on failure `msg` (if cap > 0) receives a
 * NUL-terminated text that names the word at fault and what the notation
 * expects there ("rotation 45: expected 0, 90, 180 or 270 (degrees
 * clockwise)", "\"road:Q\": Q is not a side (N, E, S, W)", "unknown tile
 * \"Q7\" (tiles: ...)", "bad x \"1a\": ..."), cut to cap - 1 bytes; "" on
 * success. The same statuses as carc_move_parse, and *out is written only on
 * success. No state: any thread may call it at any time.
 * @return CARC_OK, CARC_EINVAL (out or text NULL; also msg NULL with cap > 0,
 *         then nothing is written), CARC_EPARSE.
 * @since 0.2
 */
CARC_API carc_status carc_move_parse_msg(carc_move *out, const char *text, char *msg, size_t cap);

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
