/* SPDX-License-Identifier: MIT */
/*
 * engine.properties (properties.h): majorities and values. The players a
 * feature scores for are those with the greatest strength on it, from the
 * figures that stood on it (by their positions); every road, city and
 * field scored has the value of its rule, from its tiles, pennants and
 * marks; at the end, the pig's share of a field and the trade goods.
 */
#include "properties.h"

/* Majority weight of a figure kind (docs/rules.md 4, 6.3): the follower and
 * the abbot 1, the big follower 2, the builder and the pig 0. */
static uint32_t strength(uint32_t figure)
{
    switch (figure) {
    case CARC_FIGURE_FOLLOWER:
    case CARC_FIGURE_ABBOT:
        return 1;
    case CARC_FIGURE_BIG:
        return 2;
    case CARC_FIGURE_BUILDER:
    case CARC_FIGURE_PIG:
        return 0;
    default:
        fail_msg("figure kind %u on the board", figure);
        return 0;
    }
}

uint32_t board_figures(const carc_game *g, placed_fig *out, uint32_t cap)
{
    uint32_t n;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    assert_true(n <= cap);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
        out[i].x = fi.x;
        out[i].y = fi.y;
        out[i].segment = fi.segment;
        out[i].player = fi.player;
        out[i].figure = fi.figure;
    }
    return n;
}

/* The players with the greatest strength among the figures of `figs` that
 * stand on feature `f` of g (by their positions), and how many stand there. */
static uint32_t majority(const carc_game *g, uint32_t f, const placed_fig *figs, uint32_t n, uint32_t *count,
                         uint32_t *bigs)
{
    uint32_t power[6] = { 0 }, best = 0, mask = 0;
    *count = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (feature_of(g, figs[i].x, figs[i].y, figs[i].segment) != f)
            continue;
        assert_true(figs[i].player < 6);
        power[figs[i].player] += strength(figs[i].figure);
        (*count)++;
        if (bigs)
            *bigs += figs[i].figure == CARC_FIGURE_BIG;
    }
    for (uint32_t p = 0; p < 6; p++)
        if (power[p] > best)
            best = power[p];
    for (uint32_t p = 0; best && p < 6; p++)
        if (power[p] == best)
            mask |= 1u << p;
    return mask;
}

/* The feature scored by event e, and its tiles' special marks found on the
 * segments of its tiles that belong to it (not through the feature's own
 * mark); `goods` (if not NULL) receives the number of goods symbols of each
 * kind on them. */
static uint32_t marks_on_tiles(const carc_game *g, uint32_t f, uint32_t *goods)
{
    if (goods)
        memset(goods, 0, CARC_GOOD_COUNT * sizeof *goods);
    int32_t xy[2 * 128];
    size_t cnt = feature_cells(g, f, xy, 128);
    uint32_t marks = 0;
    for (size_t i = 0; i < cnt; i++) {
        carc_move t;
        uint32_t nseg = placed_tile(g, xy[2 * i], xy[2 * i + 1], &t);
        for (uint32_t s = 0; s < nseg; s++) {
            carc_segment_info si = segment_info(t.tile, t.rotation, s);
            if (si.special && feature_of(g, t.x, t.y, s) == f) {
                marks |= si.special;
                for (uint32_t k = 0; goods && k < CARC_GOOD_COUNT; k++)
                    goods[k] += (si.special & CARC_SEGMENT_GOOD(k)) != 0;
            }
        }
    }
    return marks;
}

/* The distinct completed cities field f borders, by the cities beside its
 * segments on their tiles; *coc: 1 when a segment of it lies along the City
 * of Carcassonne (carries CARC_SEGMENT_COC). */
