/* SPDX-License-Identifier: MIT */
/*
 * An SVG picture of the board: carc_game_render_svg (render.h).
 *
 * A standalone SVG 1.1 document. Each tile is 100 x 100 user units, drawn from
 * its segments in board orientation: a green field, roads and rivers from the
 * edge midpoints, city shapes reaching the edges they touch (drawn once in a
 * canonical orientation and turned with a transform), monasteries, villages,
 * pennants and gardens; the river rises at a spring and ends in a lake, and a
 * monastery beside the river stands aside, smaller. Followers are meeples in
 * the player's colour on their segment; farmers lie down; an abbot is a
 * hooded figure in a habit with a cross. With Inns & Cathedrals: an inn is a
 * small house with a pond beside its road, a cathedral a church with two
 * towers in its city (the knight stands below it), the big follower a meeple
 * half as large again as a follower, and the field in the middle of IC/CCCC
 * shows between its four cities (its farmer stands there); a sixth player is
 * grey. With Traders & Builders: a goods symbol is a round token in its city
 * (purple grapes for wine, a golden sheaf for grain, a blue bolt for cloth),
 * the builder a figure with a hammer, the pig a pig in the player's colour;
 * the two corner cities of TB/CcCc.w curve away from each other round their
 * field, and the roads of TB/RRrr cross on a bridge. The tile placed last is
 * outlined; coordinates run along the margins and the scores sit in a legend
 * below the board (with each player's builder, pig and goods tokens), with a
 * key of the river, the garden, the abbot, the inn, the cathedral and the big
 * follower, and a second row for the builder, the pig and the goods, when
 * they are in play (base games: no key, and the same picture as before).
 * With the Count: the City of Carcassonne is one walled city over the parts
 * of its tiles that have no segment (corner towers, a gate where each road
 * stub ends), with its four quarters inside (castle at the top, market on
 * the right, blacksmith at the bottom, cathedral on the left), each with its
 * sign, its name, small meeples for the followers of each player there (the
 * big follower larger) and the crowned Count in his quarter; the legend adds
 * a key, the City in words and the Count's decision the game waits for.
 *
 * Public API only; no allocation. Every number written is an integer, so the
 * output does not depend on the C locale.
 */
#include <carcassonne/carcassonne.h>

#include <stdarg.h>
#include "render/render_layout.h"
#include "util/textbuf.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define T 100       /* tile size */
#define MARGIN 40   /* room for the coordinates */
#define PAD 16
#define LEGEND_ROW 30
#define MAX_SEG 16

/* ---------------------------------------------------------------- output */

/* ---------------------------------------------------------------- shapes */

/* One step of a path in canonical tile coordinates: move, line, quadratic curve, close. */
typedef struct sop {
    char op;
    int x1, y1, x2, y2;
} sop;

/* City shapes for the canonical orientation; the others are turned. */
static const sop city_one[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'Q', 50, 56, 0, 0 }, { 'Z', 0, 0, 0, 0 } };
static const sop city_corner[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                   { 'Q', 28, 72, 0, 0 }, { 'Z', 0, 0, 0, 0 } };
static const sop city_band[] = { { 'M', 0, 0, 0, 0 }, { 'Q', 50, 40, 100, 0 }, { 'L', 100, 100, 0, 0 },
                                 { 'Q', 50, 60, 0, 100 }, { 'Z', 0, 0, 0, 0 } };
static const sop city_three[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                  { 'Q', 50, 40, 0, 100 }, { 'Z', 0, 0, 0, 0 } };
static const sop city_all[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                { 'L', 0, 100, 0, 0 }, { 'Z', 0, 0, 0, 0 } };
/* A corner city facing another corner city across a field (TB/CcCc.w): its
 * wall curves towards its own corner, so the two leave the field between them. */
static const sop city_pair[] = { { 'M', 0, 0, 0, 0 }, { 'L', 100, 0, 0, 0 }, { 'L', 100, 100, 0, 0 },
                                 { 'Q', 72, 28, 0, 0 }, { 'Z', 0, 0, 0, 0 } };

typedef struct city_shape {
    const sop *ops;
    size_t n;
    int turns;          /* quarter turns clockwise from the canonical shape */
    int fig_x, fig_y;   /* where a knight stands (canonical) */
    int pen_x, pen_y;   /* where the pennant hangs (canonical) */
    int good_x, good_y; /* where a goods symbol lies (canonical; no tile has pennants and goods) */
} city_shape;

#define SHAPE(a) a, sizeof a / sizeof a[0]

static city_shape city_for(uint32_t edges)
{
    static const city_shape one = { SHAPE(city_one), 0, 50, 14, 24, 12, 24, 12 };
    static const city_shape corner = { SHAPE(city_corner), 0, 66, 34, 84, 14, 86, 13 };
    static const city_shape band = { SHAPE(city_band), 0, 50, 50, 18, 50, 20, 50 };
    static const city_shape three = { SHAPE(city_three), 0, 50, 36, 22, 22, 22, 22 };
    static const city_shape all = { SHAPE(city_all), 0, 50, 50, 24, 24, 24, 24 };
    city_shape s;
    switch (edges & 15u) {
    case 1: s = one; s.turns = 0; break;
    case 2: s = one; s.turns = 1; break;
    case 4: s = one; s.turns = 2; break;
    case 8: s = one; s.turns = 3; break;
    case 3: s = corner; s.turns = 0; break;
    case 6: s = corner; s.turns = 1; break;
    case 12: s = corner; s.turns = 2; break;
    case 9: s = corner; s.turns = 3; break;
    case 10: s = band; s.turns = 0; break;
    case 5: s = band; s.turns = 1; break;
    case 11: s = three; s.turns = 0; break;
    case 7: s = three; s.turns = 1; break;
    case 14: s = three; s.turns = 2; break;
    case 13: s = three; s.turns = 3; break;
    default: s = all; s.turns = 0; break;
    }
    return s;
}

/* Turn a canonical point k quarter turns clockwise about the tile centre. */
static void turn(int k, int *x, int *y)
{
    for (; k > 0; k--) {
        int nx = T - *y;
        *y = *x;
        *x = nx;
    }
}

static void edge_mid(int side, int *x, int *y)
{
    static const int mx[4] = { 50, 100, 50, 0 }, my[4] = { 0, 50, 100, 50 };
    *x = mx[side & 3];
    *y = my[side & 3];
}

static void out_ops(carci_text *o, const sop *ops, size_t n, bool walls_only)
{
    size_t i;
    int px = 0, py = 0;
    for (i = 0; i < n; i++) {
        const sop *s = &ops[i];
        switch (s->op) {
        case 'M':
            if (!walls_only)
                carci_text_fmt(o, "M%d %d", s->x1, s->y1);
            px = s->x1;
            py = s->y1;
            break;
        case 'L':
            if (!walls_only)
                carci_text_fmt(o, "L%d %d", s->x1, s->y1);
            px = s->x1;
            py = s->y1;
            break;
        case 'Q': {
            /* a 'Q' without an explicit end point closes the shape at its start */
            int ex = s->x2, ey = s->y2;
            if (ex == 0 && ey == 0 && i + 1 < n && ops[i + 1].op == 'Z') {
                ex = ops[0].x1;
                ey = ops[0].y1;
            }
            if (walls_only)
                carci_text_fmt(o, "M%d %d", px, py);
            carci_text_fmt(o, "Q%d %d %d %d", s->x1, s->y1, ex, ey);
            px = ex;
            py = ey;
            break;
        }
        case 'Z':
            if (!walls_only)
                carci_text_str(o, "Z");
            break;
        default:
            break;
        }
    }
}

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
static void flatten(poly *p, const sop *ops, size_t n)
{
    size_t i;
    int k;
    double px = 0, py = 0;
    p->n = 0;
    for (i = 0; i < n; i++) {
        const sop *s = &ops[i];
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
        edge_mid(sides[0], &ax, &ay);
        edge_mid(sides[1], &bx, &by);
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
        edge_mid(sides[k], &mx, &my);
        d = seg_dist2(x, y, mx, my, 50, 50);
        best = d < best ? d : best;
    }
    return best;
}

/* ---------------------------------------------------------------- one tile */

typedef struct tile_geo {
    carc_move t;
    carc_segment_info si[MAX_SEG];
    uint32_t nseg;
    int mon_side;     /* -1: the monastery (if any) stands in the middle; else the side it moved to */
    int mon_x, mon_y; /* moved: the centre of the smaller building */
    bool mon_raised;  /* moved west or east, and north of its own road there */
    int lake_x, lake_y; /* the spring or the lake */
    int inn_x[MAX_SEG], inn_y[MAX_SEG]; /* Inns & Cathedrals: where the inn of road i stands */
    bool inns;          /* the tile has a road with an inn */
    bool corner_pair;   /* two cities in opposite corners (TB/CcCc.w): drawn as city_pair */
    uint32_t coc;       /* the Count: the quadrants that are the walled city (carci_coc_quadrants) */
} tile_geo;

/* The shape of city segment `s` of the tile: by its edges, and for two cities
 * in opposite corners the narrower city_pair (with a knight's spot inside it
 * and a goods symbol's clear of the knight). */
static city_shape seg_city(const tile_geo *g, const carc_segment_info *s)
{
    city_shape cs = city_for(s->edges);
    if (g->corner_pair && cs.ops == city_corner) {
        cs.ops = city_pair;
        cs.n = sizeof city_pair / sizeof city_pair[0];
        cs.fig_x = 80;
        cs.fig_y = 40;
        cs.pen_x = cs.good_x = 56;
        cs.pen_y = cs.good_y = 13;
    }
    return cs;
}

