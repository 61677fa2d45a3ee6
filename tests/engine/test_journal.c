/* SPDX-License-Identifier: MIT */
/*
 * The undo journal shared by clones (core/journal_share.c): games cloned
 * with their history, cloned again, played on, undone past the point where
 * they were cloned, copied, determinized and freed in any order behave
 * exactly like games whose journals are copies. Each game under test has a
 * twin that never shares its journal (made by carc_game_copy, which copies
 * it) and gets the same calls; after every call the two must have the same
 * state, journal position and undo units. A counting allocator checks that
 * every block goes back, however the games that share entries are freed.
 */
#include "test_util.h"
#include "state_equal.h"
#include "core/journal.h"
#include <stdlib.h>

typedef struct counter {
    long live;
} counter;

static void *c_alloc(void *ud, size_t n)
{
    ((counter *)ud)->live++;
    return malloc(n);
}
static void *c_realloc(void *ud, void *p, size_t o, size_t n)
{
    (void)ud;
    (void)o;
    return realloc(p, n);
}
static void c_free(void *ud, void *p, size_t n)
{
    (void)n;
    if (p)
        ((counter *)ud)->live--;
    free(p);
}

#define SLOTS 6

typedef struct pair {
    carc_game *g;   /* under test: clones share journals */
    carc_game *ref; /* its twin: journals copied */
} pair;

/* A game whose journal is a copy of src's (it shares nothing). */
static carc_game *copied(const carc_game *src)
{
    carc_game *d;
    assert_int_equal(carc_game_clone(&d, src, CARC_CLONE_NO_HISTORY), CARC_OK);
    assert_int_equal(carc_game_copy(d, src, 0), CARC_OK);
    assert_int_equal(d->n_links, 0);
    return d;
}

static void same(const pair *p)
{
    assert_true(state_equal(p->g, p->ref));
    assert_int_equal(carci_jpos(p->g), carci_jpos(p->ref));
    assert_int_equal(p->g->n_marks, p->ref->n_marks);
    assert_memory_equal(p->g->marks, p->ref->marks, p->g->n_marks * sizeof *p->g->marks);
    uint64_t a, b;
    assert_int_equal(carc_game_hash(&a, p->g), CARC_OK);
    assert_int_equal(carc_game_hash(&b, p->ref), CARC_OK);
    assert_true(a == b);
}

static void play_random(pair *p, carc_movelist *l, uint64_t *rng)
{
    if (tu_over(p->g))
        return;
    assert_int_equal(carc_game_legal_moves(l, p->g, 0), CARC_OK);
    size_t n = carc_movelist_count(l);
    if (!n)
        return;
    carc_move m = carc_movelist_data(l)[tu_rand(rng) % n];
    assert_int_equal(carc_game_play(p->g, &m), CARC_OK);
    assert_int_equal(carc_game_play(p->ref, &m), CARC_OK);
}

static void undo_both(pair *p)
{
    carc_status a = carc_game_undo(p->g), b = carc_game_undo(p->ref);
    assert_int_equal(a, b);
}

static void choose_both(pair *p, uint64_t *rng)
{
    uint32_t kinds = carc_tile_kind_count(), k = (uint32_t)(tu_rand(rng) % kinds), left = 0;
    if (carc_game_remaining_of(&left, p->g, k) != CARC_OK || !left)
        return;
    carc_status a = carc_game_choose_tile(p->g, k), b = carc_game_choose_tile(p->ref, k);
    assert_int_equal(a, b);
}

static void free_pair(pair *p)
{
    carc_game_free(p->g);
    carc_game_free(p->ref);
    p->g = p->ref = NULL;
}

