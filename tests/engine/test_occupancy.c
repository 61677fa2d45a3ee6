/* SPDX-License-Identifier: MIT */
/*
 * The occupancy rule, checked on the board (docs/rules.md 2.6: the whole
 * feature "as far as it reaches over the board", not only this
 * tile). For every placement of every turn of seeded random games, with
 * every module set, a follower is offered on a road, city or field segment
 * exactly when that segment's feature, once the tile is laid without a
 * figure, holds no figure: read through the public API (carc_game_feature_at,
 * carc_game_feature) on a copy, not through the engine's own test.
 *
 * It catches a segment that joins an occupied feature only through another
 * segment of the same tile: two fields a road separates on the new tile that
 * both touch one field next door are one field once it is laid, and a farmer
 * in either stands beside every farmer in the fields either touches.
 */
#include "test_util.h"
#include <stdio.h>

typedef struct tally {
    unsigned checked, occupied; /* segments looked at; of them, in a feature that holds a figure */
} tally;

/* Whether a follower on segment s of the placement is listed in fl. */
static bool listed(const carc_movelist *fl, uint32_t s)
{
    for (size_t k = 0; k < carc_movelist_count(fl); k++) {
        const carc_move *q = &carc_movelist_data(fl)[k];
        if (q->figure == CARC_FIGURE_FOLLOWER && q->segment == s)
            return true;
    }
    return false;
}

/* The follower options of placement p in game g against the board of c, a
 * copy of g with p played without a figure. */
static void check_placement(carc_game *g, carc_game *c, carc_movelist *fl, const carc_move *p, bool farmers,
                            tally *t)
{
    assert_int_equal(carc_game_figure_options(fl, g, p), CARC_OK);
    carc_move m = *p;
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_copy(c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    assert_int_equal(carc_game_play(c, &m), CARC_OK);
    uint32_t nseg = 0;
    assert_int_equal(carc_tile_segment_count(&nseg, p->tile), CARC_OK);
    for (uint32_t s = 0; s < nseg; s++) {
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, p->tile, p->rotation, s), CARC_OK);
        if (si.kind != CARC_SEG_ROAD && si.kind != CARC_SEG_CITY && (si.kind != CARC_SEG_FIELD || !farmers))
            continue;
        uint32_t f;
        assert_int_equal(carc_game_feature_at(&f, c, p->x, p->y, s), CARC_OK);
        carc_feature_info fe = { .struct_size = sizeof fe };
        assert_int_equal(carc_game_feature(&fe, c, f), CARC_OK);
        if (fe.complete)
            continue; /* scored at once: its figures went home */
        t->checked++;
        t->occupied += fe.figures != 0;
        if (listed(fl, s) != (fe.figures == 0)) {
            print_error("tile %u at (%d,%d) turned %u: a follower on segment %u is %s, its feature holds %u figures\n",
                        p->tile, p->x, p->y, p->rotation, s, listed(fl, s) ? "offered" : "refused", fe.figures);
            fail();
        }
    }
}

static void games(uint32_t players, uint32_t modules, uint32_t n, uint64_t seed, tally *t)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + modules;
    for (uint32_t gi = 0; gi < n; gi++) {
        carc_game *g = tu_new_game_with(players, seed + gi, modules), *c = NULL;
        assert_int_equal(carc_game_clone(&c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
        carc_movelist *pl = NULL, *fl = NULL;
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
        for (;;) {
            carc_pending pd = { .struct_size = sizeof pd };
            assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
            if (pd.decision == CARC_DECISION_NONE)
                break;
            uint32_t supply = 0;
            assert_int_equal(carc_game_supply(&supply, g, pd.player), CARC_OK);
            if (pd.decision == CARC_DECISION_PLACE && supply) {
                assert_int_equal(carc_game_placements(pl, g, pd.tile, 0), CARC_OK);
                for (size_t i = 0; i < carc_movelist_count(pl); i++)
                    check_placement(g, c, fl, &carc_movelist_data(pl)[i], (modules & CARC_MODULE_FARMERS) != 0, t);
            }
            assert_int_equal(carc_game_legal_moves(fl, g, 0), CARC_OK);
            size_t nl = carc_movelist_count(fl);
            assert_true(nl > 0);
            assert_int_equal(carc_game_play(g, &carc_movelist_data(fl)[tu_rand(&rng) % nl]), CARC_OK);
        }
        carc_movelist_free(pl);
        carc_movelist_free(fl);
        carc_game_free(c);
        carc_game_free(g);
    }
}

static void base_game(void **state)
{
    (void)state;
    tally t = { 0, 0 };
    games(2, CARC_MODULE_FARMERS, 60, 1, &t);
    games(4, CARC_MODULE_FARMERS, 30, 101, &t);
    print_message("base game: %u segments checked, %u in an occupied feature\n", t.checked, t.occupied);
    assert_true(t.occupied > 0);
}

static void every_module_set(void **state)
{
    (void)state;
    tally t = { 0, 0 };
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++)
        games(2, tu_all_modules(i), 2, 1000 + 10 * i, &t);
    print_message("64 module sets: %u segments checked, %u in an occupied feature\n", t.checked, t.occupied);
    assert_true(t.occupied > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(base_game),
        cmocka_unit_test(every_module_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
