/* SPDX-License-Identifier: MIT */
/*
 * One turn of the base game: validate a move, place the tile, connect its
 * segments to the neighbours, set the figure, score what it completes, pass
 * the turn and draw (discarding unplaceable tiles; docs/rules.md 2.5, ruling 18).
 */
#include "core/play.h"
#include "core/board.h"
#include "core/features.h"
#include "core/hooks.h"
#include "core/journal.h"
#include "core/kinds.h"
#include "core/last_error.h"
#include "core/occupancy.h"
#include "core/score.h"
#include "core/state.h"
#include "core/zobrist.h"
#include "tiles/catalogue.h"
#include <stdio.h>

unsigned carci_front_placed(const carc_game *g, uint32_t fi)
{
    return carci_nbw_placed(carci_front_nbw(g, fi));
}

/* The player after the one to move (no division: a select). */
static inline uint32_t carci_next_player(const carci_hdr *h)
{
    uint32_t n = h->cur + 1u;
    return n == h->players ? 0 : n;
}

/* Whether the player to move has a figure of kind f in supply. */
static bool in_supply(const carc_game *g, uint32_t f)
{
    const carci_hdr *h = CARCI_HDR(g);
    return f == CARC_FIGURE_FOLLOWER ? h->supply[h->cur] != 0 : ((h->specials[h->cur] >> f) & 1u) != 0;
}

/* The figure action of a place move whose placement is legal (fi: its cell). */
static inline __attribute__((always_inline)) carc_status check_figure(const carc_game *g, const carc_move *m, uint32_t fi, char *err, size_t cap)
{
    if (m->figure == CARC_FIGURE_NONE) {
        if (m->segment != CARC_NO_SEGMENT) {
            CARCI_WHY(err, cap, "a move without a figure must have segment CARC_NO_SEGMENT");
            return CARC_EINVAL;
        }
        return CARC_OK;
    }
    if (m->figure >= CARCI_FIGURE_KINDS) {
        CARCI_WHY(err, cap, "figure %u is not a figure kind", m->figure);
        return CARC_EINVAL;
    }
    if (m->segment == CARCI_SEGMENT_ACTION) {
        if (m->figure != carci_action_figure) { /* the encoding's rule, before the game's */
            CARCI_WHY(err, cap, "only the %s can be recalled", carci_figure_names[carci_action_figure]);
            return CARC_EINVAL;
        }
        if (!g->rs->hooks.action_check) {
            CARCI_WHY(err, cap, "the %s is not in play in this game", carci_figure_names[m->figure]);
            return CARC_EILLEGAL;
        }
        return g->rs->hooks.action_check(g, m, err, cap);
    }
    if (!g->rs->figure_on[m->figure]) {
        CARCI_WHY(err, cap, "the %s is not in play in this game", carci_figure_names[m->figure]);
        return CARC_EILLEGAL;
    }
    if (m->segment >= g->rs->kinds[m->tile].nseg) {
        CARCI_WHY(err, cap, "tile %s has no segment %u", carci_tiles[m->tile].name, m->segment);
        return CARC_ERANGE;
    }
    if (!in_supply(g, m->figure)) {
        CARCI_WHY(err, cap, "player %u has no %s left", CARCI_HDR(g)->cur, carci_figure_names[m->figure]);
        return CARC_EILLEGAL;
    }
    if (!((g->rs->eligible[m->figure][m->tile] >> m->segment) & 1u)) {
        CARCI_WHY(err, cap, "no %s may stand on a %s here", carci_figure_names[m->figure],
                 carci_segment_kind_names[carci_tiles[m->tile].seg[m->segment].kind]);
        return CARC_EILLEGAL;
    }
    unsigned placed = carci_front_placed(g, fi);
    if ((g->rs->joins_own >> m->figure) & 1u) {
        if (!((g->rs->hooks.figure_mask(g, fi, placed, m->tile, m->rotation, m->figure) >> m->segment) & 1u)) {
            CARCI_WHY(err, cap, g->rs->joins_own_why[m->figure], CARCI_HDR(g)->cur);
            return CARC_EILLEGAL;
        }
        return CARC_OK;
    }
    if (carci_segment_taken(g, fi, placed, m->tile, m->rotation, m->segment)) {
        CARCI_WHY(err, cap, "that %s already holds a figure", carci_segment_kind_names[carci_tiles[m->tile].seg[m->segment].kind]);
        return CARC_EILLEGAL;
    }
    return CARC_OK;
}

