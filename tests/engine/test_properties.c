/* SPDX-License-Identifier: MIT */
/*
 * Property tests over seeded random games of every set of the six modules
 * (farmers on/off x River x Abbot x the Count x Inns & Cathedrals x Traders &
 * Builders: 64 sets; the Count with the River starts the spring beside the
 * City of Carcassonne, test_util.h), 2 to 5 players, 2 to 6 with Inns &
 * Cathedrals, every decision taken at random (the Count's too, passes
 * included), the Count's rule variants in three games of four (white-box:
 * states are compared byte for byte):
 *  - enumeration = check: every listed move passes carc_game_check_move,
 *    placements x figure options give the list, and moves not listed are
 *    refused (random variants of listed moves every turn; every candidate
 *    move around the frontier on some turns: each figure on each segment,
 *    the abbot's recall, a pass);
 *  - play then undo restores the identical state (every live byte), and so
 *    do a tile choice and an early end;
 *  - every figure kind is conserved: followers on the board + in supply = 7,
 *    abbot on the board + in supply = 1 with the Abbot (0 without), big
 *    follower 1 with Inns & Cathedrals (0 without), no other figure; each
 *    figure stands on a segment kind its rules allow;
 *  - scores never decrease; a recall scores 1..9 for its player alone; each
 *    score is the sum of the points its events gave;
 *  - majorities: the players a feature scores for (during play and at the
 *    end) are those with the greatest strength on it (a follower and the
 *    abbot 1, the big follower 2), worked out from the figures that stood on
 *    it just before the move (or at the end) by their positions;
 *  - values: every road and city event has the value of its rule from the
 *    feature's tiles, pennants and marks (found on its tiles' segments): an
 *    inn road 2 per tile completed and 0 at the end, a cathedral city 3 per
 *    tile and pennant completed and 0 at the end, and the bonus says which;
 *  - carc_game_pending agrees with the current player and tile;
 *  - with the River: River tiles come first, the lake last of them;
 *  - a clone, and a copy, evolve exactly like the original;
 *  - the same seed gives the same game, with and without an undo journal;
 *  - Traders & Builders (after every move): every builder and pig shares its
 *    feature with a follower or big follower of its owner (ruling T-7), a
 *    builder's road or city is incomplete, a pig stands on a field (farmers
 *    on); each player's tokens of each good = his CARC_EVENT_GOODS events of
 *    it, and no more tokens than symbols in the tile set; the tokens of a
 *    move are the symbols of the cities its tile completed, for its player
 *    (T-1); a second tile is pending (same player, part 2, optional) exactly
 *    right after a part-1 move whose tile extended that player's builder's
 *    feature, and never after a part-2 move or a pass (no chain); legal moves
 *    then start with the pass, which is refused otherwise; the final TRADE
 *    awards are the majorities of carc_game_goods (ties each, nobody with 0:
 *    T-2); a field's majority holders with their pig there score 4 per city
 *    (bonus CARC_BONUS_PIG, an event of their own), the others 3 (T-6);
 *    undoing both parts of a double turn (second tile or pass, and the
 *    Count's decisions between and after them) gives back the state before
 *    it, and replaying them the state after;
 *  - the Count (docs/rules.md 8, rulings C-1..C-20), followed independently
 *    from the API: followers in supply + on the board + in the quarters = 7
 *    a player, the big follower in exactly one place; the quarters change by
 *    the quarter and exit moves alone, the Count (on one quarter, always)
 *    by a count move alone; the legal answers of each decision worked out
 *    from the rules (QUARTER: each quarter, follower then big follower;
 *    COUNT: the other three; EXIT: each open quarter x figure x target
 *    feature, on a segment of it: during play the roads, cities and
 *    monasteries the part's tile completed, in the final round every
 *    incomplete one, any field for the market with farmers, never a garden,
 *    never from the Count's quarter, only the market with the variant), then
 *    the pass; check_move takes an exit onto any segment of a target and
 *    nothing else (random variants, and every segment of the board on some
 *    decisions); exits asked from the placer's left, the placer last, only
 *    of players who may leave, each until he passes or may no more; the
 *    follower into the city offered exactly after a scoring that gave an
 *    opponent points and the placer none, while he has a follower in supply
 *    (not twice a turn with the variant), the Count's move exactly after
 *    one; the final round from the player after the last one who drew, one
 *    exit a go, a pass final, and no final round when nobody may leave;
 *    fields along the city score it as one completed city (C-15, its
 *    cities recounted from the segments); a tile choice refused during
 *    its decisions; every answer played and undone exactly; an early end in
 *    the middle of them, its final round played out, undone exactly; the
 *    clone taken in the middle of one of its decisions plays the same, and
 *    undone to the start is a fresh game.
 * (Game records round-trip in tests/record/.)
 */
#include "test_util.h"
#include "state_equal.h"
#include "figures.h"

#include <stdio.h>
#include <stdlib.h>

static bool same_state(const carc_game *a, const carc_game *b)
{
    return state_equal(a, b);
}

static int move_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(carc_move));
}

/* A sorted copy of a move list, for membership tests. */
typedef struct sorted {
    carc_move *m;
    size_t n, cap;
} sorted;

static void sorted_fill(sorted *s, const carc_movelist *l)
{
    size_t n = carc_movelist_count(l);
    if (n > s->cap) {
        free(s->m);
        s->m = malloc(n * sizeof *s->m);
        assert_non_null(s->m);
        s->cap = n;
    }
    s->n = n;
    if (n)
        memcpy(s->m, carc_movelist_data(l), n * sizeof *s->m);
    qsort(s->m, n, sizeof *s->m, move_cmp);
    for (size_t i = 1; i < n; i++)
        assert_true(move_cmp(&s->m[i - 1], &s->m[i]) != 0); /* no move listed twice */
}

static bool sorted_has(const sorted *s, const carc_move *m)
{
    return s->n && bsearch(m, s->m, s->n, sizeof *m, move_cmp) != NULL;
}

/* ------------------------------------------------------------ queries */

/* The decision pending on g. */
static carc_pending pending_of(const carc_game *g)
{
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    return p;
}

/* Event i of g. */
static carc_event event_at(const carc_game *g, uint32_t i)
{
    carc_event e = { .struct_size = sizeof e };
    assert_int_equal(carc_game_event(&e, g, i), CARC_OK);
    return e;
}

/* The pass (the declined second tile, the Count's decisions). */
static carc_move pass_move(void)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.segment = CARC_NO_SEGMENT;
    return m;
}

/* The cells of feature f's tiles, as (x, y) pairs in xy (room for cap): how many. */
static size_t feature_cells(const carc_game *g, uint32_t f, int32_t *xy, size_t cap)
{
    size_t cnt = 0;
    assert_int_equal(carc_game_feature_tiles(NULL, 0, &cnt, g, f), CARC_EBUFFER);
    assert_true(cnt <= cap);
    assert_int_equal(carc_game_feature_tiles(xy, cnt, &cnt, g, f), CARC_OK);
    return cnt;
}

/* The tile placed at (x, y), in *t: its number of segments. */
static uint32_t placed_tile(const carc_game *g, int32_t x, int32_t y, carc_move *t)
{
    uint32_t nseg;
    assert_int_equal(carc_game_tile_at(t, g, x, y), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, t->tile), CARC_OK);
    return nseg;
}

/* Segment s of tile kind `tile` turned `rotation`. */
static carc_segment_info segment_info(uint32_t tile, uint32_t rotation, uint32_t s)
{
    carc_segment_info si = { .struct_size = sizeof si };
    assert_int_equal(carc_tile_segment(&si, tile, rotation, s), CARC_OK);
    return si;
}

/* Where `player`'s figure of this kind stands (its segment in *segment, if
 * asked); false when it is not on the board. */
static bool figure_where(const carc_game *g, uint32_t player, uint32_t figure, int32_t *x, int32_t *y,
                         uint32_t *segment)
{
    uint32_t n;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
        if (fi.player == player && fi.figure == figure) {
            *x = fi.x;
            *y = fi.y;
            if (segment)
                *segment = fi.segment;
            return true;
        }
    }
    return false;
}

/* m, which check_move refused with st, is refused alike by play, and changes nothing. */
static void play_refused(carc_game *g, const carc_move *m, carc_status st)
{
    carc_game *before = NULL;
    assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
    assert_int_equal(carc_game_play(g, m), st);
    assert_true(same_state(g, before));
    carc_game_free(before);
}

/* Every figure kind conserved (figures.h), and the frontier's bound that
 * clones rely on (carci_front_bound). */
static void check_conservation(const carc_game *g, uint32_t modules)
{
    const carci_hdr *hd = CARCI_HDR(g);
    assert_true(hd->n_front <= 2u * hd->n_placed + 4u);
    tu_check_figures(g, modules);
}

/* The pending decision agrees with the current player and tile. */
static void check_pending(const carc_game *g)
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

/* The part of the turn pending (1 or 2; 0 once the game is over). */
static uint32_t pending_part(const carc_game *g)
{
    carc_pending p = pending_of(g);
    return p.decision == CARC_DECISION_NONE ? 0 : p.part;
}

/* With the River: while River tiles are left, the tile to place is one of
 * them, and the lake only as the last (or when none of the course tiles
 * left can be placed). Without: none is left at all. */
static unsigned river_stuck; /* times the lake came before the last course tile */
static void check_river_order(const carc_game *g, uint32_t modules, uint32_t lake)
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

/* The figure actions a candidate move can carry on a tile with nseg segments:
 * none, each figure on each segment, the recall. */
static size_t candidate_actions(uint8_t fig[], uint8_t seg[], uint32_t nseg)
{
    size_t n = 0;
    fig[n] = CARC_FIGURE_NONE;
    seg[n++] = CARC_NO_SEGMENT;
    for (uint8_t f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG; f++)
        for (uint32_t s = 0; s < nseg; s++) {
            fig[n] = f;
            seg[n++] = (uint8_t)s;
        }
    fig[n] = CARC_FIGURE_ABBOT;
    seg[n++] = CARC_SEGMENT_RECALL;
    return n;
}

