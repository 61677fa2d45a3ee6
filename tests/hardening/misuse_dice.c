/* SPDX-License-Identifier: MIT */
/*
 * API misuse, the Dice Game part (carcassonne/dice.h): one m_<name> per
 * exported carc_dice_* function, listed in DICE_ENTRIES (misuse.h) and so in
 * the table of test_misuse.c. Same rules as there: the documented status,
 * every game exactly as it was (its record from carc_dice_game_save plus
 * everything the const API shows), nothing written past a buffer or a
 * struct_size, nothing leaked.
 */
#include "misuse.h"

#include <limits.h>

/* ------------------------------------------------------------ fingerprint */

static char *dice_save(const carc_dice_game *g)
{
    size_t need = 0;
    if (carc_dice_game_save(NULL, 0, &need, g) != CARC_EBUFFER)
        return NULL;
    char *buf = malloc(need + 1);
    if (buf == NULL)
        abort();
    if (carc_dice_game_save(buf, need + 1, NULL, g) != CARC_OK || strlen(buf) != need) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Everything the const API shows about a dice game (flags: HZ_FP_*). */
static char *dfp(const carc_dice_game *g, unsigned flags)
{
    hz_str b = { NULL, 0, 0 };
    uint32_t players = 0, u = 0, v = 0;
    int32_t s = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool yes = false;
    if (g == NULL)
        return NULL;
    char *rec = dice_save(g);
    hz_str_add(&b, "%s", rec ? rec : "<save failed>\n");
    free(rec);
    carc_dice_game_players(&players, g);
    carc_dice_game_phase(&u, g);
    hz_str_add(&b, "players=%u phase=%u", players, u);
    carc_dice_game_current_player(&u, g);
    carc_dice_game_turn(&v, g);
    hz_str_add(&b, " cur=%u turn=%u", u, v);
    carc_dice_game_rolls(&u, g);
    carc_dice_game_doubled(&yes, g);
    hz_str_add(&b, " rolls=%u doubled=%d", u, (int)yes);
    for (uint32_t p = 0; p < players && p < 8; p++) {
        carc_dice_game_score(&s, g, p);
        u = 99;
        carc_dice_game_kept_knight(&u, g, p);
        carc_dice_game_player_dice(&v, g, p);
        hz_str_add(&b, " p%u=%d/%u/%#x", p, (int)s, u, v);
    }
    u = v = 99;
    if (carc_dice_game_winner(&u, &v, g) == CARC_OK)
        hz_str_add(&b, " winner=%u/%u", u, v);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die;
        memset(&die, 0, sizeof die);
        die.struct_size = sizeof die;
        carc_dice_game_die(&die, g, d);
        hz_str_add(&b, " [%u %u %u %d,%d %u %#x]", die.location, die.player, die.face, (int)die.x, (int)die.y,
                   die.rotation, die.edges);
    }
    if (carc_dice_game_city_bounds(&x0, &y0, &x1, &y1, g) == CARC_OK)
        hz_str_add(&b, " city=%d,%d..%d,%d", (int)x0, (int)y0, (int)x1, (int)y1);
    u = v = 0;
    carc_dice_game_largest_closed_city(&u, &v, g);
    hz_str_add(&b, " closed=%u/%#x", u, v);
    carc_dice_game_action_count(&u, g);
    carc_dice_game_event_count(&v, g);
    hz_str_add(&b, " actions=%u events=%u", u, v);
    for (uint32_t i = 0; i < v; i++) {
        carc_dice_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        carc_dice_game_event(&e, g, i);
        hz_str_add(&b, " (%u %u %u %u %d %u %u %u %u)", e.kind, e.action, e.turn, e.player, (int)e.points, e.dice,
                   e.doubled, e.to, e.reason);
    }
    if (!(flags & HZ_FP_NO_UNDO) && carc_dice_game_can_undo(&yes, g) == CARC_OK)
        hz_str_add(&b, " can_undo=%d", (int)yes);
    if (!(flags & HZ_FP_NO_ERROR))
        hz_str_add(&b, " error=\"%s\"", carc_dice_game_last_error(g));
    hz_str_add(&b, "\n");
    return b.s;
}

static void dcheck_same(const carc_dice_game *g, char *before, unsigned flags, const char *call, int line)
{
    if (g == NULL)
        return;
    char *after = dfp(g, flags);
    if (strcmp(before, after) != 0) {
        print_error("before:\n%s\nafter:\n%s\n", before, after);
        fail_msg("line %d: %s changed the dice game", line, call);
    }
    free(before);
    free(after);
}

