/* SPDX-License-Identifier: MIT */
/*
 * engine.api (api.h): the Count of Carcassonne's queries (carc_game_city,
 * carc_game_count), its start (docs/rules.md 8.1, 8.2), and the options a
 * game of every module set reports.
 */
#include "api.h"

/* carc_game_city and carc_game_count: arguments, their errors, 0 without
 * the module; the Count's query changes nothing, the last error included. */
static void count_queries(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(3, 1, CO_MODS | CARC_MODULE_INNS);
    uint32_t u = 77;
    assert_int_equal(carc_game_city(NULL, g, 0, 0, CARC_FIGURE_FOLLOWER), CARC_EINVAL);
    assert_int_equal(carc_game_city(&u, NULL, 0, 0, CARC_FIGURE_FOLLOWER), CARC_EINVAL);
    assert_int_equal(carc_game_city(&u, g, 4, 0, CARC_FIGURE_FOLLOWER), CARC_EINVAL);
    assert_int_equal(carc_game_city(&u, g, UINT32_MAX, 0, CARC_FIGURE_FOLLOWER), CARC_EINVAL);
    static const uint32_t not_city[] = { CARC_FIGURE_NONE, CARC_FIGURE_ABBOT, CARC_FIGURE_BUILDER, CARC_FIGURE_PIG,
                                         6, UINT32_MAX };
    for (size_t i = 0; i < sizeof not_city / sizeof not_city[0]; i++)
        assert_int_equal(carc_game_city(&u, g, CARC_QUARTER_MARKET, 0, not_city[i]), CARC_EINVAL);
    assert_int_equal(carc_game_city(&u, g, 0, 3, CARC_FIGURE_FOLLOWER), CARC_ERANGE);
    assert_int_equal(carc_game_city(&u, g, 3, UINT32_MAX, CARC_FIGURE_BIG), CARC_ERANGE);
    assert_int_equal(u, 77); /* untouched by the failures */
    assert_int_equal(carc_game_count(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_game_count(&u, NULL), CARC_EINVAL);
    assert_int_equal(u, 77);
    for (uint32_t q = 0; q < 4; q++)
        for (uint32_t p = 0; p < 3; p++) {
            assert_int_equal(in_city(g, q, p, CARC_FIGURE_FOLLOWER), 0);
            assert_int_equal(in_city(g, q, p, CARC_FIGURE_BIG), 0);
        }
    assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
    assert_string_equal(carc_game_last_error(g), "");
    carc_game_free(g);

    /* without the module: nobody in any quarter; no Count */
    static const uint32_t without[] = { 0, CARC_MODULE_FARMERS, CARC_MODULE_RIVER | CARC_MODULE_INNS,
                                        CARC_MODULE_ABBOT | CARC_MODULE_TRADERS | CARC_MODULE_FARMERS };
    for (size_t i = 0; i < sizeof without / sizeof without[0]; i++) {
        g = tu_new_game_with(2, 5, without[i]);
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t p = 0; p < 2; p++) {
                u = 77;
                assert_int_equal(carc_game_city(&u, g, q, p, CARC_FIGURE_FOLLOWER), CARC_OK);
                assert_int_equal(u, 0);
                u = 77;
                assert_int_equal(carc_game_city(&u, g, q, p, CARC_FIGURE_BIG), CARC_OK);
                assert_int_equal(u, 0);
            }
        assert_int_equal(carc_game_city(&u, g, 0, 2, CARC_FIGURE_FOLLOWER), CARC_ERANGE);
        assert_int_equal(carc_game_city(&u, g, 4, 0, CARC_FIGURE_FOLLOWER), CARC_EINVAL);
        u = 77;
        snap(g);
        assert_int_equal(carc_game_count(&u, g), CARC_EILLEGAL);
        assert_int_equal(u, 77);
        unchanged(g);
        carc_game_free(g);
    }
}

/* carc_game_count takes a const game: refused without the Count, it leaves
 * the game's last-error text as it was (house style: read-only functions
 * never write to the game, last error included; concurrent const calls on
 * one handle are promised safe). */
static void count_query_is_read_only(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(2, 5);
    uint32_t u = 77;
    assert_string_equal(carc_game_last_error(g), "");
    assert_int_equal(carc_game_count(&u, g), CARC_EILLEGAL);
    assert_string_equal(carc_game_last_error(g), "");
    /* nor does it replace the message of a failed mutating call */
    assert_int_equal(carc_game_choose_tile(g, 999), CARC_ERANGE);
    char before[256];
    snprintf(before, sizeof before, "%s", carc_game_last_error(g));
    assert_true(strlen(before) > 0);
    assert_int_equal(carc_game_count(&u, g), CARC_EILLEGAL);
    assert_string_equal(carc_game_last_error(g), before);
    carc_game_free(g);
}

