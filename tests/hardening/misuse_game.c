/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, game.h and undo.h: options, the life cycle (new, clone,
 * copy, free), players, scores and supplies, trade goods, the Count's city,
 * the tile choice, the early end, undo (see misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)


/* ------------------------------------------------------------ options */

static carc_status options_init(void *o, uint32_t version) { return carc_game_options_init(o, version); }

static void m_game_options_init(fx *f)
{
    misuse_version_init(f, TILE_GAME, options_init, sizeof(carc_game_options), CARC_GAME_OPTIONS_VERSION,
                        "carc_game_options_init(bad version)");
}

/* The lowest module flag this build does not implement (0: none). */
static uint32_t missing_module(void)
{
    uint32_t known = F | RV | AB | CO | IN | TR;
    uint32_t missing = known & ~carc_modules_supported();
    return missing & (~missing + 1u); /* 0 once every module is implemented */
}

/* Every subset of the implemented modules, as flags: out[0..n). */
static size_t module_subsets(uint32_t *out)
{
    uint32_t sup = carc_modules_supported(), m = 0;
    size_t n = 0;
    do { /* every m with m & ~sup == 0 */
        out[n++] = m;
        m = (m - sup) & sup;
    } while (m != 0);
    return n;
}

/* Options that carc_game_new (and carc_game_options_check) must refuse:
 * one row each, a field of the default options changed. */
enum opt_field { O_VERSION, O_PLAYERS, O_FLAGS, O_START_TILE, O_START_ROTATION, O_START_X, O_START_Y, O_VARIANTS,
                 O_ALLOCATOR };
enum opt_when { ALWAYS, IF_MISSING /* a module not implemented, added to the modules */, IF_COUNT_MISSING };
#define KINDS INT64_MAX /* start_tile: carc_tile_kind_count() */

