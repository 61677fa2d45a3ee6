/* SPDX-License-Identifier: MIT */
/*
 * API contracts: every public function checks its arguments, returns the
 * documented status, and a rejected call leaves the game byte for byte as it
 * was (white-box comparison of the state block).
 */
#include "test_util.h"
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "state_equal.h"
#include "core/ruleset.h"
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

/* Every test: the last snapshot goes. */
static int free_snapshot(void **state)
{
    (void)state;
    carc_game_free(snapshot);
    snapshot = NULL;
    return 0;
}

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

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

/* The decision pending on g. */
static carc_pending pending_of(const carc_game *g)
{
    carc_pending p;
    memset(&p, 0xA5, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    return p;
}

/* The feature under segment seg of the tile at (x, y) (its id in *id). */
static carc_feature_info feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t seg, uint32_t *id)
{
    carc_feature_info fe = { .struct_size = sizeof fe };
    assert_int_equal(carc_game_feature_at(id, g, x, y, seg), CARC_OK);
    assert_int_equal(carc_game_feature(&fe, g, *id), CARC_OK);
    return fe;
}

/* A move with some fields changed, refused with `want` (and, if `reason`,
 * a last-error text that says it): one row of a table of refusals. */
enum field { F_END, F_X, F_Y, F_DX, F_TILE, F_ROTATION, F_FIGURE, F_SEGMENT, F_KIND, F_QUARTER, F_RESERVED };
typedef struct move_change {
    carc_status want;
    const char *reason;
    struct {
        enum field field;
        int64_t value;
    } c[3];
} move_change;
#define SET(f, v) { F_##f, (int64_t)(v) }

static carc_move changed(carc_move m, const move_change *r)
{
    for (size_t i = 0; i < COUNT_OF(r->c) && r->c[i].field != F_END; i++) {
        int64_t v = r->c[i].value;
        switch (r->c[i].field) {
        case F_X: m.x = (int32_t)v; break;
        case F_Y: m.y = (int32_t)v; break;
        case F_DX: m.x += (int32_t)v; break;
        case F_TILE: m.tile = (uint16_t)v; break;
        case F_ROTATION: m.rotation = (uint8_t)v; break;
        case F_FIGURE: m.figure = (uint8_t)v; break;
        case F_SEGMENT: m.segment = (uint8_t)v; break;
        case F_KIND: m.kind = (uint8_t)v; break;
        case F_QUARTER: m.quarter = (uint8_t)v; break;
        case F_RESERVED: m.reserved = (uint8_t)v; break;
        case F_END: break;
        }
    }
    return m;
}

/* Checks that m is refused with status st, changes nothing and leaves a reason. */
static void refused(carc_game *g, carc_move m, carc_status st, const char *reason)
{
    snap(g);
    carc_status c = carc_game_check_move(g, &m);
    char text[64] = "?";
    carc_move_format(text, sizeof text, NULL, &m);
    if (c != st)
        fail_msg("%s (kind %u quarter %u figure %u segment %u at %d,%d): check_move %s, expected %s", text, m.kind,
                 m.quarter, m.figure, m.segment, (int)m.x, (int)m.y, carc_status_name(c), carc_status_name(st));
    assert_int_equal(carc_game_play(g, &m), st);
    assert_true(strlen(carc_game_last_error(g)) > 0);
    if (reason && !strstr(carc_game_last_error(g), reason))
        fail_msg("%s: \"%s\", expected a reason naming \"%s\"", text, carc_game_last_error(g), reason);
    unchanged(g);
}

/* The first of the n moves from `pick` on (round) that puts a follower on a
 * road or city; `pick` if none does. */
static size_t on_road_or_city(const carc_move *d, size_t n, size_t pick)
{
    for (size_t k = 0; k < n; k++) {
        const carc_move *c = &d[(pick + k) % n];
        carc_segment_info si = { .struct_size = sizeof si };
        if (c->figure != CARC_FIGURE_FOLLOWER)
            continue;
        assert_int_equal(carc_tile_segment(&si, c->tile, c->rotation, c->segment), CARC_OK);
        if (si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY)
            return (pick + k) % n;
    }
    return pick;
}

/* Each row's change of `base` refused so. */
static void refused_changes(carc_game *g, carc_move base, const move_change *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        refused(g, changed(base, &rows[i]), rows[i].want, rows[i].reason);
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

/* Options version 1 (0.1: no variants) is still read, and filled without
 * touching a byte past it; rule variants are checked, kept and played. */
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
    g = (carc_game *)(void *)&o;
    assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
    assert_null(g);
}

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

/* m is legal, and the figure options of its placement offer its figure. */
static void offered(const carc_game *g, carc_movelist *ml, carc_move m)
{
    carc_move p = m;
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    p.figure = CARC_FIGURE_NONE;
    p.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_figure_options(ml, g, &p), CARC_OK);
    assert_true(list_has_figure(ml, m.figure));
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
    offered(g, ml, m);
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
    offered(g, ml, m);
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
                pick = on_road_or_city(d, n, pick);
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

/* Undo twice: the double turn as it was (mid), then the state before its first part. */
static void undo_double_turn(carc_game *g, const carc_game *mid, const carc_game *before)
{
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, before));
}

/* After a double turn: the first part of `next`'s turn, unless the game is over. */
static void next_players_turn(const carc_game *g, uint32_t next)
{
    carc_pending p = pending_of(g);
    if (p.decision != CARC_DECISION_NONE) {
        assert_int_equal(p.part, 1);
        assert_int_equal(p.flags, 0);
        assert_int_equal(p.player, next);
    }
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
    carc_pending p = pending_of(g);
    assert_int_equal(p.decision, CARC_DECISION_PLACE);
    assert_int_equal(p.player, player);
    assert_int_equal(p.part, 2);
    assert_int_equal(p.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    assert_int_equal(p.tile, tile);
    /* before the first part: part 1, nothing optional, no pass */
    {
        carc_pending q = pending_of(before);
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
    assert_int_equal(carc_game_check_move(g, &pass), CARC_OK);
    static const move_change bad_passes[] = {
        { CARC_EINVAL, NULL, { SET(X, 1) } },
        { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_FOLLOWER), SET(SEGMENT, 0) } },
        { CARC_EINVAL, NULL, { SET(SEGMENT, 0) } },
        { CARC_EILLEGAL, "or pass", { SET(KIND, CARC_MOVE_EXIT) } },
    };
    refused_changes(g, pass, bad_passes, COUNT_OF(bad_passes));

    /* clone and copy in the middle of the double turn */
    carc_game *mid = NULL, *copy = tu_new_game_with(3, 9, CARC_MODULE_INNS);
    assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
    assert_int_equal(carc_game_copy(copy, g, 0), CARC_OK);
    assert_true(state_equal(mid, g));
    assert_true(state_equal(copy, g));
    assert_int_equal(pending_of(copy).part, 2);

    /* the pass: the turn ends, the next player draws (the tile stays on top) */
    assert_int_equal(carc_game_play(g, &pass), CARC_OK);
    assert_int_equal(carc_game_play(copy, &pass), CARC_OK);
    assert_true(state_equal(copy, g));
    p = pending_of(g);
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
    undo_double_turn(g, mid, before);

    /* the first part again, then a second tile: the turn ends, no third (no chain) */
    assert_int_equal(carc_game_play(g, &first), CARC_OK);
    assert_true(state_equal(g, mid));
    assert_int_equal(carc_game_play(g, &second), CARC_OK);
    next_players_turn(g, (player + 1) % 2);
    undo_double_turn(g, mid, before);
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
    p = pending_of(g);
    assert_int_equal(p.part, 2);
    assert_int_equal(p.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    assert_int_equal(p.player, player);
    assert_int_equal(p.tile, other);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_memory_equal(&carc_movelist_data(ml)[0], &pass, sizeof pass);
    assert_int_equal(carc_movelist_data(ml)[1].tile, other);
    carc_move chosen = carc_movelist_data(ml)[carc_movelist_count(ml) - 1];
    assert_int_equal(carc_game_play(g, &chosen), CARC_OK);
    next_players_turn(g, (player + 1) % 2);
    /* undo takes back the second tile with its choice: the double turn as it was */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));
    /* a choice alone is taken back by undo too */
    assert_int_equal(carc_game_choose_tile(g, other), CARC_OK);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, mid));

    /* an early end during the double turn: no second tile after it; undo: pending again */
    assert_int_equal(carc_game_end(g), CARC_OK);
    p = pending_of(g);
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
}

