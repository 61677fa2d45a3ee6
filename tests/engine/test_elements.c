/* SPDX-License-Identifier: MIT */
/*
 * Rule elements (tile.h): each part of a box by itself, the boxes as their
 * shorthands, the needs between elements, the names, and records.
 *
 * - A box plays exactly as its elements named one by one (same moves, same
 *   positions, same scores), and reports itself as the box.
 * - Each element alone brings its figure and its tiles, and nothing else.
 * - Without the inn, the cathedral or the goods, the same moves give the
 *   same features the base game's scores (games played side by side).
 * - An element without one it needs is refused, with the reason.
 */
#include "test_util.h"
#include <stdio.h>

#define F CARC_MODULE_FARMERS
#define ABBOT_PARTS (CARC_MODULE_ABBOT_FIGURE | CARC_MODULE_GARDENS)
#define INNS_PARTS (CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_INN | CARC_MODULE_CATHEDRAL)
#define TRADERS_PARTS (CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER | CARC_MODULE_PIG)

static carc_game *game_of(uint32_t players, uint64_t seed, uint32_t modules)
{
    carc_game_options o = tu_options(players, seed, modules);
    carc_game *g = NULL;
    char why[200];
    if (carc_game_new(&g, &o) != CARC_OK) {
        (void)carc_game_options_check(&o, why, sizeof why);
        fail_msg("modules %#x: %s", (unsigned)modules, why);
    }
    return g;
}

static uint32_t reported_modules(const carc_game *g)
{
    carc_game_options o;
    assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
    return o.modules;
}

/* Plays the same random moves in games a and b, whose legal moves must be
 * the same at every step; `step` (may be NULL) looks at both after each. */
typedef void (*pair_step)(const carc_game *a, const carc_game *b, void *ctx);
static void play_pair(carc_game *a, carc_game *b, uint64_t seed, pair_step step, void *ctx)
{
    carc_movelist *la = NULL, *lb = NULL;
    assert_int_equal(carc_movelist_new(&la, a), CARC_OK);
    assert_int_equal(carc_movelist_new(&lb, b), CARC_OK);
    uint64_t rng = seed * 2654435761u + 1;
    while (!tu_over(a)) {
        assert_false(tu_over(b));
        assert_int_equal(carc_game_legal_moves(la, a, 0), CARC_OK);
        assert_int_equal(carc_game_legal_moves(lb, b, 0), CARC_OK);
        size_t n = carc_movelist_count(la);
        assert_int_equal(n, carc_movelist_count(lb));
        assert_true(n > 0);
        assert_memory_equal(carc_movelist_data(la), carc_movelist_data(lb), n * sizeof(carc_move));
        const carc_move *m = &carc_movelist_data(la)[tu_rand(&rng) % n];
        assert_int_equal(carc_game_play(a, m), CARC_OK);
        assert_int_equal(carc_game_play(b, m), CARC_OK);
        if (step)
            step(a, b, ctx);
    }
    assert_true(tu_over(b));
    carc_movelist_free(la);
    carc_movelist_free(lb);
}

static void same_position(const carc_game *a, const carc_game *b, void *ctx)
{
    (void)ctx;
    uint64_t ha, hb;
    assert_int_equal(carc_game_hash(&ha, a), CARC_OK);
    assert_int_equal(carc_game_hash(&hb, b), CARC_OK);
    assert_true(ha == hb);
}

/* ------------------------------------------------ a box is its elements */

static void box_is_its_elements(void **state)
{
    (void)state;
    static const struct {
        uint32_t box, parts;
    } boxes[] = {
        { CARC_MODULE_ABBOT, ABBOT_PARTS },
        { CARC_MODULE_INNS, INNS_PARTS },
        { CARC_MODULE_TRADERS, TRADERS_PARTS },
        { CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS | CARC_MODULE_RIVER,
          ABBOT_PARTS | INNS_PARTS | TRADERS_PARTS | CARC_MODULE_RIVER },
    };
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++)
        for (uint32_t farmers = 0; farmers <= F; farmers += F)
            for (uint64_t seed = 1; seed <= 3; seed++) {
                /* without farmers the box has no pig: its elements are the others */
                uint32_t parts = farmers ? boxes[i].parts : boxes[i].parts & ~(uint32_t)CARC_MODULE_PIG;
                assert_int_equal(carc_modules_elements(farmers | boxes[i].box), farmers | parts);
                carc_game *a = game_of(3, seed, farmers | boxes[i].box);
                carc_game *b = game_of(3, seed, farmers | parts);
                /* a whole box is reported as the box, however it was given */
                assert_int_equal(reported_modules(a), farmers | boxes[i].box);
                assert_int_equal(reported_modules(b), farmers | boxes[i].box);
                play_pair(a, b, seed, same_position, NULL);
                for (uint32_t p = 0; p < 3; p++) {
                    int32_t sa, sb;
                    assert_int_equal(carc_game_score(&sa, a, p), CARC_OK);
                    assert_int_equal(carc_game_score(&sb, b, p), CARC_OK);
                    assert_int_equal(sa, sb);
                }
                carc_game_free(a);
                carc_game_free(b);
            }
}

