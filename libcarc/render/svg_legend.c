/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: the legend below the board (render_internal.h). A line per
 * player (his colour, his score, his followers in supply, where his abbot,
 * big follower, builder and pig are, his goods tokens, who is to move or who
 * won); a key of the river, the garden, the abbot, the inn, the cathedral
 * and the big follower, and a second row for the builder, the pig and the
 * goods, when they are in play (base games: no key); with the Count a row
 * for the City, the City in words and the Count's decision the game waits
 * for; the tiles left.
 */
#include "render/render_internal.h"

#include <stdio.h>
#include <string.h>

/* What player p has and where his figures are, for his legend line: the
 * figures of each module in play and, with Traders & Builders, his goods. */
static void player_holdings(char *buf, size_t cap, const carci_render *r, uint32_t p)
{
    carci_holdings h;
    carci_holdings_load(&h, r->game, p);
    snprintf(buf, cap, "%s%s%s%s",
             !(r->el & CARC_MODULE_ABBOT_FIGURE) ? "" : h.abbots > 0 ? ", abbot in supply" : ", abbot on the board",
             !(r->el & CARC_MODULE_BIG_FOLLOWER) ? "" : h.bigs > 0 ? ", big follower in supply" : ", big follower on the board",
             !(r->el & CARC_MODULE_BUILDER) ? "" : h.builders > 0 ? ", builder in supply" : ", builder on the board",
             !(r->el & CARC_MODULE_PIG) ? "" : h.pigs > 0 ? ", pig in supply" : ", pig on the board");
    if (r->el & CARC_MODULE_GOODS) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "; goods: %lu wine, %lu grain, %lu cloth",
                 (unsigned long)h.goods[CARC_GOOD_WINE], (unsigned long)h.goods[CARC_GOOD_GRAIN],
                 (unsigned long)h.goods[CARC_GOOD_CLOTH]);
    }
}

int carci_svg_legend_rows(const carci_svg_page *pg)
{
    const carci_render *r = &pg->r;
    return (int)(r->players + 2 + (r->river || r->abbot || r->inns ? 1 : 0) + (r->traders ? 1 : 0) +
                 (pg->city.on ? 3 : 0));
}

/* The width of the picture with the legend: room for its longest line. */
int carci_svg_legend_width(const carci_svg_page *pg)
{
    const carci_render *r = &pg->r;
    int width = pg->width, need, w;
    uint32_t p;
    char holdings[192];
    width = width < 560 ? 560 : width;
    if (r->abbot && width < 860) /* room for ", abbot on the board" */
        width = 860;
    if (r->inns && width < (r->abbot ? 1140 : 960)) /* room for ", big follower on the board", and the key */
        width = r->abbot ? 1140 : 960;
    if (r->traders) {
        /* the longest player's line (about 10 units a character at 17px) and the key's second row */
        for (need = 820, p = 0; p < r->players; p++) {
            player_holdings(holdings, sizeof holdings, r, p);
            w = SVG_MARGIN + 22 + (int)(strlen(holdings) + 60) * 10;
            need = w > need ? w : need;
        }
        width = width < need ? need : width;
    }
    if (pg->city.on) {
        /* the key's row, and the lines in words (about 9 units a character) */
        need = SVG_MARGIN + 760;
        w = SVG_MARGIN + 20 + (int)strlen(pg->city_line) * 9;
        need = w > need ? w : need;
        w = SVG_MARGIN + 20 + (int)strlen(pg->decision_line) * 9;
        need = w > need ? w : need;
        width = width < need ? need : width;
    }
    return width;
}

/* A white figure of the key at (x, y), `scale` after its place: its body
 * path; the caller adds what it carries and closes the group. */
static void key_figure(carci_text *o, int x, int y, const char *scale, const char *d)
{
    carci_text_fmt(o, "<g transform=\"translate(%d %d)%s\"><path fill=\"#ffffff\" stroke=\"#101010\" "
                      "stroke-width=\"1.8\" d=\"%s\"/>", x, y, scale, d);
}

