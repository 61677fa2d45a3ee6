/* SPDX-License-Identifier: MIT */
/*
 * engine.properties (properties.h): what holds after every move: every
 * figure kind conserved, the pending decision, the River's order, a
 * recall's score, scores as their events give them, monasteries and
 * gardens by the tiles around them, matching edges, no figure on a
 * completed feature.
 */
#include "properties.h"

/* Every figure kind conserved (figures.h), and the frontier's bound that
 * clones rely on (carci_front_bound). */
void check_conservation(const carc_game *g, uint32_t modules)
{
    const carci_hdr *hd = CARCI_HDR(g);
    assert_true(hd->n_front <= 2u * hd->n_placed + 4u);
    tu_check_figures(g, modules);
}

/* The pending decision agrees with the current player and tile. */
void check_pending(const carc_game *g)
{
    carc_pending p;
    memset(&p, 0xA5, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    assert_int_equal(p.struct_size, sizeof p);
    if (tu_over(g)) {
        assert_int_equal(p.decision, CARC_DECISION_NONE);
        assert_int_equal(p.player, 0);
        assert_int_equal(p.tile, 0);
        assert_int_equal(p.flags, 0);
        return;
    }
    uint32_t cur, tile, players;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (p.decision != CARC_DECISION_PLACE) {
        /* a decision of the Count: optional, no tile; in the final round only exits */
        carc_game_options o;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        assert_true(o.modules & CARC_MODULE_COUNT);
        assert_true(p.decision == CARC_DECISION_EXIT || p.decision == CARC_DECISION_QUARTER ||
                    p.decision == CARC_DECISION_COUNT);
        bool final = (p.flags & CARC_PENDING_FINAL) != 0;
        assert_int_equal(p.flags, CARC_PENDING_OPTIONAL | (final ? (uint32_t)CARC_PENDING_FINAL : 0u));
        assert_true(!final || p.decision == CARC_DECISION_EXIT);
        assert_int_equal(p.tile, 0);
        assert_true(p.part == 1 || p.part == 2);
        assert_true(p.player < players);
        assert_int_equal(p.player, cur); /* the player to move is the one asked */
        return;
    }
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    assert_int_equal(p.decision, CARC_DECISION_PLACE);
    assert_int_equal(p.player, cur);
    assert_int_equal(p.tile, tile);
    /* part 1: nothing optional; part 2 (the builder's second tile): optional */
    assert_true(p.part == 1 || p.part == 2);
    assert_int_equal(p.flags, p.part == 2 ? (uint32_t)(CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE) : 0u);
    if (p.part == 2) {
        carc_game_options o;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        assert_true(o.modules & CARC_MODULE_TRADERS);
    }
}

/* With the River: while River tiles are left, the tile to place is one of
 * them, and the lake only as the last (or when none of the course tiles
 * left can be placed). Without: none is left at all. */
static unsigned river_stuck; /* times the lake came before the last course tile */

void check_river_order(const carc_game *g, uint32_t modules, uint32_t lake)
{
    uint32_t river_left = tu_river_left(g);
    if (!(modules & CARC_MODULE_RIVER)) {
        assert_int_equal(river_left, 0);
        return;
    }
    uint32_t tile;
    if (tu_over(g) || !river_left)
        return;
    carc_pending pd = pending_of(g);
    if (pd.decision != CARC_DECISION_PLACE)
        return;
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    if (!tu_is_river(tile) || (tile == lake && river_left != 1)) {
        /* a land tile while River tiles are left, or the lake before the
         * last course tile: only when none of them can be placed (with the
         * Count the City of Carcassonne can block the river); they are drawn
         * and discarded first (docs/rules.md 3.6: the generic
         * discard-and-redraw) */
        carc_movelist *pl = NULL;
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
            uint32_t c = 0;
            assert_int_equal(carc_game_remaining_of(&c, g, k), CARC_OK);
            if (!c || !tu_is_river(k) || k == tile)
                continue;
            assert_int_equal(carc_game_placements(pl, g, k, 0), CARC_OK);
            if (carc_movelist_count(pl) != 0)
                fail_msg("modules %#x: %s to place with %u River tiles left, %s among them placeable", modules,
                         carc_tile_name(tile), river_left, carc_tile_name(k));
        }
        carc_movelist_free(pl);
        assert_true(modules & CARC_MODULE_COUNT);
        river_stuck++;
    }
}

/* A recall scores 1..9 for its player alone, in an event of the move's turn. */
void check_recall(const carc_game *g, const carc_move *m, uint32_t player, uint32_t hist_before,
                  uint32_t events_before, int32_t want_points)
{
    uint32_t ne, supply;
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    bool seen = false;
    for (uint32_t i = events_before; i < ne; i++) {
        carc_event e = event_at(g, i);
        if (e.kind != CARC_EVENT_RECALL)
            continue;
        assert_false(seen);
        seen = true;
        assert_true(m->segment == CARC_SEGMENT_RECALL);
        assert_int_equal(e.players, 1u << player);
        assert_true(e.points >= 2 && e.points <= 9); /* the abbot's tile and at least the one placed before */
        assert_int_equal(e.points, want_points);
        assert_true(e.feature_kind == CARC_SEG_MONASTERY || e.feature_kind == CARC_SEG_GARDEN);
        assert_true(e.turn >= hist_before);
    }
    if (m->segment == CARC_SEGMENT_RECALL) {
        assert_true(seen);
        assert_int_equal(carc_game_figure_supply(&supply, g, player, CARC_FIGURE_ABBOT), CARC_OK);
        assert_int_equal(supply, 1);
    }
}

