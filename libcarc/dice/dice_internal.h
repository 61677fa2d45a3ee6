/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne internals of the Dice Game (dice_*.c). Never installed.
 *
 * The whole rules state of a dice game is one small fixed-size struct
 * (carci_dice_state, about 120 bytes, no pointers). Undo keeps a copy of it
 * from before every action, so an undo restores identical bytes; actions and
 * events live in append-only arrays whose lengths are part of the state.
 */
#ifndef CARCI_DICE_INTERNAL_H
#define CARCI_DICE_INTERNAL_H

#include "util/alloc.h" /* carci_alloc, carci_realloc, carci_free, carci_default_allocator */
#include <carcassonne/dice.h>
#include <string.h>

#define CARCI_DICE_N CARC_DICE_COUNT
#define CARCI_DICE_MAX_PLAYERS 5
#define CARCI_DICE_R CARC_DICE_GRID_RADIUS
#define CARCI_DICE_NONE 0xFFu
/* The grid of a turn follows the city (docs/dice.md, decision 2): a die goes
 * on a cell at most R columns and R rows beyond the built dice. Each die so
 * widens the built area by R cells at most: the dice span at most SPAN
 * cells across (|x|, |y| <= (N-1)*R = 64: int8_t coordinates suffice), and
 * the window of cells where a die may go at most WMAX. */
#define CARCI_DICE_SPAN ((CARCI_DICE_N - 1) * CARCI_DICE_R + 1)
#define CARCI_DICE_WMAX (CARCI_DICE_SPAN + 2 * CARCI_DICE_R)
_Static_assert((CARCI_DICE_N - 1) * CARCI_DICE_R <= 127, "built cells fit int8_t");

/* One die: location (carc_dice_location), face (carc_dice_face), the player
 * it lies in front of, and for built dice the cell and rotation. */
typedef struct carci_dice_die {
    uint8_t loc, face, player, rot;
    int8_t x, y;
} carci_dice_die;

typedef struct carci_dice_state {
    uint64_t rng;                          /* splitmix64 state */
    int32_t score[CARCI_DICE_MAX_PLAYERS];
    uint32_t turn;                         /* turns completed */
    uint32_t n_hist;                       /* actions played */
    uint32_t n_events;
    uint8_t players, cur, phase, rolls;
    uint8_t doubled;                       /* this turn scores double */
    uint8_t catapults;                     /* dice handed on as catapults this turn */
    uint8_t winner, reason;                /* CARCI_DICE_NONE, 0 while the game goes on */
    uint8_t n_preset;                      /* test hook: faces fixed for the next roll */
    uint8_t preset[CARCI_DICE_N];
    carci_dice_die dice[CARCI_DICE_N];     /* 112 bytes in all: no padding */
} carci_dice_state;

/* One action of the history; a roll keeps the faces it gave, in die order,
 * and the dice it rolled (bit d = die d). */
typedef struct carci_dice_hist {
    uint8_t kind, die, rot, player;
    int8_t x, y;
    uint8_t nfaces;
    uint8_t faces[CARCI_DICE_N];
    uint16_t rolled;
} carci_dice_hist;

typedef struct carci_dice_ev {
    uint8_t kind, player, dice, doubled;
    uint8_t to, reason;
    uint16_t pad;
    int32_t points;
    uint32_t action, turn;
} carci_dice_ev;

struct carc_dice_game {
    carc_allocator alloc;
    carc_dice_faces faces;
    uint64_t seed;
    carci_dice_state st;
    carci_dice_hist *hist;     /* st.n_hist used */
    uint32_t hist_cap;
    carci_dice_ev *ev;         /* st.n_events used */
    uint32_t ev_cap;
    carci_dice_state *snaps;   /* the state before each undoable action */
    uint32_t n_snaps, snaps_cap;
    char err[160];
};

/* Events one action can add at most: catapults, score, win. */
#define CARCI_DICE_EVENTS_PER_ACTION 4

/* ---- the grid (dice_grid.c) ------------------------------------------- */
extern const int8_t carci_dice_side_dx[4], carci_dice_side_dy[4]; /* N E S W; y grows to the south */
uint8_t carci_dice_rot_edges(uint8_t edges, unsigned rot);
uint8_t carci_dice_die_edges(const carc_dice_game *g, unsigned die); /* rotated if built, 0 if not a city face */
unsigned carci_dice_built_count(const carc_dice_game *g);
/* The cells where a die may be built now: x0..x1, y0..y1 (inclusive). */
typedef struct carci_dice_window {
    int32_t x0, y0, x1, y1;
} carci_dice_window;
void carci_dice_window_get(const carc_dice_game *g, carci_dice_window *w);
bool carci_dice_in_window(const carci_dice_window *w, int32_t x, int32_t y);
/* The die built at (x, y), or -1 (any coordinates). */
int carci_dice_die_at(const carc_dice_game *g, int32_t x, int32_t y);
/* What the built neighbours of (x, y) ask for: a die with black edges e
 * fits iff ((e ^ *need) & *mask) == 0 (mask: the sides with a neighbour). */
void carci_dice_cell_needs(const carc_dice_game *g, int32_t x, int32_t y, uint8_t *need, uint8_t *mask);
bool carci_dice_fits(const carc_dice_game *g, uint8_t edges, int32_t x, int32_t y);
bool carci_dice_placeable(const carc_dice_game *g, unsigned die); /* D-8: a legal cell exists */
uint32_t carci_dice_largest_closed(const carc_dice_game *g, uint32_t *mask);

/* ---- rules (dice_rules.c) --------------------------------------------- */
int32_t carci_dice_points(uint32_t dice); /* the scoring table (D-7) */
unsigned carci_dice_count_loc(const carc_dice_game *g, unsigned loc);
/* The status carc_dice_game_play would return; the reason into err (if
 * errcap > 0) when it is not CARC_OK. */
carc_status carci_dice_check(const carc_dice_game *g, const carc_dice_action *a, char *err, size_t errcap);
void carci_dice_apply(carc_dice_game *g, const carc_dice_action *a);
void carci_dice_hist_action(const carci_dice_hist *h, carc_dice_action *out);

/* ---- legal actions (dice_enum.c) --------------------------------------- */
size_t carci_dice_enumerate(const carc_dice_game *g, carc_dice_action *buf, size_t cap, uint32_t flags);

/* ---- errors (dice_game.c) --------------------------------------------- */
carc_status carci_dice_fail(carc_dice_game *g, carc_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
