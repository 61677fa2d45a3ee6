/* SPDX-License-Identifier: MIT */
/*
 * White-box comparison of two game states: the header, the draw pile (the
 * slots ever written), the hash of cells, and the live part of every array
 * (slots past a live count are dead: the engine rewrites them before reading
 * them, see CARCI_INIT).
 */
#ifndef CARC_TEST_STATE_EQUAL_H
#define CARC_TEST_STATE_EQUAL_H

#include "core/board.h"
#include "core/state.h"
#include <string.h>

static inline bool region_equal(const carc_game *a, const carc_game *b, uint32_t off, size_t words)
{
    return memcmp(a->st + off, b->st + off, words * sizeof(uint16_t)) == 0;
}

/* The cells: the same keys; the y word and the value only of slots in use
 * (a free slot is marked by its x word alone; board.c writes y and the
 * value of a new cell unjournaled, so undo leaves them behind). */
static inline bool cells_equal(const carc_game *a, const carc_game *b)
{
    const int16_t *ka = CARCI_HKEYS(a), *kb = CARCI_HKEYS(b);
    const uint16_t *va = CARCI_HVALS(a), *vb = CARCI_HVALS(b);
    for (uint32_t i = 0; i < a->rs->hash_cap; i++) {
        if (ka[2 * i] != kb[2 * i])
            return false;
        if (ka[2 * i] != CARCI_KEY_EMPTY && (ka[2 * i + 1] != kb[2 * i + 1] || va[i] != vb[i]))
            return false;
    }
    return true;
}

/* The slots of the draw pile that creation writes: every copy of the tile
 * set but the tiles a module's set-up lays (the City of Carcassonne, never
 * drawn); the start tile goes through the pile when it is laid. With the
 * Count alone no start tile is laid: when the set still counts the copy of
 * D it replaces (the catalogue's 4), that copy is never written either. The
 * slots past them are never written nor read (their bytes are whatever the
 * allocator gave). A pile slot stays written once drawn. */
static inline uint32_t bag_written(const carci_ruleset *rs)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < carci_tile_kinds; k++)
        if (!(((uint32_t)rs->preplaced[k >> 3] >> (k & 7u)) & 1u))
            n += rs->copies[k];
    bool lays_start = !rs->hooks.setup || (rs->modules & (uint32_t)CARC_MODULE_RIVER) != 0;
    bool counts_start = rs->copies[rs->start_kind] == carci_tiles[rs->start_kind].copies;
    return lays_start || !counts_start ? n : n - 1;
}

static inline bool state_equal(const carc_game *a, const carc_game *b)
{
    const carci_ruleset *rs = a->rs;
    if (rs->state_words != b->rs->state_words)
        return false;
    const carci_hdr *h = CARCI_HDR(a);
    /* the header and the modules' own state after it (rs->mod_off) */
    if (memcmp(a->st, b->st, a->rs->off_bag * sizeof(uint16_t)) != 0)
        return false;
    return region_equal(a, b, rs->off_bag, bag_written(rs)) &&
           region_equal(a, b, rs->off_placed, h->n_placed * sizeof(carci_placed) / 2) &&
           cells_equal(a, b) &&
           region_equal(a, b, rs->off_fslot, h->n_front) &&
           region_equal(a, b, rs->off_fnm, h->n_front) && region_equal(a, b, rs->off_fnb, 2u * h->n_front) &&
           region_equal(a, b, rs->off_mon, h->n_mon * sizeof(carci_mon) / 2) &&
           region_equal(a, b, rs->off_node, h->n_nodes * sizeof(carci_node) / 2) &&
           region_equal(a, b, rs->off_fig, h->n_figs * sizeof(carci_fig) / 2) &&
           region_equal(a, b, rs->off_event, h->n_events * sizeof(carci_ev) / 2) &&
           memcmp(a->hist, b->hist, h->n_hist * sizeof(carci_hist)) == 0;
}

#endif
