/* SPDX-License-Identifier: MIT */
/*
 * The tile catalogue as data, one tile set a file: base.inc (A-X), river.inc
 * (RA-RL), gardens.inc (the Abbot's garden copies), inns.inc (Inns &
 * Cathedrals), traders.inc (Traders & Builders), count.inc (the City of
 * Carcassonne). Segment order is the
 * catalogue's: cities, roads, rivers, fields, then the monastery or garden.
 * Field ports: Nw=0 Ne=1 En=2 Es=3 Se=4 Sw=5 Ws=6 Wn=7. Tile sets are
 * appended at the end (kind numbers are stable within a SONAME).
 */
#include "tiles/catalogue.h"
#include <string.h>

#define F_ CARC_EDGE_FIELD
#define R_ CARC_EDGE_ROAD
#define C_ CARC_EDGE_CITY
#define I_ CARC_EDGE_RIVER
#define EDG(n, e, s, w) ((uint8_t)((n) | (e) << 2 | (s) << 4 | (w) << 6))

#define SN 1u
#define SE 2u
#define SS 4u
#define SW 8u

#define P(p) (1u << (p))
#define ALLPORTS 0xFFu

#define CITY(sides, pen) { CARC_SEG_CITY, (sides), 0, (pen), CARC_END_NONE, 0, 0 }
#define ROAD(sides) { CARC_SEG_ROAD, (sides), 0, 0, CARC_END_NONE, 0, 0 }
#define ROADEND(sides, end) { CARC_SEG_ROAD, (sides), 0, 0, (end), 0, 0 }
#define FIELD(ports, adj) { CARC_SEG_FIELD, 0, (ports), 0, CARC_END_NONE, (adj), 0 }
#define MONASTERY { CARC_SEG_MONASTERY, 0, 0, 0, CARC_END_NONE, 0, 0 }
#define GARDEN { CARC_SEG_GARDEN, 0, 0, 0, CARC_END_NONE, 0, 0 }
#define RIVER(sides) { CARC_SEG_RIVER, (sides), 0, 0, CARC_END_NONE, 0, 0 }
#define INN_ROAD(sides) { CARC_SEG_ROAD, (sides), 0, 0, CARC_END_NONE, 0, CARC_SEGMENT_INN }
#define INN_ROADEND(sides, end) { CARC_SEG_ROAD, (sides), 0, 0, (end), 0, CARC_SEGMENT_INN }
#define CATHEDRAL_CITY(sides) { CARC_SEG_CITY, (sides), 0, 0, CARC_END_NONE, 0, CARC_SEGMENT_CATHEDRAL }
#define GOODS_CITY(sides, mark) { CARC_SEG_CITY, (sides), 0, 0, CARC_END_NONE, 0, (mark) }
#define WINE_ CARC_SEGMENT_WINE
#define GRAIN_ CARC_SEGMENT_GRAIN
#define CLOTH_ CARC_SEGMENT_CLOTH
#define RIVEREND(sides, end) { CARC_SEG_RIVER, (sides), 0, 0, (end), 0, 0 }

/* kind numbers the data refers to */
#define KIND_D 3u
#define KIND_E 4u
#define KIND_H 7u
#define KIND_I 8u
#define KIND_M 12u
#define KIND_N 13u
#define KIND_R 17u
#define KIND_U 20u
#define KIND_V 21u

#define V_ CARC_END_VILLAGE

#include "base_segs.h"

const carci_tiledef carci_tiles[] = {
#include "base.inc"
#include "river.inc"
#include "gardens.inc"
#include "inns.inc"
#include "traders.inc"
#include "count.inc"
};


const uint32_t carci_tile_kinds = sizeof carci_tiles / sizeof carci_tiles[0];

bool carci_kind_in_set(uint32_t kind, uint32_t modules)
{
    uint32_t m = carci_tiles[kind].module;
    return !m || (m & modules) != 0;
}

void carci_tile_counts(uint8_t *copies, uint32_t modules)
{
    /* One pass: a kind replaces copies of a kind before it (tile sets are
     * appended after the base game's; test engine.catalogue checks it). A
     * kind's module is one flag (0: the base game). */
    bool start_gone = false;
    for (uint32_t k = 0; k < carci_tile_kinds; k++) {
        const carci_tiledef *t = &carci_tiles[k];
        uint8_t c = (t->module & ~modules) ? 0 : t->copies;
        copies[k] = c;
        if (!c || t->replaces == CARCI_NONE)
            continue;
        /* the start tile D leaves the set once, however many kinds take its
         * place (the River's spring, the City of Carcassonne) */
        if (t->replaces == KIND_D && start_gone)
            continue;
        start_gone |= t->replaces == KIND_D;
        copies[t->replaces] = (uint8_t)(copies[t->replaces] - c);
    }
}

uint32_t carci_tile_copies(uint32_t kind, uint32_t modules)
{
    uint8_t copies[CARCI_MAX_KINDS];
    carci_tile_counts(copies, modules);
    return copies[kind];
}

uint32_t carci_tile_find(const char *name)
{
    for (uint32_t k = 0; k < carci_tile_kinds; k++)
        if (strcmp(carci_tiles[k].name, name) == 0)
            return k;
    return CARCI_NONE32;
}

const char *const carci_figure_names[CARCI_FIGURE_KINDS] = { "no figure", "follower", "big follower",
                                                             "abbot",     "builder",  "pig" };
const char *const carci_move_kind_names[5] = { "place", "pass", "exit", "quarter", "count" };
const char *const carci_decision_names[5] = { "nothing", "a place move", "a move out of the city", "a quarter",
                                              "a quarter for the Count" };
const char *const carci_segment_kind_names[6] = { "field", "road", "city", "monastery", "garden", "river" };
const uint8_t carci_action_figure = CARC_FIGURE_ABBOT;
