/* SPDX-License-Identifier: MIT */
/*
 * engine.properties: what the files of the property tests share
 * (test_properties.c says what they check). One file per responsibility:
 *   properties_fixture.c     queries of the game the others ask (pending_of,
 *                            feature_of, event_at, ...)
 *   properties_invariants.c  what holds after every move: figures, the
 *                            pending decision, the River's order, scores
 *                            from events, monasteries, edges
 *   properties_moves.c       the legal moves: enumeration = check (sorted
 *                            lists, every candidate move, random variants),
 *                            and the random choice of the move to play
 *   properties_scores.c      majorities and values: who scores a feature,
 *                            and for how much, during play and at the end
 *   properties_traders.c     Traders & Builders: the builder's and the
 *                            pig's rules, goods tokens
 *   properties_count.c       the Count of Carcassonne followed independently
 *                            from the API (count_track)
 *   test_properties.c        the random games that run all of it, and the
 *                            tests
 */
#ifndef CARC_TEST_PROPERTIES_H
#define CARC_TEST_PROPERTIES_H

#include "test_util.h"
#include "state_equal.h"
#include "figures.h"

#include <stdio.h>
#include <stdlib.h>

/* What the games reached (printed by module_sets, and checked there). */
typedef struct stats {
    unsigned games, turns, recalls, abbots_placed, exhaustive, variants;
    unsigned bigs_placed, big_majorities, big_decided, inn_scores, inn_finals, cathedral_scores, cathedral_finals,
        majorities;
    /* Traders & Builders */
    unsigned builders_placed, pigs_placed, second_tiles, passes, goods_events, unheld_goods, trades, trade_ties,
        pig_scores, pig_splits, builders_home, no_chain;
} stats;
/* The Count's part of it. */
typedef struct count_stats {
    unsigned exits, final_exits, market_exits, big_exits, quarters, big_quarters, count_moves, passes, triggers,
        final_rounds, no_final_round, ends, declined_triggers, exhaustive, mid_clones, coc_fields;
} count_stats;
extern count_stats cst;

/* A sorted copy of a move list, for membership tests. */
typedef struct sorted {
    carc_move *m;
    size_t n, cap;
} sorted;

/* A figure as the board shows it, by position. */
typedef struct placed_fig {
    int32_t x, y;
    uint32_t segment, player, figure;
} placed_fig;

/* The Count's rules followed through a game, worked out from the API (not
 * from the engine's state): the part being played, the exits expected, the
 * final round. */
typedef struct count_track {
    uint32_t modules, variants, players;
    int32_t px, py;      /* the tile of the part being played */
    uint32_t placer, part, ev0; /* its player, part (1, 2), the events before its move */
    bool used;           /* a follower went into the city this turn */
    uint32_t expect;     /* the player asked for exits next during play, or NONE */
    bool final;          /* the final round has begun */
    uint32_t out;        /* players out of the final round */
    city_state city;     /* as after the last move */
} count_track;

/* ------------------------------------------------------------ properties_fixture.c */

static inline bool same_state(const carc_game *a, const carc_game *b)
{
    return state_equal(a, b);
}
/* The decision pending on g; the part of the turn pending (1 or 2; 0 once
 * the game is over). */
carc_pending pending_of(const carc_game *g);
uint32_t pending_part(const carc_game *g);
/* Event i of g. */
carc_event event_at(const carc_game *g, uint32_t i);
/* The feature under segment `segment` of the tile at (x, y). */
uint32_t feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t segment);
/* The cells of feature f's tiles, as (x, y) pairs in xy (room for cap): how many. */
size_t feature_cells(const carc_game *g, uint32_t f, int32_t *xy, size_t cap);
/* The tile placed at (x, y), in *t: its number of segments. */
uint32_t placed_tile(const carc_game *g, int32_t x, int32_t y, carc_move *t);
/* Segment s of tile kind `tile` turned `rotation`. */
carc_segment_info segment_info(uint32_t tile, uint32_t rotation, uint32_t s);
/* Tiles in the 3x3 square centred on (x, y). */
int32_t tiles_around(const carc_game *g, int32_t x, int32_t y);
/* Where `player`'s figure of this kind stands (its segment in *segment, if
 * asked); false when it is not on the board. */
bool figure_where(const carc_game *g, uint32_t player, uint32_t figure, int32_t *x, int32_t *y, uint32_t *segment);
/* A tile kind the player to move may draw now (another than the current
 * one when there is one), or UINT32_MAX. */
uint32_t drawable_kind(const carc_game *g, uint64_t *rng);
/* m, which check_move refused with st, is refused alike by play, and changes nothing. */
void play_refused(carc_game *g, const carc_move *m, carc_status st);

/* ------------------------------------------------------------ properties_invariants.c */

void check_conservation(const carc_game *g, uint32_t modules);
void check_pending(const carc_game *g);
void check_river_order(const carc_game *g, uint32_t modules, uint32_t lake);
void check_recall(const carc_game *g, const carc_move *m, uint32_t player, uint32_t hist_before,
                  uint32_t events_before, int32_t want_points);
void check_scores_from_events(const carc_game *g);
void check_center_scores(const carc_game *g);
void check_board_edges(const carc_game *g);
void check_no_figure_on_complete(const carc_game *g);

/* ------------------------------------------------------------ properties_moves.c */

void sorted_fill(sorted *s, const carc_movelist *l);
bool sorted_has(const sorted *s, const carc_move *m);
void check_enumeration_complete(const carc_game *g, const sorted *all);
void check_variants(carc_game *g, const sorted *all, uint64_t *rng, unsigned count);
/* The move to play (modules: the game's), an answer to a decision of the
 * Count, a move of a game without modules. */
carc_move pick_move_for(const carc_movelist *ml, uint64_t *rng, uint32_t modules);
carc_move pick_count_move(const carc_movelist *ml, uint64_t *rng);
carc_move pick_move(const carc_movelist *ml, uint64_t *rng);

/* ------------------------------------------------------------ properties_scores.c */

uint32_t board_figures(const carc_game *g, placed_fig *out, uint32_t cap);
void check_move_scores(const carc_game *g, const carc_move *m, uint32_t player, const placed_fig *before,
                       uint32_t n, uint32_t ev0, stats *st);
void check_final_scores(const carc_game *g, stats *st);

/* ------------------------------------------------------------ properties_traders.c */

void check_builder_pig_rules(carc_game *g, carc_movelist *pl, uint32_t modules);
void check_move_goods(const carc_game *g, const carc_move *m, uint32_t player, uint32_t ev0, stats *st);
void check_traders(const carc_game *g, uint32_t modules, const uint32_t symbols[CARC_GOOD_COUNT]);
bool tile_on_feature(const carc_game *g, int32_t x, int32_t y, uint32_t f);

/* ------------------------------------------------------------ properties_count.c */

void track_start(count_track *t, const carc_game *g, uint32_t players, uint32_t modules, uint32_t variants);
void count_after(const carc_game *g, count_track *t, const carc_move *m, uint32_t d, bool final, uint32_t player,
                 uint32_t part, uint32_t ev_before);
void check_count_legal(const carc_game *g, const count_track *t, const carc_movelist *ml, const carc_pending *pd);
void count_variants(carc_game *g, const count_track *t, const sorted *all, const carc_pending *pd, uint64_t *rng,
                    unsigned count);
void check_exits_complete(const carc_game *g, const count_track *t, const carc_pending *pd);

#endif
