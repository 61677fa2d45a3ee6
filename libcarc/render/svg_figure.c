/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: the figures on the board (render_internal.h), in their
 * player's colour on their segment. Followers are meeples; farmers lie down;
 * the big follower (Inns & Cathedrals) is half as large again; the abbot is a
 * hooded figure in a habit with a cross; the builder (Traders & Builders) has
 * a hammer, the pig is a pig. A figure keeps away from the inn of its road
 * and stands beside the figures already on its segment (one out of the
 * Count's city), and on its tile.
 */
#include "render/render_internal.h"

#include <math.h>
#include <string.h>

/* A follower, or the big follower (half as large again, a thinner outline
 * in its class); lying down on a field. */
static void draw_meeple(carci_text *o, uint32_t player, int x, int y, bool lying, bool big)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu%s%s\" transform=\"translate(%d %d) scale(%s)%s\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"%s\"/></g>\n",
                   (unsigned long)player, big ? " big" : "", lying ? " farmer" : "", x, y, big ? "1.95" : "1.3",
                   lying ? " rotate(-90) scale(0.85)" : "", carci_svg_fill(player), carci_svg_stroke(player),
                   carci_svg_meeple);
}

/* The abbot, with a light cross on a dark habit and a dark one on yellow and grey. */
static void draw_abbot(carci_text *o, uint32_t player, int x, int y)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu abbot\" transform=\"translate(%d %d) scale(1.3)\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"%s\"/>"
                   "<path class=\"habit-cross\" stroke=\"%s\" d=\"%s\"/></g>\n",
                   (unsigned long)player, x, y, carci_svg_fill(player), carci_svg_stroke(player), carci_svg_abbot,
                   (player % 6) == 2 || (player % 6) == 5 ? "#101010" : "#ffffff", carci_svg_abbot_cross);
}

static void draw_builder(carci_text *o, uint32_t player, int x, int y)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu builder\" transform=\"translate(%d %d) scale(1.45)\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"%s\"/>"
                   "<path class=\"hammer\" d=\"%s\"/></g>\n",
                   (unsigned long)player, x, y, carci_svg_fill(player), carci_svg_stroke(player), carci_svg_builder,
                   carci_svg_hammer);
}

static void draw_pig(carci_text *o, uint32_t player, int x, int y)
{
    carci_text_fmt(o,
                   "<g class=\"figure player%lu pig\" transform=\"translate(%d %d) scale(1.3)\">"
                   "<path fill=\"%s\" stroke=\"%s\" d=\"%s\"/>"
                   "<path class=\"tail\" stroke=\"%s\" d=\"%s\"/>"
                   "<circle class=\"eye\" cx=\"8\" cy=\"-3\" r=\"1\"/></g>\n",
                   (unsigned long)player, x, y, carci_svg_fill(player), carci_svg_stroke(player), carci_svg_pig,
                   carci_svg_stroke(player), carci_svg_pig_tail);
}

/* Where a knight stands in city `s`: at its shape's spot, a little away from
 * the goods symbol in a corner, below a cathedral (which stands where the
 * knight would). */
static void city_spot(const carci_tile_geo *g, const carc_segment_info *s, int *x, int *y)
{
    carci_city_shape cs = carci_svg_shape(g, s);
    *x = cs.fig_x;
    *y = cs.fig_y;
    if ((s->special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH)) && cs.form == SVG_CITY_CORNER) {
        *x = 60;
        *y = 40;
    }
    if (s->special & CARC_SEGMENT_CATHEDRAL) {
        if (cs.form == SVG_CITY_ALL) {
            *y = 76;
        } else {
            *x = cs.pen_x;
            *y = cs.pen_y;
        }
    }
    carci_svg_turn(cs.turns, x, y);
}

/* Where a figure stands on segment `seg`, in tile coordinates. */
static void figure_spot(const carci_tile_geo *g, uint32_t seg, int *x, int *y)
{
    const carc_segment_info *s;
    *x = *y = 50;
    if (seg >= g->nseg)
        return;
    s = &g->si[seg];
    switch (s->kind) {
    case CARC_SEG_CITY: city_spot(g, s, x, y); return;
    case CARC_SEG_ROAD: carci_svg_road_spot(g, s, x, y); return;
    case CARC_SEG_MONASTERY:
        if (g->mon_side < 0) {
            *y = 56;
        } else if (g->mon_side == CARC_N || g->mon_side == CARC_S) {
            /* beside the smaller building, which it would hide */
            *x = g->mon_x + 20;
            *y = g->mon_y + 4;
        } else {
            *x = g->mon_x;
            *y = g->mon_y + (g->mon_raised ? 22 : 24);
        }
        return;
    case CARC_SEG_GARDEN: carci_svg_field_spot(g, -1, x, y); return; /* where the garden is drawn */
    case CARC_SEG_FIELD: carci_svg_field_spot(g, (int)seg, x, y); return;
    default: return;
    }
}