/* Each player's score is the sum of the points the events gave them. */
void check_scores_from_events(const carc_game *g)
{
    uint32_t players, ne;
    int32_t sum[6] = { 0 };
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    for (uint32_t i = 0; i < ne; i++) {
        carc_event e = event_at(g, i);
        assert_true(e.kind <= CARC_EVENT_TRADE);
        assert_true(e.players < (1u << players));
        if (e.kind == CARC_EVENT_DISCARD || e.kind == CARC_EVENT_GOODS)
            assert_int_equal(e.points, 0);
        if (e.kind == CARC_EVENT_TRADE)
            assert_int_equal(e.points, 10);
        for (uint32_t p = 0; p < players; p++)
            if (e.players >> p & 1u)
                sum[p] += e.points;
    }
    for (uint32_t p = 0; p < players; p++) {
        int32_t s;
        assert_int_equal(carc_game_score(&s, g, p), CARC_OK);
        if (s != sum[p])
            fail_msg("player %u has %d points, the events give %d", p, (int)s, (int)sum[p]);
    }
}

/* Monasteries and gardens score by the tiles around them: 9 when complete
 * during play, 1 + the tiles around at the end (and so does a recall). */
void check_center_scores(const carc_game *g)
{
    uint32_t ne;
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    for (uint32_t i = 0; i < ne; i++) {
        carc_event e = event_at(g, i);
        if (e.kind == CARC_EVENT_DISCARD || e.kind == CARC_EVENT_GOODS || e.kind == CARC_EVENT_TRADE)
            continue;
        if (e.feature_kind == CARC_SEG_GARDEN)
            assert_true(e.kind != CARC_EVENT_SCORE || e.points == 9);
        if (e.feature_kind != CARC_SEG_MONASTERY && e.feature_kind != CARC_SEG_GARDEN)
            continue;
        if (e.kind == CARC_EVENT_SCORE) {
            assert_int_equal(e.points, 9);
        } else if (e.kind == CARC_EVENT_FINAL) {
            /* the board does not change after final scoring */
            if (e.points != tiles_around(g, e.x, e.y))
                fail_msg("final scoring of the %s at (%d,%d): %d points, %d tiles around it",
                         e.feature_kind == CARC_SEG_GARDEN ? "garden" : "monastery", (int)e.x, (int)e.y,
                         (int)e.points, (int)tiles_around(g, e.x, e.y));
        }
        assert_int_equal(e.tiles, (uint32_t)e.points);
    }
}

/* Every pair of neighbouring tiles shows the same edge type on both sides
 * (river edges against river edges only). */
void check_board_edges(const carc_game *g)
{
    static const int32_t DX[4] = { 0, 1, 0, -1 }, DY[4] = { -1, 0, 1, 0 };
    uint32_t nt;
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    for (uint32_t i = 0; i < nt; i++) {
        carc_move t, u;
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        for (uint32_t s = 0; s < 4; s++) {
            if (carc_game_tile_at(&u, g, t.x + DX[s], t.y + DY[s]) != CARC_OK)
                continue;
            uint32_t a, b;
            assert_int_equal(carc_tile_edge(&a, t.tile, t.rotation, s), CARC_OK);
            assert_int_equal(carc_tile_edge(&b, u.tile, u.rotation, (s + 2) % 4), CARC_OK);
            if (a != b)
                fail_msg("%s at (%d,%d) and %s at (%d,%d): edges %u and %u meet", carc_tile_name(t.tile), (int)t.x,
                         (int)t.y, carc_tile_name(u.tile), (int)u.x, (int)u.y, a, b);
        }
    }
}

/* During play no figure stands on a completed feature (it has scored and
 * gone home), and none on a monastery or garden with 8 neighbours. */
void check_no_figure_on_complete(const carc_game *g)
{
    uint32_t n;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        carc_feature_info fe;
        memset(&fe, 0, sizeof fe);
        fe.struct_size = sizeof fe;
        assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
        assert_int_equal(carc_game_feature(&fe, g, fi.feature), CARC_OK);
        assert_int_equal(fe.complete, 0);
        if (fe.kind == CARC_SEG_MONASTERY || fe.kind == CARC_SEG_GARDEN) {
            assert_true(tiles_around(g, fi.x, fi.y) < 9);
            assert_int_equal((int32_t)fe.tiles, tiles_around(g, fi.x, fi.y));
        }
    }
}

/* ------------------------------------------------------------ majorities and values */