/* Whether the tile has two corner cities in opposite corners. */
static bool has_corner_pair(const tile_geo *g)
{
    uint32_t i, corners = 0;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_CITY)
            corners |= 1u << (g->si[i].edges & 15u);
    return ((corners >> 9) & (corners >> 6) & 1u) || ((corners >> 3) & (corners >> 12) & 1u);
}

/* Where a monastery moved beside a river stands (see carci_monastery_side). */
static void monastery_spot(int side, int *x, int *y)
{
    static const int mx[4] = { 50, 78, 50, 22 }, my[4] = { 24, 50, 76, 50 };
    *x = mx[side & 3];
    *y = my[side & 3];
}

static void road_figure_spot(const tile_geo *g, const carc_segment_info *s, int *x, int *y);

/* Whether (x, y) lies in a city of the tile (board orientation); `city` holds
 * the flattened shapes of the tile's cities (see inn_spot). */
static bool in_city(const tile_geo *g, const poly *city, double x, double y)
{
    uint32_t i;
    int k;
    for (i = 0; i < g->nseg; i++) {
        city_shape cs;
        double cx = x, cy = y;
        if (g->si[i].kind != CARC_SEG_CITY)
            continue;
        cs = seg_city(g, &g->si[i]);
        for (k = 0; k < cs.turns; k++) { /* turn the point back */
            double nx = cy;
            cy = T - cx;
            cx = nx;
        }
        if (in_poly(&city[i], cx, cy))
            return true;
    }
    return false;
}

/*
 * Where the inn of road `seg` stands: on the field beside the road (its
 * centre 17 to 21 units from the road's middle line), clear of cities, other
 * roads, a monastery and a village, and about 24 units from where a follower
 * on the road stands, so that neither hides the other; beside a road that
 * turns a corner, outside the bend (the field inside is small, and keeps room
 * for its farmer).
 */
static void inn_spot(const tile_geo *g, uint32_t seg, int *ix, int *iy)
{
    const carc_segment_info *road = &g->si[seg];
    int fx, fy, x, y, k, bend_x = -1, bend_y = -1, e = (int)(road->edges & 15u);
    double best = 1e18, bend_d = 0;
    static const int cx[5] = { 0, -13, 13, -13, 13 }, cy[5] = { 0, -11, -11, 11, 11 };
    poly city[MAX_SEG];
    uint32_t i;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_CITY) {
            city_shape cs = seg_city(g, &g->si[i]);
            flatten(&city[i], cs.ops, cs.n);
        }
    road_figure_spot(g, road, &fx, &fy);
    if (road->end == CARC_END_NONE && (e == 3 || e == 6 || e == 12 || e == 9)) {
        /* the corner of the tile inside the bend */
        bend_x = (e & (1 << CARC_E)) ? T : 0;
        bend_y = (e & (1 << CARC_N)) ? 0 : T;
        bend_d = (double)(fx - bend_x) * (fx - bend_x) + (double)(fy - bend_y) * (fy - bend_y);
    }
    *ix = fx;
    *iy = fy > 50 ? fy - 20 : fy + 20;
    for (y = 14; y <= 86; y += 2)
        for (x = 14; x <= 86; x += 2) {
            double d = road_dist2(road, x, y), score;
            bool ok = d >= 17.0 * 17.0 && d <= 21.0 * 21.0;
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
            if (!ok)
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

static bool load_tile(tile_geo *g, const carc_move *t)
{
    uint32_t i;
    g->t = *t;
    if (carc_tile_segment_count(&g->nseg, t->tile) != CARC_OK)
        return false;
    if (g->nseg > MAX_SEG)
        g->nseg = MAX_SEG;
    for (i = 0; i < g->nseg; i++) {
        memset(&g->si[i], 0, sizeof g->si[i]);
        g->si[i].struct_size = sizeof g->si[i];
        if (carc_tile_segment(&g->si[i], t->tile, t->rotation, i) != CARC_OK)
            g->si[i].kind = UINT32_MAX;
    }
    g->corner_pair = has_corner_pair(g);
    g->coc = carci_coc_quadrants(g->si, g->nseg);
    g->mon_side = carci_monastery_side(g->si, g->nseg);
    g->mon_x = g->mon_y = g->lake_x = g->lake_y = 50;
    if (g->mon_side >= 0)
        monastery_spot(g->mon_side, &g->mon_x, &g->mon_y);
    g->mon_raised = carci_monastery_above_road(g->si, g->nseg, g->mon_side);
    if (g->mon_raised)
        g->mon_y = 24; /* north of its road, which ends at its door */
    for (i = 0; i < g->nseg; i++) {
        const carc_segment_info *si = &g->si[i];
        int s;
        if (si->kind != CARC_SEG_RIVER || (si->end != CARC_END_SPRING && si->end != CARC_END_LAKE))
            continue;
        /* next to a monastery: half way from the river's edge to the middle */
        for (s = 0; s < 4 && g->mon_side >= 0; s++)
            if ((si->edges >> s) & 1u) {
                edge_mid(s, &g->lake_x, &g->lake_y);
                g->lake_x = (g->lake_x + 50) / 2;
                g->lake_y = (g->lake_y + 50) / 2;
                break;
            }
    }
    g->inns = false;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && (g->si[i].special & CARC_SEGMENT_INN)) {
            inn_spot(g, i, &g->inn_x[i], &g->inn_y[i]);
            g->inns = true;
        }
    return true;
}

static bool has_river(const tile_geo *g)
{
    uint32_t i;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_RIVER)
            return true;
    return false;
}

static bool river_end(const carc_segment_info *si)
{
    return si->kind == CARC_SEG_RIVER && (si->end == CARC_END_SPRING || si->end == CARC_END_LAKE);
}

#define RES 20 /* raster cells per tile side, for finding room in a field */

/*
 * A spot for a farmer (or garden) on field `seg` (-1: any field): the point
 * of that field farthest from everything else, found on a raster where the
 * fields are flooded from their ports.
 */
