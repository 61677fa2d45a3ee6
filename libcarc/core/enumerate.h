/* SPDX-License-Identifier: MIT */
/*
 * Move lists and legal moves (enumerate.c): placements, figure actions,
 * every answer to the pending decision. Never installed.
 *
 * carci_movelist_reserve is inline for the hot path: every enumeration
 * tests its room (the first allocation nearly always has it).
 */
#ifndef CARCI_CORE_ENUMERATE_H
#define CARCI_CORE_ENUMERATE_H

#include "core/state.h"
#include <stdbool.h>
#include <stddef.h>

struct carc_movelist {
    carc_allocator alloc;
    carc_move *moves;
    size_t n, cap;
};
bool carci_movelist_grow(carc_movelist *l, size_t need);
/* Room for `need` moves in l (its first allocation has room for the most
 * placements of any tile: enumerating then never allocates). */
static inline bool carci_movelist_reserve(carc_movelist *l, size_t need)
{
    return need <= l->cap || carci_movelist_grow(l, need);
}
/* Append the placements of `kind` (l->n is not reset). */
carc_status carci_enum_placements(carc_movelist *l, const carc_game *g, uint32_t kind, uint32_t flags);
/* Append the figure actions after the legal placement p on frontier cell fi
 * (room for rs->max_actions moves reserved by the caller). */
void carci_enum_figures(carc_movelist *l, const carc_game *g, const carc_move *p, uint32_t fi);
/* Every legal answer to the pending decision (l is reset). */
carc_status carci_enum_legal(carc_movelist *l, const carc_game *g, uint32_t flags);

#endif
