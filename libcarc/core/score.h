/* SPDX-License-Identifier: MIT */
/*
 * Scoring (score.c): a feature's majority, the figures it sends home, final
 * scoring, and the events that record what was scored. Never installed.
 *
 * carci_figure_strength is inline for the hot path: a shift and a mask,
 * read for every figure of every feature scored.
 */
#ifndef CARCI_CORE_SCORE_H
#define CARCI_CORE_SCORE_H

#include "core/state.h"

void carci_final_scoring(carc_game *g);
void carci_score_feature(carc_game *g, uint16_t root, bool final, uint32_t turn);
/* Majority weight of one figure kind (a follower 1, the abbot 1 on its
 * monastery or garden, the big follower 2; builder and pig 0). */
static inline uint32_t carci_figure_strength(uint32_t figure)
{
    return (0x1210u >> (4 * (figure & 7u))) & 0xFu; /* NONE 0, FOLLOWER 1, BIG 2, ABBOT 1, BUILDER 0, PIG 0 */
}
/* kind: carc_event_kind | CARC_BONUS_* << 3 | carc_good << 6 */
void carci_event_push(carc_game *g, uint32_t kind, uint32_t fkind, uint32_t turn, int32_t points,
                      uint32_t players, uint32_t returned, uint16_t node, uint32_t tiles);

#endif
