/* SPDX-License-Identifier: MIT */
/*
 * Building a ruleset (ruleset.c; the struct is core/state.h's): the options
 * checked, the per-kind tables derived from the catalogue, the layout of
 * the state block and the set-up state of a new game; shared by reference
 * count, and the last one built kept for the next game (ruleset_cache.c).
 * Never installed.
 */
#ifndef CARCI_CORE_RULESET_H
#define CARCI_CORE_RULESET_H

#include "core/ruleset_ref.h" /* retain, release */
#include "core/state.h"

carc_status carci_options_check(const carc_game_options *o, const carci_rules *rules, char *err, size_t cap);
/* The same, with the tile counts of the options' modules (carci_tile_counts) already at hand. */
carc_status carci_options_check_counts(const carc_game_options *o, const uint8_t *copies, const carci_rules *rules,
                                      char *err, size_t cap);
carc_status carci_ruleset_new(const carci_ruleset **out, const carc_game_options *o, const carc_allocator *a,
                              const carci_rules *rules);
/* Whether rs was built from options equal to o but for the seed. */
bool carci_ruleset_matches(const carci_ruleset *rs, const carc_game_options *o, const carci_rules *rules);
/* A module's install reserves `bytes` of state in its slot, laid out after
 * the header (all zero in a new game until its set-up hooks write them). */
void carci_state_reserve(carci_ruleset *rs, uint32_t slot, size_t bytes);
/* ---- the last ruleset built with the default allocator (ruleset_cache.c) */
const carci_ruleset *carci_ruleset_take(const carc_game_options *o, const carci_rules *rules); /* or NULL */
void carci_ruleset_keep(const carci_ruleset *rs);

/* ---- per-kind tables derived from the catalogue (core/kinds.h) -------- */
void carci_derive_kind(carci_kindinfo *k, const carci_tiledef *t);
void carci_print_kinds(void *file); /* a FILE *: the C source of carci_kinds */
uint8_t carci_derive_unique_rot(const carci_tiledef *t);

#endif
