/* SPDX-License-Identifier: MIT */
/*
 * The occupancy rule (occupancy.c): what a placement's segments join, and
 * which of them already belong to a feature holding a figure. Never
 * installed.
 */
#ifndef CARCI_CORE_OCCUPANCY_H
#define CARCI_CORE_OCCUPANCY_H

#include "core/state.h"

/* The placed neighbours' features (roots) each segment of a tile meets
 * across its edges (roads, cities) or half-edges (fields). */
typedef struct carci_near_set {
    uint16_t root[CARCI_MAX_SEG][8];
    uint8_t n[CARCI_MAX_SEG];
} carci_near_set;
/* The roots the segments `segs` of kind turned rot on frontier cell fi
 * (placed sides `placed`) meet, into ns (the other segments get none); returns
 * the segments among them that meet a feature holding a figure. */
unsigned carci_near_roots(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                          unsigned segs, carci_near_set *ns);
/* The segments among `segs` that become one feature with segment seg once
 * the tile is placed: seg, and every segment that meets a feature one of
 * them meets, repeatedly (seg included). */
unsigned carci_joined_segments(const carci_near_set *ns, unsigned segs, unsigned seg);
/* The road, city and field segments of kind turned rot on frontier cell fi
 * that would belong to a feature holding a figure once the tile is placed
 * (the occupancy rule: every segment of the tile they join counts). */
unsigned carci_taken_segments(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot);
/* The same for one segment (the move check): whether it is taken. */
bool carci_segment_taken(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot, uint32_t seg);

#endif
