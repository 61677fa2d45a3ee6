/* SPDX-License-Identifier: MIT */
/*
 * Playouts inside the library (carc_playout_*): a game played to its end by
 * a built-in policy, one call from any language. The runner owns its scratch
 * space (the game played, a game to try moves on, a move list), sized when
 * it is made and reused, so a playout does not allocate.
 *
 * RANDOM picks uniformly from the whole legal list of the pending decision
 * (placement with figure action, passes, the Count's decisions alike; the
 * rotations that give an identical tile once: fewer moves to list, and no
 * tile shape favoured for its symmetry), for a place decision by rejection
 * sampling over the placements (choose_random_place), which lists the
 * figure actions of one placement instead of all.
 * IMMEDIATE tries every legal move on the trial game (an undo unit each:
 * play, read the scores, roll back) and keeps the best gain; its ties are
 * broken uniformly (one draw from the generator per tie seen).
 */
#include "core/board.h"
#include "core/enumerate.h"
#include "core/journal.h"
#include "core/play.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/abi.h"
#include "util/alloc.h"
#include "util/mix.h"

struct carc_playout {
    carc_allocator alloc;
    carc_game *work;      /* the game a playout plays */
    carc_game *trial;     /* IMMEDIATE: a copy of the position, moves tried on it */
    carc_movelist list;   /* the legal moves of the pending decision */
    bool played;          /* `work` holds the end of a playout */
};

static void free_list(carc_movelist *l)
{
    carci_free(&l->alloc, l->moves, l->cap * sizeof *l->moves);
    l->moves = NULL;
    l->cap = 0;
}

void carc_playout_free(carc_playout *p)
{
    if (!p)
        return;
    carc_allocator a = p->alloc;
    carc_game_free(p->work);
    carc_game_free(p->trial);
    free_list(&p->list);
    carci_free(&a, p, sizeof *p);
}

/* `dst` becomes a copy of `src` that journals nothing (journal true: a
 * journal of its own, empty, with room for one unit at a time). */
static carc_status take_position(carc_game *dst, const carc_game *src, bool journal)
{
    carc_status s = carc_game_copy(dst, src, CARC_CLONE_NO_HISTORY);
    if (s != CARC_OK)
        return s;
    /* a tile choice open in src is part of the position here, not an undo
     * unit: nothing of src's journal is kept */
    carci_journal_clear(dst);
    dst->no_journal = !journal;
    return journal ? carci_journal_reserve(dst, dst->rs->unit_reserve) : CARC_OK;
}

carc_status carc_playout_new(carc_playout **out, const carc_game *like)
{
    if (out)
        *out = NULL;
    CARCI_CHECK(out && like);
    carc_playout *p = carci_alloc(&like->alloc, sizeof *p);
    if (!p)
        return CARC_ENOMEM;
    memset(p, 0, sizeof *p);
    p->alloc = like->alloc;
    p->list.alloc = like->alloc;
    carc_status s = carc_game_clone(&p->work, like, CARC_CLONE_NO_HISTORY);
    if (s == CARC_OK)
        s = carc_game_clone(&p->trial, like, CARC_CLONE_NO_HISTORY);
    if (s == CARC_OK)
        s = take_position(p->trial, like, true); /* sizes its journal */
    /* room for every answer to a decision of this ruleset: the most
     * placements of a tile, each with every figure action */
    if (s == CARC_OK && !carci_movelist_reserve(&p->list, 4 * (size_t)like->rs->front_cap *
                                                              (like->rs->max_actions + 1) + 1))
        s = CARC_ENOMEM;
    if (s != CARC_OK) {
        carc_playout_free(p);
        return s;
    }
    *out = p;
    return CARC_OK;
}

/* The gain of the move the trial game was just played with, for `mover`:
 * its points less the most another player gained. */
static int32_t gain(const carc_game *t, const int16_t *before, uint32_t mover)
{
    const carci_hdr *h = CARCI_HDR(t);
    int32_t own = h->score[mover] - before[mover], other = 0;
    for (uint32_t i = 0; i < h->players; i++)
        if (i != mover && h->score[i] - before[i] > other)
            other = h->score[i] - before[i];
    return own - other;
}

static carc_status choose_immediate(carc_move *out, carc_playout *p, const carc_game *g, uint64_t *rng)
{
    const carc_move *mv = p->list.moves;
    size_t n = p->list.n;
    if (n == 1) {
        *out = mv[0];
        return CARC_OK;
    }
    carc_status s = take_position(p->trial, g, true);
    if (s != CARC_OK)
        return s;
    carc_game *t = p->trial;
    const carci_hdr *h = CARCI_HDR(t);
    int16_t before[CARCI_MAX_PLAYERS + 1];
    memcpy(before, h->score, sizeof before);
    uint32_t mover = h->step ? (uint32_t)(h->step >> 4) : h->cur;
    int32_t best = INT32_MIN;
    uint32_t ties = 0;
    size_t pick = 0;
    for (size_t i = 0; i < n; i++) {
        carci_unit_begin(t); /* cannot fail: take_position reserved one unit */
        carci_play_legal(t, &mv[i], CARCI_NONE32);
        int32_t v = gain(t, before, mover);
        carci_unit_rollback(t);
        if (v > best) {
            best = v;
            ties = 1;
            pick = i;
        } else if (v == best && carci_uniform(rng, ++ties) == 0) {
            pick = i; /* each of the `ties` best so far kept with chance 1/ties */
        }
    }
    *out = mv[pick];
    return CARC_OK;
}

