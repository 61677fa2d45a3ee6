/* SPDX-License-Identifier: MIT */
/*
 * The board's part of the position hash, kept as the game is played
 * (search/hash.c reads the sum): a key for each tile placed, each figure on
 * the board and each tile discarded (zobrist.c: a figure's key). Never
 * installed.
 *
 * Inline for the hot path: every tile placed and every figure that comes
 * or goes adds its key.
 */
#ifndef CARCI_CORE_ZOBRIST_H
#define CARCI_CORE_ZOBRIST_H

#include "core/journal.h"
#include "core/state.h"
#include "util/mix.h"

enum { CARCI_ZOB_TILE = 1, CARCI_ZOB_FIGURE = 2, CARCI_ZOB_DISCARD = 3 };
static inline uint64_t carci_zob_key(uint32_t tag, int32_t x, int32_t y, uint32_t low)
{
    return carci_mix64((uint64_t)tag << 60 | (uint64_t)(uint16_t)x << 40 | (uint64_t)(uint16_t)y << 24 | low);
}
/* Add `d` to the board's hash (hot header words: undo restores them). */
static inline void carci_zob_add(carc_game *g, uint64_t d)
{
    uint16_t *z = CARCI_HDR(g)->zob;
    _Static_assert(offsetof(carci_hdr, zob) + sizeof(uint64_t) <= 2 * CARCI_HOT_WORDS, "zob is in the hot words");
    uint64_t v = (uint64_t)z[0] | (uint64_t)z[1] << 16 | (uint64_t)z[2] << 32 | (uint64_t)z[3] << 48;
    v += d;
    z[0] = (uint16_t)v;
    z[1] = (uint16_t)(v >> 16);
    z[2] = (uint16_t)(v >> 32);
    z[3] = (uint16_t)(v >> 48);
}
/* The key of a figure (player | kind << 8) on node n: the tile's place and
 * the segment's index on it, whatever order the nodes were made in. */
uint64_t carci_zob_figure(const carc_game *g, uint16_t n, uint32_t player_kind);

#endif