/* Every candidate move around the board: legal for check_move iff enumerated. */
static void check_enumeration_complete(const carc_game *g, const sorted *all)
{
    uint32_t tile, nseg;
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, tile), CARC_OK);
    uint8_t fig[2 + 5 * 16], seg[2 + 5 * 16];
    size_t na = candidate_actions(fig, seg, nseg);
    int32_t x0, y0, x1, y1;
    assert_int_equal(carc_game_bounds(&x0, &y0, &x1, &y1, g), CARC_OK);
    size_t legal = 0;
    for (int32_t y = y0 - 1; y <= y1 + 1; y++)
        for (int32_t x = x0 - 1; x <= x1 + 1; x++)
            for (uint8_t r = 0; r < 4; r++) {
                carc_move m = { x, y, (uint16_t)tile, r, CARC_FIGURE_NONE, CARC_NO_SEGMENT, 0, 0, 0 };
                if (carc_game_check_move(g, &m) != CARC_OK) {
                    /* no placement here: no figure action makes it legal */
                    assert_false(sorted_has(all, &m));
                    continue;
                }
                for (size_t a = 0; a < na; a++) {
                    m.figure = fig[a];
                    m.segment = seg[a];
                    bool ok = carc_game_check_move(g, &m) == CARC_OK;
                    if (ok != sorted_has(all, &m))
                        fail_msg("(%d,%d) r%u figure %u segment %u: check_move %s, %s", (int)x, (int)y, r,
                                 m.figure, m.segment, ok ? "accepts" : "refuses", ok ? "not listed" : "listed");
                    legal += ok;
                }
            }
    carc_move pass = pass_move();
    if (pending_part(g) == 2) { /* the second tile is optional: the pass is legal and listed */
        assert_int_equal(carc_game_check_move(g, &pass), CARC_OK);
        assert_true(sorted_has(all, &pass));
        legal++;
    } else {
        assert_int_equal(carc_game_check_move(g, &pass), CARC_EILLEGAL); /* nothing optional */
        assert_false(sorted_has(all, &pass));
    }
    assert_int_equal(legal, all->n);
}

static uint32_t feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t segment);

/* The builder's and the pig's rules worked out independently (Traders &
 * Builders, docs/rules.md 7.4, 7.5): for every placement of the current tile,
 * played without a figure (then undone), a builder may go on a road or city
 * segment whose feature is then incomplete and holds a follower or big
 * follower of the player, a pig on a field segment whose field then holds
 * one of his (farmers on); each only from supply. check_move agrees. */
static void check_builder_pig_rules(carc_game *g, carc_movelist *pl, uint32_t modules)
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

/* Random variants of listed moves: accepted iff listed, and play agrees. */
static void check_variants(carc_game *g, const sorted *all, uint64_t *rng, unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        carc_move m = all->m[tu_rand(rng) % all->n];
        uint64_t r = tu_rand(rng);
        switch (r % 9) {
        case 0:
            m.x += (int32_t)((r >> 8) % 5) - 2;
            m.y += (int32_t)((r >> 16) % 5) - 2;
            break;
        case 1:
            m.rotation = (uint8_t)((r >> 8) % 5);
            break;
        case 2:
            m.figure = (uint8_t)((r >> 8) % 7);
            m.segment = (uint8_t)((r >> 16) % 14);
            break;
        case 3:
            m.figure = CARC_FIGURE_ABBOT;
            m.segment = (r >> 8) & 1 ? CARC_SEGMENT_RECALL : (uint8_t)((r >> 16) % 14);
            break;
        case 4:
            m.kind = (uint8_t)((r >> 8) % 6);
            break;
        case 5:
            m.quarter = (uint8_t)((r >> 8) % 3);
            break;
        case 6:
            m.reserved = (uint8_t)((r >> 8) % 3);
            break;
        case 7:
            m.tile = (uint16_t)((r >> 8) % (carc_tile_kind_count() + 1));
            break;
        default:
            m.segment = (m.segment == CARC_NO_SEGMENT) ? 0 : CARC_NO_SEGMENT;
            break;
        }
        carc_status st = carc_game_check_move(g, &m);
        if ((st == CARC_OK) != sorted_has(all, &m))
            fail_msg("variant %u (tile %u at %d,%d r%u figure %u segment %u kind %u): check_move %s but %s", i,
                     m.tile, (int)m.x, (int)m.y, m.rotation, m.figure, m.segment, m.kind, carc_status_name(st),
                     sorted_has(all, &m) ? "listed" : "not listed");
        if (st != CARC_OK && i % 4 == 0)
            play_refused(g, &m, st);
    }
}

/* A move to play: uniform, but the abbot's, the big follower's, the
 * builder's and the pig's moves now and then (so that they get placed, and
 * the abbot recalled, often), and a third of the second tiles declined. */
static carc_move pick_count_move(const carc_movelist *ml, uint64_t *rng);

/* With the Count: a third of the place moves without a figure (followers
 * stay in supply, for the city), a third with a follower on a road, a city
 * or a monastery (which others complete: the trigger), else as below. */
static bool pick_for_count(const carc_movelist *ml, uint64_t *rng, carc_move *out)
{
    const carc_move *d = carc_movelist_data(ml);
    size_t n = carc_movelist_count(ml), pick = tu_rand(rng) % n;
    uint64_t r = tu_rand(rng) % 3;
    if (r == 2)
        return false;
    for (size_t k = 0; k < n; k++) {
        const carc_move *c = &d[(pick + k) % n];
        if (c->kind != CARC_MOVE_PLACE)
            continue;
        if (r == 0 && c->figure == CARC_FIGURE_NONE) {
            *out = *c;
            return true;
        }
        if (r == 1 && c->figure == CARC_FIGURE_FOLLOWER && seg_kind(c->tile, c->rotation, c->segment) != CARC_SEG_FIELD) {
            *out = *c;
            return true;
        }
    }
    return false;
}

static carc_move pick_move_for(const carc_movelist *ml, uint64_t *rng, uint32_t modules)
{
    const carc_move *d = carc_movelist_data(ml);
    size_t n = carc_movelist_count(ml), pick = tu_rand(rng) % n;
    /* a decision of the Count: its moves, then the pass */
    if (d[n - 1].kind == CARC_MOVE_PASS && d[0].kind != CARC_MOVE_PLACE && (n == 1 || d[0].kind != CARC_MOVE_PASS))
        return pick_count_move(ml, rng);
    carc_move c;
    if ((modules & CARC_MODULE_COUNT) && pick_for_count(ml, rng, &c))
        return c;
    uint64_t r = tu_rand(rng) % 12;
    if (d[0].kind == CARC_MOVE_PASS && r % 3 == 0)
        return d[0];
    uint8_t want = r < 2 ? CARC_FIGURE_ABBOT : r < 4 ? CARC_FIGURE_BIG : r < 7 ? CARC_FIGURE_BUILDER
                 : r < 8 ? CARC_FIGURE_PIG : CARC_FIGURE_NONE;
    if (want != CARC_FIGURE_NONE)
        for (size_t k = 0; k < n; k++)
            if (d[(pick + k) % n].figure == want)
                return d[(pick + k) % n];
    return d[pick];
}

static carc_move pick_move(const carc_movelist *ml, uint64_t *rng)
{
    return pick_move_for(ml, rng, 0);
}

/* A recall scores 1..9 for its player alone, in an event of the move's turn. */
static void check_recall(const carc_game *g, const carc_move *m, uint32_t player, uint32_t hist_before,
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

/* A tile kind the player to move may draw now (another than the current
 * one when there is one), or UINT32_MAX. */
static uint32_t drawable_kind(const carc_game *g, uint64_t *rng)
{
    uint32_t kinds = carc_tile_kind_count(), k = (uint32_t)(tu_rand(rng) % kinds), cur = UINT32_MAX;
    carc_game_current_tile(&cur, g);
    for (uint32_t i = 0; i < kinds; i++, k = (k + 1) % kinds) {
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
        if (left && k != cur)
            return k;
    }
    return UINT32_MAX;
}

/* Tiles in the 3x3 square centred on (x, y). */
static int32_t tiles_around(const carc_game *g, int32_t x, int32_t y)
{
    int32_t n = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            carc_move t;
            n += carc_game_tile_at(&t, g, x + dx, y + dy) == CARC_OK;
        }
    return n;
}

/* Each player's score is the sum of the points the events gave them. */
static void check_scores_from_events(const carc_game *g)
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
static void check_center_scores(const carc_game *g)
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
static void check_board_edges(const carc_game *g)
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
static void check_no_figure_on_complete(const carc_game *g)
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

/* A figure as the board shows it, by position. */
typedef struct placed_fig {
    int32_t x, y;
    uint32_t segment, player, figure;
} placed_fig;

static uint32_t board_figures(const carc_game *g, placed_fig *out, uint32_t cap)
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

