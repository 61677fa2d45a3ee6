/*
 * API contracts: every public function checks its arguments, returns the
 * documented status, and a rejected call leaves the game byte for byte as it
 * was (white-box comparison of the state block).
 */
#include "test_util.h"
#include <stddef.h>
#include <stdlib.h>
#include "state_equal.h"
#include <stdio.h>

static carc_game *snapshot;

static void snap(const carc_game *g)
{
    carc_game_free(snapshot);
    snapshot = NULL;
    assert_int_equal(carc_game_clone(&snapshot, g, 0), CARC_OK);
}

static void unchanged(const carc_game *g)
{
    assert_true(state_equal(g, snapshot));
    assert_int_equal(g->trail_len, snapshot->trail_len);
    assert_int_equal(g->n_marks, snapshot->n_marks);
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
        g = (carc_game *)&o;
        assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
        assert_null(g);
        o.modules = CARC_MODULE_FARMERS;
    }
    o.players = 2;
    {
        /* a module not implemented yet (the Count, Traders & Builders: whichever is still missing) */
        uint32_t missing = (CARC_MODULE_COUNT | CARC_MODULE_TRADERS) & ~carc_modules_supported();
        if (missing) {
            o.modules = missing & (~missing + 1u);
            assert_int_equal(carc_game_new(&g, &o), CARC_EUNSUPPORTED);
            assert_null(g);
        }
    }
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
    o.modules |= CARC_MODULE_COUNT; /* this build has no Count */
    assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_EUNSUPPORTED);
    o.modules &= ~(uint32_t)CARC_MODULE_COUNT;

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
    assert_int_equal(carc_game_save(NULL, 0, &need, g), CARC_EBUFFER);
    char *rec = malloc(need + 1);
    assert_non_null(rec);
    assert_int_equal(carc_game_save(rec, need + 1, NULL, g), CARC_OK);
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
    assert_int_equal(carc_game_feature_at(&u, g, 0, 0, 0), CARC_OK);
    carc_feature_info fi = { .struct_size = sizeof fi };
    assert_int_equal(carc_game_feature(&fi, g, u), CARC_OK);
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
    snap(g);

    carc_move m = good;
    m.x += 50; /* touches nothing */
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    assert_true(strlen(carc_game_last_error(g)) > 0);
    unchanged(g);
    m = good;
    m.x = 0;
    m.y = 0; /* the start tile's cell */
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    unchanged(g);
    m = good;
    m.rotation = 4;
    assert_int_equal(carc_game_play(g, &m), CARC_ERANGE);
    unchanged(g);
    m = good;
    m.tile = (uint16_t)((tile + 1) % carc_tile_kind_count()); /* not the tile to place */
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    unchanged(g);
    m = good;
    m.figure = CARC_FIGURE_FOLLOWER;
    m.segment = 77;
    assert_int_equal(carc_game_play(g, &m), CARC_ERANGE);
    unchanged(g);
    m.figure = 200;
    m.segment = 0;
    assert_int_equal(carc_game_play(g, &m), CARC_EINVAL);
    unchanged(g);
    m.figure = CARC_FIGURE_BIG; /* not in play without Inns & Cathedrals */
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    unchanged(g);
    m = good;
    m.segment = 0; /* segment without a figure */
    assert_int_equal(carc_game_play(g, &m), CARC_EINVAL);
    unchanged(g);
    m = good;
    m.reserved = 3;
    assert_int_equal(carc_game_play(g, &m), CARC_EINVAL);
    unchanged(g);
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
    carc_game_free(snapshot);
    snapshot = NULL;
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
    carc_game_free(snapshot);
    snapshot = NULL;
}

/* The big follower (Inns & Cathedrals, docs/rules.md 6.3) through the API:
 * one per player, offered wherever a follower is (after it), by the same
 * rules; none in supply once placed; refused without the module, on a
 * garden, and with none left, each refusal changing nothing. Six players. */
