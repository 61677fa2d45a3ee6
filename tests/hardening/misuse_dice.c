/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, dice.h: the Dice Game (see misuse.h). Same rules as for
 * the tile game: the documented status, every game exactly as it was (its
 * record from carc_dice_game_save plus everything the const API shows),
 * nothing written past a buffer or a struct_size, nothing leaked; most
 * checks are the tile game's own (misuse_fixture.c), through the kind
 * misuse_dice_game.
 */
#include "misuse.h"

#define DICE_GAME (&misuse_dice_game)

const char *const dice_names[D_COUNT] = { "fresh", "choose", "knight-option", "mid", "over" };

/* ------------------------------------------------------------ the Dice Game as a misuse_kind */

static carc_status dice_save_to(char *b, size_t c, size_t *n, const void *g);

/* Everything the const API shows about a dice game (flags: HZ_FP_*). */
static char *dfp(const void *game, unsigned flags)
{
    hz_str b = { NULL, 0, 0 };
    uint32_t players = 0, u = 0, v = 0;
    int32_t s = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool yes = false;
    const carc_dice_game *g = game;
    if (g == NULL)
        return NULL;
    char *rec = hz_save_with(dice_save_to, g);
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
        carc_dice_die die = SIZED(carc_dice_die);
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
        carc_dice_event e = SIZED(carc_dice_event);
        carc_dice_game_event(&e, g, i);
        hz_str_add(&b, " (%u %u %u %u %d %u %u %u %u)", e.kind, e.action, e.turn, e.player, (int)e.points, e.dice,
                   e.doubled, e.to, e.reason);
    }
    hz_fp_end(&b, flags, carc_dice_game_can_undo(&yes, g) == CARC_OK, yes, carc_dice_game_last_error(g));
    return b.s;
}

static void *dice_game_of(fx *f, int i) { return f->d[i]; }
static const char *dice_last_error(const void *g) { return carc_dice_game_last_error(g); }
static carc_status dice_save_to(char *b, size_t c, size_t *n, const void *g) { return carc_dice_game_save(b, c, n, g); }
static void dice_free(void *g) { carc_dice_game_free(g); }
static carc_status dice_undo(void *g) { return carc_dice_game_undo(g); }
static carc_status dice_can_undo(bool *out, const void *g) { return carc_dice_game_can_undo(out, g); }

static carc_status dice_clone(void **out, const void *g, uint32_t flags)
{
    return carc_dice_game_clone((carc_dice_game **)out, g, flags);
}

static carc_status dice_load(void **out, const char *data, size_t len, const carc_allocator *a, carc_load_error *err)
{
    return carc_dice_game_load((carc_dice_game **)out, data, len, a, err);
}

const misuse_kind misuse_dice_game = { "dice game",     D_COUNT,      D_MID,     dice_game_of, dice_names, dfp,
                                       dice_last_error, dice_save_to, dice_load, dice_free,    dice_clone, dice_undo,
                                       dice_can_undo };

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

static void m_dice_city_points(fx *f)
{
    (void)f;
    static const uint32_t none[] = { 0, 1, 2, 10, 11, 100, 0x10003u, UINT32_MAX };
    for (size_t i = 0; i < COUNT_OF(none); i++)
        if (carc_dice_city_points(none[i]) != 0)
            fail_msg("carc_dice_city_points(%u) = %d, expected 0", none[i], (int)carc_dice_city_points(none[i]));
    assert_int_equal(carc_dice_city_points(3), 1);
    assert_int_equal(carc_dice_city_points(9), 28);
}

static carc_status faces_init(void *out, uint32_t version) { return carc_dice_faces_init(out, version); }
static carc_status options_init(void *out, uint32_t version) { return carc_dice_options_init(out, version); }

static void m_dice_faces_init(fx *f)
{
    misuse_version_init(f, DICE_GAME, faces_init, sizeof(carc_dice_faces), CARC_DICE_FACES_VERSION,
                        "carc_dice_faces_init(bad version)");
}

static void m_dice_options_init(fx *f)
{
    misuse_version_init(f, DICE_GAME, options_init, sizeof(carc_dice_options), CARC_DICE_OPTIONS_VERSION,
                        "carc_dice_options_init(bad version)");
}