/* A piece of the key and its name; the next one starts `step` further right. */
static int key_name(carci_text *o, int x, int y, int dx, const char *name, int step)
{
    carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%s</text>", x + dx, y + 6, name);
    return x + step;
}

/* The key of the expansions' pieces, one row under the players: the river, its
 * spring and lake, the garden and the abbot, the inn, the cathedral and the big
 * follower, for the modules in play. */
static void draw_key(carci_text *o, int x, int y, const carci_render *r)
{
    carci_text_str(o, "<g class=\"key\">");
    if (r->river) {
        carci_text_fmt(o, "<path class=\"river-edge\" d=\"M%d %dH%d\"/><path class=\"river\" d=\"M%d %dH%d\"/>", x,
                       y, x + 30, x, y, x + 30);
        x = key_name(o, x, y, 38, "river", 100);
        carci_svg_spring(o, x + 11, y);
        x = key_name(o, x, y, 28, "spring", 100);
        carci_text_fmt(o, "<circle class=\"lake\" cx=\"%d\" cy=\"%d\" r=\"11\"/>", x + 11, y);
        x = key_name(o, x, y, 28, "lake", 84);
    }
    if (r->abbot) { /* the gardens, or the abbot (who takes RJ's garden too) */
        carci_text_fmt(o, "<g class=\"garden\" transform=\"translate(%d %d) scale(0.8)\">%s</g>", x + 10, y,
                       carci_svg_garden);
        x = key_name(o, x, y, 26, "garden", 96);
    }
    if (r->el & CARC_MODULE_ABBOT_FIGURE) {
        key_figure(o, x + 10, y, "", carci_svg_abbot);
        carci_text_fmt(o, "<path class=\"habit-cross\" stroke=\"#101010\" d=\"%s\"/></g>", carci_svg_abbot_cross);
        x = key_name(o, x, y, 26, "abbot", 92);
    }
    if (r->el & CARC_MODULE_INNS_TILES) {
        carci_text_fmt(o, "<g class=\"inn\" transform=\"translate(%d %d)\">%s</g>", x + 14, y, carci_svg_inn);
        x = key_name(o, x, y, 32, "inn", 74);
        carci_text_fmt(o, "<g class=\"cathedral\" transform=\"translate(%d %d) scale(0.6)\">%s</g>", x + 12, y,
                       carci_svg_cathedral);
        x = key_name(o, x, y, 28, "cathedral", 120);
    }
    if (r->el & CARC_MODULE_BIG_FOLLOWER) {
        key_figure(o, x + 18, y, " scale(1.5)", carci_svg_meeple);
        carci_text_str(o, "</g>");
        (void)key_name(o, x, y, 42, "big follower (counts as two)", 0);
    }
    carci_text_str(o, "</g>\n");
}

/* The key's second row (Traders & Builders): the builder, the pig, the
 * three goods, those of the elements in play. */
static void draw_traders_key(carci_text *o, int x, int y, uint32_t el)
{
    uint32_t k;
    carci_text_str(o, "<g class=\"key\">");
    if (el & CARC_MODULE_BUILDER) {
        key_figure(o, x + 12, y, " scale(1.2)", carci_svg_builder);
        carci_text_fmt(o, "<path class=\"hammer\" d=\"%s\"/></g>", carci_svg_hammer);
        x = key_name(o, x, y, 30, "builder (a second tile)", 230);
    }
    if (el & CARC_MODULE_PIG) {
        key_figure(o, x + 16, y, " scale(1.2)", carci_svg_pig);
        carci_text_fmt(o, "<path class=\"tail\" stroke=\"#101010\" d=\"%s\"/></g>", carci_svg_pig_tail);
        x = key_name(o, x, y, 38, "pig (4 per city)", 190);
    }
    for (k = 0; (el & CARC_MODULE_TRADERS_TILES) && k < CARC_GOOD_COUNT; k++) {
        carci_text_fmt(o, "<g class=\"goods %s\" transform=\"translate(%d %d)\">%s</g>", carci_svg_good_name[k], x + 11,
                       y, carci_svg_good[k]);
        x = key_name(o, x, y, 28, carci_svg_good_name[k], 96);
    }
    carci_text_str(o, "</g>\n");
}