/* As EXPECT / REJECT in test_misuse.c, for a dice game. */
#define DEXPECT2(g, want, alt, call)                                  \
    do {                                                              \
        const carc_dice_game *g_ = (g);                               \
        char *b_ = dfp(g_, 0);                                        \
        carc_status s_ = (call);                                      \
        check_status(s_, (want), (alt), #call, __LINE__);             \
        dcheck_same(g_, b_, 0, #call, __LINE__);                      \
    } while (0)
#define DEXPECT(g, want, call) DEXPECT2(g, want, want, call)
#define DREJECT(g, want, call)                                                         \
    do {                                                                               \
        const carc_dice_game *g_ = (g);                                                \
        char *b_ = dfp(g_, HZ_FP_NO_ERROR);                                            \
        carc_status s_ = (call);                                                       \
        check_status(s_, (want), (want), #call, __LINE__);                             \
        dcheck_same(g_, b_, HZ_FP_NO_ERROR, #call, __LINE__);                          \
        if (carc_dice_game_last_error(g_)[0] == '\0')                                  \
            fail_msg("line %d: %s failed but left no last-error text", __LINE__, #call); \
    } while (0)

#define FOR_DICE(f, i) for (int i = 0; i < D_COUNT; i++)
static const char *const dice_names[D_COUNT] = { "fresh", "choose", "knight-option", "mid", "over" };

/* ------------------------------------------------------------ fixture */

static carc_dice_game *dnew(fx *f, uint32_t players, uint64_t seed)
{
    carc_dice_options o;
    carc_dice_game *g = NULL;
    assert_int_equal(carc_dice_options_init(&o, CARC_DICE_OPTIONS_VERSION), CARC_OK);
    o.players = players;
    o.seed = seed;
    o.allocator = &f->a;
    assert_int_equal(carc_dice_game_new(&g, &o), CARC_OK);
    return g;
}

static carc_status act(carc_dice_game *g, uint32_t kind, uint32_t die, int32_t x, int32_t y, uint32_t rot)
{
    carc_dice_action a = { kind, die, x, y, rot, 0 };
    return carc_dice_game_play(g, &a);
}

static void roll_with(carc_dice_game *g, const uint8_t *faces, size_t n)
{
    assert_int_equal(carc_dice_game_set_next_roll(g, faces, n), CARC_OK);
    assert_int_equal(act(g, CARC_DICE_ACT_ROLL, 0, 0, 0, 0), CARC_OK);
}

static uint32_t phase(const carc_dice_game *g)
{
    uint32_t p = 99;
    assert_int_equal(carc_dice_game_phase(&p, g), CARC_OK);
    return p;
}

/* Random legal actions, builds and knights preferred (cities grow, scores
 * happen, a game ends in a few thousand actions). */
static void play_random(carc_dice_game *g, unsigned n, uint64_t seed)
{
    static carc_dice_action buf[4096];
    uint64_t r = seed;
    for (unsigned i = 0; i < n && phase(g) != CARC_DICE_PHASE_GAME_OVER; i++) {
        size_t cnt = 0;
        uint32_t fl = CARC_DICE_ENUM_UNIQUE_ROTATIONS | CARC_DICE_ENUM_UNIQUE_DICE | CARC_DICE_ENUM_TOUCHING;
        assert_int_equal(carc_dice_game_legal_actions(buf, 4096, &cnt, g, fl), CARC_OK);
        assert_true(cnt > 0);
        size_t pick = hz_rand(&r) % cnt;
        if (hz_rand(&r) % 16 != 0)
            for (size_t k = 0; k < cnt; k++)
                if (buf[(pick + k) % cnt].kind == CARC_DICE_ACT_BUILD ||
                    buf[(pick + k) % cnt].kind == CARC_DICE_ACT_SET_KNIGHT) {
                    pick = (pick + k) % cnt;
                    break;
                }
        assert_int_equal(carc_dice_game_play(g, &buf[pick]), CARC_OK);
    }
}

/* The dice fixtures take a few thousand actions to build (a whole game):
 * they are built once, with their own tracking allocator, and every test
 * gets clones of them (history included), which must all be freed again. */
static hz_alloc tmpl_alloc;
static carc_allocator tmpl_a;
static carc_dice_game *tmpl[D_COUNT];
static size_t tmpl_live;

static void build_templates(void)
{
    fx t;
    memset(&t, 0, sizeof t);
    hz_alloc_init(&tmpl_alloc);
    tmpl_a = hz_allocator(&tmpl_alloc);
    t.a = tmpl_a;
    fx *f = &t;

    tmpl[D_FRESH] = dnew(f, 2, 3);

    /* after a roll: 3 knights and 6 city faces */
    tmpl[D_CHOOSE] = dnew(f, 3, 4);
    static const uint8_t mixed[] = { 4, 4, 4, 0, 1, 2, 3, 0, 1 };
    roll_with(tmpl[D_CHOOSE], mixed, sizeof mixed);
    assert_int_equal(phase(tmpl[D_CHOOSE]), CARC_DICE_PHASE_CHOOSE);

    /* 3 knights set aside, the 6 other dice handed on as catapults: only
     * stopping or the knight option is left */
    tmpl[D_KNIGHTOPT] = dnew(f, 2, 5);
    static const uint8_t knights[] = { 4, 4, 4, 5, 5, 5, 5, 5, 5 };
    roll_with(tmpl[D_KNIGHTOPT], knights, sizeof knights);
    for (uint32_t d = 0; d < 3; d++)
        assert_int_equal(act(tmpl[D_KNIGHTOPT], CARC_DICE_ACT_SET_KNIGHT, d, 0, 0, 0), CARC_OK);
    if (phase(tmpl[D_KNIGHTOPT]) != CARC_DICE_PHASE_KNIGHT_OPTION)
        fail_msg("the KNIGHT_OPTION fixture is in phase %u", phase(tmpl[D_KNIGHTOPT]));

    tmpl[D_MID] = dnew(f, 4, 6);
    play_random(tmpl[D_MID], 80, 1);

    /* a game played for a while, then won by a roll of 9 catapults (a
     * random game to 42 points takes tens of thousands of actions) */
    tmpl[D_OVER] = dnew(f, 2, 7);
    play_random(tmpl[D_OVER], 300, 2);
    static const uint8_t catapults[] = { 5, 5, 5, 5, 5, 5, 5, 5, 5 };
    for (unsigned tries = 0; tries < 50 && phase(tmpl[D_OVER]) != CARC_DICE_PHASE_GAME_OVER; tries++) {
        while (phase(tmpl[D_OVER]) != CARC_DICE_PHASE_ROLL && phase(tmpl[D_OVER]) != CARC_DICE_PHASE_GAME_OVER)
            play_random(tmpl[D_OVER], 1, tries);
        if (phase(tmpl[D_OVER]) == CARC_DICE_PHASE_ROLL)
            roll_with(tmpl[D_OVER], catapults, sizeof catapults);
    }
    play_random(tmpl[D_OVER], 200000, 3);
    assert_int_equal(phase(tmpl[D_OVER]), CARC_DICE_PHASE_GAME_OVER);
    tmpl_live = tmpl_alloc.live;
}

void dice_fixture_setup(fx *f)
{
    if (tmpl[D_FRESH] == NULL)
        build_templates();
    FOR_DICE(f, i)
        assert_int_equal(carc_dice_game_clone(&f->d[i], tmpl[i], 0), CARC_OK);
}

void dice_fixture_teardown(fx *f)
{
    FOR_DICE(f, i) {
        carc_dice_game_free(f->d[i]);
        f->d[i] = NULL;
    }
    hz_assert_clean_from(&tmpl_alloc, tmpl_live);
}

void dice_fixture_cleanup(void)
{
    FOR_DICE(NULL, i) {
        carc_dice_game_free(tmpl[i]);
        tmpl[i] = NULL;
    }
    if (tmpl_alloc.errors || tmpl_alloc.live)
        fprintf(stderr, "dice templates: %zu block(s) left, %ld allocator error(s)\n", tmpl_alloc.live,
                tmpl_alloc.errors);
    hz_alloc_fini(&tmpl_alloc);
}

/* ------------------------------------------------------------ faces, options */

void m_dice_city_points(fx *f)
{
    (void)f;
    static const uint32_t none[] = { 0, 1, 2, 10, 11, 100, 0x10003u, UINT32_MAX };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        if (carc_dice_city_points(none[i]) != 0)
            fail_msg("carc_dice_city_points(%u) = %d, expected 0", none[i], (int)carc_dice_city_points(none[i]));
    assert_int_equal(carc_dice_city_points(3), 1);
    assert_int_equal(carc_dice_city_points(9), 28);
}

void m_dice_faces_init(fx *f)
{
    carc_dice_faces fc;
    static const uint32_t bad[] = { 0, CARC_DICE_FACES_VERSION + 1, UINT32_MAX };
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_init(NULL, CARC_DICE_FACES_VERSION));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&fc, GUARD, sizeof fc);
        DEXPECT(f->d[D_MID], CARC_EVERSION, carc_dice_faces_init(&fc, bad[i]));
        check_guard(&fc, 0, sizeof fc, "carc_dice_faces_init(bad version)", __LINE__);
    }
}

void m_dice_faces_check(fx *f)
{
    carc_dice_faces fc = CARC_DICE_FACES_INIT;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_check(NULL));
    DEXPECT(f->d[D_MID], CARC_OK, carc_dice_faces_check(&fc));
    fc.version = 0;
    DEXPECT(f->d[D_MID], CARC_EVERSION, carc_dice_faces_check(&fc));
    fc.version = UINT32_MAX;
    DEXPECT(f->d[D_MID], CARC_EVERSION, carc_dice_faces_check(&fc));
    static const uint8_t bad[] = { 0x00, 0x10, 0x11, 0x80, 0xFF };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        for (int k = 0; k < CARC_DICE_CITY_FACES; k++) {
            carc_dice_faces b = CARC_DICE_FACES_INIT;
            b.city[k] = bad[i];
            DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_check(&b));
        }
}