/* ------------------------------------------------------------ the Count of Carcassonne */

#define CO_MODS (CARC_MODULE_FARMERS | CARC_MODULE_COUNT)

static carc_move parse_move(const char *text)
{
    carc_move m;
    carc_status s = carc_move_parse(&m, text);
    if (s != CARC_OK)
        fail_msg("\"%s\": %s", text, carc_status_name(s));
    return m;
}

/* Play `text` (the move notation); a place move draws its tile first. */
static void play_text(carc_game *g, const char *text)
{
    carc_move m = parse_move(text);
    if (m.kind == CARC_MOVE_PLACE)
        assert_int_equal(carc_game_choose_tile(g, m.tile), CARC_OK);
    carc_status s = carc_game_play(g, &m);
    if (s != CARC_OK)
        fail_msg("\"%s\": %s (%s)", text, carc_status_name(s), carc_game_last_error(g));
}

static void play_texts(carc_game *g, const char *const *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        play_text(g, moves[i]);
}

static const char *const DECISION_NAME[] = { "none", "place", "exit", "quarter", "count" };

/* The decision pending: its kind, player, flags and part (tile 0 but for a
 * place decision). */
static void expect_pending(const carc_game *g, uint32_t decision, uint32_t player, uint32_t flags, uint32_t part)
{
    carc_pending p = pending_of(g);
    if (p.decision != decision || p.player != player || p.flags != flags || p.part != part)
        fail_msg("pending: %s by %u, flags %#x, part %u; expected %s by %u, flags %#x, part %u",
                 p.decision < 5 ? DECISION_NAME[p.decision] : "?", p.player, p.flags, p.part,
                 DECISION_NAME[decision], player, flags, part);
    if (decision != CARC_DECISION_PLACE)
        assert_int_equal(p.tile, 0);
    if (decision != CARC_DECISION_NONE) {
        uint32_t cur = 99;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, player); /* the one who must decide */
    }
}

static uint32_t in_city(const carc_game *g, uint32_t quarter, uint32_t player, uint32_t figure)
{
    uint32_t n = 99;
    assert_int_equal(carc_game_city(&n, g, quarter, player, figure), CARC_OK);
    return n;
}

static uint32_t count_at(const carc_game *g)
{
    uint32_t q = 99;
    assert_int_equal(carc_game_count(&q, g), CARC_OK);
    return q;
}

static int32_t score_of(const carc_game *g, uint32_t player)
{
    int32_t s = -1;
    assert_int_equal(carc_game_score(&s, g, player), CARC_OK);
    return s;
}

