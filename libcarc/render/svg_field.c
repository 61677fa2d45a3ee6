/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: room on a tile's fields (render_internal.h). Where a
 * farmer or a garden lies on a field: the tile is rastered, the cells under
 * cities, roads, rivers, buildings and the walled City are blocked (the
 * point tests of svg_geometry.c), each field is flooded from its ports (a
 * field that touches no side from the free cell nearest the middle), and the
 * cell of the field farthest from everything else is chosen.
 */
#include "render/render_internal.h"

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
static bool blocked(const carci_tile_geo *g, const carci_svg_poly *city, double x, double y)
{
    uint32_t i, p;
    if (carci_svg_in_city(g, city, x, y))
        return true;
    for (i = 0; i < g->nseg; i++) {
        const carc_segment_info *s = &g->si[i];
        if (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_RIVER) {
            if (carci_svg_road_dist2(s, x, y) < 10.0 * 10.0)
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
    carci_svg_poly city[CARCI_MAX_SEG];
    uint32_t i;
    int r, c, p;
    carci_svg_city_polys(g, city);
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
