/* SPDX-License-Identifier: MIT */
/*
 * Game life cycle: create (copy the ruleset's set-up state, deal the tiles
 * from the seed), free, clone, copy.
 */
#include "core/game.h"
#include "core/board.h"
#include "core/hooks.h"
#include "core/journal.h"
#include "core/last_error.h"
#include "core/play.h"
#include "core/ruleset.h"
#include "core/state.h"
#include "util/alloc.h"
#include "util/mix.h"
#include <stddef.h>

static size_t round16(size_t n)
{
    return (n + 15u) & ~(size_t)15u;
}

/* A game in one allocation: the struct, then the journal (trail_n entries
 * and marks_n marks), the state block and the history's room. */
static carc_status alloc_game(carc_game **out, const carci_ruleset *rs, const carc_allocator *a, size_t trail_n,
                              uint32_t marks_n)
{
    size_t o_trail = round16(sizeof(carc_game));
    size_t o_marks = round16(o_trail + trail_n * sizeof(uint32_t));
    size_t o_st = round16(o_marks + marks_n * sizeof(uint32_t));
    size_t o_hist = round16(o_st + rs->state_words * sizeof(uint16_t));
    size_t bytes = o_hist + rs->hist_cap * sizeof(carci_hist);
    char *block = carci_alloc(a, bytes);
    if (!block)
        return CARC_ENOMEM;
    carc_game *g = (carc_game *)(void *)block;
    /* every field but the error text, which only needs its end */
    memset(g, 0, offsetof(carc_game, err));
    g->err[0] = '\0';
    g->alloc = *a;
    g->trail = (uint32_t *)(void *)(block + o_trail);
    g->trail_cap = trail_n;
    carci_jhold_init(&g->own, a, block, bytes);
    g->jh = &g->own;
    g->marks = (uint32_t *)(void *)(block + o_marks);
    g->marks_cap = marks_n;
    g->st = (uint16_t *)(void *)(block + o_st);
    g->hist = (carci_hist *)(void *)(block + o_hist);
    g->hist_cap = rs->hist_cap;
    g->rs = rs;
    *out = g;
    return CARC_OK;
}

/* A part's memory when it lies apart from the game's block (else nothing). */
static void free_part(carc_game *g, void *p, unsigned bit, size_t bytes)
{
    if (g->apart & bit)
        carci_free(&g->alloc, p, bytes);
}

/* The block itself goes with its journal holder's last reference: clones
 * may still read the entries in it. */
static void free_game(carc_game *g)
{
    free_part(g, g->marks, CARCI_APART_MARKS, g->marks_cap * sizeof *g->marks);
    free_part(g, g->hist, CARCI_APART_HIST, g->hist_cap * sizeof *g->hist);
    free_part(g, g->st, CARCI_APART_ST, g->rs->state_words * sizeof(uint16_t));
    carci_ruleset_release(g->rs_extra);
    carci_journal_release(g);
}

/* The options a caller gave, as the current version: a version 1 struct has
 * no variants. */
carc_status carci_options_read(carc_game_options *out, const carc_game_options *in)
{
    if (in->version != 1 && in->version != CARC_GAME_OPTIONS_VERSION)
        return CARC_EVERSION;
    carc_game_options d = CARC_GAME_OPTIONS_INIT;
    memcpy(&d, in, in->version == 1 ? offsetof(carc_game_options, variants) : sizeof d);
    d.version = CARC_GAME_OPTIONS_VERSION;
    *out = d;
    return CARC_OK;
}

carc_status carc_game_options_init(carc_game_options *opts, uint32_t version)
{
    if (!opts)
        return CARC_EINVAL;
    if (version != 1 && version != CARC_GAME_OPTIONS_VERSION)
        return CARC_EVERSION;
    carc_game_options d = CARC_GAME_OPTIONS_INIT;
    d.version = version;
    /* a version 1 struct ends before `variants` */
    memcpy(opts, &d, version == 1 ? offsetof(carc_game_options, variants) : sizeof d);
    return CARC_OK;
}

static void copy_state(uint16_t *dst, const carci_ruleset *rs, const uint16_t *st);

