/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, search.h: playouts, policies' choices, determinization,
 * hashes, the tiles left (see misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)

static carc_status playout_new(void **out, const void *g) { return carc_playout_new((carc_playout **)out, g); }

static void m_playout_new(fx *f)
{
    size_t live = f->alloc.live;
    misuse_ctor(f, TILE_GAME, playout_new, f->g[G_MID]);
    /* one runner plays every game of the fixture, and leaves each as it was */
    FOR_GAMES(f, i) {
        carc_playout *p;
        EXPECT(f->g[i], CARC_OK, carc_playout_new(&p, f->g[i]));
        FOR_GAMES(f, k) {
            int32_t s[6];
            EXPECT(f->g[k], CARC_OK, carc_playout_run(p, f->g[k], (uint32_t)(i + k) % 2, 7, s, 6, NULL));
        }
        carc_playout_free(p);
    }
    assert_int_equal(f->alloc.live, live);
}

static void m_playout_free(fx *f)
{
    (void)f;
    carc_playout_free(NULL);
}

static void m_playout_game(fx *f)
{
    carc_playout *p;
    assert_null(carc_playout_game(NULL));
    assert_int_equal(carc_playout_new(&p, f->g[G_MID]), CARC_OK);
    assert_null(carc_playout_game(p));
    assert_int_equal(carc_playout_run(p, f->g[G_MID], CARC_POLICY_RANDOM, 1, NULL, 0, NULL), CARC_OK);
    assert_true(hz_over(carc_playout_game(p)));
    carc_playout_free(p);
}

static void m_playout_run(fx *f)
{
    carc_playout *p;
    int32_t s[7];
    uint32_t moves = 777;
    assert_int_equal(carc_playout_new(&p, f->g[G_MID]), CARC_OK);
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t np = misuse_players(TILE_GAME, g);
        moves = 777;
        EXPECT(g, CARC_EINVAL, carc_playout_run(NULL, g, 0, 1, s, 7, &moves));
        EXPECT(g, CARC_EINVAL, carc_playout_run(p, g, 2, 1, s, 7, &moves));
        EXPECT(g, CARC_EINVAL, carc_playout_run(p, g, UINT32_MAX, 1, s, 7, &moves));
        EXPECT(g, CARC_EINVAL, carc_playout_run(p, g, 0, 1, NULL, 7, &moves));
        memset(s, GUARD, sizeof s);
        EXPECT(g, CARC_ERANGE, carc_playout_run(p, g, 0, 1, s, np - 1, &moves));
        check_guard(s, 0, sizeof s, "carc_playout_run (n too small)", __LINE__);
        assert_int_equal(moves, 777);
        EXPECT(g, CARC_OK, carc_playout_run(p, g, 1, 1, s, np, &moves));
        check_guard(s, np * sizeof *s, sizeof s, "carc_playout_run scores", __LINE__);
        if (hz_over(g))
            assert_int_equal(moves, 0);
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_playout_run(p, NULL, 0, 1, s, 7, &moves));
    carc_playout_free(p);
}

static void m_playout_choose(fx *f)
{
    carc_playout *p;
    carc_move m, before;
    memset(&m, GUARD, sizeof m);
    before = m;
    uint64_t rng = 5;
    assert_int_equal(carc_playout_new(&p, f->g[G_MID]), CARC_OK);
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        m = before;
        rng = 5;
        EXPECT(g, CARC_EINVAL, carc_playout_choose(NULL, p, g, 0, &rng));
        EXPECT(g, CARC_EINVAL, carc_playout_choose(&m, NULL, g, 0, &rng));
        EXPECT(g, CARC_EINVAL, carc_playout_choose(&m, p, g, 2, &rng));
        EXPECT(g, CARC_EINVAL, carc_playout_choose(&m, p, g, 0, NULL));
        assert_memory_equal(&m, &before, sizeof m);
        assert_true(rng == 5);
        for (uint32_t pol = 0; pol < 2; pol++) {
            carc_status s = hz_over(g) ? CARC_EGAME_OVER : CARC_OK;
            EXPECT(g, s, carc_playout_choose(&m, p, g, pol, &rng));
            if (s == CARC_OK)
                EXPECT(g, CARC_OK, carc_game_check_move(g, &m));
        }
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_playout_choose(&m, p, NULL, 0, &rng));
    carc_playout_free(p);
}

static void m_game_determinize(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_determinize(NULL, 1));
    /* on a copy of every game: what is known stays, undo restores the pile */
    FOR_GAMES(f, i) {
        carc_game *c;
        assert_int_equal(carc_game_clone(&c, f->g[i], 0), CARC_OK);
        uint64_t h0, h1;
        assert_int_equal(carc_game_hash(&h0, c), CARC_OK);
        assert_int_equal(carc_game_determinize(c, 99), CARC_OK);
        assert_int_equal(carc_game_hash(&h1, c), CARC_OK);
        assert_true(h0 == h1);
        bool can = false;
        assert_int_equal(carc_game_can_undo(&can, c), CARC_OK);
        if (can) {
            carc_game *d;
            assert_int_equal(carc_game_clone(&d, f->g[i], 0), CARC_OK);
            assert_int_equal(carc_game_undo(c), CARC_OK);
            assert_int_equal(carc_game_undo(d), CARC_OK);
            misuse_alike(TILE_GAME, c, d, HZ_FP_NO_ERROR);
            carc_game_free(d);
        }
        carc_game_free(c);
    }
}

static void m_game_hash(fx *f)
{
    uint64_t h = 777;
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_hash(NULL, f->g[i]));
        EXPECT(f->g[i], CARC_OK, carc_game_hash(&h, f->g[i]));
    }
    h = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_hash(&h, NULL));
    assert_true(h == 777);
}

static void m_game_remaining_tiles(fx *f)
{
    uint32_t n = carc_tile_kind_count(), counts[256], total = 777;
    FOR_GAMES(f, i) {
        total = 777;
        EXPECT(f->g[i], CARC_EINVAL, carc_game_remaining_tiles(NULL, 3, &total, f->g[i]));
        assert_int_equal(total, 777);
        memset(counts, GUARD, sizeof counts);
        EXPECT(f->g[i], CARC_OK, carc_game_remaining_tiles(counts, 5, NULL, f->g[i]));
        check_guard(counts, 5 * sizeof *counts, sizeof counts, "carc_game_remaining_tiles", __LINE__);
        EXPECT(f->g[i], CARC_OK, carc_game_remaining_tiles(counts, n + 10, &total, f->g[i]));
        uint32_t left, sum = 0;
        assert_int_equal(carc_game_remaining(&left, f->g[i]), CARC_OK);
        for (uint32_t k = 0; k < n + 10; k++)
            sum += counts[k];
        assert_int_equal(sum, left);
        assert_int_equal(total, left);
        EXPECT(f->g[i], CARC_OK, carc_game_remaining_tiles(NULL, 0, NULL, f->g[i]));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_remaining_tiles(counts, n, NULL, NULL));
}

MISUSE_AREA(misuse_area_search, "misuse_search.c", MISUSE_ENTRY(game_determinize), MISUSE_ENTRY(game_hash),
            MISUSE_ENTRY(game_remaining_tiles), MISUSE_ENTRY(playout_choose), MISUSE_ENTRY(playout_free),
            MISUSE_ENTRY(playout_game), MISUSE_ENTRY(playout_new), MISUSE_ENTRY(playout_run));