static void m_dice_faces_check(fx *f)
{
    carc_dice_faces fc = CARC_DICE_FACES_INIT;
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_check(NULL));
    EXPECT(f->d[D_MID], CARC_OK, carc_dice_faces_check(&fc));
    static const uint32_t versions[] = { 0, UINT32_MAX };
    for (size_t i = 0; i < COUNT_OF(versions); i++) {
        fc.version = versions[i];
        EXPECT(f->d[D_MID], CARC_EVERSION, carc_dice_faces_check(&fc));
    }
    static const uint8_t bad[] = { 0x00, 0x10, 0x11, 0x80, 0xFF };
    for (size_t i = 0; i < COUNT_OF(bad); i++)
        for (int k = 0; k < CARC_DICE_CITY_FACES; k++) {
            carc_dice_faces b = CARC_DICE_FACES_INIT;
            b.city[k] = bad[i];
            EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_check(&b));
        }
}

static carc_status faces_parse(void *out, const char *text) { return carc_dice_faces_parse(out, text); }

static void m_dice_faces_parse(fx *f)
{
    static const char *const bad[] = {
        "", " ", "BWWW", "BWWW BBWW BWBW", "BWWW BBWW BWBW BBBWB", "BWWW BBWW BWBW BBBW BWWW", "bwww bbww bwbw bbbw",
        "BWWW  BBWW BWBW BBBW", " BWWW BBWW BWBW BBBW", "BWWW BBWW BWBW BBBW ", "BWWW\tBBWW BWBW BBBW",
        "XWWW BBWW BWBW BBBW", "BWW BBWWW BWBW BBBW", "BWWW BBWW BWBW BBB", "BWWW BBWW BWBW BBBW\n",
        "0001 0011 0101 0111",
    };
    misuse_parse(f, DICE_GAME, faces_parse, sizeof(carc_dice_faces), "BWWW BBWW BWBW BBBW", bad, COUNT_OF(bad), "B",
                 "carc_dice_faces_parse");
    /* well formed, but a face without a black edge: refused, written only on success */
    carc_dice_faces fc, keep;
    memset(&fc, GUARD, sizeof fc);
    keep = fc;
    static const char *const blank[] = { "WWWW BBWW BWBW BBBW", "BWWW BBWW BWBW WWWW" };
    for (size_t i = 0; i < COUNT_OF(blank); i++)
        EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_faces_parse(&fc, blank[i]));
    assert_memory_equal(&fc, &keep, sizeof fc);
}

/* ------------------------------------------------------------ life cycle */

static carc_status dice_new(void **out, const void *o) { return carc_dice_game_new((carc_dice_game **)out, o); }

static void m_dice_game_new(fx *f)
{
    carc_dice_options d;
    size_t live = f->alloc.live;
    assert_int_equal(carc_dice_options_init(&d, CARC_DICE_OPTIONS_VERSION), CARC_OK);
    d.allocator = &f->a;
    misuse_ctor(f, DICE_GAME, dice_new, &d);
    carc_allocator half[3] = { f->a, f->a, f->a };
    half[0].alloc = NULL;
    half[1].realloc = NULL;
    half[2].free = NULL;
    carc_dice_faces fc[3] = { CARC_DICE_FACES_INIT, CARC_DICE_FACES_INIT, CARC_DICE_FACES_INIT };
    fc[0].version = 0;
    fc[1].city[2] = 0;
    fc[2].city[2] = 0x30;
    /* one field of the default options changed */
    enum { O_VERSION, O_PLAYERS, O_ALLOCATOR, O_FACES };
    static const struct {
        int field;
        uint32_t value; /* (O_ALLOCATOR, O_FACES: which) */
        carc_status want;
        const char *what;
    } bad[] = {
        { O_VERSION, 0, CARC_EVERSION, "version 0" },
        { O_VERSION, CARC_DICE_OPTIONS_VERSION + 1, CARC_EVERSION, "a later version" },
        { O_PLAYERS, 0, CARC_ERANGE, "no players" },
        { O_PLAYERS, 1, CARC_ERANGE, "1 player" },
        { O_PLAYERS, 6, CARC_ERANGE, "6 players" },
        { O_PLAYERS, UINT32_MAX, CARC_ERANGE, "UINT32_MAX players" },
        { O_ALLOCATOR, 0, CARC_EINVAL, "an allocator without alloc" },
        { O_ALLOCATOR, 1, CARC_EINVAL, "an allocator without realloc" },
        { O_ALLOCATOR, 2, CARC_EINVAL, "an allocator without free" },
        { O_FACES, 0, CARC_EVERSION, "faces of version 0" },
        { O_FACES, 1, CARC_EINVAL, "a face without a black edge" },
        { O_FACES, 2, CARC_EINVAL, "a face with bits past its four edges" },
    };
    for (size_t i = 0; i < COUNT_OF(bad); i++) {
        carc_dice_options o = d;
        switch (bad[i].field) {
        case O_VERSION: o.version = bad[i].value; break;
        case O_PLAYERS: o.players = bad[i].value; break;
        case O_ALLOCATOR: o.allocator = &half[bad[i].value]; break;
        default: o.faces = &fc[bad[i].value]; break;
        }
        misuse_new_refused(f, DICE_GAME, dice_new, &o, bad[i].want, bad[i].what);
    }
    assert_int_equal(f->alloc.live, live);
}