static const struct bad_option_row {
    uint32_t modules;
    enum opt_field field;
    int64_t value;     /* (O_ALLOCATOR: which callback is missing) */
    const char *tile;  /* O_START_TILE by name */
    carc_status want;
    enum opt_when when;
    const char *what;
} BAD_OPTIONS[] = {
#define BAD(mods, field, value, status) { mods, O_##field, value, NULL, status, ALWAYS, #mods ": " #field " = " #value }
#define BAD_TILE(mods, name, status) { mods, O_START_TILE, 0, name, status, ALWAYS, #mods ": start tile " name }
#define BAD_IF(when, mods, field, value, status) { mods, O_##field, value, NULL, status, when, #mods ": " #field }
    BAD(F, VERSION, 0, CARC_EVERSION),
    BAD(F, VERSION, CARC_GAME_OPTIONS_VERSION + 1, CARC_EVERSION),
    BAD(F, VERSION, UINT32_MAX, CARC_EVERSION),
    BAD(F, PLAYERS, 0, CARC_ERANGE),
    BAD(F, PLAYERS, 1, CARC_ERANGE),
    BAD(F, PLAYERS, 6, CARC_ERANGE), /* a sixth player needs Inns & Cathedrals */
    BAD(F | RV | AB, PLAYERS, 6, CARC_ERANGE),
    BAD(0, PLAYERS, 6, CARC_ERANGE),
    BAD(F, PLAYERS, UINT32_MAX, CARC_ERANGE),
    BAD(F | IN, PLAYERS, 7, CARC_ERANGE), /* seven never */
    BAD(RV | AB | IN, PLAYERS, 7, CARC_ERANGE),
    BAD(IN, PLAYERS, 1, CARC_ERANGE),
    BAD(F | IN, PLAYERS, UINT32_MAX, CARC_ERANGE),
    BAD(F | TR, PLAYERS, 6, CARC_ERANGE), /* Traders & Builders brings no sixth colour */
    BAD(RV | AB | TR, PLAYERS, 6, CARC_ERANGE),
    BAD(F | IN | TR, PLAYERS, 7, CARC_ERANGE),
    BAD(TR, PLAYERS, 1, CARC_ERANGE),
    /* a module this build does not implement (none since the Count) */
    BAD_IF(IF_MISSING, 0, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD_IF(IF_MISSING, RV, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD_IF(IF_MISSING, F | IN, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD_IF(IF_MISSING, F | RV | AB | IN, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD(IN | 1u << 16, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD(AB | 1u << 16, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD(TR | 1u << 16, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD(F | IN | TR | 1u << 17, FLAGS, 0, CARC_EUNSUPPORTED),
    /* a rule element without the ones it needs */
    BAD(CARC_MODULE_PIG, FLAGS, 0, CARC_EINVAL),
    BAD(TR | CARC_MODULE_PIG, FLAGS, 0, CARC_EINVAL), /* the box gives no pig without farmers: named, refused */
    BAD(F | CARC_MODULE_INN, FLAGS, 0, CARC_EINVAL),
    BAD(F | CARC_MODULE_CATHEDRAL | CARC_MODULE_TRADERS_TILES, FLAGS, 0, CARC_EINVAL),
    BAD(F | CARC_MODULE_GOODS | CARC_MODULE_INNS_TILES, FLAGS, 0, CARC_EINVAL),
    BAD(F | TR | CARC_MODULE_CATHEDRAL, FLAGS, 0, CARC_EINVAL),
    /* a sixth colour only with the Inns & Cathedrals tiles or big follower */
    BAD(F | CARC_MODULE_INNS_TILES, PLAYERS, 7, CARC_ERANGE),
    BAD(F | CARC_MODULE_GARDENS | CARC_MODULE_GOODS | CARC_MODULE_TRADERS_TILES, PLAYERS, 6, CARC_ERANGE),
    BAD(1u << 31, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD(UINT32_MAX, FLAGS, 0, CARC_EUNSUPPORTED),
    BAD(F, START_TILE, KINDS, CARC_ERANGE),
    BAD(F, START_TILE, UINT32_MAX - 1, CARC_ERANGE),
    BAD_TILE(F, "RA", CARC_ERANGE), /* a River tile without the River */
    BAD_TILE(F | AB, "RA", CARC_ERANGE),
    BAD_TILE(F, "E.g", CARC_ERANGE),       /* a garden copy without the Abbot */
    BAD_TILE(F, "IC/Cccc.c", CARC_ERANGE), /* an Inns & Cathedrals tile without it */
    BAD_TILE(F | RV | AB, "IC/Cccc.c", CARC_ERANGE),
    BAD_TILE(F | RV | IN, "IC/Cccc.c", CARC_ERANGE), /* with the River only the spring starts */
    BAD_TILE(F, "TB/CcRR.w", CARC_ERANGE),           /* a Traders & Builders tile without it */
    BAD_TILE(F | AB | IN, "TB/CcRR.w", CARC_ERANGE),
    BAD_TILE(F | RV | TR, "TB/CcRR.w", CARC_ERANGE), /* with the River only the spring starts */
    BAD_TILE(TR, "IC/Cccc.c", CARC_ERANGE),
    BAD_TILE(F | RV, "D", CARC_ERANGE), /* with the River only the spring starts */
    BAD_TILE(F | RV, "RB", CARC_ERANGE),
    BAD_TILE(RV | AB, "D", CARC_ERANGE),
    BAD_TILE(RV | AB, "E.g", CARC_ERANGE),
    BAD(F, START_ROTATION, 4, CARC_ERANGE),
    BAD(F | RV, START_ROTATION, 4, CARC_ERANGE),
    BAD(F, START_ROTATION, UINT32_MAX, CARC_ERANGE),
    BAD(F, START_X, INT32_MAX, CARC_ERANGE),
    BAD(F, START_X, INT32_MIN, CARC_ERANGE),
    BAD(F | RV, START_Y, INT32_MAX, CARC_ERANGE),
    BAD(F, START_Y, INT32_MIN, CARC_ERANGE),
    BAD(F, FLAGS, 2, CARC_EINVAL), /* unknown CARC_GAME_* flags */
    BAD(F, FLAGS, CARC_GAME_NO_UNDO | (1u << 31), CARC_EINVAL),
    BAD(F | RV | AB, FLAGS, UINT32_MAX, CARC_EINVAL),
    BAD(F, VARIANTS, 1u << 3, CARC_EINVAL), /* unknown CARC_VARIANT_* flags */
    BAD(F | TR, VARIANTS, UINT32_MAX, CARC_EINVAL),
    BAD(F, VARIANTS, CARC_VARIANT_COC_FINAL_MARKET, CARC_EINVAL), /* the Count's, without it */
    BAD(F | RV | AB | IN | TR, VARIANTS, CARC_VARIANT_COC_ONCE_PER_TURN, CARC_EINVAL),
    BAD_IF(IF_COUNT_MISSING, F, VARIANTS, CARC_VARIANT_COC_FINAL_MARKET, CARC_EUNSUPPORTED),
    BAD(F, ALLOCATOR, 0, CARC_EINVAL), /* no alloc, no realloc, no free */
    BAD(F, ALLOCATOR, 1, CARC_EINVAL),
    BAD(F | RV, ALLOCATOR, 2, CARC_EINVAL),
    /* the Count: the City of Carcassonne is the start; with the River the
     * spring lies beside the city (docs/rules.md 8.2), at the default place
     * when none is given, else where the options say and as the rules allow */
    BAD(F | CO, PLAYERS, 6, CARC_ERANGE),
    BAD(F | CO | IN, PLAYERS, 7, CARC_ERANGE),
    BAD_TILE(F | CO, "D", CARC_ERANGE), /* no start tile may be given */
    BAD_TILE(F | CO | AB, "D", CARC_ERANGE),
    BAD_TILE(CO | TR, "TB/CcRR.w", CARC_ERANGE),
    BAD(F | CO, START_X, 1, CARC_ERANGE), /* nor a place for it */
    BAD(F | CO, START_Y, -5, CARC_ERANGE),
    BAD(F | CO | IN, START_ROTATION, 1, CARC_ERANGE),
    BAD(F | CO, START_ROTATION, 4, CARC_ERANGE),
    BAD_TILE(F | CO, "RA", CARC_ERANGE),            /* a River tile without the River */
    BAD(F | RV | CO, START_ROTATION, 1, CARC_ERANGE), /* a place given: (0,0) lies in the city */
    BAD(RV | AB | IN | TR | CO, START_Y, 1, CARC_ERANGE),
    BAD(F | RV | CO, START_X, -3, CARC_ERANGE),  /* a place, the default tile: edges do not match */
    BAD_TILE(F | RV | CO, "RB", CARC_ERANGE),    /* with the River only the spring starts */
    BAD_TILE(F | RV | CO, "D", CARC_ERANGE),
    BAD(F | RV | CO, START_ROTATION, 4, CARC_ERANGE),
    BAD(F | RV | CO, START_Y, INT32_MIN, CARC_ERANGE),
    BAD(CO, VARIANTS, 1u << 3, CARC_EINVAL),
    BAD(F | CO, VARIANTS, UINT32_MAX, CARC_EINVAL),
#undef BAD
#undef BAD_TILE
#undef BAD_IF
};

/* The spring at wrong places, with the River and the Count: in the city
 * (0,0), away from it, edges that do not match (the road stub of CO/1, the
 * river against a field). */
static const int32_t WRONG_SPRINGS[][3] = { { 0, 0, 0 },  { -2, -1, 0 }, { 1, 1, 2 },  { 5, 5, 1 },   { -3, -2, 2 },
                                            { 2, 2, 0 },  { -3, 0, 0 },  { -3, 0, 1 }, { -3, -1, 2 }, { 2, 0, 2 },
                                            { 0, -2, 1 }, { 0, 2, 3 },   { 0, 3, 1 },  { -4, 0, 2 } };

typedef struct bad_option {
    carc_game_options o;
    carc_status want;
    const char *what;
} bad_option;

#define MAX_BAD_OPTIONS 160

/* The rows as options; `half` holds the incomplete allocators they point to. */
static size_t bad_options(fx *f, bad_option *out, carc_allocator half[3])
{
    carc_game_options d;
    size_t n = 0;
    const uint32_t missing = missing_module();
    assert_int_equal(carc_game_options_init(&d, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    d.allocator = &f->a;
    half[0] = half[1] = half[2] = f->a;
    half[0].alloc = NULL;
    half[1].realloc = NULL;
    half[2].free = NULL;
    for (size_t i = 0; i < COUNT_OF(BAD_OPTIONS); i++) {
        const struct bad_option_row *r = &BAD_OPTIONS[i];
        if ((r->when == IF_MISSING && !missing) || (r->when == IF_COUNT_MISSING && missing != CO))
            continue;
        assert_true(n < MAX_BAD_OPTIONS);
        carc_game_options *o = &out[n].o;
        *o = d;
        o->modules = r->modules | (r->when == ALWAYS ? 0 : missing);
        uint32_t v = (uint32_t)r->value;
        switch (r->field) {
        case O_VERSION: o->version = v; break;
        case O_PLAYERS: o->players = v; break;
        case O_FLAGS: o->flags = v; break;
        case O_START_TILE:
            o->start_tile = r->tile ? kind_of(r->tile) : r->value == KINDS ? carc_tile_kind_count() : v;
            break;
        case O_START_ROTATION: o->start_rotation = v; break;
        case O_START_X: o->start_x = (int32_t)r->value; break;
        case O_START_Y: o->start_y = (int32_t)r->value; break;
        case O_VARIANTS: o->variants = v; break;
        case O_ALLOCATOR: o->allocator = &half[r->value]; break;
        }
        out[n].want = r->want;
        out[n].what = r->what;
        n++;
    }
    for (size_t k = 0; k < COUNT_OF(WRONG_SPRINGS); k++) {
        assert_true(n < MAX_BAD_OPTIONS);
        out[n].o = d;
        out[n].o.modules = F | RV | CO;
        out[n].o.start_tile = kind_of("RA");
        out[n].o.start_x = WRONG_SPRINGS[k][0];
        out[n].o.start_y = WRONG_SPRINGS[k][1];
        out[n].o.start_rotation = (uint32_t)WRONG_SPRINGS[k][2];
        out[n].want = CARC_ERANGE;
        out[n].what = "the River and the Count: the spring at a wrong place";
        n++;
    }
    return n;
}

static carc_status game_new(void **out, const void *o) { return carc_game_new((carc_game **)out, o); }

static void m_game_new(fx *f)
{
    carc_game *g;
    carc_game_options d;
    size_t live = f->alloc.live;
    assert_int_equal(carc_game_options_init(&d, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    d.allocator = &f->a;
    misuse_ctor(f, TILE_GAME, game_new, &d);

    bad_option bad[MAX_BAD_OPTIONS];
    carc_allocator half[3];
    size_t n = bad_options(f, bad, half);
    for (size_t i = 0; i < n; i++)
        misuse_new_refused(f, TILE_GAME, game_new, &bad[i].o, bad[i].want, bad[i].what);
    assert_int_equal(f->alloc.live, live); /* nothing left behind by the failures */
    /* every set of the implemented modules makes a game, with its default
     * start (with the Count and the River: the spring beside the City of
     * Carcassonne), for as many players as it allows (six with Inns &
     * Cathedrals) */
    uint32_t sets[64];
    size_t nsets = module_subsets(sets);
    assert_int_equal(nsets, 64); /* farmers, River, Abbot, the Count, Inns & Cathedrals, Traders & Builders */
    for (size_t k = 0; k < nsets; k++) {
        carc_game_options o = d;
        uint32_t m = sets[k], players = 0, u = 9;
        o.modules = m;
        o.players = (m & IN) ? 6 : 5;
        assert_int_equal(hz_coc_spring(&o, (unsigned)k), (m & (CO | RV)) == (CO | RV));
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        carc_move t;
        uint32_t nt = 0;
        /* the first tile: the City of Carcassonne's CO/7 at (0,0) (its twelve
         * tiles, then the spring with the River), the spring, or D */
        assert_int_equal(carc_game_tile(&t, g, 0), CARC_OK);
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        assert_string_equal(carc_tile_name(t.tile), (m & CO) ? "CO/7" : (m & RV) ? "RA" : "D");
        assert_int_equal(nt, ((m & CO) ? 12 : 0) + ((m & RV) || !(m & CO)));
        if (m & CO) {
            assert_int_equal(carc_game_count(&u, g), CARC_OK);
            assert_int_equal(u, CARC_QUARTER_CASTLE); /* the Count starts on the castle */
        }
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t p = 0; p < o.players; p++)
                for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
                    assert_int_equal(carc_game_city(&u, g, q, p, fig), CARC_OK);
                    assert_int_equal(u, 0);
                }
        assert_int_equal(carc_game_players(&players, g), CARC_OK);
        assert_int_equal(players, o.players);
        /* the big follower with Inns & Cathedrals; one builder with Traders
         * & Builders; one pig with it and farmers */
        const struct {
            uint32_t player, figure, want;
        } supply[] = { { players - 1, CARC_FIGURE_BIG, (m & IN) ? 1u : 0u },
                       { players - 1, CARC_FIGURE_BUILDER, (m & TR) ? 1u : 0u },
                       { 0, CARC_FIGURE_PIG, (m & TR) && (m & F) ? 1u : 0u } };
        for (size_t s = 0; s < COUNT_OF(supply); s++) {
            assert_int_equal(carc_game_figure_supply(&u, g, supply[s].player, supply[s].figure), CARC_OK);
            assert_int_equal(u, supply[s].want);
        }
        for (uint32_t good = 0; good < CARC_GOOD_COUNT; good++) {
            assert_int_equal(carc_game_goods(&u, g, players - 1, good), CARC_OK);
            assert_int_equal(u, 0);
        }
        carc_game_free(g);
    }
    assert_int_equal(f->alloc.live, live);
}

static carc_status options_get(void *o, const void *g) { return carc_game_options_get(o, g); }

static void options_as_made(const void *out)
{
    const carc_game_options *o = out;
    assert_int_equal(o->version, CARC_GAME_OPTIONS_VERSION);
    assert_null(o->allocator);
}

static void m_game_options_get(fx *f)
{
    misuse_struct_getter(f, TILE_GAME, options_get, sizeof(carc_game_options), "carc_game_options_get",
                         options_as_made);
}

/* carc_game_options_check(o) says `want`: the message (NUL-terminated, nothing past it) contains `says`. */
static void options_say(fx *f, const carc_game_options *o, carc_status want, const char *says)
{
    char msg[200];
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], want, carc_game_options_check(o, msg, sizeof msg));
    if (strstr(msg, says) == NULL || (says[0] == '\0' && msg[0] != '\0'))
        fail_msg("options (players %u, modules %#x, start %u at %d,%d r%u): \"%s\", expected \"%s\"", o->players,
                 o->modules, o->start_tile, (int)o->start_x, (int)o->start_y, o->start_rotation, msg, says);
}

static void m_game_options_check(fx *f)
{
    char msg[200];
    carc_game_options d;
    assert_int_equal(carc_game_options_init(&d, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    /* NULL options; no message buffer, or a NULL one with a size */
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_check(NULL, msg, sizeof msg));
    assert_true(msg[0] != '\0' && memchr(msg, '\0', sizeof msg) != NULL);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_check(NULL, NULL, 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_check(NULL, NULL, 64));
    /* good options: CARC_OK, an empty message (every set of the implemented
     * modules, up to six players with Inns & Cathedrals) */
    uint32_t sets[64];
    size_t nsets = module_subsets(sets);
    for (size_t k = 0; k < 2 * nsets; k++) {
        carc_game_options o = d;
        uint32_t m = sets[k % nsets];
        o.modules = m;
        o.players = k < nsets ? 2 + (uint32_t)k % 4 : ((m & IN) ? 6 : 5);
        hz_coc_spring(&o, (unsigned)k); /* the Count with the River: the spring's place */
        if (m & CO)                     /* its rule variants */
            o.variants = (uint32_t)(k % 4) << 1;
        options_say(f, &o, CARC_OK, "");
        EXPECT(f->g[G_MID], CARC_OK, carc_game_options_check(&o, NULL, 0));
    }
    /* each bad option: the status carc_game_new gives, a message, NUL-terminated
     * within cap, nothing written past it (also for caps 0 and 1 and a short one) */
    bad_option bad[MAX_BAD_OPTIONS];
    carc_allocator half[3];
    size_t n = bad_options(f, bad, half);
    for (size_t i = 0; i < n; i++) {
        carc_game *g = NULL;
        carc_status want = carc_game_new(&g, &bad[i].o);
        assert_null(g);
        memset(msg, GUARD, sizeof msg);
        carc_status st = carc_game_options_check(&bad[i].o, msg, sizeof msg);
        if (st != want || st != bad[i].want)
            fail_msg("carc_game_options_check with %s: %s, carc_game_new: %s, expected %s", bad[i].what,
                     carc_status_name(st), carc_status_name(want), carc_status_name(bad[i].want));
        const char *nul = memchr(msg, '\0', sizeof msg);
        size_t len = nul ? (size_t)(nul - msg) : sizeof msg;
        if (len == 0 || len == sizeof msg)
            fail_msg("carc_game_options_check with %s: message empty or not terminated", bad[i].what);
        check_guard(msg, len + 1, sizeof msg, "carc_game_options_check", __LINE__);
        for (size_t cap = 0; cap < 3; cap++) {
            memset(msg, GUARD, sizeof msg);
            EXPECT(f->g[G_MID], want, carc_game_options_check(&bad[i].o, msg, cap));
            if (cap > 0)
                assert_int_equal(msg[cap - 1], '\0');
            check_guard(msg, cap, sizeof msg, "carc_game_options_check(short message)", __LINE__);
        }
        EXPECT(f->g[G_MID], want, carc_game_options_check(&bad[i].o, NULL, 0));
    }
    /* the message says what is wrong */
    carc_game_options o = d;
    o.players = 9;
    options_say(f, &o, CARC_ERANGE, "9");
    o = d;
    o.modules = missing_module();
    if (o.modules)
        options_say(f, &o, CARC_EUNSUPPORTED, carc_module_name(o.modules));
    /* the Count's start: what is wrong, said */
    static const struct {
        int32_t x, y;
        uint32_t rot;
        bool tile;
        const char *msg;
    } coc[] = {
        { 0, 0, 1, false, "lies in the City of Carcassonne" }, /* a place given with the default tile */
        { 0, 0, 0, true, "lies in the City of Carcassonne" },
        { -3, 0, 0, true, "does not match the City of Carcassonne" },
        { 5, 5, 0, true, "must touch a field edge of the City of Carcassonne" },
    };
    for (size_t k = 0; k < COUNT_OF(coc); k++) {
        o = d;
        o.modules = F | RV | CO;
        o.start_x = coc[k].x;
        o.start_y = coc[k].y;
        o.start_rotation = coc[k].rot;
        if (coc[k].tile)
            o.start_tile = kind_of("RA");
        options_say(f, &o, CARC_ERANGE, coc[k].msg);
    }
    o = d;
    o.modules = CO;
    o.start_tile = 3;
    options_say(f, &o, CARC_ERANGE, "no start tile may be given");
    /* every place the options accept makes a game whose spring lies there */
    int32_t places[64][3];
    unsigned np = hz_coc_springs(places, 64);
    assert_true(np > 0);
    for (unsigned k = 0; k < np; k++) {
        carc_game *g = NULL;
        carc_move t;
        uint32_t nt = 0;
        o = d;
        o.modules = F | RV | CO;
        o.allocator = &f->a;
        o.start_tile = kind_of("RA");
        o.start_x = places[k][0];
        o.start_y = places[k][1];
        o.start_rotation = (uint32_t)places[k][2];
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        assert_int_equal(carc_game_tile_at(&t, g, o.start_x, o.start_y), CARC_OK);
        assert_int_equal(t.tile, o.start_tile);
        assert_int_equal(t.rotation, o.start_rotation);
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        assert_int_equal(nt, 13);
        carc_game_free(g);
    }
    /* six players: only with Inns & Cathedrals, and the message says so; seven never */
    static const char SIX[] = "players 6 out of range 2..5 (a 6th player needs Inns & Cathedrals)";
    static const struct {
        uint32_t modules, players;
        const char *msg;
    } six[] = {
        { F, 6, SIX },
        { RV | AB, 6, SIX },
        { F, 7, "players 7 out of range 2..5" },
        { F | IN, 7, "players 7 out of range 2..6" },
        { IN | RV, 1, "players 1 out of range 2..6" },
        { F | IN, 6, "" },
        { IN | RV | AB, 6, "" },
        { F | TR, 6, SIX },
        { IN | TR, 6, "" },
        { F | CO, 6, SIX },
        { IN | CO, 6, "" },
    };
    for (size_t i = 0; i < COUNT_OF(six); i++) {
        carc_game *g = (carc_game *)(void *)msg;
        o = d;
        o.modules = six[i].modules;
        o.players = six[i].players;
        o.allocator = &f->a;
        carc_status want = six[i].msg[0] ? CARC_ERANGE : CARC_OK;
        memset(msg, GUARD, sizeof msg);
        EXPECT(f->g[G_MID], want, carc_game_options_check(&o, msg, sizeof msg));
        if (strcmp(msg, six[i].msg) != 0)
            fail_msg("%u players, modules %#x: \"%s\", expected \"%s\"", o.players, o.modules, msg, six[i].msg);
        EXPECT(f->g[G_MID], want, carc_game_new(&g, &o));
        if (want == CARC_OK)
            carc_game_free(g);
        else
            assert_null(g);
    }
}

/* ------------------------------------------------------------ life cycle */

static void m_game_free(fx *f)
{
    (void)f;
    carc_game_free(NULL); /* a no-op */
}

/* An open tile choice survives a clone or copy without history: a new
 * choice on it replaces the old one, as on the original (the two then draw
 * the same tiles, and the copy's record loads into a game that does too). */
static void open_choice_survives(fx *f, bool use_copy)
{
    carc_game *g = new_game(f, 2, 1, F), *c = NULL, *l = NULL;
    uint32_t tg = 0, tc = 0, tl = 0;
    assert_int_equal(carc_game_choose_tile(g, kind_of("V")), CARC_OK);
    if (use_copy) {
        c = new_game(f, 4, 9, 0);
        assert_int_equal(carc_game_copy(c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    } else {
        assert_int_equal(carc_game_clone(&c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    }
    assert_int_equal(carc_game_choose_tile(g, kind_of("U")), CARC_OK);
    assert_int_equal(carc_game_choose_tile(c, kind_of("U")), CARC_OK);
    carc_move m = legal_move(f, g, 0);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_play(c, &m), CARC_OK);
    char *rec = misuse_save(TILE_GAME, c);
    assert_int_equal(carc_game_load(&l, rec, strlen(rec), &f->a, NULL), CARC_OK);
    assert_int_equal(carc_game_current_tile(&tg, g), CARC_OK);
    assert_int_equal(carc_game_current_tile(&tc, c), CARC_OK);
    assert_int_equal(carc_game_current_tile(&tl, l), CARC_OK);
    free(rec);
    if (tg != tc || tl != tc)
        fail_msg("%s without history: after the same calls the original draws %s, the copy %s, its record %s",
                 use_copy ? "carc_game_copy" : "carc_game_clone", carc_tile_name(tg), carc_tile_name(tc),
                 carc_tile_name(tl));
    misuse_alike(TILE_GAME, g, c, HZ_FP_NO_UNDO);
    carc_game_free(l);
    carc_game_free(c);
    carc_game_free(g);
}

static void m_game_clone(fx *f)
{
    static const uint32_t bad[] = { 2, 4, 1u << 31, UINT32_MAX, CARC_CLONE_NO_HISTORY | 8 };
    misuse_clone_flags(f, TILE_GAME, bad, COUNT_OF(bad));
    /* a clone without history has nothing to undo */
    carc_game *c;
    assert_int_equal(carc_game_clone(&c, f->g[G_MID], CARC_CLONE_NO_HISTORY), CARC_OK);
    REJECT(c, CARC_ENO_UNDO, carc_game_undo(c));
    carc_game_free(c);
    open_choice_survives(f, false);
}

static void m_game_copy(fx *f)
{
    open_choice_survives(f, true);

    carc_game *dst = NULL;
    assert_int_equal(carc_game_clone(&dst, f->g[G_FRESH], 0), CARC_OK);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_copy(NULL, f->g[G_MID], 0));
    EXPECT(dst, CARC_EINVAL, carc_game_copy(dst, NULL, 0));
    EXPECT(dst, CARC_EINVAL, carc_game_copy(NULL, NULL, 0));
    static const uint32_t bad[] = { 2, 1u << 31, UINT32_MAX };
    FOR_GAMES(f, i) {
        for (size_t k = 0; k < COUNT_OF(bad); k++) {
            EXPECT(f->g[i], CARC_EINVAL, carc_game_copy(dst, f->g[i], bad[k]));
            EXPECT(dst, CARC_EINVAL, carc_game_copy(dst, f->g[i], bad[k]));
        }
        /* a game copied onto itself stays as it was */
        EXPECT(f->g[i], CARC_OK, carc_game_copy(f->g[i], f->g[i], 0));
        EXPECT(f->g[i], CARC_OK, carc_game_copy(f->g[i], f->g[i], CARC_CLONE_NO_HISTORY));
    }
    /* copies across player counts and modules are legal and exact */
    FOR_GAMES(f, i) {
        assert_int_equal(carc_game_copy(dst, f->g[i], 0), CARC_OK);
        misuse_alike(TILE_GAME, dst, f->g[i], 0);
    }
    carc_game_free(dst);

    /* a copy never holds memory of the source's allocator: once the games
     * made with an allocator are freed, none of its blocks is in use */
    {
        size_t live0 = f->alloc.live;
        carc_game_options o;
        carc_game *plain = NULL, *mine = new_game(f, 3, 2, F);
        play_moves(f, mine, 5, 3);
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        assert_int_equal(carc_game_new(&plain, &o), CARC_OK); /* malloc */
        assert_int_equal(carc_game_copy(plain, mine, 0), CARC_OK);
        carc_game_free(mine);
        if (f->alloc.live != live0)
            fail_msg("a copy made with another allocator keeps %zu block(s) of the source's allocator",
                     f->alloc.live - live0);
        play_moves(f, plain, 3, 4);
        carc_game_free(plain);
    }

    /* copies between games with different allocators: each game keeps
     * allocating with its own, and they can be freed in any order */
    for (int order = 0; order < 2; order++) {
        carc_game_options o;
        carc_game *plain = NULL, *mine = NULL;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.players = 4;
        assert_int_equal(carc_game_new(&plain, &o), CARC_OK); /* malloc */
        mine = new_game(f, 2, 1, F);
        assert_int_equal(carc_game_copy(mine, plain, 0), CARC_OK); /* 2 players <- 4 players */
        assert_int_equal(carc_game_copy(plain, f->g[G_MID], 0), CARC_OK);
        play_moves(f, mine, 3, 1);
        play_moves(f, plain, 3, 2);
        carc_game *first = order == 0 ? plain : mine, *last = order == 0 ? mine : plain;
        carc_game_free(first);
        play_moves(f, last, 3, 3);
        carc_game_free(last);
    }
}

static void m_game_last_error(fx *f)
{
    const char *e = carc_game_last_error(NULL);
    assert_non_null(e);
    FOR_GAMES(f, i)
        assert_non_null(carc_game_last_error(f->g[i]));
    /* a failed call leaves a message, the next successful mutation clears it */
    carc_game *g = f->g[G_MID];
    carc_move m = legal_move(f, g, 0);
    m.x += 1000;
    REJECT(g, CARC_EILLEGAL, carc_game_play(g, &m));
    m.x -= 1000;
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_string_equal(carc_game_last_error(g), "");
    /* read-only calls never touch it (checked by EXPECT everywhere) */
}

/* ------------------------------------------------------------ (out, game) getters */

#define GETTER(name, type)                                                                                         \
    static carc_status get_##name(void *out, const void *g) { return carc_game_##name((type *)out, g); }
GETTER(players, uint32_t)
GETTER(current_player, uint32_t)
GETTER(remaining, uint32_t)
GETTER(is_over, bool)
GETTER(state_size, size_t)
GETTER(current_tile, uint32_t)
#undef GETTER

static void m_game_players(fx *f) { misuse_getter(f, TILE_GAME, get_players, "carc_game_players"); }
static void m_game_current_player(fx *f)
{
    misuse_getter(f, TILE_GAME, get_current_player, "carc_game_current_player");
}
static void m_game_remaining(fx *f) { misuse_getter(f, TILE_GAME, get_remaining, "carc_game_remaining"); }
static void m_game_is_over(fx *f) { misuse_getter(f, TILE_GAME, get_is_over, "carc_game_is_over"); }
static void m_game_state_size(fx *f) { misuse_getter(f, TILE_GAME, get_state_size, "carc_game_state_size"); }

static void m_game_current_tile(fx *f)
{
    uint32_t out = 777;
    misuse_getter(f, TILE_GAME, get_current_tile, "carc_game_current_tile");
    EXPECT(f->g[G_OVER], CARC_ENOTFOUND, carc_game_current_tile(&out, f->g[G_OVER]));
    EXPECT(f->g[G_ENDED], CARC_ENOTFOUND, carc_game_current_tile(&out, f->g[G_ENDED]));
    assert_int_equal(out, 777);
}

static void m_game_can_undo(fx *f) { misuse_can_undo(f, TILE_GAME, G_FRESH); }

/* ------------------------------------------------------------ (out, game, player ...) */

static carc_status get_score(void *out, const void *g, uint32_t p) { return carc_game_score(out, g, p); }
static carc_status get_supply(void *out, const void *g, uint32_t p) { return carc_game_supply(out, g, p); }

static void m_game_score(fx *f) { misuse_player_range(f, TILE_GAME, get_score, "carc_game_score"); }
static void m_game_supply(fx *f) { misuse_player_range(f, TILE_GAME, get_supply, "carc_game_supply"); }

static void m_game_remaining_of(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    const uint32_t bad[] = { n, UINT32_MAX, 0x10000u /* no 16-bit aliasing */ };
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_remaining_of(NULL, f->g[i], 0));
        for (size_t k = 0; k < COUNT_OF(bad); k++)
            EXPECT(f->g[i], CARC_ERANGE, carc_game_remaining_of(&out, f->g[i], bad[k]));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_remaining_of(&out, NULL, 0));
    assert_int_equal(out, 777);
}

static void m_game_figure_supply(fx *f)
{
    uint32_t out = 777;
    static const uint32_t bad_figure[] = { CARC_FIGURE_NONE, CARC_FIGURE_PIG + 1, 255, 0x10001u, UINT32_MAX };
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_game_options o;
        uint32_t players = misuse_players(TILE_GAME, g), bad[8];
        size_t nb = bad_players(players, bad);
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_figure_supply(NULL, g, 0, CARC_FIGURE_FOLLOWER));
        for (size_t k = 0; k < COUNT_OF(bad_figure); k++) {
            EXPECT(g, CARC_EINVAL, carc_game_figure_supply(&out, g, 0, bad_figure[k]));
            EXPECT(g, CARC_EINVAL, carc_game_figure_supply(&out, g, players, bad_figure[k]));
        }
        for (size_t k = 0; k < nb; k++)
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_PIG; fig++)
                EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, bad[k], fig));
        assert_int_equal(out, 777);
        /* the answers: followers as carc_game_supply, the abbot 0 or 1 (only with
         * the Abbot), the big follower 0 or 1 (only with Inns & Cathedrals), the
         * builder 0 or 1 (only with Traders & Builders), the pig 0 or 1 (only
         * with Traders & Builders and farmers) */
        bool traders = (o.modules & TR) != 0;
        const uint32_t most[] = { [CARC_FIGURE_ABBOT] = (o.modules & AB) ? 1u : 0u,
                                  [CARC_FIGURE_BIG] = (o.modules & IN) ? 1u : 0u,
                                  [CARC_FIGURE_BUILDER] = traders ? 1u : 0u,
                                  [CARC_FIGURE_PIG] = traders && (o.modules & F) ? 1u : 0u };
        for (uint32_t p = 0; p < players; p++) {
            uint32_t s = 0, n = 0;
            assert_int_equal(carc_game_supply(&s, g, p), CARC_OK);
            EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_FOLLOWER));
            assert_int_equal(n, s);
            for (uint32_t fig = CARC_FIGURE_BIG; fig <= CARC_FIGURE_PIG; fig++) {
                EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, fig));
                assert_true(n <= most[fig]);
                if (fig == CARC_FIGURE_BIG && i == G_INNS)
                    assert_int_equal(n, 1);
                if (fig == CARC_FIGURE_BIG && i == G_NOBIG)
                    assert_int_equal(n, 0);
                if (fig == CARC_FIGURE_BUILDER && i == G_SECOND && p == 0) /* his builder went home with the road */
                    assert_int_equal(n, 1);
            }
        }
    }
    out = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_figure_supply(&out, NULL, 0, CARC_FIGURE_FOLLOWER));
    assert_int_equal(out, 777);
}

