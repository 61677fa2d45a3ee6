/* SPDX-License-Identifier: MIT */
/*
 * The learn folder's one internal header: what the space (space.c), the ids
 * (ids.c), the legal actions (legal.c), the observations (observe.c) and the
 * vectorised environment (vec.c, vec_step.c, vec_outputs.c) share. Public API
 * only below this folder: the learning environment is a client of
 * <carcassonne/carcassonne.h>, like record/ and render/.
 */
#ifndef CARCI_LEARN_INTERNAL_H
#define CARCI_LEARN_INTERNAL_H

#include <carcassonne/carcassonne.h>
#include <carcassonne/learn.h>
#include "util/alloc.h" /* carci_alloc, carci_free, carci_default_allocator */

#include <stdatomic.h>

#define CARCI_LEARN_FIGURES 6     /* carc_figure 0..5 */
#define CARCI_LEARN_MAX_PLAYERS 6
#define CARCI_LEARN_NO_LOC 0xFFu
#define CARCI_LEARN_MAX_SEG 16
#define CARCI_LEARN_STAGES 7      /* carc_learn_stage */
#define CARCI_LEARN_VFLAGS 3      /* optional, second tile, final round */

/* ---------------------------------------------------------------- messages (message.c) */

/* The first check of a public function that writes a message: `args` (its
 * pointers are not NULL) and msg/cap; CARC_EINVAL with "NULL argument", or
 * the message emptied and CARC_OK. */