static void m_dice_game_free(fx *f)
{
    (void)f;
    carc_dice_game_free(NULL);
}

static void m_dice_game_clone(fx *f)
{
    static const uint32_t bad[] = { 2, 4, 1u << 31, UINT32_MAX };
    size_t live = f->alloc.live;
    misuse_clone_flags(f, DICE_GAME, bad, COUNT_OF(bad));
    /* clones equal the original; without history they cannot undo */
    FOR_DICE(f, i)
        for (uint32_t fl = 0; fl < 2; fl++) {
            carc_dice_game *c;
            assert_int_equal(carc_dice_game_clone(&c, f->d[i], fl), CARC_OK);
            misuse_alike(DICE_GAME, c, f->d[i], HZ_FP_NO_UNDO);
            if (fl)
                REJECT(c, CARC_ENO_UNDO, carc_dice_game_undo(c));
            carc_dice_game_free(c);
        }
    assert_int_equal(f->alloc.live, live);
}

static void m_dice_game_last_error(fx *f)
{
    assert_non_null(carc_dice_game_last_error(NULL));
    FOR_DICE(f, i)
        assert_non_null(carc_dice_game_last_error(f->d[i]));
    carc_dice_game *g = f->d[D_FRESH];
    REJECT(g, CARC_EPHASE, act(g, CARC_DICE_ACT_STOP, 0, 0, 0, 0));
    assert_int_equal(act(g, CARC_DICE_ACT_ROLL, 0, 0, 0, 0), CARC_OK);
    assert_string_equal(carc_dice_game_last_error(g), "");
}

static carc_status options_get(void *o, const void *g) { return carc_dice_game_options_get(o, g); }
static carc_status faces_get(void *o, const void *g) { return carc_dice_game_faces(o, g); }

static void options_as_made(const void *out)
{
    const carc_dice_options *o = out;
    assert_int_equal(o->version, CARC_DICE_OPTIONS_VERSION);
    assert_null(o->faces);
    assert_null(o->allocator);
}

static void m_dice_game_options_get(fx *f)
{
    misuse_struct_getter(f, DICE_GAME, options_get, sizeof(carc_dice_options), "carc_dice_game_options_get",
                         options_as_made);
}

static void m_dice_game_faces(fx *f)
{
    misuse_struct_getter(f, DICE_GAME, faces_get, sizeof(carc_dice_faces), "carc_dice_game_faces", NULL);
}

/* ------------------------------------------------------------ queries */

#define GETTER(name, type)                                                                                         \
    static carc_status get_##name(void *out, const void *g) { return carc_dice_game_##name((type *)out, g); }      \
    static void m_dice_game_##name(fx *f) { misuse_getter(f, DICE_GAME, get_##name, "carc_dice_game_" #name); }
GETTER(phase, uint32_t)
GETTER(players, uint32_t)
GETTER(current_player, uint32_t)
GETTER(turn, uint32_t)
GETTER(rolls, uint32_t)
GETTER(action_count, uint32_t)
GETTER(event_count, uint32_t)
GETTER(doubled, bool)
#undef GETTER

static void m_dice_game_can_undo(fx *f) { misuse_can_undo(f, DICE_GAME, D_FRESH); }

static carc_status score_of(void *o, const void *g, uint32_t p) { return carc_dice_game_score(o, g, p); }
static carc_status kept_of(void *o, const void *g, uint32_t p) { return carc_dice_game_kept_knight(o, g, p); }
static carc_status dice_of(void *o, const void *g, uint32_t p) { return carc_dice_game_player_dice(o, g, p); }

static void m_dice_game_score(fx *f) { misuse_player_range(f, DICE_GAME, score_of, "carc_dice_game_score"); }
static void m_dice_game_player_dice(fx *f) { misuse_player_range(f, DICE_GAME, dice_of, "carc_dice_game_player_dice"); }

static void m_dice_game_kept_knight(fx *f)
{
    uint32_t die = 777;
    misuse_player_range(f, DICE_GAME, kept_of, "carc_dice_game_kept_knight");
    for (uint32_t p = 0; p < 2; p++)
        EXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_kept_knight(&die, f->d[D_FRESH], p));
    assert_int_equal(die, 777);
}

