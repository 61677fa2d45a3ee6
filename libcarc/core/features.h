/* SPDX-License-Identifier: MIT */
/*
 * Features (features.c): union-find over the segments of the placed tiles
 * (carci_node), distinct tiles, completion and value. Never installed.
 *
 * Inline for the hot path: carci_find and carci_merge, the place move's
 * unions.
 */
#ifndef CARCI_CORE_FEATURES_H
#define CARCI_CORE_FEATURES_H

#include "core/journal.h"
#include "core/state.h"

/* The root of node n's feature: every node points at it (features.c). */
static inline uint16_t carci_find(const carc_game *g, uint16_t n)
{
    return CARCI_NODE_IDX(CARCI_NODES(g)[n].parent);
}
/* Merge the features with roots ra and rb (found by the caller), with
 * `closed` open edges fewer in all (the edges the merge matched: 2 across a
 * road, city or river edge of a new tile, one on each side, also when
 * ra == rb and a loop closes); inline in the place move, whose journal's
 * end then stays in a register. */
static inline __attribute__((always_inline)) void carci_merge(carc_game *g, uint16_t ra, uint16_t rb,
                                                              int32_t closed)
{
    carci_node *nd = CARCI_NODES(g);
    if (ra == rb) {
        if (closed)
            CARCI_SET(g, nd[ra].open, nd[ra].open - closed);
        return;
    }
    unsigned ka = nd[ra].parent >> 12, kb = nd[rb].parent >> 12;
    if (ka < kb) {
        uint16_t t = ra;
        ra = rb;
        rb = t;
    }
    /* rb's feature goes under ra: every node of it points at ra (its list
     * is walked; ra's rank says which root stays, as before) */
    uint16_t n = rb;
    do {
        CARCI_SET(g, nd[n].parent, ra);
        n = nd[n].next;
    } while (n != rb);
    if (ka == kb)
        CARCI_SET(g, nd[ra].parent, ra | ((ka + 1) << 12));
    /* the open edges and the figures of ra's feature grow by rb's: most
     * merges add nothing to one of them (a new tile's segment has no figure;
     * a field no open edge), and an unchanged word needs no journal entry
     * (carci_add: no branch) */
    carci_add(g, (uint16_t *)(void *)&nd[ra].open, (uint16_t)(nd[rb].open - closed));
    carci_add(g, &nd[ra].tile_occ, (uint16_t)(nd[rb].tile_occ & 0xFF00u));
    uint16_t na = nd[ra].next, nb = nd[rb].next;
    CARCI_SET(g, nd[ra].next, nb);
    CARCI_SET(g, nd[rb].next, na);
}
/* carci_merge of a node `a` of the tile being placed that no merge has
 * touched yet (a root of rank 0, alone in its feature, without a figure)
 * with the feature of root rb, found by the caller (not a node of the new
 * tile): the same result, but a's words lie past the node count the move
 * began with, so they take no journal entry (CARCI_INIT). A root of rank 0
 * is alone in its feature too (a root's rank only grows as it takes in
 * another of the same rank). */
static inline __attribute__((always_inline)) void carci_merge_fresh(carc_game *g, uint16_t a, uint16_t rb,
                                                                    int32_t closed)
{
    carci_node *nd = CARCI_NODES(g);
    if (nd[rb].parent >> 12) { /* a goes under rb */
        CARCI_INIT(nd[a].parent, rb);
        carci_add(g, (uint16_t *)(void *)&nd[rb].open, (uint16_t)(nd[a].open - closed));
        uint16_t nb = nd[rb].next;
        CARCI_SET(g, nd[rb].next, a);
        CARCI_INIT(nd[a].next, nb);
        return;
    }
    /* two of rank 0: a stays root, one rank up, and rb (alone) goes under it */
    CARCI_SET(g, nd[rb].parent, a);
    CARCI_INIT(nd[a].parent, a | 1u << 12);
    CARCI_INIT(nd[a].open, nd[a].open + nd[rb].open - closed);
    CARCI_INIT(nd[a].tile_occ, nd[a].tile_occ + (nd[rb].tile_occ & 0xFF00u));
    CARCI_INIT(nd[a].next, rb);
    CARCI_SET(g, nd[rb].next, a);
}
/* Merge the features of nodes a and b (carci_merge of their roots). */
void carci_union(carc_game *g, uint16_t a, uint16_t b);
uint16_t carci_node_tile(const carc_game *g, uint16_t n);
uint8_t carci_node_kind(const carc_game *g, uint16_t n);
uint8_t carci_node_seg(const carc_game *g, uint16_t n);
/* Distinct tiles of a road/city/field feature; pennants and the OR of its
 * segments' special marks when the pointers are not NULL. */
uint32_t carci_feature_tiles(const carc_game *g, uint16_t root, uint32_t *pennants, uint32_t *special);
uint32_t carci_monastery_neighbours(const carc_game *g, uint16_t tile);
/* Placed tiles on the four cells diagonal to (x, y) (a new tile knows its
 * other four neighbours from the frontier). */
uint32_t carci_count_diagonals(const carc_game *g, int32_t x, int32_t y);
bool carci_feature_complete(const carc_game *g, uint16_t root);
int32_t carci_feature_value(const carc_game *g, uint16_t root, bool final, uint32_t *tiles, uint32_t *bonus);

#endif
