/* SPDX-License-Identifier: MIT */
/*
 * The search helpers (search.h): a playout equals the game played move by
 * move with the same policy and seed, and leaves its game untouched;
 * determinization keeps every known fact and changes the order (the River's
 * order kept), and its undo; the remaining-tile multiset; the position hash
 * (equal after undo, for clones and across move orders; no collision over a
 * million positions, checked against an independent description of each
 * position built from the public API); bad arguments.
 */
#include "test_util.h"
#include "state_equal.h"
#include <math.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLOW_BUILD 1
#endif
#endif

static uint32_t players_of(const carc_game *g)
{
    uint32_t n;
    assert_int_equal(carc_game_players(&n, g), CARC_OK);
    return n;
}

/* Random moves (uniform over the legal list) until `plies` are played or
 * the game ends. */
static void advance(carc_game *g, carc_movelist *l, uint64_t *r, uint32_t plies)
{
    for (uint32_t i = 0; i < plies && !tu_over(g); i++) {
        assert_int_equal(carc_game_legal_moves(l, g, 0), CARC_OK);
        carc_move m = carc_movelist_data(l)[tu_rand(r) % carc_movelist_count(l)];
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
    }
}

static void same_history(const carc_game *a, const carc_game *b)
{
    uint32_t na, nb;
    assert_int_equal(carc_game_history_count(&na, a), CARC_OK);
    assert_int_equal(carc_game_history_count(&nb, b), CARC_OK);
    assert_int_equal(na, nb);
    for (uint32_t i = 0; i < na; i++) {
        carc_history_entry ea = { .struct_size = sizeof ea }, eb = { .struct_size = sizeof eb };
        assert_int_equal(carc_game_history(&ea, a, i), CARC_OK);
        assert_int_equal(carc_game_history(&eb, b, i), CARC_OK);
        assert_memory_equal(&ea, &eb, sizeof ea);
    }
}

/* For both policies and every set of modules: carc_playout_run from a
 * position equals carc_playout_choose + carc_game_play from it, move for
 * move, and does not change the position. */
static void playout_equals_move_by_move(void **state)
{
    (void)state;
    carc_movelist *l = NULL;
    for (uint32_t i = 0; i < 2 * TU_ALL_MODULE_SETS; i++) {
        uint32_t modules = tu_all_modules(i), policy = i % 2;
        uint32_t players = 2 + i % (tu_max_players(modules) - 1);
        carc_game *g = tu_new_game_with(players, 1000 + i, modules);
        if (!l)
            assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        uint64_t r = i;
        advance(g, l, &r, i % 30); /* from the start and from the middle */
        carc_game *before;
        assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
        carc_playout *p;
        assert_int_equal(carc_playout_new(&p, g), CARC_OK);
        assert_null(carc_playout_game(p));
        int32_t scores[6] = { 0 };
        uint32_t moves = 0;
        uint64_t seed = 77 * i + 5;
        assert_int_equal(carc_playout_run(p, g, policy, seed, scores, 6, &moves), CARC_OK);
        assert_true(state_equal(g, before));

        carc_game *m;
        assert_int_equal(carc_game_clone(&m, g, 0), CARC_OK);
        uint64_t rng = seed;
        uint32_t count = 0;
        while (!tu_over(m)) {
            carc_move mv;
            assert_int_equal(carc_playout_choose(&mv, p, m, policy, &rng), CARC_OK);
            assert_int_equal(carc_game_check_move(m, &mv), CARC_OK);
            assert_int_equal(carc_game_play(m, &mv), CARC_OK);
            count++;
        }
        assert_int_equal(count, moves);
        for (uint32_t k = 0; k < players; k++) {
            int32_t s;
            assert_int_equal(carc_game_score(&s, m, k), CARC_OK);
            assert_int_equal(s, scores[k]);
        }
        /* the runner's finished game is that game: its history from the
         * position on is the same (the copy has no undo, the same entries) */
        assert_int_equal(carc_playout_run(p, g, policy, seed, scores, 6, NULL), CARC_OK);
        same_history(carc_playout_game(p), m);
        uint64_t ha, hb;
        assert_int_equal(carc_game_hash(&ha, carc_playout_game(p)), CARC_OK);
        assert_int_equal(carc_game_hash(&hb, m), CARC_OK);
        assert_true(ha == hb);
        carc_game_free(m);
        carc_game_free(before);
        carc_playout_free(p);
        carc_game_free(g);
    }
    carc_movelist_free(l);
}