static void m_dice_game_winner(fx *f)
{
    uint32_t p = 777, r = 777;
    FOR_DICE(f, i) {
        EXPECT(f->d[i], CARC_EINVAL, carc_dice_game_winner(NULL, &r, f->d[i]));
        if (phase(f->d[i]) != CARC_DICE_PHASE_GAME_OVER)
            EXPECT(f->d[i], CARC_ENOTFOUND, carc_dice_game_winner(&p, &r, f->d[i]));
    }
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_winner(&p, &r, NULL));
    assert_int_equal(p, 777);
    assert_int_equal(r, 777);
    EXPECT(f->d[D_OVER], CARC_OK, carc_dice_game_winner(&p, NULL, f->d[D_OVER])); /* reason is optional */
}

static carc_status die_at(void *out, const void *g, uint32_t i) { return carc_dice_game_die(out, g, i); }
static carc_status event_at(void *out, const void *g, uint32_t i) { return carc_dice_game_event(out, g, i); }
static carc_status event_count(uint32_t *out, const void *g) { return carc_dice_game_event_count(out, g); }

static void m_dice_game_die(fx *f)
{
    misuse_growable(f, DICE_GAME, die_at, sizeof(carc_dice_die), "carc_dice_game_die", NULL, CARC_DICE_COUNT,
                    CARC_ERANGE);
}

static void m_dice_game_event(fx *f)
{
    misuse_growable(f, DICE_GAME, event_at, sizeof(carc_dice_event), "carc_dice_game_event", event_count, 0,
                    CARC_ERANGE);
}

static carc_status action_at(void *out, const void *g, uint32_t i) { return carc_dice_game_action(out, g, i); }
static carc_status action_count(uint32_t *out, const void *g) { return carc_dice_game_action_count(out, g); }

static void m_dice_game_action(fx *f)
{
    misuse_indexed(f, DICE_GAME, action_at, sizeof(carc_dice_action), action_count);
}

static void m_dice_game_cell(fx *f)
{
    uint32_t die = 777;
    /* the grid has no edge: a cell far away is simply empty */
    static const int32_t far[][2] = { { CARC_DICE_GRID_RADIUS + 1, 0 }, { 0, -CARC_DICE_GRID_RADIUS - 1 },
                                      { INT32_MAX, 0 }, { 0, INT32_MIN }, { INT32_MIN, INT32_MAX }, { 0x10000, 0 } };
    FOR_DICE(f, i) {
        EXPECT(f->d[i], CARC_EINVAL, carc_dice_game_cell(NULL, f->d[i], 0, 0));
        for (size_t k = 2; k < COUNT_OF(far); k++)
            EXPECT(f->d[i], CARC_ENOTFOUND, carc_dice_game_cell(&die, f->d[i], far[k][0], far[k][1]));
    }
    for (size_t k = 0; k < COUNT_OF(far); k++)
        EXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_cell(&die, f->d[D_FRESH], far[k][0], far[k][1]));
    EXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_cell(&die, f->d[D_FRESH], 0, 0));
    EXPECT(f->d[D_FRESH], CARC_ENOTFOUND,
           carc_dice_game_cell(&die, f->d[D_FRESH], CARC_DICE_GRID_RADIUS, -CARC_DICE_GRID_RADIUS));
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_cell(&die, NULL, 0, 0));
    assert_int_equal(die, 777);
}

static carc_status city_bounds(int32_t *a, int32_t *b, int32_t *c, int32_t *d, const void *g)
{
    return carc_dice_game_city_bounds(a, b, c, d, g);
}

static void m_dice_game_city_bounds(fx *f)
{
    int32_t a = 7, b = 7, c = 7, d = 7;
    misuse_bounds(f, DICE_GAME, city_bounds);
    EXPECT(f->d[D_FRESH], CARC_ENOTFOUND, carc_dice_game_city_bounds(&a, &b, &c, &d, f->d[D_FRESH]));
    assert_true(a == 7 && b == 7 && c == 7 && d == 7);
}

static void m_dice_game_largest_closed_city(fx *f)
{
    uint32_t n = 777, mask = 777;
    FOR_DICE(f, i) {
        EXPECT(f->d[i], CARC_EINVAL, carc_dice_game_largest_closed_city(NULL, &mask, f->d[i]));
        EXPECT(f->d[i], CARC_OK, carc_dice_game_largest_closed_city(&n, NULL, f->d[i])); /* mask is optional */
    }
    n = 777;
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_largest_closed_city(&n, &mask, NULL));
    assert_int_equal(n, 777);
}

/* ------------------------------------------------------------ actions */

