/* SPDX-License-Identifier: MIT */
/*
 * One vocabulary (0.2.0): the names every program and binding shares.
 *  - `all` in carc_modules_parse is every module this build implements;
 *  - every combination of modules starts with no other option: with the
 *    Count and the River carc_game_new lays the spring at the documented
 *    default place (game.h, CARC_DEFAULT_START_TILE: RA at (0,-2) turned
 *    270 degrees) when no start is given; an explicit start still works, and
 *    one that breaks the rules is still refused, with a message, creating
 *    nothing; games made with the default are saved and loaded back exactly;
 *  - the library's one-ply policy is CARC_POLICY_IMMEDIATE, and
 *    CARC_POLICY_GREEDY only its deprecated alias.
 * Public API only.
 */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>

#define BOTH (CARC_MODULE_COUNT | CARC_MODULE_RIVER)

static uint32_t tile(const char *name)
{
    uint32_t k = 0;
    assert_int_equal(carc_tile_find(&k, name), CARC_OK);
    return k;
}

/* Options with these modules and nothing else changed from the defaults. */
static carc_game_options plain(uint32_t players, uint64_t seed, uint32_t modules)
{
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = players;
    o.seed = seed;
    o.modules = modules;
    return o;
}

/* Play `moves` moves (or to the end when 0) chosen by a small generator of its own. */
static void play_random(carc_game *g, uint64_t seed, uint32_t moves)
{
    carc_movelist *list = NULL;
    bool over = false;
    assert_int_equal(carc_movelist_new(&list, g), CARC_OK);
    for (uint32_t i = 0; (moves == 0 || i < moves) && carc_game_is_over(&over, g) == CARC_OK && !over; i++) {
        assert_int_equal(carc_game_legal_moves(list, g, 0), CARC_OK);
        size_t n = carc_movelist_count(list);
        assert_true(n > 0);
        carc_move m;
        assert_int_equal(carc_movelist_get(&m, list, (size_t)(tu_rand(&seed) % n)), CARC_OK);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
    }
    carc_movelist_free(list);
}

static void assert_same_game(const carc_game *a, const carc_game *b)
{
    uint64_t ha = 0, hb = 0;
    uint32_t na = 0, nb = 0, players = 0;
    assert_int_equal(carc_game_hash(&ha, a), CARC_OK);
    assert_int_equal(carc_game_hash(&hb, b), CARC_OK);
    assert_true(ha == hb);
    assert_int_equal(carc_game_history_count(&na, a), CARC_OK);
    assert_int_equal(carc_game_history_count(&nb, b), CARC_OK);
    assert_int_equal(na, nb);
    assert_int_equal(carc_game_players(&players, a), CARC_OK);
    for (uint32_t p = 0; p < players; p++) {
        int32_t sa = 0, sb = 0;
        assert_int_equal(carc_game_score(&sa, a, p), CARC_OK);
        assert_int_equal(carc_game_score(&sb, b, p), CARC_OK);
        assert_int_equal(sa, sb);
    }
}

/* --------------------------------------------------------------- `all` */

static void modules_parse_all(void **state)
{
    (void)state;
    const uint32_t every = carc_modules_supported();
    uint32_t m = 0;
    assert_true(every & CARC_MODULE_FARMERS);
    assert_int_equal(carc_modules_parse(&m, "all"), CARC_OK);
    assert_int_equal(m, every);
    assert_int_equal(carc_modules_parse(&m, " all\t"), CARC_OK);
    assert_int_equal(m, every);
    /* the names apply from left to right */
    assert_int_equal(carc_modules_parse(&m, "all,-farmers"), CARC_OK);
    assert_int_equal(m, every & ~(uint32_t)CARC_MODULE_FARMERS);
    assert_int_equal(carc_modules_parse(&m, "-farmers all"), CARC_OK);
    assert_int_equal(m, every);
    assert_int_equal(carc_modules_parse(&m, "all -count -river"), CARC_OK);
    assert_int_equal(m, every & ~(uint32_t)BOTH);
    assert_int_equal(carc_modules_parse(&m, "river,all"), CARC_OK);
    assert_int_equal(m, every);
    assert_int_equal(carc_modules_parse(&m, "-all"), CARC_OK);
    assert_int_equal(m, 0);
    assert_int_equal(carc_modules_parse(&m, "-all,river"), CARC_OK);
    assert_int_equal(m, CARC_MODULE_RIVER);
    /* every module by its own name gives the same */
    uint32_t named = 0;
    char text[128] = "";
    for (uint32_t bit = 1; bit != 0; bit <<= 1)
        if ((every & bit) && carc_module_name(bit) != NULL) {
            strcat(text, carc_module_name(bit));
            strcat(text, ",");
        }
    assert_int_equal(carc_modules_parse(&named, text), CARC_OK);
    assert_int_equal(named, every);
    /* "all" is a word of the list, not a module: no flag has that name */
    assert_null(carc_module_name(every));
    /* what is not the word is refused, and a refused parse writes nothing */
    static const char *const bad[] = { "al", "alll", "All", "ALL", "all-", "allfarmers", "all,bogus", "*" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        m = 0xABCDu;
        assert_int_equal(carc_modules_parse(&m, bad[i]), CARC_EPARSE);
        assert_int_equal(m, 0xABCDu);
    }
    assert_int_equal(carc_modules_parse(NULL, "all"), CARC_EINVAL);
    assert_int_equal(carc_modules_parse(&m, NULL), CARC_EINVAL);
    /* and a game of them starts with no other option */
    carc_game_options o = plain(3, 1, 0);
    assert_int_equal(carc_modules_parse(&o.modules, "all"), CARC_OK);
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    play_random(g, 5, 0);
    carc_game_free(g);
}

