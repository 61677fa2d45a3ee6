/* SPDX-License-Identifier: MIT */
/*
 * The position hash (carc_game_hash). The board's part is kept as the game is
 * played: the sum, mod 2^64, of one key per tile placed (place, kind,
 * rotation), per figure on the board (its tile's place, the segment's index
 * on that tile, owner and kind) and per tile discarded (its kind), in the hot
 * header words (core/zobrist.h: carci_zob_add), so that undo restores it with
 * them. A sum is the same whatever order the facts came in, and unlike a xor
 * it does not cancel two equal keys (two discarded tiles of one kind). The
 * rest of the position is a few dozen small numbers (scores, supplies, goods,
 * the City of Carcassonne, the current tile, the pending decision): mixed in
 * when asked, which costs less than keeping them.
 */
#include "core/play.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/abi.h"
#include "util/mix.h"

carc_status carc_game_hash(uint64_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t np = h->players;
    uint64_t acc = carci_fold(0, (uint64_t)np | (uint64_t)h->over << 8 | (uint64_t)h->part2 << 16);
    acc = carci_fold(acc, (uint64_t)carci_decision(g) | (uint64_t)h->cur << 8 | (uint64_t)h->step << 16);
    uint32_t i = carci_current_index(g);
    acc = carci_fold(acc, i == CARCI_NONE32 ? 0xFFFFu : CARCI_BAG(g)[i]);
    acc = carci_fold_words(acc, (const uint16_t *)(const void *)h->score, np);
    acc = carci_fold_words(acc, h->supply, np);
    acc = carci_fold_words(acc, h->specials, np);
    for (uint32_t s = 0; s < CARCI_MOD_SLOTS; s++) /* what each module keeps (its own words) */
        if (g->rs->mod_mix[s])
            acc = g->rs->mod_mix[s](g, acc);
    uint64_t board = (uint64_t)h->zob[0] | (uint64_t)h->zob[1] << 16 | (uint64_t)h->zob[2] << 32 |
                     (uint64_t)h->zob[3] << 48;
    *out = board ^ carci_mix64(acc);
    return CARC_OK;
}
