/* SPDX-License-Identifier: MIT */
/*
 * A text picture of the board: carc_game_render_text (render.h).
 *
 * Every tile is a block of 7 x 5 characters (text_tile.c). Tiles are one
 * column and one row apart; where two neighbours continue a road or a city
 * across their common edge, the gap carries it on; so does a river (~).
 * Coordinates run along the top and the left. With the Count: the City of
 * Carcassonne is one walled rectangle of % over the parts of its tiles that
 * are the city (its tiles' fields and road stubs around it end at the wall),
 * with its four quarters inside (castle at the top, market on the right,
 * blacksmith at the bottom, cathedral on the left), each player's followers
 * there as on the board (0, a big follower <0>) and "the Count" in his
 * quarter. The legend explains the characters of the modules in play, gives
 * each player's score and what he holds (where his abbot, big follower,
 * builder and pig are, his goods tokens), the City in words, the last move,
 * and the tiles left with the decision or the tile the game waits for.
 * Colours (CARC_RENDER_COLOR) are ANSI escapes. Public API only, no
 * allocation: each block is recomputed when its row of characters is
 * written.
 */
#include "render/render_internal.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- output */

typedef struct tx_out {
    carci_text t;
    size_t spaces; /* blanks not yet written (dropped at the end of a line) */
    int color;     /* colour currently set, -1 none */
    bool ansi;
} tx_out;

static void out_mem(tx_out *o, const char *s, size_t n)
{
    carci_text_mem(&o->t, s, n);
}

static void out_str(tx_out *o, const char *s)
{
    carci_text_str(&o->t, s);
}

/* red, blue, yellow, black, purple, and grey for the sixth player of Inns & Cathedrals */
static const char *const player_sgr[6] = { "1;97;41", "1;97;44", "1;30;43", "1;97;40", "1;97;45", "1;30;47" };

static const char *kind_sgr(int kind, unsigned player)
{
    switch (kind) {
    case K_FIELD: return "32";
    case K_CITY: return "33";
    case K_PENNANT: return "1;34;43";
    case K_ROAD: return "97";
    case K_VILLAGE: return "1;97";
    case K_MONASTERY: return "1;31";
    case K_RIVER: return "1;36";
    case K_GARDEN: return "1;35";
    case K_FIGURE: return player_sgr[player % 6];
    case K_INN: return "1;94";
    case K_CATHEDRAL: return "1;31;43";
    case K_WINE: return "1;35;43";  /* purple on the city's yellow */
    case K_GRAIN: return "1;30;43"; /* dark on yellow: the sheaf */
    case K_CLOTH: return "1;36;43"; /* blue-green on yellow */
    case K_COC: return "30;43";     /* the wall: dark on the city's yellow */
    case K_QUARTER: return "1;33";
    case K_COUNT: return "1;35";
    default: return NULL;
    }
}

static void out_color(tx_out *o, int color)
{
    char tmp[32];
    const char *sgr;
    if (!o->ansi || color == o->color)
        return;
    sgr = color < 0 ? NULL : kind_sgr(color & 0xff, (unsigned)color >> 8);
    if (sgr == NULL) {
        out_str(o, "\033[0m");
        o->color = -1;
        return;
    }
    snprintf(tmp, sizeof tmp, "\033[0;%sm", sgr);
    out_str(o, tmp);
    o->color = color;
}

/* One visible character; blanks are held back so lines carry no trailing blanks. */
static void out_ch(tx_out *o, char c, int color)
{
    if (c == ' ') {
        o->spaces++;
        return;
    }
    if (o->spaces > 0) {
        if (o->color >= 0)
            out_color(o, -1);
        while (o->spaces > 0) {
            out_mem(o, " ", 1);
            o->spaces--;
        }
    }
    out_color(o, color);
    out_mem(o, &c, 1);
}

static void out_text(tx_out *o, const char *s)
{
    for (; *s != '\0'; s++)
        out_ch(o, *s, -1);
}

static void out_nl(tx_out *o)
{
    o->spaces = 0;
    if (o->color >= 0)
        out_color(o, -1);
    out_mem(o, "\n", 1);
}

/* ---------------------------------------------------------------- the Count */

#define CITY_W 64 /* the largest walled city written in full, in characters */
#define CITY_H 32

