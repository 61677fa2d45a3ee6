/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, learn.h: spaces, ids and masks, observations, the
 * vectorised environment (see misuse.h). The calls on a game are made on
 * every game of the fixture (through a space of its options, with the
 * fixture's tracking allocator) and must leave it exactly as it was; the
 * environment's refusals must leave its arrays and games as they were and
 * say why.
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)

/* The space of game g's options (the fixture's allocator), radius r (0: default). */
static carc_learn_space *space_of(fx *f, const carc_game *g, uint32_t r)
{
    carc_game_options o;
    assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
    o.allocator = &f->a;
    carc_learn_options lo = { sizeof lo, r, 0 };
    carc_learn_space *s = NULL;
    assert_int_equal(carc_learn_space_new(&s, &o, &lo), CARC_OK);
    return s;
}

/* A space whose options differ from g's (one more or one fewer player). */
static carc_learn_space *other_space(fx *f, const carc_game *g)
{
    carc_game_options o;
    assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
    o.allocator = &f->a;
    o.players = o.players == 2 ? 3 : 2;
    carc_learn_space *s = NULL;
    assert_int_equal(carc_learn_space_new(&s, &o, NULL), CARC_OK);
    return s;
}

static carc_learn_info info_of(const carc_learn_space *s)
{
    carc_learn_info in = SIZED(carc_learn_info);
    assert_int_equal(carc_learn_space_info(&in, s), CARC_OK);
    return in;
}

static bool said(const char *msg)
{
    return msg[0] != '\0';
}

/* ------------------------------------------------------------ spaces */

static void m_learn_space_new(fx *f)
{
    size_t live = f->alloc.live;
    carc_game_options o;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    o.allocator = &f->a;
    carc_learn_options lo = SIZED(carc_learn_options);
    carc_learn_space *s = NULL;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, s, carc_learn_space_new(&s, NULL, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_learn_space_new(NULL, &o, NULL));
    lo.radius = CARC_LEARN_MAX_RADIUS + 1;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_ERANGE, s, carc_learn_space_new(&s, &o, &lo));
    lo.radius = UINT32_MAX;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_ERANGE, s, carc_learn_space_new(&s, &o, &lo));
    lo.radius = 0;
    lo.flags = 1;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, s, carc_learn_space_new(&s, &o, &lo));
    lo.flags = 0;
    lo.struct_size = 3;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, s, carc_learn_space_new(&s, &o, &lo));
    /* a short struct: only the fields it has are read (struct_size 8: the radius, no flags) */
    lo.struct_size = 8;
    lo.radius = 5;
    lo.flags = 77;
    assert_int_equal(carc_learn_space_new(&s, &o, &lo), CARC_OK);
    assert_int_equal(info_of(s).radius, 5);
    carc_learn_space_free(s);
    /* options a game refuses, with the same status */
    o.players = 9;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_ERANGE, s, carc_learn_space_new(&s, &o, NULL));
    o.players = 2;
    o.version = 77;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EVERSION, s, carc_learn_space_new(&s, &o, NULL));
    o.version = CARC_GAME_OPTIONS_VERSION;
    o.modules = 1u << 30;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EUNSUPPORTED, s, carc_learn_space_new(&s, &o, NULL));
    /* a window too small for the City of Carcassonne */
    o.modules = CO;
    lo.struct_size = sizeof lo;
    lo.radius = 2;
    lo.flags = 0;
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_ERANGE, s, carc_learn_space_new(&s, &o, &lo));
    /* every fixture game's options make a space, the radius kept */
    FOR_GAMES(f, i) {
        s = space_of(f, f->g[i], 6u + (uint32_t)i % 3u);
        assert_int_equal(info_of(s).radius, 6u + (uint32_t)i % 3u);
        carc_learn_space_free(s);
    }
    assert_int_equal(f->alloc.live, live);
}

static void m_learn_space_free(fx *f)
{
    (void)f;
    carc_learn_space_free(NULL);
}

