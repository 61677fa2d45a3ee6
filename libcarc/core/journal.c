/* SPDX-License-Identifier: MIT */
/*
 * The undo journal: every write to the state block records the word's old
 * value (carci_set), and each undoable unit (a move with what it caused, a
 * tile choice, an early end) starts at a mark, followed by a copy of the hot
 * header words (CARCI_HSET writes them without an entry). Undo restores the words in
 * reverse order, so the state returns to identical bytes in O(size of the move).
 * The journal's room lies in the game's block until it grows apart; clones
 * share its entries (journal_share.c).
 */
#include "core/journal.h"
#include "core/state.h"
#include "util/alloc.h"

bool carci_part_grow(carc_game *g, void **p, unsigned bit, size_t size, size_t live, size_t cap, size_t n)
{
    if (n <= cap)
        return true;
    void *q;
    if (g->apart & bit) {
        q = carci_realloc(&g->alloc, *p, cap * size, n * size);
    } else {
        q = carci_alloc(&g->alloc, n * size);
        if (q && live)
            memcpy(q, *p, live * size);
    }
    if (!q)
        return false;
    *p = q;
    g->apart |= (uint8_t)bit;
    return true;
}

carc_status carci_journal_grow(carc_game *g, uint32_t entries)
{
    if (g->trail_cap - g->trail_len < entries) {
        size_t live = g->trail_len - g->wstart;
        size_t cap = g->trail_cap ? g->trail_cap : 1024;
        while (cap - live < entries)
            cap *= 2;
        carc_status s = carci_journal_move(g, cap);
        if (s != CARC_OK)
            return s;
    }
    if (g->n_marks == g->marks_cap) {
        /* one mark per move, discard or early end: ntiles + a few covers a game */
        uint32_t cap = g->marks_cap ? g->marks_cap * 2 : g->rs->ntiles + 8;
        if (!carci_part_grow(g, (void **)&g->marks, CARCI_APART_MARKS, sizeof *g->marks, g->n_marks,
                             g->marks_cap, cap))
            return CARC_ENOMEM;
        g->marks_cap = cap;
    }
    return CARC_OK;
}


/* A move journals about 45 entries on average (measured over 8,000 random
 * games of 2-5 players: at most 3,490 a game, at most 199 for one move);
 * reserving 96 per tile left means no allocation during a whole game once
 * it is created. */
size_t carci_journal_rest(const carc_game *g)
{
    return g->rs->unit_reserve + 96u * CARCI_HDR(g)->n_bag;
}

void carci_unit_rollback(carc_game *g)
{
    uint32_t mark = g->marks[g->n_marks - 1];
    if (mark < (uint32_t)g->wstart + g->vdelta) {
        carci_rollback_links(g, mark); /* a unit begun in the links */
    } else {
        size_t end = (uint32_t)(mark - g->vdelta);
        carci_restore_unit(g->st, g->trail, g->trail_len, end);
        g->trail_len = end;
        /* entries under `shared` are read by clones: never written again */
        if (end < carci_journal_free_from(g))
            carci_unshare(g);
    }
    g->n_marks--;
    g->unit_open = false;
}