/* The legal moves are exactly `want` (in the move notation), in that order. */
static void expect_legal(const carc_game *g, carc_movelist *ml, const char *const *want, size_t n)
{
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    size_t got = carc_movelist_count(ml);
    for (size_t i = 0; i < got || i < n; i++) {
        char buf[64] = "(none)";
        if (i < got)
            assert_int_equal(carc_move_format(buf, sizeof buf, NULL, &carc_movelist_data(ml)[i]), CARC_OK);
        if (i >= n || strcmp(buf, want[i]) != 0)
            fail_msg("legal move %zu: \"%s\", expected \"%s\" (%zu listed, %zu expected)", i, buf,
                     i < n ? want[i] : "(none)", got, n);
        assert_int_equal(carc_game_check_move(g, &carc_movelist_data(ml)[i]), CARC_OK);
    }
    /* the unique-rotation flag changes nothing here */
    carc_movelist *ul = NULL;
    assert_int_equal(carc_movelist_new(&ul, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
    assert_int_equal(carc_movelist_count(ul), got);
    if (got)
        assert_memory_equal(carc_movelist_data(ul), carc_movelist_data(ml), got * sizeof(carc_move));
    carc_movelist_free(ul);
}

/* Play one decision `text` and check it is one undo unit and one history
 * entry (a move of the player asked): undo gives back the state before it
 * exactly, playing it again the state after it; a clone, a clone without
 * history and a copy into a game of other players and modules, taken before
 * it, play it the same. */
static void decide(carc_game *g, const char *text)
{
    carc_move m = parse_move(text);
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    uint32_t hist = 0, hist2 = 0;
    assert_int_equal(carc_game_history_count(&hist, g), CARC_OK);
    carc_game *before = NULL, *light = NULL, *copy = tu_new_game_with(5, 3, CARC_MODULE_INNS | CARC_MODULE_ABBOT);
    assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
    assert_int_equal(carc_game_clone(&light, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    assert_int_equal(carc_game_copy(copy, g, 0), CARC_OK);
    assert_true(state_equal(copy, g));
    carc_status s = carc_game_play(g, &m);
    if (s != CARC_OK)
        fail_msg("\"%s\": %s (%s)", text, carc_status_name(s), carc_game_last_error(g));
    assert_int_equal(carc_game_history_count(&hist2, g), CARC_OK);
    carc_history_entry he = { .struct_size = sizeof he };
    assert_int_equal(carc_game_history(&he, g, hist), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_PLACE);
    assert_int_equal(he.player, p.player);
    assert_memory_equal(&he.move, &m, sizeof m);
    /* nothing but the move, or the discards of the tiles left when it ends the game */
    for (uint32_t i = hist + 1; i < hist2; i++) {
        carc_history_entry de = { .struct_size = sizeof de };
        assert_int_equal(carc_game_history(&de, g, i), CARC_OK);
        assert_int_equal(de.kind, CARC_HISTORY_DISCARD);
        assert_true(tu_over(g));
    }
    assert_true(hist2 >= hist + 1);
    carc_game *after = NULL;
    assert_int_equal(carc_game_clone(&after, g, 0), CARC_OK);
    assert_int_equal(carc_game_play(light, &m), CARC_OK);
    assert_int_equal(carc_game_play(copy, &m), CARC_OK);
    assert_true(state_equal(light, g));
    assert_true(state_equal(copy, g));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, before));
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_true(state_equal(g, after));
    /* the clone without history undoes that decision, and no further */
    assert_int_equal(carc_game_undo(light), CARC_OK);
    assert_true(state_equal(light, before));
    assert_int_equal(carc_game_undo(light), CARC_ENO_UNDO);
    carc_game_free(before);
    carc_game_free(after);
    carc_game_free(light);
    carc_game_free(copy);
}

/* An exit move: `figure` from quarter q to segment seg of the tile at (x, y). */
static carc_move exit_move(uint32_t q, int32_t x, int32_t y, uint8_t figure, uint8_t seg)
{
    carc_move m = { x, y, 0, 0, figure, seg, CARC_MOVE_EXIT, (uint8_t)q, 0 };
    return m;
}

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
        g = (carc_game *)&o;
        assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
        assert_null(g);
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
        g = (carc_game *)&o;
        assert_int_equal(carc_game_new(&g, &o), CARC_ERANGE);
        assert_null(g);
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

/* docs/rules.md 8.3-8.5 through the API, from the scenario
 * tests/scenarios/count-trigger.scn (2 players):
 *   P0 B (2,0); P1 U (0,2) thief on CO/11's road; P0 A (0,3) closes it: 3 to
 *   P1, 0 to P0: P0 may put a follower into a quarter (QUARTER), then move
 *   the Count (COUNT);
 *   P1 B (-1,2); P0 B (2,-1); P1 F (2,1) knight on CO/12's cap city; P0 E
 *   (3,1) closes it: before the scoring P0 may bring his castle follower out
 *   onto it (EXIT).
 * Each decision: the pending state, the legal moves and their order, what
 * check_move refuses (and play leaves unchanged), one undo unit restoring
 * the state exactly, clone and copy in the middle; tile choice refused. */
static const char *const TRIGGER[] = { "B 2 0 0 -", "U 0 2 0 road:N", "A 0 3 180 -" };
static const char *const TRIGGER2[] = { "B -1 2 0 -", "B 2 -1 0 -", "F 2 1 0 city:E", "E 3 1 270 -" };

/* A tile choice is refused while a decision of the Count is pending. */
static void no_tile_choice(carc_game *g)
{
    uint32_t k = UINT32_MAX;
    for (uint32_t i = 0; i < carc_tile_kind_count() && k == UINT32_MAX; i++) {
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining_of(&left, g, i), CARC_OK);
        if (left)
            k = i;
    }
    assert_true(k != UINT32_MAX);
    snap(g);
    assert_int_equal(carc_game_choose_tile(g, k), CARC_EILLEGAL);
    assert_non_null(strstr(carc_game_last_error(g), "Count"));
    unchanged(g);
}

/* Whether (x, y) segment seg is on feature f. */
static bool on_feature(const carc_game *g, int32_t x, int32_t y, uint32_t seg, uint32_t f)
{
    uint32_t h = UINT32_MAX;
    return carc_game_feature_at(&h, g, x, y, seg) == CARC_OK && h == f;
}

static void count_decisions(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CO_MODS);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    expect_pending(g, CARC_DECISION_PLACE, 0, 0, 1);
    /* no Count decision is taken before one is asked */
    refused(g, parse_move("quarter castle"), CARC_EILLEGAL, NULL);
    refused(g, parse_move("count market"), CARC_EILLEGAL, NULL);
    refused(g, exit_move(CARC_QUARTER_CASTLE, 1, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, NULL);
    play_texts(g, TRIGGER, 3);
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(score_of(g, 1), 3);

    /* QUARTER: the placer, optional; a follower into each quarter, then the pass */
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "quarter castle", "quarter market", "quarter blacksmith",
                                            "quarter cathedral", "pass" };
        expect_legal(g, ml, want, 5);
    }
    no_tile_choice(g);
    {
        static const move_change quarter[] = {
            { CARC_EILLEGAL, "big follower", { SET(FIGURE, CARC_FIGURE_BIG) } }, /* none without Inns & Cathedrals */
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_NONE) } },
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_ABBOT) } },
            { CARC_EINVAL, NULL, { SET(QUARTER, 4) } },
            { CARC_EINVAL, NULL, { SET(SEGMENT, 0) } },
            { CARC_EINVAL, NULL, { SET(X, 1) } },
            { CARC_EINVAL, NULL, { SET(TILE, 1) } },
            { CARC_EINVAL, NULL, { SET(RESERVED, 1) } },
            { CARC_EINVAL, NULL, { SET(KIND, 5) } },
        };
        static const move_change pass_with[] = {
            { CARC_EINVAL, NULL, { SET(QUARTER, 1) } },
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_FOLLOWER) } },
        };
        refused_changes(g, parse_move("quarter castle"), quarter, COUNT_OF(quarter));
        refused(g, parse_move("count market"), CARC_EILLEGAL, "or pass");
        refused(g, exit_move(CARC_QUARTER_CASTLE, 0, 3, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "or pass");
        refused(g, parse_move("B 1 2 0 -"), CARC_EILLEGAL, NULL);
        refused_changes(g, pass_move(), pass_with, COUNT_OF(pass_with));
        /* the move placing no tile: no figure options for it */
        carc_movelist *fl = NULL;
        assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
        carc_move place = parse_move("B 1 2 0 -");
        assert_int_equal(carc_game_figure_options(fl, g, &place), CARC_EILLEGAL);
        carc_movelist_free(fl);
    }
    /* the pass: no Count decision, the next player places */
    {
        carc_game *mid = NULL;
        assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
        decide(g, "pass");
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_true(state_equal(g, mid));
        carc_game_free(mid);
    }
    uint32_t sup = 0;
    decide(g, "quarter castle");
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(carc_game_supply(&sup, g, 0), CARC_OK);
    assert_int_equal(sup, 6);

    /* COUNT: the same player, optional; the three other quarters, then the pass */
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "count market", "count blacksmith", "count cathedral", "pass" };
        expect_legal(g, ml, want, 4);
    }
    no_tile_choice(g);
    refused(g, parse_move("count castle"), CARC_EILLEGAL, "castle");
    static const move_change count[] = {
        { CARC_EINVAL, NULL, { SET(QUARTER, 4) } },
        { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_FOLLOWER) } },
        { CARC_EINVAL, NULL, { SET(SEGMENT, 0) } },
        { CARC_EINVAL, NULL, { SET(Y, -1) } },
    };
    refused_changes(g, parse_move("count market"), count, COUNT_OF(count));
    refused(g, parse_move("quarter castle"), CARC_EILLEGAL, "or pass");
    {
        /* a pass leaves the Count on the castle */
        carc_game *mid = NULL;
        assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
        decide(g, "pass");
        assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_true(state_equal(g, mid));
        carc_game_free(mid);
    }
    decide(g, "count blacksmith");
    assert_int_equal(count_at(g), CARC_QUARTER_BLACKSMITH);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 1);
    }
    play_texts(g, TRIGGER2, 4);

    /* EXIT: before the city CO/12 + F + E scores; P1 (asked first) has
     * nobody in the city: P0, the placer, last; optional */
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(score_of(g, 1), 3); /* not scored yet */
    uint32_t city = UINT32_MAX;
    {
        carc_feature_info fe = feature_of(g, 3, 1, 0, &city);
        assert_int_equal(fe.kind, CARC_SEG_CITY);
        assert_int_equal(fe.complete, 1);
        assert_int_equal(fe.tiles, 3);
        assert_int_equal(fe.figures, 1);
        /* one exit: the castle's follower onto that city (on its root segment), then the pass */
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_int_equal(carc_movelist_count(ml), 2);
        carc_move e = carc_movelist_data(ml)[0];
        assert_int_equal(e.kind, CARC_MOVE_EXIT);
        assert_int_equal(e.quarter, CARC_QUARTER_CASTLE);
        assert_int_equal(e.figure, CARC_FIGURE_FOLLOWER);
        assert_int_equal(e.tile, 0);
        assert_int_equal(e.rotation, 0);
        assert_true(on_feature(g, e.x, e.y, e.segment, city));
        carc_move pass = pass_move();
        assert_memory_equal(&carc_movelist_data(ml)[1], &pass, sizeof pass);
    }
    no_tile_choice(g);
    /* an exit onto any segment of the city is accepted, onto no other */
    {
        uint32_t nt = 0, accepted = 0;
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        for (uint32_t i = 0; i < nt; i++) {
            carc_move t;
            uint32_t nseg = 0;
            assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
            for (uint32_t s = 0; s < nseg; s++) {
                carc_move e = exit_move(CARC_QUARTER_CASTLE, t.x, t.y, CARC_FIGURE_FOLLOWER, (uint8_t)s);
                bool want = on_feature(g, t.x, t.y, s, city);
                carc_status st = carc_game_check_move(g, &e);
                if ((st == CARC_OK) != want)
                    fail_msg("exit castle onto (%d,%d) segment %u: %s", (int)t.x, (int)t.y, s, carc_status_name(st));
                accepted += want;
                if (!want && i % 3 == 0)
                    refused(g, e, CARC_EILLEGAL, NULL); /* a city not scored now, a road, a field ... */
            }
        }
        assert_int_equal(accepted, 3); /* CO/12, F and E: one city segment each */
    }
    {
        carc_move e = exit_move(CARC_QUARTER_CASTLE, 3, 1, CARC_FIGURE_FOLLOWER, 0);
        assert_int_equal(carc_game_check_move(g, &e), CARC_OK);
        const move_change exits[] = {
            { CARC_EILLEGAL, "market", { SET(QUARTER, CARC_QUARTER_MARKET) } }, /* nobody of his there */
            { CARC_EILLEGAL, "Count", { SET(QUARTER, CARC_QUARTER_BLACKSMITH) } }, /* the Count's quarter */
            { CARC_EILLEGAL, NULL, { SET(QUARTER, CARC_QUARTER_CATHEDRAL) } },
            { CARC_EINVAL, NULL, { SET(QUARTER, 4) } },
            { CARC_EILLEGAL, "big follower", { SET(FIGURE, CARC_FIGURE_BIG) } }, /* he has no big follower there */
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_NONE) } },
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_ABBOT) } },
            { CARC_EINVAL, NULL, { SET(TILE, tu_tile("E")) } }, /* an exit names no tile */
            { CARC_EINVAL, NULL, { SET(ROTATION, 3) } },
            { CARC_EINVAL, NULL, { SET(RESERVED, 2) } },
            { CARC_ERANGE, NULL, { SET(SEGMENT, 7) } }, /* E has two segments */
            { CARC_ERANGE, NULL, { SET(SEGMENT, CARC_NO_SEGMENT) } },
            { CARC_EILLEGAL, NULL, { SET(X, 9) } },     /* no tile there */
            { CARC_EILLEGAL, NULL, { SET(SEGMENT, 1) } }, /* E's field */
        };
        refused_changes(g, e, exits, COUNT_OF(exits));
        /* CO/9's cap: a city, but not scored now */
        refused(g, exit_move(CARC_QUARTER_CASTLE, -2, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, NULL);
        refused(g, parse_move("quarter castle"), CARC_EILLEGAL, "or pass");
        refused(g, parse_move("count market"), CARC_EILLEGAL, "or pass");
        refused(g, parse_move("E 4 1 270 -"), CARC_EILLEGAL, NULL);
    }
    /* the exit: his follower on the city, strength against P1's knight: both score 8 */
    {
        carc_game *mid = NULL;
        assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
        carc_move e = exit_move(CARC_QUARTER_CASTLE, 2, 1, CARC_FIGURE_FOLLOWER, 0); /* F's city: any segment */
        char text[64];
        assert_int_equal(carc_move_format(text, sizeof text, NULL, &e), CARC_OK);
        assert_string_equal(text, "exit castle 2 1 seg:0");
        decide(g, text);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
        assert_int_equal(score_of(g, 0), 8);
        assert_int_equal(score_of(g, 1), 11);
        /* he scored: no follower into the city; P1 to place; every follower home */
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(carc_game_supply(&sup, g, 0), CARC_OK);
        assert_int_equal(sup, 7);
        assert_int_equal(carc_game_supply(&sup, g, 1), CARC_OK);
        assert_int_equal(sup, 7);
        {
            /* the exit's follower stood on the city when it scored: both in the score event */
            uint32_t ne = 0;
            assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
            carc_event ev = { .struct_size = sizeof ev };
            assert_int_equal(carc_game_event(&ev, g, ne - 1), CARC_OK);
            assert_int_equal(ev.kind, CARC_EVENT_SCORE);
            assert_int_equal(ev.players, 3u);
            assert_int_equal(ev.returned, 2);
            assert_int_equal(ev.points, 8);
        }
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_true(state_equal(g, mid));
        carc_game_free(mid);
    }
    /* the pass: P1 alone scores 8; P0 scored nothing: QUARTER again */
    decide(g, "pass");
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(score_of(g, 1), 11);
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    /* into the Count's own quarter (C-8) */
    decide(g, "quarter blacksmith");
    assert_int_equal(in_city(g, CARC_QUARTER_BLACKSMITH, 0, CARC_FIGURE_FOLLOWER), 1);
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "count castle", "count market", "count cathedral", "pass" };
        expect_legal(g, ml, want, 3 + 1);
    }
    decide(g, "count castle");
    assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    assert_int_equal(carc_game_supply(&sup, g, 0), CARC_OK);
    assert_int_equal(sup, 5);
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* The big follower (Inns & Cathedrals) into and out of the city (C-17): the
 * quarter moves list the follower then the big follower per quarter; out of
 * the city it counts 2 and returns to supply after the scoring. */
