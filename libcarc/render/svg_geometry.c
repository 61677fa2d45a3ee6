/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: a placed tile's geometry (render_internal.h). Each tile is
 * SVG_T x SVG_T units, its segments in board orientation; a city is one of a
 * few shapes drawn in a canonical orientation and turned, with the spots
 * where its knight, pennant and goods go; a monastery beside a river moves
 * aside (carci_monastery_side), the spring or lake beside it too; a road's
 * figure stands on the road, its inn on the field beside it. The point tests
 * (in a city, how far from a road) serve the inns here and the fields
 * (svg_field.c).
 */
#include "render/render_internal.h"

/* ---------------------------------------------------------------- city shapes */

static const carci_sop city_one[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'Q', 50, 56, 0, 0 }, { 'Z', 0, 0, 0, 0 } };
static const carci_sop city_corner[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                         { 'Q', 28, 72, 0, 0 }, { 'Z', 0, 0, 0, 0 } };
static const carci_sop city_band[] = { { 'M', 0, 0, 0, 0 }, { 'Q', 50, 40, 100, 0 }, { 'L', 100, 100, 0, 0 },
                                       { 'Q', 50, 60, 0, 100 }, { 'Z', 0, 0, 0, 0 } };
static const carci_sop city_three[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                        { 'Q', 50, 40, 0, 100 }, { 'Z', 0, 0, 0, 0 } };
static const carci_sop city_all[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                      { 'L', 0, 100, 0, 0 }, { 'Z', 0, 0, 0, 0 } };
/* A corner city facing another corner city across a field (TB/CcCc.w): its
 * wall curves towards its own corner, so the two leave the field between them. */
static const carci_sop city_pair[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                       { 'Q', 72, 28, 0, 0 }, { 'Z', 0, 0, 0, 0 } };

#define SHAPE(a) a, sizeof a / sizeof a[0]

/* The shape of a city by the sides it touches (bit k: side k), turned. */
static carci_city_shape city_for(uint32_t edges)
{
    static const carci_city_shape one = { SHAPE(city_one), SVG_CITY_ONE, 0, 50, 14, 24, 12, 24, 12 };
    static const carci_city_shape corner = { SHAPE(city_corner), SVG_CITY_CORNER, 0, 66, 34, 84, 14, 86, 13 };
    static const carci_city_shape band = { SHAPE(city_band), SVG_CITY_BAND, 0, 50, 50, 18, 50, 20, 50 };
    static const carci_city_shape three = { SHAPE(city_three), SVG_CITY_THREE, 0, 50, 36, 22, 22, 22, 22 };
    static const carci_city_shape all = { SHAPE(city_all), SVG_CITY_ALL, 0, 50, 50, 24, 24, 24, 24 };
    static const struct {
        const carci_city_shape *shape;
        int turns;
    } by_edges[16] = {
        { &all, 0 },  { &one, 0 },    { &one, 1 },    { &corner, 0 }, { &one, 2 },    { &band, 1 },
        { &corner, 1 }, { &three, 1 }, { &one, 3 },   { &corner, 3 }, { &band, 0 },   { &three, 0 },
        { &corner, 2 }, { &three, 3 }, { &three, 2 }, { &all, 0 },
    };
    carci_city_shape s = *by_edges[edges & 15u].shape;
    s.turns = by_edges[edges & 15u].turns;
    return s;
}

/* Whether the tile has two corner cities in opposite corners. */
static bool has_corner_pair(const carci_tile_geo *g)
{
    uint32_t i, corners = 0;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_CITY)
            corners |= 1u << (g->si[i].edges & 15u);
    return ((corners >> 9) & (corners >> 6) & 1u) || ((corners >> 3) & (corners >> 12) & 1u);
}

/* The shape of city segment `s` of the tile: by its edges, and for two cities
 * in opposite corners the narrower city_pair (with a knight's spot inside it
 * and a goods symbol's clear of the knight). */