/* The key's row for the Count: the walled city and the Count. */
static void draw_count_key(carci_text *o, int x, int y)
{
    carci_text_str(o, "<g class=\"key\">");
    carci_text_fmt(o, "<rect class=\"coc-ground coc-key\" x=\"%d\" y=\"%d\" width=\"26\" height=\"18\"/>", x, y - 9);
    x = key_name(o, x, y, 34, "the City of Carcassonne and its quarters (no figure on its tiles)", 600);
    carci_text_fmt(o, "<g class=\"count\" transform=\"translate(%d %d)\">%s</g>", x + 10, y + 2, carci_svg_count);
    (void)key_name(o, x, y, 26, "the Count", 0);
    carci_text_str(o, "</g>\n");
}

/* Player p's line at height ly: his colour, score, supply and holdings, and
 * whether he is to move or (at the end) won. */
static void player_line(carci_text *o, const carci_svg_page *pg, uint32_t p, int ly)
{
    int32_t score = 0;
    uint32_t supply = 0;
    char holdings[192];
    (void)carc_game_score(&score, pg->r.game, p);
    (void)carc_game_supply(&supply, pg->r.game, p);
    player_holdings(holdings, sizeof holdings, &pg->r, p);
    carci_text_fmt(o,
                   "<g class=\"swatch\" transform=\"translate(%d %d)\"><path fill=\"%s\" stroke=\"%s\" "
                   "stroke-width=\"1.8\" d=\"%s\"/></g>",
                   SVG_MARGIN, ly, carci_svg_fill(p), carci_svg_stroke(p), carci_svg_meeple);
    carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">player %lu (%s): %ld points, %lu followers in supply%s%s</text>\n",
                   SVG_MARGIN + 22, ly + 6, (unsigned long)p, carci_svg_player_name(p), (long)score,
                   (unsigned long)supply, holdings,
                   pg->over ? (((pg->leaders >> p) & 1u) ? "  - winner" : "") : (p == pg->turn ? "  - to move" : ""));
}

void carci_svg_legend(carci_text *o, const carci_svg_page *pg)
{
    const carci_render *r = &pg->r;
    int ly = SVG_MARGIN + pg->board_h + SVG_PAD + SVG_ROW / 2;
    uint32_t p;
    carci_text_str(o, "<g class=\"legend\">\n");
    for (p = 0; p < r->players; p++, ly += SVG_ROW)
        player_line(o, pg, p, ly);
    if (r->river || r->abbot || r->inns) {
        draw_key(o, SVG_MARGIN, ly, r);
        ly += SVG_ROW;
    }
    if (r->traders) {
        draw_traders_key(o, SVG_MARGIN, ly, r->el);
        ly += SVG_ROW;
    }
    if (pg->city.on) {
        draw_count_key(o, SVG_MARGIN, ly);
        ly += SVG_ROW;
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%s</text>\n", SVG_MARGIN, ly + 6, pg->city_line);
        ly += SVG_ROW;
    }
    if (pg->over)
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">game over</text>\n", SVG_MARGIN, ly + 6);
    else
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%lu tiles left; the outlined tile was placed last</text>\n",
                       SVG_MARGIN, ly + 6, (unsigned long)pg->remaining);
    if (pg->decision)
        carci_text_fmt(o, "<text class=\"decision\" x=\"%d\" y=\"%d\">%s</text>\n", SVG_MARGIN, ly + SVG_ROW + 6,
                       pg->decision_line);
    carci_text_str(o, "</g>\n");
}
