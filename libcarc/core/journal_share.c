/* SPDX-License-Identifier: MIT */
/*
 * The undo journal shared with clones. A clone with its history does not
 * copy the entries of the game it is cloned from: it takes links to them
 * (the game's own range, and the links that game had) and a reference to
 * each range's holder, then writes its own entries in its own room. The
 * game cloned from marks its entries up to its end as shared
 * (carci_jhold.shared, raised atomically: clones of one game may be taken
 * by several threads at once) and never writes over them: when an undo
 * takes it back under them, the entries it keeps become a link of its own
 * and it writes on past them.
 *
 * Undo walks back across the links (carci_rollback_links); a unit never
 * splits across two ranges but for entries a unit gains after its start
 * was shared (carc_game_determinize journals into the last unit), which
 * the walk handles too. A holder is freed with its last reference: a game's
 * block outlives the game while clones read its entries.
 */
#include "core/journal.h" /* the prototypes of this file */
#include "core/journal_entries.h"
#include "core/ruleset_ref.h"
#include "core/state.h"
#include "util/alloc.h"
#include <assert.h>

void carci_jhold_init(carci_jhold *h, const carc_allocator *a, void *mem, size_t bytes)
{
    atomic_init(&h->refs, 1u);
    atomic_init(&h->shared, 0u);
    h->alloc = *a;
    h->mem = mem;
    h->bytes = bytes;
    h->keeps = NULL;
    h->up = NULL;
}

static void retain(carci_jhold *h, unsigned n)
{
    atomic_fetch_add_explicit(&h->refs, n, memory_order_relaxed);
}

/* Drop n references to h; with the last, free its memory and drop what it
 * keeps (the holder it pins, or its ruleset). */
static void release_n(carci_jhold *h, unsigned n)
{
    /* all the references are these: nobody else can take one (it would need
     * a game that reads these entries or pins this holder), so no locked
     * subtraction is needed */
    if (atomic_load_explicit(&h->refs, memory_order_acquire) != n &&
        atomic_fetch_sub_explicit(&h->refs, n, memory_order_acq_rel) != n)
        return;
    carci_jhold *up = h->up;     /* h may lie in the memory it frees */
    const carci_ruleset *keeps = h->keeps;
    carc_allocator a = h->alloc;
    carci_free(&a, h->mem, h->bytes);
    if (up)
        release_n(up, 1); /* a pinned holder pins nothing itself: one level */
    else
        carci_ruleset_release(keeps);
}

void carci_jhold_release(carci_jhold *h)
{
    release_n(h, 1);
}

void carci_jhold_keep(carci_jhold *own, const carci_ruleset *rs, const carc_game *src)
{
    own->keeps = rs;
    own->up = NULL;
    if (!src)
        return;
    if (src->own.keeps == rs)
        own->up = src->own.up ? src->own.up : (carci_jhold *)&src->own;
    else
        carci_ruleset_retain(rs); /* src's holder keeps another ruleset (rs_extra) */
}

void carci_jhold_pin(carci_jhold *own)
{
    if (own->up)
        retain(own->up, 1);
}

/* The holder of a room apart, and its entries after it. */
#define HOLD_BYTES ((sizeof(carci_jhold) + 15u) & ~(size_t)15u)

carc_status carci_journal_move(carc_game *g, size_t cap)
{
    size_t live = g->trail_len - g->wstart;
    size_t bytes = HOLD_BYTES + cap * sizeof(uint32_t);
    char *mem = carci_alloc(&g->alloc, bytes);
    if (!mem)
        return CARC_ENOMEM;
    carci_jhold *h = (carci_jhold *)(void *)mem;
    carci_jhold_init(h, &g->alloc, mem, bytes);
    uint32_t *e = (uint32_t *)(void *)(mem + HOLD_BYTES);
    if (live)
        memcpy(e, g->trail + g->wstart, live * sizeof *e);
    /* the game's own block keeps its holder for the game's life */
    if (g->jh != &g->own)
        carci_jhold_release(g->jh);
    g->jh = h;
    g->vdelta += (uint32_t)g->wstart;
    g->trail = e;
    g->trail_len = live;
    g->trail_cap = cap;
    g->wstart = 0;
    return CARC_OK;
}

