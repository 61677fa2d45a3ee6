/* SPDX-License-Identifier: MIT */
/* The key of a figure on the board, for the position hash the core keeps as
 * the game is played (core/zobrist.h: carci_zob_add; search/hash.c reads it). */
#include "core/zobrist.h"
#include "core/state.h"

uint64_t carci_zob_figure(const carc_game *g, uint16_t n, uint32_t player_kind)
{
    const carci_placed *p = &CARCI_PLACED(g)[CARCI_NODES(g)[n].tile_occ & 0xFFu];
    uint32_t seg = (uint32_t)(n - carci_placed_base(p));
    return carci_zob_key(CARCI_ZOB_FIGURE, p->x, p->y, seg << 16 | player_kind);
}