/* ------------------------------------------------- each element alone */

static void each_element_alone(void **state)
{
    (void)state;
    /* what each set brings: a figure each player holds (bit f: figure f),
     * tiles of a box (an Inns & Cathedrals tile, a Traders & Builders tile,
     * a garden copy), and whether a sixth player may sit down */
    static const struct {
        uint32_t modules;
        uint32_t figures;
        bool inns_tile, traders_tile, garden, six;
    } rows[] = {
        { F, 0, false, false, false, false },
        { F | CARC_MODULE_BIG_FOLLOWER, 1u << CARC_FIGURE_BIG, false, false, false, true },
        { CARC_MODULE_BIG_FOLLOWER, 1u << CARC_FIGURE_BIG, false, false, false, true },
        { F | CARC_MODULE_INNS_TILES, 0, true, false, false, true },
        { F | CARC_MODULE_INNS_TILES | CARC_MODULE_INN, 0, true, false, false, true },
        { F | CARC_MODULE_INNS_TILES | CARC_MODULE_CATHEDRAL, 0, true, false, false, true },
        { F | CARC_MODULE_TRADERS_TILES, 0, false, true, false, false },
        { F | CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS, 0, false, true, false, false },
        { F | CARC_MODULE_BUILDER, 1u << CARC_FIGURE_BUILDER, false, false, false, false },
        { CARC_MODULE_BUILDER, 1u << CARC_FIGURE_BUILDER, false, false, false, false },
        { F | CARC_MODULE_PIG, 1u << CARC_FIGURE_PIG, false, false, false, false },
        { F | CARC_MODULE_ABBOT_FIGURE, 1u << CARC_FIGURE_ABBOT, false, false, false, false },
        { F | CARC_MODULE_GARDENS, 0, false, false, true, false },
        { F | CARC_MODULE_GARDENS | CARC_MODULE_BUILDER | CARC_MODULE_BIG_FOLLOWER,
          1u << CARC_FIGURE_BUILDER | 1u << CARC_FIGURE_BIG, false, false, true, true },
        { F | CARC_MODULE_INNS | CARC_MODULE_TRADERS_TILES | CARC_MODULE_PIG,
          1u << CARC_FIGURE_BIG | 1u << CARC_FIGURE_PIG, true, true, false, true },
    };
    const uint32_t inns_tile = tu_tile("IC/Cccc.c"), traders_tile = tu_tile("TB/CcRR.w"), garden = tu_tile("E.g");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint32_t m = rows[i].modules, n;
        assert_int_equal(carc_tile_copies(&n, inns_tile, m), CARC_OK);
        assert_int_equal(n != 0, rows[i].inns_tile);
        assert_int_equal(carc_tile_copies(&n, traders_tile, m), CARC_OK);
        assert_int_equal(n != 0, rows[i].traders_tile);
        assert_int_equal(carc_tile_copies(&n, garden, m), CARC_OK);
        assert_int_equal(n != 0, rows[i].garden);
        carc_game_options six = tu_options(6, 1, m);
        assert_int_equal(carc_game_options_check(&six, NULL, 0) == CARC_OK, rows[i].six);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            carc_game *g = game_of(2 + (uint32_t)seed % 3, seed, m);
            for (uint32_t f = CARC_FIGURE_BIG; f <= CARC_FIGURE_PIG; f++) {
                assert_int_equal(carc_game_figure_supply(&n, g, 0, f), CARC_OK);
                assert_int_equal(n, (rows[i].figures >> f) & 1u);
            }
            /* a whole game: only the figures in play are ever offered */
            carc_movelist *l = NULL;
            assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
            uint64_t rng = seed;
            while (!tu_over(g)) {
                assert_int_equal(carc_game_legal_moves(l, g, 0), CARC_OK);
                for (size_t k = 0; k < carc_movelist_count(l); k++) {
                    uint32_t fig = carc_movelist_data(l)[k].figure;
                    if (fig > CARC_FIGURE_FOLLOWER && !((rows[i].figures >> fig) & 1u))
                        fail_msg("modules %#x: figure %u offered", (unsigned)m, (unsigned)fig);
                }
                assert_int_equal(carc_game_play(g, &carc_movelist_data(l)[tu_rand(&rng) % carc_movelist_count(l)]),
                                 CARC_OK);
            }
            carc_movelist_free(l);
            /* goods only with the goods */
            uint32_t goods = 0;
            for (uint32_t p = 0; p < 2; p++)
                for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
                    assert_int_equal(carc_game_goods(&n, g, p, k), CARC_OK);
                    goods += n;
                }
            if (!(m & CARC_MODULE_GOODS))
                assert_int_equal(goods, 0);
            carc_game_free(g);
        }
    }
}