/*
 * The walled City of Carcassonne: one rectangle of characters over the
 * quadrants of its tiles that are the city and the gaps between them, in
 * board positions (column (x - min_x) * (TW + 1) + c, line (y - min_y) *
 * (TH + 1) + r). Its border is the wall (%); inside, each quarter on its side
 * (carci_quarter_side): its name, the figures of each player there (his
 * digit per follower, <digit> for his big follower) and "the Count".
 */
typedef struct city_view {
    bool on;
    int64_t col0, row0, col1, row1; /* the wall's corners */
    char ch[CITY_H][CITY_W];
    unsigned char kind[CITY_H][CITY_W], player[CITY_H][CITY_W];
} city_view;

static void city_put(city_view *v, int c, int r, char ch, int kind, uint32_t player)
{
    if (c < 1 || r < 1 || c >= CITY_W || r >= CITY_H || c >= v->col1 - v->col0 || r >= v->row1 - v->row0)
        return; /* inside the wall only */
    v->ch[r][c] = ch;
    v->kind[r][c] = (unsigned char)kind;
    v->player[r][c] = (unsigned char)player;
}

/*
 * The figures of quarter q as the board shows them: "00 1 <2>" (players
 * apart by a blank); "0x3" for three followers of player 0 when they do not
 * fit in `width`, and a final + if even that is too long. Returns the length.
 */
static int city_figures(char *s, unsigned char *pl, int width, const carci_city *city, uint32_t q)
{
    int pass, n = 0;
    uint32_t p, k;
    for (pass = 0; pass < 2; pass++) {
        n = 0;
        for (p = 0; p < city->players; p++) {
            uint32_t f = city->followers[q][p], big = city->big[q][p];
            char d = (char)('0' + (int)(p % 10u)), tmp[24];
            int len = 0, j;
            if (f == 0 && big == 0)
                continue;
            if (pass == 1 && f > 1)
                len = snprintf(tmp, sizeof tmp, "%cx%lu", d, (unsigned long)f);
            else
                for (k = 0; k < f && len < 16; k++)
                    tmp[len++] = d;
            if (big)
                len += snprintf(tmp + len, sizeof tmp - (size_t)len, "<%c>", d);
            for (j = n > 0 ? -1 : 0; j < len && n < 62; j++, n++) {
                s[n] = j < 0 ? ' ' : tmp[j];
                pl[n] = (unsigned char)p;
            }
        }
        if (n <= width)
            return n;
    }
    s[width - 1] = '+';
    return width;
}

/* Write `s` (players `pl`, or NULL: kind for every character) centred in
 * [c0, c0 + width) on line r. */
static void city_text(city_view *v, int c0, int width, int r, const char *s, const unsigned char *pl, int n, int kind)
{
    int c = c0 + (width - n) / 2, k;
    for (k = 0; k < n; k++)
        city_put(v, c + k, r, s[k], pl != NULL && s[k] != ' ' ? K_FIGURE : pl != NULL ? K_COC : kind,
                 pl != NULL ? pl[k] : 0);
}

