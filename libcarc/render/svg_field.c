/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: room on a tile's fields (render_internal.h). Where an inn
 * stands beside its road, and where a farmer or a garden lies on a field:
 * the tile is rastered, the cells under cities, roads, rivers, buildings and
 * the walled City are blocked, each field is flooded from its ports (a field
 * that touches no side from the free cell nearest the middle), and the cell
 * of the field farthest from everything else is chosen.
 */
#include "render/render_internal.h"

/* ---------------------------------------------------------------- point tests */

typedef struct poly {
    double x[96], y[96];
    int n;
} poly;

static void poly_add(poly *p, double x, double y)
{
    if (p->n < 96) {
        p->x[p->n] = x;
        p->y[p->n] = y;
        p->n++;
    }
}

/* Flatten a city shape (canonical coordinates) into a polygon. */
static void flatten(poly *p, const carci_sop *ops, size_t n)
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

/* The flattened shapes of the tile's cities, by segment (see in_city). */
static void city_polys(const carci_tile_geo *g, poly city[CARCI_MAX_SEG])
{
    uint32_t i;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_CITY) {
            carci_city_shape cs = carci_svg_shape(g, &g->si[i]);
            flatten(&city[i], cs.ops, cs.n);
        }
}

static bool in_poly(const poly *p, double x, double y)
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
 * the flattened shapes of the tile's cities (city_polys). */
static bool in_city(const carci_tile_geo *g, const poly *city, double x, double y)
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
static double road_dist2(const carc_segment_info *si, double x, double y)
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
static bool inn_room(const carci_tile_geo *g, const poly *city, uint32_t seg, int x, int y)
{
    static const int cx[5] = { 0, -13, 13, -13, 13 }, cy[5] = { 0, -11, -11, 11, 11 };
    double d = road_dist2(&g->si[seg], x, y);
    bool ok = d >= 17.0 * 17.0 && d <= 21.0 * 21.0;
    uint32_t i;
    int k;
    for (i = 0; i < g->nseg && ok; i++) {
        const carc_segment_info *s = &g->si[i];
        if (i != seg && (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_RIVER))
            ok = road_dist2(s, x, y) >= 19.0 * 19.0;
        else if (s->kind == CARC_SEG_MONASTERY)
            ok = !(x > 16 && x < 84 && y > 10 && y < 80);
        else if (s->kind == CARC_SEG_ROAD && s->end == CARC_END_VILLAGE)
            ok = !(x > 22 && x < 78 && y > 24 && y < 74);
    }
    for (k = 0; k < 5 && ok; k++)
        ok = !in_city(g, city, x + cx[k], y + cy[k]);
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
    poly city[CARCI_MAX_SEG];
    city_polys(g, city);
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

/* ---------------------------------------------------------------- fields */

#define RES 20 /* raster cells per tile side */

/* A cell's label: a field segment, or one of these. */
enum { FREE = -1, BLOCKED = -2, KEPT_OFF = -3 };

typedef signed char raster[RES][RES];

static const int port_x[8] = { 25, 75, 98, 98, 75, 25, 2, 2 };
static const int port_y[8] = { 2, 2, 25, 75, 98, 98, 75, 25 };

/* Whether the point (x, y) is under something drawn on the tile other than a
 * field: a city, a road or river (or the spring or lake), a monastery, a
 * village, the walled City of Carcassonne and its wall. */
static bool blocked(const carci_tile_geo *g, const poly *city, double x, double y)
{
    uint32_t i, p;
    if (in_city(g, city, x, y))
        return true;
    for (i = 0; i < g->nseg; i++) {
        const carc_segment_info *s = &g->si[i];
        if (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_RIVER) {
            if (road_dist2(s, x, y) < 10.0 * 10.0)
                return true;
            if (carci_svg_river_end(s) &&
                (x - g->lake_x) * (x - g->lake_x) + (y - g->lake_y) * (y - g->lake_y) < 20.0 * 20.0)
                return true;
        } else if (s->kind == CARC_SEG_MONASTERY) {
            if (g->mon_side < 0 ? (x > 28 && x < 72 && y > 20 && y < 70)
                                : (x > g->mon_x - 16 && x < g->mon_x + 16 && y > g->mon_y - 21 && y < g->mon_y + 21))
                return true;
        }
    }
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && g->si[i].end == CARC_END_VILLAGE && x > 34 && x < 66 && y > 34 && y < 66)
            return true;
    for (p = 0; p < 4; p++)
        if (((g->coc >> p) & 1u) && (p == 1 || p == 2 ? x > 42 : x < 58) && (p >= 2 ? y > 42 : y < 58))
            return true;
    return false;
}

/* Label every free cell reachable from `start` (free itself) with `label`. */
static void flood(raster lab, int start, int label)
{
    static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
    int queue[RES * RES], head = 0, tail = 0;
    lab[start / RES][start % RES] = (signed char)label;
    queue[tail++] = start;
    while (head < tail) {
        int q = queue[head++], qr = q / RES, qc = q % RES, d;
        for (d = 0; d < 4; d++) {
            int nr = qr + dr[d], nc = qc + dc[d];
            if (nr < 0 || nr >= RES || nc < 0 || nc >= RES || lab[nr][nc] != FREE)
                continue;
            lab[nr][nc] = (signed char)label;
            queue[tail++] = nr * RES + nc;
        }
    }
}