carc_status carci_game_new(carc_game **out, const carc_game_options *opts, const carci_rules *rules)
{
    if (out)
        *out = NULL;
    if (!out || !opts)
        return CARC_EINVAL;
    carc_game_options o;
    carc_status s = carci_options_read(&o, opts);
    if (s != CARC_OK)
        return s;
    opts = &o;
    if (opts->flags & ~(uint32_t)CARC_GAME_NO_UNDO)
        return CARC_EINVAL;
    const carc_allocator *a = opts->allocator ? opts->allocator : &carci_default_allocator;
    if (!a->alloc || !a->realloc || !a->free)
        return CARC_EINVAL;

    /* games of the same options but for the seed share one ruleset: the last
     * one built with the default allocator is kept for the next game */
    bool cacheable = a == &carci_default_allocator;
    const carci_ruleset *rs = cacheable ? carci_ruleset_take(opts, rules) : NULL;
    if (!rs) {
        s = carci_ruleset_new(&rs, opts, a, rules);
        if (s != CARC_OK)
            return s;
    }
    if (cacheable)
        carci_ruleset_keep(rs);
    carc_game *g;
    bool undo = !(rs->flags & CARC_GAME_NO_UNDO);
    /* journal room for a whole game: no allocation while it is played */
    s = alloc_game(&g, rs, a, undo ? rs->unit_reserve + 96u * (size_t)rs->ntiles : 0, undo ? rs->ntiles + 8 : 0);
    if (s != CARC_OK) {
        carci_ruleset_release(rs);
        return s;
    }
    carci_jhold_keep(&g->own, rs, NULL); /* the reference taken above */
    /* the board as the set-up leaves it and the pile in catalogue order
     * (the ruleset's, built once), then the pile shuffled by the seed */
    copy_state(g->st, rs, rs->init);
    uint16_t *bag = CARCI_BAG(g);
    uint32_t n = CARCI_HDR(g)->n_bag;
    g->seed = opts->seed;
    uint64_t rng = opts->seed;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = carci_uniform(&rng, i);
        uint16_t tmp = bag[i - 1];
        bag[i - 1] = bag[j];
        bag[j] = tmp;
    }
    if (rs->hooks.deal)
        rs->hooks.deal(rs, bag, n);
    g->no_journal = !undo;
    carci_advance(g);
    g->trail_len = 0;
    *out = g;
    return CARC_OK;
}


void carc_game_free(carc_game *game)
{
    if (game)
        free_game(game);
}

static bool grow_caps(carc_game *g, size_t trail_n, uint32_t marks_n);

/* Journal entries of a tile choice still open in src (they belong to the turn
 * being played, so even a copy without history keeps them: a new choice on
 * the copy then replaces that one, as on the original). The open unit lies
 * in src's own entries (carci_journal_share never shares it). */
static size_t pending_entries(const carc_game *src)
{
    return src->unit_open ? carci_jpos(src) - src->marks[src->n_marks - 1] : 0;
}

/* dst's journal (with the room trail_target reserved past
 * carci_journal_free_from) becomes src's: shared by reference when dst is
 * a new clone (`fresh`: its journal empty) and src's can be, else copied;
 * with CARC_CLONE_NO_HISTORY only the open choice. Whether it was shared
 * (which took the reference of a new clone's pin, carci_jhold_keep). */
static bool copy_journal(carc_game *dst, const carc_game *src, uint32_t flags, bool fresh)
{
    dst->no_journal = src->no_journal;
    if (!fresh)
        carci_journal_clear(dst);
    dst->unit_open = src->unit_open;
    if (src->no_journal)
        return false;
    if (flags & CARC_CLONE_NO_HISTORY) {
        size_t n = pending_entries(src);
        if (n)
            memcpy(dst->trail + dst->wstart, src->trail + (src->trail_len - n), n * sizeof *src->trail);
        dst->trail_len += n;
        dst->n_marks = n || src->unit_open ? 1 : 0;
        if (dst->n_marks)
            dst->marks[0] = 0;
        return false;
    }
    bool shared = fresh && carci_journal_share(dst, src);
    if (!shared) {
        carci_journal_flatten(dst->trail + dst->wstart, src);
        dst->trail_len += carci_jpos(src);
    }
    if (src->n_marks)
        memcpy(dst->marks, src->marks, src->n_marks * sizeof *src->marks);
    dst->n_marks = src->n_marks;
    return shared;
}

/* Journal room for the rest of the game, as a fresh game has: what src's
 * journal holds too when it is copied (a clone may share it instead, but
 * may also find it cannot: a tile choice open, too many links). */