static void city_build(city_view *v, const carc_game *game, int32_t min_x, int32_t min_y)
{
    carci_city city;
    carc_segment_info si[CARCI_MAX_SEG];
    carc_move t;
    uint32_t n = 0, i, q, nseg;
    int w, h, c, r;

    v->on = false;
    carci_city_load(&city, game);
    if (!city.on || carc_game_tile_count(&n, game) != CARC_OK)
        return;
    for (i = 0; i < n; i++) {
        uint32_t quads;
        if (carc_game_tile(&t, game, i) != CARC_OK || !carci_tile_segments(si, &nseg, &t))
            continue;
        quads = carci_coc_quadrants(si, nseg);
        for (q = 0; q < 4; q++) {
            int64_t c0 = ((int64_t)t.x - min_x) * (TW + 1) + (q == 1 || q == 2 ? MID_C : 0);
            int64_t r0 = ((int64_t)t.y - min_y) * (TH + 1) + (q >= 2 ? MID_R : 0);
            if (!((quads >> q) & 1u))
                continue;
            if (!v->on || c0 < v->col0)
                v->col0 = c0;
            if (!v->on || r0 < v->row0)
                v->row0 = r0;
            if (!v->on || c0 + MID_C > v->col1)
                v->col1 = c0 + MID_C;
            if (!v->on || r0 + MID_R > v->row1)
                v->row1 = r0 + MID_R;
            v->on = true;
        }
    }
    if (!v->on)
        return;
    w = (int)(v->col1 - v->col0 + 1 < CITY_W ? v->col1 - v->col0 + 1 : CITY_W);
    h = (int)(v->row1 - v->row0 + 1 < CITY_H ? v->row1 - v->row0 + 1 : CITY_H);
    for (r = 0; r < h; r++)
        for (c = 0; c < w; c++) {
            bool wall = r == 0 || c == 0 || r == v->row1 - v->row0 || c == v->col1 - v->col0;
            v->ch[r][c] = wall ? '%' : ' ';
            v->kind[r][c] = K_COC;
        }
    if (w < 15 || h < 11)
        return; /* no room for the quarters: the legend tells them */
    for (q = 0; q < 4; q++) {
        int side = carci_quarter_side(q), half = (w - 3) / 2, c0 = 1, width = w - 2, r0 = 1, len;
        char figs[64];
        unsigned char pl[64];
        const char *name = carci_quarter_name(q);
        if (side == CARC_S)
            r0 = h - 4;
        if (side == CARC_E || side == CARC_W) {
            r0 = h / 2 - 1;
            width = half;
            c0 = side == CARC_W ? 1 : w - 1 - half;
        }
        city_text(v, c0, width, r0, name, NULL, (int)strlen(name), K_QUARTER);
        len = city_figures(figs, pl, width, &city, q);
        city_text(v, c0, width, r0 + 1, figs, pl, len, K_COC);
        if (city.count == q)
            city_text(v, c0, width, r0 + 2, "the Count", NULL, 9, K_COUNT);
    }
}

/* The character at board position (col, row): the walled city's where it lies, else (ch, color). */
static void board_ch(tx_out *o, const city_view *v, int64_t col, int64_t row, char ch, int color)
{
    if (v->on && col >= v->col0 && col <= v->col1 && row >= v->row0 && row <= v->row1) {
        int64_t c = col - v->col0, r = row - v->row0;
        if (c < CITY_W && r < CITY_H) {
            ch = v->ch[r][c];
            color = v->kind[r][c] == K_FIGURE ? (K_FIGURE | (v->player[r][c] << 8)) : v->kind[r][c];
        } else {
            bool wall = r == v->row1 - v->row0 || c == v->col1 - v->col0;
            ch = wall ? '%' : ' ';
            color = K_COC;
        }
    }
    out_ch(o, ch, color);
}

/* ---------------------------------------------------------------- board */

static int cell_color(const tblock *b, int c, int r)
{
    return b->kind[r][c] == K_FIGURE ? (K_FIGURE | (b->player[r][c] << 8)) : b->kind[r][c];
}

/* The character in the gap between two neighbours' facing characters. */
static char gap_char(const tblock *a, int ac, int ar, const tblock *b, int bc, int br, int *color)
{
    int ka = a->kind[ar][ac], kb = b->kind[br][bc];
    bool horizontal = ar == br;
    *color = -1;
    if (ka == K_EMPTY || kb == K_EMPTY)
        return ' ';
    if (carci_text_is_city(ka) && carci_text_is_city(kb)) {
        *color = K_CITY;
        return '#';
    }
    if (ka == K_ROAD && kb == K_ROAD && a->ch[ar][ac] == b->ch[br][bc]) {
        *color = K_ROAD;
        return horizontal ? '-' : '|';
    }
    if (ka == K_RIVER && kb == K_RIVER) {
        *color = K_RIVER;
        return '~';
    }
    return ' ';
}

static bool tile_at(carc_move *t, const carc_game *game, int64_t x, int64_t y)
{
    if (x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX)
        return false;
    return carc_game_tile_at(t, game, (int32_t)x, (int32_t)y) == CARC_OK;
}

static void out_label(tx_out *o, int64_t v, int width)
{
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "%*lld ", width, (long long)v);
    (void)n;
    out_text(o, tmp);
}