/* RANDOM is uniform over the legal list (with look-alike rotations once):
 * over positions of every set of modules (passes, recalls, builders and
 * pigs, the Count's decisions among them), many draws of
 * carc_playout_choose give only moves of the list, each about as often
 * (a chi-square test against uniform, loose enough never to fail by
 * chance: the statistic's mean is n - 1, its deviation sqrt(2 (n - 1))). */
static void random_policy_is_uniform(void **state)
{
    (void)state;
    carc_movelist *l = NULL;
    uint32_t *hits = NULL;
    size_t cap = 0, positions = 0;
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t modules = tu_all_modules(i);
        carc_game *g = tu_new_game_with(2 + i % 2, 3000 + i, modules);
        if (!l)
            assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        carc_playout *p;
        assert_int_equal(carc_playout_new(&p, g), CARC_OK);
        uint64_t r = i;
        advance(g, l, &r, 5 + (i * 13) % 50);
        if (tu_over(g)) {
            carc_playout_free(p);
            carc_game_free(g);
            continue;
        }
        assert_int_equal(carc_game_legal_moves(l, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
        size_t n = carc_movelist_count(l);
        if (n > cap) {
            cap = n;
            hits = realloc(hits, cap * sizeof *hits);
            assert_non_null(hits);
        }
        memset(hits, 0, n * sizeof *hits);
        const uint32_t per = 200; /* draws per legal move */
        uint64_t rng = 77 + i;
        for (size_t d = 0; d < per * n; d++) {
            carc_move m;
            assert_int_equal(carc_playout_choose(&m, p, g, CARC_POLICY_RANDOM, &rng), CARC_OK);
            size_t k = 0;
            while (k < n && memcmp(&carc_movelist_data(l)[k], &m, sizeof m) != 0)
                k++;
            assert_true(k < n); /* a move of the list */
            hits[k]++;
        }
        double chi = 0;
        for (size_t k = 0; k < n; k++)
            chi += ((double)hits[k] - per) * ((double)hits[k] - per) / per;
        if (n > 1)
            assert_true(chi < (double)(n - 1) + 8.0 * sqrt(2.0 * (double)(n - 1)) + 10.0);
        positions++;
        carc_playout_free(p);
        carc_game_free(g);
    }
    assert_true(positions >= TU_ALL_MODULE_SETS / 2);
    free(hits);
    carc_movelist_free(l);
}

/* One runner plays games of any ruleset, and seeds give different games. */
static void playout_any_ruleset_and_seeds(void **state)
{
    (void)state;
    carc_game *small = tu_new_game_with(2, 1, 0);
    carc_playout *p;
    assert_int_equal(carc_playout_new(&p, small), CARC_OK);
    uint32_t distinct = 0;
    int32_t last[6] = { 0 };
    for (uint32_t i = 0; i < 16; i++) {
        uint32_t modules = tu_all_modules(63 - i);
        carc_game *g = tu_new_game_with(6 - i % 5 > tu_max_players(modules) ? 2 : 6 - i % 5, i, modules);
        int32_t s[6] = { 0 };
        assert_int_equal(carc_playout_run(p, g, CARC_POLICY_RANDOM, i, s, 6, NULL), CARC_OK);
        assert_true(tu_over(carc_playout_game(p)));
        distinct += memcmp(s, last, sizeof s) != 0;
        memcpy(last, s, sizeof s);
        carc_game_free(g);
    }
    assert_true(distinct >= 12);
    carc_playout_free(p);
    carc_game_free(small);
}

/* Immediate beats random clearly (it is a policy, not noise). */
static void immediate_beats_random(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(2, 9);
    carc_playout *p;
    assert_int_equal(carc_playout_new(&p, g), CARC_OK);
    uint32_t wins = 0, games = 40;
    for (uint32_t i = 0; i < games; i++) {
        carc_game *w = tu_new_game(2, 100 + i);
        uint64_t rng = i;
        while (!tu_over(w)) {
            carc_pending pd = { .struct_size = sizeof pd };
            assert_int_equal(carc_game_pending(&pd, w), CARC_OK);
            carc_move m;
            uint32_t pol = pd.player == i % 2 ? CARC_POLICY_IMMEDIATE : CARC_POLICY_RANDOM;
            assert_int_equal(carc_playout_choose(&m, p, w, pol, &rng), CARC_OK);
            assert_int_equal(carc_game_play(w, &m), CARC_OK);
        }
        int32_t a, b;
        assert_int_equal(carc_game_score(&a, w, i % 2), CARC_OK);
        assert_int_equal(carc_game_score(&b, w, 1 - i % 2), CARC_OK);
        wins += a > b;
        carc_game_free(w);
    }
    assert_true(wins >= games * 3 / 4);
    carc_playout_free(p);
    carc_game_free(g);
}

static void remaining(const carc_game *g, uint32_t *counts, uint32_t n)
{
    uint32_t total = 0, sum = 0, left;
    assert_int_equal(carc_game_remaining_tiles(counts, n, &total, g), CARC_OK);
    for (uint32_t k = 0; k < n; k++) {
        sum += counts[k];
        if (k < carc_tile_kind_count()) {
            assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
            assert_int_equal(left, counts[k]);
        } else {
            assert_int_equal(counts[k], 0);
        }
    }
    assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
    assert_int_equal(total, left);
    assert_int_equal(sum, left);
}

/* What is known stays (every public fact, the multiset, the current tile,
 * the tiles above it), the order under the current tile changes, and undo
 * of the last move brings the old order back. */
static void determinize_keeps_known_facts(void **state)
{
    (void)state;
    carc_movelist *l = NULL;
    uint32_t n = carc_tile_kind_count() + 3;
    uint32_t *ca = calloc(n, sizeof *ca), *cb = calloc(n, sizeof *cb);
    uint32_t changed = 0;
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t modules = tu_all_modules(i);
        carc_game *g = tu_new_game_with(2 + i % 3, 500 + i, modules);
        if (!l)
            assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        uint64_t r = i;
        advance(g, l, &r, 1 + i % 40);
        if (tu_over(g)) {
            carc_game_free(g);
            continue;
        }
        carc_game *before;
        assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
        uint64_t h0, h1;
        assert_int_equal(carc_game_hash(&h0, g), CARC_OK);
        remaining(g, ca, n);
        assert_int_equal(carc_game_determinize(g, 12345 + i), CARC_OK);
        assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
        assert_true(h0 == h1);
        remaining(g, cb, n);
        assert_memory_equal(ca, cb, n * sizeof *ca);
        uint32_t ta, tb;
        assert_int_equal(carc_game_current_tile(&ta, before), CARC_OK);
        assert_int_equal(carc_game_current_tile(&tb, g), CARC_OK);
        assert_int_equal(ta, tb);
        /* everything but the pile under the current tile is identical */
        const carci_hdr *h = CARCI_HDR(g);
        uint32_t cur = h->cur_idx;
        const uint16_t *ba = CARCI_BAG(before), *bb = CARCI_BAG(g);
        assert_memory_equal(ba + cur, bb + cur, (h->n_bag - cur) * sizeof *ba);
        changed += memcmp(ba, bb, cur * sizeof *ba) != 0;
        /* the River's order: no land tile above a River tile, the lake the
         * last River tile */
        if (modules & CARC_MODULE_RIVER) {
            bool land = false;
            for (uint32_t k = h->n_bag; k-- > 0;) {
                if (!tu_is_river(bb[k]))
                    land = true;
                else
                    assert_false(land);
            }
        }
        /* the new order depends on the seed and what is known only: from
         * another hidden order, the same seed gives the same pile */
        carc_game *other;
        assert_int_equal(carc_game_clone(&other, before, 0), CARC_OK);
        assert_int_equal(carc_game_determinize(other, 777 + i), CARC_OK);
        assert_int_equal(carc_game_determinize(other, 12345 + i), CARC_OK);
        assert_memory_equal(CARCI_BAG(other), bb, h->n_bag * sizeof *bb);
        carc_game_free(other);
        carc_game *copy;
        assert_int_equal(carc_game_clone(&copy, g, 0), CARC_OK);
        memcpy(CARCI_BAG(copy), ba, h->n_bag * sizeof *ba);
        assert_true(state_equal(copy, before)); /* only the pile's order differs */
        carc_game_free(copy);
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_int_equal(carc_game_undo(before), CARC_OK);
        assert_true(state_equal(g, before));
        carc_game_free(before);
        carc_game_free(g);
    }
    assert_true(changed >= TU_ALL_MODULE_SETS / 2);
    /* the lake stays the last River tile (checked on the bag: course tiles
     * above it, land below) */
    for (uint64_t seed = 1; seed <= 8; seed++) {
        carc_game *g = tu_new_game_with(2, seed, CARC_MODULE_RIVER | CARC_MODULE_FARMERS);
        assert_int_equal(carc_game_determinize(g, seed * 31), CARC_OK);
        const carci_hdr *h = CARCI_HDR(g);
        const uint16_t *bag = CARCI_BAG(g);
        uint32_t first_river = h->n_bag;
        for (uint32_t k = 0; k < h->n_bag; k++)
            if (tu_is_river(bag[k])) {
                first_river = k;
                break;
            }
        assert_true(first_river < h->n_bag);
        assert_string_equal(carc_tile_name(bag[first_river]), "RL"); /* the lake: the lowest River tile */
        carc_game_free(g);
    }
    free(ca);
    free(cb);
    carc_movelist_free(l);
}

