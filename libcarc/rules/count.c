/* SPDX-License-Identifier: MIT */
/*
 * The Count of Carcassonne (docs/rules.md section 8, rulings
 * C-1..C-20): the four quarters of the City of Carcassonne (laid by
 * count_city.c) and the Count, followers put into the city after a scoring
 * that gave an opponent points and the placer none, moves out of the city
 * before a feature scores, and the final round of moves out before final
 * scoring.
 *
 * The decisions are steps of the turn (h->step): EXIT during the scoring of
 * a part (each player from the placer's left, the placer last, any number of
 * exits then a pass), QUARTER and COUNT after it, EXIT with CARCI_STEP_FINAL
 * in the final round (one exit a go, a pass is final).
 *
 * Rulings taken where the shared rules are silent:
 *  - The abbot's recall is the figure action of the part, not its scoring
 *    step: its points neither block nor trigger the follower into the city
 *    (C-1 read as written: "points awarded by scoring features in this
 *    placement's scoring step").
 *  - The cathedral quarter serves monasteries only, never a garden (section
 *    1.6 says "never a garden" for the end; the same holds during play).
 *  - The market serves fields only when farmers are in play.
 *  - The final round starts with the player after the one whose history
 *    entry placed or discarded the last tile; when nobody did, with the
 *    player to move.
 */
#include "rules/state.h"
#include <stdio.h>

static const uint8_t QUARTER_SEG[4] = { CARC_SEG_CITY, CARC_SEG_FIELD, CARC_SEG_ROAD, CARC_SEG_MONASTERY };
static const char *const QNAME[4] = { "castle", "market", "blacksmith", "cathedral" };
static const char *const KNAME[] = { "field", "road", "city", "monastery", "garden", "river" };

/* ---- who holds what --------------------------------------------------- */

static bool holds(const carc_game *g, uint32_t p, uint32_t q, uint32_t fig)
{
    const carci_coc *c = carci_coc_of(g);
    return fig == CARC_FIGURE_FOLLOWER ? c->city[q][p] != 0 : fig == CARC_FIGURE_BIG && c->big[p] == q;
}

static bool holds_any(const carc_game *g, uint32_t p, uint32_t q)
{
    return holds(g, p, q, CARC_FIGURE_FOLLOWER) || holds(g, p, q, CARC_FIGURE_BIG);
}

/* Whether anybody has a figure in the City (most of the time nobody has):
 * followers in a quarter, or a big follower in one. */
static bool city_occupied(const carci_coc *c)
{
    uint64_t w[sizeof c->city / 8], any = 0;
    _Static_assert(sizeof c->city % 8 == 0, "city counts in 64-bit words");
    memcpy(w, c->city, sizeof w);
    for (uint32_t i = 0; i < sizeof w / sizeof *w; i++)
        any |= w[i];
    /* the big followers: all CARCI_NO_QUARTER (all ones) when none is in */
    uint64_t b[(sizeof c->big + 7) / 8];
    memset(b, 0xFF, sizeof b);
    memcpy(b, c->big, sizeof c->big);
    for (uint32_t i = 0; i < sizeof b / sizeof *b; i++)
        any |= ~b[i];
    return any != 0;
}

static bool is_final(const carc_game *g)
{
    return (CARCI_HDR(g)->step & CARCI_STEP_FINAL) != 0;
}

/* Whether quarter q may send followers out now (not under the Count; in the
 * final round only the market with the variant; the market needs farmers). */
static bool quarter_open(const carc_game *g, uint32_t q, bool final)
{
    if (q == carci_coc_of(g)->count)
        return false;
    if (final && (g->rs->variants & CARC_VARIANT_COC_FINAL_MARKET) && q != CARC_QUARTER_MARKET)
        return false;
    return q != CARC_QUARTER_MARKET || (g->rs->modules & CARC_MODULE_FARMERS);
}

/* Whether feature `root` takes followers from quarter q: during play one of
 * the features the part completed, in the final round one not complete. */
