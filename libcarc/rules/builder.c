/* SPDX-License-Identifier: MIT */
/*
 * The builder of Traders & Builders (docs/rules.md section 7, rulings
 * T-3..T-5): one a player. It goes, instead of a follower, on a road or city
 * segment of the new tile whose feature stays incomplete and already holds
 * one of the player's followers (joiners.c). When a later tile of his (T-5)
 * extends or completes that feature (T-4), he places a second tile in the
 * same turn, with its own figure and scoring; the second tile never gives a
 * third, and it is his even when the first part's scoring sent the builder
 * home. The second tile is optional (T-3): the pending decision is the same
 * player's, declined with a pass. Project ruling: when the pile is empty
 * after the first part there is no second tile; an unplaceable second tile
 * is discarded and the next one drawn, as in any turn.
 */
#include "rules/rules.h"

static bool builder_extends(const carc_game *g, uint32_t player, uint16_t base, uint32_t kind, unsigned segs)
{
    if ((CARCI_HDR(g)->specials[player] >> CARC_FIGURE_BUILDER) & 1u)
        return false; /* the builder is in supply */
    segs &= g->rs->kinds[kind].rc_mask;
    if (!segs)
        return false; /* the tile's roads and cities are features of their own */
    /* the builder's feature holds a figure (the builder): none of these
     * features does, most of the time, and the builder need not be found */
    const carci_node *nd = CARCI_NODES(g);
    unsigned occupied = 0;
    for (unsigned mk = segs; mk; mk &= mk - 1)
        occupied |= nd[carci_find(g, (uint16_t)(base + (unsigned)__builtin_ctz(mk)))].tile_occ >> 8;
    if (!occupied)
        return false;
    int32_t i = carci_figure_find(g, player, CARC_FIGURE_BUILDER);
    if (i < 0)
        return false;
    uint16_t r = carci_find(g, CARCI_FIGS(g)[i].node);
    for (unsigned mk = segs; mk; mk &= mk - 1)
        if (carci_find(g, (uint16_t)(base + (unsigned)__builtin_ctz(mk))) == r)
            return true;
    return false;
}

void carci_builder_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_BUILDER] = (uint8_t)(1u << CARC_SEG_ROAD | 1u << CARC_SEG_CITY);
    carci_joiner_install(rs, CARC_FIGURE_BUILDER,
                         "a builder goes on a road or city that is not complete and already holds a follower of "
                         "player %u");
    rs->hooks.extends = builder_extends;
    rs->hist_extra += rs->ntiles; /* a pass after each tile at most */
}