/* ------------------------------------------------------------ trade goods */

/* The tokens of each player and kind as the events give them: one
 * CARC_EVENT_GOODS per token; and the majorities of the end (CARC_EVENT_TRADE:
 * 10 to each player with the most tokens of its kind, none for a kind nobody
 * holds). */
static void goods_agree(carc_game *g)
{
    uint32_t players = 0, n = 0, want[6][CARC_GOOD_COUNT] = { { 0 } }, trades[CARC_GOOD_COUNT] = { 0 };
    uint32_t total[CARC_GOOD_COUNT] = { 0 };
    static const uint32_t symbols[CARC_GOOD_COUNT] = { 9, 6, 5 }; /* wine, grain, cloth in the 24 tiles */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(carc_game_event_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++) {
        carc_event e = SIZED(carc_event);
        assert_int_equal(carc_game_event(&e, g, i), CARC_OK);
        if (e.kind != CARC_EVENT_GOODS && e.kind != CARC_EVENT_TRADE) {
            assert_int_equal(e.good, 0);
            continue;
        }
        assert_true(e.good < CARC_GOOD_COUNT);
        if (e.kind == CARC_EVENT_GOODS) {
            assert_int_equal(e.points, 0);
            assert_int_equal(e.feature_kind, CARC_SEG_CITY);
            assert_int_equal(__builtin_popcount(e.players), 1);
            uint32_t p = (uint32_t)__builtin_ctz(e.players);
            assert_true(p < players);
            want[p][e.good]++;
        } else {
            assert_true(hz_over(g));
            assert_int_equal(e.points, 10);
            assert_int_equal(e.segment, CARC_NO_SEGMENT);
            trades[e.good] |= e.players;
        }
    }
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t best = 0, mask = 0, u = 0;
        for (uint32_t p = 0; p < players; p++) {
            EXPECT(g, CARC_OK, carc_game_goods(&u, g, p, k));
            if (u != want[p][k])
                fail_msg("player %u has %u tokens of good %u, the events give %u", p, u, k, want[p][k]);
            total[k] += u;
            if (u > best) {
                best = u;
                mask = 0;
            }
            if (u == best && u)
                mask |= 1u << p;
        }
        assert_true(total[k] <= symbols[k]);
        if (hz_over(g) && trades[k] != mask)
            fail_msg("good %u: the majority went to %#x, the tokens give %#x", k, trades[k], mask);
    }
}