static bool target_ok(const carc_game *g, uint16_t root, uint32_t q, bool final, const uint16_t *done, uint32_t nd)
{
    if (carci_node_kind(g, root) != QUARTER_SEG[q])
        return false;
    if (final)
        return !carci_feature_complete(g, root);
    for (uint32_t i = 0; i < nd; i++)
        if (done[i] == root)
            return true;
    return false;
}

/* Where followers may go: during play the features the part completed; in
 * the final round (final) every feature of the board that is not complete. */
typedef struct targets {
    uint16_t roots[16];
    uint32_t n;
    bool final;
} targets;

static void targets_of(const carc_game *g, targets *t)
{
    t->final = is_final(g);
    t->n = t->final ? 0 : carci_part_completed(g, t->roots);
}

/* Whether any feature takes followers from quarter q. */
static bool any_target(const carc_game *g, const targets *t, uint32_t q)
{
    if (!t->final) {
        for (uint32_t i = 0; i < t->n; i++)
            if (target_ok(g, t->roots[i], q, false, t->roots, t->n))
                return true;
        return false;
    }
    const carci_node *nd = CARCI_NODES(g);
    for (uint16_t n = 0; n < CARCI_HDR(g)->n_nodes; n++)
        if (CARCI_NODE_IDX(nd[n].parent) == n && target_ok(g, n, q, true, NULL, 0))
            return true;
    return false;
}

static bool has_exit(const carc_game *g, const targets *t, uint32_t p)
{
    for (uint32_t q = 0; q < 4; q++)
        if (quarter_open(g, q, t->final) && holds_any(g, p, q) && any_target(g, t, q))
            return true;
    return false;
}

static void set_step(carc_game *g, uint32_t decision, uint32_t player, bool final)
{
    carci_hdr *h = CARCI_HDR(g);
    CARCI_SET(g, h->step, decision | (final ? CARCI_STEP_FINAL : 0u) | player << 4);
}

/* ---- the scoring of a part -------------------------------------------- */

/* The next player asked for exits during play after player `after` (the
 * placer: from his left), the placer last, or CARCI_NONE32. */
static uint32_t next_asked(const carc_game *g, const targets *t, uint32_t after)
{
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t n = h->players, placer = h->cur;
    /* positions: the placer 0 (and n: he goes last), his left 1, ... */
    for (uint32_t k = (after + n - placer) % n + 1; k <= n; k++) {
        uint32_t p = (placer + k) % n;
        if (has_exit(g, t, p))
            return p;
    }
    return CARCI_NONE32;
}

/* Whether a player is asked for exits now (somebody is in the City): out
 * of line, so that the common case stays small. */
static __attribute__((noinline)) bool exits_asked(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    targets t;
    targets_of(g, &t);
    if (!t.n)
        return false;
    uint32_t p = next_asked(g, &t, h->cur);
    if (p == CARCI_NONE32)
        return false;
    set_step(g, CARC_DECISION_EXIT, p, false);
    return true;
}

static bool count_exits(carc_game *g, uint32_t turn)
{
    carci_coc *c = carci_coc_of(g);
    CARCI_SET(g, c->place_turn, turn);
    CARCI_SET(g, c->ev_mark, CARCI_HDR(g)->n_events); /* after the figure action: the recall does not count */
    /* nobody in the City: nobody can move out, the scored features need not be found */
    return city_occupied(c) && exits_asked(g);
}

/* After the scoring: an opponent scored and the placer did not (C-1..C-5,
 * C-20: tokens are not points), and the placer has a follower in supply
 * (C-7, C-19). */