static uint32_t feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t segment)
{
    uint32_t f = UINT32_MAX;
    assert_int_equal(carc_game_feature_at(&f, g, x, y, segment), CARC_OK);
    return f;
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

typedef struct stats {
    unsigned games, turns, recalls, abbots_placed, exhaustive, variants;
    unsigned bigs_placed, big_majorities, big_decided, inn_scores, inn_finals, cathedral_scores, cathedral_finals,
        majorities;
    /* Traders & Builders */
    unsigned builders_placed, pigs_placed, second_tiles, passes, goods_events, unheld_goods, trades, trade_ties,
        pig_scores, pig_splits, builders_home, no_chain;
} stats;

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

typedef struct count_stats {
    unsigned exits, final_exits, market_exits, big_exits, quarters, big_quarters, count_moves, passes, triggers,
        final_rounds, no_final_round, ends, declined_triggers, exhaustive, mid_clones, coc_fields;
} count_stats;
static count_stats cst;

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
static void check_move_scores(const carc_game *g, const carc_move *m, uint32_t player, const placed_fig *before,
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
static void check_final_scores(const carc_game *g, stats *st)
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

/* The tokens a move gave (events from ev0): for its player, one per goods
 * symbol of each city its tile completed, whoever held it (T-1), and none
 * from anything else. */
static void check_move_goods(const carc_game *g, const carc_move *m, uint32_t player, uint32_t ev0, stats *st)
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
static void check_traders(const carc_game *g, uint32_t modules, const uint32_t symbols[CARC_GOOD_COUNT])
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
static bool tile_on_feature(const carc_game *g, int32_t x, int32_t y, uint32_t f)
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

/* The segment kind each quarter's followers leave for (docs/rules.md 8.3):
 * castle -> cities, market -> fields, blacksmith -> roads, cathedral ->
 * monasteries (never gardens). */
static const uint32_t QUARTER_KIND[4] = { CARC_SEG_CITY, CARC_SEG_FIELD, CARC_SEG_ROAD, CARC_SEG_MONASTERY };

/* The Count's rules followed through a game, worked out from the API (not
 * from the engine's state): the part being played, the exits expected, the
 * final round. */
typedef struct count_track {
    uint32_t modules, variants, players;
    int32_t px, py;      /* the tile of the part being played */
    uint32_t placer, part, ev0; /* its player, part (1, 2), the events before its move */
    bool used;           /* a follower went into the city this turn */
    uint32_t expect;     /* the player asked for exits next during play, or NONE */
    bool final;          /* the final round has begun */
    uint32_t out;        /* players out of the final round */
    city_state city;     /* as after the last move */
} count_track;
#define NONE32 UINT32_MAX

typedef struct target {
    uint32_t quarter, figure, feature;
} target;

/* Whether quarter q sends followers out now (the Count's quarter never; the
 * market needs farmers; at the end, with the variant, only the market). */
static bool quarter_opens(const count_track *t, uint32_t q, bool final)
{
    if (q == t->city.count)
        return false;
    if (q == CARC_QUARTER_MARKET && !(t->modules & CARC_MODULE_FARMERS))
        return false;
    return !(final && (t->variants & CARC_VARIANT_COC_FINAL_MARKET) && q != CARC_QUARTER_MARKET);
}

static bool has_feature(const uint32_t *f, uint32_t n, uint32_t x)
{
    for (uint32_t i = 0; i < n; i++)
        if (f[i] == x)
            return true;
    return false;
}

/* The features the part's tile completed: its roads and cities that are
 * complete, and the monasteries around it (itself included) with 9 tiles. */
static uint32_t part_completed(const carc_game *g, int32_t px, int32_t py, uint32_t *feat, uint32_t *kind)
{
    uint32_t n = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            carc_move t;
            uint32_t nseg = 0;
            if (carc_game_tile_at(&t, g, px + dx, py + dy) != CARC_OK)
                continue;
            assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
            for (uint32_t s = 0; s < nseg; s++) {
                uint32_t k = seg_kind(t.tile, t.rotation, s);
                bool center = dx == 0 && dy == 0;
                if (k == CARC_SEG_MONASTERY ? tiles_around(g, t.x, t.y) != 9
                                             : !center || (k != CARC_SEG_ROAD && k != CARC_SEG_CITY))
                    continue;
                uint32_t f = feature_of(g, t.x, t.y, s);
                if (has_feature(feat, n, f))
                    continue;
                if (k != CARC_SEG_MONASTERY) {
                    carc_feature_info fe = { .struct_size = sizeof fe };
                    assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
                    if (!fe.complete)
                        continue;
                }
                assert_true(n < 16);
                feat[n] = f;
                kind[n++] = k;
            }
        }
    return n;
}

/* Every feature of the board of kind `kind` that is not complete (fields:
 * every field). */
static uint32_t incomplete_features(const carc_game *g, uint32_t kind, uint32_t *feat, uint32_t cap)
{
    uint32_t nt = 0, n = 0;
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    for (uint32_t i = 0; i < nt; i++) {
        carc_move t;
        uint32_t nseg = 0;
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            if (seg_kind(t.tile, t.rotation, s) != kind)
                continue;
            uint32_t f = feature_of(g, t.x, t.y, s);
            if (has_feature(feat, n, f))
                continue;
            bool complete = kind == CARC_SEG_MONASTERY ? tiles_around(g, t.x, t.y) == 9 : false;
            if (kind == CARC_SEG_ROAD || kind == CARC_SEG_CITY) {
                carc_feature_info fe = { .struct_size = sizeof fe };
                assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
                complete = fe.complete != 0;
            }
            if (complete)
                continue;
            assert_true(n < cap);
            feat[n++] = f;
        }
    }
    return n;
}

/* Where `player`'s followers may leave the city for now (docs/rules.md 8.5,
 * 8.6): during play, from each open quarter he holds a follower or his big
 * follower in, onto each feature of its kind the part's tile completed; in
 * the final round onto each incomplete one of its kind. */
static uint32_t exit_targets(const carc_game *g, const count_track *t, uint32_t player, bool final, target *out,
                             uint32_t cap)
{
    if (!(t->modules & CARC_MODULE_COUNT))
        return 0;
    uint32_t feat[16], kind[16], nf = 0, n = 0;
    if (!final)
        nf = part_completed(g, t->px, t->py, feat, kind);
    for (uint32_t q = 0; q < 4; q++) {
        if (!quarter_opens(t, q, final) || !(t->city.n[q][player] + t->city.big[q][player]))
            continue;
        uint32_t many[1024], nm = 0;
        if (final) {
            nm = incomplete_features(g, QUARTER_KIND[q], many, 1024);
        } else {
            for (uint32_t i = 0; i < nf; i++)
                if (kind[i] == QUARTER_KIND[q])
                    many[nm++] = feat[i];
        }
        for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
            if (!(fig == CARC_FIGURE_FOLLOWER ? t->city.n[q][player] : t->city.big[q][player]))
                continue;
            for (uint32_t i = 0; i < nm; i++) {
                if (!out)
                    return 1;
                assert_true(n < cap);
                out[n].quarter = q;
                out[n].figure = fig;
                out[n++].feature = many[i];
            }
        }
    }
    return n;
}

static bool can_exit(const carc_game *g, const count_track *t, uint32_t player, bool final)
{
    return exit_targets(g, t, player, final, NULL, 0) > 0;
}

/* The player who drew the last tile (placed or discarded), or NONE. */
static uint32_t last_drawer(const carc_game *g)
{
    uint32_t h = 0;
    assert_int_equal(carc_game_history_count(&h, g), CARC_OK);
    while (h-- > 0) {
        carc_history_entry he = { .struct_size = sizeof he };
        assert_int_equal(carc_game_history(&he, g, h), CARC_OK);
        if (he.kind == CARC_HISTORY_DISCARD || (he.kind == CARC_HISTORY_PLACE && he.move.kind == CARC_MOVE_PLACE))
            return he.player;
    }
    return NONE32;
}

/* The final round from player `from` on, round and round: the first player
 * not out who may leave the city; players who may not are out. */
static uint32_t final_next(const carc_game *g, count_track *t, uint32_t from)
{
    for (uint32_t k = 0; k < t->players; k++) {
        uint32_t p = (from + k) % t->players;
        if ((t->out >> p) & 1u)
            continue;
        if (can_exit(g, t, p, true))
            return p;
        t->out |= 1u << p;
    }
    return NONE32;
}

static void track_start(count_track *t, const carc_game *g, uint32_t players, uint32_t modules, uint32_t variants)
{
    memset(t, 0, sizeof *t);
    t->players = players;
    t->modules = modules;
    t->variants = variants;
    t->expect = NONE32;
    read_city(g, players, modules, &t->city);
    if (modules & CARC_MODULE_COUNT)
        assert_int_equal(t->city.count, CARC_QUARTER_CASTLE);
}

/* The points the part's scoring gave each player: its CARC_EVENT_SCORE
 * events (feature scorings; not a recall, not goods: C-1, C-20). */
static void part_points(const carc_game *g, uint32_t ev0, int32_t *pts)
{
    uint32_t ne = 0;
    memset(pts, 0, 6 * sizeof *pts);
    assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
    for (uint32_t i = ev0; i < ne; i++) {
        carc_event e = event_at(g, i);
        if (e.kind != CARC_EVENT_SCORE)
            continue;
        for (uint32_t p = 0; p < 6; p++)
            if ((e.players >> p) & 1u)
                pts[p] += e.points;
    }
}



/* After a move m of decision d (mid-turn or `final`) by `player`, or an
 * early end (m NULL): the quarters changed by the move alone, the Count
 * moved only by a count move; the player asked next for exits, during play
 * and in the final round; the follower into the city offered exactly after
 * a part whose scoring gave an opponent points and the placer none (C-1 ..
 * C-5, C-7, C-19; C-6 with the variant), the Count's move exactly after it. */