static void m_dice_game_legal_actions(fx *f)
{
    carc_dice_action small[10];
    size_t count = 777, full = 0;
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_legal_actions(small, 10, &count, NULL, 0));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        count = 777;
        EXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(small, 10, NULL, g, 0));
        EXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(NULL, 10, &count, g, 0));
        EXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(small, 10, &count, g, 1u << 3));
        EXPECT(g, CARC_EINVAL, carc_dice_game_legal_actions(small, 10, &count, g, UINT32_MAX));
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
        const size_t caps[] = { 1, full / 2, full - 1 };
        for (size_t k = 0; k < COUNT_OF(caps); k++) {
            size_t cap = caps[k];
            if (cap == 0 || cap >= full)
                continue;
            memset(buf, GUARD, bytes);
            count = 0;
            EXPECT(g, CARC_EBUFFER, carc_dice_game_legal_actions(buf, cap, &count, g, 0));
            assert_int_equal(count, full);
            check_guard(buf, cap * sizeof buf[0], bytes, "carc_dice_game_legal_actions(short)", __LINE__);
        }
        memset(buf, GUARD, bytes);
        EXPECT(g, CARC_OK, carc_dice_game_legal_actions(buf, full, &count, g, 0));
        check_guard(buf, full * sizeof buf[0], bytes, "carc_dice_game_legal_actions(exact)", __LINE__);
        /* every listed action is legal */
        for (size_t k = 0; k < full; k++)
            assert_int_equal(carc_dice_game_check_action(g, &buf[k]), CARC_OK);
        free(buf);
    }
}

/* Wrong actions, one row each: the action (coordinates may be computed:
 * beyond the reach of the grid from the city's bounds), its status, the
 * phase it applies in (or any phase; a game over refuses all of them with
 * CARC_EGAME_OVER). */
enum { ANY_PHASE = -1, X_REACH = INT32_MIN + 1, Y_REACH = INT32_MIN + 2 };
static const struct action_row {
    int phase;
    carc_dice_action a;
    carc_status want;
    const char *what;
} ACTION_ROWS[] = {
    { ANY_PHASE, { 5, 0, 0, 0, 0, 0 }, CARC_EINVAL, "unknown kind 5" },
    { ANY_PHASE, { UINT32_MAX, 0, 0, 0, 0, 0 }, CARC_EINVAL, "unknown kind" },
    { ANY_PHASE, { CARC_DICE_ACT_ROLL, 0, 0, 0, 0, 1 }, CARC_EINVAL, "reserved field" },
    { ANY_PHASE, { CARC_DICE_ACT_ROLL, 1, 0, 0, 0, 0 }, CARC_EINVAL, "roll with a die" },
    { ANY_PHASE, { CARC_DICE_ACT_STOP, 0, 1, 0, 0, 0 }, CARC_EINVAL, "stop with x" },
    { ANY_PHASE, { CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 3, 0 }, CARC_EINVAL, "knight option with a rotation" },
    { ANY_PHASE, { CARC_DICE_ACT_SET_KNIGHT, 0, 0, 1, 0, 0 }, CARC_EINVAL, "set knight with y" },
    { ANY_PHASE, { CARC_DICE_ACT_SET_KNIGHT, CARC_DICE_COUNT, 0, 0, 0, 0 }, CARC_ERANGE, "set knight die 9" },
    { ANY_PHASE, { CARC_DICE_ACT_SET_KNIGHT, UINT32_MAX, 0, 0, 0, 0 }, CARC_ERANGE, "set knight die UINT32_MAX" },
    { ANY_PHASE, { CARC_DICE_ACT_BUILD, CARC_DICE_COUNT, 0, 0, 0, 0 }, CARC_ERANGE, "build die 9" },
    { ANY_PHASE, { CARC_DICE_ACT_BUILD, 0, 0, 0, 4, 0 }, CARC_ERANGE, "build rotation 4" },
    { ANY_PHASE, { CARC_DICE_ACT_BUILD, 0, X_REACH, 0, 0, 0 }, CARC_ERANGE, "build beyond the grid's reach" },
    { ANY_PHASE, { CARC_DICE_ACT_BUILD, 0, 0, Y_REACH, 0, 0 }, CARC_ERANGE, "build beyond the reach, north" },
    { ANY_PHASE, { CARC_DICE_ACT_BUILD, 0, 0, INT32_MIN, 0, 0 }, CARC_ERANGE, "build at y = INT32_MIN" },
    { ANY_PHASE, { CARC_DICE_ACT_BUILD, 0, INT32_MAX, INT32_MAX, 0, 0 }, CARC_ERANGE, "build at INT32_MAX" },
    { CARC_DICE_PHASE_ROLL, { CARC_DICE_ACT_STOP, 0, 0, 0, 0, 0 }, CARC_EPHASE, "stop before rolling" },
    { CARC_DICE_PHASE_ROLL, { CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0, 0 }, CARC_EPHASE,
      "knight option before rolling" },
    { CARC_DICE_PHASE_ROLL, { CARC_DICE_ACT_SET_KNIGHT, 0, 0, 0, 0, 0 }, CARC_EPHASE, "set knight before rolling" },
    { CARC_DICE_PHASE_ROLL, { CARC_DICE_ACT_BUILD, 0, 0, 0, 0, 0 }, CARC_EPHASE, "build before rolling" },
    { CARC_DICE_PHASE_KNIGHT_OPTION, { CARC_DICE_ACT_ROLL, 0, 0, 0, 0, 0 }, CARC_EPHASE,
      "roll in the knight option phase" },
    { CARC_DICE_PHASE_KNIGHT_OPTION, { CARC_DICE_ACT_SET_KNIGHT, 0, 0, 0, 0, 0 }, CARC_EPHASE,
      "set knight in the knight option phase" },
    { CARC_DICE_PHASE_KNIGHT_OPTION, { CARC_DICE_ACT_BUILD, 3, 0, 0, 0, 0 }, CARC_EPHASE,
      "build in the knight option phase" },
};