static bool count_scored(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    const carci_coc *c = carci_coc_of(g);
    if (c->ev_mark == h->n_events)
        return false; /* the common case: the part scored nothing */
    if (c->used && (g->rs->variants & CARC_VARIANT_COC_ONCE_PER_TURN))
        return false;
    int32_t pts[CARCI_MAX_PLAYERS] = { 0 };
    const carci_ev *ev = CARCI_EVENTS(g);
    for (uint32_t i = c->ev_mark; i < h->n_events; i++) {
        if ((ev[i].kind_fkind & 7u) != CARC_EVENT_SCORE)
            continue;
        for (uint32_t p = 0; p < h->players; p++)
            if ((ev[i].players_ret >> p) & 1u)
                pts[p] += ev[i].points;
    }
    uint32_t placer = h->cur;
    bool other = false;
    for (uint32_t p = 0; p < h->players; p++)
        other |= p != placer && pts[p] > 0;
    if (!other || pts[placer] != 0)
        return false;
    if (!h->supply[placer] && !((h->specials[placer] >> CARC_FIGURE_BIG) & 1u))
        return false;
    set_step(g, CARC_DECISION_QUARTER, placer, false);
    return true;
}

/* ---- the final round --------------------------------------------------- */

/* From player `from` on, round and round: the first player not out who has
 * an exit; the ones without are out (section 1.6). */
static uint32_t next_final(carc_game *g, uint32_t from)
{
    carci_hdr *h = CARCI_HDR(g);
    targets t;
    t.final = true;
    t.n = 0;
    for (uint32_t k = 0; k < h->players; k++) {
        uint32_t p = (from + k) % h->players;
        if ((carci_coc_of(g)->out >> p) & 1u)
            continue;
        if (has_exit(g, &t, p))
            return p;
        CARCI_SET(g, carci_coc_of(g)->out, carci_coc_of(g)->out | 1u << p);
    }
    return CARCI_NONE32;
}

/* The player after the one who drew the last tile (placed or discarded). */
static uint32_t final_first(const carc_game *g)
{
    const carci_hdr *h = CARCI_HDR(g);
    const carci_hist *e = CARCI_HIST(g);
    for (uint32_t i = h->n_hist; i-- > 0;) {
        uint32_t kind = e[i].kind_player & 0xFFu;
        bool placed = kind == CARC_HISTORY_PLACE && ((e[i].rot_fig_seg >> 5) & 7u) == CARC_MOVE_PLACE;
        if (placed || kind == CARC_HISTORY_DISCARD)
            return ((e[i].kind_player >> 8) + 1u) % h->players;
    }
    return h->cur;
}

static bool count_final_round(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    if (h->part2)
        CARCI_SET(g, h->part2, 0); /* no second tile after the end */
    CARCI_SET(g, carci_coc_of(g)->out, 0);
    uint32_t p = next_final(g, final_first(g));
    if (p == CARCI_NONE32)
        return false;
    set_step(g, CARC_DECISION_EXIT, p, true);
    return true;
}

/* ---- checking and playing the decisions --------------------------------- */

static bool zero_but(const carc_move *m, bool xy, bool figure, bool segment)
{
    return (xy || (!m->x && !m->y)) && !m->tile && !m->rotation && !m->reserved && (figure || !m->figure) &&
           (segment || m->segment == CARC_NO_SEGMENT);
}

/* The feature node an exit move names, or CARCI_NONE32 with the reason. */
static uint32_t exit_node(const carc_game *g, const carc_move *m, char *err, size_t cap, carc_status *st)
{
    uint16_t v = carci_cell(g, m->x, m->y);
    if (v == CARCI_SLOT_EMPTY || (v & CARCI_SLOT_FRONT)) {
        CARCI_WHY(err, cap, "no tile lies at (%d,%d)", (int)m->x, (int)m->y);
        *st = CARC_EILLEGAL;
        return CARCI_NONE32;
    }
    const carci_placed *p = &CARCI_PLACED(g)[v];
    if (m->segment >= carci_tiles[p->kind].nseg) {
        CARCI_WHY(err, cap, "tile %s at (%d,%d) has no segment %u", carci_tiles[p->kind].name, (int)m->x, (int)m->y,
                  m->segment);
        *st = CARC_ERANGE;
        return CARCI_NONE32;
    }
    return carci_placed_base(p) + m->segment;
}