static void count_after(const carc_game *g, count_track *t, const carc_move *m, uint32_t d, bool final,
                        uint32_t player, uint32_t part, uint32_t ev_before)
{
    city_state now, want = t->city;
    read_city(g, t->players, t->modules, &now);
    if (m && m->kind == CARC_MOVE_QUARTER) {
        if (m->figure == CARC_FIGURE_BIG)
            want.big[m->quarter][player]++;
        else
            want.n[m->quarter][player]++;
    } else if (m && m->kind == CARC_MOVE_EXIT) {
        assert_true(m->quarter != t->city.count); /* nobody leaves the Count's quarter */
        if (m->figure == CARC_FIGURE_BIG)
            want.big[m->quarter][player]--;
        else
            want.n[m->quarter][player]--;
    } else if (m && m->kind == CARC_MOVE_COUNT) {
        assert_true(m->quarter != t->city.count);
        want.count = m->quarter;
    }
    if (memcmp(&now, &want, sizeof now) != 0)
        fail_msg("the city after a move of kind %u quarter %u by %u: not as the move leaves it (the Count on %u, "
                 "expected %u)", m ? m->kind : 99u, m ? m->quarter : 99u, player, now.count, want.count);
    t->city = now;
    if (!(t->modules & CARC_MODULE_COUNT))
        return;
    carc_pending pd = pending_of(g);
    bool over = tu_over(g);
    bool exit_now = pd.decision == CARC_DECISION_EXIT && !(pd.flags & CARC_PENDING_FINAL);
    bool final_now = pd.decision == CARC_DECISION_EXIT && (pd.flags & CARC_PENDING_FINAL);

    /* during play: who is asked for exits */
    bool scored_now = false;
    if (m && d == CARC_DECISION_PLACE && m->kind == CARC_MOVE_PLACE) {
        t->px = m->x;
        t->py = m->y;
        t->placer = player;
        t->part = part;
        t->ev0 = ev_before;
        if (part == 1)
            t->used = false; /* a new turn */
        t->expect = NONE32;
        for (uint32_t k = 1; k <= t->players && t->expect == NONE32; k++) {
            uint32_t p = (player + k) % t->players;
            if (can_exit(g, t, p, false))
                t->expect = p;
        }
        scored_now = t->expect == NONE32;
    } else if (m && d == CARC_DECISION_EXIT && !final) {
        if (m->kind == CARC_MOVE_EXIT && can_exit(g, t, player, false)) {
            t->expect = player; /* any number of exits, then the pass */
        } else {
            t->expect = NONE32;
            for (uint32_t p = player; p != t->placer && t->expect == NONE32;) {
                p = (p + 1) % t->players;
                if (can_exit(g, t, p, false))
                    t->expect = p;
            }
        }
        scored_now = t->expect == NONE32;
    } else if (!m && !final) {
        t->expect = NONE32; /* an early end declines the exits */
    }
    if (m && (d == CARC_DECISION_PLACE || (d == CARC_DECISION_EXIT && !final))) {
        if (t->expect != NONE32) {
            if (!exit_now || pd.player != t->expect)
                fail_msg("exits: player %u expected, the game asks %s of %u", t->expect,
                         exit_now ? "exits" : "no exit", pd.player);
            assert_int_equal(pd.part, t->part);
        } else {
            assert_false(exit_now);
        }
    }
    /* after the scoring: the follower into the city */
    if (scored_now) {
        int32_t pts[6];
        part_points(g, t->ev0, pts);
        bool other = false;
        for (uint32_t p = 0; p < t->players; p++)
            other |= p != t->placer && pts[p] > 0;
        uint32_t f = 0, b = 0;
        assert_int_equal(carc_game_supply(&f, g, t->placer), CARC_OK);
        assert_int_equal(carc_game_figure_supply(&b, g, t->placer, CARC_FIGURE_BIG), CARC_OK);
        bool once = (t->variants & CARC_VARIANT_COC_ONCE_PER_TURN) && t->used;
        bool want_q = other && pts[t->placer] == 0 && (f + b) > 0 && !once;
        bool asked = pd.decision == CARC_DECISION_QUARTER;
        if (asked != want_q)
            fail_msg("the part of player %u at (%d,%d): the placer %d points, an opponent %s; supply %u + %u%s: the "
                     "game %s a follower into the city",
                     t->placer, (int)t->px, (int)t->py, (int)pts[t->placer], other ? "some" : "none", f, b,
                     once ? ", one already this turn" : "", asked ? "asks for" : "does not ask for");
        if (asked) {
            assert_int_equal(pd.player, t->placer);
            assert_int_equal(pd.part, t->part);
            cst.triggers++;
        }
        if (other && pts[t->placer] == 0 && (f + b) > 0 && once)
            cst.declined_triggers++;
    }
    if (m && d == CARC_DECISION_QUARTER) {
        if (m->kind == CARC_MOVE_QUARTER) {
            t->used = true;
            assert_int_equal(pd.decision, CARC_DECISION_COUNT);
            assert_int_equal(pd.player, player);
            assert_int_equal(pd.part, t->part);
        } else {
            assert_int_not_equal(pd.decision, CARC_DECISION_COUNT);
        }
    }
    if (m && d == CARC_DECISION_COUNT)
        assert_true(pd.decision != CARC_DECISION_COUNT && pd.decision != CARC_DECISION_QUARTER && !exit_now);
    if (pd.decision == CARC_DECISION_QUARTER || pd.decision == CARC_DECISION_COUNT) {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, t->placer);
        assert_int_equal(pd.player, t->placer);
    }

    /* the final round (docs/rules.md 8.6, C-13) */
    if (final) {
        assert_true(t->final);
        if (!m || m->kind == CARC_MOVE_PASS)
            t->out |= 1u << player; /* out for good (an early end: everybody) */
        if (!m) {
            assert_true(over);
            return;
        }
        uint32_t next = final_next(g, t, (player + 1) % t->players);
        if (next == NONE32) {
            assert_true(over);
        } else {
            if (!final_now || pd.player != next)
                fail_msg("final round: player %u expected, the game asks %u (%s)", next, pd.player,
                         final_now ? "exits" : "something else");
        }
        return;
    }
    if (final_now || (over && !t->final)) {
        /* the game just ended: the final round, from the player after the last one who drew */
        uint32_t from = last_drawer(g);
        uint32_t next = NONE32;
        t->out = 0;
        if (from != NONE32)
            next = final_next(g, t, (from + 1) % t->players);
        if (final_now) {
            t->final = true;
            cst.final_rounds++;
            if (from != NONE32 && pd.player != next)
                fail_msg("the final round begins with player %u, the rules say %u", pd.player, next);
        } else if (from != NONE32 && next != NONE32) {
            fail_msg("the game ended without a final round, player %u may leave the city", next);
        } else {
            cst.no_final_round++;
        }
    }
}

/* The legal answers of a decision of the Count, worked out from the rules:
 * QUARTER: each quarter, the follower if one is in supply then the big
 * follower if it is, then the pass; COUNT: the three other quarters, then
 * the pass; EXIT: one exit per (quarter, figure, target feature), on a
 * segment of that feature, in quarter then figure order, then the pass.
 * Every listed move passes check_move. */
static void check_count_legal(const carc_game *g, const count_track *t, const carc_movelist *ml,
                              const carc_pending *pd)
{
    size_t n = carc_movelist_count(ml);
    const carc_move *d = carc_movelist_data(ml);
    assert_true(n >= 1);
    carc_move pass = pass_move();
    assert_memory_equal(&d[n - 1], &pass, sizeof pass);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(carc_game_check_move(g, &d[i]), CARC_OK);
    uint32_t p = pd->player;
    if (pd->decision == CARC_DECISION_QUARTER) {
        uint32_t f = 0, b = 0;
        size_t k = 0;
        assert_int_equal(carc_game_supply(&f, g, p), CARC_OK);
        assert_int_equal(carc_game_figure_supply(&b, g, p, CARC_FIGURE_BIG), CARC_OK);
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
                if (!(fig == CARC_FIGURE_FOLLOWER ? f : b))
                    continue;
                carc_move w = { 0, 0, 0, 0, (uint8_t)fig, CARC_NO_SEGMENT, CARC_MOVE_QUARTER, (uint8_t)q, 0 };
                assert_true(k < n - 1);
                assert_memory_equal(&d[k], &w, sizeof w);
                k++;
            }
        assert_int_equal(k, n - 1);
        return;
    }
    if (pd->decision == CARC_DECISION_COUNT) {
        size_t k = 0;
        for (uint32_t q = 0; q < 4; q++) {
            if (q == t->city.count)
                continue;
            carc_move w = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_COUNT, (uint8_t)q, 0 };
            assert_true(k < n - 1);
            assert_memory_equal(&d[k], &w, sizeof w);
            k++;
        }
        assert_int_equal(k, n - 1);
        return;
    }
    assert_int_equal(pd->decision, CARC_DECISION_EXIT);
    bool final = (pd->flags & CARC_PENDING_FINAL) != 0;
    target tg[4096];
    uint32_t nt = exit_targets(g, t, p, final, tg, 4096);
    bool seen[4096] = { false };
    if (n - 1 != nt)
        fail_msg("player %u: %zu exits listed, the rules give %u", p, n - 1, nt);
    for (size_t i = 0; i + 1 < n; i++) {
        const carc_move *e = &d[i];
        assert_int_equal(e->kind, CARC_MOVE_EXIT);
        assert_int_equal(e->tile, 0);
        assert_int_equal(e->rotation, 0);
        assert_int_equal(e->reserved, 0);
        if (i)
            assert_true(d[i - 1].quarter < e->quarter ||
                        (d[i - 1].quarter == e->quarter && d[i - 1].figure <= e->figure));
        uint32_t f = feature_of(g, e->x, e->y, e->segment), j = 0;
        while (j < nt && (seen[j] || tg[j].quarter != e->quarter || tg[j].figure != e->figure || tg[j].feature != f))
            j++;
        if (j == nt)
            fail_msg("exit %s %u from quarter %u onto (%d,%d) segment %u: listed, not a target of the rules",
                     e->figure == CARC_FIGURE_BIG ? "big" : "follower", p, e->quarter, (int)e->x, (int)e->y,
                     e->segment);
        seen[j] = true;
    }
}

/* Whether m answers the pending exit decision by the rules: an exit of a
 * figure the player holds in an open quarter onto any segment of a target
 * (all its other fields zero), or a pass. */
