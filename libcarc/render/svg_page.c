/* SPDX-License-Identifier: MIT */
/*
 * An SVG picture of the board: carc_game_render_svg (render.h), the page.
 *
 * A standalone SVG 1.1 document: the style sheet (the classes of the
 * expansions only when they are in play: a base game's picture stays as it
 * was), coordinates along the margins, the tiles (svg_tile.c), the walled
 * City of Carcassonne over its tiles (svg_city.c), the tile placed last
 * outlined, the figures (svg_figure.c) and the legend below the board
 * (svg_legend.c). Each tile is SVG_T x SVG_T units.
 *
 * Public API only; no allocation. Every number written is an integer, so the
 * output does not depend on the C locale.
 */
#include "render/render_internal.h"

#include <string.h>

static const char style_base[] =
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
    ".legend{font-size:17px;fill:#222}\n";

/* the River and the Abbot */
static const char style_river_abbot[] =
    ".spring circle{fill:#bfe3ff;stroke:#2a6aa8;stroke-width:3}\n"
    ".spring path{fill:none;stroke:#2a6aa8;stroke-width:1.5}\n"
    ".garden .hedge{fill:#4f8a2c;stroke:#2f5a18;stroke-width:2}\n"
    ".figure .habit-cross,.key .habit-cross{fill:none;stroke-width:1.6;stroke-linecap:round}\n";

static const char style_inns[] =
    ".inn .house{fill:#f0dcb4;stroke:#6b4a2a;stroke-width:1.5}\n"
    ".inn .roof{fill:#b03a2e;stroke:#6b2015;stroke-width:1.5;stroke-linejoin:round}\n"
    ".inn .door{fill:#6b4a2a}.inn .pond{fill:#3f8fd8;stroke:#2a6aa8;stroke-width:1}\n"
    ".cathedral rect,.cathedral path{fill:#ece8f4;stroke:#4a3b6b;stroke-width:1.5;"
    "stroke-linejoin:round}\n"
    ".cathedral .spire{fill:#5b4a8a}.cathedral .rose{fill:#8e7cc3;stroke:#4a3b6b;stroke-width:1}\n"
    ".cathedral .door{fill:#4a3b6b}\n"
    ".figure.big path{stroke-width:1.4}\n";

static const char style_traders[] =
    ".goods .token{fill:#f7efd9;stroke:#7a5228;stroke-width:1.2}\n"
    ".goods.wine circle{fill:#6d2a82}.goods.wine .token{fill:#f7efd9}"
    ".goods.wine .leaf{fill:#4f8a2c}\n"
    ".goods.grain ellipse{fill:#d9a21b;stroke:#8a6410;stroke-width:0.8}"
    ".goods.grain .stalk{fill:none;stroke:#8a6410;stroke-width:1.4;stroke-linecap:round}\n"
    ".goods.cloth .bolt{fill:#3a6fc4;stroke:#1f3f7a;stroke-width:1;stroke-linejoin:round}"
    ".goods.cloth .fold{fill:none;stroke:#a9c4ef;stroke-width:1}\n"
    ".figure .hammer,.key .hammer{fill:none;stroke:#5a3a1a;stroke-width:2;stroke-linecap:round}\n"
    ".figure .tail,.key .tail{fill:none;stroke-width:1.4;stroke-linecap:round}"
    ".figure .eye{fill:#101010}\n"
    ".bridge{fill:none;stroke:#6b4a2a;stroke-width:3;stroke-linecap:round}\n";

/* the Count */
static const char style_count[] =
    ".coc-ground{fill:#e2c48f}\n"
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
    ".count .crown{fill:#f4c20d;stroke:#8a6410;stroke-width:1}\n";

/* What the page shows, read once: bounds, sizes, the City, the end or who decides. */
static void page_load(carci_svg_page *pg)
{
    const carc_game *game = pg->r.game;
    int64_t cols, rows;
    pg->min_x = pg->min_y = pg->max_x = pg->max_y = 0;
    pg->over = false;
    pg->leaders = pg->remaining = 0;
    (void)carc_game_bounds(&pg->min_x, &pg->min_y, &pg->max_x, &pg->max_y, game);
    (void)carc_game_is_over(&pg->over, game);
    pg->turn = carci_deciding_player(game);
    (void)carc_game_leaders(&pg->leaders, game);
    (void)carc_game_remaining(&pg->remaining, game);
    cols = (int64_t)pg->max_x - pg->min_x + 1;
    rows = (int64_t)pg->max_y - pg->min_y + 1;
    if (cols > 2000 || rows > 2000)
        cols = rows = 1; /* cannot happen with a connected board; keep sizes sane */
    pg->board_w = (int)cols * SVG_T;
    pg->board_h = (int)rows * SVG_T;
    carci_city_load(&pg->city, game);
    pg->city_line[0] = '\0';
    if (pg->city.on)
        carci_city_line(pg->city_line, sizeof pg->city_line, &pg->city);
    pg->decision = carci_count_decision(pg->decision_line, sizeof pg->decision_line, game);
    pg->width = SVG_MARGIN + pg->board_w + SVG_PAD;
    if (pg->r.legend)
        pg->width = carci_svg_legend_width(pg);
}