/* The board's bounds, the City on it, and the width of the y coordinates. */
typedef struct board_view {
    const carc_game *game;
    int32_t min_x, min_y, max_x, max_y;
    int margin;
    city_view city;
} board_view;

static void out_blanks(tx_out *o, int n)
{
    int c;
    for (c = 0; c < n; c++)
        out_ch(o, ' ', -1);
}

/* The x coordinates above each column. */
static void x_labels(tx_out *o, const board_view *v)
{
    char tmp[32];
    int64_t x;
    out_blanks(o, v->margin + 1);
    for (x = v->min_x; x <= v->max_x; x++) {
        int n = snprintf(tmp, sizeof tmp, "%lld", (long long)x);
        int pad = (TW - n) / 2;
        out_blanks(o, pad);
        out_text(o, tmp);
        out_blanks(o, TW + 1 - (pad + n));
    }
    out_nl(o);
}

/* Line r of the row of tiles at y, with the gaps between neighbours. */
static void tile_line(tx_out *o, const board_view *v, int64_t y, int r)
{
    bool have_prev = false;
    tblock cur, prev;
    carc_move t;
    int64_t x;
    int c;
    if (r == MID_R)
        out_label(o, y, v->margin);
    else
        out_blanks(o, v->margin + 1);
    for (x = v->min_x; x <= v->max_x; x++) {
        bool have = tile_at(&t, v->game, x, y);
        int64_t col = (x - v->min_x) * (TW + 1), row = (y - v->min_y) * (TH + 1) + r;
        if (have)
            carci_text_tile(&cur, v->game, &t);
        if (x > v->min_x) {
            int color = -1;
            char g = (have && have_prev) ? gap_char(&prev, TW - 1, r, &cur, 0, r, &color) : ' ';
            board_ch(o, &v->city, col - 1, row, g, color);
        }
        for (c = 0; c < TW; c++)
            board_ch(o, &v->city, col + c, row, have ? cur.ch[r][c] : ' ', have ? cell_color(&cur, c, r) : -1);
        if (have)
            prev = cur;
        have_prev = have;
    }
    out_nl(o);
}

/* The gap line between the row of tiles at y and the next. */
static void gap_line(tx_out *o, const board_view *v, int64_t y)
{
    tblock cur, below;
    carc_move t, tb;
    int64_t x;
    int c;
    out_blanks(o, v->margin + 1);
    for (x = v->min_x; x <= v->max_x; x++) {
        bool have = tile_at(&t, v->game, x, y) && tile_at(&tb, v->game, x, y + 1);
        int64_t col = (x - v->min_x) * (TW + 1), row = (y - v->min_y) * (TH + 1) + TH;
        if (have) {
            carci_text_tile(&cur, v->game, &t);
            carci_text_tile(&below, v->game, &tb);
        }
        if (x > v->min_x)
            board_ch(o, &v->city, col - 1, row, ' ', -1);
        for (c = 0; c < TW; c++) {
            int color = -1;
            char g = have ? gap_char(&cur, c, TH - 1, &below, c, 0, &color) : ' ';
            board_ch(o, &v->city, col + c, row, g, color);
        }
    }
    out_nl(o);
}

static void render_board(tx_out *o, const carc_game *game)
{
    board_view v;
    char tmp[32];
    int64_t y;
    int r, n;
    v.game = game;
    if (carc_game_bounds(&v.min_x, &v.min_y, &v.max_x, &v.max_y, game) != CARC_OK)
        return;
    city_build(&v.city, game, v.min_x, v.min_y);
    v.margin = snprintf(tmp, sizeof tmp, "%lld", (long long)v.min_y);
    n = snprintf(tmp, sizeof tmp, "%lld", (long long)v.max_y);
    if (n > v.margin)
        v.margin = n;
    x_labels(o, &v);
    for (y = v.min_y; y <= v.max_y; y++) {
        for (r = 0; r < TH; r++)
            tile_line(o, &v, y, r);
        if (y < v.max_y)
            gap_line(o, &v, y);
    }
}

/* ---------------------------------------------------------------- legend */

/* The key: what the characters mean, for the modules in play (the sixth
 * player, Inns & Cathedrals only, is 5). */
