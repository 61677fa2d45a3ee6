/* SPDX-License-Identifier: MIT */
/*
 * The undo journal (journal.c): every write to the state block records the
 * word's old value, and each undoable unit starts at a mark. Never installed.
 *
 * The writes are inline for the hot path: a playout makes millions of
 * them (carci_set, carci_add, CARCI_HSET, CARCI_INIT), and each move
 * begins a unit (carci_unit_begin, carci_journal_reserve), whose room is
 * tested inline and grown out of line.
 */
#ifndef CARCI_CORE_JOURNAL_H
#define CARCI_CORE_JOURNAL_H

#include "core/journal_entries.h"
#include "core/state.h"
#include <string.h>

/* Every write to the state goes through carci_set so that undo restores it. */
static inline void carci_set(carc_game *g, void *field, uint16_t v)
{
    uint16_t *w = (uint16_t *)field;
    /* Always recorded, even when the value does not change: a test of the old
     * value costs more (mispredicted branches) than the entry it saves.
     * carci_unit_begin reserved room for the whole unit. */
    if (!g->no_journal)
        g->trail[g->trail_len++] = ((uint32_t)(w - g->st) << 16) | *w;
    *w = v;
}
#define CARCI_SET(g, lv, v) carci_set((g), &(lv), (uint16_t)(v))
/* *field += d (mod 2^16), recorded only when d is not 0, without a branch
 * on d: the entry is always written at the journal's end, which advances by
 * d != 0 (the unit's reserve has room for it). For words that most writes
 * leave as they are (the monasteries' neighbour counts; a merge's open
 * edges and figures). */
static inline void carci_add(carc_game *g, uint16_t *w, uint16_t d)
{
    if (!g->no_journal) {
        g->trail[g->trail_len] = ((uint32_t)(w - g->st) << 16) | *w;
        g->trail_len += d != 0;
    }
    *w = (uint16_t)(*w + d);
}
#define CARCI_HSET(g, field, v)                                                                                  \
    do {                                                                                                         \
        _Static_assert(offsetof(carci_hdr, field) < 2 * CARCI_HOT_WORDS, #field " is not a hot header word");    \
        CARCI_HDR(g)->field = (uint16_t)(v);                                                                     \
    } while (0)
/* A write into a slot past the live count of an array that only grows during
 * play (nodes, placed tiles, history, events, monasteries). The count is
 * journaled and nothing reads past it, so undo needs no record: after undo the
 * live parts of the state are identical, and the dead slots are rewritten
 * before they are read again. Never for arrays that also shrink during play
 * (figures, frontier): there a dead slot may hold what an undo brings back. */
#define CARCI_INIT(lv, v) (*(uint16_t *)(void *)&(lv) = (uint16_t)(v))
void carci_unit_rollback(carc_game *g); /* roll back and drop the last unit */
carc_status carci_journal_grow(carc_game *g, uint32_t words);
/* Room for `words` more journal entries and one more mark (the room reserved
 * at creation nearly always suffices: tested inline, grown out of line). */
static inline carc_status carci_journal_reserve(carc_game *g, uint32_t words)
{
    if (g->trail_cap - g->trail_len >= words && g->n_marks < g->marks_cap)
        return CARC_OK;
    return carci_journal_grow(g, words);
}
/* Start a unit. The worst case of one unit is reserved up front, so the
 * mutation that follows can never fail half-way for lack of memory. */
static inline carc_status carci_unit_begin(carc_game *g)
{
    if (g->no_journal)
        return CARC_OK;
    carc_status s = carci_journal_reserve(g, g->rs->unit_reserve);
    if (s != CARC_OK)
        return s;
    g->marks[g->n_marks++] = carci_jpos(g); /* a game journals far fewer than 2^32 entries */
    /* the unit's first entries: the hot header words as they are, two an
     * entry (carci_unit_rollback copies them back the same way) */
    _Static_assert(CARCI_HOT_WORDS % 2 == 0, "hot words fill whole entries");
    memcpy(g->trail + g->trail_len, g->st, CARCI_HOT_WORDS * sizeof(uint16_t));
    g->trail_len += CARCI_HOT_WORDS / 2;
    return CARC_OK;
}
size_t carci_journal_rest(const carc_game *g); /* room for the rest of the game */

/* ---- sharing the entries with clones (journal_share.c) ---- */
void carci_jhold_init(carci_jhold *h, const carc_allocator *a, void *mem, size_t bytes);
void carci_jhold_release(carci_jhold *h);
/* A new game's own holder keeps ruleset rs: by the reference the caller
 * hands over (src NULL); for a clone of src, by pinning the holder that
 * keeps src's (src's own, or the one it pins), whose reference
 * carci_journal_share or carci_jhold_pin takes; or by a reference of its
 * own when src's holder keeps another ruleset (src->rs_extra). */
void carci_jhold_keep(carci_jhold *own, const carci_ruleset *rs, const carc_game *src);
/* The reference to the holder a new clone's own holder pins (when
 * carci_journal_share did not take it); nothing when it pins none. */
void carci_jhold_pin(carci_jhold *own);
/* The game's own entries moved into a new room of `cap` entries apart (a
 * journal that grows, a copy's that needs more room than past the shared
 * entries). */
carc_status carci_journal_move(carc_game *g, size_t cap);
/* dst's journal (a new game's, empty) becomes src's history by reference,
 * and the reference of dst's pin is taken with it (carci_jhold_keep):
 * false, and nothing done, when src's cannot be shared (a tile choice open,
 * too many links). */
bool carci_journal_share(carc_game *dst, const carc_game *src);
/* Every entry of src's journal, in order, to out (carci_jpos(src) of them). */
void carci_journal_flatten(uint32_t *out, const carc_game *src);
/* An empty journal: links dropped, the own entries starting past those that
 * other games read (the room from there on is free). */
void carci_journal_clear(carc_game *g);
/* What a game being freed holds of journals: the links, a room apart, and
 * its own holder (the block, with the game in it, and the ruleset). */
void carci_journal_release(carc_game *g);
/* The rollback of a unit that begins in the links (carci_unit_rollback). */
void carci_rollback_links(carc_game *g, uint32_t mark);
/* After a rollback under the own entries clones read: write on past them. */
void carci_unshare(carc_game *g);

/* Make room for `n` elements of `size` bytes in the part `p` holds (`cap`
 * of them, `live` in use), keeping the live ones (the journal's marks,
 * CARCI_APART_*): false, and nothing changed, when memory runs out. */
bool carci_part_grow(carc_game *g, void **p, unsigned bit, size_t size, size_t live, size_t cap, size_t n);

#endif
