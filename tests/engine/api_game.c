/* SPDX-License-Identifier: MIT */
/*
 * engine.api (api.h): the game's options (versions, variants, refusals),
 * queries and their errors, refused calls that change nothing, the tile
 * choice and the discard of an unplaceable tile, status names.
 */
#include "api.h"

/* The record of g, malloc'd (its length in *len). */
static char *saved(const carc_game *g, size_t *len)
{
    size_t need = 0;
    assert_int_equal(carc_game_save(NULL, 0, &need, g), CARC_EBUFFER);
    char *rec = malloc(need + 1);
    assert_non_null(rec);
    assert_int_equal(carc_game_save(rec, need + 1, NULL, g), CARC_OK);
    *len = need;
    return rec;
}

static void options(void **state)
{
    (void)state;
    carc_game_options o;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    assert_int_equal(o.players, 2);
    assert_int_equal(o.modules, CARC_MODULE_FARMERS);
    assert_int_equal(carc_game_options_init(NULL, CARC_GAME_OPTIONS_VERSION), CARC_EINVAL);
    assert_int_equal(carc_game_options_init(&o, 99), CARC_EVERSION);
    carc_game *g = (carc_game *)&o;
    assert_int_equal(carc_game_new(&g, NULL), CARC_EINVAL);
    assert_null(g);
    assert_int_equal(carc_game_new(NULL, &o), CARC_EINVAL);
    o.version = 0;
    assert_int_equal(carc_game_new(&g, &o), CARC_EVERSION);
    carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION);
    o.players = 1;
    assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
    o.players = 6;
    assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
    assert_null(g);
    {
        /* a sixth player needs Inns & Cathedrals; seven never */
        char msg[128];
        assert_int_equal(carc_game_options_check(&o, msg, sizeof msg), CARC_ERANGE);
        assert_string_equal(msg, "players 6 out of range 2..5 (a 6th player needs Inns & Cathedrals)");
        o.modules = CARC_MODULE_FARMERS | CARC_MODULE_INNS;
        assert_int_equal(carc_game_options_check(&o, msg, sizeof msg), CARC_OK);
        assert_string_equal(msg, "");
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        carc_game_free(g);
        o.players = 7;
        assert_int_equal(carc_game_options_check(&o, msg, sizeof msg), CARC_ERANGE);
        assert_string_equal(msg, "players 7 out of range 2..6");
        new_refused(&o, CARC_ERANGE);
        o.modules = CARC_MODULE_FARMERS;
    }
    o.players = 2;
    /* every module is implemented (engine.catalogue: modules); unknown flags are refused */
    assert_int_equal(carc_modules_supported() & (CARC_MODULE_COUNT | CARC_MODULE_TRADERS),
                     CARC_MODULE_COUNT | CARC_MODULE_TRADERS);
    o.modules = 1u << 30;
    assert_int_equal(carc_game_new(&g, &o), CARC_EUNSUPPORTED);
    o.modules = CARC_MODULE_FARMERS;
    o.start_rotation = 4;
    assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
    o.start_rotation = 0;
    o.start_tile = 1000;
    assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
    o.start_tile = CARC_DEFAULT_START_TILE;
    o.flags = 1u << 20; /* unknown flag */
    assert_int_equal(carc_game_new(&g, &o), CARC_EINVAL);
    o.flags = 0;
    carc_allocator bad = { NULL, NULL, NULL, NULL };
    o.allocator = &bad;
    assert_int_equal(carc_game_new(&g, &o), CARC_EINVAL);
    assert_null(g);
    o.allocator = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    carc_game_options back;
    assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
    assert_int_equal(back.players, 2);
    assert_int_equal(back.start_tile, tu_tile("D"));
    carc_game_free(g);
    carc_game_free(NULL);
    carc_movelist_free(NULL);
}

/* Options refused by carc_game_options_check are refused by carc_game_new
 * also when a game of options that resolve alike was made just before (the
 * kept ruleset): the Count with the start tile named as D at (0,0), right
 * after a Count game with the default start (found by fuzz_api). */
static void refused_options_after_a_cached_ruleset(void **state)
{
    (void)state;
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.modules = CARC_MODULE_FARMERS | CARC_MODULE_COUNT;
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    carc_game_free(g);
    o.start_tile = tu_tile("D");
    char msg[160];
    assert_int_equal(carc_game_options_check(&o, msg, sizeof msg), CARC_ERANGE);
    new_refused(&o, CARC_ERANGE);
}