/* -------------------------- the rules of one element, side by side */

typedef struct {
    uint32_t done;           /* events compared so far in this pair of games */
    uint32_t bonus;          /* the CARC_BONUS_* of the element taken out of b */
    uint32_t feature;        /* the kind of feature it values */
    uint32_t seen_complete;  /* such features scored during play */
    uint32_t seen_final;     /* ... and at the end */
} valued_ctx;

/* Game a has the element, b not: their events are the same, but for the
 * features it values, which b scores by the base rule. */
static void compare_values(const carc_game *a, const carc_game *b, void *vctx)
{
    valued_ctx *c = vctx;
    uint32_t na, nb;
    assert_int_equal(carc_game_event_count(&na, a), CARC_OK);
    assert_int_equal(carc_game_event_count(&nb, b), CARC_OK);
    assert_int_equal(na, nb);
    /* the events of the last move only: the earlier ones were compared */
    for (uint32_t i = c->done; i < na; i++) {
        carc_event ea = { .struct_size = sizeof ea }, eb = { .struct_size = sizeof eb };
        assert_int_equal(carc_game_event(&ea, a, i), CARC_OK);
        assert_int_equal(carc_game_event(&eb, b, i), CARC_OK);
        assert_int_equal(ea.kind, eb.kind);
        assert_int_equal(ea.feature_kind, eb.feature_kind);
        assert_int_equal(ea.players, eb.players);
        assert_int_equal(ea.returned, eb.returned);
        assert_int_equal(ea.tiles, eb.tiles);
        assert_int_equal(ea.x, eb.x);
        assert_int_equal(ea.y, eb.y);
        assert_int_equal(eb.bonus & c->bonus, 0);
        if (!(ea.bonus & c->bonus)) {
            assert_int_equal(ea.points, eb.points);
            assert_int_equal(ea.bonus, eb.bonus);
            continue;
        }
        assert_int_equal(ea.feature_kind, c->feature);
        bool complete = ea.kind == CARC_EVENT_SCORE;
        c->seen_complete += complete;
        c->seen_final += !complete;
        if (!complete) {
            assert_int_equal(ea.points, 0); /* nothing at the end */
            assert_true(eb.points > 0);
        } else if (c->feature == CARC_SEG_ROAD) {
            assert_int_equal(eb.points, (int32_t)eb.tiles); /* 1 a tile */
            assert_int_equal(ea.points, 2 * (int32_t)ea.tiles);
        } else {
            assert_int_equal(ea.points * 2, eb.points * 3); /* 3 a tile and pennant, not 2 */
        }
    }
    c->done = na;
}

static void inn_and_cathedral_by_themselves(void **state)
{
    (void)state;
    static const struct {
        uint32_t without;
        uint32_t bonus, feature;
    } cases[] = {
        { CARC_MODULE_INN, CARC_BONUS_INN, CARC_SEG_ROAD },
        { CARC_MODULE_CATHEDRAL, CARC_BONUS_CATHEDRAL, CARC_SEG_CITY },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        valued_ctx c = { 0, cases[i].bonus, cases[i].feature, 0, 0 };
        /* random games seldom complete a cathedral's city: enough of them */
        for (uint64_t seed = 1; seed <= 400 && !(c.seen_complete >= 3 && seed > 40); seed++) {
            carc_game *a = game_of(2 + (uint32_t)seed % 4, seed, F | CARC_MODULE_INNS);
            carc_game *b = game_of(2 + (uint32_t)seed % 4, seed, F | (INNS_PARTS & ~cases[i].without));
            c.done = 0;
            play_pair(a, b, seed, compare_values, &c);
            carc_game_free(a);
            carc_game_free(b);
        }
        /* the games did meet the element, during play and at the end */
        if (!c.seen_complete || !c.seen_final)
            fail_msg("case %zu: %u completed, %u at the end", i, c.seen_complete, c.seen_final);
    }
}

