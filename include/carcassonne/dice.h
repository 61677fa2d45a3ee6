/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: The Carcassonne Dice Game (Hans im Glueck 2011, 2-5 players).
 *
 * A separate game with its own opaque handle, carc_dice_game, following the
 * conventions of the tile game (carc_game): versioned options with an _INIT
 * macro and an _options_init function, carc_status results, a per-handle
 * last-error text, a per-handle allocator, undo that restores the exact state,
 * a seeded generator held in the game, and text records.
 *
 * Rules: docs/dice.md, with the rulings D-1..D-8 and every project
 * decision.
 *
 * The 9 dice are numbered 0..8 for the whole game. Each has 4 city faces
 * (CARC_DICE_FACE_CITY0..3, whose drawings are data: carc_dice_faces), a
 * knight and a catapult. A turn:
 *   ROLL     the player to move rolls every die in front of him (at most 3
 *            rolls a turn). Catapults go at once to the left neighbour.
 *   CHOOSE   after a roll: set a knight die aside (locked for the turn), build
 *            a city die into the turn's grid (it never moves again), roll the
 *            dice not set aside or built again, stop (score the largest closed
 *            city), or, with 3 knights or more set aside, take the knight
 *            option (no score now; one knight die is kept and the next turn
 *            scores double).
 *   KNIGHT_OPTION  nothing is left but ending the turn, and 3 knights or more
 *            are set aside: stop (score) or take the knight option.
 * A turn in which nothing but stopping is left ends by itself (it scores as a
 * stop). The first player whose score reaches CARC_DICE_WIN_SCORE wins at
 * once; so does a player who hands all 9 dice on as catapults in one turn.
 */
#ifndef CARCASSONNE_DICE_H
#define CARCASSONNE_DICE_H

#include "common.h"
#include "game.h"
#include "serialize.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque dice game. @since 0.1 */
typedef struct carc_dice_game carc_dice_game;

/** Dice in the game. @since 0.1 */
#define CARC_DICE_COUNT 9
/** City faces on each die (the other two: knight, catapult). @since 0.1 */
#define CARC_DICE_CITY_FACES 4
/** Rolls a player may make in one turn. @since 0.1 */
#define CARC_DICE_MAX_ROLLS 3
/** The score that wins the game at once. @since 0.1 */
#define CARC_DICE_WIN_SCORE 42
/** Knights set aside that allow the knight option. @since 0.1 */
#define CARC_DICE_KNIGHT_OPTION_KNIGHTS 3
/**
 * How far the grid of a turn reaches (docs/dice.md, decision 2): a die may be
 * built at most R columns and R rows beyond the dice built this turn (on an
 * empty grid: |x|, |y| <= R around the first die's cell 0,0). The grid has no
 * fixed edge, so a city is never left unclosable by it.
 * @since 0.1 (0.2: the reach beyond the built dice, no longer a fixed square)
 */
#define CARC_DICE_GRID_RADIUS 8

/** Edge bits of a city face: set = black (city), clear = white. @since 0.1 */
enum {
    CARC_DICE_EDGE_N = 1u << 0,
    CARC_DICE_EDGE_E = 1u << 1,
    CARC_DICE_EDGE_S = 1u << 2,
    CARC_DICE_EDGE_W = 1u << 3
};

/** The faces of a die. @since 0.1 */
typedef enum carc_dice_face {
    CARC_DICE_FACE_CITY0 = 0,    /**< city face 0 of the face set (default: cap, BWWW) */
    CARC_DICE_FACE_CITY1 = 1,    /**< city face 1 (default: corner, BBWW) */
    CARC_DICE_FACE_CITY2 = 2,    /**< city face 2 (default: straight, BWBW) */
    CARC_DICE_FACE_CITY3 = 3,    /**< city face 3 (default: tee, BBBW) */
    CARC_DICE_FACE_KNIGHT = 4,
    CARC_DICE_FACE_CATAPULT = 5,
    CARC_DICE_FACE_NONE = 255    /**< not rolled yet this turn */
} carc_dice_face;