static void field_spot(const tile_geo *g, int seg, int *fx, int *fy)
{
    static const int port_x[8] = { 25, 75, 98, 98, 75, 25, 2, 2 };
    static const int port_y[8] = { 2, 2, 25, 75, 98, 98, 75, 25 };
    signed char lab[RES][RES]; /* -2 blocked, -1 free, else field segment */
    int queue[RES * RES];
    poly city[MAX_SEG];
    bool is_city[MAX_SEG];
    uint32_t i;
    int r, c, p, best = -1;

    for (i = 0; i < g->nseg; i++) {
        is_city[i] = g->si[i].kind == CARC_SEG_CITY;
        if (is_city[i]) {
            city_shape cs = seg_city(g, &g->si[i]);
            flatten(&city[i], cs.ops, cs.n);
        }
    }
    for (r = 0; r < RES; r++)
        for (c = 0; c < RES; c++) {
            double x = (c + 0.5) * T / RES, y = (r + 0.5) * T / RES;
            lab[r][c] = -1;
            for (i = 0; i < g->nseg; i++) {
                const carc_segment_info *s = &g->si[i];
                if (is_city[i]) {
                    city_shape cs = seg_city(g, s);
                    int k;
                    double cx = x, cy = y;
                    for (k = 0; k < cs.turns; k++) { /* turn the point back */
                        double nx = cy;
                        cy = T - cx;
                        cx = nx;
                    }
                    if (in_poly(&city[i], cx, cy))
                        lab[r][c] = -2;
                } else if (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_RIVER) {
                    if (road_dist2(s, x, y) < 10.0 * 10.0)
                        lab[r][c] = -2;
                    if (river_end(s) &&
                        (x - g->lake_x) * (x - g->lake_x) + (y - g->lake_y) * (y - g->lake_y) < 20.0 * 20.0)
                        lab[r][c] = -2;
                } else if (s->kind == CARC_SEG_MONASTERY) {
                    if (g->mon_side < 0 ? (x > 28 && x < 72 && y > 20 && y < 70)
                                        : (x > g->mon_x - 16 && x < g->mon_x + 16 && y > g->mon_y - 21 &&
                                           y < g->mon_y + 21))
                        lab[r][c] = -2;
                }
            }
            if (lab[r][c] == -1) {
                for (i = 0; i < g->nseg; i++)
                    if (g->si[i].kind == CARC_SEG_ROAD && g->si[i].end == CARC_END_VILLAGE && x > 34 && x < 66 &&
                        y > 34 && y < 66)
                        lab[r][c] = -2;
                for (p = 0; p < 4; p++) /* the walled City of Carcassonne, and its wall */
                    if (((g->coc >> p) & 1u) && (p == 1 || p == 2 ? x > 42 : x < 58) && (p >= 2 ? y > 42 : y < 58))
                        lab[r][c] = -2;
            }
        }
    /* flood each field from its ports */
    for (i = 0; i < g->nseg; i++) {
        if (g->si[i].kind != CARC_SEG_FIELD)
            continue;
        for (p = 0; p < 8; p++) {
            int head = 0, tail = 0;
            if (!((g->si[i].ports >> p) & 1u))
                continue;
            r = port_y[p] * RES / T;
            c = port_x[p] * RES / T;
            if (lab[r][c] != -1)
                continue;
            lab[r][c] = (signed char)i;
            queue[tail++] = r * RES + c;
            while (head < tail) {
                int q = queue[head++], qr = q / RES, qc = q % RES, d;
                static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
                for (d = 0; d < 4; d++) {
                    int nr = qr + dr[d], nc = qc + dc[d];
                    if (nr < 0 || nr >= RES || nc < 0 || nc >= RES || lab[nr][nc] != -1)
                        continue;
                    lab[nr][nc] = (signed char)i;
                    queue[tail++] = nr * RES + nc;
                }
            }
        }
    }
    /* a field that touches no side (IC/CCCC): flooded from the free cell nearest the middle */
    for (i = 0; i < g->nseg; i++) {
        int head = 0, tail = 0, bestd = -1, start = -1;
        if (g->si[i].kind != CARC_SEG_FIELD || g->si[i].ports != 0)
            continue;
        for (r = 0; r < RES; r++)
            for (c = 0; c < RES; c++) {
                int d = (2 * r + 1 - RES) * (2 * r + 1 - RES) + (2 * c + 1 - RES) * (2 * c + 1 - RES);
                if (lab[r][c] == -1 && (bestd < 0 || d < bestd)) {
                    bestd = d;
                    start = r * RES + c;
                }
            }
        if (start < 0)
            continue;
        lab[start / RES][start % RES] = (signed char)i;
        queue[tail++] = start;
        while (head < tail) {
            int q = queue[head++], qr = q / RES, qc = q % RES, d;
            static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
            for (d = 0; d < 4; d++) {
                int nr = qr + dr[d], nc = qc + dc[d];
                if (nr < 0 || nr >= RES || nc < 0 || nc >= RES || lab[nr][nc] != -1)
                    continue;
                lab[nr][nc] = (signed char)i;
                queue[tail++] = nr * RES + nc;
            }
        }
    }
    /* a farmer keeps off the inns (Inns & Cathedrals) */
    for (i = 0; i < g->nseg && seg >= 0 && g->inns; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && (g->si[i].special & CARC_SEGMENT_INN))
            for (r = 0; r < RES; r++)
                for (c = 0; c < RES; c++) {
                    int dx = (c * T + T / 2) / RES - g->inn_x[i], dy = (r * T + T / 2) / RES - g->inn_y[i];
                    if (dx * dx + dy * dy < 17 * 17 && lab[r][c] >= 0)
                        lab[r][c] = -3;
                }
    /* a farmer keeps off the tile's garden (which is drawn on the roomiest spot) */
    for (i = 0; i < g->nseg && seg >= 0; i++)
        if (g->si[i].kind == CARC_SEG_GARDEN) {
            int gx, gy;
            field_spot(g, -1, &gx, &gy);
            for (r = 0; r < RES; r++)
                for (c = 0; c < RES; c++) {
                    int dx = (c * T + T / 2) / RES - gx, dy = (r * T + T / 2) / RES - gy;
                    if (dx * dx + dy * dy < 16 * 16)
                        lab[r][c] = -3;
                }
            break;
        }
    /* the cell with the most room */
    *fx = *fy = 50;
    for (r = 0; r < RES; r++)
        for (c = 0; c < RES; c++) {
            int room, rr, cc, edge;
            if (lab[r][c] < 0 || (seg >= 0 && lab[r][c] != seg))
                continue;
            /* the tile's border counts as an obstacle one cell further out */
            edge = c + 1;
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
            if (room > best) {
                best = room;
                *fx = (c * T + T / 2) / RES;
                *fy = (r * T + T / 2) / RES;
            }
        }
    if (best < 0 && seg >= 0) { /* nothing found: next to the first port */
        for (p = 0; p < 8; p++)
            if ((g->si[seg].ports >> p) & 1u) {
                *fx = (port_x[p] * 3 + 50) / 4;
                *fy = (port_y[p] * 3 + 50) / 4;
                break;
            }
    }
}

/* Where a figure stands on road `s`, in tile coordinates. */
static void road_figure_spot(const tile_geo *g, const carc_segment_info *s, int *x, int *y)
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
        edge_mid(sides[0], x, y);
        *x = (*x + g->mon_x) / 2;
        *y = (*y + g->mon_y + 12) / 2;
    } else if (n == 1) {
        edge_mid(sides[0], x, y);
        *x = (*x * 3 + 50 * 2) / 5;
        *y = (*y * 3 + 50 * 2) / 5;
    } else if (n == 2) {
        int ax, ay, bx, by;
        edge_mid(sides[0], &ax, &ay);
        edge_mid(sides[1], &bx, &by);
        *x = (ax + 2 * 50 + bx) / 4;
        *y = (ay + 2 * 50 + by) / 4;
    }
}

/* Where a figure stands on segment `seg`, in tile coordinates. */
static void figure_spot(const tile_geo *g, uint32_t seg, int *x, int *y)
{
    const carc_segment_info *s;
    *x = *y = 50;
    if (seg >= g->nseg)
        return;
    s = &g->si[seg];
    switch (s->kind) {
    case CARC_SEG_CITY: {
        city_shape cs = seg_city(g, s);
        *x = cs.fig_x;
        *y = cs.fig_y;
        if ((s->special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH)) && cs.ops == city_corner) {
            /* a little away from the goods symbol in the corner */
            *x = 60;
            *y = 40;
        }
        if (s->special & CARC_SEGMENT_CATHEDRAL) {
            /* below the cathedral, which stands where the knight would */
            if (cs.ops == city_all) {
                *y = 76;
            } else {
                *x = cs.pen_x;
                *y = cs.pen_y;
            }
        }
        turn(cs.turns, x, y);
        return;
    }
    case CARC_SEG_ROAD:
        road_figure_spot(g, s, x, y);
        return;
    case CARC_SEG_MONASTERY:
        if (g->mon_side >= 0) {
            /* beside the smaller building, which it would hide */
            if (g->mon_side == CARC_N || g->mon_side == CARC_S) {
                *x = g->mon_x + 20;
                *y = g->mon_y + 4;
            } else {
                *x = g->mon_x;
                *y = g->mon_y + (g->mon_raised ? 22 : 24);
            }
        } else {
            *y = 56;
        }
        return;
    case CARC_SEG_GARDEN:
        field_spot(g, -1, x, y); /* where the garden is drawn */
        return;
    case CARC_SEG_FIELD:
        field_spot(g, (int)seg, x, y);
        return;
    default:
        return;
    }
}

/* A garden: a square of hedge with flowers. */
#define GARDEN_SHAPE \
    "<rect class=\"hedge\" x=\"-12\" y=\"-12\" width=\"24\" height=\"24\" rx=\"7\"/>" \
    "<circle cx=\"-5\" cy=\"-5\" r=\"3.5\"/><circle cx=\"5\" cy=\"-5\" r=\"3.5\"/>" \
    "<circle cx=\"-5\" cy=\"5\" r=\"3.5\"/><circle cx=\"5\" cy=\"5\" r=\"3.5\"/><circle class=\"heart\" r=\"3\"/>"

/* An inn: a house with a red roof and a pond beside it (about 26 x 20, centred). */
#define INN_SHAPE \
    "<ellipse class=\"pond\" cx=\"8\" cy=\"6\" rx=\"7\" ry=\"4.5\"/>" \
    "<rect class=\"house\" x=\"-12\" y=\"-3\" width=\"14\" height=\"11\"/>" \
    "<path class=\"roof\" d=\"M-14 -2L-5 -10L4 -2Z\"/>" \
    "<rect class=\"door\" x=\"-7\" y=\"2\" width=\"4\" height=\"6\"/>"

/* A cathedral: a nave with a gable and a rose window between two towers with
 * spires (about 38 x 40, centred). */
#define CATHEDRAL_SHAPE \
    "<rect x=\"-12\" y=\"-6\" width=\"24\" height=\"20\"/>" \
    "<rect x=\"-19\" y=\"-14\" width=\"8\" height=\"28\"/><rect x=\"11\" y=\"-14\" width=\"8\" height=\"28\"/>" \
    "<path class=\"spire\" d=\"M-20 -14L-15 -25L-10 -14ZM10 -14L15 -25L20 -14Z\"/>" \
    "<path d=\"M-11 -6L0 -16L11 -6Z\"/><circle class=\"rose\" cy=\"0\" r=\"4\"/>" \
    "<path class=\"door\" d=\"M-3.5 14V8Q0 4 3.5 8V14Z\"/>"

/* Goods symbols (Traders & Builders), each on a round token about 20 units
 * across, centred: wine a bunch of grapes with a leaf, grain a sheaf of ears,
 * cloth a bolt of cloth with its loose end. */
#define TOKEN_SHAPE "<circle class=\"token\" r=\"10\"/>"
#define WINE_SHAPE \
    TOKEN_SHAPE "<path class=\"leaf\" d=\"M0 -6Q4 -10 7 -7Q4 -4 0 -6Z\"/>" \
    "<circle cx=\"-3.2\" cy=\"-2.5\" r=\"2.4\"/><circle cx=\"1.6\" cy=\"-2.5\" r=\"2.4\"/>" \
    "<circle cx=\"-0.8\" cy=\"1.6\" r=\"2.4\"/><circle cx=\"4\" cy=\"1.6\" r=\"2.4\"/>" \
    "<circle cx=\"1.6\" cy=\"5.6\" r=\"2.4\"/>"