static carc_status check_exit(const carc_game *g, const carc_move *m, uint32_t player, char *err, size_t cap)
{
    if (!zero_but(m, true, true, true) || m->quarter > 3 ||
        (m->figure != CARC_FIGURE_FOLLOWER && m->figure != CARC_FIGURE_BIG)) {
        CARCI_WHY(err, cap, "an exit move takes a follower or the big follower from a quarter (0..3) to a "
                            "segment of the tile at (x, y); tile and rotation 0");
        return CARC_EINVAL;
    }
    bool final = is_final(g);
    uint32_t q = m->quarter;
    if (q == carci_coc_of(g)->count) {
        CARCI_WHY(err, cap, "the Count stands on the %s: nobody leaves it", QNAME[q]);
        return CARC_EILLEGAL;
    }
    if (!quarter_open(g, q, final)) {
        CARCI_WHY(err, cap, "nobody leaves the %s %s", QNAME[q],
                  q == CARC_QUARTER_MARKET ? "without farmers" : "at the end with the variant coc-final market");
        return CARC_EILLEGAL;
    }
    if (!holds(g, player, q, m->figure)) {
        CARCI_WHY(err, cap, "player %u has no %s in the %s", player,
                  m->figure == CARC_FIGURE_BIG ? "big follower" : "follower", QNAME[q]);
        return CARC_EILLEGAL;
    }
    carc_status st = CARC_OK;
    uint32_t n = exit_node(g, m, err, cap, &st);
    if (n == CARCI_NONE32)
        return st;
    uint16_t root = carci_find(g, (uint16_t)n);
    targets t;
    targets_of(g, &t);
    if (!target_ok(g, root, q, final, t.roots, t.n)) {
        CARCI_WHY(err, cap, "a follower from the %s goes to a %s %s", QNAME[q], KNAME[QUARTER_SEG[q]],
                  final ? "that is not complete" : "that this tile's scoring scores");
        return CARC_EILLEGAL;
    }
    return CARC_OK;
}

/* A move of the kind the pending step takes (play.c checked the kind, the
 * pass and the rest): its fields and the rules. */
static carc_status count_check(const carc_game *g, const carc_move *m, char *err, size_t cap)
{
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t player = h->step >> 4;
    if (m->kind == CARC_MOVE_EXIT)
        return check_exit(g, m, player, err, cap);
    if (m->kind == CARC_MOVE_QUARTER) {
        if (!zero_but(m, false, true, false) || m->quarter > 3 ||
            (m->figure != CARC_FIGURE_FOLLOWER && m->figure != CARC_FIGURE_BIG)) {
            CARCI_WHY(err, cap, "a quarter move puts a follower or the big follower into a quarter (0..3); no other "
                                "field (segment: CARC_NO_SEGMENT)");
            return CARC_EINVAL;
        }
        bool have = m->figure == CARC_FIGURE_FOLLOWER ? h->supply[player] != 0
                                                      : ((h->specials[player] >> CARC_FIGURE_BIG) & 1u) != 0;
        if (!have) {
            CARCI_WHY(err, cap, "player %u has no %s in supply", player,
                      m->figure == CARC_FIGURE_BIG ? "big follower" : "follower");
            return CARC_EILLEGAL;
        }
        return CARC_OK;
    }
    /* CARC_MOVE_COUNT */
    if (!zero_but(m, false, false, false) || m->quarter > 3) {
        CARCI_WHY(err, cap, "a count move names a quarter (0..3) and sets no other field");
        return CARC_EINVAL;
    }
    if (m->quarter == carci_coc_of(g)->count) {
        CARCI_WHY(err, cap, "the Count already stands on the %s: he moves to another quarter", QNAME[m->quarter]);
        return CARC_EILLEGAL;
    }
    return CARC_OK;
}

/* The exits of the part are over: score, then what follows. */
static void exits_done(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    CARCI_SET(g, h->step, 0);
    carci_part_score(g, carci_coc_of(g)->place_turn, true, ~0u); /* the monasteries and every road and city looked at again */
}

