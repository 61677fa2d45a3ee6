/* SPDX-License-Identifier: MIT */
/*
 * Figures accounted for, from the public API alone (shared by the property
 * and draw tests): what the quarters of the City of Carcassonne hold, and
 * every figure kind conserved.
 */
#ifndef CARC_TEST_FIGURES_H
#define CARC_TEST_FIGURES_H

#include "test_util.h"

static inline uint32_t seg_kind(uint32_t tile, uint32_t rot, uint32_t seg)
{
    carc_segment_info si = { .struct_size = sizeof si };
    assert_int_equal(carc_tile_segment(&si, tile, rot, seg), CARC_OK);
    return si.kind;
}

/* What the quarters hold (carc_game_city) and where the Count stands. */
typedef struct city_state {
    uint32_t n[4][6], big[4][6];
    uint32_t count; /* carc_quarter; 4 without the Count */
} city_state;

static inline void read_city(const carc_game *g, uint32_t players, uint32_t modules, city_state *c)
{
    memset(c, 0, sizeof *c);
    for (uint32_t q = 0; q < 4; q++)
        for (uint32_t p = 0; p < players; p++) {
            assert_int_equal(carc_game_city(&c->n[q][p], g, q, p, CARC_FIGURE_FOLLOWER), CARC_OK);
            assert_int_equal(carc_game_city(&c->big[q][p], g, q, p, CARC_FIGURE_BIG), CARC_OK);
            assert_true(c->big[q][p] <= 1);
            if (!(modules & CARC_MODULE_COUNT))
                assert_int_equal(c->n[q][p] + c->big[q][p], 0);
        }
    c->count = 4;
    if (modules & CARC_MODULE_COUNT) {
        assert_int_equal(carc_game_count(&c->count, g), CARC_OK);
        assert_true(c->count < 4); /* on one quarter, always */
    } else {
        assert_int_equal(carc_game_count(&c->count, g), CARC_EILLEGAL);
    }
}

/* Every figure kind: on the board + in supply (+ in the City of
 * Carcassonne's quarters) = its number per player, and each figure on a
 * segment its rules allow. Public API only. */
static inline void tu_check_figures(const carc_game *g, uint32_t modules)
{
    uint32_t players, nfig;
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(carc_game_figure_count(&nfig, g), CARC_OK);
    uint32_t on_board[6][CARC_FIGURE_PIG + 1];
    const uint32_t el = tu_elements(modules);
    const bool big = el & CARC_MODULE_BIG_FOLLOWER, builder = el & CARC_MODULE_BUILDER, pig = el & CARC_MODULE_PIG;
    memset(on_board, 0, sizeof on_board);
    for (uint32_t i = 0; i < nfig; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
        assert_true(fi.player < players);
        assert_true(fi.figure == CARC_FIGURE_FOLLOWER || fi.figure == CARC_FIGURE_ABBOT ||
                    (fi.figure == CARC_FIGURE_BIG && big) || (fi.figure == CARC_FIGURE_BUILDER && builder) ||
                    (fi.figure == CARC_FIGURE_PIG && pig));
        on_board[fi.player][fi.figure]++;
        carc_move t;
        assert_int_equal(carc_game_tile_at(&t, g, fi.x, fi.y), CARC_OK);
        uint32_t k = seg_kind(t.tile, t.rotation, fi.segment);
        if (fi.figure == CARC_FIGURE_ABBOT)
            assert_true(k == CARC_SEG_MONASTERY || k == CARC_SEG_GARDEN);
        else if (fi.figure == CARC_FIGURE_BUILDER)
            assert_true(k == CARC_SEG_ROAD || k == CARC_SEG_CITY);
        else if (fi.figure == CARC_FIGURE_PIG)
            assert_true(k == CARC_SEG_FIELD);
        else /* the follower, and the big follower by the follower's rules */
            assert_true(k == CARC_SEG_ROAD || k == CARC_SEG_CITY || k == CARC_SEG_MONASTERY ||
                        (k == CARC_SEG_FIELD && (modules & CARC_MODULE_FARMERS)));
    }
    city_state city;
    read_city(g, players, modules, &city);
    for (uint32_t p = 0; p < players; p++) {
        uint32_t s, f, in_city = 0, big_in_city = 0;
        for (uint32_t q = 0; q < 4; q++) {
            in_city += city.n[q][p];
            big_in_city += city.big[q][p];
        }
        assert_int_equal(carc_game_supply(&s, g, p), CARC_OK);
        assert_int_equal(carc_game_figure_supply(&f, g, p, CARC_FIGURE_FOLLOWER), CARC_OK);
        assert_int_equal(s, f);
        /* in supply, on the board, in the City of Carcassonne's quarters */
        if (s + on_board[p][CARC_FIGURE_FOLLOWER] + in_city != 7)
            fail_msg("player %u: %u followers in supply, %u on the board, %u in the city", p, s,
                     on_board[p][CARC_FIGURE_FOLLOWER], in_city);
        assert_int_equal(carc_game_figure_supply(&f, g, p, CARC_FIGURE_ABBOT), CARC_OK);
        assert_int_equal(f + on_board[p][CARC_FIGURE_ABBOT], (el & CARC_MODULE_ABBOT_FIGURE) ? 1 : 0);
        /* the big follower in exactly one place (with its element) */
        assert_int_equal(carc_game_figure_supply(&f, g, p, CARC_FIGURE_BIG), CARC_OK);
        if (f + on_board[p][CARC_FIGURE_BIG] + big_in_city != (big ? 1u : 0u))
            fail_msg("player %u: big follower %u in supply, %u on the board, %u in the city", p, f,
                     on_board[p][CARC_FIGURE_BIG], big_in_city);
        /* the builder and the pig with their elements (the box: the pig with farmers) */
        assert_int_equal(carc_game_figure_supply(&f, g, p, CARC_FIGURE_BUILDER), CARC_OK);
        assert_int_equal(f + on_board[p][CARC_FIGURE_BUILDER], builder ? 1 : 0);
        assert_int_equal(carc_game_figure_supply(&f, g, p, CARC_FIGURE_PIG), CARC_OK);
        assert_int_equal(f + on_board[p][CARC_FIGURE_PIG], pig ? 1 : 0);
    }
}

#endif