__attribute__((noinline)) bool carci_restricted_ok(const carc_game *g, const carc_move *m)
{
    return g->rs->hooks.placement_ok(g, m->tile, m->x, m->y, m->rotation, NULL, 0);
}

bool carci_figure_ok(const carc_game *g, const carc_move *m, uint32_t fi)
{
    return check_figure(g, m, fi, NULL, 0) == CARC_OK;
}

__attribute__((noinline)) carc_status carci_check_place(const carc_game *g, const carc_move *m, char *err, size_t cap,
                                                      uint32_t *fi_out)
{
    if (m->tile >= g->rs->nkinds || m->rotation > 3) {
        CARCI_WHY(err, cap, "tile %u or rotation %u out of range", m->tile, m->rotation);
        return CARC_ERANGE;
    }
    if (m->quarter || m->reserved) {
        CARCI_WHY(err, cap, "a place move must have quarter and reserved 0");
        return CARC_EINVAL;
    }
    uint16_t cur = CARCI_BAG(g)[carci_current_index(g)]; /* exists while the game is not over */
    if (m->tile != cur) {
        CARCI_WHY(err, cap, "tile %s is not the tile to place (%s)", carci_tiles[m->tile].name,
                 carci_tiles[cur].name);
        return CARC_EILLEGAL;
    }
    uint16_t v = carci_cell(g, m->x, m->y);
    if (v == CARCI_SLOT_EMPTY) {
        CARCI_WHY(err, cap, "(%d,%d) touches no tile", (int)m->x, (int)m->y);
        return CARC_EILLEGAL;
    }
    if (!(v & CARCI_SLOT_FRONT)) {
        CARCI_WHY(err, cap, "(%d,%d) already holds a tile", (int)m->x, (int)m->y);
        return CARC_EILLEGAL;
    }
    uint32_t fi = v & 0x7FFFu;
    if (fi_out)
        *fi_out = fi;
    if (!carci_placement_ok(g, fi, m->tile, m->x, m->y, m->rotation, err, cap))
        return CARC_EILLEGAL;
    return check_figure(g, m, fi, err, cap);
}


/* Every move but a place move while a place is pending: out of line, so that
 * the base game's check stays small. */
__attribute__((noinline)) carc_status carci_check_other(const carc_game *g, const carc_move *m, char *err,
                                                         size_t cap, uint32_t *fi_out)
{
    const carci_hdr *h = CARCI_HDR(g);
    if (m->kind > CARC_MOVE_COUNT) {
        CARCI_WHY(err, cap, "move kind %u is not a move kind", m->kind);
        return CARC_EINVAL;
    }
    if (h->over) {
        CARCI_WHY(err, cap, "the game is over");
        return CARC_EGAME_OVER;
    }
    carc_pending p;
    carci_pending(g, &p);
    if (m->kind == CARC_MOVE_PLACE && p.decision == CARC_DECISION_PLACE)
        return carci_check_place(g, m, err, cap, fi_out);
    if (m->kind == CARC_MOVE_PASS && (p.flags & CARC_PENDING_OPTIONAL)) {
        if (m->x || m->y || m->tile || m->rotation || m->figure || m->segment != CARC_NO_SEGMENT || m->quarter ||
            m->reserved) {
            CARCI_WHY(err, cap, "a pass move sets no other field (segment: CARC_NO_SEGMENT)");
            return CARC_EINVAL;
        }
        return CARC_OK;
    }
    /* a module's decisions: each is answered by the move kind of the same
     * number (CARC_DECISION_EXIT and CARC_MOVE_EXIT, ...), checked by the module */
    _Static_assert((int)CARC_DECISION_EXIT == (int)CARC_MOVE_EXIT &&
                       (int)CARC_DECISION_QUARTER == (int)CARC_MOVE_QUARTER &&
                       (int)CARC_DECISION_COUNT == (int)CARC_MOVE_COUNT,
                   "decisions and move kinds");
    if (h->step && m->kind == p.decision)
        return g->rs->hooks.check_step(g, m, err, cap);
    CARCI_WHY(err, cap, "a %s move does not answer the pending decision: player %u must choose %s%s", carci_move_kind_names[m->kind],
             p.player, carci_decision_names[p.decision], (p.flags & CARC_PENDING_OPTIONAL) ? " (or pass)" : "");
    return CARC_EILLEGAL;
}


