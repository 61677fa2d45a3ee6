/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, board.h, scoring.h and the history of undo.h: the
 * tiles, figures, features, events and history entries of a game (see
 * misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)

/* ------------------------------------------------------------ counts */

#define COUNTER(name)                                                                                              \
    static carc_status get_##name(void *out, const void *g) { return carc_game_##name(out, g); }                  \
    static void m_game_##name(fx *f) { misuse_getter(f, TILE_GAME, get_##name, "carc_game_" #name); }
COUNTER(tile_count)
COUNTER(figure_count)
COUNTER(event_count)
COUNTER(history_count)
COUNTER(leaders)
#undef COUNTER

static carc_status count_figure_count(uint32_t *out, const void *g) { return carc_game_figure_count(out, g); }
static carc_status count_event_count(uint32_t *out, const void *g) { return carc_game_event_count(out, g); }
static carc_status count_history_count(uint32_t *out, const void *g) { return carc_game_history_count(out, g); }

/* ------------------------------------------------------------ tiles */

static carc_status tile_of(void *out, const void *g, uint32_t i) { return carc_game_tile(out, g, i); }
static carc_status count_tile_count(uint32_t *out, const void *g) { return carc_game_tile_count(out, g); }

static void m_game_tile(fx *f) { misuse_indexed(f, TILE_GAME, tile_of, sizeof(carc_move), count_tile_count); }

static void m_game_tile_at(fx *f)
{
    carc_move m, keep;
    memset(&m, GUARD, sizeof m);
    keep = m;
    static const int32_t far[][2] = { { 1000, 0 }, { 65536, 0 }, { 0, 65536 }, { -65536, 0 }, { 0, -65536 },
                                      { INT32_MAX, 0 }, { 0, INT32_MIN }, { INT32_MIN, INT32_MAX },
                                      { 65536, 65536 }, { 32768, 0 }, { -32769, 0 } };
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_tile_at(NULL, f->g[i], 0, 0));
        for (size_t k = 0; k < COUNT_OF(far); k++)
            EXPECT(f->g[i], CARC_ENOTFOUND, carc_game_tile_at(&m, f->g[i], far[k][0], far[k][1]));
        /* a frontier cell (empty, next to a tile) */
        carc_move t, probe;
        assert_int_equal(carc_game_tile(&t, f->g[i], 0), CARC_OK);
        int32_t y = t.y;
        while (carc_game_tile_at(&probe, f->g[i], t.x, y) == CARC_OK)
            y--;
        EXPECT(f->g[i], CARC_ENOTFOUND, carc_game_tile_at(&m, f->g[i], t.x, y));
        EXPECT(f->g[i], CARC_ENOTFOUND, carc_game_tile_at(&m, f->g[i], t.x + 65536, t.y));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_tile_at(&m, NULL, 0, 0));
    assert_memory_equal(&m, &keep, sizeof m);
}

static carc_status bounds(int32_t *a, int32_t *b, int32_t *c, int32_t *d, const void *g)
{
    return carc_game_bounds(a, b, c, d, g);
}

static void m_game_bounds(fx *f) { misuse_bounds(f, TILE_GAME, bounds); }

/* ------------------------------------------------------------ growable structs */

static carc_status figure_at(void *out, const void *g, uint32_t i) { return carc_game_figure(out, g, i); }
static carc_status event_at(void *out, const void *g, uint32_t i) { return carc_game_event(out, g, i); }
static carc_status history_at(void *out, const void *g, uint32_t i) { return carc_game_history(out, g, i); }
static carc_status feature_of(void *out, const void *g, uint32_t i) { return carc_game_feature(out, g, i); }

static void m_game_figure(fx *f)
{
    misuse_growable(f, TILE_GAME, figure_at, sizeof(carc_figure_info), "carc_game_figure", count_figure_count, 0,
                    CARC_ERANGE);
}

static void m_game_event(fx *f)
{
    misuse_growable(f, TILE_GAME, event_at, sizeof(carc_event), "carc_game_event", count_event_count, 0, CARC_ERANGE);
}