/* Without the goods, the same moves of Traders & Builders give the same
 * scores but for the goods' majorities, and no token. */
static void goods_by_themselves(void **state)
{
    (void)state;
    uint32_t tokens_seen = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        uint32_t players = 2 + (uint32_t)seed % 4;
        carc_game *a = game_of(players, seed, F | CARC_MODULE_TRADERS);
        carc_game *b = game_of(players, seed, F | (TRADERS_PARTS & ~(uint32_t)CARC_MODULE_GOODS));
        play_pair(a, b, seed, NULL, NULL);
        int32_t trade[6] = { 0 };
        uint32_t n, tokens = 0;
        assert_int_equal(carc_game_event_count(&n, a), CARC_OK);
        for (uint32_t i = 0; i < n; i++) {
            carc_event e = { .struct_size = sizeof e };
            assert_int_equal(carc_game_event(&e, a, i), CARC_OK);
            tokens += e.kind == CARC_EVENT_GOODS;
            for (uint32_t p = 0; e.kind == CARC_EVENT_TRADE && p < players; p++)
                if ((e.players >> p) & 1u)
                    trade[p] += e.points;
        }
        uint32_t nb;
        assert_int_equal(carc_game_event_count(&nb, b), CARC_OK);
        for (uint32_t i = 0; i < nb; i++) {
            carc_event e = { .struct_size = sizeof e };
            assert_int_equal(carc_game_event(&e, b, i), CARC_OK);
            assert_true(e.kind != CARC_EVENT_GOODS && e.kind != CARC_EVENT_TRADE);
        }
        tokens_seen += tokens;
        for (uint32_t p = 0; p < players; p++) {
            int32_t sa, sb;
            assert_int_equal(carc_game_score(&sa, a, p), CARC_OK);
            assert_int_equal(carc_game_score(&sb, b, p), CARC_OK);
            assert_int_equal(sa, sb + trade[p]);
            for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
                assert_int_equal(carc_game_goods(&n, b, p, k), CARC_OK);
                assert_int_equal(n, 0);
            }
        }
        carc_game_free(a);
        carc_game_free(b);
    }
    assert_true(tokens_seen > 0);
}

/* ------------------------------------------------------------- needs */

