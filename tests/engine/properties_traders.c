/* SPDX-License-Identifier: MIT */
/*
 * engine.properties (properties.h): Traders & Builders. The builder's and
 * the pig's rules worked out for every placement, the goods tokens a move
 * gives, and what holds at any moment (T-7, the tokens, the symbols).
 */
#include "properties.h"

/* The builder's and the pig's rules worked out independently (Traders &
 * Builders, docs/rules.md 7.4, 7.5): for every placement of the current tile,
 * played without a figure (then undone), a builder may go on a road or city
 * segment whose feature is then incomplete and holds a follower or big
 * follower of the player, a pig on a field segment whose field then holds
 * one of his (farmers on); each only from supply. check_move agrees. */
void check_builder_pig_rules(carc_game *g, carc_movelist *pl, uint32_t modules)
{
    uint32_t tile, nseg, cur, bs = 0, ps = 0;
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, tile), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&bs, g, cur, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&ps, g, cur, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
    size_t np = carc_movelist_count(pl);
    carc_move *places = malloc((np ? np : 1) * sizeof *places);
    assert_non_null(places);
    if (np)
        memcpy(places, carc_movelist_data(pl), np * sizeof *places);
    for (size_t i = 0; i < np; i++) {
        carc_move p = places[i];
        bool want_builder[16] = { false }, want_pig[16] = { false };
        assert_int_equal(carc_game_play(g, &p), CARC_OK);
        uint32_t nfig;
        assert_int_equal(carc_game_figure_count(&nfig, g), CARC_OK);
        for (uint32_t s = 0; s < nseg && s < 16; s++) {
            uint32_t k = seg_kind(p.tile, p.rotation, s), f = feature_of(g, p.x, p.y, s);
            if (k != CARC_SEG_ROAD && k != CARC_SEG_CITY && k != CARC_SEG_FIELD)
                continue;
            carc_feature_info fe = { .struct_size = sizeof fe };
            assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
            bool own = false;
            for (uint32_t j = 0; j < nfig && !own; j++) {
                carc_figure_info fi = { .struct_size = sizeof fi };
                assert_int_equal(carc_game_figure(&fi, g, j), CARC_OK);
                own = fi.player == cur && fi.feature == f &&
                      (fi.figure == CARC_FIGURE_FOLLOWER || fi.figure == CARC_FIGURE_BIG);
            }
            if (k == CARC_SEG_FIELD)
                want_pig[s] = ps && own && (modules & CARC_MODULE_FARMERS);
            else
                want_builder[s] = bs && own && !fe.complete;
        }
        assert_int_equal(carc_game_undo(g), CARC_OK);
        for (uint32_t s = 0; s < nseg && s < 16; s++) {
            carc_move b = p;
            b.figure = CARC_FIGURE_BUILDER;
            b.segment = (uint8_t)s;
            bool ok = carc_game_check_move(g, &b) == CARC_OK;
            if (ok != want_builder[s])
                fail_msg("%s at (%d,%d) r%u, builder on segment %u: check_move %s it, the rules %s", carc_tile_name(tile),
                         (int)p.x, (int)p.y, p.rotation, s, ok ? "accepts" : "refuses", ok ? "do not" : "allow it");
            b.figure = CARC_FIGURE_PIG;
            ok = carc_game_check_move(g, &b) == CARC_OK;
            if (ok != want_pig[s])
                fail_msg("%s at (%d,%d) r%u, pig on segment %u: check_move %s it, the rules %s", carc_tile_name(tile),
                         (int)p.x, (int)p.y, p.rotation, s, ok ? "accepts" : "refuses", ok ? "do not" : "allow it");
        }
    }
    free(places);
}

/* The tokens a move gave (events from ev0): for its player, one per goods
 * symbol of each city its tile completed, whoever held it (T-1), and none
 * from anything else. */
void check_move_goods(const carc_game *g, const carc_move *m, uint32_t player, uint32_t ev0, stats *st)
{
    uint32_t feats[8], want[8][CARC_GOOD_COUNT], got[8][CARC_GOOD_COUNT], held[8], nf = 0, ne;
    memset(want, 0, sizeof want);
    memset(got, 0, sizeof got);
    memset(held, 0, sizeof held);
    if (m->kind == CARC_MOVE_PLACE) {
        carc_move t;
        uint32_t nseg;
        assert_int_equal(carc_game_tile_at(&t, g, m->x, m->y), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            if (seg_kind(t.tile, t.rotation, s) != CARC_SEG_CITY)
                continue;
            uint32_t f = feature_of(g, m->x, m->y, s), i = 0;
            while (i < nf && feats[i] != f)
                i++;
            if (i < nf)
                continue; /* two segments of the tile in one city: its goods once */
            carc_feature_info fe = { .struct_size = sizeof fe };
            assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
            if (!fe.complete)
                continue; /* its segment was open before the move: completed now, or not */
            feats[nf] = f;
            memcpy(want[nf], fe.goods, sizeof want[nf]);
            nf++;
        }
    }
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    for (uint32_t j = ev0; j < ne; j++) {
        carc_event e = event_at(g, j);
        if (e.kind == CARC_EVENT_SCORE && e.feature_kind == CARC_SEG_CITY) {
            uint32_t f = feature_of(g, e.x, e.y, e.segment);
            for (uint32_t i = 0; i < nf; i++)
                held[i] |= feats[i] == f;
        }
        if (e.kind != CARC_EVENT_GOODS)
            continue;
        assert_int_equal(e.players, 1u << player);
        assert_int_equal(e.points, 0);
        assert_int_equal(e.returned, 0);
        assert_int_equal(e.bonus, 0);
        assert_int_equal(e.feature_kind, CARC_SEG_CITY);
        assert_true(e.good < CARC_GOOD_COUNT);
        uint32_t f = feature_of(g, e.x, e.y, e.segment), i = 0;
        while (i < nf && feats[i] != f)
            i++;
        if (i == nf)
            fail_msg("a token of good %u from the city at (%d,%d), which the move at (%d,%d) did not complete", e.good,
                     (int)e.x, (int)e.y, (int)m->x, (int)m->y);
        carc_feature_info fe = { .struct_size = sizeof fe };
        assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
        assert_int_equal(e.tiles, fe.tiles);
        got[i][e.good]++;
        st->goods_events++;
    }
    for (uint32_t i = 0; i < nf; i++) {
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            if (got[i][k] != want[i][k])
                fail_msg("the move at (%d,%d) completed a city with %u symbols of good %u; %u token(s)", (int)m->x,
                         (int)m->y, want[i][k], k, got[i][k]);
        st->unheld_goods += !held[i] && (want[i][0] + want[i][1] + want[i][2]) > 0;
    }
}