static void m_game_goods(fx *f)
{
    static const uint32_t bad_good[] = { CARC_GOOD_COUNT, CARC_GOOD_COUNT + 1, 255, 0x10000u, 0x10001u, UINT32_MAX };
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t players = misuse_players(TILE_GAME, g), bad[8];
        size_t nb = bad_players(players, bad);
        out = 777;
        EXPECT(g, CARC_EINVAL, carc_game_goods(NULL, g, 0, CARC_GOOD_WINE));
        EXPECT(g, CARC_EINVAL, carc_game_goods(NULL, g, players, CARC_GOOD_WINE));
        EXPECT(g, CARC_EINVAL, carc_game_goods(NULL, g, 0, UINT32_MAX));
        for (size_t k = 0; k < COUNT_OF(bad_good); k++) {
            EXPECT(g, CARC_EINVAL, carc_game_goods(&out, g, 0, bad_good[k]));
            /* a bad good and a bad player: either status (the order of the checks is not specified) */
            EXPECT2(g, CARC_EINVAL, CARC_ERANGE, carc_game_goods(&out, g, players, bad_good[k]));
        }
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            for (size_t b = 0; b < nb; b++)
                EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, bad[b], k));
        assert_int_equal(out, 777); /* untouched by the failures */
        /* the answers: 0 without Traders & Builders, the events' tokens with it */
        carc_game_options o;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        for (uint32_t p = 0; p < players; p++)
            for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
                EXPECT(g, CARC_OK, carc_game_goods(&out, g, p, k));
                if (!(o.modules & TR))
                    assert_int_equal(out, 0);
            }
        goods_agree(g);
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_goods(&out, NULL, 0, CARC_GOOD_WINE));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_goods(NULL, NULL, 0, CARC_GOOD_WINE));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_goods(&out, NULL, UINT32_MAX, UINT32_MAX));

    /* whole games with Traders & Builders: the tokens, then the majorities;
     * undo gives the tokens back, the end scores them once */
    static const uint32_t sets[] = { F | TR, TR, F | RV | AB | IN | TR };
    for (size_t k = 0; k < COUNT_OF(sets); k++) {
        carc_game *g = new_game(f, 2 + (uint32_t)k, 100 + k, sets[k]);
        play_traders(f, g, 1000, 13 + k);
        assert_true(hz_over(g));
        goods_agree(g);
        assert_int_equal(carc_game_undo(g), CARC_OK); /* the last move and the final scoring */
        assert_false(hz_over(g));
        goods_agree(g);
        carc_game_free(g);
    }
}