/* Options version 1 (0.1: no variants) is still read, and filled without
 * touching a byte past it; rule variants are checked, kept and played. */
static void options_versions_and_variants(void **state)
{
    (void)state;
    carc_game_options o;
    memset(&o, 0xAB, sizeof o);
    assert_int_equal(carc_game_options_init(&o, 1), CARC_OK);
    assert_int_equal(o.version, 1);
    const unsigned char *bytes = (const unsigned char *)&o;
    for (size_t i = offsetof(carc_game_options, variants); i < sizeof o; i++)
        assert_int_equal(bytes[i], 0xAB); /* a 0.1 struct ends before `variants` */
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK); /* variants not read: 0 */
    carc_game_options back;
    assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
    assert_int_equal(back.version, CARC_GAME_OPTIONS_VERSION);
    assert_int_equal(back.variants, 0);
    carc_game_free(g);
    assert_int_equal(carc_game_options_init(&o, 3), CARC_EVERSION);
    assert_int_equal(carc_game_options_init(&o, 0), CARC_EVERSION);

    char why[160];
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    assert_int_equal(o.variants, 0);
    o.variants = 1u << 9;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_EINVAL);
    assert_non_null(strstr(why, "variant"));
    assert_int_equal(carc_game_new(&g, &o), CARC_EINVAL);
    assert_null(g);
    o.variants = CARC_VARIANT_COC_FINAL_MARKET; /* the Count's, without the Count */
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_EINVAL);
    assert_non_null(strstr(why, "count"));
    o.modules |= CARC_MODULE_COUNT; /* with the Count: both of its variants */
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
    assert_string_equal(why, "");
    o.variants = CARC_VARIANT_COC_FINAL_MARKET | CARC_VARIANT_COC_ONCE_PER_TURN;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_OK);
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
    assert_int_equal(back.variants, CARC_VARIANT_COC_FINAL_MARKET | CARC_VARIANT_COC_ONCE_PER_TURN);
    {
        /* the record keeps them, and a loaded game has them */
        size_t need = 0;
        char *rec = saved(g, &need);
        assert_non_null(strstr(rec, "\noption coc-final market\n"));
        assert_non_null(strstr(rec, "\noption coc-per-part no\n"));
        carc_game *h = NULL;
        assert_int_equal(carc_game_load(&h, rec, need, NULL, NULL), CARC_OK);
        assert_int_equal(carc_game_options_get(&back, h), CARC_OK);
        assert_int_equal(back.variants, CARC_VARIANT_COC_FINAL_MARKET | CARC_VARIANT_COC_ONCE_PER_TURN);
        assert_true(state_equal(g, h));
        carc_game_free(h);
        free(rec);
    }
    carc_game_free(g);
    g = NULL;
    o.variants = CARC_VARIANT_COC_ONCE_PER_TURN; /* each alone needs the Count too */
    o.modules &= ~(uint32_t)CARC_MODULE_COUNT;
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_EINVAL);
    assert_non_null(strstr(why, "count"));
    assert_int_equal(carc_game_new(&g, &o), CARC_EINVAL);
    assert_null(g);

    /* tiny-city: E closes D's cap, a 2-tile city with the knight: 2, not 4 */
    o.variants = CARC_VARIANT_TINY_CITY;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    assert_int_equal(carc_game_options_get(&back, g), CARC_OK);
    assert_int_equal(back.variants, CARC_VARIANT_TINY_CITY);
    assert_int_equal(carc_game_choose_tile(g, tu_tile("E")), CARC_OK);
    carc_move m;
    assert_int_equal(carc_move_parse(&m, "E 0 -1 180 city:S"), CARC_OK);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    int32_t score;
    assert_int_equal(carc_game_score(&score, g, 0), CARC_OK);
    assert_int_equal(score, 2);
    /* the record keeps the variant */
    size_t need = 0;
    char *rec = saved(g, &need);
    assert_non_null(strstr(rec, "\noption tiny-city yes\nstart "));
    carc_game *h = NULL;
    assert_int_equal(carc_game_load(&h, rec, need, NULL, NULL), CARC_OK);
    assert_int_equal(carc_game_options_get(&back, h), CARC_OK);
    assert_int_equal(back.variants, CARC_VARIANT_TINY_CITY);
    assert_int_equal(carc_game_score(&score, h, 0), CARC_OK);
    assert_int_equal(score, 2);
    carc_game_free(h);
    free(rec);
    carc_game_free(g);
}