void m_dice_faces_parse(fx *f)
{
    carc_dice_faces fc, keep;
    static const char *const bad[] = {
        "", " ", "BWWW", "BWWW BBWW BWBW", "BWWW BBWW BWBW BBBWB", "BWWW BBWW BWBW BBBW BWWW", "bwww bbww bwbw bbbw",
        "BWWW  BBWW BWBW BBBW", " BWWW BBWW BWBW BBBW", "BWWW BBWW BWBW BBBW ", "BWWW\tBBWW BWBW BBBW",
        "XWWW BBWW BWBW BBBW", "BWW BBWWW BWBW BBBW", "BWWW BBWW BWBW BBB", "BWWW BBWW BWBW BBBW\n",
        "0001 0011 0101 0111",
    };
    memset(&fc, GUARD, sizeof fc);
    keep = fc;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_parse(NULL, "BWWW BBWW BWBW BBBW"));
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_parse(&fc, NULL));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_status s = carc_dice_faces_parse(&fc, bad[i]);
        if (s != CARC_EPARSE)
            fail_msg("carc_dice_faces_parse(\"%s\") gave %s, expected CARC_EPARSE", bad[i], carc_status_name(s));
    }
    /* well formed, but a face without a black edge */
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_parse(&fc, "WWWW BBWW BWBW BBBW"));
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_parse(&fc, "BWWW BBWW BWBW WWWW"));
    assert_memory_equal(&fc, &keep, sizeof fc); /* written only on success */
    char big[3000];
    memset(big, 'B', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    DEXPECT(f->d[D_MID], CARC_EPARSE, carc_dice_faces_parse(&fc, big));
}

void m_dice_options_init(fx *f)
{
    carc_dice_options o;
    static const uint32_t bad[] = { 0, CARC_DICE_OPTIONS_VERSION + 1, UINT32_MAX };
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_options_init(NULL, CARC_DICE_OPTIONS_VERSION));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&o, GUARD, sizeof o);
        DEXPECT(f->d[D_MID], CARC_EVERSION, carc_dice_options_init(&o, bad[i]));
        check_guard(&o, 0, sizeof o, "carc_dice_options_init(bad version)", __LINE__);
    }
}

/* ------------------------------------------------------------ life cycle */

void m_dice_game_new(fx *f)
{
    carc_dice_game *sentinel = (carc_dice_game *)(void *)&f->alloc, *g;
    carc_dice_options o, d;
    size_t live = f->alloc.live;
    assert_int_equal(carc_dice_options_init(&d, CARC_DICE_OPTIONS_VERSION), CARC_OK);
    d.allocator = &f->a;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_new(NULL, &d));
    g = sentinel;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_new(&g, NULL));
    assert_null(g);
#define BAD_DOPTION(field, value, want)                                                                   \
    do {                                                                                                  \
        o = d;                                                                                            \
        o.field = (value);                                                                                \
        g = sentinel;                                                                                     \
        DEXPECT(f->d[D_MID], want, carc_dice_game_new(&g, &o));                                           \
        if (g != NULL)                                                                                    \
            fail_msg("carc_dice_game_new with " #field " = " #value ": *out is not NULL after a failure"); \
    } while (0)
    BAD_DOPTION(version, 0, CARC_EVERSION);
    BAD_DOPTION(version, CARC_DICE_OPTIONS_VERSION + 1, CARC_EVERSION);
    BAD_DOPTION(players, 0, CARC_ERANGE);
    BAD_DOPTION(players, 1, CARC_ERANGE);
    BAD_DOPTION(players, 6, CARC_ERANGE);
    BAD_DOPTION(players, UINT32_MAX, CARC_ERANGE);
    {
        carc_allocator half = f->a;
        half.alloc = NULL;
        BAD_DOPTION(allocator, &half, CARC_EINVAL);
        half = f->a;
        half.realloc = NULL;
        BAD_DOPTION(allocator, &half, CARC_EINVAL);
        half = f->a;
        half.free = NULL;
        BAD_DOPTION(allocator, &half, CARC_EINVAL);
    }
    {
        carc_dice_faces fc = CARC_DICE_FACES_INIT;
        fc.version = 0;
        BAD_DOPTION(faces, &fc, CARC_EVERSION);
        fc.version = CARC_DICE_FACES_VERSION;
        fc.city[2] = 0;
        BAD_DOPTION(faces, &fc, CARC_EINVAL);
        fc.city[2] = 0x30;
        BAD_DOPTION(faces, &fc, CARC_EINVAL);
    }
#undef BAD_DOPTION
    assert_int_equal(f->alloc.live, live);
}

void m_dice_game_free(fx *f)
{
    (void)f;
    carc_dice_game_free(NULL);
}

void m_dice_game_clone(fx *f)
{
    carc_dice_game *sentinel = (carc_dice_game *)(void *)&f->alloc, *c;
    size_t live = f->alloc.live;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_clone(NULL, f->d[D_MID], 0));
    c = sentinel;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_clone(&c, NULL, 0));
    assert_null(c);
    FOR_DICE(f, i) {
        static const uint32_t bad[] = { 2, 4, 1u << 31, UINT32_MAX };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            c = sentinel;
            DEXPECT(f->d[i], CARC_EINVAL, carc_dice_game_clone(&c, f->d[i], bad[k]));
            assert_null(c);
        }
        /* clones equal the original; without history they cannot undo */
        for (uint32_t fl = 0; fl < 2; fl++) {
            assert_int_equal(carc_dice_game_clone(&c, f->d[i], fl), CARC_OK);
            char *a = dfp(c, HZ_FP_NO_UNDO), *b = dfp(f->d[i], HZ_FP_NO_UNDO);
            assert_string_equal(a, b);
            free(a);
            free(b);
            if (fl)
                DREJECT(c, CARC_ENO_UNDO, carc_dice_game_undo(c));
            carc_dice_game_free(c);
        }
    }
    assert_int_equal(f->alloc.live, live);
}

void m_dice_game_last_error(fx *f)
{
    assert_non_null(carc_dice_game_last_error(NULL));
    FOR_DICE(f, i)
        assert_non_null(carc_dice_game_last_error(f->d[i]));
    carc_dice_game *g = f->d[D_FRESH];
    DREJECT(g, CARC_EPHASE, act(g, CARC_DICE_ACT_STOP, 0, 0, 0, 0));
    assert_int_equal(act(g, CARC_DICE_ACT_ROLL, 0, 0, 0, 0), CARC_OK);
    assert_string_equal(carc_dice_game_last_error(g), "");
}

