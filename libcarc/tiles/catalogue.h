/* SPDX-License-Identifier: MIT */
/*
 * The tile catalogue (catalogue.c): every tile kind as data (edges,
 * segments, ports, pennants, marks), the figure kinds' names and the words
 * of the public vocabulary in messages, tile counts per module set; and the
 * rotation of side masks, port masks and edge signatures. Never installed.
 * Internal names use the carci_ prefix (hidden by visibility and by the
 * version script, which exports carc_* only).
 *
 * The bit helpers are inline for the hot path: the placement checks turn a
 * signature for every candidate, and counting bits is a handful of moves.
 */
#ifndef CARCI_TILES_CATALOGUE_H
#define CARCI_TILES_CATALOGUE_H

#include <carcassonne/carcassonne.h>
#include <stdbool.h>
#include <stdint.h>

#define CARCI_NONE 0xFFu
#define CARCI_MAX_SEG 12
#define CARCI_MAX_KINDS 128   /* tile kinds in the catalogue */
#define CARCI_NONE32 0xFFFFFFFFu

typedef struct carci_segdef {
    uint8_t kind;     /* carc_segment_kind */
    uint8_t edges;    /* side mask, catalogue orientation */
    uint8_t ports;    /* port mask, catalogue orientation */
    uint8_t pennants;
    uint8_t end;      /* carc_segment_end */
    uint8_t adj;      /* fields: mask of city segment indices on the same tile */
    uint8_t special;  /* CARC_SEGMENT_INN, CARC_SEGMENT_CATHEDRAL (tile.h) */
} carci_segdef;

typedef struct carci_tiledef {
    const char *name;
    uint32_t module;  /* 0: base game; else the rule element (CARC_MODULE_*) that brings it */
    uint8_t copies;
    /* With this kind's module, this many copies of kind `replaces` leave the
     * set (a garden copy replaces a plain copy; the spring replaces the base
     * start tile), or CARCI_NONE. */
    uint8_t replaces;
    uint8_t edges;    /* side s: bits 2s..2s+1 hold its carc_edge */
    uint8_t nseg;
    carci_segdef seg[CARCI_MAX_SEG];
    /* The rotations that give distinct tiles (bit r: rotation r), for tiles
     * that look alike in several rotations; 0: derived at game creation. A
     * test checks every value given here against the derivation. */
    uint8_t unique_rot;
} carci_tiledef;

extern const carci_tiledef carci_tiles[];
extern const uint32_t carci_tile_kinds;
/* The figure kinds (carc_figure) and their names in messages ("big
 * follower"), by kind (tiles/catalogue.c). */
#define CARCI_FIGURE_KINDS (CARC_FIGURE_PIG + 1)
extern const char *const carci_figure_names[CARCI_FIGURE_KINDS];
/* The figure whose action the public encoding's action segment names
 * (moves.h: CARC_SEGMENT_RECALL, the abbot's recall). */
extern const uint8_t carci_action_figure;
/* The words of the public vocabulary in messages: move kinds (carc_move_kind,
 * as the notation writes them) and what each decision (carc_decision) asks. */
extern const char *const carci_move_kind_names[5];
extern const char *const carci_segment_kind_names[6]; /* carc_segment_kind */
extern const char *const carci_decision_names[5];
/* The kind named `name` (the lookup of carc_tile_find), or CARCI_NONE32. */
uint32_t carci_tile_find(const char *name);
/* Copies of a kind in a game with these modules, the start tile included:
 * one kind, or every kind (copies[carci_tile_kinds]). */
uint32_t carci_tile_copies(uint32_t kind, uint32_t modules);
void carci_tile_counts(uint8_t *copies, uint32_t modules);
bool carci_kind_in_set(uint32_t kind, uint32_t modules);

/* Bits set in a 16-bit mask (no popcnt instruction is assumed). */
static inline uint32_t carci_popcount16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

/* Rotate a side mask / port mask / edge signature by r quarter turns clockwise. */
static inline uint8_t carci_rot_sides(uint8_t m, unsigned r)
{
    r &= 3;
    return (uint8_t)(((m << r) | (m >> (4 - r))) & 0xF);
}
static inline uint8_t carci_rot_ports(uint8_t m, unsigned r)
{
    r = (r & 3) * 2;
    return (uint8_t)((m << r) | (m >> ((8 - r) & 7)));
}
static inline uint8_t carci_rot_sig(uint8_t sig, unsigned r)
{
    r = (r & 3) * 2;
    return r ? (uint8_t)((sig << r) | (sig >> (8 - r))) : sig;
}

#endif