/* The start with the Count (docs/rules.md 8.1, 8.2): no start tile may be
 * given without the River; with it, the spring RA must be given, touch the
 * block, match every edge it shares with it, share a field edge with it, and
 * its river must not face it. The places are worked out here from the
 * block's perimeter (docs/rules.md 8.2) and RA's edges: exactly they are
 * accepted, each with the spring laid there; the options a game reports
 * create the same game again. */
static void count_start_options(void **state)
{
    (void)state;
    char why[200];
    carc_game_options o = tu_options(2, 7, CO_MODS);
    carc_game *g = (carc_game *)&o;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
    /* alone: no start tile, no start place; refused alike by carc_game_new */
    const struct {
        uint32_t tile, rotation;
        int32_t x, y;
        const char *why;
    } starts[] = {
        { tu_tile("D"), 0, 0, 0, "no start tile" },
        { tu_tile("RA"), 0, 0, 0, NULL },
        { tu_tile("E"), 0, 0, 0, NULL },
        { CARC_DEFAULT_START_TILE, 0, 3, 0, NULL },
        { CARC_DEFAULT_START_TILE, 0, 0, -1, NULL },
        { CARC_DEFAULT_START_TILE, 1, 0, 0, NULL },
        { CARC_DEFAULT_START_TILE, 4, 0, 0, NULL },
    };
    for (size_t i = 0; i < COUNT_OF(starts); i++) {
        o = tu_options(2, 7, CO_MODS);
        o.start_tile = starts[i].tile;
        o.start_rotation = starts[i].rotation;
        o.start_x = starts[i].x;
        o.start_y = starts[i].y;
        assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_ERANGE);
        if (starts[i].why)
            assert_non_null(strstr(why, starts[i].why));
        new_refused(&o, CARC_ERANGE);
    }
    carc_game_options back;

    /* with the River and no start given: the spring at its documented
     * default place, (0,-2) turned 270 (docs/rules.md 8.2) */
    const uint32_t CR = CO_MODS | CARC_MODULE_RIVER, ra = tu_tile("RA");
    o = tu_options(2, 7, CR);
    o.start_tile = CARC_DEFAULT_START_TILE;
    o.start_x = o.start_y = 0;
    o.start_rotation = 0;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
    g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
    assert_int_equal(back.start_tile, ra);
    assert_int_equal(back.start_x, 0);
    assert_int_equal(back.start_y, -2);
    assert_int_equal(back.start_rotation, 3);
    carc_game_free(g);
    o = tu_options(2, 7, CR);
    o.start_tile = tu_tile("D"); /* the spring, not another tile, at a good place for it */
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_ERANGE);
    assert_non_null(strstr(why, "RA"));

    /* the block's border, clockwise as docs/rules.md 8.2 lists it */
    static const char *const NORTH = "FFFR", *const EAST = "FFC", *const SOUTH = "CFRF", *const WEST = "RFF";
    static const int32_t DX[4] = { 0, 1, 0, -1 }, DY[4] = { -1, 0, 1, 0 };
    uint32_t good = 0;
    int32_t good_xy[16][3];
    for (int32_t y = -4; y <= 4; y++)
        for (int32_t x = -5; x <= 4; x++)
            for (uint32_t r = 0; r < 4; r++) {
                bool inside = x >= -2 && x <= 1 && y >= -1 && y <= 1;
                bool touches = false, field = false, ok = !inside;
                for (uint32_t s = 0; s < 4 && ok; s++) {
                    int32_t nx = x + DX[s], ny = y + DY[s];
                    if (!(nx >= -2 && nx <= 1 && ny >= -1 && ny <= 1))
                        continue;
                    /* the block's edge facing side s of (x, y) */
                    char theirs = s == CARC_N ? SOUTH[nx + 2] : s == CARC_S ? NORTH[nx + 2]
                                : s == CARC_E ? WEST[ny + 1] : EAST[ny + 1];
                    uint32_t e;
                    assert_int_equal(carc_tile_edge(&e, ra, r, s), CARC_OK);
                    char mine = "FRCI"[e];
                    touches = true;
                    field |= theirs == 'F';
                    ok = mine == theirs; /* a river edge never matches: it may not face the block */
                }
                ok = ok && touches && field;
                o = tu_options(2, 7, CR);
                o.start_x = x;
                o.start_y = y;
                o.start_rotation = r;
                carc_status s = carc_game_options_check(&o, why, sizeof why);
                if ((s == CARC_OK) != ok)
                    fail_msg("the spring at (%d,%d) r%u: %s (%s), the rules say %s", (int)x, (int)y, r,
                             carc_status_name(s), why, ok ? "yes" : "no");
                if (!ok) {
                    assert_int_equal(s, CARC_ERANGE);
                    assert_true(strlen(why) > 0);
                    continue;
                }
                assert_true(good < 16);
                good_xy[good][0] = x;
                good_xy[good][1] = y;
                good_xy[good][2] = (int32_t)r;
                good++;
            }
    assert_int_equal(good, 9); /* docs/rules.md 8.2: nine places qualify */
    bool helper_place = false;
    for (uint32_t i = 0; i < good; i++) {
        o = tu_options(3, 11 + i, CR);
        o.start_x = good_xy[i][0];
        o.start_y = good_xy[i][1];
        o.start_rotation = (uint32_t)good_xy[i][2];
        helper_place |= o.start_x == TU_SPRING_X && o.start_y == TU_SPRING_Y && o.start_rotation == TU_SPRING_ROT;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        carc_move t;
        uint32_t nt = 0, cur = 0;
        assert_int_equal(carc_game_tile_at(&t, g, o.start_x, o.start_y), CARC_OK);
        assert_int_equal(t.tile, ra);
        assert_int_equal(t.rotation, o.start_rotation);
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        assert_int_equal(nt, 13);
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        assert_true(tu_is_river(cur));
        /* the river goes on: a River tile fits at its open end */
        carc_movelist *ml = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_true(carc_movelist_count(ml) > 0);
        carc_movelist_free(ml);
        assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
        assert_int_equal(back.start_tile, ra);
        assert_int_equal(back.start_x, o.start_x);
        assert_int_equal(back.start_y, o.start_y);
        assert_int_equal(back.start_rotation, o.start_rotation);
        carc_game *again = NULL;
        assert_int_equal(carc_game_new(&again, &back), CARC_OK);
        assert_true(state_equal(g, again));
        carc_game_free(again);
        carc_game_free(g);
    }
    assert_true(helper_place); /* test_util.h's place is one of them */
    /* the reasons of a few bad places */
    struct { int32_t x, y; uint32_t r; const char *why; } bad[] = {
        { 0, 0, 0, "City of Carcassonne" },   /* in the block */
        { -2, -1, 2, "City of Carcassonne" }, /* on CO/1 */
        { 5, 5, 0, "touch" },                 /* far away */
        { -3, -2, 3, "touch" },               /* a corner touches no side */
        { -3, -1, 0, "field" },               /* against CO/1's road stub only: no field edge */
        { -2, -2, 0, "flow away" },           /* its river edge against CO/1's field */
        { -1, 2, 2, "flow away" },            /* its river edge against CO/10's field */
        { 1, -2, 3, "match" },                /* a field edge against CO/4's road stub */
        { 2, 1, 0, "match" },                 /* against CO/12's cap */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        o = tu_options(2, 7, CR);
        o.start_x = bad[i].x;
        o.start_y = bad[i].y;
        o.start_rotation = bad[i].r;
        assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_ERANGE);
        if (!strstr(why, bad[i].why))
            fail_msg("the spring at (%d,%d) r%u: \"%s\", expected a reason naming \"%s\"", (int)bad[i].x,
                     (int)bad[i].y, bad[i].r, why, bad[i].why);
        new_refused(&o, CARC_ERANGE);
    }
}