static void m_learn_space_info(fx *f)
{
    carc_learn_space *s = space_of(f, f->g[G_MID], 0);
    unsigned char buf[sizeof(carc_learn_info) + 16];
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_learn_space_info(NULL, s));
    sized_buf(buf, sizeof buf, sizeof(carc_learn_info));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_learn_space_info((carc_learn_info *)(void *)buf, NULL));
    for (uint32_t sz = 0; sz < 4; sz++) {
        sized_buf(buf, sizeof buf, sz);
        EXPECT(f->g[G_MID], CARC_EINVAL, carc_learn_space_info((carc_learn_info *)(void *)buf, s));
        check_guard(buf, 4, sizeof buf, "carc_learn_space_info", __LINE__);
    }
    /* a short struct gets what fits, a long one what this library knows */
    for (uint32_t sz = 4; sz <= sizeof(carc_learn_info) + 8; sz += 4) {
        sized_buf(buf, sizeof buf, sz);
        assert_int_equal(carc_learn_space_info((carc_learn_info *)(void *)buf, s), CARC_OK);
        size_t wrote = sz < sizeof(carc_learn_info) ? sz : sizeof(carc_learn_info);
        check_guard(buf, wrote, sizeof buf, "carc_learn_space_info", __LINE__);
        uint32_t got;
        memcpy(&got, buf, sizeof got);
        assert_int_equal(got, wrote);
    }
    carc_learn_space_free(s);
}

/* ------------------------------------------------------------ ids, masks, observations */