static bool exit_ok(const carc_game *g, const carc_move *m, const target *tg, uint32_t nt, const sorted *all)
{
    if (m->kind != CARC_MOVE_EXIT)
        return sorted_has(all, m);
    if (m->tile || m->rotation || m->reserved || m->quarter > 3)
        return false;
    carc_move t;
    uint32_t nseg = 0, f = UINT32_MAX;
    if (carc_game_tile_at(&t, g, m->x, m->y) != CARC_OK)
        return false;
    assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
    if (m->segment >= nseg)
        return false;
    f = feature_of(g, m->x, m->y, m->segment);
    for (uint32_t i = 0; i < nt; i++)
        if (tg[i].quarter == m->quarter && tg[i].figure == m->figure && tg[i].feature == f)
            return true;
    return false;
}

/* Random variants of the listed answers of a decision of the Count:
 * accepted exactly when the rules take them; refused ones change nothing. */
static void count_variants(carc_game *g, const count_track *t, const sorted *all, const carc_pending *pd,
                           uint64_t *rng, unsigned count)
{
    static target tg[4096];
    uint32_t nt = 0;
    if (pd->decision == CARC_DECISION_EXIT)
        nt = exit_targets(g, t, pd->player, (pd->flags & CARC_PENDING_FINAL) != 0, tg, 4096);
    for (unsigned i = 0; i < count; i++) {
        carc_move m = all->m[tu_rand(rng) % all->n];
        uint64_t r = tu_rand(rng);
        switch (r % 8) {
        case 0:
            m.x += (int32_t)((r >> 8) % 5) - 2;
            m.y += (int32_t)((r >> 16) % 5) - 2;
            break;
        case 1:
            m.quarter = (uint8_t)((r >> 8) % 5);
            break;
        case 2:
            m.figure = (uint8_t)((r >> 8) % 7);
            break;
        case 3:
            m.segment = (uint8_t)((r >> 8) % 6);
            if ((r >> 16) % 4 == 0)
                m.segment = CARC_NO_SEGMENT;
            break;
        case 4:
            m.kind = (uint8_t)((r >> 8) % 6);
            break;
        case 5:
            m.rotation = (uint8_t)((r >> 8) % 2);
            m.reserved = (uint8_t)((r >> 16) % 2);
            break;
        case 6:
            m.tile = (uint16_t)((r >> 8) % 3);
            break;
        default:
            /* another segment of the same tile, or a tile next to it */
            m.segment = (uint8_t)((r >> 8) % 4);
            m.x += (int32_t)((r >> 16) % 3) - 1;
            break;
        }
        bool want = pd->decision == CARC_DECISION_EXIT ? exit_ok(g, &m, tg, nt, all) : sorted_has(all, &m);
        carc_status st = carc_game_check_move(g, &m);
        if ((st == CARC_OK) != want)
            fail_msg("%s decision, variant kind %u quarter %u figure %u segment %u at (%d,%d) tile %u: check_move %s, "
                     "the rules %s",
                     pd->decision == CARC_DECISION_EXIT ? "exit" : pd->decision == CARC_DECISION_QUARTER ? "quarter"
                                                                                                        : "count",
                     m.kind, m.quarter, m.figure, m.segment, (int)m.x, (int)m.y, m.tile, carc_status_name(st),
                     want ? "take it" : "do not");
        if (st != CARC_OK && i % 4 == 0)
            play_refused(g, &m, st);
    }
}

/* Every exit move onto every segment of the board, from every quarter, of
 * each figure: accepted exactly onto the targets of the rules. */
static void check_exits_complete(const carc_game *g, const count_track *t, const carc_pending *pd)
{
    static target tg[4096];
    uint32_t nt = exit_targets(g, t, pd->player, (pd->flags & CARC_PENDING_FINAL) != 0, tg, 4096), ntiles = 0;
    assert_int_equal(carc_game_tile_count(&ntiles, g), CARC_OK);
    uint32_t accepted = 0;
    for (uint32_t i = 0; i < ntiles; i++) {
        carc_move tile;
        uint32_t nseg = 0;
        assert_int_equal(carc_game_tile(&tile, g, i), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, tile.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            uint32_t f = feature_of(g, tile.x, tile.y, s);
            for (uint32_t q = 0; q < 4; q++)
                for (uint8_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
                    carc_move e = { tile.x, tile.y, 0, 0, fig, (uint8_t)s, CARC_MOVE_EXIT, (uint8_t)q, 0 };
                    bool want = false;
                    for (uint32_t j = 0; j < nt && !want; j++)
                        want = tg[j].quarter == q && tg[j].figure == fig && tg[j].feature == f;
                    bool ok = carc_game_check_move(g, &e) == CARC_OK;
                    if (ok != want)
                        fail_msg("exit from quarter %u, figure %u, onto (%d,%d) segment %u: check_move %s, the rules %s",
                                 q, fig, (int)tile.x, (int)tile.y, s, ok ? "accepts" : "refuses",
                                 want ? "allow it" : "do not");
                    accepted += ok;
                }
        }
    }
    /* each target has at least one segment */
    assert_true(accepted >= nt);
    cst.exhaustive++;
}

/* A random answer to a decision of the Count: a pass a quarter of the time,
 * else any listed move. */
static carc_move pick_count_move(const carc_movelist *ml, uint64_t *rng)
{
    const carc_move *d = carc_movelist_data(ml);
    size_t n = carc_movelist_count(ml);
    if (n == 1 || tu_rand(rng) % 5 == 0)
        return d[n - 1];
    return d[tu_rand(rng) % (n - 1)];
}

/* The rule variants a game of these modules plays: with the Count, one game
 * in four each with neither, the final market only, one follower into the
 * city per turn, both. */
static uint32_t game_variants(uint32_t modules, uint32_t gi)
{
    if (!(modules & CARC_MODULE_COUNT))
        return 0;
    static const uint32_t V[4] = { 0, CARC_VARIANT_COC_FINAL_MARKET, CARC_VARIANT_COC_ONCE_PER_TURN,
                                   CARC_VARIANT_COC_FINAL_MARKET | CARC_VARIANT_COC_ONCE_PER_TURN };
    return V[gi % 4];
}