/** The version of carc_dice_faces this header describes. @since 0.1 */
#define CARC_DICE_FACES_VERSION 1

/**
 * The drawings of the 4 city faces: for face i, `city[i]` has bit
 * CARC_DICE_EDGE_x set when edge x (at rotation 0) is black. All black edges
 * of one face belong to one connected city segment. A valid face has at least
 * one black edge and no bit above CARC_DICE_EDGE_W. The default set is the
 * model of docs/dice.md (D-1): cap BWWW, corner BBWW, straight BWBW, tee BBBW
 * (edges N,E,S,W). Initialise with CARC_DICE_FACES_INIT or
 * carc_dice_faces_init().
 * @since 0.1
 */
typedef struct carc_dice_faces {
    uint32_t version;                     /**< CARC_DICE_FACES_VERSION */
    uint8_t city[CARC_DICE_CITY_FACES];   /**< black-edge masks */
} carc_dice_faces;

#define CARC_DICE_FACES_INIT { CARC_DICE_FACES_VERSION, { 0x1, 0x3, 0x5, 0x7 } }

/**
 * Fill `faces` with the default face set.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EVERSION.
 * @since 0.1
 */
CARC_API carc_status carc_dice_faces_init(carc_dice_faces *faces, uint32_t version);

/**
 * Check a face set: known version, every face with 1..4 black edges and no
 * other bit.
 * @return CARC_OK, CARC_EINVAL (NULL, bad face), CARC_EVERSION.
 * @since 0.1
 */
CARC_API carc_status carc_dice_faces_check(const carc_dice_faces *faces);

/**
 * Parse a face set written as 4 words of 4 letters B/W (edges N,E,S,W),
 * separated by single spaces: "BWWW BBWW BWBW BBBW". The result is checked
 * as by carc_dice_faces_check. `*out` is written only on success.
 * @return CARC_OK, CARC_EINVAL (NULL, invalid face), CARC_EPARSE.
 * @since 0.1
 */
CARC_API carc_status carc_dice_faces_parse(carc_dice_faces *out, const char *text);

/** The options version this header describes. @since 0.1 */
#define CARC_DICE_OPTIONS_VERSION 1

/**
 * Options for carc_dice_game_new. Initialise with CARC_DICE_OPTIONS_INIT or
 * carc_dice_options_init(); fields are only ever appended.
 * @since 0.1
 */
typedef struct carc_dice_options {
    uint32_t version;                /**< CARC_DICE_OPTIONS_VERSION */
    uint32_t players;                /**< 2..5 (default 2) */
    uint64_t seed;                   /**< the dice generator; same seed and actions, same game everywhere */
    const carc_dice_faces *faces;    /**< NULL: the default face set; copied at creation */
    const carc_allocator *allocator; /**< NULL: malloc/realloc/free; copied at creation */
} carc_dice_options;

#define CARC_DICE_OPTIONS_INIT { CARC_DICE_OPTIONS_VERSION, 2, 0, NULL, NULL }

/**
 * Fill `opts` with the defaults for `version`.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EVERSION.
 * @since 0.1
 */
CARC_API carc_status carc_dice_options_init(carc_dice_options *opts, uint32_t version);

/**
 * Create a dice game. Player 0 is to move, in phase ROLL; no player holds a
 * knight. On failure *out is NULL (when out is not NULL).
 * @return CARC_OK, CARC_EINVAL (NULL, incomplete allocator, invalid face set),
 *         CARC_EVERSION (options or faces), CARC_ERANGE (players), CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_new(carc_dice_game **out, const carc_dice_options *opts);

/** Free a dice game. NULL is a no-op. @since 0.1 */
CARC_API void carc_dice_game_free(carc_dice_game *game);

/**
 * An independent copy of a game: state, actions, events, generator, undo
 * history (unless `flags` has CARC_CLONE_NO_HISTORY: then the copy cannot
 * undo past this point). Uses the game's allocator. On failure *out is NULL.
 * @return CARC_OK, CARC_EINVAL (NULL, unknown flag), CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_clone(carc_dice_game **out, const carc_dice_game *game, uint32_t flags);

/**
 * The message left by the last failing mutating call on this game (never
 * NULL; "" after a call that succeeded). Borrowed until the next mutating call.
 * @since 0.1
 */
