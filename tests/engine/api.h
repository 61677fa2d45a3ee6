/* SPDX-License-Identifier: MIT */
/*
 * engine.api: API contracts. Every public function checks its arguments,
 * returns the documented status, and a rejected call leaves the game byte
 * for byte as it was (white-box comparison of the state block).
 *
 * One file per topic, each ending in its table of tests (API_AREA):
 *   api_game.c             options, queries, refused calls, the tile choice
 *                          and the discard, status names
 *   api_inns.c             the big follower (Inns & Cathedrals)
 *   api_traders.c          Traders & Builders: goods, the builder, the pig,
 *                          the second tile
 *   api_count_setup.c      the Count of Carcassonne: its queries, its start,
 *                          the options a game of it reports
 *   api_count_decisions.c  the Count: its decisions, the order of exits, an
 *                          early end, the final round, its variants
 *   api_internals.c        white-box: the catalogue's derived tables, both
 *                          SIMD paths of the placements
 * api_fixture.c holds what several of them use (below); test_api.c runs the
 * tests of every area, each followed by free_snapshot.
 */
#ifndef CARC_TEST_API_H
#define CARC_TEST_API_H

#include "test_util.h"
#include "state_equal.h"
#include "core/ruleset.h" /* the kind derivations (api_internals.c) */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The Count with farmers: the modules of most of the Count's tests. */
#define CO_MODS (CARC_MODULE_FARMERS | CARC_MODULE_COUNT)

/* ------------------------------------------------------------ the snapshot */

/* snap(g) keeps a clone of g, unchanged(g) checks that g is still exactly
 * that; the last snapshot goes after every test (free_snapshot). */
void snap(const carc_game *g);
void unchanged(const carc_game *g);
int free_snapshot(void **state);

/* ------------------------------------------------------------ queries */

/* The decision pending on g. */
carc_pending pending_of(const carc_game *g);
/* The feature under segment seg of the tile at (x, y) (its id in *id). */
carc_feature_info feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t seg, uint32_t *id);
/* The Count: `player`'s figures of kind `figure` in quarter `quarter`; the
 * quarter the Count stands on. */
uint32_t in_city(const carc_game *g, uint32_t quarter, uint32_t player, uint32_t figure);
uint32_t count_at(const carc_game *g);

/* ------------------------------------------------------------ refusals */

/* A move with some fields changed, refused with `want` (and, if `reason`,
 * a last-error text that says it): one row of a table of refusals. */
enum field { F_END, F_X, F_Y, F_DX, F_TILE, F_ROTATION, F_FIGURE, F_SEGMENT, F_KIND, F_QUARTER, F_RESERVED };
typedef struct move_change {
    carc_status want;
    const char *reason;
    struct {
        enum field field;
        int64_t value;
    } c[3];
} move_change;
#define SET(f, v) { F_##f, (int64_t)(v) }

/* m is refused with status st (and, if `reason`, a last-error text naming
 * it), changes nothing and leaves a reason. */
void refused(carc_game *g, carc_move m, carc_status st, const char *reason);
/* Each row's change of `base` refused so. */
void refused_changes(carc_game *g, carc_move base, const move_change *rows, size_t n);
/* carc_game_new refuses options o with `want`, and sets its game NULL. */
void new_refused(const carc_game_options *o, carc_status want);

/* ------------------------------------------------------------ moves */

/* The first of the n moves from `pick` on (round) that puts a follower on a
 * road or city; `pick` if none does. */
size_t on_road_or_city(const carc_move *d, size_t n, size_t pick);

/* ------------------------------------------------------------ areas */

/* The tests of an area file: API_AREA(api_area_x, API_TEST(a), API_TEST(b), ...); */
typedef struct api_area {
    const struct CMUnitTest *tests;
    size_t count;
} api_area;
#define API_TEST(f) cmocka_unit_test_teardown(f, free_snapshot)
#define API_AREA(var, ...)                                                                                         \
    static const struct CMUnitTest var##_tests[] = { __VA_ARGS__ };                                                \
    const api_area var = { var##_tests, COUNT_OF(var##_tests) }
/* Every area, in the order they run. */
#define API_AREAS(X)                                                                                               \
    X(api_area_game) X(api_area_inns) X(api_area_traders) X(api_area_count_setup) X(api_area_count_decisions)     \
        X(api_area_internals)
#define DECLARE_API_AREA(var) extern const api_area var;
API_AREAS(DECLARE_API_AREA)

#endif