static void legend_key(tx_out *o, const carci_render *r, bool city)
{
    bool six = r->players > 5;
    out_nl(o);
    out_text(o, "# city  * pennant  - | + road  o village  [M] monastery  . field  ~ river  g garden");
    out_nl(o);
    out_text(o, six ? "0-5 a follower of that player: on a road, in a city, in a monastery [0], or a farmer on a field"
                    : "0-4 a follower of that player: on a road, in a city, in a monastery [0], or a farmer on a field");
    out_nl(o);
    if (r->river) {
        out_text(o, "~ the river: it rises at its spring @ and ends in a lake O (roads cross it on bridges)");
        out_nl(o);
    }
    if (r->el & CARC_MODULE_ABBOT_FIGURE) {
        out_text(o, six ? "{0}-{5} the abbot of that player: in a monastery {0} or a garden g"
                        : "{0}-{4} the abbot of that player: in a monastery {0} or a garden g");
        out_nl(o);
    }
    bool big = r->el & CARC_MODULE_BIG_FOLLOWER, builder = r->el & CARC_MODULE_BUILDER;
    if (big) {
        out_text(o, six ? "<0>-<5>" : "<0>-<4>");
        out_text(o, " the big follower of that player (counts as two followers)");
    }
    if (r->el & CARC_MODULE_INNS_TILES) {
        out_text(o, big ? "  " : "");
        out_text(o, "i inn beside its road  [C] cathedral in its city");
    }
    if (r->el & (CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_INNS_TILES))
        out_nl(o);
    if (builder) {
        out_text(o, six ? "(0)-(5)" : "(0)-(4)");
        out_text(o, " the builder of that player (a second tile when his road or city grows)");
    }
    if (r->el & CARC_MODULE_PIG) {
        out_text(o, builder ? "  " : "");
        out_text(o, six ? "=0=-=5=" : "=0=-=4=");
        out_text(o, " the pig of that player (4 per city for his farm)");
    }
    if (r->el & (CARC_MODULE_BUILDER | CARC_MODULE_PIG))
        out_nl(o);
    if (r->el & CARC_MODULE_TRADERS_TILES) {
        out_text(o, r->el & CARC_MODULE_GOODS ? "w wine  s grain  c cloth: goods in a city (a token each to who "
                                                "completes it; 10 points to the most of each kind)"
                                              : "w wine  s grain  c cloth: goods in a city");
        out_nl(o);
    }
    if (city) {
        out_text(o, "% the walled City of Carcassonne (no figure on it): in its quarters castle, market, blacksmith and "
                    "cathedral");
        out_nl(o);
        out_text(o, (r->el & CARC_MODULE_BIG_FOLLOWER) ? "  the followers of each player (his digit, <0> his big follower) and the Count"
                            : "  the followers of each player (his digit) and the Count");
        out_nl(o);
    }
}

/* Player p's line: his digit, score, supply, where his abbot, big follower,
 * builder and pig are (no pig without farmers: it would have no farm to
 * join), his goods tokens, and whether he is to move. */
static void legend_player(tx_out *o, const carci_render *r, uint32_t p, bool to_move)
{
    int32_t score = 0;
    uint32_t supply = 0;
    carci_holdings h;
    char tmp[320], trade[128];
    (void)carc_game_score(&score, r->game, p);
    (void)carc_game_supply(&supply, r->game, p);
    carci_holdings_load(&h, r->game, p);
    trade[0] = '\0';
    if (r->traders) {
        char goods[64] = "";
        if (r->el & CARC_MODULE_GOODS)
            snprintf(goods, sizeof goods, ", goods %lu wine %lu grain %lu cloth", (unsigned long)h.goods[CARC_GOOD_WINE],
                     (unsigned long)h.goods[CARC_GOOD_GRAIN], (unsigned long)h.goods[CARC_GOOD_CLOTH]);
        snprintf(trade, sizeof trade, "%s%s%s",
                 !(r->el & CARC_MODULE_BUILDER) ? "" : h.builders > 0 ? ", builder in supply" : ", builder on the board",
                 !(r->el & CARC_MODULE_PIG) ? "" : h.pigs > 0 ? ", pig in supply" : ", pig on the board", goods);
    }
    snprintf(tmp, sizeof tmp, "player %lu: %ld points, %lu followers in supply%s%s%s%s", (unsigned long)p,
             (long)score, (unsigned long)supply,
             !(r->el & CARC_MODULE_ABBOT_FIGURE) ? "" : h.abbots > 0 ? ", abbot in supply" : ", abbot on the board",
             !(r->el & CARC_MODULE_BIG_FOLLOWER) ? "" : h.bigs > 0 ? ", big follower in supply" : ", big follower on the board", trade,
             to_move ? "  <- to move" : "");
    out_ch(o, (char)('0' + (int)(p % 10u)), o->ansi ? (K_FIGURE | (int)(p << 8)) : -1);
    out_text(o, " ");
    out_text(o, tmp);
    out_nl(o);
}