CARC_API const char *carc_dice_game_last_error(const carc_dice_game *game);

/** Options the game was created with (faces and allocator: NULL). @since 0.1 */
CARC_API carc_status carc_dice_game_options_get(carc_dice_options *out, const carc_dice_game *game);

/** The face set of the game. @return CARC_OK, CARC_EINVAL. @since 0.1 */
CARC_API carc_status carc_dice_game_faces(carc_dice_faces *out, const carc_dice_game *game);

/* ------------------------------------------------------------------ state */

/** What the player to move has to decide. @since 0.1 */
typedef enum carc_dice_phase {
    CARC_DICE_PHASE_ROLL = 0,          /**< start of a turn: roll */
    CARC_DICE_PHASE_CHOOSE = 1,        /**< after a roll: set aside, build, roll again, stop, knight option */
    CARC_DICE_PHASE_KNIGHT_OPTION = 2, /**< only the end is left, with >= 3 knights: stop or knight option */
    CARC_DICE_PHASE_GAME_OVER = 3
} carc_dice_phase;

/** The current phase (a carc_dice_phase). @return CARC_OK, CARC_EINVAL. @since 0.1 */
CARC_API carc_status carc_dice_game_phase(uint32_t *out, const carc_dice_game *game);

/** Number of players. @since 0.1 */
CARC_API carc_status carc_dice_game_players(uint32_t *out, const carc_dice_game *game);

/** The player to move (at the end: the winner). @since 0.1 */
CARC_API carc_status carc_dice_game_current_player(uint32_t *out, const carc_dice_game *game);

/** Turns completed so far (0 during the first turn). @since 0.1 */
CARC_API carc_status carc_dice_game_turn(uint32_t *out, const carc_dice_game *game);

/** Rolls made in the current turn (0..CARC_DICE_MAX_ROLLS). @since 0.1 */
CARC_API carc_status carc_dice_game_rolls(uint32_t *out, const carc_dice_game *game);

/** Whether the current turn scores double (its player kept a knight). @since 0.1 */
CARC_API carc_status carc_dice_game_doubled(bool *out, const carc_dice_game *game);

/** A player's score. @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_dice_game_score(int32_t *out, const carc_dice_game *game, uint32_t player);

/**
 * The knight die `player` kept with the knight option, waiting for his next
 * turn. @return CARC_OK, CARC_EINVAL, CARC_ERANGE, CARC_ENOTFOUND (none).
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_kept_knight(uint32_t *die, const carc_dice_game *game, uint32_t player);

/** Reasons for the end of the game. @since 0.1 */
typedef enum carc_dice_win_reason {
    CARC_DICE_WIN_SCORE_REACHED = 1, /**< the winner's score reached CARC_DICE_WIN_SCORE */
    CARC_DICE_WIN_CATAPULTS = 2      /**< the winner handed all 9 dice on as catapults in one turn */
} carc_dice_win_reason;

/**
 * The winner, and (if `reason` is not NULL) a carc_dice_win_reason.
 * @return CARC_OK, CARC_EINVAL, CARC_ENOTFOUND (the game is not over).
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_winner(uint32_t *player, uint32_t *reason, const carc_dice_game *game);

/** Where a die is. @since 0.1 */
typedef enum carc_dice_location {
    CARC_DICE_LOC_POOL = 0,     /**< in front of the player to move, free: to be rolled, or showing its roll */
    CARC_DICE_LOC_KNIGHT = 1,   /**< set aside as a knight this turn (locked) */
    CARC_DICE_LOC_CITY = 2,     /**< built into the city of the player to move (never moves) */
    CARC_DICE_LOC_CATAPULT = 3, /**< a catapult, handed this turn to the left neighbour */
    CARC_DICE_LOC_KEPT = 4      /**< a knight kept with the knight option, until its owner's turn */
} carc_dice_location;

/**
 * One die. Growable: set struct_size first.
 * @since 0.1
 */
