/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: one tile (render_internal.h), drawn from its segments in
 * board orientation: a green field, rivers and roads from the edge
 * midpoints (the river rises at a spring and ends in a lake), city shapes
 * reaching the edges they touch with their walls, pennants, villages,
 * monasteries (smaller, and aside, beside the river) and gardens; with Inns
 * & Cathedrals an inn beside its road and a cathedral in its city; with
 * Traders & Builders the goods tokens of a city and the bridge of TB/RRrr.
 */
#include "render/render_internal.h"

#include <stdio.h>
#include <string.h>

/* A city's outline, or (`walls_only`) its curved sides alone: its walls. */
static void out_ops(carci_text *o, const carci_sop *ops, size_t n, bool walls_only)
{
    size_t i;
    int px = 0, py = 0;
    for (i = 0; i < n; i++) {
        const carci_sop *s = &ops[i];
        int ex = s->x2, ey = s->y2;
        switch (s->op) {
        case 'M':
        case 'L':
            if (!walls_only)
                carci_text_fmt(o, "%c%d %d", s->op, s->x1, s->y1);
            px = s->x1;
            py = s->y1;
            break;
        case 'Q':
            /* a 'Q' without an explicit end point closes the shape at its start */
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
        case 'Z':
            if (!walls_only)
                carci_text_str(o, "Z");
            break;
        default:
            break;
        }
    }
}

static bool has_river(const carci_tile_geo *g)
{
    uint32_t i;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_RIVER)
            return true;
    return false;
}

/* The path of road or river `si`: a curve between two sides it passes, else
 * a line from each side to the middle, or to where a moved monastery's door,
 * the lake or spring, or (a road over the river, RB) the city on the far
 * side is. */
static void track_path(char *d, size_t cap, const carci_tile_geo *g, const carc_segment_info *si)
{
    int e = (int)(si->edges & 15u), n = 0, sides[4], s, ax, ay, bx, by, tx = 50, ty = 50;
    for (s = 0; s < 4; s++)
        if ((e >> s) & 1)
            sides[n++] = s;
    d[0] = '\0';
    if (n == 2 && si->end == CARC_END_NONE) {
        carci_svg_edge_mid(sides[0], &ax, &ay);
        carci_svg_edge_mid(sides[1], &bx, &by);
        snprintf(d, cap, "M%d %dQ50 50 %d %d", ax, ay, bx, by);
        return;
    }
    if (carci_svg_river_end(si)) {
        tx = g->lake_x;
        ty = g->lake_y;
    } else if (si->end == CARC_END_MONASTERY && g->mon_side >= 0) {
        tx = g->mon_x; /* its door */
        ty = g->mon_y + 12;
    } else if (si->end == CARC_END_CITY && n == 1 && has_river(g)) {
        carci_svg_edge_mid((sides[0] + 2) % 4, &tx, &ty);
        tx = (tx + 50) / 2;
        ty = (ty + 50) / 2;
    }
    for (s = 0; s < n; s++) {
        size_t used = strlen(d);
        carci_svg_edge_mid(sides[s], &ax, &ay);
        snprintf(d + used, cap - used, "M%d %dL%d %d", ax, ay, tx, ty);
    }
}

/* Rivers, then roads: a darker verge under a lighter track; the lake and the spring. */
static void draw_tracks(carci_text *o, const carci_tile_geo *g)
{
    uint32_t i;
    int k;
    for (k = 0; k < 2; k++)
        for (i = 0; i < g->nseg; i++) {
            const carc_segment_info *si = &g->si[i];
            const char *cls = k == 0 ? "river" : "road";
            char d[96];
            if (si->kind != (k == 0 ? CARC_SEG_RIVER : CARC_SEG_ROAD))
                continue;
            track_path(d, sizeof d, g, si);
            carci_text_fmt(o, "<path class=\"%s-edge\" d=\"%s\"/><path class=\"%s\" d=\"%s\"/>", cls, d, cls, d);
            if (si->end == CARC_END_LAKE)
                carci_text_fmt(o, "<circle class=\"lake\" cx=\"%d\" cy=\"%d\" r=\"16\"/>", g->lake_x, g->lake_y);
            else if (si->end == CARC_END_SPRING)
                carci_svg_spring(o, g->lake_x, g->lake_y);
        }
}

/* Cities with their walls, then a pennant (a small shield) on each city that has one. */
static void draw_cities(carci_text *o, const carci_tile_geo *g)
{
    uint32_t i;
    for (i = 0; i < g->nseg; i++) {
        carci_city_shape cs;
        if (g->si[i].kind != CARC_SEG_CITY)
            continue;
        cs = carci_svg_shape(g, &g->si[i]);
        if (cs.turns)
            carci_text_fmt(o, "<g transform=\"rotate(%d 50 50)\">", cs.turns * 90);
        carci_text_str(o, "<path class=\"city\" d=\"");
        out_ops(o, cs.ops, cs.n, false);
        carci_text_str(o, "\"/>");
        if (cs.form != SVG_CITY_ALL) {
            carci_text_str(o, "<path class=\"wall\" d=\"");
            out_ops(o, cs.ops, cs.n, true);
            carci_text_str(o, "\"/>");
        }
        if (cs.turns)
            carci_text_str(o, "</g>");
    }
    for (i = 0; i < g->nseg; i++) {
        carci_city_shape cs;
        int px, py;
        if (g->si[i].kind != CARC_SEG_CITY || g->si[i].pennants == 0)
            continue;
        cs = carci_svg_shape(g, &g->si[i]);
        px = cs.pen_x;
        py = cs.pen_y;
        carci_svg_turn(cs.turns, &px, &py);
        carci_text_fmt(o, "<path class=\"pennant\" transform=\"translate(%d %d)\" d=\"M-7 -8H7V0Q7 6 0 10Q-7 6 -7 0Z\"/>",
                       px, py);
    }
}

