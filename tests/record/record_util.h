/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the record and render tests: a small PRNG, a counting
 * (and failing) allocator, seeded random games over the public API, and the
 * round-trip checks. Include after <cmocka.h>.
 */
#ifndef RECORD_UTIL_H
#define RECORD_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define UTIL static inline

/* ---------------------------------------------------------------- PRNG */

typedef struct rng {
    uint64_t s;
} rng;

UTIL uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A generator for `seed`: nearby seeds give unrelated sequences. */
UTIL rng rng_seeded(uint64_t seed)
{
    rng r = { seed };
    r.s = rng_next(&r);
    return r;
}

UTIL uint32_t env_games(uint32_t dflt)
{
    const char *e = getenv("CARC_RECORD_GAMES");
    return e != NULL && atoi(e) > 0 ? (uint32_t)atoi(e) : dflt;
}

/* ---------------------------------------------------------------- allocator */

typedef struct counting_alloc {
    long live_blocks;
    long live_bytes;
    unsigned long calls;
    unsigned long fail_at; /* the allocation with this number fails (0: the first); ~0: none */
} counting_alloc;

UTIL void *ca_alloc(void *ud, size_t size)
{
    counting_alloc *ca = ud;
    void *p;
    if (ca->calls++ == ca->fail_at)
        return NULL;
    p = malloc(size ? size : 1);
    if (p != NULL) {
        ca->live_blocks++;
        ca->live_bytes += (long)size;
    }
    return p;
}

UTIL void *ca_realloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    counting_alloc *ca = ud;
    void *p;
    if (ptr == NULL)
        return ca_alloc(ud, new_size);
    if (ca->calls++ == ca->fail_at)
        return NULL;
    p = realloc(ptr, new_size ? new_size : 1);
    if (p != NULL)
        ca->live_bytes += (long)new_size - (long)old_size;
    return p;
}

UTIL void ca_free(void *ud, void *ptr, size_t size)
{
    counting_alloc *ca = ud;
    if (ptr == NULL)
        return;
    ca->live_blocks--;
    ca->live_bytes -= (long)size;
    free(ptr);
}

UTIL carc_allocator counting_allocator(counting_alloc *ca)
{
    carc_allocator a;
    memset(ca, 0, sizeof *ca);
    ca->fail_at = ~0ul;
    a.alloc = ca_alloc;
    a.realloc = ca_realloc;
    a.free = ca_free;
    a.ud = ca;
    return a;
}

/* ---------------------------------------------------------------- text */

UTIL char *save_string(const carc_game *g)
{
    size_t need = 0;
    char *buf;
    assert_int_equal(carc_game_save(NULL, 0, &need, g), CARC_EBUFFER);
    buf = malloc(need + 1);
    assert_non_null(buf);
    assert_int_equal(carc_game_save(buf, need + 1, NULL, g), CARC_OK);
    assert_int_equal(strlen(buf), need);
    return buf;
}

UTIL char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf != NULL) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

/* ---------------------------------------------------------------- random play */

/*
 * One random action of the player to move. With `choices`, sometimes choose
 * the tile to draw (a random one left, or one with no legal placement, which
 * the engine discards) and very rarely end the game early.
 */
UTIL void random_turn(carc_game *g, carc_movelist *ml, rng *r, bool choices)
{
    uint64_t x = rng_next(r) % 1000;
    uint32_t kinds = carc_tile_kind_count(), k, rem, total = 0, pick;
    carc_move mv;
    bool over = false;
    size_t n;

    if (choices && x == 999) {
        assert_int_equal(carc_game_end(g), CARC_OK);
        return;
    }
    if (choices && x < 30) {
        /* a tile that cannot be placed anywhere, if one is left */
        uint32_t start = (uint32_t)(rng_next(r) % kinds), i;
        for (i = 0; i < kinds; i++) {
            k = (start + i) % kinds;
            if (carc_game_remaining_of(&rem, g, k) != CARC_OK || rem == 0)
                continue;
            assert_int_equal(carc_game_placements(ml, g, k, 0), CARC_OK);
            if (carc_movelist_count(ml) == 0) {
                assert_int_equal(carc_game_choose_tile(g, k), CARC_OK);
                return;
            }
        }
    } else if (choices && x < 120) {
        /* draw a random tile of those left, not the one on top */
        assert_int_equal(carc_game_remaining(&total, g), CARC_OK);
        if (total > 0) {
            pick = (uint32_t)(rng_next(r) % total);
            for (k = 0; k < kinds; k++) {
                assert_int_equal(carc_game_remaining_of(&rem, g, k), CARC_OK);
                if (pick < rem)
                    break;
                pick -= rem;
            }
            assert_true(k < kinds);
            assert_int_equal(carc_game_choose_tile(g, k), CARC_OK);
        }
    }
    assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
    if (over)
        return;
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    n = carc_movelist_count(ml);
    assert_true(n > 0);
    assert_int_equal(carc_movelist_get(&mv, ml, (size_t)(rng_next(r) % n)), CARC_OK);
    assert_int_equal(carc_game_play(g, &mv), CARC_OK);
}

