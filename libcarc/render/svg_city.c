/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: the City of Carcassonne (the Count; render_internal.h).
 * One walled city over the parts of its tiles that have no segment (corner
 * towers, a gate where each road stub ends), with its four quarters inside
 * (castle at the top, market on the right, blacksmith at the bottom,
 * cathedral on the left), each with its sign, its name, small meeples for
 * the followers of each player there (the big follower larger) and the
 * crowned Count in his quarter.
 */
#include "render/render_internal.h"

/* Add the walled quadrants of a tile drawn at (ox, oy) to the box, and a gate
 * at its middle for each road of it that ends at the wall. */
void carci_svg_coc_add(carci_city_box *b, const carci_tile_geo *g, int ox, int oy)
{
    uint32_t q, k;
    for (q = 0; q < 4; q++) {
        int x = ox + (q == 1 || q == 2 ? SVG_T / 2 : 0), y = oy + (q >= 2 ? SVG_T / 2 : 0);
        if (!((g->coc >> q) & 1u))
            continue;
        if (!b->on || x < b->x0)
            b->x0 = x;
        if (!b->on || y < b->y0)
            b->y0 = y;
        if (!b->on || x + SVG_T / 2 > b->x1)
            b->x1 = x + SVG_T / 2;
        if (!b->on || y + SVG_T / 2 > b->y1)
            b->y1 = y + SVG_T / 2;
        b->on = true;
    }
    for (k = 0; k < g->nseg && b->gates < 8; k++)
        if (g->si[k].kind == CARC_SEG_ROAD && g->si[k].end == CARC_END_CITY) { /* its stub ends at the wall */
            b->gate_x[b->gates] = ox + SVG_T / 2;
            b->gate_y[b->gates++] = oy + SVG_T / 2;
        }
}

/* One quarter at (cx, cy): its sign, its name, a meeple per follower of each
 * player there (the big follower half as large again), the Count if he is there. */
static void draw_quarter(carci_text *o, const carci_city *city, uint32_t q, int cx, int cy)
{
    uint32_t p, k;
    int total = 0, step, x;
    carci_text_fmt(o, "<g class=\"quarter quarter-%s\" transform=\"translate(%d %d)\">", carci_quarter_name(q), cx, cy);
    carci_text_fmt(o, "<g class=\"sign\" transform=\"translate(-50 0)\">%s</g>", carci_svg_quarter_sign[q]);
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
                              "<path fill=\"%s\" stroke=\"%s\" stroke-width=\"1.6\" d=\"%s\"/></g>",
                           (unsigned long)p, big ? " big" : "", (x + wd / 2) / 100, big ? 10 : 12, big ? "1.1" : "0.75",
                           carci_svg_fill(p), carci_svg_stroke(p), carci_svg_meeple);
            x += wd;
        }
    if (city->count == q)
        carci_text_fmt(o, "<g class=\"count\" transform=\"translate(58 -4)\">%s</g>", carci_svg_count);
    carci_text_str(o, "</g>");
}

/*
 * The walled City of Carcassonne over box `b`: the ground, a crenellated wall
 * with a tower at each corner, a gate where each road of its tiles ends at
 * the wall, and the four quarters, each on its side (carci_quarter_side).
 */
void carci_svg_coc(carci_text *o, const carci_city_box *b, const carci_city *city)
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
    for (k = 0; k < b->gates; k++)
        carci_text_fmt(o, "<path class=\"gate\" transform=\"translate(%d %d)\" d=\"M-6 6V0Q0 -8 6 0V6Z\"/>",
                       b->gate_x[k], b->gate_y[k]);
    for (q = 0; q < 4; q++) {
        int side = carci_quarter_side(q);
        int cx = b->x0 + (side == CARC_W ? w / 4 : side == CARC_E ? 3 * w / 4 : w / 2);
        int cy = b->y0 + (side == CARC_N ? h / 5 : side == CARC_S ? h - h / 5 : h / 2);
        draw_quarter(o, city, q, cx, cy);
    }
    carci_text_str(o, "</g>\n");
}
