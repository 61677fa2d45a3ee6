/* SPDX-License-Identifier: MIT */
/*
 * The position hash (carc_game_hash). The board's part is kept as the game is
 * played: the sum, mod 2^64, of one key per tile placed (place, kind,
 * rotation), per figure on the board (its tile's place, the segment's index
 * on that tile, owner and kind) and per tile discarded (its kind), in the hot
 * header words (internal.h: carci_zob_add), so that undo restores it with
 * them. A sum is the same whatever order the facts came in, and unlike a xor
 * it does not cancel two equal keys (two discarded tiles of one kind). The
 * rest of the position is a few dozen small numbers (scores, supplies, goods,
 * the City of Carcassonne, the current tile, the pending decision): mixed in
 * when asked, which costs less than keeping them.
 */
#include "internal.h"

/* One more word into the running value: a multiply-add chain (order
 * matters, which is what we want for fields in a fixed order). */
static inline uint64_t fold(uint64_t acc, uint64_t w)
{
    return (acc ^ w) * 0x9E3779B97F4A7C15u + 0x632BE59BD9B4E019u;
}

static uint64_t words(uint64_t acc, const uint16_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        acc = fold(acc, w[i]);
    return acc;
}

carc_status carc_game_hash(uint64_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t np = h->players;
    uint64_t acc = fold(0, (uint64_t)np | (uint64_t)h->over << 8 | (uint64_t)h->part2 << 16);
    acc = fold(acc, (uint64_t)carci_decision(g) | (uint64_t)h->cur << 8 | (uint64_t)h->step << 16);
    uint32_t i = carci_current_index(g);
    acc = fold(acc, i == CARCI_NONE32 ? 0xFFFFu : CARCI_BAG(g)[i]);
    acc = words(acc, (const uint16_t *)(const void *)h->score, np);
    acc = words(acc, h->supply, np);
    acc = words(acc, h->specials, np);
    if (g->rs->modules & CARC_MODULE_TRADERS)
        for (uint32_t p = 0; p < np; p++)
            acc = words(acc, h->goods[p], CARC_GOOD_COUNT);
    if (g->rs->modules & CARC_MODULE_RIVER)
        acc = fold(acc, (uint64_t)h->river_in | (uint64_t)h->river_bend << 16);
    if (g->rs->modules & CARC_MODULE_COUNT) {
        acc = fold(acc, (uint64_t)h->coc.count | (uint64_t)h->coc.out << 16 | (uint64_t)h->coc.used << 32);
        for (uint32_t q = 0; q < 4; q++)
            acc = words(acc, h->coc.city[q], np);
        acc = words(acc, h->coc.big, np);
    }
    uint64_t board = (uint64_t)h->zob[0] | (uint64_t)h->zob[1] << 16 | (uint64_t)h->zob[2] << 32 |
                     (uint64_t)h->zob[3] << 48;
    *out = board ^ carci_mix64(acc);
    return CARC_OK;
}