static void m_game_history(fx *f)
{
    misuse_growable(f, TILE_GAME, history_at, sizeof(carc_history_entry), "carc_game_history", count_history_count,
                    0, CARC_ERANGE);
}

/* ------------------------------------------------------------ features */

/* The first tile of g that has segments: the start tile, or with the Count
 * the first of the City of Carcassonne's tiles that has any (CO/7 and CO/6,
 * laid first, have none). */
static carc_move tile_with_segments(carc_game *g)
{
    carc_move t;
    uint32_t nt = 0, nseg = 0;
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    for (uint32_t i = 0; i < nt; i++) {
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        if (nseg > 0)
            return t;
    }
    fail_msg("no tile with segments");
    return t;
}

/* A feature id of g (the feature under segment 0 of the first tile that has segments). */
static uint32_t some_feature(carc_game *g)
{
    carc_move t = tile_with_segments(g);
    uint32_t id = 0;
    assert_int_equal(carc_game_feature_at(&id, g, t.x, t.y, 0), CARC_OK);
    return id;
}

/* Numbers that are no feature id of g. */
static size_t non_features(carc_game *g, uint32_t *out)
{
    size_t n = 0;
    out[n++] = UINT32_MAX;
    out[n++] = 0x10000u;
    out[n++] = 0x10000u + some_feature(g); /* a feature modulo 2^16 */
    out[n++] = 0xFFFFu;
    out[n++] = 0x0FFFu;
    /* ids that are segments of a feature but not its id */
    for (uint32_t id = 0; id < 400 && n < 12; id++) {
        carc_feature_info fi = SIZED(carc_feature_info);
        if (carc_game_feature(&fi, g, id) == CARC_ENOTFOUND)
            out[n++] = id;
    }
    return n;
}

static carc_status feature_id(void *buf, const void *g, const void *id)
{
    return carc_game_feature(buf, g, *(const uint32_t *)id);
}

static void m_game_feature(fx *f)
{
    unsigned char buf[256];
    uint32_t bad[16];
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t id = some_feature(g);
        EXPECT(g, CARC_EINVAL, carc_game_feature(NULL, g, id));
        misuse_struct_sizes(TILE_GAME, g, feature_id, &id, sizeof(carc_feature_info), "carc_game_feature", true);
        size_t nb = non_features(g, bad);
        for (size_t k = 0; k < nb; k++) {
            sized_buf(buf, sizeof buf, sizeof(carc_feature_info));
            EXPECT(g, CARC_ENOTFOUND, feature_of(buf, g, bad[k]));
            check_guard(buf, sizeof(uint32_t), sizeof buf, "carc_game_feature(no feature)", __LINE__);
        }
    }
    memset(buf, 0, sizeof buf);
    EXPECT(f->g[G_MID], CARC_EINVAL, feature_of(buf, NULL, 0));
}

static void m_game_feature_at(fx *f)
{
    uint32_t out = 777, co7 = kind_of("CO/7");
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_move t = tile_with_segments(g), c;
        uint32_t nseg = 0;
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_feature_at(NULL, g, t.x, t.y, 0));
        const uint32_t bad_seg[] = { nseg, CARC_NO_SEGMENT, UINT32_MAX };
        for (size_t k = 0; k < COUNT_OF(bad_seg); k++)
            EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, t.x, t.y, bad_seg[k]));
        const int32_t no_tile[][2] = { { t.x + 1000, t.y }, { t.x + 65536, t.y }, { INT32_MIN, INT32_MAX } };
        for (size_t k = 0; k < COUNT_OF(no_tile); k++)
            EXPECT(g, CARC_ENOTFOUND, carc_game_feature_at(&out, g, no_tile[k][0], no_tile[k][1], 0));
        /* with the Count: CO/6 and CO/7 have no segments at all */
        if (carc_game_tile_at(&c, g, 0, 0) == CARC_OK && c.tile == co7) {
            EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, 0, 0, 0));
            EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, -1, 0, 0));
        }
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_feature_at(&out, NULL, 0, 0, 0));
    assert_int_equal(out, 777);
}

