/* SPDX-License-Identifier: MIT */
/*
 * The inn of Inns & Cathedrals (docs/rules.md section 6, rulings I-1, I-2):
 * a road with at least one inn scores 2 per tile when completed and 0 at
 * the end; several inns on one road do not add up. On the T-junction
 * IC/RRR.i only the east road has the inn (ruling I-1, in the catalogue).
 * The tiles that show inns are the element inns-tiles (tiles/inns.inc).
 */
#include "rules/rules.h"

static int32_t inn_value(uint32_t special, uint32_t tiles, uint32_t pennants, bool complete, uint32_t *bonus)
{
    (void)special, (void)pennants;
    *bonus = CARC_BONUS_INN;
    return complete ? (int32_t)(2 * tiles) : 0;
}

void carci_inn_install(carci_ruleset *rs)
{
    rs->hooks.value[CARC_SEG_ROAD] = inn_value;
    rs->value_marks |= CARC_SEGMENT_INN;
}