static void queries(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(3, 7);
    uint32_t u;
    int32_t i;
    bool b;
    assert_int_equal(carc_game_players(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_game_players(&u, NULL), CARC_EINVAL);
    assert_int_equal(carc_game_score(&i, g, 3), CARC_ERANGE);
    assert_int_equal(carc_game_supply(&u, g, 3), CARC_ERANGE);
    assert_int_equal(carc_game_supply(&u, g, 2), CARC_OK);
    assert_int_equal(u, 7);
    assert_int_equal(carc_game_is_over(&b, g), CARC_OK);
    assert_false(b);
    assert_int_equal(carc_game_remaining(&u, g), CARC_OK);
    assert_int_equal(u, 71);
    assert_int_equal(carc_game_remaining_of(&u, g, tu_tile("D")), CARC_OK);
    assert_int_equal(u, 3);
    assert_int_equal(carc_game_remaining_of(&u, g, 999), CARC_ERANGE);
    assert_int_equal(carc_game_tile_count(&u, g), CARC_OK);
    assert_int_equal(u, 1);
    carc_move m;
    assert_int_equal(carc_game_tile(&m, g, 0), CARC_OK);
    assert_int_equal(m.tile, tu_tile("D"));
    assert_int_equal(carc_game_tile(&m, g, 1), CARC_ERANGE);
    assert_int_equal(carc_game_tile_at(&m, g, 0, 0), CARC_OK);
    assert_int_equal(carc_game_tile_at(&m, g, 0, 1), CARC_ENOTFOUND);
    assert_int_equal(carc_game_tile_at(&m, g, INT32_MAX, INT32_MIN), CARC_ENOTFOUND);
    assert_int_equal(carc_game_feature_at(&u, g, 0, 0, 99), CARC_ERANGE);
    assert_int_equal(carc_game_feature_at(&u, g, 5, 5, 0), CARC_ENOTFOUND);
    carc_feature_info fi = feature_of(g, 0, 0, 0, &u);
    assert_int_equal(fi.kind, CARC_SEG_CITY);
    assert_int_equal(fi.tiles, 1);
    assert_int_equal(fi.open_edges, 1);
    assert_int_equal(fi.complete, 0);
    assert_int_equal(carc_game_feature(&fi, g, 5000), CARC_ENOTFOUND);
    uint32_t counts[2];
    assert_int_equal(carc_game_feature_occupants(counts, 2, g, u), CARC_EINVAL); /* cap < players */
    int32_t xy[2];
    size_t n;
    assert_int_equal(carc_game_feature_tiles(xy, 1, &n, g, u), CARC_OK);
    assert_int_equal(n, 1);
    assert_int_equal(carc_game_feature_tiles(NULL, 0, &n, g, u), CARC_EBUFFER);
    assert_int_equal(carc_game_history(NULL, g, 0), CARC_EINVAL);
    carc_history_entry he = { .struct_size = sizeof he };
    assert_int_equal(carc_game_history(&he, g, 0), CARC_ERANGE);
    carc_event ev = { .struct_size = sizeof ev };
    assert_int_equal(carc_game_event(&ev, g, 0), CARC_ERANGE);
    assert_string_equal(carc_game_last_error(g), "");
    assert_non_null(carc_game_last_error(NULL));
    carc_game_free(g);
}

static void rejected_calls_change_nothing(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(2, 99);
    carc_movelist *ml;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    uint32_t tile;
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    carc_move good = carc_movelist_data(ml)[0];
    const move_change bad[] = {
        { CARC_EILLEGAL, NULL, { SET(DX, 50) } }, /* touches nothing */
        { CARC_EILLEGAL, NULL, { SET(X, 0), SET(Y, 0) } }, /* the start tile's cell */
        { CARC_ERANGE, NULL, { SET(ROTATION, 4) } },
        { CARC_EILLEGAL, NULL, { SET(TILE, (tile + 1) % carc_tile_kind_count()) } }, /* not the tile to place */
        { CARC_ERANGE, NULL, { SET(FIGURE, CARC_FIGURE_FOLLOWER), SET(SEGMENT, 77) } },
        { CARC_EINVAL, NULL, { SET(FIGURE, 200), SET(SEGMENT, 0) } },
        { CARC_EILLEGAL, NULL, { SET(FIGURE, CARC_FIGURE_BIG), SET(SEGMENT, 0) } }, /* no Inns & Cathedrals */
        { CARC_EINVAL, NULL, { SET(SEGMENT, 0) } }, /* segment without a figure */
        { CARC_EINVAL, NULL, { SET(RESERVED, 3) } },
    };
    refused_changes(g, good, bad, COUNT_OF(bad));
    assert_int_equal(carc_game_play(g, NULL), CARC_EINVAL);
    unchanged(g);
    assert_int_equal(carc_game_play(NULL, &good), CARC_EINVAL);
    assert_int_equal(carc_game_undo(g), CARC_ENO_UNDO);
    unchanged(g);
    assert_int_equal(carc_game_choose_tile(g, 999), CARC_ERANGE);
    unchanged(g);
    assert_int_equal(carc_game_choose_tile(g, tu_tile("C")), CARC_OK); /* C: one copy */
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_int_equal(carc_game_play(g, &carc_movelist_data(ml)[0]), CARC_OK);
    snap(g);
    assert_int_equal(carc_game_choose_tile(g, tu_tile("C")), CARC_ENOT_IN_BAG);
    unchanged(g);
    assert_int_equal(carc_game_legal_moves(ml, g, 7), CARC_EINVAL);
    assert_int_equal(carc_game_placements(ml, g, 999, 0), CARC_ERANGE);
    assert_int_equal(carc_game_figure_options(ml, g, &good), CARC_EILLEGAL); /* tile is no longer current */
    unchanged(g);

    /* after the end */
    assert_int_equal(carc_game_end(g), CARC_OK);
    snap(g);
    assert_int_equal(carc_game_end(g), CARC_OK); /* nothing to do */
    unchanged(g);
    assert_int_equal(carc_game_play(g, &good), CARC_EGAME_OVER);
    unchanged(g);
    assert_int_equal(carc_game_choose_tile(g, tu_tile("D")), CARC_EGAME_OVER);
    unchanged(g);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_EGAME_OVER);
    assert_int_equal(carc_movelist_count(ml), 0);
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_ENOTFOUND);
    /* undo the end: the game goes on */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_false(tu_over(g));
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* Tile choice: replaces an earlier choice, undo takes it back; an unplaceable
 * tile is discarded at once and reported (ruling 18). */