/* The options a game of the Count alone reports create the same game again
 * (as for every other set of modules: the default start is reported as the
 * tile it lays, D or the spring; with the Count alone no start tile may be
 * given). */
static void count_options_get(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t mods = tu_all_modules(i);
        carc_game_options o = tu_options(2, 7 + i, mods), back;
        carc_game *g = NULL, *again = NULL;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
        assert_int_equal(back.modules, mods);
        char msg[200];
        carc_status s = carc_game_options_check(&back, msg, sizeof msg);
        if (s != CARC_OK)
            fail_msg("modules %#x: carc_game_options_get gives start tile %u (%s) at (%d,%d) r%u, which "
                     "carc_game_options_check refuses (%s: %s)",
                     mods, back.start_tile, carc_tile_name(back.start_tile) ? carc_tile_name(back.start_tile) : "-",
                     (int)back.start_x, (int)back.start_y, back.start_rotation, carc_status_name(s), msg);
        assert_int_equal(carc_game_new(&again, &back), CARC_OK);
        assert_true(state_equal(g, again));
        carc_game_free(again);
        carc_game_free(g);
    }
}

API_AREA(api_area_count_setup, API_TEST(count_queries), API_TEST(count_query_is_read_only),
         API_TEST(count_start_options), API_TEST(count_options_get));