/* Random calls on up to SLOTS games of one seed and module set. */
static void random_calls(uint32_t modules, uint64_t seed, int calls)
{
    counter c = { 0 };
    carc_allocator a = { c_alloc, c_realloc, c_free, &c };
    carc_game_options o = tu_options(2 + (uint32_t)(seed % 3), seed, modules);
    o.allocator = &a;
    pair s[SLOTS] = { { NULL, NULL } };
    assert_int_equal(carc_game_new(&s[0].g, &o), CARC_OK);
    assert_int_equal(carc_game_new(&s[0].ref, &o), CARC_OK);
    carc_movelist *l;
    assert_int_equal(carc_movelist_new(&l, s[0].g), CARC_OK);
    uint64_t rng = seed * 7919u + modules;
    for (int i = 0; i < calls; i++) {
        uint32_t at = (uint32_t)(tu_rand(&rng) % SLOTS), to = (uint32_t)(tu_rand(&rng) % SLOTS);
        while (!s[at].g)
            at = (at + 1) % SLOTS;
        pair *p = &s[at];
        unsigned op = (unsigned)(tu_rand(&rng) % 100);
        if (op < 50) {
            play_random(p, l, &rng);
        } else if (op < 64) {
            undo_both(p);
        } else if (op < 67) {
            for (int k = (int)(tu_rand(&rng) % 12); k >= 0; k--)
                undo_both(p);
        } else if (op < 78) {
            /* a clone with its history: it shares the journal */
            if (to == at)
                continue;
            free_pair(&s[to]);
            assert_int_equal(carc_game_clone(&s[to].g, p->g, 0), CARC_OK);
            s[to].ref = copied(p->ref);
            same(&s[to]);
        } else if (op < 84) {
            uint32_t others = 0;
            for (uint32_t k = 0; k < SLOTS; k++)
                others += k != at && s[k].g;
            if (others) /* keep one game at least */
                free_pair(p);
            continue;
        } else if (op < 89) {
            /* a copy into a game whose entries clones may share */
            if (to == at || !s[to].g)
                continue;
            uint32_t f = tu_rand(&rng) % 2 ? CARC_CLONE_NO_HISTORY : 0;
            assert_int_equal(carc_game_copy(s[to].g, p->g, f), CARC_OK);
            assert_int_equal(carc_game_copy(s[to].ref, p->ref, f), CARC_OK);
            same(&s[to]);
        } else if (op < 94) {
            uint64_t d = tu_rand(&rng);
            assert_int_equal(carc_game_determinize(p->g, d), CARC_OK);
            assert_int_equal(carc_game_determinize(p->ref, d), CARC_OK);
        } else {
            choose_both(p, &rng);
        }
        same(p);
    }
    /* every game undoes back to its start like its twin */
    for (uint32_t i = 0; i < SLOTS; i++) {
        if (!s[i].g)
            continue;
        bool can = true;
        while (can) {
            undo_both(&s[i]);
            same(&s[i]);
            assert_int_equal(carc_game_can_undo(&can, s[i].g), CARC_OK);
        }
    }
    carc_movelist_free(l);
    for (uint32_t i = 0; i < SLOTS; i++)
        free_pair(&s[i]);
    assert_int_equal(c.live, 0);
}

static void clones_and_undo_base(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 12; seed++)
        random_calls(CARC_MODULE_FARMERS, seed, 1500);
}

static void clones_and_undo_modules(void **state)
{
    (void)state;
    uint32_t all;
    assert_int_equal(carc_modules_parse(&all, "all"), CARC_OK);
    for (uint64_t seed = 1; seed <= 8; seed++)
        random_calls(seed % 2 ? all : tu_all_modules((uint32_t)seed * 5u), seed, 1500);
}

/* Clones of clones, deeper than the links a journal holds (the deeper ones
 * copy), each a move past the last; then every one undoes to the start. */
static void chains_of_clones(void **state)
{
    (void)state;
    counter c = { 0 };
    carc_allocator a = { c_alloc, c_realloc, c_free, &c };
    carc_game_options o = tu_options(3, 5, CARC_MODULE_FARMERS);
    o.allocator = &a;
    enum { DEPTH = 3 * CARCI_JLINKS };
    pair s[DEPTH];
    carc_game *fresh;
    assert_int_equal(carc_game_new(&fresh, &o), CARC_OK);
    assert_int_equal(carc_game_new(&s[0].g, &o), CARC_OK);
    assert_int_equal(carc_game_new(&s[0].ref, &o), CARC_OK);
    carc_movelist *l;
    assert_int_equal(carc_movelist_new(&l, s[0].g), CARC_OK);
    uint64_t rng = 99;
    for (int i = 0; i < DEPTH; i++) {
        play_random(&s[i], l, &rng);
        same(&s[i]);
        if (i + 1 < DEPTH) {
            assert_int_equal(carc_game_clone(&s[i + 1].g, s[i].g, 0), CARC_OK);
            s[i + 1].ref = copied(s[i].ref);
            assert_true(s[i + 1].g->n_links <= CARCI_JLINKS);
        }
    }
    /* the first ones free first: the later ones still read their entries */
    for (int i = 0; i < DEPTH; i++) {
        bool can = true;
        if (i % 3 == 0) {
            free_pair(&s[i]);
            continue;
        }
        while (can) {
            undo_both(&s[i]);
            same(&s[i]);
            assert_int_equal(carc_game_can_undo(&can, s[i].g), CARC_OK);
        }
        assert_true(state_equal(s[i].g, fresh));
        /* and plays on from there, over entries others may read */
        for (int k = 0; k < 10; k++) {
            play_random(&s[i], l, &rng);
            same(&s[i]);
        }
    }
    carc_movelist_free(l);
    for (int i = 0; i < DEPTH; i++)
        free_pair(&s[i]);
    carc_game_free(fresh);
    assert_int_equal(c.live, 0);
}

/* The game cloned from undoes under what its clones read, plays other
 * moves, and the clones still undo to the same states as before. */