/* ------------------------------------------------------------ the Count's city */

static void m_game_city(fx *f)
{
    static const uint32_t bad_figure[] = { CARC_FIGURE_NONE, CARC_FIGURE_ABBOT, CARC_FIGURE_BUILDER, CARC_FIGURE_PIG,
                                           6, 255, 0x10001u, UINT32_MAX };
    static const uint32_t bad_quarter[] = { 4, 5, 255, 0x10000u, UINT32_MAX };
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_game_options o;
        uint32_t players = misuse_players(TILE_GAME, g), bad[8];
        size_t nb = bad_players(players, bad);
        out = 777;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_city(NULL, g, 0, 0, CARC_FIGURE_FOLLOWER));
        EXPECT(g, CARC_EINVAL, carc_game_city(NULL, g, 4, players, 0));
        for (size_t k = 0; k < COUNT_OF(bad_quarter); k++) {
            EXPECT(g, CARC_EINVAL, carc_game_city(&out, g, bad_quarter[k], 0, CARC_FIGURE_FOLLOWER));
            EXPECT(g, CARC_EINVAL, carc_game_city(&out, g, bad_quarter[k], 0, CARC_FIGURE_BIG));
            /* a bad quarter and a bad player: either status (the order of the checks is not specified) */
            EXPECT2(g, CARC_EINVAL, CARC_ERANGE,
                    carc_game_city(&out, g, bad_quarter[k], players, CARC_FIGURE_FOLLOWER));
        }
        for (size_t k = 0; k < COUNT_OF(bad_figure); k++) {
            EXPECT(g, CARC_EINVAL, carc_game_city(&out, g, CARC_QUARTER_CASTLE, 0, bad_figure[k]));
            EXPECT2(g, CARC_EINVAL, CARC_ERANGE, carc_game_city(&out, g, CARC_QUARTER_MARKET, players, bad_figure[k]));
        }
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++)
                for (size_t b = 0; b < nb; b++)
                    EXPECT(g, CARC_ERANGE, carc_game_city(&out, g, q, bad[b], fig));
        assert_int_equal(out, 777); /* untouched by the failures */
        /* the answers: 0 without the Count; with it, followers in supply + on
         * the board + in the city make 7, and the big follower is in one place */
        uint32_t on_board[6] = { 0 }, bigs[6] = { 0 }, nf = 0;
        assert_int_equal(carc_game_figure_count(&nf, g), CARC_OK);
        for (uint32_t k = 0; k < nf; k++) {
            carc_figure_info fi = figure_info(g, k);
            on_board[fi.player] += fi.figure == CARC_FIGURE_FOLLOWER;
            bigs[fi.player] += fi.figure == CARC_FIGURE_BIG;
        }
        for (uint32_t p = 0; p < players; p++) {
            uint32_t in_city = 0, big_in = 0, s = 0, b = 0;
            for (uint32_t q = 0; q < 4; q++) {
                EXPECT(g, CARC_OK, carc_game_city(&out, g, q, p, CARC_FIGURE_FOLLOWER));
                in_city += out;
                EXPECT(g, CARC_OK, carc_game_city(&out, g, q, p, CARC_FIGURE_BIG));
                assert_true(out <= 1);
                big_in += out;
            }
            if (!(o.modules & CO))
                assert_int_equal(in_city + big_in, 0);
            assert_int_equal(carc_game_supply(&s, g, p), CARC_OK);
            assert_int_equal(carc_game_figure_supply(&b, g, p, CARC_FIGURE_BIG), CARC_OK);
            assert_int_equal(s + on_board[p] + in_city, 7);
            assert_int_equal(b + bigs[p] + big_in, (o.modules & IN) ? 1u : 0u);
        }
    }
    /* the fixture's city */
    static const struct {
        int game;
        uint32_t quarter, player, figure, want;
    } city[] = {
        { G_COC_QUARTER, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 0 },
        { G_COC_COUNT, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_EXIT, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_EXIT, CARC_QUARTER_CASTLE, 1, CARC_FIGURE_FOLLOWER, 0 },
        { G_COC_FINAL, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_BIG, 1 },
        { G_COC_FINAL, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 0 },
        { G_COC_FINAL, CARC_QUARTER_CATHEDRAL, 1, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_FINAL, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_FINAL, CARC_QUARTER_MARKET, 1, CARC_FIGURE_BIG, 0 },
    };
    for (size_t k = 0; k < COUNT_OF(city); k++) {
        EXPECT(f->g[city[k].game], CARC_OK,
               carc_game_city(&out, f->g[city[k].game], city[k].quarter, city[k].player, city[k].figure));
        if (out != city[k].want)
            fail_msg("%s game: player %u has %u of figure %u in quarter %u, expected %u", game_names[city[k].game],
                     city[k].player, out, city[k].figure, city[k].quarter, city[k].want);
    }
    out = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_city(&out, NULL, 0, 0, CARC_FIGURE_FOLLOWER));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_city(NULL, NULL, 0, 0, CARC_FIGURE_FOLLOWER));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_city(&out, NULL, UINT32_MAX, UINT32_MAX, UINT32_MAX));
    assert_int_equal(out, 777);
}