static uint32_t field_cities(const carc_game *g, uint32_t f, uint32_t *coc)
{
    int32_t xy[2 * 160];
    size_t cnt = feature_cells(g, f, xy, 160);
    uint32_t cities[64], nc = 0;
    *coc = 0;
    for (size_t i = 0; i < cnt; i++) {
        carc_move t;
        uint32_t nseg = placed_tile(g, xy[2 * i], xy[2 * i + 1], &t);
        for (uint32_t s = 0; s < nseg; s++) {
            carc_segment_info si = segment_info(t.tile, t.rotation, s);
            if (si.kind != CARC_SEG_FIELD || feature_of(g, t.x, t.y, s) != f)
                continue;
            *coc |= (si.special & CARC_SEGMENT_COC) != 0;
            for (uint32_t c = 0; c < nseg; c++) {
                if (!((si.adjacent_cities >> c) & 1u))
                    continue;
                uint32_t cf = feature_of(g, t.x, t.y, c);
                carc_feature_info ci = { .struct_size = sizeof ci };
                assert_int_equal(carc_game_feature(&ci, g, cf), CARC_OK);
                assert_int_equal(ci.kind, CARC_SEG_CITY);
                if (!ci.complete)
                    continue;
                uint32_t j = 0;
                while (j < nc && cities[j] != cf)
                    j++;
                if (j == nc) {
                    assert_true(nc < 64);
                    cities[nc++] = cf;
                }
            }
        }
    }
    return nc;
}

/* Event e (a feature scored: during play or at the end) has the value of its
 * rule, worked out from the feature's tiles, pennants and marks, and the
 * bonus that says which rule. */
static void check_value(const carc_game *g, const carc_event *e, stats *st)
{
    uint32_t f = feature_of(g, e->x, e->y, e->segment);
    carc_feature_info fe = { .struct_size = sizeof fe };
    assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
    assert_int_equal(fe.kind, e->feature_kind);
    if (e->bonus & CARC_BONUS_PIG) {
        /* a field's majority holders with their pig: 4 per city instead of 3 */
        assert_int_equal(fe.kind, CARC_SEG_FIELD);
        assert_int_equal(e->bonus, CARC_BONUS_PIG);
        assert_int_equal(e->kind, CARC_EVENT_FINAL);
        assert_true(fe.value > 0 && fe.value % 3 == 0);
        assert_int_equal(e->points, fe.value / 3 * 4);
        st->pig_scores++;
    } else {
        assert_int_equal(fe.value, e->points); /* what it would score now: the same */
    }
    bool complete = e->kind == CARC_EVENT_SCORE;
    int32_t t = (int32_t)fe.tiles, pen = (int32_t)fe.pennants, want = e->points;
    uint32_t bonus = 0;
    if (fe.kind == CARC_SEG_ROAD || fe.kind == CARC_SEG_CITY) {
        assert_int_equal(e->tiles, fe.tiles);
        assert_int_equal(fe.complete, complete);
        uint32_t goods[CARC_GOOD_COUNT];
        uint32_t marks = marks_on_tiles(g, f, goods);
        assert_int_equal(fe.special, marks);
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) /* a road has none */
            assert_int_equal(fe.goods[k], fe.kind == CARC_SEG_CITY ? goods[k] : 0);
        if (fe.kind == CARC_SEG_ROAD) {
            assert_int_equal(pen, 0);
            assert_int_equal(marks & ~(uint32_t)CARC_SEGMENT_INN, 0);
            bool inn = (marks & CARC_SEGMENT_INN) != 0;
            want = inn ? (complete ? 2 * t : 0) : t;
            bonus = inn ? CARC_BONUS_INN : 0;
            if (inn)
                *(complete ? &st->inn_scores : &st->inn_finals) += 1;
        } else {
            assert_int_equal(marks & ~(uint32_t)(CARC_SEGMENT_CATHEDRAL | CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN |
                                                 CARC_SEGMENT_CLOTH),
                             0);
            bool cathedral = (marks & CARC_SEGMENT_CATHEDRAL) != 0;
            want = cathedral ? (complete ? 3 * (t + pen) : 0) : (complete ? 2 * (t + pen) : t + pen);
            bonus = cathedral ? CARC_BONUS_CATHEDRAL : 0;
            if (cathedral)
                *(complete ? &st->cathedral_scores : &st->cathedral_finals) += 1;
        }
    } else if (fe.kind == CARC_SEG_FIELD) {
        /* a field: 3 per completed city it borders, found on its segments,
         * and the City of Carcassonne as one more when a segment is along it
         * (ruling C-15); its only mark is that one */
        uint32_t coc = 0, cities = field_cities(g, f, &coc);
        assert_int_equal(fe.special, coc ? (uint32_t)CARC_SEGMENT_COC : 0u);
        assert_true(!coc || (g->rs->modules & CARC_MODULE_COUNT));
        if (fe.value != (int32_t)(3 * (cities + coc)))
            fail_msg("field at (%d,%d): value %d; it borders %u completed cities%s", (int)e->x, (int)e->y,
                     (int)fe.value, cities, coc ? " and the City of Carcassonne" : "");
        cst.coc_fields += coc && e->points > 0;
        bonus = e->bonus & CARC_BONUS_PIG; /* checked above and by check_final_scores */
    } else {
        assert_int_equal(fe.special, 0);
        bonus = e->bonus & CARC_BONUS_PIG;
    }
    if (e->points != want || e->bonus != bonus)
        fail_msg("%s %s at (%d,%d): %d points, bonus %u; its rule gives %d, bonus %u (%d tiles, %d pennants, marks %#x)",
                 complete ? "completed" : "final", fe.kind == CARC_SEG_ROAD ? "road" : "city", (int)e->x, (int)e->y,
                 (int)e->points, e->bonus, (int)want, bonus, (int)t, (int)pen, fe.special);
}