/* An independent description of the position, from the public API only:
 * two 64-bit FNV-1a style digests over sorted facts. */
typedef struct canon {
    uint64_t a, b;
} canon;

static void eat(canon *c, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        uint8_t byte = (uint8_t)(v >> (8 * i));
        c->a = (c->a ^ byte) * 0x100000001B3u;
        c->b = (c->b ^ byte ^ 0x5Au) * 0x100000001B3u + 0x2545F4914F6CDD1Du;
    }
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static canon describe(const carc_game *g)
{
    canon c = { 0xCBF29CE484222325u, 0x84222325CBF29CE4u };
    static uint64_t facts[512];
    uint32_t nt, nf, n = 0, np = players_of(g);
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    for (uint32_t i = 0; i < nt; i++) {
        carc_move t;
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        facts[n++] = (uint64_t)(uint16_t)t.x << 48 | (uint64_t)(uint16_t)t.y << 32 | (uint64_t)t.tile << 8 | t.rotation;
    }
    assert_int_equal(carc_game_figure_count(&nf, g), CARC_OK);
    for (uint32_t i = 0; i < nf; i++) {
        carc_figure_info f = { .struct_size = sizeof f };
        assert_int_equal(carc_game_figure(&f, g, i), CARC_OK);
        facts[n++] = 1u | (uint64_t)(uint16_t)f.x << 48 | (uint64_t)(uint16_t)f.y << 32 | f.segment << 16 |
                     f.player << 8 | f.figure << 4;
    }
    qsort(facts, n, sizeof *facts, cmp_u64);
    for (uint32_t i = 0; i < n; i++)
        eat(&c, facts[i]);
    for (uint32_t p = 0; p < np; p++) {
        int32_t s;
        uint32_t v;
        assert_int_equal(carc_game_score(&s, g, p), CARC_OK);
        eat(&c, (uint64_t)(uint32_t)s);
        for (uint32_t f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG; f++) {
            assert_int_equal(carc_game_figure_supply(&v, g, p, f), CARC_OK);
            eat(&c, v);
        }
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
            assert_int_equal(carc_game_goods(&v, g, p, k), CARC_OK);
            eat(&c, v);
        }
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_BIG; f++) {
                assert_int_equal(carc_game_city(&v, g, q, p, f), CARC_OK);
                eat(&c, v);
            }
    }
    uint32_t v = 0;
    carc_status cs = carc_game_count(&v, g); /* CARC_EILLEGAL without the Count */
    assert_true(cs == CARC_OK || cs == CARC_EILLEGAL);
    eat(&c, v);
    static uint32_t counts[CARCI_MAX_KINDS];
    assert_int_equal(carc_game_remaining_tiles(counts, CARCI_MAX_KINDS, NULL, g), CARC_OK);
    for (uint32_t k = 0; k < CARCI_MAX_KINDS; k++)
        eat(&c, counts[k]);
    carc_pending pd = { .struct_size = sizeof pd };
    assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
    eat(&c, (uint64_t)pd.decision | (uint64_t)pd.player << 8 | (uint64_t)pd.flags << 16 | (uint64_t)pd.tile << 32);
    return c;
}

