/* SPDX-License-Identifier: MIT */
/*
 * The big follower of Inns & Cathedrals (docs/rules.md section 6): one a
 * player, placed instead of a follower by the same rules (the follower's
 * figure rule is copied, farmers included: the table installs farmers
 * first). It counts 2 in every majority (carci_figure_strength) and returns
 * like a follower. Its box also brings a sixth colour (the module table's
 * max_players).
 */
#include "rules/rules.h"

void carci_big_follower_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_BIG] = rs->figure_on[CARC_FIGURE_FOLLOWER];
    rs->specials |= (uint8_t)(1u << CARC_FIGURE_BIG);
}