/* The events of the move just played (from index ev0): each feature it
 * completed scored for the players with the greatest strength among the
 * figures that stood on it before the move (`before`, n of them; the one the
 * move placed counts too), found by their positions; those figures went
 * home. The recalled abbot stood on no scored feature. */
void check_move_scores(const carc_game *g, const carc_move *m, uint32_t player, const placed_fig *before,
                       uint32_t n, uint32_t ev0, stats *st)
{
    uint32_t ne;
    placed_fig all[6 * 11 + 1];
    memcpy(all, before, n * sizeof *all);
    if (m->figure != CARC_FIGURE_NONE && m->segment != CARC_SEGMENT_RECALL &&
        (m->kind == CARC_MOVE_PLACE || m->kind == CARC_MOVE_EXIT)) {
        /* the figure the move placed: on its tile, or out of the city onto (x, y) */
        placed_fig nf = { m->x, m->y, m->segment, player, m->figure };
        all[n++] = nf;
    }
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    for (uint32_t i = ev0; i < ne; i++) {
        carc_event e = event_at(g, i);
        if (e.kind != CARC_EVENT_SCORE && e.kind != CARC_EVENT_FINAL)
            continue;
        if (e.kind == CARC_EVENT_FINAL)
            continue; /* the move ended the game: check_final_scores */
        uint32_t f = feature_of(g, e.x, e.y, e.segment), count = 0, bigs = 0;
        uint32_t want = majority(g, f, all, n, &count, &bigs);
        if (e.players != want || e.returned != count)
            fail_msg("move at (%d,%d) figure %u: the %s at (%d,%d) scored for %#x, %u figure(s) went home; the figures "
                     "on it give %#x, %u", (int)m->x, (int)m->y, m->figure, e.feature_kind == CARC_SEG_CITY ? "city" : "feature",
                     (int)e.x, (int)e.y, e.players, e.returned, want, count);
        assert_true(want != 0);
        st->majorities++;
        if (bigs) {
            st->big_majorities++;
            /* a big follower decided it: counting it as 1 gives another result */
            placed_fig one[6 * 11 + 1];
            memcpy(one, all, n * sizeof *one);
            for (uint32_t k = 0; k < n; k++)
                if (one[k].figure == CARC_FIGURE_BIG)
                    one[k].figure = CARC_FIGURE_FOLLOWER;
            uint32_t c2 = 0;
            st->big_decided += majority(g, f, one, n, &c2, NULL) != want;
        }
        check_value(g, &e, st);
    }
}

/* The players with a pig on feature f (by the figures' positions). */
static uint32_t pigs_on(const carc_game *g, uint32_t f, const placed_fig *figs, uint32_t n)
{
    uint32_t mask = 0;
    for (uint32_t i = 0; i < n; i++)
        if (figs[i].figure == CARC_FIGURE_PIG && feature_of(g, figs[i].x, figs[i].y, figs[i].segment) == f)
            mask |= 1u << figs[i].player;
    return mask;
}