static void big_follower(void **state)
{
    (void)state;
    const uint32_t mods = CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_INNS;
    carc_game *g = tu_new_game_with(6, 5, mods);
    carc_movelist *ml, *fl;
    uint32_t u, players;
    int32_t sc;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(players, 6);
    assert_int_equal(carc_game_score(&sc, g, 5), CARC_OK);
    assert_int_equal(carc_game_score(&sc, g, 6), CARC_ERANGE);
    for (uint32_t p = 0; p < 6; p++) {
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG), CARC_OK);
        assert_int_equal(u, 1);
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_FOLLOWER), CARC_OK);
        assert_int_equal(u, 7);
    }
    assert_int_equal(carc_game_figure_supply(&u, g, 6, CARC_FIGURE_BIG), CARC_ERANGE);

    /* every turn of the first round: the big follower's options are the
     * follower's, right after them; the player puts the big follower down
     * (where it stays on the board, if there is such a place) */
    for (uint32_t turn = 0; turn < 6; turn++) {
        uint32_t cur, tile, tried = 0;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, turn);
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        assert_int_equal(carc_game_placements(ml, g, tile, 0), CARC_OK);
        bool stays = false;
        for (size_t i = 0; i < carc_movelist_count(ml) && !stays; i++) {
            carc_move p = carc_movelist_data(ml)[i];
            assert_int_equal(carc_game_figure_options(fl, g, &p), CARC_OK);
            const carc_move *d = carc_movelist_data(fl);
            size_t n = carc_movelist_count(fl), followers = 0, bigs = 0;
            for (size_t k = 0; k < n; k++) {
                if (d[k].figure == CARC_FIGURE_FOLLOWER) {
                    assert_int_equal(bigs, 0); /* the follower first */
                    followers++;
                } else if (d[k].figure == CARC_FIGURE_BIG) {
                    /* on a segment the follower may take */
                    bool same = false;
                    for (size_t j = 0; j < n; j++)
                        same |= d[j].figure == CARC_FIGURE_FOLLOWER && d[j].segment == d[k].segment;
                    assert_true(same);
                    bigs++;
                }
            }
            assert_int_equal(bigs, followers);
            for (size_t k = 0; k < n && !stays; k++) {
                if (d[k].figure != CARC_FIGURE_BIG)
                    continue;
                carc_move big = d[k];
                uint32_t nfig, on_board = 0;
                assert_int_equal(carc_game_check_move(g, &big), CARC_OK);
                assert_int_equal(carc_game_play(g, &big), CARC_OK);
                tried++;
                assert_int_equal(carc_game_figure_supply(&u, g, turn, CARC_FIGURE_BIG), CARC_OK);
                assert_int_equal(carc_game_figure_count(&nfig, g), CARC_OK);
                for (uint32_t f = 0; f < nfig; f++) {
                    carc_figure_info fi = { .struct_size = sizeof fi };
                    assert_int_equal(carc_game_figure(&fi, g, f), CARC_OK);
                    on_board += fi.player == turn && fi.figure == CARC_FIGURE_BIG;
                }
                assert_int_equal(u + on_board, 1); /* back in supply when its feature scored at once */
                uint32_t first = 0; /* and player 0's stays too */
                assert_int_equal(carc_game_figure_supply(&first, g, 0, CARC_FIGURE_BIG), CARC_OK);
                stays = on_board == 1 && first == 0;
                if (!stays) {
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                    assert_int_equal(carc_game_figure_options(fl, g, &p), CARC_OK); /* the list again */
                    d = carc_movelist_data(fl);
                }
            }
        }
        assert_true(tried > 0);
        assert_true(stays);
    }
    /* player 0 again: with the big follower on the board, none is offered,
     * and one is refused */
    uint32_t cur, big_out = 1;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(cur, 0);
    assert_int_equal(carc_game_figure_supply(&big_out, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(big_out, 0);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    carc_move follower = { 0 };
    bool have = false;
    for (size_t i = 0; i < carc_movelist_count(ml); i++) {
        const carc_move *d = &carc_movelist_data(ml)[i];
        assert_int_not_equal(d->figure, CARC_FIGURE_BIG);
        if (d->figure == CARC_FIGURE_FOLLOWER && !have) {
            follower = *d;
            have = true;
        }
    }
    assert_true(have);
    {
        carc_move m = follower;
        m.figure = CARC_FIGURE_BIG;
        snap(g);
        assert_int_equal(carc_game_check_move(g, &m), CARC_EILLEGAL);
        assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
        assert_true(strlen(carc_game_last_error(g)) > 0);
        unchanged(g);
    }
    carc_movelist_free(ml);
    carc_movelist_free(fl);
    carc_game_free(g);

    /* on a garden (V.g with the Abbot): only the abbot; on its road the big
     * follower is fine */
    g = tu_new_game_with(2, 9, mods);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    uint32_t vg = tu_tile("V.g"), nseg;
    assert_int_equal(carc_game_choose_tile(g, vg), CARC_OK);
    assert_int_equal(carc_game_placements(ml, g, vg, 0), CARC_OK);
    carc_move p = carc_movelist_data(ml)[0];
    assert_int_equal(carc_tile_segment_count(&nseg, vg), CARC_OK);
    snap(g);
    for (uint32_t i = 0; i < nseg; i++) {
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, vg, p.rotation, i), CARC_OK);
        carc_move m = p;
        m.figure = CARC_FIGURE_BIG;
        m.segment = (uint8_t)i;
        if (si.kind == CARC_SEG_GARDEN) {
            assert_int_equal(carc_game_check_move(g, &m), CARC_EILLEGAL);
            assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
            unchanged(g);
            m.figure = CARC_FIGURE_ABBOT;
            assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
        } else {
            m.figure = CARC_FIGURE_FOLLOWER;
            carc_status want = carc_game_check_move(g, &m);
            m.figure = CARC_FIGURE_BIG;
            assert_int_equal(carc_game_check_move(g, &m), want);
        }
    }
    carc_movelist_free(ml);
    carc_game_free(g);

    /* IC/CRCR with farmers: 8 segments a follower may take, so 1 + 8 + 8
     * figure actions per placement (more than CARCI_MAX_SEG + 2: a list made
     * for a base game overflowed in carc_game_legal_moves, fixed in f4e45ad) */
    {
        carc_game *base = tu_new_game(2, 1);
        carc_movelist *small = NULL, *pl = NULL;
        uint32_t crcr = tu_tile("IC/CRCR");
        assert_int_equal(carc_movelist_new(&small, base), CARC_OK);
        assert_int_equal(carc_movelist_new(&pl, base), CARC_OK);
        g = tu_new_game_with(2, 11, CARC_MODULE_FARMERS | CARC_MODULE_INNS);
        assert_int_equal(carc_game_choose_tile(g, crcr), CARC_OK);
        assert_int_equal(carc_game_legal_moves(small, g, 0), CARC_OK);
        assert_int_equal(carc_game_placements(pl, g, crcr, 0), CARC_OK);
        size_t np = carc_movelist_count(pl), most = 0;
        assert_true(np > 0);
        for (size_t i = 0; i < np; i++) {
            carc_move q = carc_movelist_data(pl)[i];
            assert_int_equal(carc_game_figure_options(small, g, &q), CARC_OK);
            if (carc_movelist_count(small) > most)
                most = carc_movelist_count(small);
        }
        assert_int_equal(most, 17); /* no figure, the follower or the big follower on each of 8 */
        assert_int_equal(carc_game_legal_moves(small, g, 0), CARC_OK);
        carc_movelist_free(small);
        carc_movelist_free(pl);
        carc_game_free(base);
        carc_game_free(g);
    }

    /* without farmers: not on a field either */
    g = tu_new_game_with(6, 9, CARC_MODULE_INNS);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    p = carc_movelist_data(ml)[0];
    assert_int_equal(carc_tile_segment_count(&nseg, p.tile), CARC_OK);
    snap(g);
    for (uint32_t i = 0; i < nseg; i++) {
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, p.tile, p.rotation, i), CARC_OK);
        carc_move m = p;
        m.figure = CARC_FIGURE_BIG;
        m.segment = (uint8_t)i;
        if (si.kind == CARC_SEG_FIELD) {
            assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
            unchanged(g);
        }
    }
    carc_movelist_free(ml);
    carc_game_free(g);
    carc_game_free(snapshot);
    snapshot = NULL;
}