static void m_learn_encode(fx *f)
{
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_learn_space *s = space_of(f, g, 0), *o = other_space(f, g);
        carc_learn_info in = info_of(s);
        uint32_t ids[2] = { 7, 7 };
        size_t n = 9;
        char msg[128];
        carc_move m = place_move(0, 0, 0, 0, 0, CARC_NO_SEGMENT);
        EXPECT(g, CARC_EINVAL, carc_learn_encode(ids, 2, &n, NULL, g, &m, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_encode(ids, 2, &n, s, g, NULL, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_encode(NULL, 2, &n, s, g, &m, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_encode(ids, 2, &n, s, g, &m, NULL, 4));
        EXPECT(g, CARC_EINVAL, carc_learn_encode(ids, 2, &n, o, g, &m, msg, sizeof msg));
        assert_true(said(msg));
        assert_int_equal(ids[0], 7);
        assert_int_equal(n, 9);
        if (hz_over(g)) {
            EXPECT(g, CARC_EGAME_OVER, carc_learn_encode(ids, 2, &n, s, g, &m, msg, sizeof msg));
        } else {
            /* every legal move (the first 60) encodes and decodes back */
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            size_t count = carc_movelist_count(f->list);
            for (size_t k = 0; k < count && k < 60; k++) {
                carc_move lm = carc_movelist_data(f->list)[k], back;
                carc_status st = carc_learn_encode(ids, 2, &n, s, g, &lm, msg, sizeof msg);
                if (st == CARC_ERANGE)
                    continue; /* outside the window */
                assert_int_equal(st, CARC_OK);
                assert_int_equal(msg[0], '\0');
                EXPECT(g, CARC_EBUFFER, carc_learn_encode(ids, n - 1, &n, s, g, &lm, msg, sizeof msg));
                EXPECT(g, CARC_OK, carc_learn_decode(&back, s, g, ids, n, msg, sizeof msg));
                assert_int_equal(back.kind, lm.kind);
                assert_int_equal(back.segment, lm.segment);
                assert_true(ids[0] < in.actions);
            }
            carc_move bad = m;
            bad.kind = 200;
            EXPECT(g, CARC_EINVAL, carc_learn_encode(ids, 2, &n, s, g, &bad, msg, sizeof msg));
            bad.kind = CARC_MOVE_COUNT;
            bad.quarter = 9;
            carc_status st = carc_learn_encode(ids, 2, &n, s, g, &bad, msg, sizeof msg);
            assert_true(st == CARC_EILLEGAL || st == CARC_EINVAL);
            assert_true(said(msg));
        }
        carc_learn_space_free(s);
        carc_learn_space_free(o);
    }
}

static void m_learn_decode(fx *f)
{
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_learn_space *s = space_of(f, g, 0), *o = other_space(f, g);
        carc_learn_info in = info_of(s);
        carc_move m, before;
        memset(&m, GUARD, sizeof m);
        before = m;
        char msg[128];
        uint32_t ids[3] = { in.pass_id, in.figure_base, 0 };
        EXPECT(g, CARC_EINVAL, carc_learn_decode(NULL, s, g, ids, 1, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_decode(&m, NULL, g, ids, 1, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_decode(&m, s, NULL, ids, 1, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_decode(&m, s, g, NULL, 1, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_decode(&m, s, g, ids, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_decode(&m, s, g, ids, 3, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_decode(&m, o, g, ids, 1, msg, sizeof msg));
        assert_true(said(msg));
        if (hz_over(g)) {
            EXPECT(g, CARC_EGAME_OVER, carc_learn_decode(&m, s, g, ids, 1, msg, sizeof msg));
        } else {
            uint32_t wrong[][2] = { { in.actions, 0 }, { UINT32_MAX, 0 }, { in.figure_base, 0 },
                                    { in.pass_id, in.pass_id }, { 0, in.pass_id } };
            carc_status want[] = { CARC_ERANGE, CARC_ERANGE, CARC_EILLEGAL, CARC_EILLEGAL, CARC_EILLEGAL };
            size_t len[] = { 1, 1, 1, 2, 2 };
            for (size_t k = 0; k < COUNT_OF(wrong); k++) {
                carc_status st = carc_learn_decode(&m, s, g, wrong[k], len[k], msg, sizeof msg);
                if (st != want[k] && !(k == 4 && st == CARC_EILLEGAL))
                    fail_msg("%s: decode of wrong ids %zu gave %s", game_names[i], k, carc_status_name(st));
                assert_true(said(msg));
            }
            /* a short message buffer is cut and NUL-terminated */
            char small[5];
            memset(small, GUARD, sizeof small);
            EXPECT(g, CARC_ERANGE, carc_learn_decode(&m, s, g, wrong[0], 1, small, 3));
            assert_int_equal(small[2], '\0');
            assert_int_equal((unsigned char)small[3], GUARD);
        }
        assert_memory_equal(&m, &before, sizeof m);
        carc_learn_space_free(s);
        carc_learn_space_free(o);
    }
}

static void m_learn_mask(fx *f)
{
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_learn_space *s = space_of(f, g, 0), *o = other_space(f, g);
        carc_learn_info in = info_of(s);
        uint8_t *mask = malloc(in.actions + 8);
        assert_non_null(mask);
        char msg[128];
        uint32_t pre = in.figure_base;
        memset(mask, GUARD, in.actions + 8);
        EXPECT(g, CARC_EINVAL, carc_learn_mask(NULL, in.actions, s, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_mask(mask, in.actions, NULL, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_mask(mask, in.actions, s, NULL, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_mask(mask, in.actions, s, g, NULL, 1, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_mask(mask, in.actions, s, g, &pre, 2, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_mask(mask, in.actions, o, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EBUFFER, carc_learn_mask(mask, in.actions - 1, s, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EBUFFER, carc_learn_mask(mask, 0, s, g, NULL, 0, msg, sizeof msg));
        if (!hz_over(g))
            EXPECT(g, CARC_EILLEGAL, carc_learn_mask(mask, in.actions, s, g, &pre, 1, msg, sizeof msg));
        pre = in.actions + 3;
        EXPECT2(g, CARC_ERANGE, CARC_EILLEGAL, carc_learn_mask(mask, in.actions, s, g, &pre, 1, msg, sizeof msg));
        check_guard(mask, 0, in.actions + 8, "carc_learn_mask (refused)", __LINE__);
        /* the mask: as many ids as first ids of legal moves, nothing past it */
        EXPECT(g, CARC_OK, carc_learn_mask(mask, in.actions, s, g, NULL, 0, msg, sizeof msg));
        check_guard(mask, in.actions, in.actions + 8, "carc_learn_mask", __LINE__);
        size_t set = 0;
        for (uint32_t a = 0; a < in.actions; a++)
            set += mask[a];
        assert_int_equal(set > 0, !hz_over(g));
        free(mask);
        carc_learn_space_free(s);
        carc_learn_space_free(o);
    }
}

static void m_learn_observe(fx *f)
{
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_learn_space *s = space_of(f, g, 0), *o = other_space(f, g);
        carc_learn_info in = info_of(s);
        size_t pb = (size_t)in.planes * in.plane_size;
        uint8_t *planes = malloc(pb + 8);
        float *vector = malloc((in.vector + 2) * sizeof(float));
        assert_true(planes && vector);
        char msg[128];
        memset(planes, GUARD, pb + 8);
        memset(vector, GUARD, (in.vector + 2) * sizeof(float));
        EXPECT(g, CARC_EINVAL, carc_learn_observe(NULL, pb, vector, in.vector, s, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_observe(planes, pb, NULL, in.vector, s, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_observe(planes, pb, vector, in.vector, NULL, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_observe(planes, pb, vector, in.vector, s, g, NULL, 1, msg, sizeof msg));
        EXPECT(g, CARC_EINVAL, carc_learn_observe(planes, pb, vector, in.vector, o, g, NULL, 0, msg, sizeof msg));
        assert_true(said(msg));
        EXPECT(g, CARC_EBUFFER,
               carc_learn_observe(planes, pb - 1, vector, in.vector, s, g, NULL, 0, msg, sizeof msg));
        EXPECT(g, CARC_EBUFFER,
               carc_learn_observe(planes, pb, vector, in.vector - 1, s, g, NULL, 0, msg, sizeof msg));
        uint32_t pre = in.figure_base;
        if (!hz_over(g))
            EXPECT(g, CARC_EILLEGAL,
                   carc_learn_observe(planes, pb, vector, in.vector, s, g, &pre, 1, msg, sizeof msg));
        check_guard(planes, 0, pb + 8, "carc_learn_observe (refused)", __LINE__);
        check_guard(vector, 0, (in.vector + 2) * sizeof(float), "carc_learn_observe (refused)", __LINE__);
        EXPECT(g, CARC_OK, carc_learn_observe(planes, pb, vector, in.vector, s, g, NULL, 0, msg, sizeof msg));
        check_guard(planes, pb, pb + 8, "carc_learn_observe", __LINE__);
        check_guard(vector, in.vector * sizeof(float), (in.vector + 2) * sizeof(float), "carc_learn_observe",
                    __LINE__);
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        assert_true(vector[in.v_left_total] == (float)left);
        free(planes);
        free(vector);
        carc_learn_space_free(s);
        carc_learn_space_free(o);
    }
}

/* ------------------------------------------------------------ the environment */

typedef struct venv {
    carc_learn_space *s;
    carc_learn_info in;
    carc_learn_vec *e;
    carc_learn_buffers b;
    size_t n;
} venv;

static void venv_new(fx *f, venv *v, const carc_game *like, size_t n, uint32_t flags)
{
    memset(v, 0, sizeof *v);
    v->s = space_of(f, like, 0);
    v->in = info_of(v->s);
    v->n = n;
    assert_int_equal(carc_learn_vec_new(&v->e, v->s, n, 11, flags), CARC_OK);
    carc_learn_buffers *b = &v->b;
    *b = SIZED(carc_learn_buffers);
    b->planes_cap = n * v->in.planes * v->in.plane_size;
    b->planes = calloc(b->planes_cap, 1);
    b->vector_cap = n * v->in.vector;
    b->vector = calloc(b->vector_cap, sizeof(float));
    b->mask_cap = n * v->in.actions;
    b->mask = calloc(b->mask_cap, 1);
    b->rewards_cap = b->results_cap = n * v->in.players;
    b->rewards = calloc(b->rewards_cap, sizeof(float));
    b->results = calloc(b->results_cap, sizeof(float));
    b->done_cap = b->player_cap = n;
    b->done = calloc(n, 1);
    b->player = calloc(n, sizeof(uint32_t));
    assert_true(b->planes && b->vector && b->mask && b->rewards && b->results && b->done && b->player);
}

static void venv_free(venv *v)
{
    carc_learn_vec_free(v->e);
    carc_learn_space_free(v->s);
    free(v->b.planes);
    free(v->b.vector);
    free(v->b.mask);
    free(v->b.rewards);
    free(v->b.results);
    free(v->b.done);
    free(v->b.player);
}

/* What an environment shows: its arrays and the hash of every game. */
static char *venv_state(const venv *v)
{
    size_t pb = v->b.planes_cap, vb = v->b.vector_cap * sizeof(float);
    size_t size = pb + vb + v->b.mask_cap + v->n * (sizeof(uint64_t) + 1 + sizeof(uint32_t));
    char *p = malloc(size + 1), *q = p;
    assert_non_null(p);
    memcpy(q, v->b.planes, pb);
    q += pb;
    memcpy(q, v->b.vector, vb);
    q += vb;
    memcpy(q, v->b.mask, v->b.mask_cap);
    q += v->b.mask_cap;
    memcpy(q, v->b.done, v->n);
    q += v->n;
    memcpy(q, v->b.player, v->n * sizeof(uint32_t));
    q += v->n * sizeof(uint32_t);
    for (size_t i = 0; i < v->n; i++) {
        const carc_game *g;
        uint64_t h;
        assert_int_equal(carc_learn_vec_game(&g, v->e, i), CARC_OK);
        assert_int_equal(carc_game_hash(&h, g), CARC_OK);
        memcpy(q, &h, sizeof h);
        q += sizeof h;
    }
    *q = '\0';
    return p;
}

static void venv_same(const venv *v, char *before, size_t line)
{
    char *after = venv_state(v);
    size_t size = v->b.planes_cap + v->b.vector_cap * sizeof(float) + v->b.mask_cap +
                  v->n * (sizeof(uint64_t) + 1 + sizeof(uint32_t));
    if (memcmp(before, after, size) != 0)
        fail_msg("line %zu: a refused call changed the environment", line);
    free(before);
    free(after);
}

/* A refused call: the status, a message, nothing changed. */
#define VREFUSE(v, want, call)                                                                                     \
    do {                                                                                                           \
        char *b_ = venv_state(v);                                                                                  \
        carc_status s_ = (call);                                                                                   \
        check_status(s_, (want), (want), #call, __LINE__);                                                         \
        if (carc_learn_vec_last_error((v)->e)[0] == '\0')                                                          \
            fail_msg("line %d: %s failed but left no message", __LINE__, #call);                                   \
        venv_same((v), b_, __LINE__);                                                                              \
    } while (0)

static void m_learn_vec_new(fx *f)
{
    size_t live = f->alloc.live;
    carc_learn_space *s = space_of(f, f->g[G_MID], 0);
    carc_learn_vec *e = NULL;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_learn_vec_new(NULL, s, 1, 1, 0));
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, e, carc_learn_vec_new(&e, NULL, 1, 1, 0));
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, e, carc_learn_vec_new(&e, s, 0, 1, 0));
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, e, carc_learn_vec_new(&e, s, 1, 1, 2));
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EINVAL, e, carc_learn_vec_new(&e, s, 1, 1, UINT32_MAX));
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_ERANGE, e, carc_learn_vec_new(&e, s, 65537, 1, 0));
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_ERANGE, e, carc_learn_vec_new(&e, s, SIZE_MAX, 1, 0));
    carc_learn_space_free(s);
    /* every fixture game's options: an environment of two games, the space freed first */
    FOR_GAMES(f, i) {
        s = space_of(f, f->g[i], 0);
        assert_int_equal(carc_learn_vec_new(&e, s, 2, (uint64_t)i, (uint32_t)i & 1u), CARC_OK);
        carc_learn_space_free(s);
        const carc_game *g;
        assert_int_equal(carc_learn_vec_game(&g, e, 1), CARC_OK);
        assert_false(hz_over(g));
        carc_learn_vec_free(e);
    }
    assert_int_equal(f->alloc.live, live);
}

static void m_learn_vec_free(fx *f)
{
    (void)f;
    carc_learn_vec_free(NULL);
}

static void m_learn_vec_bind(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_ALL], 2, 0);
    assert_int_equal(carc_learn_vec_bind(NULL, &v.b), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_bind(v.e, NULL), CARC_EINVAL);
    assert_true(said(carc_learn_vec_last_error(v.e)));
    carc_learn_buffers b = v.b;
    b.struct_size = sizeof b - 1;
    assert_int_equal(carc_learn_vec_bind(v.e, &b), CARC_EINVAL);
    void **ptrs[] = { (void **)&b.planes, (void **)&b.vector, (void **)&b.mask, (void **)&b.rewards,
                      (void **)&b.results, (void **)&b.done, (void **)&b.player };
    size_t *caps[] = { &b.planes_cap, &b.vector_cap, &b.mask_cap, &b.rewards_cap, &b.results_cap, &b.done_cap,
                       &b.player_cap };
    for (size_t k = 0; k < COUNT_OF(ptrs); k++) {
        b = v.b;
        *ptrs[k] = NULL;
        assert_int_equal(carc_learn_vec_bind(v.e, &b), CARC_EINVAL);
        b = v.b;
        *caps[k] -= 1;
        assert_int_equal(carc_learn_vec_bind(v.e, &b), CARC_EBUFFER);
        assert_non_null(strstr(carc_learn_vec_last_error(v.e), "needed"));
        *caps[k] = 0;
        assert_int_equal(carc_learn_vec_bind(v.e, &b), CARC_EBUFFER);
    }
    /* nothing was written by the refusals */
    for (size_t k = 0; k < v.n; k++)
        assert_int_equal(v.b.player[k] | v.b.done[k], 0);
    assert_int_equal(carc_learn_vec_bind(v.e, &v.b), CARC_OK);
    size_t set = 0;
    for (size_t k = 0; k < v.b.mask_cap; k++)
        set += v.b.mask[k];
    assert_true(set > 0);
    venv_free(&v);
}

static void m_learn_vec_reset(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_TRADERS], 3, 0);
    assert_int_equal(carc_learn_vec_reset(NULL, 1), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_bind(v.e, &v.b), CARC_OK);
    char *before = venv_state(&v);
    uint32_t acts[3];
    uint64_t rng = 1;
    for (int k = 0; k < 9; k++) {
        assert_int_equal(carc_learn_vec_sample(acts, 3, v.e, &rng), CARC_OK);
        assert_int_equal(carc_learn_vec_step(v.e, acts, 3), CARC_OK);
    }
    /* the same seed: the same start, arrays included */
    assert_int_equal(carc_learn_vec_reset(v.e, 11), CARC_OK);
    venv_same(&v, before, __LINE__);
    /* allocation failure: the games are kept */
    before = venv_state(&v);
    f->alloc.fail_at = f->alloc.calls + 2;
    assert_int_equal(carc_learn_vec_reset(v.e, 12), CARC_ENOMEM);
    f->alloc.fail_at = -1;
    assert_true(said(carc_learn_vec_last_error(v.e)));
    venv_same(&v, before, __LINE__);
    venv_free(&v);
}

static void m_learn_vec_step(fx *f)
{
    static const int kinds[] = { G_MID, G_ALL, G_COC_RIVER };
    for (size_t t = 0; t < COUNT_OF(kinds); t++) {
        venv v;
        venv_new(f, &v, f->g[kinds[t]], 2, t == 1 ? CARC_LEARN_VEC_NO_RESTART : 0);
        uint32_t acts[2] = { 0, 0 };
        uint64_t rng = 5;
        assert_int_equal(carc_learn_vec_sample(acts, 2, v.e, &rng), CARC_OK);
        VREFUSE(&v, CARC_EPHASE, carc_learn_vec_step(v.e, acts, 2)); /* not bound */
        assert_int_equal(carc_learn_vec_bind(v.e, &v.b), CARC_OK);
        assert_int_equal(carc_learn_vec_step(NULL, acts, 2), CARC_EINVAL);
        VREFUSE(&v, CARC_EINVAL, carc_learn_vec_step(v.e, NULL, 2));
        VREFUSE(&v, CARC_EINVAL, carc_learn_vec_step(v.e, acts, 1));
        VREFUSE(&v, CARC_EINVAL, carc_learn_vec_step(v.e, acts, 3));
        for (int k = 0; k < 40; k++) {
            /* game 1's action wrong in every way, game 0's right: nothing moves */
            assert_int_equal(carc_learn_vec_sample(acts, 2, v.e, &rng), CARC_OK);
            uint32_t good = acts[1];
            uint32_t bad[] = { v.in.actions, UINT32_MAX - 1, v.in.pass_id, 0, v.in.figure_base + 66 };
            for (size_t j = 0; j < COUNT_OF(bad); j++) {
                if (good == CARC_LEARN_NO_ACTION || bad[j] == good || (bad[j] < v.in.actions &&
                                                                       v.b.mask[v.in.actions + bad[j]]))
                    continue;
                acts[1] = bad[j];
                VREFUSE(&v, bad[j] >= v.in.actions && bad[j] != CARC_LEARN_NO_ACTION ? CARC_ERANGE : CARC_EILLEGAL,
                        carc_learn_vec_step(v.e, acts, 2));
            }
            if (good != CARC_LEARN_NO_ACTION) {
                acts[1] = CARC_LEARN_NO_ACTION;
                VREFUSE(&v, CARC_EILLEGAL, carc_learn_vec_step(v.e, acts, 2));
            }
            acts[1] = good;
            assert_int_equal(carc_learn_vec_step(v.e, acts, 2), CARC_OK);
        }
        venv_free(&v);
    }
}

static void m_learn_vec_sample(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_MID], 2, 0);
    uint32_t acts[2] = { 7, 7 };
    uint64_t rng = 3;
    assert_int_equal(carc_learn_vec_sample(NULL, 2, v.e, &rng), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_sample(acts, 2, NULL, &rng), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_sample(acts, 2, v.e, NULL), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_sample(acts, 1, v.e, &rng), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_sample(acts, 3, v.e, &rng), CARC_EINVAL);
    assert_int_equal(acts[0], 7);
    assert_true(rng == 3);
    assert_int_equal(carc_learn_vec_sample(acts, 2, v.e, &rng), CARC_OK);
    assert_true(acts[0] < v.in.actions && acts[1] < v.in.actions);
    venv_free(&v);
}

static void m_learn_vec_game(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_MID], 2, 0);
    const carc_game *g = (const carc_game *)&v;
    assert_int_equal(carc_learn_vec_game(NULL, v.e, 0), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_game(&g, NULL, 0), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_game(&g, v.e, 2), CARC_ERANGE);
    assert_int_equal(carc_learn_vec_game(&g, v.e, SIZE_MAX), CARC_ERANGE);
    assert_ptr_equal(g, &v);
    assert_int_equal(carc_learn_vec_game(&g, v.e, 1), CARC_OK);
    assert_false(hz_over(g));
    venv_free(&v);
}

static void m_learn_vec_prefix(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_MID], 2, 0);
    uint32_t ids[2] = { 7, 7 };
    size_t n = 9;
    assert_int_equal(carc_learn_vec_prefix(ids, 2, &n, NULL, 0), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_prefix(NULL, 2, &n, v.e, 0), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_prefix(ids, 2, &n, v.e, 2), CARC_ERANGE);
    assert_int_equal(n, 9);
    assert_int_equal(carc_learn_vec_prefix(NULL, 0, &n, v.e, 0), CARC_OK);
    assert_int_equal(n, 0);
    assert_int_equal(carc_learn_vec_bind(v.e, &v.b), CARC_OK);
    uint32_t acts[2];
    uint64_t rng = 8;
    assert_int_equal(carc_learn_vec_sample(acts, 2, v.e, &rng), CARC_OK);
    assert_int_equal(carc_learn_vec_step(v.e, acts, 2), CARC_OK);
    assert_int_equal(carc_learn_vec_prefix(NULL, 0, &n, v.e, 1), CARC_EBUFFER);
    assert_int_equal(n, 1);
    assert_int_equal(carc_learn_vec_prefix(ids, 2, NULL, v.e, 1), CARC_OK);
    assert_int_equal(ids[0], acts[1]);
    assert_int_equal(ids[1], 7);
    venv_free(&v);
}