static void count_big_follower(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CO_MODS | CARC_MODULE_INNS);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    play_texts(g, TRIGGER, 3);
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "quarter castle",     "quarter big/castle",     "quarter market",
                                            "quarter big/market", "quarter blacksmith",     "quarter big/blacksmith",
                                            "quarter cathedral",  "quarter big/cathedral",  "pass" };
        expect_legal(g, ml, want, 9);
    }
    decide(g, "quarter big/castle");
    uint32_t u = 9;
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_BIG), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
    assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_BIG), 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_supply(&u, g, 0), CARC_OK);
    assert_int_equal(u, 7);
    decide(g, "count blacksmith");
    play_texts(g, TRIGGER2, 4);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_int_equal(carc_movelist_count(ml), 2);
    assert_int_equal(carc_movelist_data(ml)[0].figure, CARC_FIGURE_BIG);
    assert_int_equal(carc_movelist_data(ml)[1].kind, CARC_MOVE_PASS);
    refused(g, exit_move(CARC_QUARTER_CASTLE, 3, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "follower");
    decide(g, "exit castle 3 1 big/seg:0");
    /* 2 against P1's knight: P0 alone scores the 8 */
    assert_int_equal(score_of(g, 0), 8);
    assert_int_equal(score_of(g, 1), 3);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(u, 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_BIG), 0);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* The order of exits (C-11), from count-exit-order.scn (3 players): from the
 * placer's left, the placer last, only players with a legal exit; once a
 * player has none left the next is asked without his pass. */