/* The decision the game waits for: a place move of the player to move, in
 * the first part of a turn or as its optional second part (h->part2), or
 * one of a module's decisions (h->step: hooks.check_step and the rest). */
void carci_pending(const carc_game *g, carc_pending *p)
{
    const carci_hdr *h = CARCI_HDR(g);
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->decision = carci_decision(g);
    if (p->decision == CARC_DECISION_NONE)
        return;
    p->part = h->part2 == 1 ? 2 : 1;
    if (h->step) { /* a module's decisions: all optional */
        p->player = h->step >> 4;
        p->flags = CARC_PENDING_OPTIONAL | ((h->step & CARCI_STEP_FINAL) ? CARC_PENDING_FINAL : 0u);
        return;
    }
    p->player = h->cur;
    if (h->part2)
        p->flags = CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE;
    uint32_t i = carci_current_index(g);
    p->tile = i == CARCI_NONE32 ? 0 : CARCI_BAG(g)[i];
}

int32_t carci_figure_find(const carc_game *g, uint32_t player, uint32_t figure)
{
    const carci_fig *f = CARCI_FIGS(g);
    uint32_t want = player | figure << 8;
    for (uint32_t i = 0, n = CARCI_HDR(g)->n_figs; i < n; i++)
        if (f[i].player_kind == want)
            return (int32_t)i;
    return -1;
}

/* Figure `i` leaves the board for its owner's supply; the others keep their order. */
void carci_figure_remove(carc_game *g, uint32_t i)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_fig *figs = CARCI_FIGS(g);
    carci_node *nd = CARCI_NODES(g);
    carci_fig f = figs[i];
    carci_zob_add(g, 0 - carci_zob_figure(g, f.node, f.player_kind));
    uint16_t r = carci_find(g, f.node);
    CARCI_SET(g, nd[r].tile_occ, nd[r].tile_occ - 0x100u);
    uint32_t pl = f.player_kind & 0xFFu, kind = f.player_kind >> 8;
    if (kind == CARC_FIGURE_FOLLOWER)
        CARCI_SET(g, h->supply[pl], h->supply[pl] + 1);
    else
        CARCI_SET(g, h->specials[pl], h->specials[pl] | 1u << kind);
    for (uint32_t j = i + 1; j < h->n_figs; j++) {
        CARCI_SET(g, figs[j - 1].node, figs[j].node);
        CARCI_SET(g, figs[j - 1].player_kind, figs[j].player_kind);
    }
    CARCI_HSET(g, n_figs, h->n_figs - 1);
}

/* Whether a monastery or garden may lie within one cell of (x, y): the
 * filter of the rows and columns mod 16 that the monasteries' 3x3 squares
 * cover (a superset: the loop over the monasteries decides). */
static inline bool mon_around(const carci_hdr *h, int32_t x, int32_t y)
{
    return (h->mon_near[(uint32_t)y & 15u] >> ((uint32_t)x & 15u)) & 1u;
}

/* A monastery or garden (node n) on the tile just placed at (x, y), whose
 * placed orthogonal neighbours are `placed`: its entry, with the tiles
 * around it, and its 3x3 square in the filter. */
