/*
 * The tile catalogue as data: ../shared/rules/base.md section 2.3 (base game,
 * letters A-X). Segment order is the catalogue's: cities, roads, fields, then
 * the monastery. Field ports: Nw=0 Ne=1 En=2 Es=3 Se=4 Sw=5 Ws=6 Wn=7.
 * Expansions append kinds at the end (kind numbers are stable within a SONAME).
 */
#include "internal.h"

#define F_ CARC_EDGE_FIELD
#define R_ CARC_EDGE_ROAD
#define C_ CARC_EDGE_CITY
#define EDG(n, e, s, w) ((uint8_t)((n) | (e) << 2 | (s) << 4 | (w) << 6))

#define SN 1u
#define SE 2u
#define SS 4u
#define SW 8u

#define P(p) (1u << (p))
#define ALLPORTS 0xFFu

#define CITY(sides, pen) { CARC_SEG_CITY, (sides), 0, (pen), CARC_END_NONE, 0 }
#define ROAD(sides) { CARC_SEG_ROAD, (sides), 0, 0, CARC_END_NONE, 0 }
#define ROADEND(sides, end) { CARC_SEG_ROAD, (sides), 0, 0, (end), 0 }
#define FIELD(ports, adj) { CARC_SEG_FIELD, 0, (ports), 0, CARC_END_NONE, (adj) }
#define MONASTERY { CARC_SEG_MONASTERY, 0, 0, 0, CARC_END_NONE, 0 }

#define V_ CARC_END_VILLAGE

const carci_tiledef carci_tiles[] = {
    { "A", 0, 2, EDG(F_, F_, R_, F_), 3,
      { ROADEND(SS, CARC_END_MONASTERY), FIELD(ALLPORTS, 0), MONASTERY }, 0 },
    { "B", 0, 4, EDG(F_, F_, F_, F_), 2, { FIELD(ALLPORTS, 0), MONASTERY }, 0x1 },
    { "C", 0, 1, EDG(C_, C_, C_, C_), 1, { CITY(SN | SE | SS | SW, 1) }, 0x1 },
    { "D", 0, 4, EDG(C_, R_, F_, R_), 4,
      { CITY(SN, 0), ROAD(SE | SW), FIELD(P(2) | P(7), 1), FIELD(P(3) | P(4) | P(5) | P(6), 0) }, 0 },
    { "E", 0, 5, EDG(C_, F_, F_, F_), 2, { CITY(SN, 0), FIELD(0xFCu, 1) }, 0 },
    { "F", 0, 2, EDG(F_, C_, F_, C_), 3,
      { CITY(SE | SW, 1), FIELD(P(0) | P(1), 1), FIELD(P(4) | P(5), 1) }, 0x3 },
    { "G", 0, 1, EDG(F_, C_, F_, C_), 3,
      { CITY(SE | SW, 0), FIELD(P(0) | P(1), 1), FIELD(P(4) | P(5), 1) }, 0x3 },
    { "H", 0, 3, EDG(C_, F_, C_, F_), 3,
      { CITY(SN, 0), CITY(SS, 0), FIELD(P(2) | P(3) | P(6) | P(7), 3) }, 0x3 },
    { "I", 0, 2, EDG(C_, C_, F_, F_), 3,
      { CITY(SN, 0), CITY(SE, 0), FIELD(P(4) | P(5) | P(6) | P(7), 3) }, 0 },
    { "J", 0, 3, EDG(C_, R_, R_, F_), 4,
      { CITY(SN, 0), ROAD(SE | SS), FIELD(P(2) | P(5) | P(6) | P(7), 1), FIELD(P(3) | P(4), 0) }, 0 },
    { "K", 0, 3, EDG(C_, F_, R_, R_), 4,
      { CITY(SN, 0), ROAD(SS | SW), FIELD(P(2) | P(3) | P(4) | P(7), 1), FIELD(P(5) | P(6), 0) }, 0 },
    { "L", 0, 3, EDG(C_, R_, R_, R_), 7,
      { CITY(SN, 0), ROADEND(SE, V_), ROADEND(SS, V_), ROADEND(SW, V_), FIELD(P(2) | P(7), 1),
        FIELD(P(3) | P(4), 0), FIELD(P(5) | P(6), 0) }, 0 },
    { "M", 0, 2, EDG(C_, C_, F_, F_), 2, { CITY(SN | SE, 1), FIELD(P(4) | P(5) | P(6) | P(7), 1) }, 0 },
    { "N", 0, 3, EDG(C_, C_, F_, F_), 2, { CITY(SN | SE, 0), FIELD(P(4) | P(5) | P(6) | P(7), 1) }, 0 },
    { "O", 0, 2, EDG(C_, R_, R_, C_), 4,
      { CITY(SN | SW, 1), ROAD(SE | SS), FIELD(P(2) | P(5), 1), FIELD(P(3) | P(4), 0) }, 0 },
    { "P", 0, 3, EDG(C_, R_, R_, C_), 4,
      { CITY(SN | SW, 0), ROAD(SE | SS), FIELD(P(2) | P(5), 1), FIELD(P(3) | P(4), 0) }, 0 },
    { "Q", 0, 1, EDG(C_, C_, F_, C_), 2, { CITY(SN | SE | SW, 1), FIELD(P(4) | P(5), 1) }, 0 },
    { "R", 0, 3, EDG(C_, C_, F_, C_), 2, { CITY(SN | SE | SW, 0), FIELD(P(4) | P(5), 1) }, 0 },
    { "S", 0, 2, EDG(C_, C_, R_, C_), 4,
      { CITY(SN | SE | SW, 1), ROADEND(SS, CARC_END_CITY), FIELD(P(4), 1), FIELD(P(5), 1) }, 0 },
    { "T", 0, 1, EDG(C_, C_, R_, C_), 4,
      { CITY(SN | SE | SW, 0), ROADEND(SS, CARC_END_CITY), FIELD(P(4), 1), FIELD(P(5), 1) }, 0 },
    { "U", 0, 8, EDG(R_, F_, R_, F_), 3,
      { ROAD(SN | SS), FIELD(P(1) | P(2) | P(3) | P(4), 0), FIELD(P(0) | P(5) | P(6) | P(7), 0) }, 0x3 },
    { "V", 0, 9, EDG(F_, F_, R_, R_), 3,
      { ROAD(SS | SW), FIELD(P(0) | P(1) | P(2) | P(3) | P(4) | P(7), 0), FIELD(P(5) | P(6), 0) }, 0 },
    { "W", 0, 4, EDG(F_, R_, R_, R_), 6,
      { ROADEND(SE, V_), ROADEND(SS, V_), ROADEND(SW, V_), FIELD(P(0) | P(1) | P(2) | P(7), 0),
        FIELD(P(3) | P(4), 0), FIELD(P(5) | P(6), 0) }, 0 },
    { "X", 0, 1, EDG(R_, R_, R_, R_), 8,
      { ROADEND(SN, V_), ROADEND(SE, V_), ROADEND(SS, V_), ROADEND(SW, V_), FIELD(P(0) | P(7), 0),
        FIELD(P(1) | P(2), 0), FIELD(P(3) | P(4), 0), FIELD(P(5) | P(6), 0) }, 0x1 },
};

const uint32_t carci_tile_kinds = sizeof carci_tiles / sizeof carci_tiles[0];