/* A seeded random game, stopped after `turns` actions or at its end. */
UTIL carc_game *play_random_game(uint64_t seed, uint32_t players, uint32_t turns, bool choices)
{
    carc_game_options opts;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    rng r = rng_seeded(seed);
    bool over = false;
    uint32_t t;
    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = players;
    opts.seed = seed;
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    for (t = 0; t < turns; t++) {
        assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
        if (over)
            break;
        random_turn(g, ml, &r, choices);
    }
    carc_movelist_free(ml);
    return g;
}

/* Everything a player can see, compared between two games. */
UTIL void assert_same_state(const carc_game *a, const carc_game *b)
{
    uint32_t pa, pb, p, ta = 0, tb = 0;
    int32_t sa, sb;
    bool oa, ob;
    assert_int_equal(carc_game_players(&pa, a), CARC_OK);
    assert_int_equal(carc_game_players(&pb, b), CARC_OK);
    assert_int_equal(pa, pb);
    for (p = 0; p < pa; p++) {
        assert_int_equal(carc_game_score(&sa, a, p), CARC_OK);
        assert_int_equal(carc_game_score(&sb, b, p), CARC_OK);
        assert_int_equal(sa, sb);
        assert_int_equal(carc_game_supply(&ta, a, p), CARC_OK);
        assert_int_equal(carc_game_supply(&tb, b, p), CARC_OK);
        assert_int_equal(ta, tb);
    }
    assert_int_equal(carc_game_is_over(&oa, a), CARC_OK);
    assert_int_equal(carc_game_is_over(&ob, b), CARC_OK);
    assert_int_equal(oa, ob);
    assert_int_equal(carc_game_remaining(&ta, a), CARC_OK);
    assert_int_equal(carc_game_remaining(&tb, b), CARC_OK);
    assert_int_equal(ta, tb);
    ta = tb = UINT32_MAX;
    assert_int_equal(carc_game_current_tile(&ta, a), carc_game_current_tile(&tb, b));
    assert_int_equal(ta, tb);
    assert_int_equal(carc_game_event_count(&ta, a), CARC_OK);
    assert_int_equal(carc_game_event_count(&tb, b), CARC_OK);
    assert_int_equal(ta, tb);
}

UTIL carc_game *load_string(const char *rec, counting_alloc *ca)
{
    carc_allocator a = counting_allocator(ca);
    carc_load_error err;
    carc_game *g = NULL;
    carc_status st;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    st = carc_game_load(&g, rec, strlen(rec), &a, &err);
    if (st != CARC_OK)
        print_error("load failed: %s line %u: %s\n%s\n", carc_status_name(st), (unsigned)err.line, err.message, rec);
    assert_int_equal(st, CARC_OK);
    return g;
}

/* save -> load -> save gives the same bytes, and the same visible state. */
UTIL void check_round_trip(const carc_game *g)
{
    counting_alloc ca;
    char *a = save_string(g), *b;
    carc_game *copy = load_string(a, &ca);
    b = save_string(copy);
    assert_string_equal(a, b);
    assert_same_state(g, copy);
    carc_game_free(copy);
    assert_int_equal(ca.live_blocks, 0);
    free(a);
    free(b);
}

/* Load a copy of `g`, then play the same random actions on both to the end: same record. */
UTIL void check_continues_identically(const carc_game *g, const rng *r)
{
    counting_alloc ca;
    char *rec = save_string(g), *sa, *sb;
    carc_game *copy = load_string(rec, &ca), *orig = NULL;
    carc_movelist *ml = NULL;
    rng ra = *r, rb = *r;
    bool over = false;

    assert_int_equal(carc_game_clone(&orig, g, 0), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, orig), CARC_OK);
    for (;;) {
        assert_same_state(orig, copy);
        assert_int_equal(carc_game_is_over(&over, orig), CARC_OK);
        if (over)
            break;
        random_turn(orig, ml, &ra, true);
        random_turn(copy, ml, &rb, true);
    }
    sa = save_string(orig);
    sb = save_string(copy);
    assert_string_equal(sa, sb);
    free(sa);
    free(sb);
    free(rec);
    carc_movelist_free(ml);
    carc_game_free(orig);
    carc_game_free(copy);
    assert_int_equal(ca.live_blocks, 0);
}

/* The record of a game (natural draws only) in which the engine discarded a tile by itself. */
UTIL char *find_record_with_automatic_discard(void)
{
    uint64_t seed;
    for (seed = 1; seed < 400; seed++) {
        carc_game *g = play_random_game(seed, 2, UINT32_MAX, false);
        char *rec = save_string(g);
        carc_game_free(g);
        if (strstr(rec, "\ndiscard ") != NULL)
            return rec;
        free(rec);
    }
    return NULL;
}

#endif