/* ------------------------------------------------------------ Traders & Builders */

#define TB_MODS (CARC_MODULE_FARMERS | CARC_MODULE_TRADERS)

/* The rotation at which `kind` shows these edges (N E S W; -1: any side). */
static uint8_t rotation_with(uint32_t kind, int n, int e, int s, int w)
{
    const int want[4] = { n, e, s, w };
    for (uint32_t r = 0; r < 4; r++) {
        bool ok = true;
        for (uint32_t side = 0; side < 4 && ok; side++) {
            uint32_t edge;
            assert_int_equal(carc_tile_edge(&edge, kind, r, side), CARC_OK);
            ok = want[side] < 0 || edge == (uint32_t)want[side];
        }
        if (ok)
            return (uint8_t)r;
    }
    fail_msg("%s shows no such edges", carc_tile_name(kind));
    return 0;
}

static carc_move place_at(int32_t x, int32_t y, uint32_t kind, uint8_t rot, uint8_t figure, uint8_t segment)
{
    carc_move m = { x, y, (uint16_t)kind, rot, figure, segment, CARC_MOVE_PLACE, 0, 0 };
    return m;
}

static carc_move pass_move(void)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.segment = CARC_NO_SEGMENT;
    return m;
}

/* Whether list l holds a move with this figure (at this cell, if x/y given). */
static bool list_has_figure(const carc_movelist *l, uint8_t figure)
{
    for (size_t i = 0; i < carc_movelist_count(l); i++)
        if (carc_movelist_data(l)[i].figure == figure)
            return true;
    return false;
}

static uint32_t tokens(const carc_game *g, uint32_t player, uint32_t good)
{
    uint32_t n = 99;
    assert_int_equal(carc_game_goods(&n, g, player, good), CARC_OK);
    return n;
}

/* carc_game_goods checks its arguments; a game without the module has no
 * tokens, builders or pigs. */
static void goods_arguments(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(3, 4, TB_MODS);
    uint32_t u = 7;
    assert_int_equal(carc_game_goods(NULL, g, 0, CARC_GOOD_WINE), CARC_EINVAL);
    assert_int_equal(carc_game_goods(&u, NULL, 0, CARC_GOOD_WINE), CARC_EINVAL);
    assert_int_equal(carc_game_goods(&u, g, 0, CARC_GOOD_COUNT), CARC_EINVAL);
    assert_int_equal(carc_game_goods(&u, g, 0, UINT32_MAX), CARC_EINVAL);
    assert_int_equal(carc_game_goods(&u, g, 3, CARC_GOOD_WINE), CARC_ERANGE);
    assert_int_equal(carc_game_goods(&u, g, UINT32_MAX, CARC_GOOD_CLOTH), CARC_ERANGE);
    assert_int_equal(u, 7); /* untouched by the failures */
    for (uint32_t p = 0; p < 3; p++)
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            assert_int_equal(tokens(g, p, k), 0);
    for (uint32_t p = 0; p < 3; p++) {
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BUILDER), CARC_OK);
        assert_int_equal(u, 1);
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_PIG), CARC_OK);
        assert_int_equal(u, 1);
    }
    carc_game_free(g);
    g = tu_new_game(2, 4);
    assert_int_equal(carc_game_goods(&u, g, 1, CARC_GOOD_GRAIN), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(u, 0);
    carc_game_free(g);
}

