/* SPDX-License-Identifier: MIT */
/*
 * What a player does not know: the order of the pile under the current
 * tile. carc_game_determinize samples another order (information-set tree
 * search); carc_game_remaining_tiles gives the multiset every order shares.
 */
#include "core/journal.h"
#include "core/last_error.h"
#include "core/play.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/abi.h"
#include "util/mix.h"

carc_status carc_game_determinize(carc_game *g, uint64_t seed)
{
    CARCI_CHECK(g);
    const carci_hdr *h = CARCI_HDR(g);
    /* unseen: the tiles under the current one (none when the game is over or
     * no tile left can be placed) */
    uint32_t cur = h->over ? CARCI_NONE32 : carci_current_index(g);
    uint32_t n = cur == CARCI_NONE32 ? 0 : cur;
    if (n < 2) {
        carci_clear_error(g);
        return CARC_OK;
    }
    /* journaled into the last undo unit, so that its undo puts the pile back
     * too; before the first move there is nothing to undo */
    bool journal = !g->no_journal && g->n_marks > 0;
    if (journal) {
        carc_status s = carci_journal_reserve(g, n);
        if (s != CARC_OK)
            return carci_fail(g, s, "out of memory");
    }
    /* the unseen tiles in kind order first, so that the new order depends
     * on the seed and on what the players know only, never on the hidden
     * order it replaces (a counting sort: kinds are small numbers) */
    uint16_t tmp[CARCI_MAX_TILES];
    uint16_t *bag = CARCI_BAG(g);
    uint8_t count[CARCI_MAX_KINDS] = { 0 };
    for (uint32_t i = 0; i < n; i++)
        count[bag[i]]++;
    for (uint32_t k = 0, w = 0; w < n; k++)
        for (uint32_t c = 0; c < count[k]; c++)
            tmp[w++] = (uint16_t)k;
    uint64_t rng = seed;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = carci_uniform(&rng, i);
        uint16_t t = tmp[i - 1];
        tmp[i - 1] = tmp[j];
        tmp[j] = t;
    }
    /* the order the module imposes (the River: course, then lake, on top) */
    if (g->rs->hooks.deal)
        g->rs->hooks.deal(g->rs, tmp, n);
    for (uint32_t i = 0; i < n; i++) {
        if (journal)
            CARCI_SET(g, bag[i], tmp[i]);
        else
            bag[i] = tmp[i];
    }
    carci_clear_error(g);
    return CARC_OK;
}

carc_status carc_game_remaining_tiles(uint32_t *counts, size_t n, uint32_t *total, const carc_game *g)
{
    CARCI_CHECK(g && (counts || n == 0));
    for (size_t k = 0; k < n; k++)
        counts[k] = 0;
    const uint16_t *bag = CARCI_BAG(g);
    uint32_t nb = CARCI_HDR(g)->n_bag;
    for (uint32_t i = 0; i < nb; i++)
        if (bag[i] < n)
            counts[bag[i]]++;
    if (total)
        *total = nb;
    return CARC_OK;
}