typedef struct carc_dice_die {
    uint32_t struct_size;
    uint32_t location; /**< carc_dice_location */
    uint32_t player;   /**< the player the die lies in front of */
    uint32_t face;     /**< carc_dice_face (CARC_DICE_FACE_NONE: not rolled this turn) */
    int32_t x;         /**< CITY: the cell */
    int32_t y;         /**< CITY: the cell (y grows to the south) */
    uint32_t rotation; /**< CITY: quarter turns clockwise */
    uint32_t edges;    /**< city faces: black edges (CARC_DICE_EDGE_*), rotated if built; else 0 */
} carc_dice_die;

/** Die `die` (0..8). @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_dice_game_die(carc_dice_die *out, const carc_dice_game *game, uint32_t die);

/**
 * Bit mask of the dice lying in front of `player` (bit d = die d): the
 * player to move has his pool, knights and city; his left neighbour has the
 * catapults of this turn; a player has his kept knight.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_player_dice(uint32_t *mask, const carc_dice_game *game, uint32_t player);

/**
 * The die built at (x, y) in the current player's city; any coordinates (the
 * grid has no edge).
 * @return CARC_OK, CARC_EINVAL, CARC_ENOTFOUND (empty).
 * @since 0.1 (0.2: no CARC_ERANGE, a cell far away is simply empty)
 */
CARC_API carc_status carc_dice_game_cell(uint32_t *die, const carc_dice_game *game, int32_t x, int32_t y);

/**
 * The smallest rectangle holding every built die.
 * @return CARC_OK, CARC_EINVAL, CARC_ENOTFOUND (nothing built).
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_city_bounds(int32_t *x0, int32_t *y0, int32_t *x1, int32_t *y1,
                                                const carc_dice_game *game);

/**
 * The largest closed city of the current player: `*dice` its number of dice
 * (0 if none), `*mask` (if not NULL) its dice (bit d = die d). A city is a
 * maximal set of built dice joined by black-black edges; it is closed when no
 * black edge faces an empty cell. Ties: the one holding the lowest die.
 * @return CARC_OK, CARC_EINVAL.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_largest_closed_city(uint32_t *dice, uint32_t *mask,
                                                        const carc_dice_game *game);

/**
 * Points of a closed city of `dice` dice: 3->1, 4->3, 5->6, 6->10, 7->15,
 * 8->21, 9->28, that is (n-2)(n-1)/2; fewer than 3 dice (or more than 9) -> 0.
 * @since 0.1
 */
CARC_API int32_t carc_dice_city_points(uint32_t dice);

/* ---------------------------------------------------------------- actions */

/** Kinds of action. @since 0.1 */
typedef enum carc_dice_action_kind {
    CARC_DICE_ACT_ROLL = 0,          /**< roll every free die (first roll: every die in front of the player) */
    CARC_DICE_ACT_SET_KNIGHT = 1,    /**< set the free knight die `die` aside */
    CARC_DICE_ACT_BUILD = 2,         /**< build the free city die `die` at (x, y) with `rotation` */
    CARC_DICE_ACT_STOP = 3,          /**< end the turn, scoring the largest closed city */
    CARC_DICE_ACT_KNIGHT_OPTION = 4  /**< end the turn without scoring, keeping one knight die */
} carc_dice_action_kind;

/**
 * One action. A frozen value type (24 bytes). Fields an action kind does not
 * use must be 0: ROLL, STOP and KNIGHT_OPTION use only `kind`; SET_KNIGHT
 * uses `die`; BUILD uses all but `reserved`.
 * @since 0.1
 */
typedef struct carc_dice_action {
    uint32_t kind;     /**< carc_dice_action_kind */
    uint32_t die;      /**< 0..8 */
    int32_t x;         /**< BUILD: cell, within CARC_DICE_GRID_RADIUS of the built dice */
    int32_t y;
    uint32_t rotation; /**< BUILD: 0..3 quarter turns clockwise */
    uint32_t reserved; /**< must be 0 */
} carc_dice_action;

