/* SPDX-License-Identifier: MIT */
/*
 * The last ruleset built with the default allocator, kept for the next game
 * of the same options (the seed aside): a program that creates game after
 * game (a benchmark, a tournament, self-play) builds its ruleset once.
 * Rulesets are immutable and reference-counted, so one slot swapped
 * atomically is all the sharing needs: a thread that finds the slot empty
 * or holding other options builds its own. The slot's reference is dropped
 * when the library is unloaded.
 */
#include "core/hooks.h"
#include "core/ruleset.h"
#include "core/state.h"

static _Atomic(const carci_ruleset *) last;

const carci_ruleset *carci_ruleset_take(const carc_game_options *o, const carci_rules *rules)
{
    const carci_ruleset *rs = atomic_exchange_explicit(&last, NULL, memory_order_acquire);
    if (rs && !carci_ruleset_matches(rs, o, rules)) {
        carci_ruleset_release(rs);
        rs = NULL;
    }
    return rs;
}

void carci_ruleset_keep(const carci_ruleset *rs)
{
    carci_ruleset_retain(rs);
    carci_ruleset_release(atomic_exchange_explicit(&last, rs, memory_order_acq_rel));
}

#if defined(__GNUC__)
__attribute__((destructor)) static void drop_last(void)
{
    carci_ruleset_release(atomic_exchange_explicit(&last, NULL, memory_order_acquire));
}
#endif