#define GRAIN_SHAPE \
    TOKEN_SHAPE "<path class=\"stalk\" d=\"M0 8V-3M0 8L-5 -2M0 8L5 -2\"/>" \
    "<ellipse cx=\"0\" cy=\"-5\" rx=\"2\" ry=\"3.6\"/>" \
    "<ellipse cx=\"-5.4\" cy=\"-4\" rx=\"2\" ry=\"3.4\" transform=\"rotate(-25 -5.4 -4)\"/>" \
    "<ellipse cx=\"5.4\" cy=\"-4\" rx=\"2\" ry=\"3.4\" transform=\"rotate(25 5.4 -4)\"/>"
#define CLOTH_SHAPE \
    TOKEN_SHAPE "<path class=\"bolt\" d=\"M-7 -4H3V5H-7Z\"/><path class=\"bolt\" d=\"M3 -4L7 -1V8L3 5Z\"/>" \
    "<path class=\"fold\" d=\"M-7 -1H3M-7 2H3\"/>"

static const char *const good_name[CARC_GOOD_COUNT] = { "wine", "grain", "cloth" };
static const char *const good_shape[CARC_GOOD_COUNT] = { WINE_SHAPE, GRAIN_SHAPE, CLOTH_SHAPE };

/* The goods symbols of city segment `si`: side by side at its goods spot
 * (no tile has two kinds in one city, but the picture would show them). */
static void draw_goods(carci_text *o, const tile_geo *g, const carc_segment_info *si)
{
    city_shape cs = seg_city(g, si);
    uint32_t k, n = 0;
    for (k = 0; k < CARC_GOOD_COUNT; k++) {
        int gx = cs.good_x + 22 * (int)n, gy = cs.good_y;
        if (!(si->special & CARC_SEGMENT_GOOD(k)))
            continue;
        if (gx > T - 12)
            gx -= 44 * (int)n; /* no room on that side: the other */
        turn(cs.turns, &gx, &gy);
        carci_text_fmt(o, "<g class=\"goods %s\" transform=\"translate(%d %d)\">%s</g>", good_name[k], gx, gy,
                       good_shape[k]);
        n++;
    }
}

/* Two straight roads that cross without meeting (TB/RRrr): the east-west
 * road, drawn last, goes over on a bridge with a parapet on each side. */
static void draw_bridge(carci_text *o, const tile_geo *g)
{
    uint32_t i, straight = 0;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && g->si[i].end == CARC_END_NONE)
            straight |= 1u << (g->si[i].edges & 15u);
    if ((straight >> 5) & (straight >> 10) & 1u)
        carci_text_str(o, "<path class=\"bridge\" d=\"M32 41H68M32 59H68\"/>");
}

static void draw_tile(carci_text *o, const tile_geo *g, int ox, int oy)
{
    uint32_t i;
    int s, k;
    bool village = false;

    carci_text_fmt(o, "<g transform=\"translate(%d %d)\">", ox, oy);
    carci_text_str(o, "<rect class=\"field\" width=\"100\" height=\"100\"/>");
    /* rivers, then roads */
    for (k = 0; k < 2; k++)
        for (i = 0; i < g->nseg; i++) {
            const carc_segment_info *si = &g->si[i];
            int e = (int)(si->edges & 15u), n = 0, sides[4], ax, ay, bx, by;
            char d[96];
            if (si->kind != (k == 0 ? CARC_SEG_RIVER : CARC_SEG_ROAD))
                continue;
            for (s = 0; s < 4; s++)
                if ((e >> s) & 1)
                    sides[n++] = s;
            d[0] = '\0';
            if (n == 2 && si->end == CARC_END_NONE) {
                edge_mid(sides[0], &ax, &ay);
                edge_mid(sides[1], &bx, &by);
                snprintf(d, sizeof d, "M%d %dQ50 50 %d %d", ax, ay, bx, by);
            } else {
                /* to the middle, or to where a moved monastery or the lake or spring lies */
                int tx = 50, ty = 50;
                if (river_end(si)) {
                    tx = g->lake_x;
                    ty = g->lake_y;
                } else if (si->end == CARC_END_MONASTERY && g->mon_side >= 0) {
                    tx = g->mon_x; /* its door */
                    ty = g->mon_y + 12;
                } else if (si->end == CARC_END_CITY && n == 1 && has_river(g)) {
                    /* over the river (a bridge) into the city on the far side (RB) */
                    edge_mid((sides[0] + 2) % 4, &tx, &ty);
                    tx = (tx + 50) / 2;
                    ty = (ty + 50) / 2;
                }
                for (s = 0; s < n; s++) {
                    size_t used = strlen(d);
                    edge_mid(sides[s], &ax, &ay);
                    if (tx == 50 && ty == 50)
                        snprintf(d + used, sizeof d - used, "M%d %dL50 50", ax, ay);
                    else
                        snprintf(d + used, sizeof d - used, "M%d %dL%d %d", ax, ay, tx, ty);
                }
            }
            /* a darker verge under a lighter track */
            carci_text_fmt(o, "<path class=\"%s-edge\" d=\"%s\"/><path class=\"%s\" d=\"%s\"/>", k == 0 ? "river" : "road", d,
                    k == 0 ? "river" : "road", d);
            if (si->kind == CARC_SEG_ROAD && si->end == CARC_END_VILLAGE)
                village = true;
            if (si->end == CARC_END_LAKE)
                carci_text_fmt(o, "<circle class=\"lake\" cx=\"%d\" cy=\"%d\" r=\"16\"/>", g->lake_x, g->lake_y);
            else if (si->end == CARC_END_SPRING)
                carci_text_fmt(o, "<g class=\"spring\" transform=\"translate(%d %d)\"><circle r=\"11\"/>"
                               "<path d=\"M-6 -1Q-3 -5 0 -1T6 -1M-4 4Q-2 1 0 4T4 4\"/></g>", g->lake_x, g->lake_y);
        }
    /* cities */
    for (i = 0; i < g->nseg; i++) {
        city_shape cs;
        if (g->si[i].kind != CARC_SEG_CITY)
            continue;
        cs = seg_city(g, &g->si[i]);
        if (cs.turns)
            carci_text_fmt(o, "<g transform=\"rotate(%d 50 50)\">", cs.turns * 90);
        carci_text_str(o, "<path class=\"city\" d=\"");
        out_ops(o, cs.ops, cs.n, false);
        carci_text_str(o, "\"/>");
        if (cs.ops != city_all) {
            carci_text_str(o, "<path class=\"wall\" d=\"");
            out_ops(o, cs.ops, cs.n, true);
            carci_text_str(o, "\"/>");
        }
        if (cs.turns)
            carci_text_str(o, "</g>");
    }
    /* pennants: a small shield */
    for (i = 0; i < g->nseg; i++) {
        city_shape cs;
        int px, py;
        if (g->si[i].kind != CARC_SEG_CITY || g->si[i].pennants == 0)
            continue;
        cs = seg_city(g, &g->si[i]);
        px = cs.pen_x;
        py = cs.pen_y;
        turn(cs.turns, &px, &py);
        carci_text_fmt(o, "<path class=\"pennant\" transform=\"translate(%d %d)\" d=\"M-7 -8H7V0Q7 6 0 10Q-7 6 -7 0Z\"/>", px,
                py);
    }
    if (village)
        carci_text_str(o, "<g class=\"village\"><rect x=\"41\" y=\"44\" width=\"18\" height=\"14\"/>"
                   "<path d=\"M38 45L50 35L62 45Z\"/></g>");
    for (i = 0; i < g->nseg; i++) {
        if (g->si[i].kind == CARC_SEG_MONASTERY && g->mon_side >= 0)
            /* beside a river: a smaller building, centred on (mon_x, mon_y) */
            carci_text_fmt(o, "<g class=\"monastery\" transform=\"translate(%d %d) scale(0.62) translate(-50 -39)\">"
                           "<rect x=\"34\" y=\"40\" width=\"32\" height=\"26\"/>"
                           "<path class=\"roof\" d=\"M30 42L50 24L70 42Z\"/>"
                           "<rect class=\"door\" x=\"46\" y=\"54\" width=\"8\" height=\"12\"/>"
                           "<path class=\"cross\" d=\"M50 12V24M45 16H55\"/></g>",
                           g->mon_x, g->mon_y);
        else if (g->si[i].kind == CARC_SEG_MONASTERY)
            carci_text_str(o, "<g class=\"monastery\"><rect x=\"34\" y=\"40\" width=\"32\" height=\"26\"/>"
                       "<path class=\"roof\" d=\"M30 42L50 24L70 42Z\"/>"
                       "<rect class=\"door\" x=\"46\" y=\"54\" width=\"8\" height=\"12\"/>"
                       "<path class=\"cross\" d=\"M50 12V24M45 16H55\"/></g>");
        if (g->si[i].kind == CARC_SEG_GARDEN) {
            int gx, gy;
            field_spot(g, -1, &gx, &gy);
            carci_text_fmt(o, "<g class=\"garden\" transform=\"translate(%d %d)\">" GARDEN_SHAPE "</g>", gx, gy);
        }
    }
    /* Inns & Cathedrals */
    for (i = 0; i < g->nseg; i++) {
        const carc_segment_info *si = &g->si[i];
        if (si->kind == CARC_SEG_CITY && (si->special & CARC_SEGMENT_CATHEDRAL)) {
            city_shape cs = seg_city(g, si);
            int cx = cs.fig_x, cy = cs.ops == city_all ? 38 : cs.fig_y;
            turn(cs.turns, &cx, &cy);
            carci_text_fmt(o, "<g class=\"cathedral\" transform=\"translate(%d %d)\">" CATHEDRAL_SHAPE "</g>", cx, cy);
        }
        if (si->kind == CARC_SEG_ROAD && (si->special & CARC_SEGMENT_INN))
            carci_text_fmt(o, "<g class=\"inn\" transform=\"translate(%d %d)\">" INN_SHAPE "</g>", g->inn_x[i],
                           g->inn_y[i]);
        /* Traders & Builders */
        if (si->kind == CARC_SEG_CITY && (si->special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH)))
            draw_goods(o, g, si);
    }
    draw_bridge(o, g);
    carci_text_str(o, "<rect class=\"edge\" width=\"100\" height=\"100\"/></g>\n");
}