static carc_game *new_game(uint32_t players, uint64_t seed, uint32_t modules, uint32_t variants)
{
    carc_game_options o = tu_options(players, seed, modules);
    o.variants = variants;
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* Whether the pending decision is one of the Count's during play (not the final round). */
static bool count_midturn(const carc_game *g)
{
    carc_pending p = pending_of(g);
    return p.decision >= CARC_DECISION_EXIT && !(p.flags & CARC_PENDING_FINAL);
}

/* Whether the part's scoring is still to come: exits during play are pending. */
static bool exits_pending(const carc_game *g)
{
    carc_pending p = pending_of(g);
    return p.decision == CARC_DECISION_EXIT && !(p.flags & CARC_PENDING_FINAL);
}

/* An early end now (on `g`, taken back at the end): final scoring at once, or
 * the final round of the Count, played out at random with its rules checked
 * (track: a copy of the game's); then every unit undone gives `before`
 * again. */
static void early_end(carc_game *g, const carc_game *before, const count_track *track, uint32_t modules,
                      const uint32_t *symbols, uint64_t *rng, stats *st)
{
    count_track t = *track;
    carc_pending p0 = pending_of(g);
    bool final0 = p0.decision == CARC_DECISION_EXIT && (p0.flags & CARC_PENDING_FINAL);
    size_t journal_end = g->trail_len;
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(g->trail_len - journal_end <= g->rs->unit_reserve / 2);
    check_pending(g);
    check_conservation(g, modules);
    count_after(g, &t, NULL, p0.decision, final0, p0.player, 0, 0);
    uint32_t units = 1;
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    while (!tu_over(g)) {
        /* the final round of the Count */
        carc_pending pd = pending_of(g);
        assert_int_equal(pd.decision, CARC_DECISION_EXIT);
        assert_true(pd.flags & CARC_PENDING_FINAL);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        check_count_legal(g, &t, ml, &pd);
        carc_move m = pick_count_move(ml, rng);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        units++;
        cst.final_exits += m.kind == CARC_MOVE_EXIT;
        cst.market_exits += m.kind == CARC_MOVE_EXIT && m.quarter == CARC_QUARTER_MARKET;
        check_conservation(g, modules);
        count_after(g, &t, &m, CARC_DECISION_EXIT, true, pd.player, pd.part, 0);
        if (!tu_over(g) && tu_rand(rng) % 5 == 0) {
            /* the end again, in the final round: the rest declined */
            assert_int_equal(carc_game_end(g), CARC_OK);
            units++;
            count_after(g, &t, NULL, CARC_DECISION_EXIT, true, pd.player, 0, 0);
        }
    }
    assert_int_equal(pending_part(g), 0); /* no second tile after the end */
    check_conservation(g, modules);
    check_scores_from_events(g);
    if (modules & (CARC_MODULE_TRADERS | CARC_MODULE_COUNT)) {
        check_traders(g, modules, symbols);
        check_final_scores(g, st);
    }
    carc_movelist_free(ml);
    while (units--)
        assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(same_state(g, before));
}

static void random_games(uint32_t players, uint32_t modules, uint32_t games, uint32_t exhaustive_every,
                         uint64_t seed0, stats *st)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull ^ (players * 131u + modules) ^ seed0;
    uint32_t lake = (modules & CARC_MODULE_RIVER) ? tu_tile("RL") : UINT32_MAX;
    uint32_t symbols[CARC_GOOD_COUNT];
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
        symbols[k] = tu_goods_symbols(modules, k);
    sorted all = { NULL, 0, 0 };
    for (uint32_t gi = 0; gi < games; gi++) {
        uint64_t seed = seed0 + gi;
        uint32_t variants = game_variants(modules, gi);
        carc_game *g = new_game(players, seed, modules, variants);
        uint32_t max_turns = 0; /* place moves: one per tile to draw at most */
        assert_int_equal(carc_game_remaining(&max_turns, g), CARC_OK);
        /* the copy target: other players and modules (a copy takes them over) */
        carc_game *before = NULL, *clone = NULL, *light = NULL;
        carc_game *copy = tu_new_game_with(2 + players % 4, 1, tu_all_modules((modules + 3) % TU_ALL_MODULE_SETS));
        carc_movelist *ml = NULL, *pl = NULL, *fl = NULL, *ul = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&ul, g), CARC_OK);
        uint32_t clone_at = (uint32_t)(tu_rand(&rng) % 60), turn = 0, placed = 0;
        int32_t last[6] = { 0 };
        /* a double turn under way: the state before its first part, and the moves since */
        carc_game *dt_before = NULL;
        carc_move dt_moves[64];
        uint32_t n_dt = 0;
        bool dt_second = false; /* its second part was played (or declined) */
        bool second = false; /* a second tile is due: the last place move extended its player's builder's feature */
        uint32_t second_player = 0, part_now = 1;
        count_track track;
        track_start(&track, g, players, modules, variants);
        check_conservation(g, modules);
        check_traders(g, modules, symbols);
        while (!tu_over(g)) {
            check_pending(g);
            carc_pending pd = pending_of(g);
            uint32_t part = pd.part, decision = pd.decision;
            bool final = (pd.flags & CARC_PENDING_FINAL) != 0;
            carc_move m;
            uint32_t player = pd.player, hist0, ev0;
            assert_int_equal(carc_game_history_count(&hist0, g), CARC_OK);
            assert_int_equal(carc_game_event_count(&ev0, g), CARC_OK);
            placed_fig figs_before[6 * 11];
            uint32_t nfig_before = board_figures(g, figs_before, 6 * 11);
            int32_t ax = 0, ay = 0, bx = 0, by = 0;
            uint32_t bseg = 0;
            bool recall = false, builder = false;
            check_river_order(g, modules, lake);
            assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
            size_t n = carc_movelist_count(ml);
            assert_true(n > 0);
            sorted_fill(&all, ml);
            /* every listed move is legal */
            for (size_t i = 0; i < n; i++)
                assert_int_equal(carc_game_check_move(g, &carc_movelist_data(ml)[i]), CARC_OK);
            if (decision != CARC_DECISION_PLACE) {
                /* a decision of the Count */
                assert_true(modules & CARC_MODULE_COUNT);
                if (!final)
                    assert_int_equal(part, part_now);
                check_count_legal(g, &track, ml, &pd);
                assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
                assert_int_equal(carc_movelist_count(ul), n);
                assert_memory_equal(carc_movelist_data(ul), carc_movelist_data(ml), n * sizeof(carc_move));
                count_variants(g, &track, &all, &pd, &rng, 8);
                st->variants += 8;
                if (exhaustive_every && decision == CARC_DECISION_EXIT && turn % 3 == gi % 3)
                    check_exits_complete(g, &track, &pd);
                assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
                {
                    /* no tile is chosen now */
                    uint32_t k = drawable_kind(g, &rng);
                    if (k != UINT32_MAX) {
                        assert_int_equal(carc_game_choose_tile(g, k), CARC_EILLEGAL);
                        assert_true(same_state(g, before));
                    }
                    /* no figure options: no tile to place */
                    uint32_t tile = 0;
                    if (carc_game_current_tile(&tile, g) == CARC_OK && carc_game_placements(pl, g, tile, 0) == CARC_OK &&
                        carc_movelist_count(pl) > 0)
                        assert_int_equal(carc_game_figure_options(fl, g, &carc_movelist_data(pl)[0]), CARC_EILLEGAL);
                }
                /* every answer: its scores by majority and value, its goods, undo */
                for (size_t i = 0; i < n; i++) {
                    const carc_move *mv = &carc_movelist_data(ml)[i];
                    assert_int_equal(carc_game_play(g, mv), CARC_OK);
                    check_move_scores(g, mv, player, figs_before, nfig_before, ev0, st);
                    if (decision == CARC_DECISION_EXIT && !final && !exits_pending(g)) {
                        carc_move pm = { track.px, track.py, 0, 0, 0, 0, CARC_MOVE_PLACE, 0, 0 };
                        check_move_goods(g, &pm, track.placer, ev0, st);
                    }
                    if (tu_over(g))
                        check_final_scores(g, st);
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                    assert_true(same_state(g, before));
                }
                if (turn % 4 == 1) {
                    early_end(g, before, &track, modules, symbols, &rng, st);
                    cst.ends++;
                }
                carc_game_free(before);
                before = NULL;
                m = pick_count_move(ml, &rng);
            } else {
                assert_int_equal(part, second ? 2u : 1u);
                if (second)
                    assert_int_equal(player, second_player);
                {
                    uint32_t cur;
                    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
                    assert_int_equal(cur, player);
                }
                /* the unique rotations are part of the list */
                assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
                assert_true(carc_movelist_count(ul) > 0 && carc_movelist_count(ul) <= n);
                for (size_t i = 0; i < carc_movelist_count(ul); i++)
                    assert_true(sorted_has(&all, &carc_movelist_data(ul)[i]));
                /* placements x figure options = legal moves */
                uint32_t tile;
                assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
                assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
                size_t total = 0;
                if (part == 2) { /* the pass first, then the place moves */
                    assert_int_equal(carc_movelist_data(ml)[0].kind, CARC_MOVE_PASS);
                    assert_int_equal(carc_movelist_data(ul)[0].kind, CARC_MOVE_PASS);
                    total++;
                }
                for (size_t i = 1; i < n; i++)
                    assert_int_equal(carc_movelist_data(ml)[i].kind, CARC_MOVE_PLACE);
                for (size_t i = 0; i < carc_movelist_count(pl); i++) {
                    assert_int_equal(carc_game_figure_options(fl, g, &carc_movelist_data(pl)[i]), CARC_OK);
                    for (size_t j = 0; j < carc_movelist_count(fl); j++)
                        assert_true(sorted_has(&all, &carc_movelist_data(fl)[j]));
                    total += carc_movelist_count(fl);
                }
                assert_int_equal(total, n);
                check_variants(g, &all, &rng, 12);
                st->variants += 12;
                if (exhaustive_every && turn % exhaustive_every == gi % exhaustive_every) {
                    check_enumeration_complete(g, &all);
                    if (modules & CARC_MODULE_TRADERS)
                        check_builder_pig_rules(g, pl, modules);
                    st->exhaustive++;
                }

                /* enumerated moves are accepted, score by majority and value, and
                 * undo restores the state */
                assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
                carc_move asks; /* a move after which the Count asks something (the game plays it often) */
                bool have_asks = false;
                for (size_t i = tu_rand(&rng) % (1 + n / 6); i < n; i += 1 + n / 6) {
                    const carc_move *mv = &carc_movelist_data(ml)[i];
                    assert_int_equal(carc_game_play(g, mv), CARC_OK);
                    if (!have_asks && !tu_over(g) && count_midturn(g)) {
                        asks = *mv;
                        have_asks = true;
                    }
                    check_move_scores(g, mv, player, figs_before, nfig_before, ev0, st);
                    if (!exits_pending(g)) /* (else its scoring waits for the exits) */
                        check_move_goods(g, mv, player, ev0, st);
                    if (mv->figure == CARC_FIGURE_BUILDER || mv->figure == CARC_FIGURE_PIG) {
                        /* on an open feature beside his follower: it stays */
                        uint32_t left = 9;
                        assert_int_equal(carc_game_figure_supply(&left, g, player, mv->figure), CARC_OK);
                        assert_int_equal(left, 0);
                    }
                    if (part == 2 && !tu_over(g) && !count_midturn(g)) {
                        /* the second part (or its pass) ends the turn: no chain; the
                         * next player places, unless the pile ran out and the
                         * Count's final round began (it starts with the first
                         * player after him with followers in the city) */
                        uint32_t next;
                        assert_int_equal(pending_part(g), 1);
                        assert_int_equal(carc_game_current_player(&next, g), CARC_OK);
                        carc_pending pn = pending_of(g);
                        if (pn.decision == CARC_DECISION_PLACE)
                            assert_int_equal(next, (player + 1) % players);
                        else
                            assert_true(pn.decision == CARC_DECISION_EXIT && (pn.flags & CARC_PENDING_FINAL));
                    }
                    if (tu_over(g))
                        check_final_scores(g, st);
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                    assert_true(same_state(g, before));
                }
                if (turn % 5 == 2 || part == 2) {
                    /* a tile choice (refused, or taken back), and an early end, taken back
                     * (always during a double turn: the second tile may be chosen too) */
                    uint32_t k = drawable_kind(g, &rng);
                    if (k != UINT32_MAX) {
                        carc_status cs = carc_game_choose_tile(g, k);
                        if (cs == CARC_OK) {
                            assert_false(tu_is_river(tile) && !tu_is_river(k));
                            check_pending(g);
                            if (pending_part(g) != 0 && !tu_over(g)) { /* (unless it was unplaceable and the last) */
                                carc_pending q = pending_of(g);
                                if (q.decision == CARC_DECISION_PLACE) {
                                    assert_int_equal(q.part, part);
                                    assert_int_equal(q.player, player);
                                }
                            }
                            assert_int_equal(carc_game_undo(g), CARC_OK);
                        } else {
                            /* only the River's draw order refuses a kind that is left */
                            assert_int_equal(cs, CARC_EILLEGAL);
                            assert_true(modules & CARC_MODULE_RIVER);
                            assert_true(tu_is_river(tile));
                            assert_true(!tu_is_river(k) || k == lake);
                        }
                        assert_true(same_state(g, before));
                    }
                    early_end(g, before, &track, modules, symbols, &rng, st);
                }
                carc_game_free(before);
                before = NULL;

                m = pick_move_for(ml, &rng, modules);
                if (have_asks && tu_rand(&rng) % 4 != 0)
                    m = asks;
                recall = m.segment == CARC_SEGMENT_RECALL;
                if (recall)
                    assert_true(figure_where(g, player, CARC_FIGURE_ABBOT, &ax, &ay, NULL));
                /* the builder of the player: a tile of this first part on its feature gives a second tile */
                builder = part == 1 && figure_where(g, player, CARC_FIGURE_BUILDER, &bx, &by, &bseg);
                /* a second tile on the builder's feature again: no third (counted; checked below) */
                if (part == 2 && m.kind == CARC_MOVE_PLACE && figure_where(g, player, CARC_FIGURE_BUILDER, &bx, &by, &bseg)) {
                    uint32_t bf = feature_of(g, bx, by, bseg);
                    assert_int_equal(carc_game_play(g, &m), CARC_OK);
                    st->no_chain += tile_on_feature(g, m.x, m.y, bf);
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                }
                if (builder && !dt_before) {
                    assert_int_equal(carc_game_clone(&dt_before, g, 0), CARC_OK);
                    n_dt = 0;
                    dt_second = false;
                }
            }

            size_t journal_before = g->trail_len;
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            /* a unit never comes near the room reserved for it */
            assert_true(g->trail_len - journal_before <= g->rs->unit_reserve / 2);
            check_conservation(g, modules);
            count_after(g, &track, &m, decision, final, player, part, ev0);
            check_recall(g, &m, player, hist0, ev0, recall ? tiles_around(g, ax, ay) : 0);
            check_move_scores(g, &m, player, figs_before, nfig_before, ev0, st);
            if (decision == CARC_DECISION_PLACE && !exits_pending(g))
                check_move_goods(g, &m, player, ev0, st);
            else if (decision == CARC_DECISION_EXIT && !final && !exits_pending(g)) {
                carc_move pm = { track.px, track.py, 0, 0, 0, 0, CARC_MOVE_PLACE, 0, 0 };
                check_move_goods(g, &pm, track.placer, ev0, st);
            }
            check_traders(g, modules, symbols);
            if (!tu_over(g) && !exits_pending(g))
                check_no_figure_on_complete(g);
            if (dt_before) {
                assert_true(n_dt < 64);
                dt_moves[n_dt++] = m;
            }
            if (decision == CARC_DECISION_PLACE) {
                /* the double turn: due after a first part whose tile went onto the
                 * player's builder's feature (T-4: completing it too; T-5: not the
                 * builder placed now), never after the second part or a pass */
                if (m.kind == CARC_MOVE_PASS) {
                    assert_int_equal(part, 2);
                    st->passes++;
                } else {
                    placed++;
                }
                part_now = part;
                bool extended = builder && m.kind == CARC_MOVE_PLACE &&
                                tile_on_feature(g, m.x, m.y, feature_of(g, bx, by, bseg));
                if (builder && !extended) {
                    carc_game_free(dt_before);
                    dt_before = NULL;
                }
                second = extended && !tu_over(g);
                second_player = player;
                dt_second |= part == 2;
                if (!tu_over(g)) {
                    uint32_t cur;
                    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
                    carc_pending q = pending_of(g);
                    if (q.decision != CARC_DECISION_PLACE) {
                        /* the turn goes on (or the final round begins): the player asked by the Count moves */
                        assert_int_equal(cur, q.player);
                    } else {
                        assert_int_equal(cur, second ? player : (player + 1) % players);
                    }
                    if (second) {
                        uint32_t bs = 9;
                        assert_int_equal(carc_game_figure_supply(&bs, g, player, CARC_FIGURE_BUILDER), CARC_OK);
                        st->builders_home += bs; /* its feature completed: the second tile all the same */
                    }
                }
                st->second_tiles += second;
                st->recalls += m.segment == CARC_SEGMENT_RECALL;
                st->abbots_placed += m.figure == CARC_FIGURE_ABBOT && m.segment != CARC_SEGMENT_RECALL;
                st->bigs_placed += m.figure == CARC_FIGURE_BIG;
                st->builders_placed += m.figure == CARC_FIGURE_BUILDER;
                st->pigs_placed += m.figure == CARC_FIGURE_PIG;
            } else {
                cst.exits += m.kind == CARC_MOVE_EXIT && !final;
                cst.final_exits += m.kind == CARC_MOVE_EXIT && final;
                cst.market_exits += m.kind == CARC_MOVE_EXIT && m.quarter == CARC_QUARTER_MARKET;
                cst.big_exits += m.kind == CARC_MOVE_EXIT && m.figure == CARC_FIGURE_BIG;
                cst.quarters += m.kind == CARC_MOVE_QUARTER;
                cst.big_quarters += m.kind == CARC_MOVE_QUARTER && m.figure == CARC_FIGURE_BIG;
                cst.count_moves += m.kind == CARC_MOVE_COUNT;
                cst.passes += m.kind == CARC_MOVE_PASS;
            }
            if (dt_before && dt_second && !tu_over(g) && !count_midturn(g)) {
                /* the double turn is over: all its moves undone give the state
                 * before it; replayed, the same state again */
                assert_int_equal(pending_part(g), 1);
                carc_game *after = NULL;
                assert_int_equal(carc_game_clone(&after, g, 0), CARC_OK);
                for (uint32_t i = 0; i < n_dt; i++)
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                assert_true(same_state(g, dt_before));
                for (uint32_t i = 0; i < n_dt; i++)
                    assert_int_equal(carc_game_play(g, &dt_moves[i]), CARC_OK);
                assert_true(same_state(g, after));
                carc_game_free(after);
                carc_game_free(dt_before);
                dt_before = NULL;
            }
            if (tu_over(g) || (!second && !dt_second && !count_midturn(g) && dt_before)) {
                /* no second tile came of it */
                carc_game_free(dt_before);
                dt_before = NULL;
            }
            if (turn % 8 == 0)
                check_scores_from_events(g);
            for (uint32_t p = 0; p < players; p++) {
                int32_t s;
                assert_int_equal(carc_game_score(&s, g, p), CARC_OK);
                assert_true(s >= last[p]); /* final scoring only adds too */
                last[p] = s;
            }
            /* the clone: at a random turn; with the Count in the middle of one of its decisions */
            bool midway = false;
            if ((modules & CARC_MODULE_COUNT) && !tu_over(g)) {
                carc_pending q = pending_of(g);
                midway = q.decision >= CARC_DECISION_EXIT;
            }
            if (!clone && turn >= clone_at && (midway || !(modules & CARC_MODULE_COUNT) || turn >= clone_at + 40)) {
                assert_int_equal(carc_game_clone(&clone, g, 0), CARC_OK);
                assert_int_equal(carc_game_copy(copy, g, 0), CARC_OK);
                assert_int_equal(carc_game_clone(&light, g, CARC_CLONE_NO_HISTORY), CARC_OK);
                assert_true(same_state(clone, g));
                assert_true(same_state(copy, g));
                assert_true(same_state(light, g));
                bool can = true;
                assert_int_equal(carc_game_can_undo(&can, light), CARC_OK);
                assert_false(can);
                cst.mid_clones += midway;
            } else if (clone) {
                assert_int_equal(carc_game_play(clone, &m), CARC_OK);
                assert_int_equal(carc_game_play(copy, &m), CARC_OK);
                assert_int_equal(carc_game_play(light, &m), CARC_OK);
                assert_int_equal(carc_game_undo(light), CARC_OK);
                assert_int_equal(carc_game_play(light, &m), CARC_OK);
            }
            turn++;
            assert_true(placed <= max_turns); /* one place move per tile to draw */
        }
        carc_game_free(dt_before);
        check_pending(g);
        check_conservation(g, modules);
        check_traders(g, modules, symbols);
        check_scores_from_events(g);
        check_board_edges(g);
        check_center_scores(g);
        check_final_scores(g, st);
        uint32_t left = 1;
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        assert_int_equal(left, 0);
        if (clone) {
            assert_true(same_state(clone, g));
            assert_true(same_state(copy, g));
            assert_true(same_state(light, g));
            /* the clone undoes back to the start like the original: a fresh game */
            bool can = true;
            while (carc_game_can_undo(&can, clone), can)
                assert_int_equal(carc_game_undo(clone), CARC_OK);
            assert_int_equal(carc_game_undo(clone), CARC_ENO_UNDO);
            carc_game *fresh = new_game(players, seed, modules, variants);
            assert_true(same_state(clone, fresh));
            carc_game_free(fresh);
        }
        st->games++;
        st->turns += turn;
        carc_movelist_free(ml);
        carc_movelist_free(pl);
        carc_movelist_free(fl);
        carc_movelist_free(ul);
        carc_game_free(clone);
        carc_game_free(light);
        carc_game_free(copy);
        carc_game_free(g);
    }
    free(all.m);
}

