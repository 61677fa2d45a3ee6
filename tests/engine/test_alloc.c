/* SPDX-License-Identifier: MIT */
/*
 * The allocator hook: every allocation goes through the game's allocator;
 * no allocation on the play/undo/enumerate path once a game and its move
 * lists exist (every set of modules, up to six players with Inns &
 * Cathedrals); a failing allocator gives CARC_ENOMEM and no leak.
 */
#include "test_util.h"
#include <stdlib.h>

typedef struct counter {
    long allocs, frees, live;
    long fail_at; /* fail the allocation with this number (0-based), -1: never */
} counter;

static void *c_alloc(void *ud, size_t n)
{
    counter *c = ud;
    if (c->fail_at >= 0 && c->allocs == c->fail_at) {
        c->allocs++;
        return NULL;
    }
    c->allocs++;
    c->live++;
    return malloc(n);
}
static void *c_realloc(void *ud, void *p, size_t o, size_t n)
{
    counter *c = ud;
    (void)o;
    if (c->fail_at >= 0 && c->allocs == c->fail_at) {
        c->allocs++;
        return NULL;
    }
    c->allocs++;
    return realloc(p, n);
}
static void c_free(void *ud, void *p, size_t n)
{
    counter *c = ud;
    (void)n;
    if (p) {
        c->frees++;
        c->live--;
    }
    free(p);
}

static void no_allocation_during_play(void **state)
{
    (void)state;
    counter c = { 0, 0, 0, -1 };
    carc_allocator a = { c_alloc, c_realloc, c_free, &c };
    for (uint64_t seed = 1; seed <= 64; seed++) {
        carc_game_options o = CARC_GAME_OPTIONS_INIT;
        o.seed = seed;
        o.modules = tu_module_sets[seed % TU_MODULE_SETS]; /* every set of modules */
        o.players = 2 + (uint32_t)(seed / 2 % (tu_max_players(o.modules) - 1));
        o.allocator = &a;
        carc_game *g;
        carc_movelist *pl, *fl;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
        /* warm the move lists once */
        uint32_t tile;
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
        assert_int_equal(carc_game_figure_options(fl, g, carc_movelist_data(pl)), CARC_OK);
        long before = c.allocs;
        uint64_t r = seed;
        while (!tu_over(g)) {
            assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
            assert_int_equal(carc_game_placements(pl, g, tile, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
            carc_move p = carc_movelist_data(pl)[tu_rand(&r) % carc_movelist_count(pl)];
            assert_int_equal(carc_game_figure_options(fl, g, &p), CARC_OK);
            carc_move m = carc_movelist_data(fl)[tu_rand(&r) % carc_movelist_count(fl)];
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            if (tu_rand(&r) % 4 == 0) {
                assert_int_equal(carc_game_undo(g), CARC_OK);
                assert_int_equal(carc_game_play(g, &m), CARC_OK);
            }
        }
        assert_int_equal(c.allocs, before);
        carc_movelist_free(pl);
        carc_movelist_free(fl);
        carc_game_free(g);
        assert_int_equal(c.live, 0);
    }
}

/* A playout runner allocates when it is made (and when a larger ruleset
 * comes); its playouts, choices, determinizations and hashes never do. */
static void no_allocation_in_playouts(void **state)
{
    (void)state;
    counter c = { 0, 0, 0, -1 };
    carc_allocator a = { c_alloc, c_realloc, c_free, &c };
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t modules = tu_all_modules(i);
        carc_game_options o = tu_options(2 + i % (tu_max_players(modules) - 1), i, modules);
        o.allocator = &a;
        carc_game *g, *w;
        carc_playout *p;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        assert_int_equal(carc_game_clone(&w, g, CARC_CLONE_NO_HISTORY), CARC_OK);
        assert_int_equal(carc_playout_new(&p, g), CARC_OK);
        long before = c.allocs;
        int32_t s[6];
        uint64_t rng = i, h;
        for (uint64_t k = 0; k < 4; k++) {
            assert_int_equal(carc_game_determinize(g, k), CARC_OK);
            assert_int_equal(carc_playout_run(p, g, (uint32_t)(k % 2), k, s, 6, NULL), CARC_OK);
            assert_int_equal(carc_game_hash(&h, carc_playout_game(p)), CARC_OK);
        }
        /* as a tree search uses them: the position copied, determinized,
         * played out */
        while (!tu_over(g)) {
            assert_int_equal(carc_game_copy(w, g, CARC_CLONE_NO_HISTORY), CARC_OK);
            assert_int_equal(carc_game_determinize(w, rng), CARC_OK);
            assert_int_equal(carc_playout_run(p, w, CARC_POLICY_RANDOM, rng, s, 6, NULL), CARC_OK);
            carc_move m;
            assert_int_equal(carc_playout_choose(&m, p, g, CARC_POLICY_IMMEDIATE, &rng), CARC_OK);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        assert_int_equal(c.allocs, before);
        carc_playout_free(p);
        carc_game_free(w);
        carc_game_free(g);
        assert_int_equal(c.live, 0);
    }
}

/* Fail the Nth allocation for every N until a whole game completes. */
static void failing_allocator(void **state)
{
    (void)state;
    for (long n = 0;; n++) {
        counter c = { 0, 0, 0, n };
        carc_allocator a = { c_alloc, c_realloc, c_free, &c };
        carc_game_options o = CARC_GAME_OPTIONS_INIT;
        o.seed = 5;
        o.allocator = &a;
        carc_game *g = NULL, *k = NULL;
        carc_movelist *ml = NULL;
        bool completed = false;
        carc_status s = carc_game_new(&g, &o);
        if (s != CARC_OK) {
            assert_int_equal(s, CARC_ENOMEM);
            assert_null(g);
            assert_int_equal(c.live, 0);
            continue;
        }
        s = carc_movelist_new(&ml, g);
        if (s == CARC_OK)
            s = carc_game_clone(&k, g, 0);
        uint64_t r = 9;
        while (s == CARC_OK && !tu_over(g)) {
            s = carc_game_legal_moves(ml, g, 0);
            if (s != CARC_OK)
                break;
            carc_move m = carc_movelist_data(ml)[tu_rand(&r) % carc_movelist_count(ml)];
            s = carc_game_play(g, &m);
            if (s == CARC_OK)
                s = carc_game_copy(k, g, 0);
        }
        if (s == CARC_OK)
            completed = true;
        else
            assert_int_equal(s, CARC_ENOMEM);
        carc_movelist_free(ml);
        carc_game_free(k);
        carc_game_free(g);
        assert_int_equal(c.live, 0);
        if (completed && c.fail_at >= c.allocs)
            break;
        assert_true(n < 10000);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_allocation_during_play),
        cmocka_unit_test(no_allocation_in_playouts),
        cmocka_unit_test(failing_allocator),
    };
    return cmocka_run_group_tests_name("alloc", tests, NULL, NULL);
}
