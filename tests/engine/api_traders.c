/* SPDX-License-Identifier: MIT */
/*
 * engine.api (api.h): Traders & Builders: carc_game_goods, the builder and
 * the goods of a city built by hand, the pig, the builder's second tile.
 */
#include "api.h"

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
        carc_move pass = tu_pass_move();
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
    carc_move pass = tu_pass_move();
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

API_AREA(api_area_traders, API_TEST(goods_arguments), API_TEST(builder_and_goods), API_TEST(pig_rules),
         API_TEST(second_tile));