void m_dice_game_options_get(fx *f)
{
    carc_dice_options o;
    memset(&o, GUARD, sizeof o);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_options_get(NULL, f->d[D_MID]));
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_options_get(&o, NULL));
    check_guard(&o, 0, sizeof o, "carc_dice_game_options_get(NULL game)", __LINE__);
    FOR_DICE(f, i) {
        DEXPECT(f->d[i], CARC_OK, carc_dice_game_options_get(&o, f->d[i]));
        assert_int_equal(o.version, CARC_DICE_OPTIONS_VERSION);
        assert_null(o.faces);
        assert_null(o.allocator);
    }
}

void m_dice_game_faces(fx *f)
{
    carc_dice_faces fc;
    memset(&fc, GUARD, sizeof fc);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_faces(NULL, f->d[D_MID]));
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_faces(&fc, NULL));
    check_guard(&fc, 0, sizeof fc, "carc_dice_game_faces(NULL game)", __LINE__);
}

/* ------------------------------------------------------------ queries */

typedef carc_status (*dget_u32_fn)(uint32_t *, const carc_dice_game *);

static void misuse_dget_u32(fx *f, dget_u32_fn fn)
{
    uint32_t out = 777;
    FOR_DICE(f, i)
        DEXPECT(f->d[i], CARC_EINVAL, fn(NULL, f->d[i]));
    DEXPECT(f->d[D_MID], CARC_EINVAL, fn(&out, NULL));
    DEXPECT(f->d[D_MID], CARC_EINVAL, fn(NULL, NULL));
    assert_int_equal(out, 777);
}

void m_dice_game_phase(fx *f) { misuse_dget_u32(f, carc_dice_game_phase); }
void m_dice_game_players(fx *f) { misuse_dget_u32(f, carc_dice_game_players); }
void m_dice_game_current_player(fx *f) { misuse_dget_u32(f, carc_dice_game_current_player); }
void m_dice_game_turn(fx *f) { misuse_dget_u32(f, carc_dice_game_turn); }
void m_dice_game_rolls(fx *f) { misuse_dget_u32(f, carc_dice_game_rolls); }
void m_dice_game_action_count(fx *f) { misuse_dget_u32(f, carc_dice_game_action_count); }
void m_dice_game_event_count(fx *f) { misuse_dget_u32(f, carc_dice_game_event_count); }

static void misuse_dget_bool(fx *f, carc_status (*fn)(bool *, const carc_dice_game *))
{
    bool b = true;
    FOR_DICE(f, i)
        DEXPECT(f->d[i], CARC_EINVAL, fn(NULL, f->d[i]));
    DEXPECT(f->d[D_MID], CARC_EINVAL, fn(&b, NULL));
    assert_true(b);
}

void m_dice_game_doubled(fx *f) { misuse_dget_bool(f, carc_dice_game_doubled); }
void m_dice_game_can_undo(fx *f)
{
    bool b = true;
    misuse_dget_bool(f, carc_dice_game_can_undo);
    DEXPECT(f->d[D_FRESH], CARC_OK, carc_dice_game_can_undo(&b, f->d[D_FRESH]));
    assert_false(b);
}

/* (out, game, player) with players as the limit */
typedef carc_status (*dplayer_fn)(void *, const carc_dice_game *, uint32_t);

static void misuse_dplayer(fx *f, dplayer_fn fn)
{
    uint32_t out = 777;
    FOR_DICE(f, i) {
        uint32_t players = 0;
        assert_int_equal(carc_dice_game_players(&players, f->d[i]), CARC_OK);
        DEXPECT(f->d[i], CARC_EINVAL, fn(NULL, f->d[i], 0));
        DEXPECT(f->d[i], CARC_ERANGE, fn(&out, f->d[i], players));
        DEXPECT(f->d[i], CARC_ERANGE, fn(&out, f->d[i], 5));
        DEXPECT(f->d[i], CARC_ERANGE, fn(&out, f->d[i], 0x100u));
        DEXPECT(f->d[i], CARC_ERANGE, fn(&out, f->d[i], UINT32_MAX));
    }
    DEXPECT(f->d[D_MID], CARC_EINVAL, fn(&out, NULL, 0));
    assert_int_equal(out, 777);
}

static carc_status score_thunk(void *o, const carc_dice_game *g, uint32_t p) { return carc_dice_game_score(o, g, p); }
static carc_status kept_thunk(void *o, const carc_dice_game *g, uint32_t p) { return carc_dice_game_kept_knight(o, g, p); }
static carc_status pdice_thunk(void *o, const carc_dice_game *g, uint32_t p) { return carc_dice_game_player_dice(o, g, p); }

void m_dice_game_score(fx *f) { misuse_dplayer(f, score_thunk); }
void m_dice_game_player_dice(fx *f) { misuse_dplayer(f, pdice_thunk); }

void m_dice_game_kept_knight(fx *f)
{
    uint32_t die = 777;
    misuse_dplayer(f, kept_thunk);
    DEXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_kept_knight(&die, f->d[D_FRESH], 0));
    DEXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_kept_knight(&die, f->d[D_FRESH], 1));
    assert_int_equal(die, 777);
}

void m_dice_game_winner(fx *f)
{
    uint32_t p = 777, r = 777;
    FOR_DICE(f, i) {
        DEXPECT(f->d[i], CARC_EINVAL, carc_dice_game_winner(NULL, &r, f->d[i]));
        if (phase(f->d[i]) != CARC_DICE_PHASE_GAME_OVER)
            DEXPECT(f->d[i], CARC_ENOTFOUND, carc_dice_game_winner(&p, &r, f->d[i]));
    }
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_winner(&p, &r, NULL));
    assert_int_equal(p, 777);
    assert_int_equal(r, 777);
    DEXPECT(f->d[D_OVER], CARC_OK, carc_dice_game_winner(&p, NULL, f->d[D_OVER])); /* reason is optional */
}

void m_dice_game_die(fx *f)
{
    unsigned char buf[sizeof(carc_dice_die) + 64];
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        DEXPECT(g, CARC_EINVAL, carc_dice_game_die(NULL, g, 0));
        for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
            memset(buf, GUARD, sizeof buf);
            memcpy(buf, &sz, sizeof sz);
            DEXPECT(g, CARC_EINVAL, carc_dice_game_die((carc_dice_die *)(void *)buf, g, 0));
            check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_die(bad struct_size)", __LINE__);
        }
        uint32_t sz = sizeof buf;
        static const uint32_t bad[] = { CARC_DICE_COUNT, 10, 0x100u, UINT32_MAX };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            memset(buf, GUARD, sizeof buf);
            memcpy(buf, &sz, sizeof sz);
            DEXPECT(g, CARC_ERANGE, carc_dice_game_die((carc_dice_die *)(void *)buf, g, bad[k]));
            check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_die(bad die)", __LINE__);
        }
        sz = sizeof(uint32_t);
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        DEXPECT(g, CARC_OK, carc_dice_game_die((carc_dice_die *)(void *)buf, g, 8));
        check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_die(struct_size 4)", __LINE__);
        sz = sizeof buf;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        DEXPECT(g, CARC_OK, carc_dice_game_die((carc_dice_die *)(void *)buf, g, 8));
        memcpy(&sz, buf, sizeof sz);
        assert_int_equal(sz, sizeof(carc_dice_die));
        check_guard(buf, sizeof(carc_dice_die), sizeof buf, "carc_dice_game_die(larger)", __LINE__);
    }
    memset(buf, 0, sizeof buf);
    buf[0] = (unsigned char)sizeof(carc_dice_die);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_die((carc_dice_die *)(void *)buf, NULL, 0));
}