static const char *const EXIT_ORDER[] = { "B 2 0 0 -",     "U 0 2 0 road:N", "A 0 3 180 -", "quarter castle",
                                          "count market",  "B -1 2 0 -",     "U 1 -2 0 road:S", "B 2 -1 0 -",
                                          "A 1 -3 0 -",    "quarter castle", "pass",          "E 2 1 270 -" };

static void count_exit_order(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(3, 8, CO_MODS);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    play_texts(g, EXIT_ORDER, sizeof EXIT_ORDER / sizeof EXIT_ORDER[0]);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 2, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(count_at(g), CARC_QUARTER_MARKET);
    /* P1 placed E: P2 (his left) first */
    expect_pending(g, CARC_DECISION_EXIT, 2, CARC_PENDING_OPTIONAL, 1);
    {
        /* the player to move is the one asked (the turn is still the placer's) */
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 2);
    }
    /* P2's castle follower onto the city CO/12 + E, then the pass */
    {
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_int_equal(carc_movelist_count(ml), 2);
        carc_move e = carc_movelist_data(ml)[0];
        uint32_t f = UINT32_MAX;
        assert_int_equal(carc_game_feature_at(&f, g, 2, 1, 0), CARC_OK);
        assert_true(on_feature(g, e.x, e.y, e.segment, f));
        assert_int_equal(e.quarter, CARC_QUARTER_CASTLE);
        assert_int_equal(carc_movelist_data(ml)[1].kind, CARC_MOVE_PASS);
    }
    carc_game *start = NULL;
    assert_int_equal(carc_game_clone(&start, g, 0), CARC_OK);
    /* P2 exits: he has none left, P0 is asked (no pass of P2's in the history) */
    decide(g, "exit castle 2 1 seg:0");
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 0);
    }
    decide(g, "exit castle 1 1 seg:0");
    /* P1, the placer, has nobody in the city: scoring; 4 each to P2 and P0; P1 none: QUARTER */
    expect_pending(g, CARC_DECISION_QUARTER, 1, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(score_of(g, 0), 4);
    assert_int_equal(score_of(g, 1), 6);
    assert_int_equal(score_of(g, 2), 4);
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_PLACE, 2, 0, 1);
    {
        uint32_t h = 0;
        carc_history_entry he = { .struct_size = sizeof he };
        assert_int_equal(carc_game_history_count(&h, g), CARC_OK);
        static const uint32_t KIND[4] = { CARC_MOVE_PLACE, CARC_MOVE_EXIT, CARC_MOVE_EXIT, CARC_MOVE_PASS };
        static const uint32_t WHO[4] = { 1, 2, 0, 1 };
        for (uint32_t i = 0; i < 4; i++) {
            assert_int_equal(carc_game_history(&he, g, h - 4 + i), CARC_OK);
            assert_int_equal(he.kind, CARC_HISTORY_PLACE);
            assert_int_equal(he.move.kind, KIND[i]);
            assert_int_equal(he.player, WHO[i]);
        }
    }
    /* undo all three: the exits pending again, exactly */
    for (int i = 0; i < 3; i++)
        assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, start));
    /* P2 passes: P0 asked; P0 passes: the empty city scores for nobody, nobody scored: P2 places */
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_PLACE, 2, 0, 1);
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(score_of(g, 2), 0);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 2, CARC_FIGURE_FOLLOWER), 1);
    /* undo: the state of the exits; the place move undone: the state before it */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, start));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    carc_movelist_free(ml);
    carc_game_free(start);
    carc_game_free(g);
}

/* carc_game_end in the middle of the Count's decisions: the part's pending
 * decisions are declined (a pass entry each, the scoring happens), an END
 * entry, then the final round when anybody can leave the city; in the
 * final round carc_game_end declines the rest and scores. Undo takes each
 * back exactly. */