static void m_game_count(fx *f)
{
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_game_options o;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_count(NULL, g));
        if (o.modules & CO) {
            EXPECT(g, CARC_OK, carc_game_count(&out, g));
            assert_true(out < 4);
            out = 777;
            continue;
        }
        /* no Count in the game: CARC_EILLEGAL, nothing written, the game as
         * it was, the last-error text too (a read-only call; it wrote "this
         * game has no Count" before 235b057, and so did every picture) */
        EXPECT(g, CARC_EILLEGAL, carc_game_count(&out, g));
        assert_int_equal(out, 777);
    }
    static const struct {
        int game;
        uint32_t want;
    } at[] = { { G_COC_QUARTER, CARC_QUARTER_CASTLE }, { G_COC_COUNT, CARC_QUARTER_CASTLE },
               { G_COC_EXIT, CARC_QUARTER_MARKET }, { G_COC_FINAL, CARC_QUARTER_MARKET } };
    for (size_t k = 0; k < COUNT_OF(at); k++) {
        EXPECT(f->g[at[k].game], CARC_OK, carc_game_count(&out, f->g[at[k].game]));
        assert_int_equal(out, at[k].want);
    }
    out = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_count(&out, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_count(NULL, NULL));
    assert_int_equal(out, 777);
}

/* ------------------------------------------------------------ the tile choice */