static carci_mon *mon_add(carc_game *g, int32_t x, int32_t y, uint16_t n, unsigned placed)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_mon *e = &CARCI_MONS(g)[h->n_mon];
    CARCI_INIT(e->node, n);
    CARCI_INIT(e->x, x);
    CARCI_INIT(e->y, y);
    CARCI_INIT(e->count, carci_popcount16(placed) + carci_count_diagonals(g, x, y));
    CARCI_SET(g, h->n_mon, h->n_mon + 1);
    unsigned c = ((uint32_t)x - 1u) & 15u, cols = (0x7u << c | 0x7u >> (16 - c)) & 0xFFFFu;
    for (int32_t dy = -1; dy <= 1; dy++) {
        uint16_t *row = &h->mon_near[(uint32_t)(y + dy) & 15u];
        CARCI_SET(g, *row, *row | cols);
    }
    return e;
}

/* Merge node a (segment s of the tile being placed) with the feature of
 * root c: by carci_merge_fresh while no merge has touched s yet (bit s of
 * *fresh), then by carci_merge. */
static inline __attribute__((always_inline)) void merge_segment(carc_game *g, uint16_t a, unsigned s, uint16_t c,
                                                                int32_t closed, unsigned *fresh)
{
    if ((*fresh >> s) & 1u)
        carci_merge_fresh(g, a, c, closed);
    else
        carci_merge(g, carci_find(g, a), c, closed);
    *fresh &= ~(1u << s);
}

/* One place move. `steps` (a constant in each caller) says whether the
 * ruleset has steps of its own within the turn (rs->turn_steps: the
 * second part of a turn, what completing gives): the base game's copy of this function has
 * no test of them. */