static void count_early_end(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CO_MODS);
    carc_game *at_quarter = NULL, *at_count = NULL, *at_exit = NULL, *at_final = NULL;
    play_texts(g, TRIGGER, 3);
    assert_int_equal(carc_game_clone(&at_quarter, g, 0), CARC_OK);
    uint32_t h0 = 0, h1 = 0;
    carc_history_entry he = { .struct_size = sizeof he };

    /* during QUARTER: nobody is in the city: final scoring at once */
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(tu_over(g));
    expect_pending(g, CARC_DECISION_NONE, 0, 0, 0);
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_int_equal(h1, h0 + 2);
    assert_int_equal(carc_game_history(&he, g, h0), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_PLACE);
    assert_int_equal(he.move.kind, CARC_MOVE_PASS);
    assert_int_equal(he.player, 0);
    assert_int_equal(carc_game_history(&he, g, h0 + 1), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_END);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_quarter));

    /* during COUNT: P0's castle follower may leave in the final round (P1,
     * after the last placer, has nobody: out) */
    play_text(g, "quarter castle");
    assert_int_equal(carc_game_clone(&at_count, g, 0), CARC_OK);
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    /* the Count stays on the castle, whose followers never leave: nobody can
     * leave the city, no final round; the follower left there scores nothing */
    assert_true(tu_over(g));
    assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_int_equal(h1, h0 + 2); /* the pass of the Count's move, the end */
    assert_int_equal(carc_game_history(&he, g, h0), CARC_OK);
    assert_int_equal(he.move.kind, CARC_MOVE_PASS);
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_count));

    /* during EXIT (mid-turn): P0's exit declined, the city scores 8 to P1,
     * P0's follower into the city declined; the final round: P0 (P1 out) */
    play_text(g, "count blacksmith");
    play_texts(g, TRIGGER2, 4);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(carc_game_clone(&at_exit, g, 0), CARC_OK);
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_int_equal(h1, h0 + 3);
    static const uint32_t KIND[3] = { CARC_HISTORY_PLACE, CARC_HISTORY_PLACE, CARC_HISTORY_END };
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(carc_game_history(&he, g, h0 + i), CARC_OK);
        assert_int_equal(he.kind, KIND[i]);
        if (he.kind == CARC_HISTORY_PLACE) {
            assert_int_equal(he.move.kind, CARC_MOVE_PASS);
            assert_int_equal(he.player, 0);
        }
    }
    assert_int_equal(score_of(g, 1), 11);
    assert_int_equal(score_of(g, 0), 0);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    assert_false(tu_over(g));
    {
        /* the castle (the Count is on the blacksmith) to the one incomplete city: CO/9's cap */
        carc_movelist *ml = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        static const char *const want[] = { "exit castle -2 1 seg:0", "pass" };
        expect_legal(g, ml, want, 2);
        carc_movelist_free(ml);
    }
    no_tile_choice(g);
    assert_int_equal(carc_game_clone(&at_final, g, 0), CARC_OK);
    /* the end again, in the final round: the rest declined, final scoring */
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(tu_over(g));
    expect_pending(g, CARC_DECISION_NONE, 0, 0, 0);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1); /* scores nothing (C-14) */
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(carc_game_end(g), CARC_OK); /* over: nothing to do */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_final));
    /* the exit instead: CO/9's cap city (1 tile) scores 1 for him at the end */
    decide(g, "exit castle -2 1 seg:0");
    assert_true(tu_over(g));
    assert_int_equal(score_of(g, 0), 1);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_final));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_exit));
    carc_game_free(at_quarter);
    carc_game_free(at_count);
    carc_game_free(at_exit);
    carc_game_free(at_final);
    carc_game_free(g);
}

/* carc_game_end while the Count's decisions of the last tile's part are
 * pending: it declines them as passes do (docs/ARCHITECTURE.md), and then
 * the final round of moves out of the city takes place as after the passes
 * (docs/rules.md 8.6: before final scoring) -- it is not declined too.
 * The position: the first seeded game (a bot that puts followers on roads
 * and cities, and into the city whenever it may) whose last tile leaves a
 * decision of the Count pending and whose final round, after passes, asks
 * somebody. */
static void count_end_at_last_tile(void **state)
{
    (void)state;
    carc_movelist *ml = NULL;
    bool found = false;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        carc_game *g = tu_new_game_with(2 + (uint32_t)(seed % 3), seed, CO_MODS);
        if (!ml)
            assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        uint64_t rng = seed * 31 + 7;
        while (!tu_over(g) && !found) {
            carc_pending p = { .struct_size = sizeof p };
            assert_int_equal(carc_game_pending(&p, g), CARC_OK);
            uint32_t left = 1;
            assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
            if (p.decision >= CARC_DECISION_EXIT && !(p.flags & CARC_PENDING_FINAL) && left == 0) {
                /* the passes: the final round begins by itself */
                carc_game *passed = NULL;
                assert_int_equal(carc_game_clone(&passed, g, 0), CARC_OK);
                carc_pending q = p;
                while (q.decision >= CARC_DECISION_EXIT && !(q.flags & CARC_PENDING_FINAL)) {
                    carc_move pass = pass_move();
                    assert_int_equal(carc_game_play(passed, &pass), CARC_OK);
                    q.struct_size = sizeof q;
                    assert_int_equal(carc_game_pending(&q, passed), CARC_OK);
                }
                if (q.decision == CARC_DECISION_EXIT) {
                    found = true;
                    assert_int_equal(carc_game_end(g), CARC_OK);
                    carc_pending e = { .struct_size = sizeof e };
                    assert_int_equal(carc_game_pending(&e, g), CARC_OK);
                    if (e.decision != CARC_DECISION_EXIT)
                        fail_msg("seed %u: carc_game_end at the last tile's %s decision: %s; after passes the final "
                                 "round asks player %u",
                                 (unsigned)seed, DECISION_NAME[p.decision],
                                 tu_over(g) ? "the game is over, no final round" : "no final round", q.player);
                    assert_int_equal(e.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
                    assert_int_equal(e.player, q.player);
                }
                carc_game_free(passed);
                if (found)
                    break;
            }
            assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
            const carc_move *d = carc_movelist_data(ml);
            size_t n = carc_movelist_count(ml), pick = tu_rand(&rng) % n;
            if (p.decision == CARC_DECISION_QUARTER)
                pick = 0;
            else if (p.decision == CARC_DECISION_PLACE)
                pick = on_road_or_city(d, n, pick);
            carc_move m = d[pick];
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        carc_game_free(g);
    }
    carc_movelist_free(ml);
    assert_true(found);
}

/* The final round (docs/rules.md 8.6, C-12..C-14), from count-final.scn with
 * the Abbot and one more tile, a garden (U.g) by P1: round robin from the
 * player after the last placer (P0), one exit a go; castle -> an incomplete
 * city, cathedral -> an incomplete monastery, never a garden; the Count's
 * quarter (the market) never opens; a pass is final. */
static const char *const FINAL[] = { "F 2 1 0 city:E",   "U 0 2 0 road:N",      "A 0 3 180 -",   "quarter castle",
                                     "count market",     "E 3 1 270 -",         "pass",          "quarter cathedral",
                                     "pass",             "U 1 -2 0 road:S",     "A 1 -3 0 -",    "quarter market",
                                     "pass",             "B -1 2 0 cloister",   "U.g 0 4 90 -" };

static void count_final_round(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 4, CO_MODS | CARC_MODULE_ABBOT);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    play_texts(g, FINAL, sizeof FINAL / sizeof FINAL[0]);
    assert_int_equal(score_of(g, 0), 11);
    assert_int_equal(score_of(g, 1), 3);
    assert_int_equal(count_at(g), CARC_QUARTER_MARKET);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CATHEDRAL, 1, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER), 1);
    expect_pending(g, CARC_DECISION_PLACE, 0, 0, 1);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_false(tu_over(g));
    carc_game *start = NULL;
    assert_int_equal(carc_game_clone(&start, g, 0), CARC_OK);
    /* P1 placed the last tile: P0 first; castle -> CO/9's cap, the one incomplete city */
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    {
        static const char *const want[] = { "exit castle -2 1 seg:0", "pass" };
        expect_legal(g, ml, want, 2);
    }
    refused(g, exit_move(CARC_QUARTER_CASTLE, 3, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "not complete");
    decide(g, "exit castle -2 1 seg:0");
    /* P1: the cathedral -> the monasteries of the A at (0,3), the A at (1,-3)
     * and the B at (-1,2), not the garden of U.g; the market under the Count
     * stays shut */
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_int_equal(carc_movelist_count(ml), 4);
    uint32_t mons = 0;
    for (size_t i = 0; i < 3; i++) {
        carc_move e = carc_movelist_data(ml)[i];
        assert_int_equal(e.kind, CARC_MOVE_EXIT);
        assert_int_equal(e.quarter, CARC_QUARTER_CATHEDRAL);
        carc_move t;
        assert_int_equal(carc_game_tile_at(&t, g, e.x, e.y), CARC_OK);
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, e.segment), CARC_OK);
        assert_int_equal(si.kind, CARC_SEG_MONASTERY);
        mons |= (e.x == 0 && e.y == 3) ? 1u : (e.x == -1 && e.y == 2) ? 2u : (e.x == 1 && e.y == -3) ? 4u : 8u;
    }
    assert_int_equal(mons, 7u);
    assert_int_equal(carc_movelist_data(ml)[3].kind, CARC_MOVE_PASS);
    {
        /* the garden of U.g at (0,4) */
        carc_move t;
        uint32_t nseg = 0, garden = CARC_NO_SEGMENT;
        assert_int_equal(carc_game_tile_at(&t, g, 0, 4), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, s), CARC_OK);
            if (si.kind == CARC_SEG_GARDEN)
                garden = s;
        }
        assert_int_not_equal(garden, CARC_NO_SEGMENT);
        refused(g, exit_move(CARC_QUARTER_CATHEDRAL, 0, 4, CARC_FIGURE_FOLLOWER, (uint8_t)garden), CARC_EILLEGAL,
                NULL);
        /* the market: under the Count (onto field A) */
        refused(g, exit_move(CARC_QUARTER_MARKET, -2, -1, CARC_FIGURE_FOLLOWER, 1), CARC_EILLEGAL, "Count");
        /* the castle: P1 has nobody there */
        refused(g, exit_move(CARC_QUARTER_CASTLE, -2, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "castle");
    }
    carc_game *p1 = NULL;
    assert_int_equal(carc_game_clone(&p1, g, 0), CARC_OK);
    decide(g, "exit cathedral -1 2 seg:1");
    /* P0 has none left, P1 only the market's, under the Count: over */
    assert_true(tu_over(g));
    /* CO/9's cap 1 to P0; the monastery (-1,2): P0's monk and P1's follower tie, 6 each */
    assert_int_equal(score_of(g, 0), 11 + 1 + 6);
    assert_int_equal(score_of(g, 1), 3 + 6);
    assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, p1));
    /* a pass is final: P1 passes, P0 has nothing: over, P1's cathedral follower left */
    decide(g, "pass");
    assert_true(tu_over(g));
    assert_int_equal(in_city(g, CARC_QUARTER_CATHEDRAL, 1, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(score_of(g, 1), 3);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, p1));
    /* from the start of the round: P0 passes (out), P1 exits, and P0 is not asked again */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, start));
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    decide(g, "exit cathedral 0 3 seg:2"); /* A: road, field, monastery */
    assert_true(tu_over(g));
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    carc_movelist_free(ml);
    carc_game_free(start);
    carc_game_free(p1);
    carc_game_free(g);
}

