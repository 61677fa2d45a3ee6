/* SPDX-License-Identifier: MIT */
/*
 * The ruleset's reference count: a ruleset is shared by the games of its
 * options (through their blocks' holders, core/journal_share.c) and by the
 * cache of the last one built (ruleset_cache.c); the last reference frees
 * it and its set-up state.
 */
#include "core/ruleset_ref.h"
#include "core/state.h"
#include "util/alloc.h"

void carci_ruleset_retain(const carci_ruleset *rs)
{
    atomic_fetch_add_explicit(&((carci_ruleset *)rs)->refs, 1u, memory_order_relaxed);
}

void carci_ruleset_release(const carci_ruleset *rs)
{
    if (!rs)
        return;
    carci_ruleset *m = (carci_ruleset *)rs;
    if (atomic_fetch_sub_explicit(&m->refs, 1u, memory_order_acq_rel) == 1u) {
        carc_allocator a = m->alloc;
        carci_free(&a, m->init, (size_t)m->off_event * sizeof(uint16_t));
        carci_free(&a, m, sizeof(carci_ruleset));
    }
}