static void m_learn_vec_rebuild(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_INNS], 2, 0);
    assert_int_equal(carc_learn_vec_rebuild(NULL), CARC_EINVAL);
    VREFUSE(&v, CARC_EPHASE, carc_learn_vec_rebuild(v.e));
    assert_int_equal(carc_learn_vec_bind(v.e, &v.b), CARC_OK);
    uint32_t acts[2];
    uint64_t rng = 8;
    for (int k = 0; k < 7; k++) {
        assert_int_equal(carc_learn_vec_sample(acts, 2, v.e, &rng), CARC_OK);
        assert_int_equal(carc_learn_vec_step(v.e, acts, 2), CARC_OK);
    }
    /* the caller scribbled over the arrays: rebuild writes them again as they were */
    char *before = venv_state(&v);
    memset(v.b.planes, 3, v.b.planes_cap);
    memset(v.b.mask, 1, v.b.mask_cap);
    assert_int_equal(carc_learn_vec_rebuild(v.e), CARC_OK);
    venv_same(&v, before, __LINE__);
    venv_free(&v);
}

static void m_learn_vec_last_error(fx *f)
{
    venv v;
    venv_new(f, &v, f->g[G_MID], 1, 0);
    assert_string_equal(carc_learn_vec_last_error(NULL), "");
    assert_string_equal(carc_learn_vec_last_error(v.e), "");
    assert_int_equal(carc_learn_vec_rebuild(v.e), CARC_EPHASE);
    assert_non_null(strstr(carc_learn_vec_last_error(v.e), "bind"));
    venv_free(&v);
}

MISUSE_AREA(misuse_area_learn, "misuse_learn.c", MISUSE_ENTRY(learn_decode), MISUSE_ENTRY(learn_encode),
            MISUSE_ENTRY(learn_mask), MISUSE_ENTRY(learn_observe), MISUSE_ENTRY(learn_space_free),
            MISUSE_ENTRY(learn_space_info), MISUSE_ENTRY(learn_space_new), MISUSE_ENTRY(learn_vec_bind),
            MISUSE_ENTRY(learn_vec_free), MISUSE_ENTRY(learn_vec_game), MISUSE_ENTRY(learn_vec_last_error),
            MISUSE_ENTRY(learn_vec_new), MISUSE_ENTRY(learn_vec_prefix), MISUSE_ENTRY(learn_vec_rebuild),
            MISUSE_ENTRY(learn_vec_reset), MISUSE_ENTRY(learn_vec_sample), MISUSE_ENTRY(learn_vec_step));