static size_t trail_target(const carc_game *src, uint32_t flags)
{
    if (src->no_journal)
        return 0;
    size_t t = carci_journal_rest(src);
    return t + ((flags & CARC_CLONE_NO_HISTORY) ? pending_entries(src) : carci_jpos(src));
}

static uint32_t marks_target(const carc_game *src)
{
    if (src->no_journal)
        return 0;
    return src->rs->ntiles + 8 > src->n_marks ? src->rs->ntiles + 8 : src->n_marks;
}

static bool same_allocator(const carc_allocator *a, const carc_allocator *b)
{
    return a->alloc == b->alloc && a->realloc == b->realloc && a->free == b->free && a->ud == b->ud;
}

/* The ruleset dst should use to copy src: src's own when both use the same
 * allocator, else a duplicate owned by dst's allocator (a game never holds
 * memory of another game's allocator). */
static carc_status ruleset_for(const carci_ruleset **out, const carc_game *dst, const carc_game *src)
{
    *out = src->rs;
    if (dst->rs == src->rs)
        return CARC_OK; /* dst keeps it already */
    if (same_allocator(&dst->alloc, &src->rs->alloc)) {
        carci_ruleset_retain(src->rs);
        return CARC_OK;
    }
    size_t sz = sizeof(carci_ruleset);
    carci_ruleset *rs = carci_alloc(&dst->alloc, sz);
    if (!rs)
        return CARC_ENOMEM;
    memcpy(rs, src->rs, sz);
    /* and its own copy of the set-up state, from dst's allocator too */
    size_t init_bytes = (size_t)rs->off_event * sizeof(uint16_t);
    rs->init = carci_alloc(&dst->alloc, init_bytes);
    if (!rs->init) {
        carci_free(&dst->alloc, rs, sz);
        return CARC_ENOMEM;
    }
    memcpy(rs->init, src->rs->init, init_bytes);
    atomic_init(&rs->refs, 1u);
    rs->alloc = dst->alloc;
    *out = rs;
    return CARC_OK;
}

/* State st (of ruleset rs: a game's, or the set-up state rs->init) into
 * dst's block of the same layout: the header and the
 * arrays in full but for the ones that only grow during play (placed tiles,
 * monasteries, nodes, events), copied up to their live counts (nothing reads
 * past them, CARCI_INIT). The figures and the frontier also shrink: a slot
 * past their count may hold what an undo brings back, so the figures go
 * whole and the frontier up to the most cells it can have held in any state
 * the copy can undo back to (carci_front_bound). */
static void copy_state(uint16_t *dst, const carci_ruleset *rs, const uint16_t *st)
{
    const carci_hdr *h = (const carci_hdr *)(const void *)st;
    size_t placed = rs->off_placed + (size_t)h->n_placed * (sizeof(carci_placed) / 2);
    size_t mon = rs->off_mon + (size_t)h->n_mon * (sizeof(carci_mon) / 2);
    size_t node = rs->off_node + (size_t)h->n_nodes * (sizeof(carci_node) / 2);
    size_t event = rs->off_event + (size_t)h->n_events * (sizeof(carci_ev) / 2);
    memcpy(dst, st, placed * sizeof *st);
    size_t front = carci_front_bound(h->n_placed, rs->front_cap);
    memcpy(dst + rs->off_hash, st + rs->off_hash, (rs->off_fslot + front - rs->off_hash) * sizeof *st);
    memcpy(dst + rs->off_fnm, st + rs->off_fnm, front * sizeof *st);
    memcpy(dst + rs->off_fnb, st + rs->off_fnb, 2 * front * sizeof *st);
    memcpy(dst + rs->off_mon, st + rs->off_mon, (mon - rs->off_mon) * sizeof *st);
    memcpy(dst + rs->off_node, st + rs->off_node, (node - rs->off_node) * sizeof *st);
    memcpy(dst + rs->off_fig, st + rs->off_fig, (event - rs->off_fig) * sizeof *st);
}

/* The last error text, up to its end (always NUL-terminated: the bytes
 * past it are never read). */
static void copy_err(carc_game *dst, const carc_game *src)
{
    if (src->err[0]) /* mostly empty: no call then */
        memcpy(dst->err, src->err, strlen(src->err) + 1);
    else
        dst->err[0] = '\0';
}