/* ------------------------------------------------------- the default start */

/* Every combination of the six modules, every player count it allows, with
 * the default options: checked without a message, created, and with the
 * Count and the River the spring lies at the documented place. */
static void every_combination_starts(void **state)
{
    (void)state;
    const uint32_t every = carc_modules_supported();
    const uint32_t ra = tile("RA");
    uint32_t tried = 0;
    for (uint32_t m = 0; m <= every; m++) {
        if (m & ~every)
            continue;
        uint32_t max = (m & CARC_MODULE_INNS) ? 6 : 5;
        for (uint32_t players = 2; players <= max; players++) {
            char why[200] = "x";
            carc_game_options o = plain(players, 100 + m, m);
            assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
            assert_string_equal(why, "");
            carc_game *g = NULL;
            if (carc_game_new(&g, &o) != CARC_OK)
                fail_msg("modules 0x%x, %u players: %s", (unsigned)m, (unsigned)players, why);
            tried++;
            if ((m & BOTH) == BOTH) {
                carc_move t;
                carc_game_options back;
                assert_int_equal(carc_game_tile_at(&t, g, 0, -2), CARC_OK);
                assert_int_equal(t.tile, ra);
                assert_int_equal(t.rotation, 3);
                assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
                assert_int_equal(back.start_tile, ra);
                assert_int_equal(back.start_x, 0);
                assert_int_equal(back.start_y, -2);
                assert_int_equal(back.start_rotation, 3);
            }
            if (players == 2)
                play_random(g, m, 40);
            carc_game_free(g);
        }
    }
    assert_int_equal(tried, 64 * 4 + 32); /* 2..5 players, and a 6th with the inns */
}

/* The default is exactly the explicit start it documents: the same games,
 * move for move; the options a game reports make it again; a version 1
 * options struct gets it too. */
static void default_is_the_documented_place(void **state)
{
    (void)state;
    carc_game_options d = plain(4, 77, BOTH | CARC_MODULE_FARMERS), e = d;
    e.start_tile = tile("RA");
    e.start_x = 0;
    e.start_y = -2;
    e.start_rotation = 3;
    /* created in turns, so that a cached ruleset of one serves the other if
     * it (wrongly) matches */
    carc_game *a = NULL, *b = NULL, *c = NULL, *v1 = NULL;
    assert_int_equal(carc_game_new(&a, &d), CARC_OK);
    assert_int_equal(carc_game_new(&b, &e), CARC_OK);
    carc_game_options back;
    assert_int_equal(carc_game_options_get(&back, a), CARC_OK);
    assert_int_equal(carc_game_new(&c, &back), CARC_OK);
    carc_game_options o1;
    assert_int_equal(carc_game_options_init(&o1, 1), CARC_OK);
    o1.players = d.players;
    o1.seed = d.seed;
    o1.modules = d.modules;
    assert_int_equal(carc_game_new(&v1, &o1), CARC_OK);
    assert_same_game(a, b);
    assert_same_game(a, c);
    assert_same_game(a, v1);
    play_random(a, 3, 0);
    play_random(b, 3, 0);
    play_random(c, 3, 0);
    play_random(v1, 3, 0);
    assert_same_game(a, b);
    assert_same_game(a, c);
    assert_same_game(a, v1);
    carc_game_free(a);
    carc_game_free(b);
    carc_game_free(c);
    carc_game_free(v1);
}

/* An explicit start still works (another of the nine places, and the
 * default tile at a place given), and one that breaks the rules is still
 * refused with a message: the call creates nothing. */