static inline __attribute__((always_inline)) void apply_move(carc_game *g, const carc_move *m, uint32_t fi,
                                                             const bool steps)
{
    carci_hdr *h = CARCI_HDR(g);
    const carci_kindinfo *ki = &g->rs->kinds[m->tile];
    uint32_t player = h->cur, rot = m->rotation;
    /* the unplaceable tiles above the current one (carci_check_move made sure
     * m->tile is the current tile) are drawn and discarded first */
    while (CARCI_BAG(g)[h->n_bag - 1] != m->tile)
        carci_discard_top(g);
    uint16_t t = h->n_placed, base = h->n_nodes;

    uint32_t nbw = fi != CARCI_NONE32 ? carci_front_nbw(g, fi) : 0xFFFFFFFFu;
    uint8_t nb[4];
    for (unsigned b = 0; b < 4; b++)
        nb[b] = (uint8_t)(nbw >> (8 * b));
    unsigned placed = carci_nbw_placed(nbw); /* sides with a placed neighbour */

    CARCI_HSET(g, n_bag, h->n_bag - 1);
    carci_board_place(g, fi, m->x, m->y, m->tile, rot, nb);
    carci_tile_init(g, t, m->x, m->y, m->tile, rot, base);
    if (fi != CARCI_NONE32 && carci_restricted(g->rs, m->tile))
        g->rs->hooks.placed(g, m->tile, m->x, m->y, rot);
    carci_node *nd = CARCI_NODES(g);

    bool farmers = g->rs->fields;
    const carci_rotinfo *ri = &g->rs->rot[m->tile][rot];
    /* sides with a placed neighbour across a road or city edge, and across an
     * edge with field halves (field or road): one loop each, over set bits */
    unsigned rc_sides = ri->rc_sides & placed;
    unsigned field_sides = farmers ? ri->field_sides & placed : 0u;
    /* the road and city segments that met a neighbour: only they can be
     * part of a feature this tile completes (any other keeps its edges open) */
    unsigned joined = 0;
    /* the tile's segments no merge has touched yet (carci_merge_fresh) */
    unsigned fresh = 0xFFFFu;
    for (unsigned mk = rc_sides; mk; mk &= mk - 1) {
        unsigned b = (unsigned)__builtin_ctz(mk), s = ri->side_seg[b];
        joined |= 1u << s;
        uint16_t a = (uint16_t)(base + s);
        uint16_t c = carci_find(g, carci_side_node(g, nb[b], (b + 2) & 3));
        /* the edge between them closes: one open edge less on each side */
        merge_segment(g, a, s, c, 2, &fresh);
    }
    for (unsigned mk = field_sides; mk; mk &= mk - 1) {
        unsigned b = (unsigned)__builtin_ctz(mk);
        uint16_t v = nb[b];
        /* the two half-edges of this side; along a field edge both usually
         * join the same two segments: one union then */
        unsigned q = 2 * b;
        unsigned s0 = ri->port_seg[q], s1 = ri->port_seg[q + 1];
        uint16_t a0 = (uint16_t)(base + s0);
        uint16_t c0 = carci_port_node(g, v, carci_facing_port(q));
        uint16_t a1 = (uint16_t)(base + s1);
        uint16_t c1 = carci_port_node(g, v, carci_facing_port(q + 1));
        merge_segment(g, a0, s0, carci_find(g, c0), 0, &fresh);
        if (a1 != a0 || c1 != c0)
            merge_segment(g, a1, s1, carci_find(g, c1), 0, &fresh);
    }

    /* a second part of the turn is decided by where the tile went, before
     * its figure and the scoring (which may send a figure home): part2
     * 2 says the turn goes on once this part is done */
    if (steps && g->rs->hooks.extends && !h->part2 && g->rs->hooks.extends(g, player, base, m->tile, joined))
        CARCI_SET(g, h->part2, 2);
    uint32_t turn = h->n_hist;
    if (m->segment == CARCI_SEGMENT_ACTION) {
        g->rs->hooks.action_apply(g, player, turn, m);
    } else if (m->figure != CARC_FIGURE_NONE) {
        carci_figure_add(g, (uint16_t)(base + m->segment), player, m->figure);
        if (m->figure == CARC_FIGURE_FOLLOWER)
            CARCI_SET(g, h->supply[player], h->supply[player] - 1);
        else
            CARCI_SET(g, h->specials[player], h->specials[player] & ~(1u << m->figure));
    }

    carci_hist_push(g, CARC_HISTORY_PLACE, player, m);
    if (steps) {
        /* the modules' steps: the scoring may wait for decisions (the
         * decisions of a module: hooks.before_scoring), so the monasteries around count
         * the new tile first and score afterwards, with everything else */
        carci_mon *mon = CARCI_MONS(g);
        uint32_t surrounded = 0; /* a monastery around is now surrounded */
        for (uint32_t i = 0, n = mon_around(h, m->x, m->y) ? h->n_mon : 0; i < n; i++) {
            uint32_t near = ((uint32_t)(m->x - mon[i].x + 1) <= 2u) & ((uint32_t)(m->y - mon[i].y + 1) <= 2u);
            carci_add(g, &mon[i].count, (uint16_t)near);
            surrounded |= near & (mon[i].count == 8);
        }
        if (ki->center != CARCI_NONE)
            surrounded |= mon_add(g, m->x, m->y, (uint16_t)(base + ki->center), placed)->count == 8;
        if (g->rs->hooks.before_scoring && g->rs->hooks.before_scoring(g, turn))
            return;
        carci_part_score(g, turn, surrounded != 0, joined);
        return;
    }

    /* Score every road and city this tile completes (ruling 7), in the order
     * of the tile's segments, then every monastery on it or around it that
     * is now surrounded. */
    for (unsigned mk = joined & ki->rc_mask; mk; mk &= mk - 1) {
        unsigned i = (unsigned)__builtin_ctz(mk);
        uint16_t r = carci_find(g, (uint16_t)(base + i));
        if (nd[r].open == 0 && (nd[r].tile_occ >> 8))
            carci_score_feature(g, r, false, turn);
    }
    carci_mon *mon = CARCI_MONS(g);
    for (uint32_t i = 0, n = mon_around(h, m->x, m->y) ? h->n_mon : 0; i < n; i++) {
        /* without a branch on the position (it mispredicts): add 0 or 1 */
        uint32_t near = ((uint32_t)(m->x - mon[i].x + 1) <= 2u) & ((uint32_t)(m->y - mon[i].y + 1) <= 2u);
        carci_add(g, &mon[i].count, (uint16_t)near);
        if (near & (mon[i].count == 8) & ((nd[mon[i].node].tile_occ >> 8) != 0))
            carci_score_feature(g, mon[i].node, false, turn);
    }
    if (ki->center != CARCI_NONE) {
        uint16_t n = (uint16_t)(base + ki->center);
        if (mon_add(g, m->x, m->y, n, placed)->count == 8 && (nd[n].tile_occ >> 8))
            carci_score_feature(g, n, false, turn);
    }
    CARCI_HSET(g, cur, carci_next_player(h));
}