/** Enumeration flags for carc_dice_game_legal_actions. @since 0.1 */
enum {
    /** Count rotations that give the same edges once (the first of them). */
    CARC_DICE_ENUM_UNIQUE_ROTATIONS = 1u << 0,
    /** Of free dice showing the same face, list only the lowest-numbered. */
    CARC_DICE_ENUM_UNIQUE_DICE = 1u << 1,
    /** List only builds on cells next to a built die (the first die: 0,0).
     *  The short list a player wants; without it the list holds every cell
     *  of the grid's reach (hundreds, up to some 40,000 actions). */
    CARC_DICE_ENUM_TOUCHING = 1u << 2
};

/**
 * The legal actions of the player to move, snprintf style: up to `cap`
 * actions are written to `buf` (which may be NULL when cap is 0), and
 * `*count` receives the number of legal actions. Without flags, every action
 * play accepts is listed exactly once. Order: roll, knights by die, builds by
 * die, y, x, rotation, stop, knight option. Empty when the game is over.
 * @return CARC_OK, CARC_EINVAL (NULL, unknown flag), CARC_EBUFFER (cap < *count).
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_legal_actions(carc_dice_action *buf, size_t cap, size_t *count,
                                                  const carc_dice_game *game, uint32_t flags);

/**
 * Whether `action` is legal now (CARC_OK), else what carc_dice_game_play would
 * return. Writes no last-error text (carc_dice_game_check_action_msg says why).
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_check_action(const carc_dice_game *game, const carc_dice_action *action);

/**
 * carc_dice_game_check_action, and why: when the action is not legal, `msg`
 * (if cap > 0) receives the NUL-terminated text carc_dice_game_play would
 * leave as its last error ("die 3 does not show a knight"), cut to cap - 1
 * bytes; "" when it is legal. Const: the game and its last-error text are
 * not changed, so it may be called at the same time as other const calls.
 * @return what carc_dice_game_check_action returns; CARC_EINVAL also for
 *         msg NULL with cap > 0 (then nothing is written).
 * @since 0.2
 */
CARC_API carc_status carc_dice_game_check_action_msg(const carc_dice_game *game, const carc_dice_action *action,
                                                     char *msg, size_t cap);

/**
 * Play an action, with what follows from it: catapults handed on, the turn
 * ending by itself when nothing but stopping is left, scoring, the next turn,
 * the end of the game. A rejected action changes nothing and sets the
 * last-error text. Checked in this order: NULL (CARC_EINVAL); the game over
 * (CARC_EGAME_OVER for every action, whatever its fields); the fields;
 * the phase; the rules.
 * @return CARC_OK, CARC_EINVAL (NULL, unknown kind, unused field not 0),
 *         CARC_ERANGE (die, rotation, a cell beyond the grid's reach),
 *         CARC_EPHASE (not in this phase), CARC_EILLEGAL (against the rules,
 *         a fourth roll included), CARC_EGAME_OVER, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_play(carc_dice_game *game, const carc_dice_action *action);

/** Number of actions played (the game's history). @since 0.1 */
CARC_API carc_status carc_dice_game_action_count(uint32_t *out, const carc_dice_game *game);

/** Action `index` of the history. @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_dice_game_action(carc_dice_action *out, const carc_dice_game *game, uint32_t index);

/**
 * The last roll of the game so far (the latest ROLL of the history; a roll
 * undone is gone), snprintf style: up to `cap` faces (carc_dice_face, 0..5)
 * are written to `faces` (which may be NULL when cap is 0), the i-th the face
 * of the i-th die rolled in die order; `*count` receives the number of dice
 * rolled and `*dice` (if not NULL) their mask (bit d = die d). Right also
 * when the roll ended the turn. Costs the same however long the game is.
 * @return CARC_OK, CARC_EINVAL (NULL count or game, faces NULL with cap > 0),
 *         CARC_EBUFFER (cap < *count), CARC_ENOTFOUND (no roll yet: *count 0).
 * @since 0.2
 */
CARC_API carc_status carc_dice_game_last_roll(uint8_t *faces, size_t cap, size_t *count, uint32_t *dice,
                                              const carc_dice_game *game);