void m_dice_game_event(fx *f)
{
    unsigned char buf[sizeof(carc_dice_event) + 64];
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        uint32_t n = 0;
        assert_int_equal(carc_dice_game_event_count(&n, g), CARC_OK);
        DEXPECT(g, CARC_EINVAL, carc_dice_game_event(NULL, g, 0));
        for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
            memset(buf, GUARD, sizeof buf);
            memcpy(buf, &sz, sizeof sz);
            DEXPECT(g, CARC_EINVAL, carc_dice_game_event((carc_dice_event *)(void *)buf, g, 0));
            check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_event(bad struct_size)", __LINE__);
        }
        uint32_t sz = sizeof buf;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        DEXPECT(g, CARC_ERANGE, carc_dice_game_event((carc_dice_event *)(void *)buf, g, n));
        DEXPECT(g, CARC_ERANGE, carc_dice_game_event((carc_dice_event *)(void *)buf, g, UINT32_MAX));
        check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_event(bad index)", __LINE__);
        if (n == 0)
            continue;
        sz = sizeof(uint32_t);
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        DEXPECT(g, CARC_OK, carc_dice_game_event((carc_dice_event *)(void *)buf, g, 0));
        check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_event(struct_size 4)", __LINE__);
        sz = sizeof buf;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        DEXPECT(g, CARC_OK, carc_dice_game_event((carc_dice_event *)(void *)buf, g, n - 1));
        check_guard(buf, sizeof(carc_dice_event), sizeof buf, "carc_dice_game_event(larger)", __LINE__);
    }
    unsigned char one[sizeof(carc_dice_event)];
    memset(one, 0, sizeof one);
    one[0] = (unsigned char)sizeof one;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_event((carc_dice_event *)(void *)one, NULL, 0));
}

void m_dice_game_action(fx *f)
{
    carc_dice_action a, keep;
    memset(&a, GUARD, sizeof a);
    keep = a;
    FOR_DICE(f, i) {
        uint32_t n = 0;
        assert_int_equal(carc_dice_game_action_count(&n, f->d[i]), CARC_OK);
        DEXPECT(f->d[i], CARC_EINVAL, carc_dice_game_action(NULL, f->d[i], 0));
        DEXPECT(f->d[i], CARC_ERANGE, carc_dice_game_action(&a, f->d[i], n));
        DEXPECT(f->d[i], CARC_ERANGE, carc_dice_game_action(&a, f->d[i], UINT32_MAX));
    }
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_action(&a, NULL, 0));
    assert_memory_equal(&a, &keep, sizeof a);
}

void m_dice_game_cell(fx *f)
{
    uint32_t die = 777;
    /* the grid has no edge: a cell far away is simply empty */
    static const int32_t far[][2] = { { CARC_DICE_GRID_RADIUS + 1, 0 }, { 0, -CARC_DICE_GRID_RADIUS - 1 },
                                      { INT32_MAX, 0 }, { 0, INT32_MIN }, { INT32_MIN, INT32_MAX }, { 0x10000, 0 } };
    FOR_DICE(f, i) {
        DEXPECT(f->d[i], CARC_EINVAL, carc_dice_game_cell(NULL, f->d[i], 0, 0));
        for (size_t k = 2; k < sizeof far / sizeof far[0]; k++)
            DEXPECT(f->d[i], CARC_ENOTFOUND, carc_dice_game_cell(&die, f->d[i], far[k][0], far[k][1]));
    }
    for (size_t k = 0; k < sizeof far / sizeof far[0]; k++)
        DEXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_cell(&die, f->d[D_FRESH], far[k][0], far[k][1]));
    DEXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_cell(&die, f->d[D_FRESH], 0, 0));
    DEXPECT(f->d[D_FRESH], CARC_ENOTFOUND,
            carc_dice_game_cell(&die, f->d[D_FRESH], CARC_DICE_GRID_RADIUS, -CARC_DICE_GRID_RADIUS));
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_cell(&die, NULL, 0, 0));
    assert_int_equal(die, 777);
}

void m_dice_game_city_bounds(fx *f)
{
    int32_t a = 7, b = 7, c = 7, d = 7;
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        DEXPECT(g, CARC_EINVAL, carc_dice_game_city_bounds(NULL, &b, &c, &d, g));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_city_bounds(&a, NULL, &c, &d, g));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_city_bounds(&a, &b, NULL, &d, g));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_city_bounds(&a, &b, &c, NULL, g));
    }
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_city_bounds(&a, &b, &c, &d, NULL));
    DEXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_city_bounds(&a, &b, &c, &d, f->d[D_FRESH]));
    assert_true(a == 7 && b == 7 && c == 7 && d == 7);
}

void m_dice_game_largest_closed_city(fx *f)
{
    uint32_t n = 777, mask = 777;
    FOR_DICE(f, i) {
        DEXPECT(f->d[i], CARC_EINVAL, carc_dice_game_largest_closed_city(NULL, &mask, f->d[i]));
        DEXPECT(f->d[i], CARC_OK, carc_dice_game_largest_closed_city(&n, NULL, f->d[i])); /* mask is optional */
    }
    n = 777;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_largest_closed_city(&n, &mask, NULL));
    assert_int_equal(n, 777);
}

/* ------------------------------------------------------------ actions */

void m_dice_game_legal_actions(fx *f)
{
    carc_dice_action small[10];
    size_t count = 777, full = 0;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_legal_actions(small, 10, &count, NULL, 0));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        count = 777;
        DEXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(small, 10, NULL, g, 0));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(NULL, 10, &count, g, 0));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(small, 10, &count, g, 1u << 3));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(small, 10, &count, g, UINT32_MAX));
        assert_int_equal(count, 777);
        carc_status s = carc_dice_game_legal_actions(NULL, 0, &full, g, 0);
        if (phase(g) == CARC_DICE_PHASE_GAME_OVER) {
            assert_int_equal(s, CARC_OK);
            assert_int_equal(full, 0);
            continue;
        }
        assert_int_equal(s, CARC_EBUFFER);
        assert_true(full > 0);
        size_t bytes = (full + 8) * sizeof(carc_dice_action);
        carc_dice_action *buf = malloc(bytes);
        assert_non_null(buf);
        /* short buffers: CARC_EBUFFER, the count, nothing past cap */
        size_t caps[] = { 1, full / 2, full - 1 };
        for (size_t k = 0; k < 3; k++) {
            size_t cap = caps[k];
            if (cap == 0 || cap >= full)
                continue;
            memset(buf, GUARD, bytes);
            count = 0;
            DEXPECT(g, CARC_EBUFFER, carc_dice_game_legal_actions(buf, cap, &count, g, 0));
            assert_int_equal(count, full);
            check_guard(buf, cap * sizeof buf[0], bytes, "carc_dice_game_legal_actions(short)", __LINE__);
        }
        memset(buf, GUARD, bytes);
        DEXPECT(g, CARC_OK, carc_dice_game_legal_actions(buf, full, &count, g, 0));
        check_guard(buf, full * sizeof buf[0], bytes, "carc_dice_game_legal_actions(exact)", __LINE__);
        /* every listed action is legal */
        for (size_t k = 0; k < full; k++)
            assert_int_equal(carc_dice_game_check_action(g, &buf[k]), CARC_OK);
        free(buf);
    }
}