/* The free cell nearest the middle, or -1. */
static int middle_cell(raster lab)
{
    int r, c, bestd = -1, start = -1;
    for (r = 0; r < RES; r++)
        for (c = 0; c < RES; c++) {
            int d = (2 * r + 1 - RES) * (2 * r + 1 - RES) + (2 * c + 1 - RES) * (2 * c + 1 - RES);
            if (lab[r][c] == FREE && (bestd < 0 || d < bestd)) {
                bestd = d;
                start = r * RES + c;
            }
        }
    return start;
}

/* The raster of the tile: blocked cells, and each field flooded from its
 * ports; a field that touches no side (IC/CCCC) from the free cell nearest
 * the middle. */
static void label_fields(const carci_tile_geo *g, raster lab)
{
    poly city[CARCI_MAX_SEG];
    uint32_t i;
    int r, c, p;
    city_polys(g, city);
    for (r = 0; r < RES; r++)
        for (c = 0; c < RES; c++)
            lab[r][c] = blocked(g, city, (c + 0.5) * SVG_T / RES, (r + 0.5) * SVG_T / RES) ? BLOCKED : FREE;
    for (i = 0; i < g->nseg; i++)
        for (p = 0; p < 8 && g->si[i].kind == CARC_SEG_FIELD; p++) {
            r = port_y[p] * RES / SVG_T;
            c = port_x[p] * RES / SVG_T;
            if (((g->si[i].ports >> p) & 1u) && lab[r][c] == FREE)
                flood(lab, r * RES + c, (int)i);
        }
    for (i = 0; i < g->nseg; i++) {
        int start;
        if (g->si[i].kind != CARC_SEG_FIELD || g->si[i].ports != 0)
            continue;
        start = middle_cell(lab);
        if (start >= 0)
            flood(lab, start, (int)i);
    }
}

/* Mark the cells of the raster within `radius` of (x, y) kept off: all of
 * them, or (`fields_only`) those of a field. */
static void keep_off(raster lab, int x, int y, int radius, bool fields_only)
{
    int r, c;
    for (r = 0; r < RES; r++)
        for (c = 0; c < RES; c++) {
            int dx = (c * SVG_T + SVG_T / 2) / RES - x, dy = (r * SVG_T + SVG_T / 2) / RES - y;
            if (dx * dx + dy * dy < radius * radius && (!fields_only || lab[r][c] >= 0))
                lab[r][c] = KEPT_OFF;
        }
}

/* A farmer keeps off the inns (Inns & Cathedrals) and the tile's garden
 * (which is drawn on the roomiest spot of any field). */
static void keep_off_marks(const carci_tile_geo *g, raster lab)
{
    uint32_t i;
    for (i = 0; i < g->nseg && g->inns; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && (g->si[i].special & CARC_SEGMENT_INN))
            keep_off(lab, g->inn_x[i], g->inn_y[i], 17, true);
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_GARDEN) {
            int gx, gy;
            carci_svg_field_spot(g, -1, &gx, &gy);
            keep_off(lab, gx, gy, 16, false);
            break;
        }
}

/* The room at cell (r, c): the squared distance to the nearest cell of
 * another label, the tile's border counting as one cell further out. */
static int room_at(raster lab, int r, int c)
{
    int room, rr, cc, edge = c + 1;
    edge = RES - c < edge ? RES - c : edge;
    edge = r + 1 < edge ? r + 1 : edge;
    edge = RES - r < edge ? RES - r : edge;
    room = edge * edge * 4;
    for (rr = 0; rr < RES; rr++)
        for (cc = 0; cc < RES; cc++)
            if (lab[rr][cc] != lab[r][c]) {
                int d = (rr - r) * (rr - r) + (cc - c) * (cc - c);
                room = d < room ? d : room;
            }
    return room;
}

/*
 * A spot for a farmer (or garden) on field `seg` (-1: any field): the cell of
 * that field with the most room; next to the field's first port when it has
 * no cell.
 */
void carci_svg_field_spot(const carci_tile_geo *g, int seg, int *fx, int *fy)
{
    raster lab;
    int r, c, p, best = -1;
    label_fields(g, lab);
    if (seg >= 0)
        keep_off_marks(g, lab);
    *fx = *fy = 50;
    for (r = 0; r < RES; r++)
        for (c = 0; c < RES; c++) {
            int room;
            if (lab[r][c] < 0 || (seg >= 0 && lab[r][c] != seg))
                continue;
            room = room_at(lab, r, c);
            if (room > best) {
                best = room;
                *fx = (c * SVG_T + SVG_T / 2) / RES;
                *fy = (r * SVG_T + SVG_T / 2) / RES;
            }
        }
    for (p = 0; p < 8 && best < 0 && seg >= 0; p++)
        if ((g->si[seg].ports >> p) & 1u) {
            *fx = (port_x[p] * 3 + 50) / 4;
            *fy = (port_y[p] * 3 + 50) / 4;
            break;
        }
}