/* ---------------------------------------------------------------- figures */

/* the sixth player (Inns & Cathedrals) is grey */
static const char *const player_fill[6] = { "#d7261e", "#1f5fd0", "#f4c20d", "#262626", "#c23fbd", "#9a9a9a" };
static const char *const player_name[6] = { "red", "blue", "yellow", "black", "purple", "grey" };

#define MEEPLE_PATH \
    "M-3.5 -7.5A5 5 0 1 1 3.5 -7.5L11 -4Q13.5 -2.5 12 1L5 1L9.5 11H2L0 6L-2 11H-9.5L-5 1L-12 1Q-13.5 -2.5 -11 -4Z"

static void draw_meeple(carci_text *o, uint32_t player, int x, int y, bool lying, const char *extra_class)
{
    carci_text_fmt(o,
            "<g class=\"figure player%lu%s\" transform=\"translate(%d %d) scale(1.3)%s\">"
            "<path fill=\"%s\" stroke=\"%s\" d=\"" MEEPLE_PATH "\"/></g>\n",
            (unsigned long)player, extra_class, x, y, lying ? " rotate(-90) scale(0.85)" : "",
            player_fill[player % 6], (player % 6) == 3 ? "#e8e8e8" : "#101010");
}

/* The big follower (Inns & Cathedrals): a meeple half as large again as a
 * follower, with a thicker outline. */
static void draw_big(carci_text *o, uint32_t player, int x, int y, bool lying)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu big%s\" transform=\"translate(%d %d) scale(1.95)%s\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"" MEEPLE_PATH "\"/></g>\n",
                   (unsigned long)player, lying ? " farmer" : "", x, y, lying ? " rotate(-90) scale(0.85)" : "",
                   player_fill[player % 6], (player % 6) == 3 ? "#e8e8e8" : "#101010");
}

/*
 * The abbot: a hooded figure in a long habit with a cross, in the player's
 * colour; taller and narrower than a follower.
 */
#define ABBOT_PATH \
    "M-4.6 -8.6A4.6 4.6 0 1 1 4.6 -8.6A4.6 4.6 0 1 1 -4.6 -8.6Z" \
    "M-4.5 -3.2Q0 -5.4 4.5 -3.2L7.5 2L10.5 11.5H-10.5L-7.5 2Z"
#define ABBOT_CROSS "M0 -1.5V8M-3.5 1.5H3.5"

static void draw_abbot(carci_text *o, uint32_t player, int x, int y)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu abbot\" transform=\"translate(%d %d) scale(1.3)\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"" ABBOT_PATH "\"/>"
                   "<path class=\"habit-cross\" stroke=\"%s\" d=\"" ABBOT_CROSS "\"/></g>\n",
                   (unsigned long)player, x, y, player_fill[player % 6], (player % 6) == 3 ? "#e8e8e8" : "#101010",
                   (player % 6) == 2 || (player % 6) == 5 ? "#101010" : "#ffffff");
}

/*
 * The builder (Traders & Builders): a stocky figure in the player's colour
 * with a hammer raised in its hand; shorter and broader than a follower.
 */
#define BUILDER_PATH \
    "M-4.4 -8A4.4 4.4 0 1 1 4.4 -8A4.4 4.4 0 1 1 -4.4 -8Z" \
    "M-7 -2.5H7L9 4H5L6.5 11H1L0 7L-1 11H-6.5L-5 4H-9Z"
#define BUILDER_HAMMER "M6 0L11 -9M8 -12L14 -6"

/* A builder's, a pig's or an abbot's outline: light on the black player's figure. */
static const char *figure_stroke(uint32_t player)
{
    return (player % 6) == 3 ? "#e8e8e8" : "#101010";
}

static void draw_builder(carci_text *o, uint32_t player, int x, int y)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu builder\" transform=\"translate(%d %d) scale(1.45)\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"" BUILDER_PATH "\"/>"
                   "<path class=\"hammer\" d=\"" BUILDER_HAMMER "\"/></g>\n",
                   (unsigned long)player, x, y, player_fill[player % 6], figure_stroke(player));
}

/* The pig (Traders & Builders): a pig seen from the side, in the player's
 * colour, with a snout, an ear, four legs and a curly tail. */
#define PIG_PATH \
    "M-11 -1Q-11 -8 -2 -8Q6 -8 9 -4L13 -3Q15 0 13 2L9 3Q7 7 3 7V10H0V7H-5V10H-8V6Q-11 4 -11 -1Z" \
    "M5 -7L7 -12L9 -6Z"
#define PIG_TAIL "M-11 -2Q-15 -4 -13 -6Q-11 -7 -13 -9"

static void draw_pig(carci_text *o, uint32_t player, int x, int y)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu pig\" transform=\"translate(%d %d) scale(1.3)\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"" PIG_PATH "\"/>"
                   "<path class=\"tail\" stroke=\"%s\" d=\"" PIG_TAIL "\"/>"
                   "<circle class=\"eye\" cx=\"8\" cy=\"-3\" r=\"1\"/></g>\n",
                   (unsigned long)player, x, y, player_fill[player % 6], figure_stroke(player), figure_stroke(player));
}

/* ---------------------------------------------------------------- the Count */

/* The signs of the quarters (about 28 x 28, centred): a castle with three
 * towers, a market stall under a striped awning, an anvil with a hammer, a
 * church with two towers (the cathedral of Inns & Cathedrals, smaller). */
static const char *const quarter_sign[4] = {
    "<path d=\"M-13 13V-5H-9V-9H-5V-5H-3V-12H3V-5H5V-9H9V-5H13V13Z\"/>"
    "<path class=\"door\" d=\"M-4 13V7Q0 2 4 7V13Z\"/>",
    "<rect x=\"-12\" y=\"-2\" width=\"24\" height=\"14\"/><path class=\"awning\" d=\"M-14 -2L-10 -11H10L14 -2Z\"/>"
    "<path class=\"stripe\" d=\"M-5 -11L-7 -2M0 -11V-2M5 -11L7 -2\"/>",
    "<path d=\"M-14 -3H8Q14 -3 14 2H4L2 5V8H7V12H-7V8H-2V5L-6 1H-14Z\"/>"
    "<path class=\"hammer\" d=\"M-6 -7L2 -15M-1 -18L5 -12\"/>",
    "<g transform=\"scale(0.75)\">" CATHEDRAL_SHAPE "</g>"
};

/* The Count: a robed figure with a golden crown. */
#define COUNT_SHAPE \
    "<path class=\"robe\" d=\"M-4 -8A5 5 0 1 1 4 -8L9 -3L7 12H-7L-9 -3Z\"/>" \
    "<path class=\"crown\" d=\"M-5 -15V-20L-2.5 -17L0 -21L2.5 -17L5 -20V-15Z\"/>"

/* The box of the walled city, in picture coordinates. */
typedef struct city_box {
    bool on;
    int x0, y0, x1, y1;
} city_box;

/* Add the walled quadrants of a tile drawn at (ox, oy) to the box. */
static void city_box_add(city_box *b, const tile_geo *g, int ox, int oy)
{
    uint32_t q;
    for (q = 0; q < 4; q++) {
        int x = ox + (q == 1 || q == 2 ? T / 2 : 0), y = oy + (q >= 2 ? T / 2 : 0);
        if (!((g->coc >> q) & 1u))
            continue;
        if (!b->on || x < b->x0)
            b->x0 = x;
        if (!b->on || y < b->y0)
            b->y0 = y;
        if (!b->on || x + T / 2 > b->x1)
            b->x1 = x + T / 2;
        if (!b->on || y + T / 2 > b->y1)
            b->y1 = y + T / 2;
        b->on = true;
    }
}

/* One quarter at (cx, cy): its sign, its name, a meeple per follower of each
 * player there (the big follower half as large again), the Count if he is there. */