carc_status carci_learn_enter(bool args, char *msg, size_t cap);
/* A message into msg[0..cap) (printf style; cut, NUL-terminated); nothing when cap is 0. */
void carci_learn_msg(char *msg, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---------------------------------------------------------------- the space (space.c) */

/* A tile kind turned one way: the tile planes it sets and its segments by
 * location. */
typedef struct carci_learn_look {
    uint32_t planes;                           /* bit p: tile plane p (0..31) */
    uint8_t loc[CARCI_LEARN_MAX_SEG];          /* segment -> location (CARCI_LEARN_NO_LOC) */
    uint8_t seg[CARC_LEARN_LOCATIONS];         /* location -> segment (CARCI_LEARN_NO_LOC) */
    uint8_t seg_kind[CARC_LEARN_LOCATIONS];    /* location -> carc_segment_kind */
} carci_learn_look;

struct carc_learn_space {
    carc_allocator alloc;       /* the game options' allocator, copied */
    carc_game_options game;     /* allocator pointing at `alloc` */
    carc_learn_info info;
    uint32_t elements;          /* carc_modules_elements(game.modules) */
    /* figure kind -> its first plane in a player's block and the locations it
     * may stand on [loc_lo, loc_lo + loc_n) (loc_n 0: not in the game) */
    uint32_t fig_off[CARCI_LEARN_FIGURES];
    uint8_t loc_lo[CARCI_LEARN_FIGURES], loc_n[CARCI_LEARN_FIGURES];
    carci_learn_look *looks;    /* kinds * 4 (kind * 4 + rotation) */
    size_t bytes;               /* the allocation (this struct and looks) */
};

/* A copy of `src` (the same allocator). */
carc_status carci_learn_space_copy(carc_learn_space **out, const carc_learn_space *src);
/* CARC_OK when `game` was made with the space's options (players, rule
 * elements, window centre); else CARC_EINVAL and a message. */
carc_status carci_learn_match(const carc_learn_space *s, const carc_game *game, char *msg, size_t cap);

static inline const carci_learn_look *carci_learn_look_of(const carc_learn_space *s, uint32_t kind, uint32_t rot)
{
    return &s->looks[kind * 4u + (rot & 3u)];
}

/* The plane of figure kind `fig` of relative player `rel` at location `loc`
 * (UINT32_MAX: not shown). */
static inline uint32_t carci_learn_fig_plane(const carc_learn_space *s, uint32_t rel, uint32_t fig, uint32_t loc)
{
    if (fig >= CARCI_LEARN_FIGURES || loc < s->loc_lo[fig] || loc >= (uint32_t)s->loc_lo[fig] + s->loc_n[fig])
        return UINT32_MAX;
    return s->info.figure_plane + rel * s->info.player_planes + s->fig_off[fig] + (loc - s->loc_lo[fig]);
}

/* The window cell of (x, y), or -1 outside. */
static inline int32_t carci_learn_cell(const carc_learn_space *s, int32_t x, int32_t y)
{
    int64_t c = (int64_t)x - s->info.centre_x + s->info.radius;
    int64_t r = (int64_t)y - s->info.centre_y + s->info.radius;
    if (c < 0 || r < 0 || c >= (int64_t)s->info.width || r >= (int64_t)s->info.width)
        return -1;
    return (int32_t)(r * (int64_t)s->info.width + c);
}

static inline int32_t carci_learn_cell_x(const carc_learn_space *s, uint32_t cell)
{
    return (int32_t)(cell % s->info.width) - (int32_t)s->info.radius + s->info.centre_x;
}

static inline int32_t carci_learn_cell_y(const carc_learn_space *s, uint32_t cell)
{
    return (int32_t)(cell / s->info.width) - (int32_t)s->info.radius + s->info.centre_y;
}

/* ---------------------------------------------------------------- ids (ids.c) */

/* What an id is. */
enum carci_learn_id_kind {
    CARCI_ID_PLACE,   /* a placement: cell, rotation */
    CARCI_ID_FIGURE,  /* a figure action */
    CARCI_ID_PASS,
    CARCI_ID_EXIT,    /* an exit cell */
    CARCI_ID_QUARTER, /* figure (follower, big), quarter */
    CARCI_ID_COUNT,   /* quarter */
    CARCI_ID_NONE     /* out of the space */
};

typedef struct carci_learn_id {
    enum carci_learn_id_kind kind;
    uint32_t cell, rot;  /* PLACE: cell, rotation; EXIT: cell */
    uint32_t fig, loc;   /* FIGURE: carc_figure (0 none, 6 the recall) and location; QUARTER: figure */
    uint32_t quarter;    /* QUARTER, COUNT */
} carci_learn_id;

carci_learn_id carci_learn_id_read(const carc_learn_space *s, uint32_t id);

/* The figure id of a move's figure action on a tile turned so (UINT32_MAX if none fits). */
uint32_t carci_learn_figure_id(const carc_learn_space *s, uint32_t tile, uint32_t rot, const carc_move *m);

/* ---------------------------------------------------------------- legal ids (legal.c) */

/* The legal next ids of `game` after `prefix` (CARC_LEARN_NO_ACTION: none
 * yet), appended to ids[0..*n) (room for info.actions); `list` is a scratch
 * move list, which keeps the moves of a second step's ids: fig_move[f] is
 * the index in `list` of the move of figure id f (UINT16_MAX: none). With a
 * prefix, `chosen` receives what it chose (x, y, rotation, tile). */
typedef struct carci_learn_legal {
    uint32_t *ids;
    uint32_t n;
    uint16_t fig_move[CARC_LEARN_FIGURE_ACTIONS];
    carc_move chosen;
} carci_learn_legal;

carc_status carci_learn_legal_ids(carci_learn_legal *out, const carc_learn_space *s, const carc_game *game,
                                  const carc_pending *p, uint32_t prefix, carc_movelist *list, char *msg,
                                  size_t cap);

/* The pending decision of `game` into *p (a message on failure). */
carc_status carci_learn_pending(carc_pending *p, const carc_game *game, char *msg, size_t cap);
/* For the calls from scratch (carc_learn_mask, carc_learn_observe), once
 * the game matched the space (carci_learn_match): check the prefix
 * (prefix[0..n), n 0 or 1), read the pending decision and the legal ids
 * (out->ids and *list allocated; on success free them with
 * carci_learn_scratch_done). */
carc_status carci_learn_scratch(carci_learn_legal *out, carc_pending *p, carc_movelist **list,
                                const carc_learn_space *s, const carc_game *game, const uint32_t *prefix, size_t n,
                                char *msg, size_t cap);
void carci_learn_scratch_done(carci_learn_legal *out, carc_movelist *list, const carc_learn_space *s);

/* The stage (carc_learn_stage) of a decision after a prefix. */
uint32_t carci_learn_stage(const carc_pending *p, uint32_t prefix);

/* ---------------------------------------------------------------- observations (observe.c) */

/* Tile planes of kind `look` at `cell` set to 1. */
static inline void carci_learn_put_tile(const carc_learn_space *s, uint8_t *planes, const carci_learn_look *look,
                                        uint32_t cell)
{
    uint32_t bits = look->planes;
    size_t ps = s->info.plane_size;
    while (bits) {
        uint32_t p = (uint32_t)__builtin_ctz(bits);
        bits &= bits - 1u;
        planes[p * ps + cell] = 1;
    }
}

/* Everything of the vector but the tiles left (v_left, v_left_total): the
 * players' sections seen from `persp`, the stage, the flags and the tile
 * (`scores` NULL: read from the game). */
carc_status carci_learn_vector_state(float *v, const carc_learn_space *s, const carc_game *game,
                                     const carc_pending *p, uint32_t stage, uint32_t persp, const int32_t *scores);

/* The whole observation from scratch. */
carc_status carci_learn_observe_all(uint8_t *planes, float *vector, const carc_learn_space *s, const carc_game *game,
                                    const carc_pending *p, uint32_t prefix, const carc_move *chosen);

/* ---------------------------------------------------------------- the environment (vec*.c) */

/* A figure on the board, as the planes show it. */
typedef struct carci_learn_fig {
    int32_t x, y;
    uint8_t player, figure, segment, loc; /* loc: CARCI_LEARN_NO_LOC outside the window */
    int32_t cell;                         /* -1 outside the window */
} carci_learn_fig;

#define CARCI_LEARN_MAX_FIGS 96

typedef struct carci_learn_slot {
    carc_game *game;
    carc_movelist *list;
    carc_pending pending;
    uint32_t stage;       /* carc_learn_stage */
    uint32_t prefix;      /* the first id of the decision, or CARC_LEARN_NO_ACTION */
    uint32_t persp;       /* the player the planes and vector are seen from */
    uint32_t events;      /* events read */
    uint8_t finished;     /* over or cut, kept (CARC_LEARN_VEC_NO_RESTART) */
    uint8_t done;         /* its done flag while kept */
    int32_t scores[CARCI_LEARN_MAX_PLAYERS];
    carci_learn_legal legal; /* legal next ids (ids: room for info.actions) */
    uint8_t *bits;        /* legal next ids, one bit each */
    uint16_t *cells;      /* width * width: 0, or 1 + kind * 4 + rotation of the tile there */
    carci_learn_fig figs[CARCI_LEARN_MAX_FIGS];
    uint32_t nfigs;
} carci_learn_slot;

struct carc_learn_vec {
    carc_learn_space *space; /* its own copy */
    uint32_t flags;
    size_t n;
    uint64_t next_seed;
    carci_learn_slot *slots;
    carc_learn_buffers buf;  /* bound, or planes NULL */
    bool bound;
    atomic_flag busy;        /* a mutating call is running */
    char last_error[256];
};

/* Bytes of one game's rows. */
static inline size_t carci_learn_obs_bytes(const carc_learn_space *s)
{
    return (size_t)s->info.planes * s->info.plane_size;
}

/* Start game `i` afresh with `seed` (its old game replaced only on success). */
carc_status carci_learn_slot_start(carc_learn_vec *e, size_t i, uint64_t seed);
/* Write game i's observation, mask and player to move from scratch. */
void carci_learn_slot_write(carc_learn_vec *e, size_t i);
/* Compute the legal ids of game i's decision (stage, prefix) into its slot
 * and mask row; CARC_ENOTFOUND when there are none. */
carc_status carci_learn_slot_legal(carc_learn_vec *e, size_t i);
/* Step game i with a checked legal action; outputs written. */
carc_status carci_learn_slot_step(carc_learn_vec *e, size_t i, uint32_t action);
/* Leave a message (the vec's last error). */
void carci_learn_vec_error(carc_learn_vec *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