#define MAX_BAD_ACTIONS 64

static size_t add_action(bad_action *out, size_t n, carc_dice_action a, carc_status want, const char *what)
{
    assert_true(n < MAX_BAD_ACTIONS);
    out[n].a = a;
    out[n].c.want = want;
    out[n].c.what = what;
    return n + 1;
}

static carc_dice_die die_of(carc_dice_game *g, uint32_t d)
{
    carc_dice_die die = SIZED(carc_dice_die);
    assert_int_equal(carc_dice_game_die(&die, g, d), CARC_OK);
    return die;
}

/* Wrong actions for g, each with the status play must give. */
static size_t bad_actions(carc_dice_game *g, bad_action *out)
{
    size_t n = 0;
    uint32_t ph = phase(g);
    bool over = ph == CARC_DICE_PHASE_GAME_OVER;
    int32_t bx0 = 0, by0 = 0, bx1 = 0, by1 = 0;
    carc_dice_game_city_bounds(&bx0, &by0, &bx1, &by1, g); /* stays 0 when nothing is built */
    for (size_t i = 0; i < COUNT_OF(ACTION_ROWS); i++) {
        const struct action_row *r = &ACTION_ROWS[i];
        if (r->phase != ANY_PHASE && (uint32_t)r->phase != ph)
            continue;
        carc_dice_action a = r->a;
        if (a.x == X_REACH)
            a.x = bx1 + CARC_DICE_GRID_RADIUS + 1;
        if (a.y == Y_REACH)
            a.y = by0 - CARC_DICE_GRID_RADIUS - 1;
        n = add_action(out, n, a, over ? CARC_EGAME_OVER : r->want, r->what);
    }
    if (ph == CARC_DICE_PHASE_CHOOSE) {
        /* dice that are not free, or show the wrong face; a first build off 0,0 */
        int32_t a, b, c, e;
        bool unbuilt = carc_dice_game_city_bounds(&a, &b, &c, &e, g) == CARC_ENOTFOUND, off = false;
        uint32_t knights = 0;
        for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
            carc_dice_die die = die_of(g, d);
            bool free_city = die.location == CARC_DICE_LOC_POOL && die.face < CARC_DICE_CITY_FACES;
            if (die.location != CARC_DICE_LOC_POOL || die.face != CARC_DICE_FACE_KNIGHT)
                n = add_action(out, n, (carc_dice_action){ CARC_DICE_ACT_SET_KNIGHT, d, 0, 0, 0, 0 }, CARC_EILLEGAL,
                               "set aside a die that is no free knight");
            if (!free_city)
                n = add_action(out, n, (carc_dice_action){ CARC_DICE_ACT_BUILD, d, 0, 0, 0, 0 }, CARC_EILLEGAL,
                               "build a die that is no free city");
            if (unbuilt && free_city && !off) {
                n = add_action(out, n, (carc_dice_action){ CARC_DICE_ACT_BUILD, d, 1, 0, 0, 0 }, CARC_EILLEGAL,
                               "first build off 0,0");
                off = true;
            }
            knights += die.location == CARC_DICE_LOC_KNIGHT;
        }
        if (knights < CARC_DICE_KNIGHT_OPTION_KNIGHTS)
            n = add_action(out, n, (carc_dice_action){ CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0, 0 }, CARC_EILLEGAL,
                           "knight option without 3 knights");
    }
    return n;
}