typedef struct bad_action {
    carc_dice_action a;
    carc_status want;
    const char *what;
} bad_action;

/* Wrong actions for g, each with the status play must give. */
static size_t bad_actions(carc_dice_game *g, bad_action *out)
{
    size_t n = 0;
    uint32_t ph = phase(g);
    carc_dice_action q;
    int32_t bx0 = 0, by0 = 0, bx1 = 0, by1 = 0;
    carc_dice_game_city_bounds(&bx0, &by0, &bx1, &by1, g); /* stays 0 when nothing is built */
#define ADD(k_, d_, x_, y_, r_, res_, status, text)             \
    do {                                                        \
        q.kind = (k_);                                          \
        q.die = (d_);                                           \
        q.x = (x_);                                             \
        q.y = (y_);                                             \
        q.rotation = (r_);                                      \
        q.reserved = (res_);                                    \
        out[n].a = q;                                           \
        out[n].want = ph == CARC_DICE_PHASE_GAME_OVER ? CARC_EGAME_OVER : (status); \
        out[n].what = (text);                                   \
        n++;                                                    \
    } while (0)
    ADD(5, 0, 0, 0, 0, 0, CARC_EINVAL, "unknown kind 5");
    ADD(UINT32_MAX, 0, 0, 0, 0, 0, CARC_EINVAL, "unknown kind");
    ADD(CARC_DICE_ACT_ROLL, 0, 0, 0, 0, 1, CARC_EINVAL, "reserved field");
    ADD(CARC_DICE_ACT_ROLL, 1, 0, 0, 0, 0, CARC_EINVAL, "roll with a die");
    ADD(CARC_DICE_ACT_STOP, 0, 1, 0, 0, 0, CARC_EINVAL, "stop with x");
    ADD(CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 3, 0, CARC_EINVAL, "knight option with a rotation");
    ADD(CARC_DICE_ACT_SET_KNIGHT, 0, 0, 1, 0, 0, CARC_EINVAL, "set knight with y");
    ADD(CARC_DICE_ACT_SET_KNIGHT, CARC_DICE_COUNT, 0, 0, 0, 0, CARC_ERANGE, "set knight die 9");
    ADD(CARC_DICE_ACT_SET_KNIGHT, UINT32_MAX, 0, 0, 0, 0, CARC_ERANGE, "set knight die UINT32_MAX");
    ADD(CARC_DICE_ACT_BUILD, CARC_DICE_COUNT, 0, 0, 0, 0, CARC_ERANGE, "build die 9");
    ADD(CARC_DICE_ACT_BUILD, 0, 0, 0, 4, 0, CARC_ERANGE, "build rotation 4");
    ADD(CARC_DICE_ACT_BUILD, 0, bx1 + CARC_DICE_GRID_RADIUS + 1, 0, 0, 0, CARC_ERANGE, "build beyond the grid's reach");
    ADD(CARC_DICE_ACT_BUILD, 0, 0, by0 - CARC_DICE_GRID_RADIUS - 1, 0, 0, CARC_ERANGE, "build beyond the reach, north");
    ADD(CARC_DICE_ACT_BUILD, 0, 0, INT32_MIN, 0, 0, CARC_ERANGE, "build at y = INT32_MIN");
    ADD(CARC_DICE_ACT_BUILD, 0, INT32_MAX, INT32_MAX, 0, 0, CARC_ERANGE, "build at INT32_MAX");
    if (ph == CARC_DICE_PHASE_ROLL) {
        ADD(CARC_DICE_ACT_STOP, 0, 0, 0, 0, 0, CARC_EPHASE, "stop before rolling");
        ADD(CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0, 0, CARC_EPHASE, "knight option before rolling");
        ADD(CARC_DICE_ACT_SET_KNIGHT, 0, 0, 0, 0, 0, CARC_EPHASE, "set knight before rolling");
        ADD(CARC_DICE_ACT_BUILD, 0, 0, 0, 0, 0, CARC_EPHASE, "build before rolling");
    }
    if (ph == CARC_DICE_PHASE_KNIGHT_OPTION) {
        ADD(CARC_DICE_ACT_ROLL, 0, 0, 0, 0, 0, CARC_EPHASE, "roll in the knight option phase");
        ADD(CARC_DICE_ACT_SET_KNIGHT, 0, 0, 0, 0, 0, CARC_EPHASE, "set knight in the knight option phase");
        ADD(CARC_DICE_ACT_BUILD, 3, 0, 0, 0, 0, CARC_EPHASE, "build in the knight option phase");
    }
    if (ph == CARC_DICE_PHASE_CHOOSE) {
        /* dice that are not free, or show the wrong face; a first build off 0,0 */
        for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
            carc_dice_die die;
            memset(&die, 0, sizeof die);
            die.struct_size = sizeof die;
            assert_int_equal(carc_dice_game_die(&die, g, d), CARC_OK);
            if (die.location != CARC_DICE_LOC_POOL || die.face != CARC_DICE_FACE_KNIGHT)
                ADD(CARC_DICE_ACT_SET_KNIGHT, d, 0, 0, 0, 0, CARC_EILLEGAL, "set aside a die that is no free knight");
            if (die.location != CARC_DICE_LOC_POOL || die.face >= CARC_DICE_CITY_FACES)
                ADD(CARC_DICE_ACT_BUILD, d, 0, 0, 0, 0, CARC_EILLEGAL, "build a die that is no free city");
        }
        int32_t a, b, c, e;
        if (carc_dice_game_city_bounds(&a, &b, &c, &e, g) == CARC_ENOTFOUND) {
            for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
                carc_dice_die die;
                memset(&die, 0, sizeof die);
                die.struct_size = sizeof die;
                assert_int_equal(carc_dice_game_die(&die, g, d), CARC_OK);
                if (die.location == CARC_DICE_LOC_POOL && die.face < CARC_DICE_CITY_FACES) {
                    ADD(CARC_DICE_ACT_BUILD, d, 1, 0, 0, 0, CARC_EILLEGAL, "first build off 0,0");
                    break;
                }
            }
        }
        uint32_t knights = 0;
        for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
            carc_dice_die die;
            memset(&die, 0, sizeof die);
            die.struct_size = sizeof die;
            assert_int_equal(carc_dice_game_die(&die, g, d), CARC_OK);
            knights += die.location == CARC_DICE_LOC_KNIGHT;
        }
        if (knights < CARC_DICE_KNIGHT_OPTION_KNIGHTS)
            ADD(CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0, 0, CARC_EILLEGAL, "knight option without 3 knights");
    }