static void explicit_start(void **state)
{
    (void)state;
    const uint32_t ra = tile("RA");
    char why[200];
    carc_game *g = NULL;
    carc_game_options back;

    /* RA at (-3,0) turned 180: its field edge against CO/5 */
    carc_game_options o = plain(2, 9, BOTH | CARC_MODULE_FARMERS);
    o.start_tile = ra;
    o.start_x = -3;
    o.start_rotation = 2;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
    assert_int_equal(back.start_tile, ra);
    assert_int_equal(back.start_x, -3);
    assert_int_equal(back.start_y, 0);
    assert_int_equal(back.start_rotation, 2);
    /* the default tile at a place given: the spring there */
    carc_game_options p = o, q;
    p.start_tile = CARC_DEFAULT_START_TILE;
    carc_game *h = NULL;
    assert_int_equal(carc_game_options_check(&p, why, sizeof why), CARC_OK);
    assert_int_equal(carc_game_new(&h, &p), CARC_OK);
    assert_same_game(g, h);
    assert_int_equal(carc_game_options_get(&q, h), CARC_OK);
    assert_int_equal(q.start_tile, ra);
    assert_int_equal(q.start_x, -3);
    assert_int_equal(q.start_rotation, 2);
    carc_game_free(g);
    carc_game_free(h);

    static const struct {
        bool ra;        /* RA named (else the default tile) */
        int32_t x, y;
        uint32_t rot;
        carc_status st;
        const char *msg;
    } bad[] = {
        { true, 0, 0, 0, CARC_ERANGE, "lies in the City of Carcassonne" },  /* RA named: no default place */
        { true, -3, 0, 0, CARC_ERANGE, "does not match the City of Carcassonne" },
        { true, 5, 5, 0, CARC_ERANGE, "must touch a field edge of the City of Carcassonne" },
        { true, 0, -2, 0, CARC_ERANGE, "flow away from the City" },
        { true, 0, -2, 4, CARC_ERANGE, "rotation 4 out of range" },
        { false, 0, 0, 1, CARC_ERANGE, "lies in the City of Carcassonne" }, /* a place given: checked */
        { false, -3, 0, 0, CARC_ERANGE, "does not match the City of Carcassonne" },
        { false, 5, 5, 0, CARC_ERANGE, "must touch a field edge of the City of Carcassonne" },
        { false, 20000, 0, 0, CARC_ERANGE, "out of range" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        o = plain(2, 9, BOTH | CARC_MODULE_FARMERS);
        if (bad[k].ra)
            o.start_tile = ra;
        o.start_x = bad[k].x;
        o.start_y = bad[k].y;
        o.start_rotation = bad[k].rot;
        why[0] = '\0';
        assert_int_equal(carc_game_options_check(&o, why, sizeof why), bad[k].st);
        if (strstr(why, bad[k].msg) == NULL)
            fail_msg("start %s (%d,%d) %u: \"%s\", expected \"%s\"", bad[k].ra ? "RA" : "default", (int)bad[k].x,
                     (int)bad[k].y, (unsigned)bad[k].rot, why, bad[k].msg);
        g = (carc_game *)&o; /* not NULL: a refused call sets it to NULL */
        assert_int_equal(carc_game_new(&g, &o), bad[k].st);
        assert_null(g);
    }
    /* another tile than the spring with the River */
    o = plain(2, 9, BOTH);
    o.start_tile = tile("D");
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_ERANGE);
    assert_non_null(strstr(why, "RA"));
    /* the Count alone takes no start at all, default or not */
    o = plain(2, 9, CARC_MODULE_COUNT);
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
    o.start_tile = ra;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_ERANGE);
    o = plain(2, 9, CARC_MODULE_COUNT);
    o.start_y = -2;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_ERANGE);
    assert_non_null(strstr(why, "no start tile may be given"));
    /* the River alone: the spring at the place given, as before */
    o = plain(2, 9, CARC_MODULE_RIVER);
    o.start_x = 4;
    o.start_y = -1;
    o.start_rotation = 1;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    carc_move t;
    assert_int_equal(carc_game_tile_at(&t, g, 4, -1), CARC_OK);
    assert_int_equal(t.tile, ra);
    assert_int_equal(t.rotation, 1);
    carc_game_free(g);
}

/* Records of games made with the default start: saved with the spring's
 * place (`start RA 0 -2 270`) and loaded back to the same game, at the
 * start, part-way and at the end, with every module and with the two alone. */
