/* SPDX-License-Identifier: MIT */
/*
 * Per-kind tables derived from the catalogue: what the core reads of a tile
 * kind (carci_kindinfo), and of a kind turned (carci_rotinfo, laid out in the
 * ruleset). carci_kinds (kinds.c, generated) holds the catalogue's; its
 * derivation is ruleset.c's (core/ruleset.h). Never installed.
 */
#ifndef CARCI_CORE_KINDS_H
#define CARCI_CORE_KINDS_H

#include "tiles/catalogue.h"

/* Per-kind tables derived from the catalogue (ruleset.c): immutable once built. */
typedef struct carci_kindinfo {
    uint8_t sig;            /* edge signature at rotation 0 */
    uint8_t unique_rot;     /* mask of rotations that are not repeats of an earlier one */
    uint8_t side_seg[4];    /* catalogue side -> road/city/river segment, or NONE */
    uint8_t port_seg[8];    /* catalogue port -> field segment, or NONE */
    uint8_t center;         /* segment index of a monastery or garden, or NONE */
    uint8_t nseg;
    uint16_t rc_mask;       /* bit i: segment i is a road or a city */
    uint16_t field_mask;    /* bit i: segment i is a field */
    uint16_t center_mask;   /* bit i: segment i is a monastery or a garden */
    uint16_t city_mask;     /* bit i: segment i is a city */
    uint8_t river;          /* segment index of the river, or NONE */
    uint8_t seg_open[CARCI_MAX_SEG]; /* edges a segment opens: roads, cities, rivers */
} carci_kindinfo;

/* A tile kind turned r quarter turns (ruleset.c, from carci_kindinfo): what
 * the hot paths read by board direction, with no rotation arithmetic. */
typedef struct carci_rotinfo {
    uint8_t side_seg[4];  /* board side -> road/city/river segment, or NONE */
    uint8_t port_seg[8];  /* board port -> field segment, or NONE */
    uint8_t sig;          /* edge signature turned r */
    uint8_t rc_sides;     /* board sides whose edge is not a field (road, city, river) */
    uint8_t field_sides;  /* board sides with field halves (not a city) */
    uint8_t pad_;         /* 16 bytes: an entry is found with a shift */
} carci_rotinfo;
_Static_assert(sizeof(carci_rotinfo) == 16, "carci_rotinfo is 16 bytes");

/* The per-kind tables of every catalogue kind, derived from carci_tiles
 * (kinds.c, written by carci_print_kinds; a test checks them against
 * carci_derive_kind). */
extern const carci_kindinfo carci_kinds[];

#endif