static void needs_are_explained(void **state)
{
    (void)state;
    static const struct {
        uint32_t modules, players;
        carc_status status;
        const char *why;
    } bad[] = {
        { CARC_MODULE_PIG, 2, CARC_EINVAL, "pig needs farmers: a pig joins a farmer of its owner on a field" },
        { CARC_MODULE_TRADERS | CARC_MODULE_PIG, 2, CARC_EINVAL, "pig needs farmers" },
        { F | CARC_MODULE_INN, 2, CARC_EINVAL, "inn needs inns-tiles: only the Inns & Cathedrals tiles show inns" },
        { F | CARC_MODULE_CATHEDRAL | CARC_MODULE_TRADERS, 2, CARC_EINVAL, "cathedral needs inns-tiles" },
        { F | CARC_MODULE_GOODS, 2, CARC_EINVAL, "goods needs traders-tiles" },
        { F | CARC_MODULE_GOODS | CARC_MODULE_INNS, 2, CARC_EINVAL, "goods needs traders-tiles" },
        { F | CARC_MODULE_TRADERS, 6, CARC_ERANGE, "a 6th player needs Inns & Cathedrals" },
        { F | CARC_MODULE_INN | CARC_MODULE_CATHEDRAL | CARC_MODULE_ABBOT, 6, CARC_ERANGE, "players 6" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_game_options o = tu_options(bad[i].players, 1, bad[i].modules);
        char why[200] = "";
        carc_game *g = NULL;
        assert_int_equal(carc_game_options_check(&o, why, sizeof why), bad[i].status);
        if (strstr(why, bad[i].why) == NULL)
            fail_msg("modules %#x: \"%s\" does not say \"%s\"", (unsigned)bad[i].modules, why, bad[i].why);
        assert_int_equal(carc_game_new(&g, &o), bad[i].status);
        assert_null(g);
    }
    /* the box without farmers: no pig, no refusal */
    carc_game *g = game_of(2, 1, CARC_MODULE_TRADERS);
    uint32_t n;
    assert_int_equal(carc_game_figure_supply(&n, g, 0, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(n, 0);
    carc_game_free(g);
}

/* ------------------------------------------------------------- names */

static void names_and_lists(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        uint32_t want;
    } lists[] = {
        { "traders,-pig", F | CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER },
        { "-farmers traders", CARC_MODULE_TRADERS },
        { "-farmers traders -pig", CARC_MODULE_TRADERS }, /* the same rules: the box without farmers */
        { "inns,-big-follower", F | CARC_MODULE_INNS_TILES | CARC_MODULE_INN | CARC_MODULE_CATHEDRAL },
        { "inns-tiles big-follower inn cathedral", F | CARC_MODULE_INNS },
        { "abbot,-gardens", F | CARC_MODULE_ABBOT_FIGURE },
        { "abbot-figure gardens", F | CARC_MODULE_ABBOT },
        { "-all,pig", CARC_MODULE_PIG }, /* given as asked: the game refuses it */
        { "all,-goods,-inn",
          F | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_COUNT | CARC_MODULE_INNS_TILES |
              CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_CATHEDRAL | CARC_MODULE_TRADERS_TILES | CARC_MODULE_BUILDER |
              CARC_MODULE_PIG },
        { "traders -traders", F },
        { "big-follower,-inns", F },
        { "inns -inn inn", F | CARC_MODULE_INNS },
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        uint32_t m = 0;
        assert_int_equal(carc_modules_parse(&m, lists[i].text), CARC_OK);
        if (m != lists[i].want)
            fail_msg("\"%s\": %#x, expected %#x", lists[i].text, (unsigned)m, (unsigned)lists[i].want);
    }
    /* every name finds its flag, and each flag has one name */
    for (uint32_t b = 0; b < 16; b++) {
        const char *name = carc_module_name(1u << b);
        uint32_t flag = 0;
        assert_non_null(name);
        assert_int_equal(carc_module_find(&flag, name), CARC_OK);
        assert_int_equal(flag, 1u << b);
    }
    assert_null(carc_module_name(1u << 16));
}

/* ----------------------------------------------------------- records */

static void records_keep_elements(void **state)
{
    (void)state;
    static const struct {
        uint32_t modules;
        const char *line;
    } cases[] = {
        { F | CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_BUILDER,
          "\nmodules farmers inns-tiles big-follower builder\n" },
        { F | CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER,
          "\nmodules farmers traders-tiles goods builder\n" },
        { F | TRADERS_PARTS, "\nmodules farmers traders\n" },
        { CARC_MODULE_GARDENS | CARC_MODULE_PIG | F, "\nmodules farmers pig gardens\n" },
        /* the longest line: every box less one element (the fuzzer found
         * that the reader took eight words at most) */
        { F | CARC_MODULE_RIVER | CARC_MODULE_COUNT | CARC_MODULE_ABBOT_FIGURE | (INNS_PARTS & ~CARC_MODULE_INN) |
              (TRADERS_PARTS & ~CARC_MODULE_GOODS),
          "\nmodules farmers river count inns-tiles big-follower cathedral traders-tiles builder pig "
          "abbot-figure\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        carc_game *g = game_of(3, 9 + i, cases[i].modules);
        carc_movelist *l = NULL;
        uint64_t rng = 9 + i;
        assert_int_equal(carc_movelist_new(&l, g), CARC_OK);
        for (uint32_t k = 0; k < 40 && !tu_over(g); k++) {
            assert_int_equal(carc_game_legal_moves(l, g, 0), CARC_OK);
            assert_int_equal(carc_game_play(g, &carc_movelist_data(l)[tu_rand(&rng) % carc_movelist_count(l)]),
                             CARC_OK);
        }
        carc_movelist_free(l);
        char buf[1 << 16];
        size_t need = 0;
        assert_int_equal(carc_game_save(buf, sizeof buf, &need, g), CARC_OK);
        if (strstr(buf, cases[i].line) == NULL)
            fail_msg("no \"%s\" in:\n%s", cases[i].line, buf);
        carc_game *back = NULL;
        assert_int_equal(carc_game_load(&back, buf, strlen(buf), NULL, NULL), CARC_OK);
        same_position(g, back, NULL);
        assert_int_equal(reported_modules(back), reported_modules(g));
        carc_game_free(back);
        carc_game_free(g);
    }
    /* a box and one of its elements name the same element twice */
    static const char twice[] = "carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers inns inn\nstart D 0 0 0\n";
    carc_game *bad = NULL;
    assert_int_equal(carc_game_load(&bad, twice, strlen(twice), NULL, NULL), CARC_EPARSE);
    assert_null(bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(box_is_its_elements),
        cmocka_unit_test(each_element_alone),
        cmocka_unit_test(inn_and_cathedral_by_themselves),
        cmocka_unit_test(goods_by_themselves),
        cmocka_unit_test(needs_are_explained),
        cmocka_unit_test(names_and_lists),
        cmocka_unit_test(records_keep_elements),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
