/*
 * White-box comparison of two game states: the header, the draw pile, the
 * hash of cells, and the live part of every array (slots past a live count
 * are dead: the engine rewrites them before reading them, see CARCI_INIT).
 */
#ifndef CARC_TEST_STATE_EQUAL_H
#define CARC_TEST_STATE_EQUAL_H

#include "internal.h"
#include <string.h>

static inline bool region_equal(const carc_game *a, const carc_game *b, uint32_t off, size_t words)
{
    return memcmp(a->st + off, b->st + off, words * sizeof(uint16_t)) == 0;
}

static inline bool state_equal(const carc_game *a, const carc_game *b)
{
    const carci_ruleset *rs = a->rs;
    if (rs->state_words != b->rs->state_words)
        return false;
    const carci_hdr *h = CARCI_HDR(a);
    if (memcmp(a->st, b->st, sizeof(carci_hdr)) != 0)
        return false;
    return region_equal(a, b, rs->off_bag, rs->ntiles) &&
           region_equal(a, b, rs->off_placed, h->n_placed * sizeof(carci_placed) / 2) &&
           region_equal(a, b, rs->off_hash, rs->hash_cap * sizeof(carci_slot) / 2) &&
           region_equal(a, b, rs->off_fslot, h->n_front) &&
           region_equal(a, b, rs->off_fnm, h->n_front) && region_equal(a, b, rs->off_fnb, 2u * h->n_front) &&
           region_equal(a, b, rs->off_mon, h->n_mon * sizeof(carci_mon) / 2) &&
           region_equal(a, b, rs->off_node, h->n_nodes * sizeof(carci_node) / 2) &&
           region_equal(a, b, rs->off_fig, h->n_figs * sizeof(carci_fig) / 2) &&
           region_equal(a, b, rs->off_event, h->n_events * sizeof(carci_ev) / 2) &&
           region_equal(a, b, rs->off_hist, h->n_hist * sizeof(carci_hist) / 2);
}

#endif
