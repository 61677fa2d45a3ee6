/* SPDX-License-Identifier: MIT */
/*
 * The pig of Traders & Builders (docs/rules.md section 7, ruling T-6): one a
 * player. It goes, instead of a follower, on a field segment of the new
 * tile whose field already holds one of the player's farmers (joiners.c);
 * so it needs farmers (the module table says so). At the end, a majority
 * holder with his pig in the field scores 4 per completed city instead of
 * 3; tied holders without one keep 3.
 */
#include "rules/rules.h"

static uint32_t pig_better(const carc_game *g, uint16_t root, uint32_t players, int32_t *points,
                               uint32_t *bonus)
{
    const carci_fig *f = CARCI_FIGS(g);
    uint32_t pigs = 0;
    if (*points == 0)
        return 0; /* no completed city: a pig changes nothing */
    for (uint32_t i = 0, e = CARCI_HDR(g)->n_figs; i < e; i++)
        if ((f[i].player_kind >> 8) == CARC_FIGURE_PIG && carci_find(g, f[i].node) == root)
            pigs |= 1u << (f[i].player_kind & 0xFFu);
    pigs &= players;
    if (pigs) {
        *points += *points / 3; /* 4 per city instead of 3 */
        *bonus |= CARC_BONUS_PIG;
    }
    return pigs;
}

void carci_pig_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_PIG] = (uint8_t)(1u << CARC_SEG_FIELD);
    carci_joiner_install(rs, CARC_FIGURE_PIG, "a pig goes on a field that already holds a farmer of player %u");
    rs->hooks.better = pig_better;
    rs->event_extra += rs->players; /* a second field event per pig */
}
