/* SPDX-License-Identifier: MIT */
/*
 * The undo journal's entries and positions, which the journal (journal.c)
 * and its sharing with clones (journal_share.c) both read: the hot header
 * words an undo unit starts with, a game's journal position, the first
 * entry it may write, and the restore of a run of entries. Never installed.
 */
#ifndef CARCI_CORE_JOURNAL_ENTRIES_H
#define CARCI_CORE_JOURNAL_ENTRIES_H

#include "core/state.h"
#include <string.h>

/* The header's first words (the counts of the arrays every move grows, the
 * player to move, the current tile, the board's hash) change with almost
 * every move: they are saved whole at the start of each undo unit
 * (journal.c) and written without an entry each. A CARCI_SET of one is
 * still correct (undo restores the saved words last), only slower. The
 * header's counts that few moves change (events, monasteries, the end of
 * the game) lie past them and take a journal entry when they do. */
#define CARCI_HOT_WORDS 12u

/* Restore the words of journal entries e[from - 1] down to e[to]. */
static inline void carci_restore(uint16_t *st, const uint32_t *e, size_t from, size_t to)
{
    while (from > to) {
        uint32_t x = e[--from];
        st[x >> 16] = (uint16_t)(x & 0xFFFFu);
    }
}
/* Undo a unit whose entries begin at e[at] (the hot header words) and end
 * at e[from - 1]: its entries in reverse order, then the hot words as the
 * unit found them (carci_unit_begin saved them). */
static inline void carci_restore_unit(uint16_t *st, const uint32_t *e, size_t from, size_t at)
{
    carci_restore(st, e, from, at + CARCI_HOT_WORDS / 2);
    memcpy(st, e + at, CARCI_HOT_WORDS * sizeof(uint16_t));
}
/* The first entry of the game's room past those other games read: where
 * its journal goes on once it is cleared or rolled back under them. */
static inline size_t carci_journal_free_from(const carc_game *g)
{
    return atomic_load_explicit(&g->jh->shared, memory_order_relaxed);
}
/* The journal's position: how many entries it holds, the links' included. */
static inline uint32_t carci_jpos(const carc_game *g)
{
    return (uint32_t)g->trail_len + g->vdelta;
}

#endif
