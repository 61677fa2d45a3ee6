/* SPDX-License-Identifier: MIT */
/*
 * engine.properties (properties.h): the Count of Carcassonne (docs/rules.md
 * 8, rulings C-1..C-20) followed independently from the API through a game
 * (count_track): the quarters, who is asked what and when, the legal
 * answers of each decision, the final round.
 */
#include "properties.h"

count_stats cst;

/* The segment kind each quarter's followers leave for (docs/rules.md 8.3):
 * castle -> cities, market -> fields, blacksmith -> roads, cathedral ->
 * monasteries (never gardens). */
static const uint32_t QUARTER_KIND[4] = { CARC_SEG_CITY, CARC_SEG_FIELD, CARC_SEG_ROAD, CARC_SEG_MONASTERY };

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
        uint32_t nseg = tu_board_tile(g, i, &t);
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

void track_start(count_track *t, const carc_game *g, uint32_t players, uint32_t modules, uint32_t variants)
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
void count_after(const carc_game *g, count_track *t, const carc_move *m, uint32_t d, bool final,
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
void check_count_legal(const carc_game *g, const count_track *t, const carc_movelist *ml,
                       const carc_pending *pd)
{
    size_t n = carc_movelist_count(ml);
    const carc_move *d = carc_movelist_data(ml);
    assert_true(n >= 1);
    carc_move pass = tu_pass_move();
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
void count_variants(carc_game *g, const count_track *t, const sorted *all, const carc_pending *pd,
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
void check_exits_complete(const carc_game *g, const count_track *t, const carc_pending *pd)
{
    static target tg[4096];
    uint32_t nt = exit_targets(g, t, pd->player, (pd->flags & CARC_PENDING_FINAL) != 0, tg, 4096), ntiles = 0;
    assert_int_equal(carc_game_tile_count(&ntiles, g), CARC_OK);
    uint32_t accepted = 0;
    for (uint32_t i = 0; i < ntiles; i++) {
        carc_move tile;
        uint32_t nseg = tu_board_tile(g, i, &tile);
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