#undef ADD
    return n;
}

void m_dice_game_check_action(fx *f)
{
    bad_action bad[64];
    carc_dice_action a;
    memset(&a, 0, sizeof a);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_check_action(NULL, &a));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        DEXPECT(g, CARC_EINVAL, carc_dice_game_check_action(g, NULL));
        size_t n = bad_actions(g, bad);
        for (size_t k = 0; k < n; k++) {
            carc_status s = carc_dice_game_check_action(g, &bad[k].a);
            if (s != bad[k].want)
                fail_msg("%s dice game, %s: check_action gave %s, expected %s", dice_names[i], bad[k].what,
                         carc_status_name(s), carc_status_name(bad[k].want));
            DEXPECT(g, bad[k].want, carc_dice_game_check_action(g, &bad[k].a)); /* no last-error text */
        }
    }
}

void m_dice_game_check_action_msg(fx *f)
{
    bad_action bad[64];
    char msg[200];
    carc_dice_action a;
    memset(&a, 0, sizeof a);
    memset(msg, GUARD, sizeof msg);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_check_action_msg(NULL, &a, msg, sizeof msg));
    assert_string_not_equal(msg, "");
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_check_action_msg(NULL, &a, NULL, 0));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        memset(msg, GUARD, sizeof msg);
        DEXPECT(g, CARC_EINVAL, carc_dice_game_check_action_msg(g, &a, NULL, 5));
        check_guard(msg, 0, sizeof msg, "carc_dice_game_check_action_msg(NULL msg)", __LINE__);
        DEXPECT(g, CARC_EINVAL, carc_dice_game_check_action_msg(g, NULL, msg, sizeof msg));
        assert_string_not_equal(msg, "");
        size_t n = bad_actions(g, bad);
        for (size_t k = 0; k < n; k++) {
            memset(msg, GUARD, sizeof msg);
            carc_status s = carc_dice_game_check_action_msg(g, &bad[k].a, msg, sizeof msg);
            if (s != bad[k].want)
                fail_msg("%s dice game, %s: check_action_msg gave %s, expected %s", dice_names[i], bad[k].what,
                         carc_status_name(s), carc_status_name(bad[k].want));
            if (memchr(msg, '\0', sizeof msg) == NULL || msg[0] == '\0')
                fail_msg("%s dice game, %s: no reason written", dice_names[i], bad[k].what);
            /* the same reason play gives, cut to the buffer; nothing past it */
            char small[6];
            memset(small, GUARD, sizeof small);
            DEXPECT(g, bad[k].want, carc_dice_game_check_action_msg(g, &bad[k].a, small, 4));
            check_guard(small, 4, sizeof small, "carc_dice_game_check_action_msg(cap 4)", __LINE__);
            assert_int_equal(strlen(small), strlen(msg) < 3 ? strlen(msg) : 3);
            assert_memory_equal(small, msg, strlen(small));
            DEXPECT(g, bad[k].want, carc_dice_game_check_action_msg(g, &bad[k].a, NULL, 0));
        }
    }
}

void m_dice_game_play(fx *f)
{
    bad_action bad[64];
    carc_dice_action a;
    memset(&a, 0, sizeof a);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_play(NULL, &a));
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_play(NULL, NULL));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        DREJECT(g, CARC_EINVAL, carc_dice_game_play(g, NULL));
        size_t n = bad_actions(g, bad);
        for (size_t k = 0; k < n; k++) {
            char *before = dfp(g, HZ_FP_NO_ERROR);
            carc_status s = carc_dice_game_play(g, &bad[k].a);
            if (s != bad[k].want)
                fail_msg("%s dice game, %s: play gave %s, expected %s", dice_names[i], bad[k].what,
                         carc_status_name(s), carc_status_name(bad[k].want));
            dcheck_same(g, before, HZ_FP_NO_ERROR, bad[k].what, __LINE__);
            if (carc_dice_game_last_error(g)[0] == '\0')
                fail_msg("%s dice game, %s: no last-error text", dice_names[i], bad[k].what);
        }
    }
}

void m_dice_game_last_roll(fx *f)
{
    uint8_t faces[CARC_DICE_COUNT + 4];
    size_t count = 777;
    uint32_t mask = 777;
    memset(faces, GUARD, sizeof faces);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_last_roll(faces, sizeof faces, &count, &mask, NULL));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        DEXPECT(g, CARC_EINVAL, carc_dice_game_last_roll(faces, sizeof faces, NULL, &mask, g));
        DEXPECT(g, CARC_EINVAL, carc_dice_game_last_roll(NULL, 3, &count, &mask, g));
        assert_int_equal(count, 777);
        assert_int_equal(mask, 777);
        check_guard(faces, 0, sizeof faces, "carc_dice_game_last_roll(rejected)", __LINE__);
        if (i == D_FRESH) {
            DEXPECT(g, CARC_ENOTFOUND, carc_dice_game_last_roll(faces, sizeof faces, &count, &mask, g));
            assert_int_equal(count, 0);
            assert_int_equal(mask, 0);
            count = mask = 777;
            continue;
        }
        size_t need = 0;
        DEXPECT(g, CARC_EBUFFER, carc_dice_game_last_roll(NULL, 0, &need, NULL, g));
        assert_true(need >= 1 && need <= CARC_DICE_COUNT);
        for (size_t cap = 1; cap < need; cap++) {
            size_t c = 0;
            DEXPECT(g, CARC_EBUFFER, carc_dice_game_last_roll(faces, cap, &c, NULL, g));
            assert_int_equal(c, need);
            check_guard(faces, 0, sizeof faces, "carc_dice_game_last_roll(short)", __LINE__);
        }
        size_t c = 0;
        uint32_t m = 0;
        DEXPECT(g, CARC_OK, carc_dice_game_last_roll(faces, need, &c, &m, g));
        check_guard(faces, need, sizeof faces, "carc_dice_game_last_roll(exact)", __LINE__);
        assert_int_equal(c, need);
        size_t bits = 0;
        for (uint32_t r = m; r; r &= r - 1)
            bits++;
        assert_int_equal(bits, need);
        assert_int_equal(m >> CARC_DICE_COUNT, 0);
        for (size_t k = 0; k < need; k++)
            assert_true(faces[k] <= CARC_DICE_FACE_CATAPULT);
        memset(faces, GUARD, sizeof faces);
    }
}

void m_dice_game_undo(fx *f)
{
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_undo(NULL));
    DREJECT(f->d[D_FRESH], CARC_ENO_UNDO, carc_dice_game_undo(f->d[D_FRESH]));
    /* undo everything, then nothing more */
    carc_dice_game *g = f->d[D_OVER];
    bool can = false;
    for (unsigned steps = 0;; steps++) {
        assert_true(steps < 100000);
        assert_int_equal(carc_dice_game_can_undo(&can, g), CARC_OK);
        if (!can)
            break;
        assert_int_equal(carc_dice_game_undo(g), CARC_OK);
    }
    DREJECT(g, CARC_ENO_UNDO, carc_dice_game_undo(g));
    carc_dice_game *fresh = dnew(f, 2, 7);
    char *a = dfp(g, HZ_FP_NO_ERROR), *b = dfp(fresh, HZ_FP_NO_ERROR);
    assert_string_equal(a, b);
    free(a);
    free(b);
    carc_dice_game_free(fresh);
}