/* Every module set with this many players (6: the sets with Inns & Cathedrals),
 * `games` games each (64 sets: few games a set keep the engine tests fast in
 * a Debug build and under the sanitizers; many_games plays thousands more,
 * with fewer checks). */
/* seed0: the first game's seed base; the samples must reach every rule the
 * assertions below list, and a cathedral city completed during play is rare
 * in random 4-player games (seeds from 1000 gave none once the occupancy rule
 * looked at the whole joined field) */
static void module_sets(uint32_t players, uint32_t games, uint32_t exhaustive_every, uint64_t seed0)
{
    stats st;
    memset(&st, 0, sizeof st);
    memset(&cst, 0, sizeof cst);
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t mods = tu_all_modules(i);
        if (players <= tu_max_players(mods))
            random_games(players, mods, games, exhaustive_every, seed0 + 100 * i, &st);
    }
    print_message("%u players: %u games, %u turns, %u exhaustive checks, %u variants, abbot placed %u, recalled %u; "
                  "big follower placed %u, in %u majorities (%u decided by it); %u majorities; inn roads scored "
                  "%u + %u at the end, cathedral cities %u + %u\n",
                  players, st.games, st.turns, st.exhaustive, st.variants, st.abbots_placed, st.recalls,
                  st.bigs_placed, st.big_majorities, st.big_decided, st.majorities, st.inn_scores, st.inn_finals,
                  st.cathedral_scores, st.cathedral_finals);
    print_message("%u players, Traders & Builders: builder placed %u, %u second tiles (%u declined, %u after the "
                  "builder went home, %u extending it again); pig placed %u, %u pig scores (%u beside holders without one); %u tokens "
                  "(%u cities held by nobody); %u majorities of goods (%u tied)\n",
                  players, st.builders_placed, st.second_tiles, st.passes, st.builders_home, st.no_chain, st.pigs_placed,
                  st.pig_scores, st.pig_splits, st.goods_events, st.unheld_goods, st.trades, st.trade_ties);
    print_message("%u players, the Count: %u followers into the city (%u big) of %u offers (%u more refused by the "
                  "variant), the Count moved %u times; %u exits during play, %u in %u final rounds (%u games ended "
                  "without one), %u onto fields (%u big); %u passes; %u early ends in its decisions; %u exhaustive "
                  "exit checks; %u clones in the middle of a decision; %u fields scored the city\n",
                  players, cst.quarters, cst.big_quarters, cst.triggers, cst.declined_triggers, cst.count_moves,
                  cst.exits, cst.final_exits, cst.final_rounds, cst.no_final_round, cst.market_exits, cst.big_exits,
                  cst.passes, cst.ends, cst.exhaustive, cst.mid_clones, cst.coc_fields);
    if (players < 6)
        assert_true(st.recalls > 0 && st.abbots_placed > 0);
    assert_true(st.bigs_placed > 0 && st.big_majorities > 0 && st.big_decided > 0);
    assert_true(st.inn_scores > 0 && st.inn_finals > 0 && st.cathedral_scores > 0 && st.cathedral_finals > 0);
    /* the games reach the Traders & Builders rules */
    assert_true(st.builders_placed > 0 && st.second_tiles > 0 && st.passes > 0);
    assert_true(st.pigs_placed > 0 && st.pig_scores > 0);
    assert_true(st.goods_events > 0 && st.trades > 0);
    /* and the Count's */
    assert_true(cst.triggers > 0 && cst.quarters > 0 && cst.count_moves > 0 && cst.passes > 0);
    assert_true(cst.exits > 0 && cst.final_rounds > 0 && cst.final_exits > 0 && cst.market_exits > 0);
    assert_true(cst.ends > 0 && cst.mid_clones > 0 && cst.coc_fields > 0);
}