/* Traders & Builders, at any moment: every builder and pig shares its
 * feature with a follower or big follower of its owner (T-7); a builder's
 * feature is an incomplete road or city; each player's tokens are his
 * CARC_EVENT_GOODS events, and all tokens of a good at most its symbols in
 * the tile set (none without the module). */
void check_traders(const carc_game *g, uint32_t modules, const uint32_t symbols[CARC_GOOD_COUNT])
{
    uint32_t players, n, ne;
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    carc_figure_info figs[6 * 11];
    assert_true(n <= 6 * 11);
    for (uint32_t i = 0; i < n; i++) {
        figs[i].struct_size = sizeof figs[i];
        assert_int_equal(carc_game_figure(&figs[i], g, i), CARC_OK);
    }
    for (uint32_t i = 0; i < n; i++) {
        const carc_figure_info *b = &figs[i];
        if (b->figure != CARC_FIGURE_BUILDER && b->figure != CARC_FIGURE_PIG)
            continue;
        assert_true(modules & CARC_MODULE_TRADERS);
        bool own = false;
        for (uint32_t j = 0; j < n && !own; j++)
            own = figs[j].player == b->player && figs[j].feature == b->feature &&
                  (figs[j].figure == CARC_FIGURE_FOLLOWER || figs[j].figure == CARC_FIGURE_BIG);
        if (!own)
            fail_msg("the %s of player %u at (%d,%d) segment %u: no follower of his on its feature",
                     b->figure == CARC_FIGURE_BUILDER ? "builder" : "pig", b->player, (int)b->x, (int)b->y,
                     b->segment);
        carc_feature_info fe = { .struct_size = sizeof fe };
        assert_int_equal(carc_game_feature(&fe, g, b->feature), CARC_OK);
        if (b->figure == CARC_FIGURE_BUILDER) {
            assert_true(fe.kind == CARC_SEG_ROAD || fe.kind == CARC_SEG_CITY);
            /* (the Count: a feature completed now scores after the moves out of the city) */
            carc_pending pd = pending_of(g);
            if (!(pd.decision == CARC_DECISION_EXIT && !(pd.flags & CARC_PENDING_FINAL)))
                assert_int_equal(fe.complete, 0);
        } else {
            assert_int_equal(fe.kind, CARC_SEG_FIELD);
        }
    }
    uint32_t events[6][CARC_GOOD_COUNT];
    memset(events, 0, sizeof events);
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    for (uint32_t i = 0; i < ne; i++) {
        carc_event e = event_at(g, i);
        if (e.kind != CARC_EVENT_GOODS)
            continue;
        assert_true(e.good < CARC_GOOD_COUNT);
        assert_int_equal(__builtin_popcount(e.players), 1);
        events[__builtin_ctz(e.players)][e.good]++;
    }
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t total = 0;
        for (uint32_t p = 0; p < players; p++) {
            uint32_t tokens = 99;
            assert_int_equal(carc_game_goods(&tokens, g, p, k), CARC_OK);
            if (tokens != events[p][k])
                fail_msg("player %u holds %u token(s) of good %u; %u event(s) gave them", p, tokens, k, events[p][k]);
            total += tokens;
        }
        assert_true(total <= symbols[k]);
        if (!(modules & CARC_MODULE_TRADERS))
            assert_int_equal(total, 0);
    }
}

/* Whether the tile at (x, y) has a road or city segment on feature f. */
bool tile_on_feature(const carc_game *g, int32_t x, int32_t y, uint32_t f)
{
    carc_move t;
    uint32_t nseg;
    assert_int_equal(carc_game_tile_at(&t, g, x, y), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
    for (uint32_t s = 0; s < nseg; s++) {
        uint32_t k = seg_kind(t.tile, t.rotation, s);
        if ((k == CARC_SEG_ROAD || k == CARC_SEG_CITY) && feature_of(g, x, y, s) == f)
            return true;
    }
    return false;
}

/* ------------------------------------------------------------ the Count of Carcassonne */
