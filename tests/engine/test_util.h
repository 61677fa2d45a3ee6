/* SPDX-License-Identifier: MIT */
/* Helpers shared by the engine tests. */
#ifndef CARC_TEST_UTIL_H
#define CARC_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <carcassonne/carcassonne.h>
#include "elements_oracle.h"

static inline uint64_t tu_rand(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* With the Count and the River the spring's place is part of the set-up
 * (docs/rules.md 8.2): RA at (-3,0) turned 180 degrees, its field edge east
 * against CO/5's west side, its river flowing north, away from the city (one
 * of the nine places; test_api checks them). */
#define TU_SPRING_X (-3)
#define TU_SPRING_Y 0
#define TU_SPRING_ROT 2u

/* Options for a game with these modules (CARC_MODULE_* flags); with the
 * Count and the River, the spring placed as above. */
static inline carc_game_options tu_options(uint32_t players, uint64_t seed, uint32_t modules)
{
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = players;
    o.seed = seed;
    o.modules = modules;
    if ((modules & CARC_MODULE_COUNT) && (modules & CARC_MODULE_RIVER)) {
        assert_int_equal(carc_tile_find(&o.start_tile, "RA"), CARC_OK);
        o.start_x = TU_SPRING_X;
        o.start_y = TU_SPRING_Y;
        o.start_rotation = TU_SPRING_ROT;
    }
    return o;
}

/* A game with these modules (CARC_MODULE_* flags). */
static inline carc_game *tu_new_game_with(uint32_t players, uint64_t seed, uint32_t modules)
{
    carc_game_options o = tu_options(players, seed, modules);
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static inline carc_game *tu_new_game(uint32_t players, uint64_t seed)
{
    return tu_new_game_with(players, seed, CARC_MODULE_FARMERS);
}

/* The 32 sets of the modules but the Count: farmers on/off x River x Abbot x
 * Inns & Cathedrals x Traders & Builders (the first eight without Inns &
 * Cathedrals; the first sixteen without Traders & Builders, the last sixteen
 * the same sets with it). For the tests whose games take place moves only
 * (test_alloc.c); with the Count, see TU_ALL_MODULE_SETS. */
#define TU_MODULE_SETS 32
#define TU_T CARC_MODULE_TRADERS
static const uint32_t tu_module_sets[TU_MODULE_SETS] __attribute__((unused)) = {
    0,
    CARC_MODULE_FARMERS,
    CARC_MODULE_RIVER,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER,
    CARC_MODULE_ABBOT,
    CARC_MODULE_FARMERS | CARC_MODULE_ABBOT,
    CARC_MODULE_RIVER | CARC_MODULE_ABBOT,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT,
    CARC_MODULE_INNS,
    CARC_MODULE_FARMERS | CARC_MODULE_INNS,
    CARC_MODULE_RIVER | CARC_MODULE_INNS,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_INNS,
    CARC_MODULE_ABBOT | CARC_MODULE_INNS,
    CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_INNS,
    CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS,
    TU_T,
    CARC_MODULE_FARMERS | TU_T,
    CARC_MODULE_RIVER | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | TU_T,
    CARC_MODULE_ABBOT | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | TU_T,
    CARC_MODULE_RIVER | CARC_MODULE_ABBOT | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | TU_T,
    CARC_MODULE_INNS | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_INNS | TU_T,
    CARC_MODULE_RIVER | CARC_MODULE_INNS | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_INNS | TU_T,
    CARC_MODULE_ABBOT | CARC_MODULE_INNS | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_INNS | TU_T,
    CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS | TU_T,
    CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS | TU_T,
};
#undef TU_T

/* Every set of the six modules (farmers, River, Abbot, the Count, Inns &
 * Cathedrals, Traders & Builders): the CARC_MODULE_* flags are bits 0..5, so
 * set i is the flags i itself (0..63). */
#define TU_ALL_MODULE_SETS 64u
static inline uint32_t tu_all_modules(uint32_t i)
{
    return i & (CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_COUNT | CARC_MODULE_INNS |
                CARC_MODULE_TRADERS);
}

/* The most players these modules allow (6 with Inns & Cathedrals, else 5). */
static inline uint32_t tu_max_players(uint32_t modules)
{
    return (modules & CARC_MODULE_INNS) ? 6u : 5u;
}

static inline bool tu_over(const carc_game *g)
{
    bool over = false;
    assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
    return over;
}

static inline uint32_t tu_tile(const char *name)
{
    uint32_t k = 0;
    assert_int_equal(carc_tile_find(&k, name), CARC_OK);
    return k;
}

/* Tile i of g's board (in the order they were laid) in *t: its number of
 * segments. */
static inline uint32_t tu_board_tile(const carc_game *g, uint32_t i, carc_move *t)
{
    uint32_t nseg = 0;
    assert_int_equal(carc_game_tile(t, g, i), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, t->tile), CARC_OK);
    return nseg;
}

/* The pass: the answer that declines an optional decision (the builder's
 * second tile, the Count's decisions). */
static inline carc_move tu_pass_move(void)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.segment = CARC_NO_SEGMENT;
    return m;
}

/* Whether kind k is a River tile (it is only in the tile set with the River).
 * Worked out once per kind (carc_tile_copies counts the whole catalogue, and
 * the property tests ask every turn). */
static inline bool tu_is_river(uint32_t k)
{
    static int8_t known[256]; /* 0: not yet, 1: a River tile, -1: not */
    if (k < 256 && known[k])
        return known[k] > 0;
    uint32_t without = 0, with = 0;
    assert_int_equal(carc_tile_copies(&without, k, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT), CARC_OK);
    assert_int_equal(carc_tile_copies(&with, k, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_RIVER),
                     CARC_OK);
    bool river = without == 0 && with > 0;
    if (k < 256)
        known[k] = river ? 1 : -1;
    return river;
}

/* River tiles left to draw in game g. */
static inline uint32_t tu_river_left(const carc_game *g)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++)
        if (tu_is_river(k)) {
            uint32_t c = 0;
            assert_int_equal(carc_game_remaining_of(&c, g, k), CARC_OK);
            n += c;
        }
    return n;
}

/* Tiles in a game with these modules, the start tile included. */
static inline uint32_t tu_tile_total(uint32_t modules)
{
    uint32_t total = 0;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t c = 0;
        assert_int_equal(carc_tile_copies(&c, k, modules), CARC_OK);
        total += c;
    }
    return total;
}

/* Goods symbols of kind `good` (carc_good) on the tiles of a game with these
 * modules (Traders & Builders: 9 wine, 6 grain, 5 cloth; else 0). */
static inline uint32_t tu_goods_symbols(uint32_t modules, uint32_t good)
{
    uint32_t total = 0;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t c = 0, n = 0;
        assert_int_equal(carc_tile_copies(&c, k, modules), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t i = 0; c && i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            total += (si.special & CARC_SEGMENT_GOOD(good)) ? c : 0;
        }
    }
    return total;
}

#endif