/* A city of Traders & Builders tiles, built by hand north of the start tile
 * D (city N, road E-W at (0,0)):
 *   turn 0, player 0: TB/Cc.w at (0,-1), city S+E joining D's, his follower in it;
 *   turn 1, player 1: TB/Cc.g at (1,-1), city W+N (no builder: no follower of his);
 *   turn 2, player 0: a builder is fine on an N at (1,-2) that extends it (still
 *   open), refused on an E there that completes it; the E completes it and
 *   player 0 takes a wine and a grain token, in two events.
 * carc_feature_info.goods and .special follow; builders and pigs are refused
 * without an own follower or farmer. */
static void builder_and_goods(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 1, TB_MODS);
    carc_movelist *ml;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    carc_move t;
    assert_int_equal(carc_game_tile_at(&t, g, 0, 0), CARC_OK);
    assert_int_equal(t.tile, tu_tile("D"));
    assert_int_equal(t.rotation, 0);
    const int C = CARC_EDGE_CITY;

    /* turn 0 */
    uint32_t ccw = tu_tile("TB/Cc.w"), ccg = tu_tile("TB/Cc.g");
    assert_int_equal(carc_game_choose_tile(g, ccw), CARC_OK);
    uint8_t r0 = rotation_with(ccw, -1, C, C, -1);
    carc_move m = place_at(0, -1, ccw, r0, CARC_FIGURE_BUILDER, 0);
    snap(g);
    assert_int_equal(carc_game_check_move(g, &m), CARC_EILLEGAL); /* no follower of his in the city yet */
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    assert_non_null(strstr(carc_game_last_error(g), "builder"));
    unchanged(g);
    m = place_at(0, -1, ccw, r0, CARC_FIGURE_PIG, 1);
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL); /* no farmer of his in the field */
    assert_non_null(strstr(carc_game_last_error(g), "farmer"));
    unchanged(g);
    /* on the first turn nobody has a follower anywhere: no builder, no pig offered */
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_false(list_has_figure(ml, CARC_FIGURE_BUILDER));
    assert_false(list_has_figure(ml, CARC_FIGURE_PIG));
    m = place_at(0, -1, ccw, r0, CARC_FIGURE_FOLLOWER, 0);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    uint32_t f;
    carc_feature_info fe = { .struct_size = sizeof fe };
    assert_int_equal(carc_game_feature_at(&f, g, 0, -1, 0), CARC_OK);
    assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
    assert_int_equal(fe.kind, CARC_SEG_CITY);
    assert_int_equal(fe.tiles, 2);
    assert_int_equal(fe.complete, 0);
    assert_int_equal(fe.goods[CARC_GOOD_WINE], 1);
    assert_int_equal(fe.goods[CARC_GOOD_GRAIN], 0);
    assert_int_equal(fe.goods[CARC_GOOD_CLOTH], 0);
    assert_int_equal(fe.special, CARC_SEGMENT_WINE);
    /* the same city seen from D */
    uint32_t fd;
    assert_int_equal(carc_game_feature_at(&fd, g, 0, 0, 0), CARC_OK);
    assert_int_equal(fd, f);
    /* the field of TB/Cc.w and a road have no goods */
    assert_int_equal(carc_game_feature_at(&f, g, 0, -1, 1), CARC_OK);
    assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
    assert_int_equal(fe.kind, CARC_SEG_FIELD);
    assert_int_equal(fe.goods[0] + fe.goods[1] + fe.goods[2], 0);
    assert_int_equal(fe.special, 0);

    /* turn 1: player 1 has no follower in the city */
    assert_int_equal(carc_game_choose_tile(g, ccg), CARC_OK);
    uint8_t r1 = rotation_with(ccg, C, -1, -1, C);
    m = place_at(1, -1, ccg, r1, CARC_FIGURE_BUILDER, 0);
    snap(g);
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    unchanged(g);
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_figure_options(ml, g, &m), CARC_OK);
    assert_false(list_has_figure(ml, CARC_FIGURE_BUILDER));
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_feature_at(&f, g, 1, -1, 0), CARC_OK);
    assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
    assert_int_equal(fe.tiles, 3);
    assert_int_equal(fe.goods[CARC_GOOD_WINE], 1);
    assert_int_equal(fe.goods[CARC_GOOD_GRAIN], 1);
    assert_int_equal(fe.special, CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN);
    assert_int_equal(fe.open_edges, 1); /* the north side of (1,-1) */

    /* turn 2: an N (city N+E) extends the city and leaves it open: the builder may go there */
    uint32_t n = tu_tile("N"), e = tu_tile("E"), cur;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(cur, 0);
    assert_int_equal(carc_game_choose_tile(g, n), CARC_OK);
    uint8_t rn = rotation_with(n, -1, C, C, -1);
    m = place_at(1, -2, n, rn, CARC_FIGURE_BUILDER, 0);
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    carc_move nb = m;
    nb.figure = CARC_FIGURE_NONE;
    nb.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_figure_options(ml, g, &nb), CARC_OK);
    assert_true(list_has_figure(ml, CARC_FIGURE_BUILDER));
    /* an E (city cap) there completes it: no builder */
    assert_int_equal(carc_game_choose_tile(g, e), CARC_OK); /* replaces the choice */
    uint8_t re = rotation_with(e, -1, -1, C, -1);
    m = place_at(1, -2, e, re, CARC_FIGURE_BUILDER, 0);
    snap(g);
    assert_int_equal(carc_game_check_move(g, &m), CARC_EILLEGAL);
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
    assert_non_null(strstr(carc_game_last_error(g), "not complete"));
    unchanged(g);
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_figure_options(ml, g, &m), CARC_OK);
    assert_false(list_has_figure(ml, CARC_FIGURE_BUILDER));
    uint32_t ev0, ev1;
    assert_int_equal(carc_game_event_count(&ev0, g), CARC_OK);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_event_count(&ev1, g), CARC_OK);
    /* the city scored (4 tiles: 8 for player 0), then the tokens to the placer */
    assert_int_equal(ev1 - ev0, 3);
    carc_event ev = { .struct_size = sizeof ev };
    assert_int_equal(carc_game_event(&ev, g, ev0), CARC_OK);
    assert_int_equal(ev.kind, CARC_EVENT_SCORE);
    assert_int_equal(ev.points, 8);
    assert_int_equal(ev.players, 1u);
    uint32_t seen = 0;
    for (uint32_t i = ev0 + 1; i < ev1; i++) {
        assert_int_equal(carc_game_event(&ev, g, i), CARC_OK);
        assert_int_equal(ev.kind, CARC_EVENT_GOODS);
        assert_int_equal(ev.players, 1u);
        assert_int_equal(ev.points, 0);
        assert_int_equal(ev.feature_kind, CARC_SEG_CITY);
        assert_int_equal(ev.tiles, 4);
        assert_true(ev.good == CARC_GOOD_WINE || ev.good == CARC_GOOD_GRAIN);
        seen |= 1u << ev.good;
    }
    assert_int_equal(seen, 3u);
    assert_int_equal(tokens(g, 0, CARC_GOOD_WINE), 1);
    assert_int_equal(tokens(g, 0, CARC_GOOD_GRAIN), 1);
    assert_int_equal(tokens(g, 0, CARC_GOOD_CLOTH), 0);
    assert_int_equal(tokens(g, 1, CARC_GOOD_WINE) + tokens(g, 1, CARC_GOOD_GRAIN), 0);
    assert_int_equal(carc_game_feature_at(&f, g, 1, -2, 0), CARC_OK);
    assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
    assert_int_equal(fe.complete, 1);
    assert_int_equal(fe.goods[CARC_GOOD_WINE], 1);
    assert_int_equal(fe.goods[CARC_GOOD_GRAIN], 1);
    /* the end: player 0 has the wine and grain majorities, nobody the cloth (T-2) */
    int32_t s0, s1;
    assert_int_equal(carc_game_score(&s1, g, 1), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_int_equal(carc_game_event_count(&ev1, g), CARC_OK);
    uint32_t trades = 0;
    for (uint32_t i = 0; i < ev1; i++) {
        assert_int_equal(carc_game_event(&ev, g, i), CARC_OK);
        if (ev.kind != CARC_EVENT_TRADE)
            continue;
        trades++;
        assert_int_not_equal(ev.good, CARC_GOOD_CLOTH);
        assert_int_equal(ev.players, 1u);
        assert_int_equal(ev.points, 10);
        assert_int_equal(ev.segment, CARC_NO_SEGMENT);
    }
    assert_int_equal(trades, 2);
    assert_int_equal(carc_game_score(&s0, g, 0), CARC_OK);
    assert_true(s0 >= 8 + 20);
    carc_movelist_free(ml);
    carc_game_free(g);
    carc_game_free(snapshot);
    snapshot = NULL;
}