static void count_apply(carc_game *g, const carc_move *m)
{
    carci_hdr *h = CARCI_HDR(g);
    uint32_t d = h->step & 7u, player = h->step >> 4;
    bool final = is_final(g);
    carci_hist_push(g, CARC_HISTORY_PLACE, player, m);
    if (m->kind == CARC_MOVE_EXIT) {
        uint32_t q = m->quarter;
        if (m->figure == CARC_FIGURE_BIG)
            CARCI_SET(g, carci_coc_of(g)->big[player], CARCI_NO_QUARTER);
        else
            CARCI_SET(g, carci_coc_of(g)->city[q][player], carci_coc_of(g)->city[q][player] - 1);
        carc_status st;
        carci_figure_add(g, (uint16_t)exit_node(g, m, NULL, 0, &st), player, m->figure);
    }
    if (d == CARC_DECISION_EXIT && final) {
        if (m->kind == CARC_MOVE_PASS)
            CARCI_SET(g, carci_coc_of(g)->out, carci_coc_of(g)->out | 1u << player);
        uint32_t p = next_final(g, (player + 1) % h->players);
        if (p != CARCI_NONE32) {
            set_step(g, CARC_DECISION_EXIT, p, true);
            return;
        }
        CARCI_SET(g, h->step, 0);
        carci_final_scoring(g);
        carci_update_current(g);
        return;
    }
    if (d == CARC_DECISION_EXIT) {
        targets t;
        targets_of(g, &t);
        uint32_t p = m->kind == CARC_MOVE_EXIT && has_exit(g, &t, player) ? player
                     : player == h->cur                                  ? CARCI_NONE32
                                                                         : next_asked(g, &t, player);
        if (p == CARCI_NONE32)
            exits_done(g);
        else if (p != player)
            set_step(g, CARC_DECISION_EXIT, p, false);
        return;
    }
    if (d == CARC_DECISION_QUARTER && m->kind == CARC_MOVE_QUARTER) {
        if (m->figure == CARC_FIGURE_BIG) {
            CARCI_SET(g, h->specials[player], h->specials[player] & ~(1u << CARC_FIGURE_BIG));
            CARCI_SET(g, carci_coc_of(g)->big[player], m->quarter);
        } else {
            CARCI_SET(g, h->supply[player], h->supply[player] - 1);
            CARCI_SET(g, carci_coc_of(g)->city[m->quarter][player], carci_coc_of(g)->city[m->quarter][player] + 1);
        }
        CARCI_SET(g, carci_coc_of(g)->used, 1);
        set_step(g, CARC_DECISION_COUNT, player, false);
        return;
    }
    if (d == CARC_DECISION_COUNT && m->kind == CARC_MOVE_COUNT)
        CARCI_SET(g, carci_coc_of(g)->count, m->quarter);
    CARCI_SET(g, h->step, 0); /* a pass of the quarter or the Count, or the Count moved */
    carci_part_end(g);
}

/* ---- legal moves --------------------------------------------------------- */

static bool push(carc_movelist *l, const carc_move *m)
{
    if (!carci_movelist_reserve(l, l->n + 1))
        return false;
    l->moves[l->n++] = *m;
    return true;
}

/* One exit per feature, figure and quarter, on the feature's root segment
 * (any segment of the feature plays the same; carc_game_check_move takes
 * them all). */
static bool push_exit(carc_movelist *l, const carc_game *g, uint16_t root, uint32_t q, uint32_t fig)
{
    const carci_placed *p = &CARCI_PLACED(g)[carci_node_tile(g, root)];
    carc_move m = { p->x, p->y, 0, 0, (uint8_t)fig, carci_node_seg(g, root), CARC_MOVE_EXIT, (uint8_t)q, 0 };
    return push(l, &m);
}