static void m_game_feature_occupants(fx *f)
{
    uint32_t counts[8], bad[16];
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t players = misuse_players(TILE_GAME, g), id = some_feature(g);
        memset(counts, GUARD, sizeof counts);
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(NULL, 8, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(NULL, 0, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(counts, players - 1, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(counts, 0, g, id));
        check_guard(counts, 0, sizeof counts, "carc_game_feature_occupants(small cap)", __LINE__);
        size_t nb = non_features(g, bad);
        for (size_t k = 0; k < nb; k++)
            EXPECT(g, CARC_ENOTFOUND, carc_game_feature_occupants(counts, 8, g, bad[k]));
        check_guard(counts, 0, sizeof counts, "carc_game_feature_occupants(no feature)", __LINE__);
        /* cap = players exactly: nothing past it */
        EXPECT(g, CARC_OK, carc_game_feature_occupants(counts, players, g, id));
        check_guard(counts, players * sizeof counts[0], sizeof counts, "carc_game_feature_occupants", __LINE__);
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_feature_occupants(counts, 8, NULL, 0));
}

static void m_game_feature_tiles(fx *f)
{
    int32_t xy[2 * 100];
    uint32_t bad[16];
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        size_t count = 777, full = 0;
        /* the largest feature of the game: a city, road or field over several tiles */
        uint32_t id = some_feature(g), nt = 0;
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        for (uint32_t t = 0; t < nt; t++) {
            carc_move pm;
            uint32_t nseg = 0, fid;
            assert_int_equal(carc_game_tile(&pm, g, t), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&nseg, pm.tile), CARC_OK);
            for (uint32_t s = 0; s < nseg; s++) {
                size_t c = 0;
                assert_int_equal(carc_game_feature_at(&fid, g, pm.x, pm.y, s), CARC_OK);
                carc_status st = carc_game_feature_tiles(NULL, 0, &c, g, fid);
                assert_true(st == CARC_EBUFFER || (st == CARC_OK && c == 0));
                if (c > full) {
                    full = c;
                    id = fid;
                }
            }
        }
        assert_true(full >= 1 && full <= 100);
        EXPECT(g, CARC_EINVAL, carc_game_feature_tiles(xy, 4, NULL, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_tiles(NULL, 4, &count, g, id));
        assert_int_equal(count, 777);
        size_t nb = non_features(g, bad);
        for (size_t k = 0; k < nb; k++)
            EXPECT(g, CARC_ENOTFOUND, carc_game_feature_tiles(xy, 100, &count, g, bad[k]));
        assert_int_equal(count, 777);
        /* every short buffer: CARC_EBUFFER, the count needed, nothing past cap */
        for (size_t cap = 0; cap < full; cap++) {
            memset(xy, GUARD, sizeof xy);
            count = 0;
            EXPECT(g, CARC_EBUFFER, carc_game_feature_tiles(cap ? xy : NULL, cap, &count, g, id));
            assert_int_equal(count, full);
            check_guard(xy, 2 * cap * sizeof xy[0], sizeof xy, "carc_game_feature_tiles(short)", __LINE__);
        }
        memset(xy, GUARD, sizeof xy);
        EXPECT(g, CARC_OK, carc_game_feature_tiles(xy, full, &count, g, id));
        assert_int_equal(count, full);
        check_guard(xy, 2 * full * sizeof xy[0], sizeof xy, "carc_game_feature_tiles(exact)", __LINE__);
    }
    size_t count = 0;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_feature_tiles(xy, 10, &count, NULL, 0));
}

MISUSE_AREA(misuse_area_board, "misuse_board.c", MISUSE_ENTRY(game_bounds), MISUSE_ENTRY(game_event),
            MISUSE_ENTRY(game_event_count), MISUSE_ENTRY(game_feature), MISUSE_ENTRY(game_feature_at),
            MISUSE_ENTRY(game_feature_occupants), MISUSE_ENTRY(game_feature_tiles), MISUSE_ENTRY(game_figure),
            MISUSE_ENTRY(game_figure_count), MISUSE_ENTRY(game_history), MISUSE_ENTRY(game_history_count),
            MISUSE_ENTRY(game_leaders), MISUSE_ENTRY(game_tile), MISUSE_ENTRY(game_tile_at),
            MISUSE_ENTRY(game_tile_count));