/* The pig: not in play without farmers (none in supply, none listed, refused
 * as such); with farmers, only on a field that holds a farmer of the player. */
static void pig_rules(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CARC_MODULE_TRADERS); /* no farmers */
    carc_movelist *ml;
    uint32_t u;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(u, 1);
    /* a few turns: never a pig offered; a pig refused wherever the tile goes */
    for (int turn = 0; turn < 12; turn++) {
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_false(list_has_figure(ml, CARC_FIGURE_PIG));
        carc_move m = carc_movelist_data(ml)[carc_movelist_count(ml) - 1];
        if (m.kind == CARC_MOVE_PASS)
            m = carc_movelist_data(ml)[1];
        uint32_t nseg;
        assert_int_equal(carc_tile_segment_count(&nseg, m.tile), CARC_OK);
        snap(g);
        for (uint32_t i = 0; i < nseg; i++) {
            carc_move p = m;
            p.figure = CARC_FIGURE_PIG;
            p.segment = (uint8_t)i;
            assert_int_equal(carc_game_play(g, &p), CARC_EILLEGAL);
            unchanged(g);
        }
        assert_non_null(strstr(carc_game_last_error(g), "not in play"));
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
    }
    carc_movelist_free(ml);
    carc_game_free(g);

    /* with farmers: player 0's farmer on a B at (0,1) (south of D); player 1
     * may not put a pig into that field, player 0 may */
    g = tu_new_game_with(2, 3, TB_MODS);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    uint32_t b = tu_tile("B");
    assert_int_equal(carc_game_choose_tile(g, b), CARC_OK);
    carc_move m = place_at(0, 1, b, 0, CARC_FIGURE_PIG, 0);
    snap(g);
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL); /* no farmer yet */
    unchanged(g);
    m.figure = CARC_FIGURE_FOLLOWER; /* a farmer */
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, b), CARC_OK);
    m = place_at(0, 2, b, 0, CARC_FIGURE_PIG, 0);
    snap(g);
    assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL); /* player 1: not his farmer */
    unchanged(g);
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, b), CARC_OK);
    m = place_at(1, 1, b, 0, CARC_FIGURE_PIG, 0);
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    carc_move nf = m;
    nf.figure = CARC_FIGURE_NONE;
    nf.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_figure_options(ml, g, &nf), CARC_OK);
    assert_true(list_has_figure(ml, CARC_FIGURE_PIG));
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(u, 0);
    /* the field holds player 0's farmer and pig */
    uint32_t f, counts[2];
    assert_int_equal(carc_game_feature_at(&f, g, 1, 1, 0), CARC_OK);
    assert_int_equal(carc_game_feature_occupants(counts, 2, g, f), CARC_OK);
    assert_int_equal(counts[0], 2);
    assert_int_equal(counts[1], 0);
    /* at the end the field borders no completed city: 0 points, and the pig
     * changes nothing (no bonus, no second event) */
    uint32_t ev0, ev1, field_events = 0;
    assert_int_equal(carc_game_event_count(&ev0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_int_equal(carc_game_event_count(&ev1, g), CARC_OK);
    for (uint32_t i = ev0; i < ev1; i++) {
        carc_event ev = { .struct_size = sizeof ev };
        assert_int_equal(carc_game_event(&ev, g, i), CARC_OK);
        if (ev.kind != CARC_EVENT_FINAL || ev.feature_kind != CARC_SEG_FIELD)
            continue;
        uint32_t ef;
        assert_int_equal(carc_game_feature_at(&ef, g, ev.x, ev.y, ev.segment), CARC_OK);
        if (ef != f)
            continue;
        field_events++;
        assert_int_equal(ev.points, 0);
        assert_int_equal(ev.players, 1u);
        assert_int_equal(ev.bonus, 0);
    }
    assert_true(field_events <= 1);
    carc_movelist_free(ml);
    carc_game_free(g);
    carc_game_free(snapshot);
    snapshot = NULL;
}

/* Plays seeded games (builders first, followers on roads and cities often)
 * until a builder's double turn: returns the game with the second tile
 * pending, the state before its first part in *before and that move in *first. */
static carc_game *to_second_tile(uint64_t seed, carc_game **before, carc_move *first)
{
    for (uint64_t s = seed; s < seed + 50; s++) {
        carc_game *g = tu_new_game_with(2, s, TB_MODS);
        carc_movelist *ml;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        uint64_t rng = s * 7919 + 1;
        *before = NULL;
        while (!tu_over(g)) {
            assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
            const carc_move *d = carc_movelist_data(ml);
            size_t n = carc_movelist_count(ml), pick = tu_rand(&rng) % n;
            for (size_t k = 0; k < n; k++)
                if (d[k].figure == CARC_FIGURE_BUILDER) {
                    pick = k;
                    break;
                }
            if (d[pick].figure != CARC_FIGURE_BUILDER && tu_rand(&rng) % 2)
                for (size_t k = 0; k < n; k++) {
                    const carc_move *c = &d[(pick + k) % n];
                    carc_segment_info si = { .struct_size = sizeof si };
                    if (c->figure != CARC_FIGURE_FOLLOWER)
                        continue;
                    assert_int_equal(carc_tile_segment(&si, c->tile, c->rotation, c->segment), CARC_OK);
                    if (si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY) {
                        pick = (pick + k) % n;
                        break;
                    }
                }
            carc_move m = d[pick];
            if (m.kind == CARC_MOVE_PASS)
                break; /* (cannot happen: we stop at the first second tile) */
            carc_game_free(*before);
            *before = NULL;
            assert_int_equal(carc_game_clone(before, g, 0), CARC_OK);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            carc_pending p = { .struct_size = sizeof p };
            assert_int_equal(carc_game_pending(&p, g), CARC_OK);
            if (p.part == 2) {
                *first = m;
                carc_movelist_free(ml);
                return g;
            }
        }
        carc_movelist_free(ml);
        carc_game_free(*before);
        *before = NULL;
        carc_game_free(g);
    }
    fail_msg("no double turn in 50 games");
    return NULL;
}

/* The builder's second tile through the API: the pending decision (same
 * player, part 2, optional), legal moves that start with the pass, the pass
 * (its fields checked) ending the turn, no pass in part 1; a tile choice for
 * the second tile; undo across the double turn, by a second tile or by a
 * pass, exact; clone and copy in the middle; an early end during it. */
static void second_tile(void **state)
{
    (void)state;
    carc_game *before = NULL;
    carc_move first;
    carc_game *g = to_second_tile(100, &before, &first);
    carc_movelist *ml, *ul;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_movelist_new(&ul, g), CARC_OK);
    uint32_t hist, player, tile;
    assert_int_equal(carc_game_history_count(&hist, g), CARC_OK);
    carc_history_entry he = { .struct_size = sizeof he };
    assert_int_equal(carc_game_history(&he, g, hist - 1), CARC_OK);
    player = he.player;
    assert_int_equal(he.move.kind, CARC_MOVE_PLACE);
    assert_int_equal(carc_game_current_player(&tile, g), CARC_OK);
    assert_int_equal(tile, player); /* the same player again */
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    carc_pending p;
    memset(&p, 0xA5, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    assert_int_equal(p.decision, CARC_DECISION_PLACE);
    assert_int_equal(p.player, player);
    assert_int_equal(p.part, 2);
    assert_int_equal(p.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    assert_int_equal(p.tile, tile);
    /* before the first part: part 1, nothing optional, no pass */
    {
        carc_pending q = { .struct_size = sizeof q };
        assert_int_equal(carc_game_pending(&q, before), CARC_OK);
        assert_int_equal(q.part, 1);
        assert_int_equal(q.flags, 0);
        carc_move pass = pass_move();
        snap(before);
        assert_int_equal(carc_game_check_move(before, &pass), CARC_EILLEGAL);
        assert_int_equal(carc_game_play(before, &pass), CARC_EILLEGAL);
        unchanged(before);
        assert_int_equal(carc_game_legal_moves(ml, before, 0), CARC_OK);
        for (size_t i = 0; i < carc_movelist_count(ml); i++)
            assert_int_equal(carc_movelist_data(ml)[i].kind, CARC_MOVE_PLACE);
    }
    /* the legal moves: the pass first, then place moves of the current tile */
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
    carc_move pass = pass_move();
    assert_true(carc_movelist_count(ml) >= 2);
    assert_memory_equal(&carc_movelist_data(ml)[0], &pass, sizeof pass);
    assert_memory_equal(&carc_movelist_data(ul)[0], &pass, sizeof pass);
    for (size_t i = 1; i < carc_movelist_count(ml); i++) {
        assert_int_equal(carc_movelist_data(ml)[i].kind, CARC_MOVE_PLACE);
        assert_int_equal(carc_movelist_data(ml)[i].tile, tile);
    }
    carc_move second = carc_movelist_data(ml)[1];
    /* a pass sets nothing else; other decisions' moves are refused */
    snap(g);
    assert_int_equal(carc_game_check_move(g, &pass), CARC_OK);
    carc_move bad = pass;
    bad.x = 1;
    assert_int_equal(carc_game_play(g, &bad), CARC_EINVAL);
    unchanged(g);
    bad = pass;
    bad.figure = CARC_FIGURE_FOLLOWER;
    bad.segment = 0;
    assert_int_equal(carc_game_play(g, &bad), CARC_EINVAL);
    unchanged(g);
    bad = pass;
    bad.segment = 0;
    assert_int_equal(carc_game_play(g, &bad), CARC_EINVAL);
    unchanged(g);
    bad = pass;
    bad.kind = CARC_MOVE_EXIT;
    assert_int_equal(carc_game_play(g, &bad), CARC_EILLEGAL);
    assert_non_null(strstr(carc_game_last_error(g), "or pass"));
    unchanged(g);

    /* clone and copy in the middle of the double turn */
    carc_game *mid = NULL, *copy = tu_new_game_with(3, 9, CARC_MODULE_INNS);
    assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
    assert_int_equal(carc_game_copy(copy, g, 0), CARC_OK);
    assert_true(state_equal(mid, g));
    assert_true(state_equal(copy, g));
    {
        carc_pending q = { .struct_size = sizeof q };
        assert_int_equal(carc_game_pending(&q, copy), CARC_OK);
        assert_int_equal(q.part, 2);
    }

    /* the pass: the turn ends, the next player draws (the tile stays on top) */
    assert_int_equal(carc_game_play(g, &pass), CARC_OK);
    assert_int_equal(carc_game_play(copy, &pass), CARC_OK);
    assert_true(state_equal(copy, g));
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    assert_int_equal(p.part, 1);
    assert_int_equal(p.flags, 0);
    assert_int_equal(p.player, (player + 1) % 2);
    assert_int_equal(p.tile, tile);
    assert_int_equal(carc_game_history(&he, g, hist), CARC_OK);
    assert_int_equal(he.move.kind, CARC_MOVE_PASS);
    assert_int_equal(he.player, player);
    snap(g);
    assert_int_equal(carc_game_play(g, &pass), CARC_EILLEGAL); /* no second pass */
    unchanged(g);
    /* undo: the second tile pending again, exactly; undo again: before the double turn */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, before));

    /* the first part again, then a second tile: the turn ends, no third (no chain) */
    assert_int_equal(carc_game_play(g, &first), CARC_OK);
    assert_true(state_equal(g, mid));
    assert_int_equal(carc_game_play(g, &second), CARC_OK);
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    if (p.decision != CARC_DECISION_NONE) {
        assert_int_equal(p.part, 1);
        assert_int_equal(p.flags, 0);
        assert_int_equal(p.player, (player + 1) % 2);
    }
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, before));
    assert_int_equal(carc_game_play(g, &first), CARC_OK);
    assert_true(state_equal(g, mid));

    /* chance control for the second tile: another kind left in the pile */
    uint32_t other = UINT32_MAX;
    for (uint32_t k = 0; k < carc_tile_kind_count() && other == UINT32_MAX; k++) {
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
        if (left && k != tile) {
            assert_int_equal(carc_game_placements(ml, g, k, 0), CARC_OK);
            if (carc_movelist_count(ml) > 0)
                other = k;
        }
    }
    assert_true(other != UINT32_MAX);
    assert_int_equal(carc_game_choose_tile(g, other), CARC_OK);
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    assert_int_equal(p.part, 2);
    assert_int_equal(p.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    assert_int_equal(p.player, player);
    assert_int_equal(p.tile, other);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_memory_equal(&carc_movelist_data(ml)[0], &pass, sizeof pass);
    assert_int_equal(carc_movelist_data(ml)[1].tile, other);
    carc_move chosen = carc_movelist_data(ml)[carc_movelist_count(ml) - 1];
    assert_int_equal(carc_game_play(g, &chosen), CARC_OK);
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    if (p.decision != CARC_DECISION_NONE) {
        assert_int_equal(p.part, 1);
        assert_int_equal(p.player, (player + 1) % 2);
    }
    /* undo takes back the second tile with its choice: the double turn as it was */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));
    /* a choice alone is taken back by undo too */
    assert_int_equal(carc_game_choose_tile(g, other), CARC_OK);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));

    /* an early end during the double turn: no second tile after it; undo: pending again */
    assert_int_equal(carc_game_end(g), CARC_OK);
    memset(&p, 0xA5, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    assert_int_equal(p.decision, CARC_DECISION_NONE);
    assert_int_equal(p.part, 0);
    assert_int_equal(p.flags, 0);
    assert_int_equal(p.player, 0);
    assert_true(tu_over(g));
    snap(g);
    assert_int_equal(carc_game_play(g, &pass), CARC_EGAME_OVER);
    assert_int_equal(carc_game_play(g, &second), CARC_EGAME_OVER);
    unchanged(g);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));
    assert_false(tu_over(g));

    carc_movelist_free(ml);
    carc_movelist_free(ul);
    carc_game_free(mid);
    carc_game_free(copy);
    carc_game_free(before);
    carc_game_free(g);
    carc_game_free(snapshot);
    snapshot = NULL;
}