carc_status carc_game_clone(carc_game **out, const carc_game *game, uint32_t flags)
{
    if (out)
        *out = NULL;
    if (!out || !game || (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY))
        return CARC_EINVAL;
    carc_game *g;
    carc_status s = alloc_game(&g, game->rs, &game->alloc, trail_target(game, flags), marks_target(game));
    if (s != CARC_OK)
        return s;
    carci_jhold_keep(&g->own, game->rs, game);
    copy_state(g->st, game->rs, game->st);
    memcpy(g->hist, game->hist, CARCI_HDR(game)->n_hist * sizeof *g->hist);
    if (!copy_journal(g, game, flags, true))
        carci_jhold_pin(&g->own);
    g->seed = game->seed;
    copy_err(g, game);
    *out = g;
    return CARC_OK;
}

/* Room for trail_n entries past those other games read, and marks_n
 * marks; false, and g unchanged, when memory runs out. */
static bool grow_caps(carc_game *g, size_t trail_n, uint32_t marks_n)
{
    if (g->trail_cap - carci_journal_free_from(g) < trail_n) {
        /* the own entries go along, so that g is unchanged on a failure below */
        if (carci_journal_move(g, g->trail_len - g->wstart + trail_n) != CARC_OK)
            return false;
    }
    if (!carci_part_grow(g, (void **)&g->marks, CARCI_APART_MARKS, sizeof *g->marks, g->n_marks, g->marks_cap,
                         marks_n))
        return false;
    if (g->marks_cap < marks_n)
        g->marks_cap = marks_n;
    return true;
}

carc_status carc_game_copy(carc_game *dst, const carc_game *src, uint32_t flags)
{
    if (!dst || !src || (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY))
        return CARC_EINVAL;
    if (dst == src)
        return CARC_OK;
    /* every allocation first (content-preserving, and only when dst lacks the
     * room), so that a failure leaves dst as it was */
    if (!grow_caps(dst, trail_target(src, flags), marks_target(src)))
        return carci_fail(dst, CARC_ENOMEM, "out of memory");
    uint16_t *st = dst->st;
    if (dst->rs->state_words != src->rs->state_words) {
        st = carci_alloc(&dst->alloc, src->rs->state_words * sizeof(uint16_t));
        if (!st)
            return carci_fail(dst, CARC_ENOMEM, "out of memory");
    }
    carci_hist *hist = dst->hist;
    if (dst->hist_cap < src->rs->hist_cap) {
        hist = carci_alloc(&dst->alloc, src->rs->hist_cap * sizeof *hist);
        if (!hist) {
            if (st != dst->st)
                carci_free(&dst->alloc, st, src->rs->state_words * sizeof(uint16_t));
            return carci_fail(dst, CARC_ENOMEM, "out of memory");
        }
    }
    const carci_ruleset *rs;
    if (ruleset_for(&rs, dst, src) != CARC_OK) {
        if (st != dst->st)
            carci_free(&dst->alloc, st, src->rs->state_words * sizeof(uint16_t));
        if (hist != dst->hist)
            carci_free(&dst->alloc, hist, src->rs->hist_cap * sizeof *hist);
        return carci_fail(dst, CARC_ENOMEM, "out of memory");
    }
    /* a part replaced lies apart from the block from now on (the block's
     * room for it stays unused until the game is freed) */
    if (st != dst->st) {
        free_part(dst, dst->st, CARCI_APART_ST, dst->rs->state_words * sizeof(uint16_t));
        dst->st = st;
        dst->apart |= CARCI_APART_ST;
    }
    if (hist != dst->hist) {
        free_part(dst, dst->hist, CARCI_APART_HIST, dst->hist_cap * sizeof *hist);
        dst->hist = hist;
        dst->hist_cap = src->rs->hist_cap;
        dst->apart |= CARCI_APART_HIST;
    }
    if (rs != dst->rs) {
        /* dst's own holder keeps its first ruleset (its clones may use it) */
        carci_ruleset_release(dst->rs_extra);
        dst->rs_extra = NULL;
        if (rs == dst->own.keeps)
            carci_ruleset_release(rs);
        else
            dst->rs_extra = rs;
        dst->rs = rs;
    }
    copy_state(dst->st, src->rs, src->st);
    memcpy(dst->hist, src->hist, CARCI_HDR(src)->n_hist * sizeof *dst->hist);
    copy_journal(dst, src, flags, false);
    dst->seed = src->seed;
    copy_err(dst, src);
    return CARC_OK;
}