static void records_round_trip(void **state)
{
    (void)state;
    static const uint32_t sets[] = { BOTH, BOTH | CARC_MODULE_FARMERS, 0x3Fu };
    static const uint32_t stops[] = { 1, 30, 0 }; /* moves: none yet (1 = one move), part-way, to the end */
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
        for (size_t k = 0; k < sizeof stops / sizeof stops[0]; k++) {
            carc_game_options o = plain(3, 40 + s, sets[s] & carc_modules_supported());
            carc_game *g = NULL, *back = NULL;
            assert_int_equal(carc_game_new(&g, &o), CARC_OK);
            play_random(g, 11 * s + k, stops[k]);
            size_t need = 0;
            assert_int_equal(carc_game_save(NULL, 0, &need, g), CARC_EBUFFER);
            char *text = malloc(need + 1);
            assert_non_null(text);
            assert_int_equal(carc_game_save(text, need + 1, NULL, g), CARC_OK);
            assert_non_null(strstr(text, "\nstart RA 0 -2 270"));
            carc_load_error err;
            memset(&err, 0, sizeof err);
            err.struct_size = sizeof err;
            if (carc_game_load(&back, text, need, NULL, &err) != CARC_OK)
                fail_msg("load: %s", err.message);
            assert_same_game(g, back);
            carc_game_options a, b;
            assert_int_equal(carc_game_options_get(&a, g), CARC_OK);
            assert_int_equal(carc_game_options_get(&b, back), CARC_OK);
            assert_int_equal(a.start_tile, b.start_tile);
            assert_int_equal(a.start_x, b.start_x);
            assert_int_equal(a.start_y, b.start_y);
            assert_int_equal(a.start_rotation, b.start_rotation);
            assert_int_equal(a.modules, b.modules);
            /* and saved again, the same text */
            size_t need2 = 0;
            assert_int_equal(carc_game_save(NULL, 0, &need2, back), CARC_EBUFFER);
            assert_int_equal(need2, need);
            char *again = malloc(need2 + 1);
            assert_non_null(again);
            assert_int_equal(carc_game_save(again, need2 + 1, NULL, back), CARC_OK);
            assert_string_equal(again, text);
            free(again);
            free(text);
            carc_game_free(g);
            carc_game_free(back);
        }
}

/* ----------------------------------------------------------- the policies */

static void policy_names(void **state)
{
    (void)state;
    assert_int_equal(CARC_POLICY_RANDOM, 0);
    assert_int_equal(CARC_POLICY_IMMEDIATE, 1);
    assert_int_equal(CARC_POLICY_GREEDY, CARC_POLICY_IMMEDIATE); /* the deprecated alias */

    carc_game_options o = plain(2, 8, 0);
    assert_int_equal(carc_modules_parse(&o.modules, "all"), CARC_OK);
    carc_game *g = NULL;
    carc_playout *p = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    assert_int_equal(carc_playout_new(&p, g), CARC_OK);
    /* the alias is the same policy: same moves, same playouts */
    for (uint64_t seed = 0; seed < 4; seed++) {
        carc_move a, b;
        uint64_t ra = seed, rb = seed;
        assert_int_equal(carc_playout_choose(&a, p, g, CARC_POLICY_IMMEDIATE, &ra), CARC_OK);
        assert_int_equal(carc_playout_choose(&b, p, g, CARC_POLICY_GREEDY, &rb), CARC_OK);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(ra == rb);
        int32_t sa[6], sb[6];
        assert_int_equal(carc_playout_run(p, g, CARC_POLICY_IMMEDIATE, seed, sa, 6, NULL), CARC_OK);
        assert_int_equal(carc_playout_run(p, g, 1u, seed, sb, 6, NULL), CARC_OK);
        assert_memory_equal(sa, sb, sizeof(int32_t) * 2);
    }
    /* no third policy: refused, nothing written */
    carc_move m;
    memset(&m, 0x5A, sizeof m);
    uint64_t rng = 3;
    assert_int_equal(carc_playout_choose(&m, p, g, CARC_POLICY_IMMEDIATE + 1, &rng), CARC_EINVAL);
    assert_true(rng == 3);
    int32_t sc[6] = { -7, -7 };
    assert_int_equal(carc_playout_run(p, g, CARC_POLICY_IMMEDIATE + 1, 1, sc, 6, NULL), CARC_EINVAL);
    assert_int_equal(sc[0], -7);
    carc_playout_free(p);
    carc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(modules_parse_all),
        cmocka_unit_test(every_combination_starts),
        cmocka_unit_test(default_is_the_documented_place),
        cmocka_unit_test(explicit_start),
        cmocka_unit_test(records_round_trip),
        cmocka_unit_test(policy_names),
    };
    return cmocka_run_group_tests_name("engine.vocabulary", tests, NULL, NULL);
}