bool carci_journal_share(carc_game *dst, const carc_game *src)
{
    size_t own = src->trail_len - src->wstart;
    uint32_t n = src->n_links + (own != 0);
    /* an open tile choice may gain entries in the clone: its unit must lie
     * in one game's room (copied whole instead) */
    if (src->unit_open || n > CARCI_JLINKS)
        return false;
    /* the reference of dst's pin goes with a link's to the same holder */
    carci_jhold *pin = dst->own.up;
    for (uint32_t i = 0; i < src->n_links; i++) {
        carci_jhold *h = src->links[i].h;
        dst->links[i] = src->links[i];
        retain(h, 1u + (h == pin));
        pin = h == pin ? NULL : pin;
    }
    if (own) {
        carci_jhold *h = src->jh;
        retain(h, 1u + (h == pin));
        pin = h == pin ? NULL : pin;
        unsigned want = (unsigned)src->trail_len, cur = atomic_load_explicit(&h->shared, memory_order_relaxed);
        while (cur < want &&
               !atomic_compare_exchange_weak_explicit(&h->shared, &cur, want, memory_order_relaxed,
                                                      memory_order_relaxed))
            ;
        dst->links[src->n_links] = (carci_jlink){ h, src->trail + src->wstart, (uint32_t)own };
    }
    if (pin)
        retain(pin, 1);
    dst->n_links = n;
    dst->wstart = dst->trail_len = 0;
    dst->vdelta = carci_jpos(src);
    return true;
}

void carci_journal_flatten(uint32_t *out, const carc_game *src)
{
    for (uint32_t i = 0; i < src->n_links; i++) {
        memcpy(out, src->links[i].e, src->links[i].n * sizeof *out);
        out += src->links[i].n;
    }
    memcpy(out, src->trail + src->wstart, (src->trail_len - src->wstart) * sizeof *out);
}

static void drop_links(carc_game *g)
{
    while (g->n_links)
        carci_jhold_release(g->links[--g->n_links].h);
}

void carci_journal_release(carc_game *g)
{
    carci_jhold *own = &g->own;
    /* the own holder goes now (no clone reads it): the pin's reference
     * goes with a link's to the same holder */
    if (own->up && atomic_load_explicit(&own->refs, memory_order_acquire) == 1u) {
        for (uint32_t i = 0; i < g->n_links; i++)
            if (g->links[i].h == own->up) {
                own->up = NULL;
                own->keeps = NULL;
                release_n(g->links[i].h, 2);
                g->links[i] = g->links[--g->n_links];
                break;
            }
    }
    drop_links(g);
    if (g->jh != own)
        carci_jhold_release(g->jh);
    carci_jhold_release(own); /* the block, the game in it */
}

void carci_journal_clear(carc_game *g)
{
    drop_links(g);
    g->wstart = g->trail_len = carci_journal_free_from(g);
    g->vdelta = 0u - (uint32_t)g->wstart;
    g->n_marks = 0;
    g->unit_open = false;
}

void carci_rollback_links(carc_game *g, uint32_t mark)
{
    /* the game's own entries all lie past the unit's start */
    carci_restore(g->st, g->trail, g->trail_len, g->wstart);
    uint32_t end = (uint32_t)g->wstart + g->vdelta;
    while (g->n_links) {
        carci_jlink *l = &g->links[g->n_links - 1];
        uint32_t base = end - l->n;
        if (mark >= base) {
            uint32_t at = mark - base;
            carci_restore_unit(g->st, l->e, l->n, at);
            l->n = at;
            if (!at)
                carci_jhold_release(g->links[--g->n_links].h);
            break;
        }
        carci_restore(g->st, l->e, l->n, 0);
        carci_jhold_release(g->links[--g->n_links].h);
        end = base;
    }
    /* the own room is free past what others read: the journal goes on
     * there, at the unit's start */
    g->wstart = g->trail_len = carci_journal_free_from(g);
    g->vdelta = mark - (uint32_t)g->wstart;
}

/* After a rollback under the entries clones read: the game's own entries
 * left become a link to its own room, and it writes on past the shared
 * ones. A link is always free here: the last clone that raised `shared`
 * found one for itself (n_links + 1 <= CARCI_JLINKS), and since then the
 * links can only have grown by a rollback like this one, which leaves
 * nothing under `shared` to roll back into again. */
void carci_unshare(carc_game *g)
{
    size_t shared = carci_journal_free_from(g), keep = g->trail_len - g->wstart;
    uint32_t pos = carci_jpos(g);
    assert(g->n_links < CARCI_JLINKS);
    if (keep) {
        retain(g->jh, 1);
        g->links[g->n_links++] = (carci_jlink){ g->jh, g->trail + g->wstart, (uint32_t)keep };
    }
    g->wstart = g->trail_len = shared;
    g->vdelta = pos - (uint32_t)shared;
}
