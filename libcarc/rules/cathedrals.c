/* SPDX-License-Identifier: MIT */
/*
 * The cathedral of Inns & Cathedrals (docs/rules.md section 6, rulings I-2,
 * I-4): a city with at least one cathedral scores 3 per tile and 3 per
 * pennant when completed and 0 at the end; two cathedrals in one city do not
 * add up. Fields are unchanged: a cathedral city counts once, like any
 * completed city. The tiles that show cathedrals are the element inns-tiles
 * (tiles/inns.inc: IC/CRcR+ has a pennant, ruling I-4; no garden copies, I-5).
 */
#include "rules/rules.h"

static int32_t cathedral_value(uint32_t special, uint32_t tiles, uint32_t pennants, bool complete, uint32_t *bonus)
{
    (void)special;
    *bonus = CARC_BONUS_CATHEDRAL;
    return complete ? (int32_t)(3 * (tiles + pennants)) : 0;
}

void carci_cathedral_install(carci_ruleset *rs)
{
    rs->hooks.value[CARC_SEG_CITY] = cathedral_value;
    rs->value_marks |= CARC_SEGMENT_CATHEDRAL;
}