/* The document's head: its size, the title, the style sheet, the background. */
static void page_head(carci_text *o, const carci_svg_page *pg, int height)
{
    const carci_render *r = &pg->r;
    carci_text_fmt(o,
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
                   pg->width, height, pg->width, height);
    carci_text_str(o, "<title>Carcassonne board</title>\n<defs><style type=\"text/css\"><![CDATA[\n");
    carci_text_str(o, style_base);
    if (r->river || r->abbot) /* only with the expansions: the base game's picture stays as it was */
        carci_text_str(o, style_river_abbot);
    if (r->inns)
        carci_text_str(o, style_inns);
    if (r->traders)
        carci_text_str(o, style_traders);
    if (pg->city.on)
        carci_text_str(o, style_count);
    carci_text_str(o, "]]></style></defs>\n");
    carci_text_fmt(o, "<rect width=\"%d\" height=\"%d\" fill=\"#f7f3e8\"/>\n", pg->width, height);
}

/* The coordinates along the top and the left margin. */
static void coordinates(carci_text *o, const carci_svg_page *pg)
{
    int64_t x, y;
    carci_text_str(o, "<g class=\"coord\">");
    for (x = 0; x < pg->board_w / SVG_T; x++)
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%lld</text>", SVG_MARGIN + (int)x * SVG_T + SVG_T / 2,
                       SVG_MARGIN - 14, (long long)(pg->min_x + x));
    for (y = 0; y < pg->board_h / SVG_T; y++)
        carci_text_fmt(o, "<text x=\"%d\" y=\"%d\">%lld</text>", SVG_MARGIN / 2, SVG_MARGIN + (int)y * SVG_T + SVG_T / 2 + 6,
                       (long long)(pg->min_y + y));
    carci_text_str(o, "</g>\n");
}

/* The tiles, the walled City over its tiles, and the outline of the tile
 * placed last: none before the first move (the tiles laid at set-up are the
 * start tile, or the City's, and the River's spring beside it). */
static void tiles(carci_text *o, const carci_svg_page *pg)
{
    const carc_game *game = pg->r.game;
    uint32_t ntiles = 0, i, setup = pg->city.on && !pg->r.river ? 0 : 1;
    carci_city_box box;
    carci_tile_geo g;
    carc_move t;
    memset(&box, 0, sizeof box);
    (void)carc_game_tile_count(&ntiles, game);
    for (i = 0; i < ntiles; i++) {
        int ox, oy;
        if (carc_game_tile(&t, game, i) != CARC_OK || !carci_svg_tile_load(&g, &t))
            continue;
        ox = SVG_MARGIN + (int)((int64_t)t.x - pg->min_x) * SVG_T;
        oy = SVG_MARGIN + (int)((int64_t)t.y - pg->min_y) * SVG_T;
        carci_svg_tile(o, &g, ox, oy);
        if (!pg->city.on || g.coc == 0)
            continue;
        setup++;
        carci_svg_coc_add(&box, &g, ox, oy);
    }
    if (box.on)
        carci_svg_coc(o, &box, &pg->city);
    if (ntiles > setup && carc_game_tile(&t, game, ntiles - 1) == CARC_OK)
        carci_text_fmt(o, "<rect class=\"last\" x=\"%d\" y=\"%d\" width=\"100\" height=\"100\"/>\n",
                       SVG_MARGIN + (int)((int64_t)t.x - pg->min_x) * SVG_T,
                       SVG_MARGIN + (int)((int64_t)t.y - pg->min_y) * SVG_T);
}

carc_status carc_game_render_svg(char *buf, size_t cap, size_t *needed, const carc_game *game, uint32_t flags)
{
    carci_text o;
    carci_svg_page pg;
    int height;
    carc_status st = carci_render_begin(&pg.r, &o, buf, cap, game, flags);
    if (st != CARC_OK)
        return st;
    page_load(&pg);
    height = SVG_MARGIN + pg.board_h + SVG_PAD + (pg.r.legend ? carci_svg_legend_rows(&pg) * SVG_ROW : 0);
    page_head(&o, &pg, height);
    coordinates(&o, &pg);
    tiles(&o, &pg);
    carci_svg_figures(&o, game, pg.min_x, pg.min_y);
    if (pg.r.legend)
        carci_svg_legend(&o, &pg);
    carci_text_str(&o, "</svg>\n");
    return carci_text_finish(&o, needed);
}
