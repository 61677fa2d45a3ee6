/* SPDX-License-Identifier: MIT */
/*
 * Edges and segments of the base letters that also come as a garden copy
 * (base.inc and gardens.inc share them). Included by catalogue.c.
 */
#define EDGES_E EDG(C_, F_, F_, F_)
#define SEGS_E CITY(SN, 0), FIELD(0xFCu, 1)
#define EDGES_H EDG(C_, F_, C_, F_)
#define SEGS_H CITY(SN, 0), CITY(SS, 0), FIELD(P(2) | P(3) | P(6) | P(7), 3)
#define EDGES_I EDG(C_, C_, F_, F_)
#define SEGS_I CITY(SN, 0), CITY(SE, 0), FIELD(P(4) | P(5) | P(6) | P(7), 3)
#define EDGES_M EDG(C_, C_, F_, F_)
#define SEGS_M CITY(SN | SE, 1), FIELD(P(4) | P(5) | P(6) | P(7), 1)
#define EDGES_N EDG(C_, C_, F_, F_)
#define SEGS_N CITY(SN | SE, 0), FIELD(P(4) | P(5) | P(6) | P(7), 1)
#define EDGES_R EDG(C_, C_, F_, C_)
#define SEGS_R CITY(SN | SE | SW, 0), FIELD(P(4) | P(5), 1)
#define EDGES_U EDG(R_, F_, R_, F_)
#define SEGS_U ROAD(SN | SS), FIELD(P(1) | P(2) | P(3) | P(4), 0), FIELD(P(0) | P(5) | P(6) | P(7), 0)
#define EDGES_V EDG(F_, F_, R_, R_)
#define SEGS_V ROAD(SS | SW), FIELD(P(0) | P(1) | P(2) | P(3) | P(4) | P(7), 0), FIELD(P(5) | P(6), 0)