/* The games of each player count: how many of each module set, a
 * candidate check of every move around the board every `exhaustive_every`
 * turns, the first seed (module_sets). */
typedef struct players_case {
    const char *name;
    uint32_t players, games, exhaustive_every;
    uint64_t seed0;
} players_case;
static const players_case PLAYER_CASES[] = {
    { "two_players", 2, 7, 5, 1000 },  { "three_players", 3, 4, 7, 1000 }, { "four_players", 4, 3, 9, 4000 },
    { "five_players", 5, 3, 11, 1000 }, { "six_players", 6, 4, 11, 1000 },
};

static void players_n(void **state)
{
    const players_case *c = *state;
    module_sets(c->players, c->games, c->exhaustive_every, c->seed0);
}

/* Thousands of plain games: invariants only (cheap). Every decision at
 * random, the Count's too. */
static void many_games(void **state)
{
    (void)state;
    uint64_t rng = 42;
    carc_movelist *ml = NULL;
    uint32_t symbols[TU_ALL_MODULE_SETS][CARC_GOOD_COUNT];
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++)
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            symbols[i][k] = tu_goods_symbols(tu_all_modules(i), k);
    for (uint32_t gi = 0; gi < 3200; gi++) {
        uint32_t set = gi / 5 % TU_ALL_MODULE_SETS, modules = tu_all_modules(set);
        uint32_t players = 2 + gi % (tu_max_players(modules) - 1);
        carc_game *g = new_game(players, gi, modules, game_variants(modules, gi / 320));
        if (!ml)
            assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        uint32_t places = 0, decisions = 0, max = 0;
        assert_int_equal(carc_game_remaining(&max, g), CARC_OK);
        while (!tu_over(g)) {
            assert_int_equal(carc_game_legal_moves(ml, g, gi & 1 ? CARC_ENUM_UNIQUE_ROTATIONS : 0), CARC_OK);
            size_t n = carc_movelist_count(ml);
            assert_true(n > 0);
            carc_move m = pick_move_for(ml, &rng, modules);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            places += m.kind == CARC_MOVE_PLACE;
            decisions += m.kind != CARC_MOVE_PLACE;
        }
        uint32_t hist, left;
        assert_int_equal(carc_game_history_count(&hist, g), CARC_OK);
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        assert_int_equal(left, 0);
        /* a decision (the Count's, a declined second tile) is a move and a history entry without a tile */
        assert_true(places <= max && hist - decisions <= max);
        assert_true(decisions == 0 || (modules & (CARC_MODULE_TRADERS | CARC_MODULE_COUNT)));
        check_conservation(g, modules);
        check_traders(g, modules, symbols[set]);
        check_pending(g);
        carc_game_free(g);
    }
    carc_movelist_free(ml);
}

/* A move for g picked from its legal moves, listed in ml (pick_move). */
static carc_move random_move(const carc_game *g, carc_movelist *ml, uint64_t *rng)
{
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    return pick_move(ml, rng);
}

/* A game without an undo journal plays exactly like one with it. */
static void no_undo_same_game(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < TU_ALL_MODULE_SETS; seed++) {
        uint32_t modules = tu_all_modules((uint32_t)seed);
        uint32_t players = 2 + (uint32_t)(seed / 3 % (tu_max_players(modules) - 1));
        uint32_t variants = game_variants(modules, (uint32_t)(seed / 8));
        carc_game *a = new_game(players, seed, modules, variants), *b = NULL, *c = NULL;
        carc_game_options o = tu_options(players, seed, modules);
        o.variants = variants;
        o.flags = CARC_GAME_NO_UNDO;
        assert_int_equal(carc_game_new(&b, &o), CARC_OK);
        assert_true(same_state(a, b));
        carc_movelist *ml;
        assert_int_equal(carc_movelist_new(&ml, a), CARC_OK);
        uint64_t r = seed + 7;
        while (!tu_over(a)) {
            carc_move m = random_move(a, ml, &r);
            assert_int_equal(carc_game_play(a, &m), CARC_OK);
            assert_int_equal(carc_game_play(b, &m), CARC_OK);
            if (!c && tu_rand(&r) % 20 == 0)
                assert_int_equal(carc_game_clone(&c, b, 0), CARC_OK);
            else if (c)
                assert_int_equal(carc_game_play(c, &m), CARC_OK);
            assert_int_equal(b->trail_len, 0);
        }
        assert_true(same_state(a, b));
        if (c) {
            assert_true(same_state(a, c));
            assert_int_equal(carc_game_undo(c), CARC_ENO_UNDO);
        }
        bool can = true;
        assert_int_equal(carc_game_can_undo(&can, b), CARC_OK);
        assert_false(can);
        assert_int_equal(carc_game_undo(b), CARC_ENO_UNDO);
        carc_game_options back;
        assert_int_equal(carc_game_options_get(&back, b), CARC_OK);
        assert_int_equal(back.flags, CARC_GAME_NO_UNDO);
        assert_int_equal(back.modules, modules);
        carc_movelist_free(ml);
        carc_game_free(a);
        carc_game_free(b);
        carc_game_free(c);
    }
}

static void same_seed_same_game(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < TU_ALL_MODULE_SETS; seed++) {
        uint32_t modules = tu_all_modules((uint32_t)seed), players = seed % 2 ? tu_max_players(modules) : 3;
        uint32_t variants = game_variants(modules, (uint32_t)(seed / 16));
        carc_game *a = new_game(players, seed, modules, variants), *b = new_game(players, seed, modules, variants);
        assert_true(same_state(a, b));
        carc_movelist *ml;
        assert_int_equal(carc_movelist_new(&ml, a), CARC_OK);
        uint64_t r = seed + 1;
        while (!tu_over(a)) {
            carc_move m = random_move(a, ml, &r);
            assert_int_equal(carc_game_play(a, &m), CARC_OK);
            assert_int_equal(carc_game_play(b, &m), CARC_OK);
        }
        assert_true(same_state(a, b));
        carc_movelist_free(ml);
        carc_game_free(a);
        carc_game_free(b);
    }
    /* the draw order is a fixed function of the seed on every platform */
    carc_game *g = tu_new_game(2, 12345);
    char order[80] = "";
    carc_movelist *ml;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    for (int i = 0; i < 10; i++) {
        uint32_t t;
        assert_int_equal(carc_game_current_tile(&t, g), CARC_OK);
        strcat(order, carc_tile_name(t));
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_int_equal(carc_game_play(g, &carc_movelist_data(ml)[0]), CARC_OK);
    }
    /* pinned once, from this implementation: a change means records and seeds
     * no longer reproduce old games */
    assert_string_equal(order, "RGDHTELKEW");
    carc_movelist_free(ml);
    carc_game_free(g);
}

int main(void)
{
    enum { N_PLAYERS = sizeof PLAYER_CASES / sizeof PLAYER_CASES[0] };
    struct CMUnitTest tests[N_PLAYERS + 3] = {
        /* the tests of PLAYER_CASES first, filled in below */
        [N_PLAYERS] = cmocka_unit_test(many_games),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(no_undo_same_game),
    };
    for (size_t i = 0; i < N_PLAYERS; i++) {
        tests[i].name = PLAYER_CASES[i].name;
        tests[i].test_func = players_n;
        tests[i].initial_state = (void *)(uintptr_t)&PLAYER_CASES[i];
    }
    /* ENGINE_FILTER=six_players (a glob) runs only the matching tests */
    if (getenv("ENGINE_FILTER") != NULL)
        cmocka_set_test_filter(getenv("ENGINE_FILTER"));
    return cmocka_run_group_tests_name("properties", tests, NULL, NULL);
}