/* The village where roads end, the monastery, the garden. */
static void draw_buildings(carci_text *o, const carci_tile_geo *g)
{
    uint32_t i;
    bool village = false;
    for (i = 0; i < g->nseg; i++)
        village = village || (g->si[i].kind == CARC_SEG_ROAD && g->si[i].end == CARC_END_VILLAGE);
    if (village)
        carci_text_str(o, "<g class=\"village\"><rect x=\"41\" y=\"44\" width=\"18\" height=\"14\"/>"
                          "<path d=\"M38 45L50 35L62 45Z\"/></g>");
    for (i = 0; i < g->nseg; i++) {
        if (g->si[i].kind == CARC_SEG_MONASTERY && g->mon_side >= 0)
            /* beside a river: a smaller building, centred on (mon_x, mon_y) */
            carci_text_fmt(o, "<g class=\"monastery\" transform=\"translate(%d %d) scale(0.62) translate(-50 -39)\">"
                              "%s</g>", g->mon_x, g->mon_y, carci_svg_monastery);
        else if (g->si[i].kind == CARC_SEG_MONASTERY)
            carci_text_fmt(o, "<g class=\"monastery\">%s</g>", carci_svg_monastery);
        if (g->si[i].kind == CARC_SEG_GARDEN) {
            int gx, gy;
            carci_svg_field_spot(g, -1, &gx, &gy);
            carci_text_fmt(o, "<g class=\"garden\" transform=\"translate(%d %d)\">%s</g>", gx, gy, carci_svg_garden);
        }
    }
}

/* The goods symbols of city segment `si`: side by side at its goods spot
 * (no tile has two kinds in one city, but the picture would show them). */
static void draw_goods(carci_text *o, const carci_tile_geo *g, const carc_segment_info *si)
{
    carci_city_shape cs = carci_svg_shape(g, si);
    uint32_t k, n = 0;
    for (k = 0; k < CARC_GOOD_COUNT; k++) {
        int gx = cs.good_x + 22 * (int)n, gy = cs.good_y;
        if (!(si->special & CARC_SEGMENT_GOOD(k)))
            continue;
        if (gx > SVG_T - 12)
            gx -= 44 * (int)n; /* no room on that side: the other */
        carci_svg_turn(cs.turns, &gx, &gy);
        carci_text_fmt(o, "<g class=\"goods %s\" transform=\"translate(%d %d)\">%s</g>", carci_svg_good_name[k], gx, gy,
                       carci_svg_good[k]);
        n++;
    }
}

/* The marks of the modules: a cathedral where a city's knight would stand,
 * an inn beside its road, goods in a city. */
static void draw_marks(carci_text *o, const carci_tile_geo *g)
{
    uint32_t i;
    for (i = 0; i < g->nseg; i++) {
        const carc_segment_info *si = &g->si[i];
        if (si->kind == CARC_SEG_CITY && (si->special & CARC_SEGMENT_CATHEDRAL)) {
            carci_city_shape cs = carci_svg_shape(g, si);
            int cx = cs.fig_x, cy = cs.form == SVG_CITY_ALL ? 38 : cs.fig_y;
            carci_svg_turn(cs.turns, &cx, &cy);
            carci_text_fmt(o, "<g class=\"cathedral\" transform=\"translate(%d %d)\">%s</g>", cx, cy,
                           carci_svg_cathedral);
        }
        if (si->kind == CARC_SEG_ROAD && (si->special & CARC_SEGMENT_INN))
            carci_text_fmt(o, "<g class=\"inn\" transform=\"translate(%d %d)\">%s</g>", g->inn_x[i], g->inn_y[i],
                           carci_svg_inn);
        if (si->kind == CARC_SEG_CITY && (si->special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH)))
            draw_goods(o, g, si);
    }
}

/* Two straight roads that cross without meeting (TB/RRrr): the east-west
 * road, drawn last, goes over on a bridge with a parapet on each side. */
static void draw_bridge(carci_text *o, const carci_tile_geo *g)
{
    uint32_t i, straight = 0;
    for (i = 0; i < g->nseg; i++)
        if (g->si[i].kind == CARC_SEG_ROAD && g->si[i].end == CARC_END_NONE)
            straight |= 1u << (g->si[i].edges & 15u);
    if ((straight >> 5) & (straight >> 10) & 1u)
        carci_text_str(o, "<path class=\"bridge\" d=\"M32 41H68M32 59H68\"/>");
}

void carci_svg_tile(carci_text *o, const carci_tile_geo *g, int ox, int oy)
{
    carci_text_fmt(o, "<g transform=\"translate(%d %d)\">", ox, oy);
    carci_text_str(o, "<rect class=\"field\" width=\"100\" height=\"100\"/>");
    draw_tracks(o, g);
    draw_cities(o, g);
    draw_buildings(o, g);
    draw_marks(o, g);
    draw_bridge(o, g);
    carci_text_str(o, "<rect class=\"edge\" width=\"100\" height=\"100\"/></g>\n");
}