/* Figures before figure `i` on the same segment (one out of the Count's city). */
static int figures_before(const carc_game *game, const carc_figure_info *f, uint32_t i)
{
    uint32_t k;
    int same = 0;
    for (k = 0; k < i; k++) {
        carc_figure_info e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        same += carc_game_figure(&e, game, k) == CARC_OK && e.x == f->x && e.y == f->y && e.segment == f->segment;
    }
    return same;
}

/* A thief moves away from the inn of its road, so that neither hides the other. */
static void away_from_inn(const carci_tile_geo *g, const carc_figure_info *f, int *fx, int *fy)
{
    int dx = *fx - g->inn_x[f->segment], dy = *fy - g->inn_y[f->segment], want = f->figure == CARC_FIGURE_BIG ? 36 : 30;
    int d2 = dx * dx + dy * dy;
    double d;
    if (d2 >= want * want)
        return;
    d = d2 > 0 ? sqrt((double)d2) : 1.0;
    if (d2 == 0)
        dy = 1;
    *fx = g->inn_x[f->segment] + (int)((double)dx * want / d + (dx >= 0 ? 0.5 : -0.5));
    *fy = g->inn_y[f->segment] + (int)((double)dy * want / d + (dy >= 0 ? 0.5 : -0.5));
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Figure `f` at (fx, fy) of its tile, whose corner is at (ox, oy): kept on the tile. */
static void draw_figure(carci_text *o, const carci_tile_geo *g, const carc_figure_info *f, int ox, int oy, int fx,
                        int fy)
{
    bool lying = f->segment < g->nseg && g->si[f->segment].kind == CARC_SEG_FIELD;
    if (f->figure == CARC_FIGURE_BIG) {
        int hx = lying ? 18 : 22, hy = lying ? 20 : 22;
        draw_meeple(o, f->player, ox + clamp(fx, hx, SVG_T - hx), oy + clamp(fy, hy, SVG_T - hy), lying, true);
        return;
    }
    fx = ox + clamp(fx, 16, SVG_T - 16);
    fy = oy + clamp(fy, 16, SVG_T - 16);
    if (f->figure == CARC_FIGURE_ABBOT)
        draw_abbot(o, f->player, fx, fy);
    else if (f->figure == CARC_FIGURE_BUILDER)
        draw_builder(o, f->player, fx, fy);
    else if (f->figure == CARC_FIGURE_PIG)
        draw_pig(o, f->player, fx, fy);
    else
        draw_meeple(o, f->player, fx, fy, lying, false);
}

/* Every figure on the board; the board's cell (min_x, min_y) is drawn at (SVG_MARGIN, SVG_MARGIN). */
void carci_svg_figures(carci_text *o, const carc_game *game, int32_t min_x, int32_t min_y)
{
    uint32_t nfig = 0, i;
    carci_tile_geo g;
    carc_move t;
    (void)carc_game_figure_count(&nfig, game);
    for (i = 0; i < nfig; i++) {
        carc_figure_info f;
        int fx, fy, same;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        if (carc_game_figure(&f, game, i) != CARC_OK || carc_game_tile_at(&t, game, f.x, f.y) != CARC_OK ||
            !carci_svg_tile_load(&g, &t))
            continue;
        figure_spot(&g, f.segment, &fx, &fy);
        same = figures_before(game, &f, i);
        if (same > 0) /* beside them: towards the middle first, then the other side */
            fx += ((same % 2 == 1) == (fx <= SVG_T / 2) ? 26 : -26) * ((same + 1) / 2);
        if (f.segment < g.nseg && g.si[f.segment].kind == CARC_SEG_ROAD && (g.si[f.segment].special & CARC_SEGMENT_INN))
            away_from_inn(&g, &f, &fx, &fy);
        draw_figure(o, &g, &f, SVG_MARGIN + (int)((int64_t)f.x - min_x) * SVG_T,
                    SVG_MARGIN + (int)((int64_t)f.y - min_y) * SVG_T, fx, fy);
    }
}