/* The last tile placed, in the move notation. */
static void legend_last_move(tx_out *o, const carc_game *game)
{
    uint32_t hcount = 0, i;
    char tmp[320], mv[64];
    if (carc_game_history_count(&hcount, game) != CARC_OK)
        return;
    for (i = hcount; i-- > 0;) {
        carc_history_entry h;
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        if (carc_game_history(&h, game, i) != CARC_OK)
            break;
        if (h.kind != CARC_HISTORY_PLACE || h.move.kind != CARC_MOVE_PLACE)
            continue;
        if (carc_move_format(mv, sizeof mv, NULL, &h.move) == CARC_OK) {
            snprintf(tmp, sizeof tmp, "last move: player %lu placed %s", (unsigned long)h.player, mv);
            out_text(o, tmp);
            out_nl(o);
        }
        break;
    }
}

/* The winners, or the tiles left and what the game waits for: the Count's
 * decision (before the next tile is drawn) or the tile to place. */
static void legend_status(tx_out *o, const carc_game *game, uint32_t players, bool over)
{
    uint32_t leaders = 0, remaining = 0, tile = 0, p;
    char tmp[320], line[640];
    carc_pending pending;
    if (over) {
        (void)carc_game_leaders(&leaders, game);
        out_text(o, "game over; ");
        out_text(o, (leaders & (leaders - 1u)) ? "winners:" : "winner:");
        for (p = 0; p < players; p++)
            if ((leaders >> p) & 1u) {
                snprintf(tmp, sizeof tmp, " player %lu", (unsigned long)p);
                out_text(o, tmp);
            }
    } else {
        (void)carc_game_remaining(&remaining, game);
        snprintf(tmp, sizeof tmp, "tiles left: %lu", (unsigned long)remaining);
        out_text(o, tmp);
        if (carci_count_decision(line, sizeof line, game)) {
            out_text(o, "; ");
            out_text(o, line);
        } else if (carc_game_current_tile(&tile, game) == CARC_OK && carc_tile_name(tile) != NULL) {
            out_text(o, ", tile to place: ");
            out_text(o, carc_tile_name(tile));
            memset(&pending, 0, sizeof pending);
            pending.struct_size = sizeof pending;
            if (carc_game_pending(&pending, game) == CARC_OK && (pending.flags & CARC_PENDING_SECOND_TILE))
                out_text(o, " (the builder's second tile: it may be declined)");
        }
    }
    out_nl(o);
}

static void render_legend(tx_out *o, const carci_render *r)
{
    uint32_t p, turn;
    bool over = false;
    char line[640];
    carci_city city;
    carci_city_load(&city, r->game);
    legend_key(o, r, city.on);
    if (r->players == 0)
        return;
    (void)carc_game_is_over(&over, r->game);
    turn = carci_deciding_player(r->game);
    for (p = 0; p < r->players; p++)
        legend_player(o, r, p, !over && p == turn);
    if (city.on) {
        carci_city_line(line, sizeof line, &city);
        out_text(o, line);
        out_nl(o);
    }
    legend_last_move(o, r->game);
    legend_status(o, r->game, r->players, over);
}

carc_status carc_game_render_text(char *buf, size_t cap, size_t *needed, const carc_game *game, uint32_t flags)
{
    tx_out o;
    carci_render r;
    carc_status st = carci_render_begin(&r, &o.t, buf, cap, game, flags);
    if (st != CARC_OK)
        return st;
    o.spaces = 0;
    o.color = -1;
    o.ansi = r.color;
    render_board(&o, game);
    if (r.legend)
        render_legend(&o, &r);
    return carci_text_finish(&o.t, needed);
}