carci_city_shape carci_svg_shape(const carci_tile_geo *g, const carc_segment_info *s)
{
    carci_city_shape cs = city_for(s->edges);
    if (g->corner_pair && cs.form == SVG_CITY_CORNER) {
        cs.ops = city_pair;
        cs.n = sizeof city_pair / sizeof city_pair[0];
        cs.form = SVG_CITY_PAIR;
        cs.fig_x = 80;
        cs.fig_y = 40;
        cs.pen_x = cs.good_x = 56;
        cs.pen_y = cs.good_y = 13;
    }
    return cs;
}

/* ---------------------------------------------------------------- points */

/* Turn a canonical point k quarter turns clockwise about the tile centre. */
void carci_svg_turn(int k, int *x, int *y)
{
    for (; k > 0; k--) {
        int nx = SVG_T - *y;
        *y = *x;
        *x = nx;
    }
}

void carci_svg_edge_mid(int side, int *x, int *y)
{
    static const int mx[4] = { 50, 100, 50, 0 }, my[4] = { 0, 50, 100, 50 };
    *x = mx[side & 3];
    *y = my[side & 3];
}

bool carci_svg_river_end(const carc_segment_info *si)
{
    return si->kind == CARC_SEG_RIVER && (si->end == CARC_END_SPRING || si->end == CARC_END_LAKE);
}

/* Where a monastery moved beside a river stands (see carci_monastery_side). */
static void monastery_spot(int side, int *x, int *y)
{
    static const int mx[4] = { 50, 78, 50, 22 }, my[4] = { 24, 50, 76, 50 };
    *x = mx[side & 3];
    *y = my[side & 3];
}

/* The monastery's place and, next to a moved one, the spring's or lake's:
 * half way from the river's edge to the middle. */
static void place_monastery(carci_tile_geo *g)
{
    uint32_t i;
    int s;
    g->mon_side = carci_monastery_side(g->si, g->nseg);
    g->mon_x = g->mon_y = g->lake_x = g->lake_y = 50;
    if (g->mon_side >= 0)
        monastery_spot(g->mon_side, &g->mon_x, &g->mon_y);
    g->mon_raised = carci_monastery_above_road(g->si, g->nseg, g->mon_side);
    if (g->mon_raised)
        g->mon_y = 24; /* north of its road, which ends at its door */
    for (i = 0; i < g->nseg; i++) {
        if (!carci_svg_river_end(&g->si[i]))
            continue;
        for (s = 0; s < 4 && g->mon_side >= 0; s++)
            if ((g->si[i].edges >> s) & 1u) {
                carci_svg_edge_mid(s, &g->lake_x, &g->lake_y);
                g->lake_x = (g->lake_x + 50) / 2;
                g->lake_y = (g->lake_y + 50) / 2;
                break;
            }
    }
}

bool carci_svg_tile_load(carci_tile_geo *g, const carc_move *t)
{
    uint32_t i;
    g->t = *t;
    if (!carci_tile_segments(g->si, &g->nseg, t))
        return false;
    g->corner_pair = has_corner_pair(g);
    g->coc = carci_coc_quadrants(g->si, g->nseg);
    place_monastery(g);
    g->inns = false;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && (g->si[i].special & CARC_SEGMENT_INN)) {
            carci_svg_inn_spot(g, i, &g->inn_x[i], &g->inn_y[i]);
            g->inns = true;
        }
    return true;
}

/* Where a figure stands on road `s`, in tile coordinates. */
void carci_svg_road_spot(const carci_tile_geo *g, const carc_segment_info *s, int *x, int *y)
{
    int sides[4], n = 0, k;
    *x = *y = 50;
    for (k = 0; k < 4; k++)
        if ((s->edges >> k) & 1u)
            sides[n++] = k;
    if (n == 1 && s->end == CARC_END_MONASTERY && g->mon_raised) {
        /* on its road, below the moved monastery */
        *x = (g->mon_x + (sides[0] == CARC_E ? 100 : 0)) / 2;
        *y = 62;
    } else if (n == 1 && s->end == CARC_END_MONASTERY && g->mon_side >= 0) {
        /* half way from the edge to the door of the moved monastery */
        carci_svg_edge_mid(sides[0], x, y);
        *x = (*x + g->mon_x) / 2;
        *y = (*y + g->mon_y + 12) / 2;
    } else if (n == 1) {
        carci_svg_edge_mid(sides[0], x, y);
        *x = (*x * 3 + 50 * 2) / 5;
        *y = (*y * 3 + 50 * 2) / 5;
    } else if (n == 2) {
        int ax, ay, bx, by;
        carci_svg_edge_mid(sides[0], &ax, &ay);
        carci_svg_edge_mid(sides[1], &bx, &by);
        *x = (ax + 2 * 50 + bx) / 4;
        *y = (ay + 2 * 50 + by) / 4;
    }
}