/* At the end: every final score went to the players with the greatest
 * strength on the feature (the figures stay on the board), no figure went
 * home, and every feature's value follows its rule (completed ones too). A
 * field whose majority holders have their pig on it: those score 4 per city
 * in an event with CARC_BONUS_PIG, the others 3 in another event (T-6); no
 * split when it borders no completed city. Then the trade-goods majorities,
 * recomputed from carc_game_goods: per good, 10 to every player with the
 * most tokens, nobody when nobody has one (T-2). */
void check_final_scores(const carc_game *g, stats *st)
{
    placed_fig figs[6 * 11];
    uint32_t n = board_figures(g, figs, 6 * 11), ne, players;
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    uint32_t trade_seen[CARC_GOOD_COUNT] = { 0 }, trade_players[CARC_GOOD_COUNT] = { 0 };
    for (uint32_t i = 0; i < ne; i++) {
        carc_event e = event_at(g, i);
        if (e.kind == CARC_EVENT_FINAL) {
            uint32_t f = feature_of(g, e.x, e.y, e.segment), count = 0, bigs = 0;
            uint32_t want = majority(g, f, figs, n, &count, &bigs);
            uint32_t pigs = e.feature_kind == CARC_SEG_FIELD ? pigs_on(g, f, figs, n) & want : 0;
            if (pigs) {
                carc_feature_info fe = { .struct_size = sizeof fe };
                assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
                if (fe.value == 0)
                    pigs = 0; /* no city: the pig changes nothing */
            }
            /* the event of the holders with a pig, or of the others */
            uint32_t part = (e.bonus & CARC_BONUS_PIG) ? pigs : want & ~pigs;
            if (e.players != part || !part)
                fail_msg("final scoring of the feature at (%d,%d), bonus %u: for %#x; the figures on it give %#x "
                         "(pigs of %#x)", (int)e.x, (int)e.y, e.bonus, e.players, want, pigs);
            if (pigs && (want & ~pigs)) {
                /* the other part has its own event, of the same feature */
                uint32_t other = 0;
                for (uint32_t j = 0; j < ne; j++) {
                    carc_event o = event_at(g, j);
                    if (j != i && o.kind == CARC_EVENT_FINAL && o.feature_kind == CARC_SEG_FIELD &&
                        feature_of(g, o.x, o.y, o.segment) == f) {
                        other++;
                        assert_int_equal(o.players, want & ~part);
                        assert_int_equal(o.bonus ^ e.bonus, CARC_BONUS_PIG);
                        assert_int_equal(o.turn, e.turn);
                    }
                }
                assert_int_equal(other, 1);
                st->pig_splits += (e.bonus & CARC_BONUS_PIG) != 0;
            }
            assert_int_equal(e.returned, 0);
            assert_true(count > 0);
            st->majorities++;
            st->big_majorities += bigs > 0;
        }
        if (e.kind == CARC_EVENT_SCORE || e.kind == CARC_EVENT_FINAL)
            check_value(g, &e, st);
        else
            assert_int_equal(e.bonus, 0);
        if (e.kind == CARC_EVENT_TRADE) {
            assert_true(e.good < CARC_GOOD_COUNT);
            assert_int_equal(e.points, 10);
            assert_int_equal(e.tile, 0);
            assert_int_equal(e.x, 0);
            assert_int_equal(e.y, 0);
            assert_int_equal(e.segment, CARC_NO_SEGMENT);
            assert_int_equal(e.returned, 0);
            trade_seen[e.good]++;
            trade_players[e.good] = e.players;
        }
    }
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t best = 0, mask = 0, tokens;
        for (uint32_t p = 0; p < players; p++) {
            assert_int_equal(carc_game_goods(&tokens, g, p, k), CARC_OK);
            if (tokens > best) {
                best = tokens;
                mask = 0;
            }
            if (tokens == best && best)
                mask |= 1u << p;
        }
        if (trade_seen[k] != (best ? 1u : 0u) || trade_players[k] != mask)
            fail_msg("good %u: %u majority event(s) for %#x; the tokens (at most %u) give %#x", k, trade_seen[k],
                     trade_players[k], best, mask);
        st->trades += best != 0;
        st->trade_ties += __builtin_popcount(mask) > 1;
    }
}