static void draw_quarter(carci_text *o, const carci_city *city, uint32_t q, int cx, int cy)
{
    uint32_t p, k;
    int total = 0, step, x;
    carci_text_fmt(o, "<g class=\"quarter quarter-%s\" transform=\"translate(%d %d)\">", carci_quarter_name(q), cx, cy);
    carci_text_fmt(o, "<g class=\"sign\" transform=\"translate(-50 0)\">%s</g>", quarter_sign[q]);
    carci_text_fmt(o, "<text x=\"8\" y=\"-10\">%s</text>", carci_quarter_name(q));
    for (p = 0; p < city->players; p++)
        total += 18 * (int)city->followers[q][p] + 26 * (int)city->big[q][p];
    step = total > 70 ? 70 * 100 / total : 100; /* squeezed together when they do not fit */
    x = -26 * 100;
    for (p = 0; p < city->players; p++)
        for (k = 0; k < city->followers[q][p] + city->big[q][p]; k++) {
            bool big = k >= city->followers[q][p];
            int wd = (big ? 26 : 18) * step;
            carci_text_fmt(o, "<g class=\"quarter-figure player%lu%s\" transform=\"translate(%d %d) scale(%s)\">"
                           "<path fill=\"%s\" stroke=\"%s\" stroke-width=\"1.6\" d=\"" MEEPLE_PATH "\"/></g>",
                           (unsigned long)p, big ? " big" : "", (x + wd / 2) / 100, big ? 10 : 12, big ? "1.1" : "0.75",
                           player_fill[p % 6], figure_stroke(p));
            x += wd;
        }
    if (city->count == q)
        carci_text_str(o, "<g class=\"count\" transform=\"translate(58 -4)\">" COUNT_SHAPE "</g>");
    carci_text_str(o, "</g>");
}

/*
 * The walled City of Carcassonne over box `b`: the ground, a crenellated wall
 * with a tower at each corner, a gate where each road of its tiles ends at
 * the wall (their middles, `gates` of them at gx, gy), and the four quarters,
 * each on its side (carci_quarter_side).
 */
static void draw_city(carci_text *o, const city_box *b, const carci_city *city, const int *gx, const int *gy, int gates)
{
    int w = b->x1 - b->x0, h = b->y1 - b->y0, k;
    uint32_t q;
    carci_text_str(o, "<g class=\"coc\">");
    carci_text_fmt(o, "<rect class=\"coc-ground\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", b->x0, b->y0, w, h);
    carci_text_fmt(o, "<rect class=\"coc-wall\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", b->x0, b->y0, w, h);
    carci_text_fmt(o, "<rect class=\"coc-crenel\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", b->x0, b->y0, w, h);
    for (k = 0; k < 4; k++)
        carci_text_fmt(o, "<circle class=\"tower\" cx=\"%d\" cy=\"%d\" r=\"9\"/>", k == 1 || k == 2 ? b->x1 : b->x0,
                       k >= 2 ? b->y1 : b->y0);
    for (k = 0; k < gates; k++)
        carci_text_fmt(o, "<path class=\"gate\" transform=\"translate(%d %d)\" d=\"M-6 6V0Q0 -8 6 0V6Z\"/>", gx[k], gy[k]);
    for (q = 0; q < 4; q++) {
        int side = carci_quarter_side(q);
        int cx = b->x0 + (side == CARC_W ? w / 4 : side == CARC_E ? 3 * w / 4 : w / 2);
        int cy = b->y0 + (side == CARC_N ? h / 5 : side == CARC_S ? h - h / 5 : h / 2);
        draw_quarter(o, city, q, cx, cy);
    }
    carci_text_str(o, "</g>\n");
}

/* The key's row for the Count: the walled city and the Count. */
static void draw_count_key(carci_text *o, int x, int y)
{
    carci_text_str(o, "<g class=\"key\">");
    carci_text_fmt(o, "<rect class=\"coc-ground coc-key\" x=\"%d\" y=\"%d\" width=\"26\" height=\"18\"/>", x, y - 9);
    carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">the City of Carcassonne and its quarters (no figure on its tiles)</text>",
                   x + 34, y + 6);
    x += 600;
    carci_text_fmt(o, "<g class=\"count\" transform=\"translate(%d %d)\">" COUNT_SHAPE "</g>", x + 10, y + 2);
    carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">the Count</text>", x + 26, y + 6);
    carci_text_str(o, "</g>\n");
}

/* ---------------------------------------------------------------- document */

/* The key of the expansions' pieces, one row under the players: the river, its
 * spring and lake, the garden and the abbot, the inn, the cathedral and the big
 * follower, for the modules in play. */
static void draw_key(carci_text *o, int x, int y, bool river, bool abbot, bool inns)
{
    carci_text_str(o, "<g class=\"key\">");
    if (river) {
        carci_text_fmt(o, "<path class=\"river-edge\" d=\"M%d %dH%d\"/><path class=\"river\" d=\"M%d %dH%d\"/>", x,
                       y, x + 30, x, y, x + 30);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">river</text>", x + 38, y + 6);
        x += 100;
        carci_text_fmt(o, "<g class=\"spring\" transform=\"translate(%d %d)\"><circle r=\"11\"/>"
                       "<path d=\"M-6 -1Q-3 -5 0 -1T6 -1M-4 4Q-2 1 0 4T4 4\"/></g>", x + 11, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">spring</text>", x + 28, y + 6);
        x += 100;
        carci_text_fmt(o, "<circle class=\"lake\" cx=\"%d\" cy=\"%d\" r=\"11\"/>", x + 11, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">lake</text>", x + 28, y + 6);
        x += 84;
    }
    if (abbot) {
        carci_text_fmt(o, "<g class=\"garden\" transform=\"translate(%d %d) scale(0.8)\">" GARDEN_SHAPE "</g>", x + 10,
                       y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">garden</text>", x + 26, y + 6);
        x += 96;
        carci_text_fmt(o, "<g transform=\"translate(%d %d)\"><path fill=\"#ffffff\" stroke=\"#101010\" stroke-width=\"1.8\" "
                       "d=\"" ABBOT_PATH "\"/><path class=\"habit-cross\" stroke=\"#101010\" d=\"" ABBOT_CROSS "\"/></g>",
                       x + 10, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">abbot</text>", x + 26, y + 6);
        x += 92;
    }
    if (inns) {
        carci_text_fmt(o, "<g class=\"inn\" transform=\"translate(%d %d)\">" INN_SHAPE "</g>", x + 14, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">inn</text>", x + 32, y + 6);
        x += 74;
        carci_text_fmt(o, "<g class=\"cathedral\" transform=\"translate(%d %d) scale(0.6)\">" CATHEDRAL_SHAPE "</g>",
                       x + 12, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">cathedral</text>", x + 28, y + 6);
        x += 120;
        carci_text_fmt(o, "<g transform=\"translate(%d %d) scale(1.5)\"><path fill=\"#ffffff\" stroke=\"#101010\" "
                       "stroke-width=\"1.8\" d=\"" MEEPLE_PATH "\"/></g>", x + 18, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">big follower (counts as two)</text>", x + 42, y + 6);
    }
    carci_text_str(o, "</g>\n");
}

/* The key's second row (Traders & Builders): the builder, the pig (with
 * farmers), the three goods. */
static void draw_traders_key(carci_text *o, int x, int y, bool pig)
{
    uint32_t k;
    carci_text_str(o, "<g class=\"key\">");
    carci_text_fmt(o, "<g transform=\"translate(%d %d) scale(1.2)\"><path fill=\"#ffffff\" stroke=\"#101010\" "
                   "stroke-width=\"1.8\" d=\"" BUILDER_PATH "\"/><path class=\"hammer\" d=\"" BUILDER_HAMMER "\"/></g>",
                   x + 12, y);
    carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">builder (a second tile)</text>", x + 30, y + 6);
    x += 230;
    if (pig) {
        carci_text_fmt(o, "<g transform=\"translate(%d %d) scale(1.2)\"><path fill=\"#ffffff\" stroke=\"#101010\" "
                       "stroke-width=\"1.8\" d=\"" PIG_PATH "\"/><path class=\"tail\" stroke=\"#101010\" d=\""
                       PIG_TAIL "\"/></g>", x + 16, y);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">pig (4 per city)</text>", x + 38, y + 6);
        x += 190;
    }
    for (k = 0; k < CARC_GOOD_COUNT; k++) {
        carci_text_fmt(o, "<g class=\"goods %s\" transform=\"translate(%d %d)\">%s</g>", good_name[k], x + 11, y,
                       good_shape[k]);
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%s</text>", x + 28, y + 6, good_name[k]);
        x += 96;
    }
    carci_text_str(o, "</g>\n");
}

/* What player p has and where his figures are, for his legend line: the
 * figures of each module in play and, with Traders & Builders, his goods. */
static void player_holdings(char *buf, size_t cap, const carc_game *game, uint32_t p, uint32_t modules)
{
    uint32_t abbots = 0, bigs = 0, builders = 0, pigs = 0, goods[CARC_GOOD_COUNT] = { 0 }, k;
    bool traders = (modules & CARC_MODULE_TRADERS) != 0, pig = traders && (modules & CARC_MODULE_FARMERS);
    (void)carc_game_figure_supply(&abbots, game, p, CARC_FIGURE_ABBOT);
    (void)carc_game_figure_supply(&bigs, game, p, CARC_FIGURE_BIG);
    (void)carc_game_figure_supply(&builders, game, p, CARC_FIGURE_BUILDER);
    (void)carc_game_figure_supply(&pigs, game, p, CARC_FIGURE_PIG);
    for (k = 0; k < CARC_GOOD_COUNT; k++)
        (void)carc_game_goods(&goods[k], game, p, k);
    snprintf(buf, cap, "%s%s%s%s", !(modules & CARC_MODULE_ABBOT) ? "" : abbots > 0 ? ", abbot in supply" : ", abbot on the board",
             !(modules & CARC_MODULE_INNS) ? "" : bigs > 0 ? ", big follower in supply" : ", big follower on the board",
             !traders ? "" : builders > 0 ? ", builder in supply" : ", builder on the board",
             !pig ? "" : pigs > 0 ? ", pig in supply" : ", pig on the board");
    if (traders) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "; goods: %lu wine, %lu grain, %lu cloth",
                 (unsigned long)goods[CARC_GOOD_WINE], (unsigned long)goods[CARC_GOOD_GRAIN],
                 (unsigned long)goods[CARC_GOOD_CLOTH]);
    }
}