static carc_status count_enum(carc_movelist *l, const carc_game *g)
{
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t d = h->step & 7u, player = h->step >> 4;
    l->n = 0;
    bool ok = true;
    if (d == CARC_DECISION_EXIT) {
        targets t;
        targets_of(g, &t);
        const carci_node *nd = CARCI_NODES(g);
        for (uint32_t q = 0; q < 4 && ok; q++) {
            if (!quarter_open(g, q, t.final))
                continue;
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG && ok; fig++) {
                if (!holds(g, player, q, fig))
                    continue;
                if (!t.final) {
                    for (uint32_t i = 0; i < t.n && ok; i++)
                        if (target_ok(g, t.roots[i], q, false, t.roots, t.n))
                            ok = push_exit(l, g, t.roots[i], q, fig);
                    continue;
                }
                for (uint16_t n = 0; n < h->n_nodes && ok; n++)
                    if (CARCI_NODE_IDX(nd[n].parent) == n && target_ok(g, n, q, true, NULL, 0))
                        ok = push_exit(l, g, n, q, fig);
            }
        }
    } else if (d == CARC_DECISION_QUARTER) {
        for (uint32_t q = 0; q < 4 && ok; q++) {
            carc_move m = { 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, CARC_NO_SEGMENT, CARC_MOVE_QUARTER, (uint8_t)q, 0 };
            if (h->supply[player])
                ok = push(l, &m);
            m.figure = CARC_FIGURE_BIG;
            if (ok && ((h->specials[player] >> CARC_FIGURE_BIG) & 1u))
                ok = push(l, &m);
        }
    } else {
        for (uint32_t q = 0; q < 4 && ok; q++) {
            carc_move m = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_COUNT, (uint8_t)q, 0 };
            if (q != carci_coc_of(g)->count)
                ok = push(l, &m);
        }
    }
    carc_move pass = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PASS, 0, 0 };
    if (!ok || !push(l, &pass)) {
        l->n = 0;
        return CARC_ENOMEM;
    }
    return CARC_OK;
}

/* The follower into the city, once a turn with the variant: a new turn. */
static void count_turn_end(carc_game *g)
{
    carci_coc *c = carci_coc_of(g);
    if (c->used)
        CARCI_SET(g, c->used, 0);
}

/* The Count, the final round's players out, the once-a-turn flag and the
 * quarters, into the position hash (not the decisions' scratch words). */
static uint64_t count_mix(const carc_game *g, uint64_t acc)
{
    const carci_coc *c = carci_coc_of(g);
    uint32_t np = CARCI_HDR(g)->players;
    acc = carci_fold(acc, (uint64_t)c->count | (uint64_t)c->out << 16 | (uint64_t)c->used << 32);
    for (uint32_t q = 0; q < 4; q++)
        acc = carci_fold_words(acc, c->city[q], np);
    return carci_fold_words(acc, c->big, np);
}

void carci_count_install(carci_ruleset *rs)
{
    carci_state_reserve(rs, CARCI_SLOT_COUNT, sizeof(carci_coc));
    rs->mod_mix[CARCI_SLOT_COUNT] = count_mix;
    /* the City of Carcassonne takes the start tile's place; with the River
     * the spring is laid beside it */
    rs->lays_start = (rs->modules & CARC_MODULE_RIVER) != 0;
    rs->hooks.turn_end = count_turn_end;
    uint32_t k0 = carci_count_first_kind();
    for (uint32_t k = k0; k < k0 + 12; k++)
        rs->preplaced[k >> 3] |= (uint8_t)(1u << (k & 7));
    rs->hooks.setup = carci_count_setup;
    rs->hooks.before_scoring = count_exits;
    rs->hooks.after_scoring = count_scored;
    rs->hooks.before_final = count_final_round;
    rs->hooks.check_step = count_check;
    rs->hooks.apply_step = count_apply;
    rs->hooks.enum_step = count_enum;
    /* history: per part, exits (each follower came in by an earlier quarter
     * move), a pass per player asked, the quarter and the Count; the final
     * round: an exit per figure and a pass per player; the end */
    rs->hist_extra += rs->ntiles * (rs->players + 3) + CARCI_MAX_FIGS + rs->players + 1;
    /* events: each exit can score one more feature */
    rs->event_extra += rs->ntiles;
}