static void source_undoes_under_clones(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        carc_game *g = tu_new_game(2, seed), *ref = tu_new_game(2, seed);
        carc_movelist *l;
        assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        uint64_t rng = seed;
        pair p = { g, ref };
        for (int i = 0; i < 30; i++)
            play_random(&p, l, &rng);
        pair cl[4];
        for (int k = 0; k < 4; k++) {
            assert_int_equal(carc_game_clone(&cl[k].g, g, 0), CARC_OK);
            cl[k].ref = copied(ref);
            for (int u = 0; u < 3 + 2 * k; u++)
                undo_both(&p);
            for (int m = 0; m < 1 + k; m++)
                play_random(&p, l, &rng);
            same(&p);
        }
        for (int k = 3; k >= 0; k--) {
            bool can = true;
            while (can) {
                undo_both(&cl[k]);
                same(&cl[k]);
                assert_int_equal(carc_game_can_undo(&can, cl[k].g), CARC_OK);
            }
            free_pair(&cl[k]);
        }
        for (int i = 0; i < 40; i++) {
            undo_both(&p);
            same(&p);
        }
        carc_movelist_free(l);
        free_pair(&p);
    }
}

static void play_one(carc_game *g, uint64_t *rng)
{
    carc_movelist *l;
    assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(l, g, 0), CARC_OK);
    size_t n = carc_movelist_count(l);
    if (n)
        assert_int_equal(carc_game_play(g, &carc_movelist_data(l)[tu_rand(rng) % n]), CARC_OK);
    carc_movelist_free(l);
}

/* The ruleset outlives every game that uses it, whatever frees first: a
 * clone keeps it through the own holder of the game it pins (one level,
 * however deep the clone of a clone), a game copied from a game of other
 * options holds that ruleset itself, and its clones then hold it too. */
static void rulesets_outlive_their_games(void **state)
{
    (void)state;
    counter c = { 0 };
    carc_allocator a = { c_alloc, c_realloc, c_free, &c };
    uint32_t all;
    assert_int_equal(carc_modules_parse(&all, "all"), CARC_OK);
    carc_game_options ox = tu_options(2, 3, CARC_MODULE_FARMERS), oy = tu_options(3, 4, all);
    ox.allocator = oy.allocator = &a;
    carc_game *x, *y;
    assert_int_equal(carc_game_new(&x, &ox), CARC_OK);
    assert_int_equal(carc_game_new(&y, &oy), CARC_OK);
    uint64_t rng = 5;
    for (int i = 0; i < 12; i++) {
        play_one(x, &rng);
        play_one(y, &rng);
    }
    carc_game *g[6];
    assert_int_equal(carc_game_clone(&g[0], x, 0), CARC_OK);
    assert_int_equal(carc_game_clone(&g[1], g[0], 0), CARC_OK);
    assert_int_equal(carc_game_clone(&g[2], g[1], CARC_CLONE_NO_HISTORY), CARC_OK);
    /* one level: every clone pins x's holder, which keeps x's ruleset */
    assert_null(x->own.up);
    assert_ptr_equal(x->own.keeps, x->rs);
    for (int i = 0; i < 3; i++) {
        assert_ptr_equal(g[i]->own.up, &x->own);
        assert_ptr_equal(g[i]->rs, x->rs);
    }
    /* x takes y's ruleset: its holder still keeps its first one */
    assert_int_equal(carc_game_copy(x, y, 0), CARC_OK);
    assert_ptr_equal(x->rs_extra, y->rs);
    assert_int_equal(carc_game_clone(&g[3], x, 0), CARC_OK);
    assert_ptr_equal(g[3]->rs, y->rs);
    assert_null(g[3]->own.up); /* a reference of its own */
    assert_int_equal(carc_game_clone(&g[4], g[3], 0), CARC_OK);
    assert_ptr_equal(g[4]->own.up, &g[3]->own);
    /* and back: the extra reference goes */
    assert_int_equal(carc_game_copy(x, g[1], 0), CARC_OK);
    assert_null(x->rs_extra);
    assert_int_equal(carc_game_clone(&g[5], x, 0), CARC_OK);
    assert_ptr_equal(g[5]->own.up, &x->own);
    /* the games the clones pin go first; the clones play on and undo */
    carc_game_free(x);
    carc_game_free(y);
    carc_game_free(g[3]);
    for (int i = 0; i < 6; i++) {
        if (i == 3)
            continue;
        for (int k = 0; k < 8; k++)
            play_one(g[i], &rng);
        bool can = true;
        while (can) {
            assert_int_equal(carc_game_undo(g[i]), CARC_OK);
            assert_int_equal(carc_game_can_undo(&can, g[i]), CARC_OK);
        }
    }
    for (int i = 5; i >= 0; i--)
        if (i != 3)
            carc_game_free(g[i]);
    assert_int_equal(c.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clones_and_undo_base),
        cmocka_unit_test(clones_and_undo_modules),
        cmocka_unit_test(chains_of_clones),
        cmocka_unit_test(source_undoes_under_clones),
        cmocka_unit_test(rulesets_outlive_their_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