static void choice_and_discard(void **state)
{
    (void)state;
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.start_tile = tu_tile("C"); /* all city edges: a B (all fields) can never be placed */
    o.seed = 3;
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    uint32_t first, t, hist, left, ev;
    assert_int_equal(carc_game_current_tile(&first, g), CARC_OK);
    assert_int_equal(carc_game_history_count(&hist, g), CARC_OK);
    assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
    snap(g);
    /* first player chooses a placeable tile, then changes his mind */
    assert_int_equal(carc_game_choose_tile(g, tu_tile("E")), CARC_OK);
    assert_int_equal(carc_game_current_tile(&t, g), CARC_OK);
    assert_int_equal(t, tu_tile("E"));
    assert_int_equal(carc_game_choose_tile(g, tu_tile("B")), CARC_OK); /* discarded */
    uint32_t h2, left2;
    assert_int_equal(carc_game_history_count(&h2, g), CARC_OK);
    assert_int_equal(carc_game_remaining(&left2, g), CARC_OK);
    assert_true(h2 >= hist + 1);
    assert_true(left2 <= left - 1);
    carc_history_entry he = { .struct_size = sizeof he };
    assert_int_equal(carc_game_history(&he, g, hist), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_DISCARD);
    assert_int_equal(he.move.tile, tu_tile("B"));
    assert_int_equal(he.player, 0);
    assert_int_equal(carc_game_event_count(&ev, g), CARC_OK);
    carc_event e = { .struct_size = sizeof e };
    assert_int_equal(carc_game_event(&e, g, 0), CARC_OK);
    assert_int_equal(e.kind, CARC_EVENT_DISCARD);
    assert_int_equal(e.tile, tu_tile("B"));
    /* still player 0's turn, with another tile */
    uint32_t cur;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(cur, 0);
    /* undo takes the discard back: the game is as it was before the choices */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    unchanged(g);
    assert_int_equal(carc_game_undo(g), CARC_ENO_UNDO);
    carc_game_free(g);
}

static void status_strings(void **state)
{
    (void)state;
    assert_string_equal(carc_status_name(CARC_EILLEGAL), "CARC_EILLEGAL");
    assert_string_equal(carc_status_name((carc_status)12345), "CARC_UNKNOWN");
    assert_string_equal(carc_status_str((carc_status)12345), "unknown status");
}

API_AREA(api_area_game, API_TEST(options), API_TEST(options_versions_and_variants),
         API_TEST(refused_options_after_a_cached_ruleset), API_TEST(queries), API_TEST(rejected_calls_change_nothing),
         API_TEST(choice_and_discard), API_TEST(status_strings));