/* ---------------------------------------------------------------- point tests */

static void poly_add(carci_svg_poly *p, double x, double y)
{
    if (p->n < 96) {
        p->x[p->n] = x;
        p->y[p->n] = y;
        p->n++;
    }
}

/* Flatten a city shape (canonical coordinates) into a polygon. */
static void flatten(carci_svg_poly *p, const carci_sop *ops, size_t n)
{
    size_t i;
    int k;
    double px = 0, py = 0;
    p->n = 0;
    for (i = 0; i < n; i++) {
        const carci_sop *s = &ops[i];
        if (s->op == 'M' || s->op == 'L') {
            px = s->x1;
            py = s->y1;
            poly_add(p, px, py);
        } else if (s->op == 'Q') {
            double ex = s->x2, ey = s->y2;
            if (s->x2 == 0 && s->y2 == 0 && i + 1 < n && ops[i + 1].op == 'Z') {
                ex = ops[0].x1;
                ey = ops[0].y1;
            }
            for (k = 1; k <= 16; k++) {
                double t = k / 16.0, a = (1 - t) * (1 - t), b = 2 * t * (1 - t), c = t * t;
                poly_add(p, a * px + b * s->x1 + c * ex, a * py + b * s->y1 + c * ey);
            }
            px = ex;
            py = ey;
        }
    }
}

/* The flattened shapes of the tile's cities, by segment (see carci_svg_in_city). */
void carci_svg_city_polys(const carci_tile_geo *g, carci_svg_poly city[CARCI_MAX_SEG])
{
    uint32_t i;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_CITY) {
            carci_city_shape cs = carci_svg_shape(g, &g->si[i]);
            flatten(&city[i], cs.ops, cs.n);
        }
}

static bool in_poly(const carci_svg_poly *p, double x, double y)
{
    int i, j;
    bool in = false;
    for (i = 0, j = p->n - 1; i < p->n; j = i++)
        if ((p->y[i] > y) != (p->y[j] > y) &&
            x < (p->x[j] - p->x[i]) * (y - p->y[i]) / (p->y[j] - p->y[i]) + p->x[i])
            in = !in;
    return in;
}

/* Whether (x, y) lies in a city of the tile (board orientation); `city` holds
 * the flattened shapes of the tile's cities (carci_svg_city_polys). */
bool carci_svg_in_city(const carci_tile_geo *g, const carci_svg_poly *city, double x, double y)
{
    uint32_t i;
    int k;
    for (i = 0; i < g->nseg; i++) {
        carci_city_shape cs;
        double cx = x, cy = y;
        if (g->si[i].kind != CARC_SEG_CITY)
            continue;
        cs = carci_svg_shape(g, &g->si[i]);
        for (k = 0; k < cs.turns; k++) { /* turn the point back */
            double nx = cy;
            cy = SVG_T - cx;
            cx = nx;
        }
        if (in_poly(&city[i], cx, cy))
            return true;
    }
    return false;
}

static double seg_dist2(double px, double py, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy, t = 0, qx, qy;
    if (l > 0) {
        t = ((px - ax) * dx + (py - ay) * dy) / l;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
    }
    qx = ax + t * dx - px;
    qy = ay + t * dy - py;
    return qx * qx + qy * qy;
}