static void render(carci_text *o, const carc_game *game, uint32_t flags)
{
    int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    int64_t x, y, cols, rows;
    uint32_t ntiles = 0, nfig = 0, players = 0, i, p, leaders = 0, turn_p = 0, remaining = 0;
    int width, height, board_w, board_h, legend_h;
    bool over = false, legend = !(flags & CARC_RENDER_NO_LEGEND), river, abbot, inns, traders, decision;
    char holdings[192], city_line[640], decision_line[256];
    carc_game_options opts;
    carc_move t;
    tile_geo g;
    carci_city city;
    city_box box = { false, 0, 0, 0, 0 };
    int gate_x[8], gate_y[8], gates = 0;
    uint32_t setup;

    memset(&opts, 0, sizeof opts);
    if (carc_game_options_get(&opts, game) != CARC_OK)
        opts.modules = 0;
    river = (opts.modules & CARC_MODULE_RIVER) != 0;
    abbot = (opts.modules & CARC_MODULE_ABBOT) != 0;
    inns = (opts.modules & CARC_MODULE_INNS) != 0;
    traders = (opts.modules & CARC_MODULE_TRADERS) != 0;

    (void)carc_game_bounds(&min_x, &min_y, &max_x, &max_y, game);
    (void)carc_game_tile_count(&ntiles, game);
    (void)carc_game_figure_count(&nfig, game);
    (void)carc_game_players(&players, game);
    (void)carc_game_is_over(&over, game);
    turn_p = carci_deciding_player(game);
    (void)carc_game_leaders(&leaders, game);
    (void)carc_game_remaining(&remaining, game);
    cols = (int64_t)max_x - min_x + 1;
    rows = (int64_t)max_y - min_y + 1;
    if (cols > 2000 || rows > 2000)
        cols = rows = 1; /* cannot happen with a connected board; keep sizes sane */
    board_w = (int)cols * T;
    board_h = (int)rows * T;
    carci_city_load(&city, game);
    city_line[0] = '\0';
    if (city.on)
        carci_city_line(city_line, sizeof city_line, &city);
    decision = carci_count_decision(decision_line, sizeof decision_line, game);
    /* with the Count: its key, the City in words, the decision the game waits for */
    legend_h = legend ? (int)(players + 2 + (river || abbot || inns ? 1 : 0) + (traders ? 1 : 0) + (city.on ? 3 : 0)) *
                            LEGEND_ROW
                      : 0;
    width = MARGIN + board_w + PAD;
    if (legend && width < 560)
        width = 560;
    if (legend && abbot && width < 860) /* room for ", abbot on the board" */
        width = 860;
    if (legend && inns && width < (abbot ? 1140 : 960)) /* room for ", big follower on the board", and the key */
        width = abbot ? 1140 : 960;
    if (legend && traders) {
        /* room for the longest player's line (about 10 units a character at
         * 17px) and for the key's second row */
        int need = 820;
        for (p = 0; p < players; p++) {
            int w;
            player_holdings(holdings, sizeof holdings, game, p, opts.modules);
            w = MARGIN + 22 + (int)(strlen(holdings) + 60) * 10;
            need = w > need ? w : need;
        }
        width = width < need ? need : width;
    }
    if (legend && city.on) {
        /* the key's row, and the lines in words (about 9 units a character) */
        int need = MARGIN + 760, w = MARGIN + 20 + (int)strlen(city_line) * 9;
        need = w > need ? w : need;
        w = MARGIN + 20 + (int)strlen(decision_line) * 9;
        need = w > need ? w : need;
        width = width < need ? need : width;
    }
    height = MARGIN + board_h + PAD + legend_h;

    carci_text_fmt(o,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
            width, height, width, height);
    carci_text_str(o, "<title>Carcassonne board</title>\n<defs><style type=\"text/css\"><![CDATA[\n"
               ".field{fill:#8fbf4d}\n"
               ".edge{fill:none;stroke:#4d6b2a;stroke-width:1.5}\n"
               ".city{fill:#d9b173}\n"
               ".wall{fill:none;stroke:#7a5228;stroke-width:4;stroke-linecap:round}\n"
               ".road-edge{fill:none;stroke:#8c7a55;stroke-width:13}\n"
               ".road{fill:none;stroke:#f6f0dd;stroke-width:8}\n"
               ".river-edge{fill:none;stroke:#2a6aa8;stroke-width:20}\n"
               ".river{fill:none;stroke:#5aa7e8;stroke-width:14}\n"
               ".lake{fill:#3f8fd8}\n"
               ".pennant{fill:#2a52a8;stroke:#fff;stroke-width:2}\n"
               ".village rect,.village path{fill:#e8d8b8;stroke:#6b4a2a;stroke-width:2}\n"
               ".monastery rect{fill:#f2e6cf;stroke:#6b4a2a;stroke-width:2}\n"
               ".monastery .roof{fill:#c0392b;stroke:#6b2015;stroke-width:2}\n"
               ".monastery .door{fill:#6b4a2a}\n"
               ".monastery .cross{fill:none;stroke:#6b2015;stroke-width:2.5}\n"
               ".garden circle{fill:#ef7ab8}.garden .heart{fill:#ffe14d}\n"
               ".figure path{stroke-width:1.8;stroke-linejoin:round}\n"
               ".last{fill:none;stroke:#ff7f00;stroke-width:5}\n"
               ".coord{font-size:16px;fill:#555;text-anchor:middle}\n"
               ".legend{font-size:17px;fill:#222}\n");
    if (river || abbot) /* only with the expansions: the base game's picture stays as it was */
        carci_text_str(o, ".spring circle{fill:#bfe3ff;stroke:#2a6aa8;stroke-width:3}\n"
                          ".spring path{fill:none;stroke:#2a6aa8;stroke-width:1.5}\n"
                          ".garden .hedge{fill:#4f8a2c;stroke:#2f5a18;stroke-width:2}\n"
                          ".figure .habit-cross,.key .habit-cross{fill:none;stroke-width:1.6;stroke-linecap:round}\n");
    if (inns)
        carci_text_str(o, ".inn .house{fill:#f0dcb4;stroke:#6b4a2a;stroke-width:1.5}\n"
                          ".inn .roof{fill:#b03a2e;stroke:#6b2015;stroke-width:1.5;stroke-linejoin:round}\n"
                          ".inn .door{fill:#6b4a2a}.inn .pond{fill:#3f8fd8;stroke:#2a6aa8;stroke-width:1}\n"
                          ".cathedral rect,.cathedral path{fill:#ece8f4;stroke:#4a3b6b;stroke-width:1.5;"
                          "stroke-linejoin:round}\n"
                          ".cathedral .spire{fill:#5b4a8a}.cathedral .rose{fill:#8e7cc3;stroke:#4a3b6b;stroke-width:1}\n"
                          ".cathedral .door{fill:#4a3b6b}\n"
                          ".figure.big path{stroke-width:1.4}\n");
    if (traders)
        carci_text_str(o, ".goods .token{fill:#f7efd9;stroke:#7a5228;stroke-width:1.2}\n"
                          ".goods.wine circle{fill:#6d2a82}.goods.wine .token{fill:#f7efd9}"
                          ".goods.wine .leaf{fill:#4f8a2c}\n"
                          ".goods.grain ellipse{fill:#d9a21b;stroke:#8a6410;stroke-width:0.8}"
                          ".goods.grain .stalk{fill:none;stroke:#8a6410;stroke-width:1.4;stroke-linecap:round}\n"
                          ".goods.cloth .bolt{fill:#3a6fc4;stroke:#1f3f7a;stroke-width:1;stroke-linejoin:round}"
                          ".goods.cloth .fold{fill:none;stroke:#a9c4ef;stroke-width:1}\n"
                          ".figure .hammer,.key .hammer{fill:none;stroke:#5a3a1a;stroke-width:2;stroke-linecap:round}\n"
                          ".figure .tail,.key .tail{fill:none;stroke-width:1.4;stroke-linecap:round}"
                          ".figure .eye{fill:#101010}\n"
                          ".bridge{fill:none;stroke:#6b4a2a;stroke-width:3;stroke-linecap:round}\n");
    if (city.on)
        carci_text_str(o, ".coc-ground{fill:#e2c48f}\n"
                          ".coc-wall{fill:none;stroke:#6e4a22;stroke-width:8}"
                          ".coc-crenel{fill:none;stroke:#c9a46a;stroke-width:3;stroke-dasharray:6 5}\n"
                          ".coc-key{stroke:#6e4a22;stroke-width:3}"
                          ".coc .tower{fill:#c9a46a;stroke:#6e4a22;stroke-width:3}.coc .gate{fill:#3b2610}\n"
                          ".quarter text{font-size:13px;fill:#3a2a10;text-anchor:middle}\n"
                          ".quarter .sign path,.quarter .sign rect{fill:#f2e6cf;stroke:#6b4a2a;stroke-width:1.5;"
                          "stroke-linejoin:round}\n"
                          ".quarter .sign .door{fill:#6b4a2a}.quarter .sign .awning{fill:#c0392b}"
                          ".quarter .sign .stripe{fill:none;stroke:#f2e6cf;stroke-width:2}\n"
                          ".quarter .sign .hammer{fill:none;stroke:#5a3a1a;stroke-width:2.5;stroke-linecap:round}"
                          ".quarter .sign .spire{fill:#5b4a8a}.quarter .sign .rose{fill:#8e7cc3}\n"
                          ".count .robe{fill:#f3eefc;stroke:#3b1f5c;stroke-width:1.6;stroke-linejoin:round}"
                          ".count .crown{fill:#f4c20d;stroke:#8a6410;stroke-width:1}\n");
    carci_text_str(o, "]]></style></defs>\n");
    carci_text_fmt(o, "<rect width=\"%d\" height=\"%d\" fill=\"#f7f3e8\"/>\n", width, height);

    /* coordinates */
    carci_text_str(o, "<g class=\"coord\">");
    for (x = 0; x < cols; x++)
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%lld</text>", MARGIN + (int)x * T + T / 2, MARGIN - 14,
                (long long)(min_x + x));
    for (y = 0; y < rows; y++)
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%lld</text>", MARGIN / 2, MARGIN + (int)y * T + T / 2 + 6,
                (long long)(min_y + y));
    carci_text_str(o, "</g>\n");

    /* tiles; those laid at set-up: the start tile, or the City's (and the River's spring) */
    setup = city.on && !river ? 0 : 1;
    for (i = 0; i < ntiles; i++) {
        int ox, oy;
        uint32_t k;
        if (carc_game_tile(&t, game, i) != CARC_OK || !load_tile(&g, &t))
            continue;
        ox = MARGIN + (int)((int64_t)t.x - min_x) * T;
        oy = MARGIN + (int)((int64_t)t.y - min_y) * T;
        draw_tile(o, &g, ox, oy);
        if (!city.on || g.coc == 0)
            continue;
        setup++;
        city_box_add(&box, &g, ox, oy);
        for (k = 0; k < g.nseg && gates < 8; k++)
            if (g.si[k].kind == CARC_SEG_ROAD && g.si[k].end == CARC_END_CITY) { /* its stub ends at the wall */
                gate_x[gates] = ox + T / 2;
                gate_y[gates++] = oy + T / 2;
            }
    }
    /* the Count: the walled city over its tiles */
    if (box.on)
        draw_city(o, &box, &city, gate_x, gate_y, gates);
    /* the tile placed last (none before the first move) */
    if (ntiles > setup && carc_game_tile(&t, game, ntiles - 1) == CARC_OK)
        carci_text_fmt(o, "<rect class=\"last\" x=\"%d\" y=\"%d\" width=\"100\" height=\"100\"/>\n",
                MARGIN + (int)((int64_t)t.x - min_x) * T, MARGIN + (int)((int64_t)t.y - min_y) * T);
    /* figures */
    for (i = 0; i < nfig; i++) {
        carc_figure_info f;
        int fx, fy, k, same = 0;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        if (carc_game_figure(&f, game, i) != CARC_OK || carc_game_tile_at(&t, game, f.x, f.y) != CARC_OK ||
            !load_tile(&g, &t))
            continue;
        figure_spot(&g, f.segment, &fx, &fy);
        for (k = 0; k < (int)i; k++) { /* figures before it on the same segment (one out of the Count's city) */
            carc_figure_info e;
            memset(&e, 0, sizeof e);
            e.struct_size = sizeof e;
            same += carc_game_figure(&e, game, (uint32_t)k) == CARC_OK && e.x == f.x && e.y == f.y &&
                    e.segment == f.segment;
        }
        if (same > 0) /* beside them: towards the middle first, then the other side */
            fx += ((same % 2 == 1) == (fx <= T / 2) ? 26 : -26) * ((same + 1) / 2);
        if (f.segment < g.nseg && g.si[f.segment].kind == CARC_SEG_ROAD && (g.si[f.segment].special & CARC_SEGMENT_INN)) {
            /* a thief moves away from the inn of its road, so that neither hides the other */
            int dx = fx - g.inn_x[f.segment], dy = fy - g.inn_y[f.segment], want = f.figure == CARC_FIGURE_BIG ? 36 : 30;
            int d2 = dx * dx + dy * dy;
            if (d2 < want * want) {
                double d = d2 > 0 ? sqrt((double)d2) : 1.0;
                if (d2 == 0)
                    dy = 1;
                fx = g.inn_x[f.segment] + (int)((double)dx * want / d + (dx >= 0 ? 0.5 : -0.5));
                fy = g.inn_y[f.segment] + (int)((double)dy * want / d + (dy >= 0 ? 0.5 : -0.5));
            }
        }
        if (f.figure == CARC_FIGURE_BIG) {
            /* keep the larger figure on its tile */
            bool lying = f.segment < g.nseg && g.si[f.segment].kind == CARC_SEG_FIELD;
            int hx = lying ? 18 : 22, hy = lying ? 20 : 22;
            fx = fx < hx ? hx : fx > T - hx ? T - hx : fx;
            fy = fy < hy ? hy : fy > T - hy ? T - hy : fy;
            draw_big(o, f.player, MARGIN + (int)((int64_t)f.x - min_x) * T + fx,
                     MARGIN + (int)((int64_t)f.y - min_y) * T + fy, lying);
            continue;
        }
        /* keep the figure on its tile */
        fx = fx < 16 ? 16 : fx > T - 16 ? T - 16 : fx;
        fy = fy < 16 ? 16 : fy > T - 16 ? T - 16 : fy;
        if (f.figure == CARC_FIGURE_ABBOT) {
            draw_abbot(o, f.player, MARGIN + (int)((int64_t)f.x - min_x) * T + fx,
                       MARGIN + (int)((int64_t)f.y - min_y) * T + fy);
            continue;
        }
        if (f.figure == CARC_FIGURE_BUILDER || f.figure == CARC_FIGURE_PIG) {
            (f.figure == CARC_FIGURE_BUILDER ? draw_builder : draw_pig)(
                o, f.player, MARGIN + (int)((int64_t)f.x - min_x) * T + fx, MARGIN + (int)((int64_t)f.y - min_y) * T + fy);
            continue;
        }
        draw_meeple(o, f.player, MARGIN + (int)((int64_t)f.x - min_x) * T + fx,
                    MARGIN + (int)((int64_t)f.y - min_y) * T + fy,
                    f.segment < g.nseg && g.si[f.segment].kind == CARC_SEG_FIELD,
                    f.segment < g.nseg && g.si[f.segment].kind == CARC_SEG_FIELD ? " farmer" : "");
    }

    /* legend */
    if (legend) {
        int ly = MARGIN + board_h + PAD + LEGEND_ROW / 2;
        carci_text_str(o, "<g class=\"legend\">\n");
        for (p = 0; p < players; p++, ly += LEGEND_ROW) {
            int32_t score = 0;
            uint32_t supply = 0;
            (void)carc_game_score(&score, game, p);
            (void)carc_game_supply(&supply, game, p);
            player_holdings(holdings, sizeof holdings, game, p, opts.modules);
            carci_text_fmt(o,
                    "<g class=\"swatch\" transform=\"translate(%d %d)\"><path fill=\"%s\" stroke=\"%s\" "
                    "stroke-width=\"1.8\" d=\"" MEEPLE_PATH "\"/></g>",
                    MARGIN, ly, player_fill[p % 6], (p % 6) == 3 ? "#e8e8e8" : "#101010");
            carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">player %lu (%s): %ld points, %lu followers in supply%s%s</text>\n",
                    MARGIN + 22, ly + 6, (unsigned long)p, player_name[p % 6], (long)score, (unsigned long)supply,
                    holdings, over ? (((leaders >> p) & 1u) ? "  - winner" : "") : (p == turn_p ? "  - to move" : ""));
        }
        if (river || abbot || inns) {
            draw_key(o, MARGIN, ly, river, abbot, inns);
            ly += LEGEND_ROW;
        }
        if (traders) {
            draw_traders_key(o, MARGIN, ly, (opts.modules & CARC_MODULE_FARMERS) != 0);
            ly += LEGEND_ROW;
        }
        if (city.on) {
            draw_count_key(o, MARGIN, ly);
            ly += LEGEND_ROW;
            carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", MARGIN, ly + 6, city_line);
            ly += LEGEND_ROW;
        }
        if (over)
            carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">game over</text>\n", MARGIN, ly + 6);
        else
            carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%lu tiles left; the outlined tile was placed last</text>\n", MARGIN,
                    ly + 6, (unsigned long)remaining);
        if (decision)
            carci_text_fmt(o, "<text class=\"decision\" x=\"%d\" y=\"%d\">%s</text>\n", MARGIN, ly + LEGEND_ROW + 6,
                           decision_line);
        carci_text_str(o, "</g>\n");
    }
    carci_text_str(o, "</svg>\n");
}

carc_status carc_game_render_svg(char *buf, size_t cap, size_t *needed, const carc_game *game, uint32_t flags)
{
    carci_text o;
    uint32_t players;
    if (game == NULL || (buf == NULL && cap > 0) || (flags & ~(uint32_t)(CARC_RENDER_COLOR | CARC_RENDER_NO_LEGEND)))
        return CARC_EINVAL;
    if (carc_game_players(&players, game) != CARC_OK)
        return CARC_EINVAL;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    render(&o, game, flags);
    return carci_text_finish(&o, needed);
}