/* Whether monastery (or garden) entry `e` is around the cell (x, y) and now
 * surrounded (the count first: seldom 8, so the branch predicts well). */
static bool mon_done(const carci_mon *e, int32_t x, int32_t y)
{
    return e->count == 8 && (uint32_t)(x - e->x + 1) <= 2u && (uint32_t)(y - e->y + 1) <= 2u;
}

uint32_t carci_part_completed(const carc_game *g, uint16_t roots[16])
{
    const carci_hdr *h = CARCI_HDR(g);
    const carci_placed *p = &CARCI_PLACED(g)[h->n_placed - 1];
    const carci_kindinfo *ki = &g->rs->kinds[p->kind];
    const carci_node *nd = CARCI_NODES(g);
    uint16_t base = carci_placed_base(p);
    uint32_t n = 0;
    for (unsigned mk = ki->rc_mask; mk; mk &= mk - 1) {
        uint16_t r = carci_find(g, (uint16_t)(base + __builtin_ctz(mk)));
        uint32_t j = 0;
        while (j < n && roots[j] != r)
            j++;
        if (nd[r].open == 0 && j == n)
            roots[n++] = r;
    }
    const carci_mon *mon = CARCI_MONS(g);
    for (uint32_t i = 0; i < h->n_mon; i++)
        if (mon_done(&mon[i], p->x, p->y))
            roots[n++] = mon[i].node;
    return n;
}

void carci_part_score(carc_game *g, uint32_t turn, bool monasteries, unsigned segs)
{
    carci_hdr *h = CARCI_HDR(g);
    const carci_placed *p = &CARCI_PLACED(g)[h->n_placed - 1];
    const carci_kindinfo *ki = &g->rs->kinds[p->kind];
    carci_node *nd = CARCI_NODES(g);
    uint16_t base = carci_placed_base(p);
    int32_t x = p->x, y = p->y;
    uint32_t kind = p->kind;
    for (unsigned mk = ki->rc_mask & segs; mk; mk &= mk - 1) {
        uint16_t r = carci_find(g, (uint16_t)(base + __builtin_ctz(mk)));
        if (nd[r].open == 0 && (nd[r].tile_occ >> 8))
            carci_score_feature(g, r, false, turn);
    }
    if (g->rs->hooks.completed) /* then what completing gives besides points */
        g->rs->hooks.completed(g, base, kind, h->cur, turn, segs);
    const carci_mon *mon = CARCI_MONS(g);
    for (uint32_t i = 0; monasteries && i < h->n_mon; i++)
        if (mon_done(&mon[i], x, y) && (nd[mon[i].node].tile_occ >> 8))
            carci_score_feature(g, mon[i].node, false, turn);
    if (g->rs->hooks.after_scoring && g->rs->hooks.after_scoring(g))
        return; /* the placer is asked for a follower into the city */
    carci_part_end(g);
}

void carci_part_end(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    if (h->part2) {
        bool again = h->part2 == 2;
        CARCI_SET(g, h->part2, again); /* 1: the same player places a second tile */
        if (again)
            return;
    }
    if (g->rs->hooks.turn_end)
        g->rs->hooks.turn_end(g);
    CARCI_HSET(g, cur, carci_next_player(h));
}