/* Squared distance from a point to a road or river of the tile (board orientation). */
double carci_svg_road_dist2(const carc_segment_info *si, double x, double y)
{
    int s, e = (int)(si->edges & 15u), n = 0, sides[4], mx, my, k;
    double best = 1e18, d;
    for (s = 0; s < 4; s++)
        if ((e >> s) & 1)
            sides[n++] = s;
    if (n == 2 && si->end == CARC_END_NONE) {
        int ax, ay, bx, by;
        double px, py;
        carci_svg_edge_mid(sides[0], &ax, &ay);
        carci_svg_edge_mid(sides[1], &bx, &by);
        px = ax;
        py = ay;
        for (k = 1; k <= 16; k++) {
            double t = k / 16.0, a = (1 - t) * (1 - t), b = 2 * t * (1 - t), c = t * t;
            double qx = a * ax + b * 50 + c * bx, qy = a * ay + b * 50 + c * by;
            d = seg_dist2(x, y, px, py, qx, qy);
            best = d < best ? d : best;
            px = qx;
            py = qy;
        }
        return best;
    }
    for (k = 0; k < n; k++) {
        carci_svg_edge_mid(sides[k], &mx, &my);
        d = seg_dist2(x, y, mx, my, 50, 50);
        best = d < best ? d : best;
    }
    return best;
}

/* ---------------------------------------------------------------- inns */

/* Whether an inn may stand at (x, y) beside road `seg`: 17 to 21 units from
 * the road's middle line, clear of cities, other roads and rivers, a
 * monastery and a village. */
static bool inn_room(const carci_tile_geo *g, const carci_svg_poly *city, uint32_t seg, int x, int y)
{
    static const int cx[5] = { 0, -13, 13, -13, 13 }, cy[5] = { 0, -11, -11, 11, 11 };
    double d = carci_svg_road_dist2(&g->si[seg], x, y);
    bool ok = d >= 17.0 * 17.0 && d <= 21.0 * 21.0;
    uint32_t i;
    int k;
    for (i = 0; i < g->nseg && ok; i++) {
        const carc_segment_info *s = &g->si[i];
        if (i != seg && (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_RIVER))
            ok = carci_svg_road_dist2(s, x, y) >= 19.0 * 19.0;
        else if (s->kind == CARC_SEG_MONASTERY)
            ok = !(x > 16 && x < 84 && y > 10 && y < 80);
        else if (s->kind == CARC_SEG_ROAD && s->end == CARC_END_VILLAGE)
            ok = !(x > 22 && x < 78 && y > 24 && y < 74);
    }
    for (k = 0; k < 5 && ok; k++)
        ok = !carci_svg_in_city(g, city, x + cx[k], y + cy[k]);
    return ok;
}

/*
 * Where the inn of road `seg` stands: on the field beside the road (inn_room),
 * about 24 units from where a follower on the road stands, so that neither
 * hides the other; beside a road that turns a corner, outside the bend (the
 * field inside is small, and keeps room for its farmer).
 */
void carci_svg_inn_spot(const carci_tile_geo *g, uint32_t seg, int *ix, int *iy)
{
    const carc_segment_info *road = &g->si[seg];
    int fx, fy, x, y, bend_x = -1, bend_y = -1, e = (int)(road->edges & 15u);
    double best = 1e18, bend_d = 0;
    carci_svg_poly city[CARCI_MAX_SEG];
    carci_svg_city_polys(g, city);
    carci_svg_road_spot(g, road, &fx, &fy);
    if (road->end == CARC_END_NONE && (e == 3 || e == 6 || e == 12 || e == 9)) {
        /* the corner of the tile inside the bend */
        bend_x = (e & (1 << CARC_E)) ? SVG_T : 0;
        bend_y = (e & (1 << CARC_N)) ? 0 : SVG_T;
        bend_d = (double)(fx - bend_x) * (fx - bend_x) + (double)(fy - bend_y) * (fy - bend_y);
    }
    *ix = fx;
    *iy = fy > 50 ? fy - 20 : fy + 20;
    for (y = 14; y <= 86; y += 2)
        for (x = 14; x <= 86; x += 2) {
            double score;
            if (!inn_room(g, city, seg, x, y))
                continue;
            score = (x - fx) * (x - fx) + (y - fy) * (y - fy);
            score = score > 24.0 * 24.0 ? score - 24.0 * 24.0 : (24.0 * 24.0 - score) * 2;
            if (bend_x >= 0 && (double)(x - bend_x) * (x - bend_x) + (double)(y - bend_y) * (y - bend_y) < bend_d)
                score += 1e6; /* inside the bend */
            if (score < best) {
                best = score;
                *ix = x;
                *iy = y;
            }
        }
}