/* Whether `name` is a River tile (RA..RL, not a garden copy). */
static bool river_tile(const char *name)
{
    return name[0] == 'R' && name[1] >= 'A' && name[1] <= 'L' && name[2] == '\0';
}

static void m_game_choose_tile(fx *f)
{
    uint32_t n = carc_tile_kind_count(), river = UINT32_MAX;
    if (carc_tile_find(&river, "RA") != CARC_OK)
        river = UINT32_MAX;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_choose_tile(NULL, 0));
    const uint32_t bad[] = { n, UINT32_MAX, 0x10000u + 3 };
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        bool over = hz_over(g);
        for (size_t k = 0; k < COUNT_OF(bad); k++)
            REJECT(g, CARC_ERANGE, carc_game_choose_tile(g, bad[k]));
        if (IS_COC_DECISION(i)) {
            /* a decision of the Count is pending: no tile may be chosen, left to draw or not */
            for (uint32_t k = 0; k < n; k++) {
                REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, k));
                if (strstr(carc_game_last_error(g), "Count") == NULL)
                    fail_msg("%s game: choose_tile during a decision of the Count: \"%s\"", game_names[i],
                             carc_game_last_error(g));
            }
            continue;
        }
        if (river != UINT32_MAX) /* in the catalogue, not in this game */
            REJECT(g, over ? CARC_EGAME_OVER : CARC_ENOT_IN_BAG, carc_game_choose_tile(g, river));
        if (over) {
            REJECT(g, CARC_EGAME_OVER, carc_game_choose_tile(g, 3));
            continue;
        }
        /* every kind with no copy left */
        for (uint32_t k = 0; k < n; k++) {
            uint32_t left = 1;
            assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
            if (left == 0)
                REJECT(g, CARC_ENOT_IN_BAG, carc_game_choose_tile(g, k));
        }
    }
    /* C has one copy: once it is played, it is not in the bag */
    {
        carc_game *g = new_game(f, 2, 77, F);
        uint32_t c = kind_of("C");
        assert_int_equal(carc_game_choose_tile(g, c), CARC_OK);
        carc_move m = legal_move(f, g, 0);
        assert_int_equal(m.tile, c);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        REJECT(g, CARC_ENOT_IN_BAG, carc_game_choose_tile(g, c));
        carc_game_free(g);
    }
    /* with the River: no land tile, and the lake only last, while River tiles are left */
    {
        carc_game *g = f->g[G_RIVER];
        uint32_t lake = kind_of("RL"), cur = 0;
        static const struct {
            const char *tile, *says;
        } early[] = { { "D", "River" }, { "B", "River" },   { "C", "River" }, { "E", "River" },
                      { "E.g", "River" }, { "V.g", "River" }, { "X", "River" }, { "RL", "lake" } };
        for (size_t k = 0; k < COUNT_OF(early); k++) {
            REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, kind_of(early[k].tile)));
            if (strstr(carc_game_last_error(g), early[k].says) == NULL)
                fail_msg("choose_tile(%s) with River tiles left: \"%s\"", early[k].tile, carc_game_last_error(g));
        }
        /* a course tile may be chosen (and the choice taken back) */
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        char *before = hz_fingerprint(g, HZ_FP_NO_ERROR);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t left = 0;
            const char *name = carc_tile_name(k);
            assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
            if (left && k != cur && k != lake && name[0] == 'R' && name[1] != '\0' && name[1] != '.') {
                assert_int_equal(carc_game_choose_tile(g, k), CARC_OK);
                assert_int_equal(carc_game_undo(g), CARC_OK);
                break;
            }
        }
        check_same(g, before, HZ_FP_NO_ERROR, "choose_tile + undo", __LINE__);
    }
    /* the lake once it is the last River tile; land tiles only after it */
    {
        carc_game *g = new_game(f, 2, 5, RV);
        uint32_t lake = kind_of("RL"), d = kind_of("D"), cur = 0;
        for (int i = 0; i < 10; i++) {
            assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
            assert_int_not_equal(cur, lake);
            REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, lake));
            carc_move m = legal_move(f, g, (size_t)i);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        assert_int_equal(cur, lake);
        REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, d));
        assert_int_equal(carc_game_choose_tile(g, lake), CARC_OK);
        carc_move m = legal_move(f, g, 0);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        assert_int_equal(carc_game_choose_tile(g, d), CARC_OK);
        REJECT(g, CARC_ENOT_IN_BAG, carc_game_choose_tile(g, lake));
        carc_game_free(g);
    }
    /* the River and the Count: the city hems the river in (the spring at
     * (2,-1) turned 0, the river down the city's east side and west along
     * its south side, CO/9's city cap facing its open end); the River tiles
     * left cannot be placed, the tile to place is a land tile, and it may be
     * chosen (it was refused before c551841, found by the API fuzzer: "2
     * River tiles are still to be drawn before any land tile") */
    {
        static const char *const moves[] = { "RH 2 0 270 -", "RC 2 1 90 -",      "RJ 2 2 180 -",
                                             "RD 1 2 270 -", "RB 0 2 180 road:N", "RF -1 2 270 -" };
        carc_game_options o;
        carc_game *g = NULL;
        uint32_t cur = 0, river_left = 0;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.players = 5;
        o.seed = 184;
        o.modules = RV | CO;
        o.allocator = &f->a;
        o.start_tile = kind_of("RA");
        o.start_x = 2;
        o.start_y = -1;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        for (size_t i = 0; i < COUNT_OF(moves); i++) {
            carc_move m;
            assert_int_equal(carc_move_parse(&m, moves[i]), CARC_OK);
            if (carc_game_play(g, &m) != CARC_OK)
                fail_msg("%s: %s", moves[i], carc_game_last_error(g));
        }
        for (uint32_t k = 0; k < n; k++) {
            uint32_t c = 0;
            assert_int_equal(carc_game_remaining_of(&c, g, k), CARC_OK);
            if (river_tile(carc_tile_name(k)) && c) {
                river_left += c;
                assert_int_equal(carc_game_placements(f->list, g, k, 0), CARC_OK);
                assert_int_equal(carc_movelist_count(f->list), 0);
            }
        }
        assert_true(river_left > 0);
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        assert_false(river_tile(carc_tile_name(cur)));
        if (carc_game_choose_tile(g, cur) != CARC_OK)
            fail_msg("choose_tile(%s), the tile to place, with the river hemmed in: \"%s\"", carc_tile_name(cur),
                     carc_game_last_error(g));
        carc_game_free(g);
    }
}

/* ------------------------------------------------------------ the early end */

/* The history from h0 on is passes, then the end (none if the passes ended the game). */
static void passes_then_end(const carc_game *g, uint32_t h0)
{
    uint32_t h1 = 0;
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_true(h1 > h0);
    for (uint32_t k = h0; k < h1; k++) {
        carc_history_entry e = SIZED(carc_history_entry);
        assert_int_equal(carc_game_history(&e, g, k), CARC_OK);
        if (k + 1 < h1 || (hz_over(g) && e.kind != CARC_HISTORY_END)) {
            assert_int_equal(e.kind, CARC_HISTORY_PLACE);
            assert_int_equal(e.move.kind, CARC_MOVE_PASS);
        } else {
            assert_int_equal(e.kind, CARC_HISTORY_END);
        }
    }
}