/* CARC_VARIANT_COC_FINAL_MARKET (C-12): at the end only the market opens,
 * onto any field; without the variant the castle too. P0 puts followers
 * into the market (the Count then to the blacksmith) and the castle. The
 * market's follower on field A, along the city only: 3 (C-15). */
static const char *const MARKET[] = { "B 2 0 0 -",      "U 0 2 0 road:N", "A 0 3 180 -", "quarter market",
                                      "count blacksmith", "B -1 2 0 -",   "B 2 -1 0 -",  "F 2 1 0 city:E",
                                      "E 3 1 270 -",    "quarter castle", "pass" };

static void count_variant_final_market(void **state)
{
    (void)state;
    for (int variant = 0; variant < 2; variant++) {
        carc_game_options o = tu_options(2, 3, CO_MODS);
        o.variants = variant ? CARC_VARIANT_COC_FINAL_MARKET : 0;
        carc_game *g = NULL;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        carc_movelist *ml = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        play_texts(g, MARKET, sizeof MARKET / sizeof MARKET[0]);
        assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_FOLLOWER), 1);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(carc_game_end(g), CARC_OK);
        expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        size_t n = carc_movelist_count(ml), castle = 0, market = 0;
        for (size_t i = 0; i + 1 < n; i++) {
            carc_move e = carc_movelist_data(ml)[i];
            assert_int_equal(e.kind, CARC_MOVE_EXIT);
            carc_move t;
            assert_int_equal(carc_game_tile_at(&t, g, e.x, e.y), CARC_OK);
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, e.segment), CARC_OK);
            if (e.quarter == CARC_QUARTER_CASTLE) {
                assert_int_equal(si.kind, CARC_SEG_CITY);
                castle++;
                assert_int_equal(market, 0); /* in quarter order */
            } else {
                assert_int_equal(e.quarter, CARC_QUARTER_MARKET);
                assert_int_equal(si.kind, CARC_SEG_FIELD);
                market++;
            }
        }
        assert_int_equal(carc_movelist_data(ml)[n - 1].kind, CARC_MOVE_PASS);
        assert_int_equal(castle, variant ? 0u : 1u); /* CO/9's cap */
        assert_true(market >= 3);                     /* A, B, C and the fields of the tiles placed */
        carc_move cap = exit_move(CARC_QUARTER_CASTLE, -2, 1, CARC_FIGURE_FOLLOWER, 0);
        if (variant)
            refused(g, cap, CARC_EILLEGAL, "market");
        else
            assert_int_equal(carc_game_check_move(g, &cap), CARC_OK);
        /* field A: CO/1's northern field */
        decide(g, "exit market -2 -1 seg:1");
        if (!variant) {
            /* the castle's follower may go next time round (P1 is out) */
            expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
            decide(g, "pass");
        }
        assert_true(tu_over(g));
        assert_int_equal(score_of(g, 0), 3);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
        carc_movelist_free(ml);
        carc_game_free(g);
    }
}

/* CARC_VARIANT_COC_ONCE_PER_TURN (C-6): one follower into the city per
 * turn, not one per part of a builder's double turn. 2 players:
 *   P0 B (-1,2); P1 U (1,-2) thief on CO/4's road; P0 F (-1,3) knight; P1 U
 *   (0,2) thief on CO/11's road; P0 F (-2,3) builder on his city; P1 B (2,0);
 *   P0 T (0,3) turned 180: closes P1's road CO/11 + U + T (3 to P1) and
 *   extends his builder's city: a second tile; P0 scored nothing: QUARTER
 *   (part 1); then the second tile A (1,-3) closes P1's road CO/4 + U + A (3
 *   to P1): QUARTER again in part 2, unless the variant holds and he put a
 *   follower in during part 1. */