static carc_status call_check(void *g, const void *a, char *msg, size_t cap)
{
    (void)msg;
    (void)cap;
    return carc_dice_game_check_action(g, a);
}

static carc_status call_check_msg(void *g, const void *a, char *msg, size_t cap)
{
    return carc_dice_game_check_action_msg(g, a, msg, cap);
}

static carc_status call_play(void *g, const void *a, char *msg, size_t cap)
{
    (void)msg;
    (void)cap;
    return carc_dice_game_play(g, a);
}

static size_t wrong_list(fx *f, int i, void *items) { return bad_actions(f->d[i], items); }

static const carc_dice_action ZERO_ACTION;
static const misuse_wrong WRONG_ACTIONS = { wrong_list,   sizeof(bad_action), offsetof(bad_action, a), MAX_BAD_ACTIONS,
                                            &ZERO_ACTION, NULL,               NULL };

static void m_dice_game_check_action(fx *f)
{
    misuse_refusal_entry(f, DICE_GAME, &WRONG_ACTIONS, call_check, REFUSE_CHECK); /* (no last-error text) */
}

static void m_dice_game_check_action_msg(fx *f)
{
    misuse_refusal_entry(f, DICE_GAME, &WRONG_ACTIONS, call_check_msg, REFUSE_MSG);
}

static void m_dice_game_play(fx *f)
{
    misuse_refusal_entry(f, DICE_GAME, &WRONG_ACTIONS, call_play, REFUSE_PLAY);
}

static void m_dice_game_last_roll(fx *f)
{
    uint8_t faces[CARC_DICE_COUNT + 4];
    size_t count = 777;
    uint32_t mask = 777;
    memset(faces, GUARD, sizeof faces);
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_last_roll(faces, sizeof faces, &count, &mask, NULL));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        EXPECT(g, CARC_EINVAL, carc_dice_game_last_roll(faces, sizeof faces, NULL, &mask, g));
        EXPECT(g, CARC_EINVAL, carc_dice_game_last_roll(NULL, 3, &count, &mask, g));
        assert_int_equal(count, 777);
        assert_int_equal(mask, 777);
        check_guard(faces, 0, sizeof faces, "carc_dice_game_last_roll(rejected)", __LINE__);
        if (i == D_FRESH) {
            EXPECT(g, CARC_ENOTFOUND, carc_dice_game_last_roll(faces, sizeof faces, &count, &mask, g));
            assert_int_equal(count, 0);
            assert_int_equal(mask, 0);
            count = mask = 777;
            continue;
        }
        size_t need = 0;
        EXPECT(g, CARC_EBUFFER, carc_dice_game_last_roll(NULL, 0, &need, NULL, g));
        assert_true(need >= 1 && need <= CARC_DICE_COUNT);
        for (size_t cap = 1; cap < need; cap++) {
            size_t c = 0;
            EXPECT(g, CARC_EBUFFER, carc_dice_game_last_roll(faces, cap, &c, NULL, g));
            assert_int_equal(c, need);
            check_guard(faces, 0, sizeof faces, "carc_dice_game_last_roll(short)", __LINE__);
        }
        size_t c = 0;
        uint32_t m = 0;
        EXPECT(g, CARC_OK, carc_dice_game_last_roll(faces, need, &c, &m, g));
        check_guard(faces, need, sizeof faces, "carc_dice_game_last_roll(exact)", __LINE__);
        assert_int_equal(c, need);
        assert_int_equal((size_t)__builtin_popcount(m), need);
        assert_int_equal(m >> CARC_DICE_COUNT, 0);
        for (size_t k = 0; k < need; k++)
            assert_true(faces[k] <= CARC_DICE_FACE_CATAPULT);
        memset(faces, GUARD, sizeof faces);
    }
}

static void m_dice_game_undo(fx *f)
{
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_undo(NULL));
    REJECT(f->d[D_FRESH], CARC_ENO_UNDO, carc_dice_game_undo(f->d[D_FRESH]));
    /* undo everything, then nothing more */
    carc_dice_game *g = f->d[D_OVER];
    misuse_undo_all(DICE_GAME, g, 100000);
    carc_dice_game *fresh = dnew(f, 2, 7);
    misuse_alike(DICE_GAME, g, fresh, HZ_FP_NO_ERROR);
    carc_dice_game_free(fresh);
}