/* RANDOM for a place decision, without listing every figure action of
 * every placement (most of the cost of the whole list): rejection sampling.
 * Each placement gets `w` slots, w at least its number of figure actions
 * (no figure, each figure in supply on each segment its rules allow, the
 * recall), and an optional decision's pass one more placement-sized group
 * of which only the first slot counts. A slot drawn uniformly is the move
 * it names, or, past the placement's actions, drawn again: each legal move
 * is then equally likely, as in the whole list. Only the drawn placement's
 * actions are listed (after the placements, in p->list). */
static carc_status choose_random_place(carc_move *out, carc_playout *p, const carc_game *g, uint64_t *rng)
{
    const carci_hdr *h = CARCI_HDR(g);
    const carci_ruleset *rs = g->rs;
    carc_movelist *l = &p->list;
    uint32_t kind = CARCI_BAG(g)[carci_current_index(g)], cur = h->cur;
    l->n = 0;
    carc_status s = carci_enum_placements(l, g, kind, CARC_ENUM_UNIQUE_ROTATIONS);
    if (s != CARC_OK)
        return s;
    size_t np = l->n;
    if (np == 0 || !carci_movelist_reserve(l, np + rs->max_actions))
        return np ? CARC_ENOMEM : CARC_EGAME_OVER; /* not over: a current tile has a placement */
    uint32_t w = 1;
    if (h->supply[cur])
        w += carci_popcount16(rs->eligible[CARC_FIGURE_FOLLOWER][kind]);
    for (unsigned fs = h->specials[cur] & rs->specials; fs; fs &= fs - 1)
        w += carci_popcount16(rs->eligible[(unsigned)__builtin_ctz(fs)][kind]);
    w += ((unsigned)(rs->specials & ~h->specials[cur]) >> CARC_FIGURE_ABBOT) & 1u; /* the recall */
    bool pass = h->part2 != 0; /* the builder's second tile may be declined (carci_pending) */
    uint32_t groups = (uint32_t)np + pass;
    for (;;) {
        uint32_t r = carci_uniform(rng, groups * w), grp = r / w, k = r % w;
        if (grp == np) { /* the pass */
            if (k)
                continue;
            memset(out, 0, sizeof *out);
            out->kind = CARC_MOVE_PASS;
            out->segment = CARC_NO_SEGMENT;
            return CARC_OK;
        }
        carc_move pl = l->moves[grp];
        l->n = np;
        carci_enum_figures(l, g, &pl, carci_front_index(g, pl.x, pl.y));
        if (k < l->n - np) {
            *out = l->moves[np + k];
            return CARC_OK;
        }
    }
}

/* The policy's move (IMMEDIATE: from the legal list, in p->list). */
static carc_status choose(carc_move *out, carc_playout *p, const carc_game *g, uint32_t policy, uint64_t *rng)
{
    if (policy == CARC_POLICY_RANDOM && !CARCI_HDR(g)->step)
        return choose_random_place(out, p, g, rng);
    carc_status s = carci_enum_legal(&p->list, g, CARC_ENUM_UNIQUE_ROTATIONS);
    if (s != CARC_OK)
        return s;
    if (p->list.n == 0)
        return CARC_EGAME_OVER; /* cannot happen: a game not over has a legal answer */
    if (policy == CARC_POLICY_IMMEDIATE)
        return choose_immediate(out, p, g, rng);
    *out = p->list.moves[p->list.n == 1 ? 0 : carci_uniform(rng, (uint32_t)p->list.n)];
    return CARC_OK;
}

carc_status carc_playout_choose(carc_move *out, carc_playout *p, const carc_game *g, uint32_t policy, uint64_t *rng)
{
    CARCI_CHECK(out && p && g && rng && policy <= CARC_POLICY_IMMEDIATE);
    if (CARCI_HDR(g)->over)
        return CARC_EGAME_OVER;
    return choose(out, p, g, policy, rng);
}

carc_status carc_playout_run(carc_playout *p, const carc_game *g, uint32_t policy, uint64_t seed, int32_t *scores,
                             size_t n, uint32_t *moves)
{
    CARCI_CHECK(p && g && policy <= CARC_POLICY_IMMEDIATE && (scores || n == 0));
    uint32_t players = CARCI_HDR(g)->players;
    if (scores && n < players)
        return CARC_ERANGE;
    p->played = false;
    carc_status s = take_position(p->work, g, false);
    if (s != CARC_OK)
        return s;
    carc_game *w = p->work;
    uint64_t rng = seed;
    uint32_t count = 0;
    while (!CARCI_HDR(w)->over) {
        carc_move m;
        s = choose(&m, p, w, policy, &rng);
        if (s != CARC_OK)
            return s;
        carci_play_legal(w, &m, CARCI_NONE32);
        count++;
    }
    p->played = true;
    for (uint32_t i = 0; scores && i < players; i++)
        scores[i] = CARCI_HDR(w)->score[i];
    if (moves)
        *moves = count;
    return CARC_OK;
}

const carc_game *carc_playout_game(const carc_playout *p)
{
    return p && p->played ? p->work : NULL;
}