/* An end while a decision of the Count is pending in the part of the last
 * tile of the pile: the declines are the passes a player would play, after
 * which the game ends by itself (over, or the final round those passes
 * began, 12449c5); the record replays to the same game, also after exits of
 * the final round (before 235b057 its record did not load: "illegal move
 * 'exit ...': the game is over"). Random games (the first listed answer to
 * each decision now and then) until three such ends. */
static void end_after_last_tile(fx *f)
{
    unsigned found = 0;
    for (uint64_t seed = 1; seed <= 400 && found < 3; seed++) {
        carc_game *g = new_game(f, 2 + (uint32_t)(seed % 3), seed, F | CO);
        uint64_t r = seed;
        while (!hz_over(g)) {
            carc_pending pd = pending_now(g);
            uint32_t left = 0;
            assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
            if (left == 0 && pd.decision != CARC_DECISION_PLACE && !(pd.flags & CARC_PENDING_FINAL))
                break;
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            size_t n = carc_movelist_count(f->list), k = hz_rand(&r) % n;
            if (pd.decision != CARC_DECISION_PLACE && hz_rand(&r) % 3)
                k = 0;
            assert_int_equal(carc_game_play(g, &carc_movelist_data(f->list)[k]), CARC_OK);
        }
        if (!hz_over(g)) {
            found++;
            /* a: the end at once; b: the passes played, the first exit of the final round, then the end */
            carc_game *c = NULL;
            assert_int_equal(carc_game_clone(&c, g, 0), CARC_OK);
            char *before = hz_fingerprint(g, 0);
            assert_int_equal(carc_game_end(g), CARC_OK);
            carc_pending pe = pending_now(g);
            assert_true(hz_over(g) || (pe.decision == CARC_DECISION_EXIT && (pe.flags & CARC_PENDING_FINAL)));
            carc_move pass = pass_move();
            while (!hz_over(c) && !(pending_now(c).flags & CARC_PENDING_FINAL))
                assert_int_equal(carc_game_play(c, &pass), CARC_OK);
            if (!hz_over(c)) {
                assert_int_equal(carc_game_legal_moves(f->list, c, 0), CARC_OK);
                assert_int_equal(carc_game_play(c, &carc_movelist_data(f->list)[0]), CARC_OK);
                if (!hz_over(c))
                    assert_int_equal(carc_game_end(c), CARC_OK);
            }
            assert_true(hz_over(c));
            misuse_reloads(f, TILE_GAME, g, HZ_FP_NO_UNDO | HZ_FP_NO_ERROR);
            misuse_reloads(f, TILE_GAME, c, HZ_FP_NO_UNDO | HZ_FP_NO_ERROR);
            carc_game_free(c);
            /* one undo takes the end back, passes and all */
            assert_int_equal(carc_game_undo(g), CARC_OK);
            check_same(g, before, 0, "an end after the last tile + undo", __LINE__);
        }
        carc_game_free(g);
    }
    assert_true(found > 0);
}

static void m_game_end(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_end(NULL));
    /* over: nothing to do, nothing changes (not even the undo history) */
    EXPECT(f->g[G_OVER], CARC_OK, carc_game_end(f->g[G_OVER]));
    EXPECT(f->g[G_ENDED], CARC_OK, carc_game_end(f->g[G_ENDED]));
    /* after an end in play, the game is over and undo takes it back */
    carc_game *g = f->g[G_MID];
    char *before = hz_fingerprint(g, 0);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(hz_over(g));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    check_same(g, before, 0, "carc_game_end + carc_game_undo", __LINE__);
    /* the Count: an end declines the decisions of the turn part (a pass
     * each, in the history), then the final round starts if anybody may move
     * out of the city; an end in the final round declines the rest and
     * scores. One undo takes it all back. */
    FOR_GAMES(f, i) {
        if (!IS_COC_DECISION(i) && i != G_ALL && i != G_COC_RIVER)
            continue;
        g = f->g[i];
        uint32_t h0 = 0;
        carc_pending pd0 = pending_now(g);
        before = hz_fingerprint(g, 0);
        assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
        assert_int_equal(carc_game_end(g), CARC_OK);
        assert_string_equal(carc_game_last_error(g), "");
        carc_pending pd1 = pending_now(g);
        if (pd0.flags & CARC_PENDING_FINAL) {
            assert_true(hz_over(g)); /* the rest of the final round declined */
        } else if (!hz_over(g)) {
            assert_int_equal(pd1.decision, CARC_DECISION_EXIT);
            assert_int_equal(pd1.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
        }
        passes_then_end(g, h0);
        /* a second end: over now (a unit of its own if the first one left a final round) */
        bool again = !hz_over(g);
        assert_int_equal(carc_game_end(g), CARC_OK);
        assert_true(hz_over(g));
        misuse_reloads(f, TILE_GAME, g, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO); /* the record replays it */
        if (again)
            assert_int_equal(carc_game_undo(g), CARC_OK); /* the second end */
        assert_int_equal(carc_game_undo(g), CARC_OK);
        check_same(g, before, 0, "carc_game_end during a decision of the Count + carc_game_undo", __LINE__);
    }
    end_after_last_tile(f);
}

/* ------------------------------------------------------------ undo.h */

static void m_game_undo(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_undo(NULL));
    /* nothing to undo */
    REJECT(f->g[G_FRESH], CARC_ENO_UNDO, carc_game_undo(f->g[G_FRESH]));
    /* a game without a journal never has anything to undo */
    {
        carc_game *g = f->g[G_NOUNDO], *c = NULL;
        bool can = true;
        REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
        assert_int_equal(carc_game_can_undo(&can, g), CARC_OK);
        assert_false(can);
        carc_move m = legal_move(f, g, 0);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
        /* nor do its clones, with or without history */
        for (uint32_t fl = 0; fl < 2; fl++) {
            assert_int_equal(carc_game_clone(&c, g, fl), CARC_OK);
            REJECT(c, CARC_ENO_UNDO, carc_game_undo(c));
            carc_game_free(c);
        }
    }
    /* undo everything: each step restores the previous state, then ENO_UNDO */
    carc_game *g = f->g[G_ENDED];
    misuse_undo_all(TILE_GAME, g, 200);
    REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
    /* back at the start: a fresh game with these options */
    carc_game *fresh = new_game(f, 2, 8, F);
    misuse_alike(TILE_GAME, g, fresh, HZ_FP_NO_ERROR);
    carc_game_free(fresh);
}

MISUSE_AREA(misuse_area_game, "misuse_game.c", MISUSE_ENTRY(game_can_undo), MISUSE_ENTRY(game_choose_tile),
            MISUSE_ENTRY(game_city), MISUSE_ENTRY(game_clone), MISUSE_ENTRY(game_copy), MISUSE_ENTRY(game_count),
            MISUSE_ENTRY(game_current_player), MISUSE_ENTRY(game_current_tile), MISUSE_ENTRY(game_end),
            MISUSE_ENTRY(game_figure_supply), MISUSE_ENTRY(game_free), MISUSE_ENTRY(game_goods),
            MISUSE_ENTRY(game_is_over), MISUSE_ENTRY(game_last_error), MISUSE_ENTRY(game_new),
            MISUSE_ENTRY(game_options_check), MISUSE_ENTRY(game_options_get), MISUSE_ENTRY(game_options_init),
            MISUSE_ENTRY(game_players), MISUSE_ENTRY(game_remaining), MISUSE_ENTRY(game_remaining_of),
            MISUSE_ENTRY(game_score), MISUSE_ENTRY(game_state_size), MISUSE_ENTRY(game_supply),
            MISUSE_ENTRY(game_undo));