void m_dice_game_set_next_roll(fx *f)
{
    static const uint8_t ok[CARC_DICE_COUNT + 1] = { 0, 1, 2, 3, 4, 5, 0, 1, 2, 3 };
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_set_next_roll(NULL, ok, 3));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        if (phase(g) == CARC_DICE_PHASE_GAME_OVER) {
            DREJECT(g, CARC_EGAME_OVER, carc_dice_game_set_next_roll(g, ok, 3));
            continue;
        }
        DREJECT(g, CARC_EINVAL, carc_dice_game_set_next_roll(g, NULL, 1));
        DREJECT(g, CARC_EINVAL, carc_dice_game_set_next_roll(g, NULL, SIZE_MAX));
        DREJECT(g, CARC_ERANGE, carc_dice_game_set_next_roll(g, ok, CARC_DICE_COUNT + 1));
        DREJECT(g, CARC_ERANGE, carc_dice_game_set_next_roll(g, ok, SIZE_MAX));
        static const uint8_t bad_faces[][3] = { { 0, 6, 1 }, { 0xFF, 0, 0 }, { 1, 2, 0x80 } };
        for (size_t k = 0; k < sizeof bad_faces / sizeof bad_faces[0]; k++)
            DREJECT(g, CARC_ERANGE, carc_dice_game_set_next_roll(g, bad_faces[k], 3));
    }
}

/* ------------------------------------------------------------ records */

void m_dice_game_save(fx *f)
{
    size_t need = 0, n2 = 0;
    char small[8];
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_save(small, sizeof small, &need, NULL));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        DEXPECT(g, CARC_EINVAL, carc_dice_game_save(NULL, 1, &need, g));
        DEXPECT(g, CARC_EBUFFER, carc_dice_game_save(NULL, 0, &need, g));
        assert_true(need > 0);
        char *buf = malloc(need + 64);
        assert_non_null(buf);
        /* every size up to 64, then about 60 more, and the last ones */
        size_t step = need / 60 + 1;
        for (size_t cap = 1; cap <= need; cap += cap < 64 || cap + 3 > need ? 1 : step) {
            memset(buf, GUARD, need + 64);
            carc_status s = carc_dice_game_save(buf, cap, &n2, g);
            if (s != CARC_EBUFFER || n2 != need)
                fail_msg("carc_dice_game_save, %s game, cap %zu of %zu: %s", dice_names[i], cap, need,
                         carc_status_name(s));
            if (memchr(buf, '\0', cap) == NULL)
                fail_msg("carc_dice_game_save, cap %zu: not NUL-terminated", cap);
            check_guard(buf, cap, need + 64, "carc_dice_game_save(short)", __LINE__);
        }
        memset(buf, GUARD, need + 64);
        DEXPECT(g, CARC_OK, carc_dice_game_save(buf, need + 1, &n2, g));
        assert_int_equal(strlen(buf), need);
        check_guard(buf, need + 1, need + 64, "carc_dice_game_save(exact)", __LINE__);
        free(buf);
    }
}

void m_dice_game_load(fx *f)
{
    carc_dice_game *g = (carc_dice_game *)(void *)&f->alloc;
    carc_load_error err;
    char *rec = dice_save(f->d[D_MID]);
    assert_non_null(rec);
    size_t len = strlen(rec), live = f->alloc.live;

    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_load(NULL, rec, len, NULL, &err));
    assert_int_equal(err.status, CARC_EINVAL);
    DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_load(&g, NULL, 5, NULL, &err));
    assert_null(g);
    for (uint32_t sz = 0; sz < offsetof(carc_load_error, line) + sizeof err.line; sz++) {
        unsigned char buf[sizeof err + 16];
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        g = (carc_dice_game *)(void *)&f->alloc;
        DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_load(&g, rec, len, NULL, (carc_load_error *)(void *)buf));
        assert_null(g);
        check_guard(buf, sizeof sz, sizeof buf, "carc_dice_game_load(bad err struct_size)", __LINE__);
    }
    {
        carc_allocator half = f->a;
        half.free = NULL;
        DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_load(&g, rec, len, &half, &err));
        half = f->a;
        half.alloc = NULL;
        DEXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_load(&g, rec, len, &half, &err));
    }
    /* not dice records (a tile game record neither) */
    static const char *const junk[] = { "", "x", "carcassonne-dice-record 2\n", "carcassonne-record 1\n" };
    for (size_t k = 0; k < sizeof junk / sizeof junk[0]; k++) {
        g = (carc_dice_game *)(void *)&f->alloc;
        carc_status s = carc_dice_game_load(&g, junk[k], strlen(junk[k]), &f->a, &err);
        if (s != CARC_EFORMAT && s != CARC_EPARSE)
            fail_msg("carc_dice_game_load(\"%s\"): %s", junk[k], carc_status_name(s));
        assert_null(g);
    }
    /* every strict prefix fails cleanly */
    for (size_t n = 0; n < len; n++) {
        g = (carc_dice_game *)(void *)&f->alloc;
        memset(&err, GUARD, sizeof err);
        err.struct_size = sizeof err;
        carc_status s = carc_dice_game_load(&g, rec, n, &f->a, &err);
        if (s == CARC_OK)
            fail_msg("a record cut at byte %zu of %zu loads", n, len);
        assert_null(g);
        assert_int_equal(err.status, s);
        assert_non_null(memchr(err.message, '\0', sizeof err.message));
        assert_int_equal(f->alloc.live, live);
    }
    /* every byte changed: a clean failure or a record that round-trips */
    {
        char *mut = malloc(len);
        static const char repl[] = { 'x', '0', '9', 'K', 'C', ' ', '\n', '\0', (char)0xff };
        assert_non_null(mut);
        for (size_t pos = 0; pos < len; pos++)
            for (size_t r = 0; r < sizeof repl; r++) {
                if (rec[pos] == repl[r])
                    continue;
                memcpy(mut, rec, len);
                mut[pos] = repl[r];
                carc_dice_game *lg = NULL, *lg2 = NULL;
                if (carc_dice_game_load(&lg, mut, len, &f->a, NULL) != CARC_OK) {
                    assert_null(lg);
                    assert_int_equal(f->alloc.live, live);
                    continue;
                }
                char *again = dice_save(lg);
                assert_non_null(again);
                assert_int_equal(carc_dice_game_load(&lg2, again, strlen(again), &f->a, NULL), CARC_OK);
                char *again2 = dice_save(lg2);
                assert_string_equal(again, again2);
                free(again);
                free(again2);
                carc_dice_game_free(lg);
                carc_dice_game_free(lg2);
            }
        free(mut);
    }
    g = NULL;
    assert_int_equal(carc_dice_game_load(&g, rec, len, &f->a, NULL), CARC_OK);
    char *again = dice_save(g);
    assert_string_equal(rec, again);
    free(again);
    carc_dice_game_free(g);
    free(rec);
}