typedef struct sample {
    uint64_t hash;
    canon c;
} sample;

static int cmp_hash(const void *x, const void *y)
{
    const sample *a = x, *b = y;
    return a->hash < b->hash ? -1 : a->hash > b->hash;
}

static int cmp_canon(const void *x, const void *y)
{
    const sample *a = x, *b = y;
    if (a->c.a != b->c.a)
        return a->c.a < b->c.a ? -1 : 1;
    return a->c.b < b->c.b ? -1 : a->c.b > b->c.b;
}

/* Over many positions of random games (every set of modules): equal hashes
 * only for equal positions, and equal positions (the starts, transposed
 * openings) have equal hashes. */
static void hash_no_collisions(void **state)
{
    (void)state;
#ifdef SLOW_BUILD
    const size_t want = 100000;
#else
    const size_t want = 1000000;
#endif
    sample *s = malloc(want * sizeof *s);
    assert_non_null(s);
    size_t n = 0;
    carc_playout *p = NULL;
    for (uint64_t gi = 0; n < want; gi++) {
        uint32_t modules = tu_all_modules((uint32_t)gi);
        carc_game *g = tu_new_game_with(2 + (uint32_t)(gi % 3), gi, modules);
        if (!p)
            assert_int_equal(carc_playout_new(&p, g), CARC_OK);
        uint64_t rng = gi;
        while (n < want) {
            assert_int_equal(carc_game_hash(&s[n].hash, g), CARC_OK);
            s[n].c = describe(g);
            n++;
            if (tu_over(g))
                break;
            carc_move m;
            assert_int_equal(carc_playout_choose(&m, p, g, CARC_POLICY_RANDOM, &rng), CARC_OK);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        carc_game_free(g);
    }
    qsort(s, n, sizeof *s, cmp_hash);
    size_t same_hash = 0;
    for (size_t i = 1; i < n; i++)
        if (s[i].hash == s[i - 1].hash) {
            same_hash++;
            assert_true(s[i].c.a == s[i - 1].c.a && s[i].c.b == s[i - 1].c.b); /* a collision */
        }
    qsort(s, n, sizeof *s, cmp_canon);
    size_t same_pos = 0;
    for (size_t i = 1; i < n; i++)
        if (s[i].c.a == s[i - 1].c.a && s[i].c.b == s[i - 1].c.b) {
            same_pos++;
            assert_true(s[i].hash == s[i - 1].hash);
        }
    assert_int_equal(same_hash, same_pos);
    assert_true(same_pos > 0); /* equal positions were seen (the starts, at least) */
    print_message("%zu positions, %zu repeated\n", n, same_pos);
    carc_playout_free(p);
    free(s);
}

/* Two plies of each of two players in either order: where both orders are
 * legal, equal positions give equal hashes (the state blocks differ: the
 * engine numbers its nodes in the order tiles came), different ones
 * differ. Without figures and with them. */
static void hash_transpositions(void **state)
{
    (void)state;
    carc_movelist *l = NULL;
    uint32_t equal = 0, tried = 0;
    for (uint32_t i = 0; i < 400 && equal < 60; i++) {
        uint32_t modules = tu_all_modules(i * 7) & ~(uint32_t)CARC_MODULE_COUNT & ~(uint32_t)CARC_MODULE_RIVER;
        carc_game *g = tu_new_game_with(2, 900 + i, modules);
        if (!l)
            assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        uint64_t r = i;
        advance(g, l, &r, 6 + i % 20);
        if (tu_over(g)) {
            carc_game_free(g);
            continue;
        }
        /* four moves: A, B now (P0, P1), then C, D (P0, P1); order 2 plays C, D first */
        carc_move mv[4];
        carc_game *a;
        assert_int_equal(carc_game_clone(&a, g, 0), CARC_OK);
        bool ok = true;
        for (int k = 0; k < 4 && ok; k++) {
            if (tu_over(a)) {
                ok = false;
                break;
            }
            assert_int_equal(carc_game_legal_moves(l, a, 0), CARC_OK);
            mv[k] = carc_movelist_data(l)[tu_rand(&r) % carc_movelist_count(l)];
            if (mv[k].kind != CARC_MOVE_PLACE || (i % 2 == 0 && mv[k].figure != CARC_FIGURE_NONE)) {
                ok = false;
                break;
            }
            assert_int_equal(carc_game_play(a, &mv[k]), CARC_OK);
        }
        carc_game *b;
        assert_int_equal(carc_game_clone(&b, g, 0), CARC_OK);
        static const int order[4] = { 2, 3, 0, 1 };
        for (int k = 0; k < 4 && ok; k++) {
            carc_move m = mv[order[k]];
            ok = !tu_over(b) && carc_game_choose_tile(b, m.tile) == CARC_OK && carc_game_check_move(b, &m) == CARC_OK &&
                 carc_game_play(b, &m) == CARC_OK;
        }
        /* the same next tile on both (the pile's order is not the position) */
        uint32_t ta;
        if (ok && !tu_over(a) && !tu_over(b) && carc_game_current_tile(&ta, a) == CARC_OK)
            ok = carc_game_choose_tile(b, ta) == CARC_OK;
        if (ok) {
            tried++;
            canon ca = describe(a), cb = describe(b);
            uint64_t ha, hb;
            assert_int_equal(carc_game_hash(&ha, a), CARC_OK);
            assert_int_equal(carc_game_hash(&hb, b), CARC_OK);
            bool same = ca.a == cb.a && ca.b == cb.b;
            assert_true(same == (ha == hb));
            if (same) {
                equal++;
                assert_false(state_equal(a, b)); /* a real transposition: other node numbers */
            }
        }
        carc_game_free(a);
        carc_game_free(b);
        carc_game_free(g);
    }
    print_message("%u transpositions tried, %u equal positions\n", tried, equal);
    assert_true(equal >= 20);
    carc_movelist_free(l);
}

/* The hash is restored by undo, copied by clone, and changes with moves. */
static void hash_undo_and_clone(void **state)
{
    (void)state;
    carc_movelist *l = NULL;
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        carc_game *g = tu_new_game_with(3, 40 + i, tu_all_modules(i));
        if (!l)
            assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        uint64_t r = i, changes = 0, moves = 0;
        while (!tu_over(g)) {
            uint64_t h0, h1, h2;
            assert_int_equal(carc_game_hash(&h0, g), CARC_OK);
            assert_int_equal(carc_game_legal_moves(l, g, 0), CARC_OK);
            carc_move m = carc_movelist_data(l)[tu_rand(&r) % carc_movelist_count(l)];
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
            changes += h1 != h0;
            moves++;
            if (tu_rand(&r) % 3 == 0) {
                assert_int_equal(carc_game_undo(g), CARC_OK);
                assert_int_equal(carc_game_hash(&h2, g), CARC_OK);
                assert_true(h2 == h0);
                assert_int_equal(carc_game_play(g, &m), CARC_OK);
            }
            carc_game *c;
            assert_int_equal(carc_game_clone(&c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
            assert_int_equal(carc_game_hash(&h2, c), CARC_OK);
            assert_true(h2 == h1);
            carc_game_free(c);
        }
        assert_true(changes == moves); /* every move changes the position */
        carc_game_free(g);
    }
    carc_movelist_free(l);
}

static void bad_arguments(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(2, 3);
    carc_game *before;
    assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
    carc_playout *p = (carc_playout *)1;
    assert_int_equal(carc_playout_new(&p, NULL), CARC_EINVAL);
    assert_null(p);
    assert_int_equal(carc_playout_new(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_playout_new(&p, g), CARC_OK);
    int32_t s[6];
    uint64_t rng = 1, h;
    carc_move m;
    assert_int_equal(carc_playout_run(NULL, g, 0, 1, s, 6, NULL), CARC_EINVAL);
    assert_int_equal(carc_playout_run(p, NULL, 0, 1, s, 6, NULL), CARC_EINVAL);
    assert_int_equal(carc_playout_run(p, g, 2, 1, s, 6, NULL), CARC_EINVAL);
    assert_int_equal(carc_playout_run(p, g, 0, 1, NULL, 6, NULL), CARC_EINVAL);
    assert_int_equal(carc_playout_run(p, g, 0, 1, s, 1, NULL), CARC_ERANGE);
    assert_int_equal(carc_playout_run(p, g, 0, 1, NULL, 0, NULL), CARC_OK);
    assert_int_equal(carc_playout_choose(NULL, p, g, 0, &rng), CARC_EINVAL);
    assert_int_equal(carc_playout_choose(&m, NULL, g, 0, &rng), CARC_EINVAL);
    assert_int_equal(carc_playout_choose(&m, p, NULL, 0, &rng), CARC_EINVAL);
    assert_int_equal(carc_playout_choose(&m, p, g, 9, &rng), CARC_EINVAL);
    assert_int_equal(carc_playout_choose(&m, p, g, 0, NULL), CARC_EINVAL);
    assert_int_equal(carc_playout_choose(&m, p, carc_playout_game(p), 0, &rng), CARC_EGAME_OVER);
    assert_int_equal(carc_game_determinize(NULL, 1), CARC_EINVAL);
    assert_int_equal(carc_game_hash(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_game_hash(&h, NULL), CARC_EINVAL);
    assert_int_equal(carc_game_remaining_tiles(NULL, 3, NULL, g), CARC_EINVAL);
    assert_int_equal(carc_game_remaining_tiles(NULL, 0, NULL, NULL), CARC_EINVAL);
    assert_int_equal(carc_game_remaining_tiles(NULL, 0, NULL, g), CARC_OK);
    assert_true(state_equal(g, before));
    carc_playout_free(p);
    carc_playout_free(NULL);
    carc_game_free(before);
    carc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(playout_equals_move_by_move),
        cmocka_unit_test(playout_any_ruleset_and_seeds),
        cmocka_unit_test(random_policy_is_uniform),
        cmocka_unit_test(immediate_beats_random),
        cmocka_unit_test(determinize_keeps_known_facts),
        cmocka_unit_test(hash_undo_and_clone),
        cmocka_unit_test(hash_transpositions),
        cmocka_unit_test(hash_no_collisions),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