static __attribute__((noinline)) void apply_move_steps(carc_game *g, const carc_move *m, uint32_t fi)
{
    apply_move(g, m, fi, true);
}

void carci_apply_move(carc_game *g, const carc_move *m, uint32_t fi)
{
    if (g->rs->turn_steps)
        apply_move_steps(g, m, fi);
    else
        apply_move(g, m, fi, false);
}

/* A move known to be legal (checked, or enumerated for this position):
 * applied, and the next tile drawn. fi: the frontier index of a place
 * move's cell (carci_check_move's), or CARCI_NONE32 to look it up. The
 * caller opens the undo unit when the game journals. */
void carci_play_legal(carc_game *g, const carc_move *m, uint32_t fi)
{
    if (m->kind == CARC_MOVE_PLACE)
        carci_apply_move(g, m, fi != CARCI_NONE32 ? fi : carci_front_index(g, m->x, m->y));
    else
        carci_apply_decision(g, m);
    carci_advance(g);
}

/* A move that places no tile, checked by carci_check_move: an answer to
 * one of a module's decisions, or the pass that declines the turn's
 * second tile, which ends the turn (the tile stays on top of the pile for
 * the next player). */
void carci_apply_decision(carc_game *g, const carc_move *m)
{
    carci_hdr *h = CARCI_HDR(g);
    if (h->step) {
        g->rs->hooks.apply_step(g, m);
        return;
    }
    carci_hist_push(g, CARC_HISTORY_PLACE, h->cur, m);
    if (h->part2)
        CARCI_SET(g, h->part2, 0);
    if (g->rs->hooks.turn_end)
        g->rs->hooks.turn_end(g);
    CARCI_HSET(g, cur, carci_next_player(h));
}

/*
 * Draws are lazy. The tile to place is the first tile from the top of the
 * pile that has a legal placement: the ones above it are unplaceable, and are
 * drawn and discarded (ruling 18) when the move that places the next tile is
 * played, so a caller who chooses the next tile explicitly
 * (carc_game_choose_tile) never loses tiles it did not draw.
 */
uint32_t carci_find_current(const carc_game *g)
{
    const uint16_t *bag = CARCI_BAG(g);
    for (uint32_t i = CARCI_HDR(g)->n_bag; i-- > 0;)
        if (carci_tile_placeable(g, bag[i]))
            return i;
    return CARCI_NONE32;
}

void carci_update_current(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    uint32_t i = h->over ? CARCI_NONE32 : carci_find_current(g);
    CARCI_HSET(g, cur_idx, i == CARCI_NONE32 ? 0xFFFFu : i);
}

void carci_discard_top(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    uint16_t top = CARCI_BAG(g)[h->n_bag - 1];
    carc_move m = { 0, 0, top, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, 0, 0, 0 };
    uint32_t turn = h->n_hist;
    carci_hist_push(g, CARC_HISTORY_DISCARD, h->cur, &m);
    carci_event_push(g, CARC_EVENT_DISCARD, 0, turn, 0, 0, 0, top, 0);
    CARCI_HSET(g, n_bag, h->n_bag - 1);
    carci_zob_add(g, carci_zob_key(CARCI_ZOB_DISCARD, 0, 0, top));
}

/* After a move or a discard: when no tile left can be placed, they are all
 * drawn and discarded in turn, and the game ends (docs/rules.md 2.5, 2.8). */
void carci_advance(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    if (h->over || (h->step & CARCI_STEP_FINAL)) /* over, or in a module's final round */
        return;
    carci_update_current(g);
    /* a tile to place, or a decision of the turn part still pending (the
     * a module's): the turn is not over yet */
    if ((h->n_bag && h->cur_idx != 0xFFFFu) || h->step)
        return;
    while (h->n_bag)
        carci_discard_top(g);
    if (g->rs->hooks.before_final && g->rs->hooks.before_final(g))
        return; /* a module's final round (hooks.before_final) */
    carci_final_scoring(g);
    carci_update_current(g);
}
