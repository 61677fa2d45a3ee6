/* SPDX-License-Identifier: MIT */
/*
 * engine.properties (properties.h): the legal moves. Enumeration = check:
 * a sorted copy of the list for membership, every candidate move around
 * the board, random variants of listed moves. And the random choice of the
 * move to play.
 */
#include "properties.h"

static int move_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(carc_move));
}

void sorted_fill(sorted *s, const carc_movelist *l)
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

bool sorted_has(const sorted *s, const carc_move *m)
{
    return s->n && bsearch(m, s->m, s->n, sizeof *m, move_cmp) != NULL;
}

/* ------------------------------------------------------------ queries */

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
void check_enumeration_complete(const carc_game *g, const sorted *all)
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
    carc_move pass = tu_pass_move();
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

/* Random variants of listed moves: accepted iff listed, and play agrees. */
void check_variants(carc_game *g, const sorted *all, uint64_t *rng, unsigned count)
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

/* A random answer to a decision of the Count: a pass a quarter of the time,
 * else any listed move. */
carc_move pick_count_move(const carc_movelist *ml, uint64_t *rng)
{
    const carc_move *d = carc_movelist_data(ml);
    size_t n = carc_movelist_count(ml);
    if (n == 1 || tu_rand(rng) % 5 == 0)
        return d[n - 1];
    return d[tu_rand(rng) % (n - 1)];
}

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

/* A move to play: uniform, but the abbot's, the big follower's, the
 * builder's and the pig's moves now and then (so that they get placed, and
 * the abbot recalled, often), and a third of the second tiles declined. */
carc_move pick_move_for(const carc_movelist *ml, uint64_t *rng, uint32_t modules)
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

carc_move pick_move(const carc_movelist *ml, uint64_t *rng)
{
    return pick_move_for(ml, rng, 0);
}