/**
 * Take the last action back, exactly: dice, scores, events, generator, phase.
 * @return CARC_OK, CARC_EINVAL, CARC_ENO_UNDO.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_undo(carc_dice_game *game);

/** Whether there is anything to undo. @since 0.1 */
CARC_API carc_status carc_dice_game_can_undo(bool *out, const carc_dice_game *game);

/**
 * Test hook: fix the faces of the next roll. faces[i] is the face of the i-th
 * die rolled (dice are rolled in die order); dice past `n` come from the
 * generator, entries past the dice rolled are ignored. The generator advances
 * as for a normal roll, so a game goes on the same either way. n = 0 cancels.
 * The hook is part of the state (an undone roll gets it back) but is not an
 * action and is not saved in records.
 * @return CARC_OK, CARC_EINVAL (NULL with n > 0), CARC_ERANGE (n > 9, face
 *         not 0..5), CARC_EGAME_OVER.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_set_next_roll(carc_dice_game *game, const uint8_t *faces, size_t n);

/* ----------------------------------------------------------------- events */

/** Kinds of event. @since 0.1 */
typedef enum carc_dice_event_kind {
    CARC_DICE_EVENT_SCORE = 0,     /**< a turn ended by stopping: its largest closed city scored (maybe 0) */
    CARC_DICE_EVENT_KNIGHTS = 1,   /**< a turn ended with the knight option */
    CARC_DICE_EVENT_CATAPULTS = 2, /**< a roll showed catapults, handed to the left neighbour */
    CARC_DICE_EVENT_WIN = 3        /**< the game is over */
} carc_dice_event_kind;

/**
 * One event. Growable: set struct_size first.
 * @since 0.1
 */
typedef struct carc_dice_event {
    uint32_t struct_size;
    uint32_t kind;     /**< carc_dice_event_kind */
    uint32_t action;   /**< index of the action that caused it (carc_dice_game_action) */
    uint32_t turn;     /**< the turn (carc_dice_game_turn during it) */
    uint32_t player;   /**< the player to move (WIN: the winner) */
    int32_t points;    /**< SCORE: points scored, doubling included; WIN: the winner's score */
    uint32_t dice;     /**< SCORE: dice of the city scored; KNIGHTS: knights set aside;
                            CATAPULTS: dice handed on by this roll; WIN: catapults this turn */
    uint32_t doubled;  /**< SCORE, KNIGHTS: 1 if the turn was a doubled one */
    uint32_t to;       /**< CATAPULTS: the left neighbour who received them */
    uint32_t reason;   /**< WIN: carc_dice_win_reason */
} carc_dice_event;

/** Number of events since the start of the game. @since 0.1 */
CARC_API carc_status carc_dice_game_event_count(uint32_t *out, const carc_dice_game *game);

/** Event `index` (0 = first). @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_dice_game_event(carc_dice_event *out, const carc_dice_game *game, uint32_t index);

/* ---------------------------------------------------------------- records */

/** The dice record format version this library writes. @since 0.1 */
#define CARC_DICE_RECORD_FORMAT 1

/**
 * Write the game's record (docs/dice.md): the line "carcassonne-dice-record 1",
 * the options, every action with the faces of every roll, and a trailer.
 * snprintf style: buf is NUL-terminated when cap > 0, `*needed` (if not NULL)
 * receives the length without the NUL; with cap too small, CARC_EBUFFER.
 * @return CARC_OK, CARC_EINVAL, CARC_EBUFFER.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_save(char *buf, size_t cap, size_t *needed, const carc_dice_game *game);

/**
 * Read a record of `len` bytes and replay it through carc_dice_game_play
 * (rolls take the recorded faces). On failure *out is NULL and `err`
 * (optional; struct_size set) gives the 1-based line and the reason.
 * @return CARC_OK, CARC_EINVAL, CARC_EPARSE, CARC_EFORMAT, CARC_ERECORD, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_dice_game_load(carc_dice_game **out, const char *data, size_t len,
                                         const carc_allocator *allocator, carc_load_error *err);

#ifdef __cplusplus
}
#endif
#endif