static void m_dice_game_set_next_roll(fx *f)
{
    static const uint8_t ok[CARC_DICE_COUNT + 1] = { 0, 1, 2, 3, 4, 5, 0, 1, 2, 3 };
    static const uint8_t bad_faces[][3] = { { 0, 6, 1 }, { 0xFF, 0, 0 }, { 1, 2, 0x80 } };
    EXPECT(f->d[D_MID], CARC_EINVAL, carc_dice_game_set_next_roll(NULL, ok, 3));
    FOR_DICE(f, i) {
        carc_dice_game *g = f->d[i];
        if (phase(g) == CARC_DICE_PHASE_GAME_OVER) {
            REJECT(g, CARC_EGAME_OVER, carc_dice_game_set_next_roll(g, ok, 3));
            continue;
        }
        REJECT(g, CARC_EINVAL, carc_dice_game_set_next_roll(g, NULL, 1));
        REJECT(g, CARC_EINVAL, carc_dice_game_set_next_roll(g, NULL, SIZE_MAX));
        REJECT(g, CARC_ERANGE, carc_dice_game_set_next_roll(g, ok, CARC_DICE_COUNT + 1));
        REJECT(g, CARC_ERANGE, carc_dice_game_set_next_roll(g, ok, SIZE_MAX));
        for (size_t k = 0; k < COUNT_OF(bad_faces); k++)
            REJECT(g, CARC_ERANGE, carc_dice_game_set_next_roll(g, bad_faces[k], 3));
    }
}

/* ------------------------------------------------------------ records */

static void m_dice_game_save(fx *f)
{
    misuse_writer(f, DICE_GAME, dice_save_to, "carc_dice_game_save", 60);
}

static void m_dice_game_load(fx *f)
{
    char *rec = misuse_save(DICE_GAME, f->d[D_MID]);
    /* not dice records (a tile game record neither) */
    static const junk_record junk[] = { { "", CARC_EFORMAT, CARC_EPARSE },
                                        { "x", CARC_EFORMAT, CARC_EPARSE },
                                        { "carcassonne-dice-record 2\n", CARC_EFORMAT, CARC_EPARSE },
                                        { "carcassonne-record 1\n", CARC_EFORMAT, CARC_EPARSE } };
    static const char repl[] = { 'x', '0', '9', 'K', 'C', ' ', '\n', '\0', (char)0xff };
    misuse_loader(f, DICE_GAME, rec, junk, COUNT_OF(junk), repl, sizeof repl);
    free(rec);
}

MISUSE_AREA(misuse_area_dice, "misuse_dice.c", MISUSE_ENTRY(dice_city_points), MISUSE_ENTRY(dice_faces_check),
            MISUSE_ENTRY(dice_faces_init), MISUSE_ENTRY(dice_faces_parse), MISUSE_ENTRY(dice_game_action),
            MISUSE_ENTRY(dice_game_action_count), MISUSE_ENTRY(dice_game_can_undo), MISUSE_ENTRY(dice_game_cell),
            MISUSE_ENTRY(dice_game_check_action), MISUSE_ENTRY(dice_game_check_action_msg),
            MISUSE_ENTRY(dice_game_city_bounds), MISUSE_ENTRY(dice_game_clone),
            MISUSE_ENTRY(dice_game_current_player), MISUSE_ENTRY(dice_game_die), MISUSE_ENTRY(dice_game_doubled),
            MISUSE_ENTRY(dice_game_event), MISUSE_ENTRY(dice_game_event_count), MISUSE_ENTRY(dice_game_faces),
            MISUSE_ENTRY(dice_game_free), MISUSE_ENTRY(dice_game_kept_knight),
            MISUSE_ENTRY(dice_game_largest_closed_city), MISUSE_ENTRY(dice_game_last_error),
            MISUSE_ENTRY(dice_game_last_roll), MISUSE_ENTRY(dice_game_legal_actions), MISUSE_ENTRY(dice_game_load),
            MISUSE_ENTRY(dice_game_new), MISUSE_ENTRY(dice_game_options_get), MISUSE_ENTRY(dice_game_phase),
            MISUSE_ENTRY(dice_game_play), MISUSE_ENTRY(dice_game_player_dice), MISUSE_ENTRY(dice_game_players),
            MISUSE_ENTRY(dice_game_rolls), MISUSE_ENTRY(dice_game_save), MISUSE_ENTRY(dice_game_score),
            MISUSE_ENTRY(dice_game_set_next_roll), MISUSE_ENTRY(dice_game_turn), MISUSE_ENTRY(dice_game_undo),
            MISUSE_ENTRY(dice_game_winner), MISUSE_ENTRY(dice_options_init));