static const char *const DOUBLE[] = { "B -1 2 0 -",         "U 1 -2 0 road:S", "F -1 3 0 city:E",
                                      "U 0 2 0 road:N",     "F -2 3 0 builder/city:E", "B 2 0 0 -",
                                      "T 0 3 180 -" };

static void count_variant_once_per_turn(void **state)
{
    (void)state;
    const uint32_t mods = CO_MODS | CARC_MODULE_TRADERS;
    for (int variant = 0; variant < 2; variant++)
        for (int declined = 0; declined < 2; declined++) {
            carc_game_options o = tu_options(2, 5, mods);
            o.variants = variant ? CARC_VARIANT_COC_ONCE_PER_TURN : 0;
            carc_game *g = NULL;
            assert_int_equal(carc_game_new(&g, &o), CARC_OK);
            play_texts(g, DOUBLE, sizeof DOUBLE / sizeof DOUBLE[0]);
            assert_int_equal(score_of(g, 1), 3);
            expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
            if (declined) {
                decide(g, "pass");
            } else {
                decide(g, "quarter castle");
                expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 1);
                decide(g, "pass");
            }
            expect_pending(g, CARC_DECISION_PLACE, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE, 2);
            play_text(g, "A 1 -3 0 -");
            assert_int_equal(score_of(g, 0), 0);
            assert_int_equal(score_of(g, 1), 6);
            if (variant && !declined) {
                expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
            } else {
                expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 2);
                decide(g, "quarter market");
                expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 2);
                decide(g, "count cathedral");
                expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
                assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_FOLLOWER), 1);
            }
            assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), declined ? 0u : 1u);
            carc_game_free(g);
        }
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
            d.city_mask != t->city_mask || d.river != t->river || memcmp(d.seg_open, t->seg_open, sizeof d.seg_open))
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

/* The placements of the tile to place, enumerated twice with each pair of
 * the library's code paths (AVX2 and SSE2 where the processor has AVX2;
 * rs->avx2 is flipped on the game's ruleset, white-box), are the same moves
 * in the same order, with and without look-alike rotations, every module
 * set, every turn of random games: the machine the suite runs on takes only
 * one path otherwise. */
static void placements_simd_paths(void **state)
{
    (void)state;
#if CARCI_AVX2_DISPATCH
    if (!__builtin_cpu_supports("avx2")) {
        skip();
        return;
    }
    carc_movelist *a = NULL, *b = NULL;
    uint64_t rng = 77;
    uint64_t compared = 0;
    for (uint32_t set = 0; set < TU_ALL_MODULE_SETS; set++) {
        uint32_t modules = tu_all_modules(set);
        for (uint64_t seed = 0; seed < 3; seed++) {
            carc_game_options o = tu_options(2 + (uint32_t)(seed % 3), 900 + seed, modules);
            carc_game *g = NULL;
            assert_int_equal(carc_game_new(&g, &o), CARC_OK);
            if (!a) {
                assert_int_equal(carc_movelist_new(&a, g), CARC_OK);
                assert_int_equal(carc_movelist_new(&b, g), CARC_OK);
            }
            carci_ruleset *rs = (carci_ruleset *)(uintptr_t)g->rs;
            bool had = rs->avx2;
            for (;;) {
                carc_pending pd = { sizeof pd, 0, 0, 0, 0, 0 };
                assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
                if (pd.decision == CARC_DECISION_NONE)
                    break;
                if (pd.decision == CARC_DECISION_PLACE)
                    for (uint32_t flags = 0; flags <= CARC_ENUM_UNIQUE_ROTATIONS; flags++) {
                        rs->avx2 = true;
                        assert_int_equal(carc_game_placements(a, g, pd.tile, flags), CARC_OK);
                        rs->avx2 = false;
                        assert_int_equal(carc_game_placements(b, g, pd.tile, flags), CARC_OK);
                        rs->avx2 = had;
                        assert_int_equal(carc_movelist_count(a), carc_movelist_count(b));
                        if (carc_movelist_count(a))
                            assert_memory_equal(carc_movelist_data(a), carc_movelist_data(b),
                                                carc_movelist_count(a) * sizeof(carc_move));
                        compared += carc_movelist_count(a);
                    }
                assert_int_equal(carc_game_legal_moves(a, g, 0), CARC_OK);
                assert_true(carc_movelist_count(a) > 0);
                rng = rng * 6364136223846793005u + 1442695040888963407u;
                assert_int_equal(carc_game_play(g, &carc_movelist_data(a)[(rng >> 33) % carc_movelist_count(a)]),
                                 CARC_OK);
            }
            carc_game_free(g);
        }
    }
    assert_true(compared > 100000);
    carc_movelist_free(a);
    carc_movelist_free(b);
#else
    skip();
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(options, free_snapshot),
        cmocka_unit_test_teardown(options_versions_and_variants, free_snapshot),
        cmocka_unit_test_teardown(refused_options_after_a_cached_ruleset, free_snapshot),
        cmocka_unit_test_teardown(queries, free_snapshot),
        cmocka_unit_test_teardown(rejected_calls_change_nothing, free_snapshot),
        cmocka_unit_test_teardown(choice_and_discard, free_snapshot),
        cmocka_unit_test_teardown(big_follower, free_snapshot),
        cmocka_unit_test_teardown(goods_arguments, free_snapshot),
        cmocka_unit_test_teardown(builder_and_goods, free_snapshot),
        cmocka_unit_test_teardown(pig_rules, free_snapshot),
        cmocka_unit_test_teardown(second_tile, free_snapshot),
        cmocka_unit_test_teardown(count_queries, free_snapshot),
        cmocka_unit_test_teardown(count_query_is_read_only, free_snapshot),
        cmocka_unit_test_teardown(count_start_options, free_snapshot),
        cmocka_unit_test_teardown(count_options_get, free_snapshot),
        cmocka_unit_test_teardown(count_decisions, free_snapshot),
        cmocka_unit_test_teardown(count_big_follower, free_snapshot),
        cmocka_unit_test_teardown(count_exit_order, free_snapshot),
        cmocka_unit_test_teardown(count_early_end, free_snapshot),
        cmocka_unit_test_teardown(count_end_at_last_tile, free_snapshot),
        cmocka_unit_test_teardown(count_final_round, free_snapshot),
        cmocka_unit_test_teardown(count_variant_final_market, free_snapshot),
        cmocka_unit_test_teardown(count_variant_once_per_turn, free_snapshot),
        cmocka_unit_test_teardown(catalogue_rotations, free_snapshot),
        cmocka_unit_test_teardown(catalogue_derived, free_snapshot),
        cmocka_unit_test_teardown(status_strings, free_snapshot),
        cmocka_unit_test_teardown(placements_simd_paths, free_snapshot),
    };
    return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
