/* SPDX-License-Identifier: MIT */
/*
 * Inns & Cathedrals (docs/rules.md section 6, rulings I-1..I-5):
 * 18 tiles (tiles/inns.inc), one big follower per player, a sixth player.
 *
 * - The big follower is placed instead of a follower, by the same rules (the
 *   follower's figure rule is copied, farmers included), and counts 2 in
 *   every majority (carci_figure_strength); it returns like a follower.
 * - A road with at least one inn scores 2 per tile when completed and 0 at
 *   the end; a city with at least one cathedral 3 per tile and 3 per pennant
 *   when completed and 0 at the end. Several inns or cathedrals in one
 *   feature do not add up (ruling I-2). Fields are unchanged: a cathedral
 *   city counts once, like any completed city.
 * - On the T-junction IC/RRR.i only the east road has the inn (ruling I-1);
 *   IC/CRcR+ has a pennant (ruling I-4); no garden copies (ruling I-5).
 */
#include "rules/rules.h"

/* A road with an inn: 2 a tile completed, 0 at the end. */
static int32_t inn_value(uint32_t special, uint32_t tiles, uint32_t pennants, bool complete, uint32_t *bonus)
{
    (void)special, (void)pennants;
    *bonus = CARC_BONUS_INN;
    return complete ? (int32_t)(2 * tiles) : 0;
}

/* A city with a cathedral: 3 a tile and a pennant completed, 0 at the end. */
static int32_t cathedral_value(uint32_t special, uint32_t tiles, uint32_t pennants, bool complete, uint32_t *bonus)
{
    (void)special;
    *bonus = CARC_BONUS_CATHEDRAL;
    return complete ? (int32_t)(3 * (tiles + pennants)) : 0;
}

void carci_inns_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_BIG] = rs->figure_on[CARC_FIGURE_FOLLOWER];
    rs->specials |= (uint8_t)(1u << CARC_FIGURE_BIG);
    rs->hooks.value[CARC_SEG_ROAD] = inn_value;
    rs->value_marks |= CARC_SEGMENT_INN;
    rs->hooks.value[CARC_SEG_CITY] = cathedral_value;
    rs->value_marks |= CARC_SEGMENT_CATHEDRAL;
}