/* Rotation symmetries written in the catalogue agree with the derivation;
 * the base tiles that look alike when turned are exactly B, C, X (4-fold) and
 * U, F, G, H (2-fold). */
static void catalogue_rotations(void **state)
{
    (void)state;
    for (uint32_t k = 0; k < carci_tile_kinds; k++) {
        const carci_tiledef *t = &carci_tiles[k];
        uint8_t derived = carci_derive_unique_rot(t);
        if (t->unique_rot)
            assert_int_equal(t->unique_rot, derived);
        uint8_t expect = 0xF;
        if (strchr("BCX", t->name[0]) && !t->name[1])
            expect = 0x1;
        else if (strchr("UFGH", t->name[0]) && !t->name[1])
            expect = 0x3;
        if (!t->module)
            assert_int_equal(derived, expect);
        /* carci_tile_counts counts in one pass: a kind replaces copies of an
         * earlier kind (tile sets are appended after the base game's) */
        if (t->replaces != CARCI_NONE)
            assert_true(t->replaces < k);
    }
}

/* libcarc/core/kinds.c is what carci_derive_kind gives for the catalogue; when the
 * catalogue changes, this test prints the new kinds.c on stderr. */
static void catalogue_derived(void **state)
{
    (void)state;
    bool same = true;
    for (uint32_t k = 0; k < carci_tile_kinds; k++) {
        carci_kindinfo d;
        carci_derive_kind(&d, &carci_tiles[k]);
        const carci_kindinfo *t = &carci_kinds[k];
        if (d.sig != t->sig || d.unique_rot != t->unique_rot || memcmp(d.side_seg, t->side_seg, 4) ||
            memcmp(d.port_seg, t->port_seg, 8) || d.center != t->center || d.nseg != t->nseg ||
            d.rc_mask != t->rc_mask || d.field_mask != t->field_mask || d.center_mask != t->center_mask ||
            d.river != t->river || memcmp(d.seg_open, t->seg_open, sizeof d.seg_open))
            same = false;
    }
    if (!same) {
        fprintf(stderr, "libcarc/core/kinds.c is out of date; its new text follows:\n");
        carci_print_kinds(stderr);
    }
    assert_true(same);
}

static void status_strings(void **state)
{
    (void)state;
    assert_string_equal(carc_status_name(CARC_EILLEGAL), "CARC_EILLEGAL");
    assert_string_equal(carc_status_name((carc_status)12345), "CARC_UNKNOWN");
    assert_string_equal(carc_status_str((carc_status)12345), "unknown status");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options),
        cmocka_unit_test(options_versions_and_variants),
        cmocka_unit_test(queries),
        cmocka_unit_test(rejected_calls_change_nothing),
        cmocka_unit_test(choice_and_discard),
        cmocka_unit_test(big_follower),
        cmocka_unit_test(goods_arguments),
        cmocka_unit_test(builder_and_goods),
        cmocka_unit_test(pig_rules),
        cmocka_unit_test(second_tile),
        cmocka_unit_test(catalogue_rotations),
        cmocka_unit_test(catalogue_derived),
        cmocka_unit_test(status_strings),
    };
    return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
