/* SPDX-License-Identifier: MIT */
/*
 * A text picture of the board: carc_game_render_text (render.h).
 *
 * Every tile is a block of 7 x 5 characters drawn from its segments in board
 * orientation (carc_tile_segment with the tile's rotation). Tiles are one
 * column and one row apart; where two neighbours continue a road or a city
 * across their common edge, the gap carries it on; so does a river (~). The
 * spring is @, the lake O; a monastery beside the river moves aside; a garden
 * is g; a figure is its player's digit, an abbot the digit between braces
 * ({0}). With Inns & Cathedrals: an inn is i, on the field beside its road; a
 * cathedral is [C] in its city; a big follower is the digit between angle
 * brackets (<0>); two roads that curve past each other on one tile (IC/RrRr)
 * are drawn as diagonals that do not meet; the field in the middle of IC/CCCC
 * is the dots between its four cities. With Traders & Builders: a goods
 * symbol is a letter in its city (w wine, s grain, c cloth), beside where a
 * knight stands; the builder is the digit between parentheses ((0)), the pig
 * the digit between equals signs (=0=); the field between the two corner
 * cities of TB/CcCc.w is a diagonal of dots; the legend says who holds which
 * builder and pig and how many tokens of each kind. With the Count: the
 * City of Carcassonne is one walled rectangle of % over the parts of its
 * tiles that are the city (its tiles' fields and road stubs around it end at
 * the wall), with its four quarters inside (castle at the top, market on the
 * right, blacksmith at the bottom, cathedral on the left), each player's
 * followers there as on the board (0, a big follower <0>) and "the Count" in
 * his quarter; the legend says the same in words and which Count decision
 * the game waits for. Public API only, no allocation: each block is
 * recomputed when its row of characters is written.
 */
#include <carcassonne/carcassonne.h>

#include "render/render_layout.h"
#include "util/textbuf.h"
#include <stdio.h>
#include <string.h>

#define TW 7 /* characters per tile, across */
#define TH 5 /* lines per tile */
#define MID_C 3
#define MID_R 2

/* What a character shows (chooses its colour). */
enum {
    K_EMPTY, K_FIELD, K_CITY, K_PENNANT, K_ROAD, K_VILLAGE, K_MONASTERY, K_RIVER, K_GARDEN, K_FIGURE,
    K_INN, K_CATHEDRAL, /* Inns & Cathedrals: marks no figure goes on */
    K_WINE, K_GRAIN, K_CLOTH, /* Traders & Builders: goods symbols in a city (K_WINE + carc_good) */
    K_COC, K_QUARTER, K_COUNT /* the Count: the walled city, a quarter's name, the Count */
};

/* A mark of a module that figures, their brackets and other marks keep off. */
static bool is_mark(int kind)
{
    return kind == K_INN || kind == K_CATHEDRAL || kind == K_WINE || kind == K_GRAIN || kind == K_CLOTH;
}

/* A character of a city (its pennants and goods included): the gap to a
 * neighbour's city character carries the city on. */
static bool is_city(int kind)
{
    return kind == K_CITY || kind == K_PENNANT || kind == K_WINE || kind == K_GRAIN || kind == K_CLOTH;
}

typedef struct tblock {
    char ch[TH][TW];
    unsigned char kind[TH][TW];
    signed char seg[TH][TW];   /* segment that owns the character, -1 for none */
    unsigned char player[TH][TW]; /* K_FIGURE: whose */
} tblock;

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

/* ---------------------------------------------------------------- geometry */

/* The side whose triangle holds cell (c, r), or -1 for the centre. */
static int cell_zone(int c, int r)
{
    int u = c - MID_C, v = r - MID_R;
    int au = u < 0 ? -u : u, av = v < 0 ? -v : v;
    if (u == 0 && v == 0)
        return -1;
    if (3 * av >= 2 * au) /* the tile is 7 wide and 5 high */
        return v < 0 ? CARC_N : CARC_S;
    return u < 0 ? CARC_W : CARC_E;
}

/* The two field ports of the zone, the nearer one first. */
static void cell_ports(int c, int r, int ports[2])
{
    int u = c - MID_C, v = r - MID_R;
    ports[0] = ports[1] = -1;
    switch (cell_zone(c, r)) {
    case CARC_N: ports[0] = u <= 0 ? 0 : 1; ports[1] = u <= 0 ? 1 : 0; break;
    case CARC_E: ports[0] = v <= 0 ? 2 : 3; ports[1] = v <= 0 ? 3 : 2; break;
    case CARC_S: ports[0] = u >= 0 ? 4 : 5; ports[1] = u >= 0 ? 5 : 4; break;
    case CARC_W: ports[0] = v >= 0 ? 6 : 7; ports[1] = v >= 0 ? 7 : 6; break;
    default: break;
    }
}

/* A city that touches only `side`: a bump against that side. */
static bool in_city_bump(int side, int c, int r)
{
    switch (side) {
    case CARC_N: return r == 0 || (r == 1 && c >= 2 && c <= 4);
    case CARC_S: return r == TH - 1 || (r == TH - 2 && c >= 2 && c <= 4);
    case CARC_W: return (c == 0 && r >= 1 && r <= 3) || (c == 1 && r == MID_R);
    case CARC_E: return (c == TW - 1 && r >= 1 && r <= 3) || (c == TW - 2 && r == MID_R);
    default: return false;
    }
}

/* Is cell (c, r) on the arm from the centre to `side`? */
static bool on_arm(int side, int c, int r)
{
    switch (side) {
    case CARC_N: return c == MID_C && r < MID_R;
    case CARC_S: return c == MID_C && r > MID_R;
    case CARC_W: return r == MID_R && c < MID_C;
    case CARC_E: return r == MID_R && c > MID_C;
    default: return false;
    }
}

static unsigned popcount4(uint32_t m)
{
    return (m & 1u) + ((m >> 1) & 1u) + ((m >> 2) & 1u) + ((m >> 3) & 1u);
}

static void set_cell(tblock *b, int c, int r, char ch, int kind, int seg)
{
    b->ch[r][c] = ch;
    b->kind[r][c] = (unsigned char)kind;
    b->seg[r][c] = (signed char)seg;
}

/* The characters of `seg`: how many, and the sums of their columns and rows
 * (the centroid is (sc/n, sr/n)). */
static int seg_sums(const tblock *b, int seg, int *sc, int *sr)
{
    int c, r, n = 0;
    *sc = *sr = 0;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            if (b->seg[r][c] == seg) {
                *sc += c;
                *sr += r;
                n++;
            }
    return n;
}

/* Cells of `seg` nearest the middle of the segment: the first for a figure, the second for a pennant. */
static void seg_anchor(const tblock *b, int seg, int skip_c, int skip_r, int *ac, int *ar)
{
    int c, r, sc, sr, best = -1;
    int n = seg_sums(b, seg, &sc, &sr);
    *ac = *ar = -1;
    if (n == 0)
        return;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++) {
            /* distance to the centroid, in units of 1/n, rows counted double (characters are tall) */
            int dc = c * n - sc, dr = (r * n - sr) * 2, d = dc * dc + dr * dr;
            if (b->seg[r][c] != seg || (c == skip_c && r == skip_r) || b->kind[r][c] == K_FIGURE ||
                is_mark(b->kind[r][c]))
                continue;
            if (best < 0 || d < best) {
                best = d;
                *ac = c;
                *ar = r;
            }
        }
}

/* The field character nearest the middle with field on both sides (room for an
 * abbot's braces), else the nearest field character; -1 when there is none. */
static void garden_cell(const tblock *b, int *gc, int *gr)
{
    int pass, c, r, best;
    *gc = *gr = -1;
    for (pass = 0; pass < 2 && *gc < 0; pass++) {
        best = -1;
        for (r = 0; r < TH; r++)
            for (c = 0; c < TW; c++) {
                int dc = c - MID_C, dr = (r - MID_R) * 2, d = dc * dc + dr * dr;
                if (b->kind[r][c] != K_FIELD)
                    continue;
                if (pass == 0 && (c == 0 || c == TW - 1 || b->kind[r][c - 1] != K_FIELD || b->kind[r][c + 1] != K_FIELD))
                    continue;
                if (best < 0 || d < best) {
                    best = d;
                    *gc = c;
                    *gr = r;
                }
            }
    }
}

/* Monasteries in the middle (`shifted` false) or moved beside a river (true). */
static void draw_monasteries(tblock *b, const carc_segment_info *si, uint32_t nseg, bool shifted)
{
    int side = carci_monastery_side(si, nseg), mc = MID_C, mr = MID_R;
    uint32_t i;
    if ((side >= 0) != shifted)
        return;
    if (side == CARC_N || side == CARC_S)
        mr += side == CARC_N ? -1 : 1;
    else if (side >= 0)
        mc += side == CARC_W ? -2 : 2;
    if (carci_monastery_above_road(si, nseg, side))
        mr--; /* beside its road, which stays visible */
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_MONASTERY) {
            set_cell(b, mc - 1, mr, '[', K_MONASTERY, (int)i);
            set_cell(b, mc, mr, 'M', K_MONASTERY, (int)i);
            set_cell(b, mc + 1, mr, ']', K_MONASTERY, (int)i);
        }
}

/* ---------------------------------------------------------------- Inns & Cathedrals */

/* A road of two sides that meet at a corner (not straight across), passing through. */
static bool corner_road(const carc_segment_info *si)
{
    uint32_t e = si->edges & 15u;
    return si->kind == CARC_SEG_ROAD && si->end == CARC_END_NONE && popcount4(e) == 2 && e != 5u && e != 10u;
}

/*
 * Two roads that curve past each other on one tile (IC/RrRr): drawn as
 * diagonals that keep off the middle, so that they do not look like a
 * crossing. No base tile has two corner roads.
 */
static bool curved_roads(const carc_segment_info *si, uint32_t nseg)
{
    uint32_t i, n = 0;
    for (i = 0; i < nseg; i++)
        n += corner_road(&si[i]);
    return n >= 2;
}

static void draw_curved_road(tblock *b, uint32_t edges, int seg)
{
    bool north = (edges & (1u << CARC_N)) != 0, west = (edges & (1u << CARC_W)) != 0;
    int vr = north ? 0 : TH - 1;       /* the end on the north or south side */
    int hc = west ? 0 : TW - 2;        /* the two characters towards the west or east side */
    int dc = west ? MID_C - 1 : MID_C + 1, dr = north ? MID_R - 1 : MID_R + 1;
    set_cell(b, MID_C, vr, '|', K_ROAD, seg);
    set_cell(b, hc, MID_R, '-', K_ROAD, seg);
    set_cell(b, hc + 1, MID_R, '-', K_ROAD, seg);
    set_cell(b, dc, dr, north == west ? '/' : '\\', K_ROAD, seg);
}

/* Cells of segment `seg` of kind `kind` in the block. */
static int seg_cells(const tblock *b, int seg, int kind)
{
    int c, r, n = 0;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            n += b->seg[r][c] == seg && b->kind[r][c] == kind;
    return n;
}

/*
 * An inn: a mark on the field beside its road (a field character next to one
 * of the road's), away from the tile's border and from small fields (which
 * keep room for a farmer), as near the middle of the road as can be.
 */
static void draw_inn(tblock *b, int seg)
{
    int c, r, k, n = 0, sc = 0, sr = 0, best = -1, bc = -1, br = -1;
    static const int nc[4] = { 0, 0, -1, 1 }, nr[4] = { -1, 1, 0, 0 };
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            if (b->seg[r][c] == seg && b->kind[r][c] == K_ROAD) {
                sc += c;
                sr += r;
                n++;
            }
    if (n == 0)
        return;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++) {
            bool beside = false;
            int dc, dr, d;
            if (b->kind[r][c] != K_FIELD)
                continue;
            for (k = 0; k < 4 && !beside; k++) {
                int cc = c + nc[k], rr = r + nr[k];
                beside = cc >= 0 && cc < TW && rr >= 0 && rr < TH && b->seg[rr][cc] == seg && b->kind[rr][cc] == K_ROAD;
            }
            if (!beside)
                continue;
            dc = c * n - sc;
            dr = (r * n - sr) * 2;
            d = dc * dc + dr * dr;
            if (c == 0 || c == TW - 1 || r == 0 || r == TH - 1)
                d += 1000 * n * n; /* the border: only if nothing else */
            if (b->seg[r][c] >= 0 && seg_cells(b, b->seg[r][c], K_FIELD) < 3)
                d += 4000 * n * n; /* a small field: keep its characters */
            if (best < 0 || d < best) {
                best = d;
                bc = c;
                br = r;
            }
        }
    if (bc >= 0)
        set_cell(b, bc, br, 'i', K_INN, -1);
}

/* A cathedral: [C] at the middle of its city (a single C when there is no room). */
static void draw_cathedral(tblock *b, int seg)
{
    int ac, ar;
    seg_anchor(b, seg, -1, -1, &ac, &ar);
    if (ac < 0)
        return;
    if (ac > 0 && ac < TW - 1 && b->seg[ar][ac - 1] == seg && b->kind[ar][ac - 1] == K_CITY &&
        b->seg[ar][ac + 1] == seg && b->kind[ar][ac + 1] == K_CITY) {
        set_cell(b, ac - 1, ar, '[', K_CATHEDRAL, seg);
        set_cell(b, ac + 1, ar, ']', K_CATHEDRAL, seg);
    }
    set_cell(b, ac, ar, 'C', K_CATHEDRAL, seg);
}

/* Whether a figure's bracket may go on cell (c, r): not over a figure or a mark
 * of Inns & Cathedrals or Traders & Builders; a big follower's, a builder's
 * or a pig's (big: its segment; -1 for an abbot's) only over its own segment
 * (not its pennant) or a field (the dots beside a road that runs
 * north-south), so that it hides nothing else. */
static bool bracket_room(const tblock *b, int c, int r, int big)
{
    int k = b->kind[r][c];
    return k != K_FIGURE && !is_mark(k) && (big < 0 || k == K_FIELD || (b->seg[r][c] == big && k != K_PENNANT));
}

/* Where a big follower (or a builder, or a pig) stands: as a follower
 * (seg_anchor), but on a cell with room for at least one of its brackets when
 * the segment has one. */
static void big_anchor(const tblock *b, int seg, int *ac, int *ar)
{
    int c, r, n = 0, sc = 0, sr = 0, best = -1;
    seg_anchor(b, seg, -1, -1, ac, ar);
    if (*ac < 0)
        return;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            if (b->seg[r][c] == seg) {
                sc += c;
                sr += r;
                n++;
            }
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++) {
            int dc = c * n - sc, dr = (r * n - sr) * 2, d = dc * dc + dr * dr;
            bool room = (c > 0 && bracket_room(b, c - 1, r, seg)) || (c < TW - 1 && bracket_room(b, c + 1, r, seg));
            if (b->seg[r][c] != seg || !bracket_room(b, c, r, seg) || !room)
                continue;
            if (best < 0 || d < best) {
                best = d;
                *ac = c;
                *ar = r;
            }
        }
}

/* ---------------------------------------------------------------- Traders & Builders */

/* The letter of a kind of goods (carc_good): w wine, s grain (a sheaf), c cloth. */
static const char goods_char[CARC_GOOD_COUNT] = { 'w', 's', 'c' };

/*
 * A goods symbol of city `seg`: its letter on the city character nearest the
 * middle of the city after the one a knight takes (seg_anchor), off the tile's
 * border when the city has room inside (a border character carries the city
 * across the gap to its neighbour); a second symbol of the city takes the
 * next such character.
 */
static void draw_goods(tblock *b, int seg, uint32_t good)
{
    int c, r, sc, sr, best = -1, bc = -1, br = -1, kc, kr;
    int n = seg_sums(b, seg, &sc, &sr);
    seg_anchor(b, seg, -1, -1, &kc, &kr); /* the knight's */
    for (r = 0; r < TH && n > 0; r++)
        for (c = 0; c < TW; c++) {
            int dc = c * n - sc, dr = (r * n - sr) * 2, d = dc * dc + dr * dr;
            if (b->seg[r][c] != seg || b->kind[r][c] != K_CITY || (c == kc && r == kr))
                continue;
            if (c == 0 || c == TW - 1 || r == 0 || r == TH - 1)
                d += 1000 * n * n;
            if (best < 0 || d < best) {
                best = d;
                bc = c;
                br = r;
            }
        }
    if (bc >= 0)
        set_cell(b, bc, br, goods_char[good], K_WINE + (int)good, seg);
}

/*
 * A field that touches no side, when the cities leave it no character
 * (Traders & Builders): between two cities in opposite corners (TB/CcCc.w)
 * it is the diagonal of dots that parts them; between a city of one side
 * and the cities beside it (TB/CCc.c) the inner row or column of that
 * city's bump. IC/CCCC's field keeps the dots its four bumps leave.
 */
static void draw_interior_field(tblock *b, const carc_segment_info *si, uint32_t nseg)
{
    uint32_t i, corners = 0;
    int field = -1, c, r;
    for (i = 0; i < nseg; i++) {
        uint32_t e = si[i].edges & 15u;
        if (si[i].kind == CARC_SEG_FIELD && si[i].ports == 0)
            field = (int)i;
        if (si[i].kind == CARC_SEG_CITY && popcount4(e) == 2 && e != 5u && e != 10u)
            corners |= 1u << e;
    }
    if (field < 0 || seg_cells(b, field, K_FIELD) > 0)
        return;
    if ((corners >> 9 & corners >> 6 & 1u) || (corners >> 3 & corners >> 12 & 1u)) {
        for (r = 0; r < TH; r++)
            for (c = 0; c < TW; c++) {
                /* the diagonal between the two free corners of the 7 x 5 block */
                int u = c - MID_C, v = r - MID_R, d = (corners >> 9 & 1u) ? 2 * u + 3 * v : 2 * u - 3 * v;
                if (d >= -1 && d <= 1)
                    set_cell(b, c, r, '.', K_FIELD, field);
            }
        return;
    }
    for (i = 0; i < nseg; i++) {
        uint32_t e = si[i].edges & 15u;
        if (si[i].kind != CARC_SEG_CITY || popcount4(e) != 1)
            continue;
        for (r = 0; r < TH; r++)
            for (c = 0; c < TW; c++)
                if (b->seg[r][c] == (int)i && r > 0 && r < TH - 1 && c > 0 && c < TW - 1)
                    set_cell(b, c, r, '.', K_FIELD, field); /* the bump's inner part */
    }
}

/* The free field character nearest (c0, r0), on its line first (rows count
 * three times); (c0, r0) itself when there is none. */
static void field_beside(const tblock *b, int c0, int r0, int *ac, int *ar)
{
    int c, r, best = -1;
    *ac = c0;
    *ar = r0;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++) {
            int d = (c - c0) * (c - c0) + 9 * (r - r0) * (r - r0);
            if (b->kind[r][c] == K_FIELD && (best < 0 || d < best)) {
                best = d;
                *ac = c;
                *ar = r;
            }
        }
}

/* The brackets of a figure that is not a follower: an abbot's braces, a big
 * follower's angle brackets, a builder's parentheses, a pig's equals signs;
 * 0 for a follower. */
static char figure_bracket(uint32_t figure, bool left)
{
    switch (figure) {
    case CARC_FIGURE_ABBOT: return left ? '{' : '}';
    case CARC_FIGURE_BIG: return left ? '<' : '>';
    case CARC_FIGURE_BUILDER: return left ? '(' : ')';
    case CARC_FIGURE_PIG: return '=';
    default: return 0;
    }
}

/* The segments of the placed tile `t` in board orientation (at most 16). */
static bool load_segments(carc_segment_info si[16], uint32_t *nseg, const carc_move *t)
{
    uint32_t i;
    if (carc_tile_segment_count(nseg, t->tile) != CARC_OK)
        return false;
    if (*nseg > 16)
        *nseg = 16;
    for (i = 0; i < *nseg; i++) {
        memset(&si[i], 0, sizeof si[i]);
        si[i].struct_size = sizeof si[i];
        if (carc_tile_segment(&si[i], t->tile, t->rotation, i) != CARC_OK)
            si[i].kind = UINT32_MAX;
    }
    return true;
}

/* Is cell (c, r) in quadrant q (0 NW, 1 NE, 2 SE, 3 SW; the middle lines in both)? */
static bool in_quadrant(uint32_t q, int c, int r)
{
    return (q == 1 || q == 2 ? c >= MID_C : c <= MID_C) && (q >= 2 ? r >= MID_R : r <= MID_R);
}

static void tile_block(tblock *b, const carc_game *game, const carc_move *t)
{
    carc_segment_info si[16];
    uint32_t nseg = 0, i, nfig = 0, coc;
    int c, r, k;
    bool curves;

    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            set_cell(b, c, r, ' ', K_EMPTY, -1);
    if (!load_segments(si, &nseg, t))
        return;

    /* fields: each character belongs to the field of its nearest port */
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++) {
            int ports[2], owner = -1;
            cell_ports(c, r, ports);
            for (k = 0; k < 2 && owner < 0; k++)
                for (i = 0; i < nseg && ports[k] >= 0; i++)
                    if (si[i].kind == CARC_SEG_FIELD && (si[i].ports >> ports[k]) & 1u) {
                        owner = (int)i;
                        break;
                    }
            for (i = 0; i < nseg && owner < 0; i++)
                if (si[i].kind == CARC_SEG_FIELD)
                    owner = (int)i;
            set_cell(b, c, r, '.', K_FIELD, owner);
        }

    /* cities */
    for (i = 0; i < nseg; i++) {
        uint32_t e = si[i].edges & 15u;
        if (si[i].kind != CARC_SEG_CITY)
            continue;
        for (r = 0; r < TH; r++)
            for (c = 0; c < TW; c++) {
                int z = cell_zone(c, r);
                bool in = popcount4(e) == 1 ? in_city_bump((int)(e == 1 ? 0 : e == 2 ? 1 : e == 4 ? 2 : 3), c, r)
                                            : (z < 0 || ((e >> z) & 1u));
                if (in)
                    set_cell(b, c, r, '#', K_CITY, (int)i);
            }
    }

    /* the Count: the quadrants of a tile of the City of Carcassonne that are the
     * walled city (render_board writes the wall over them) */
    coc = carci_coc_quadrants(si, nseg);
    for (r = 0; r < TH && coc != 0; r++)
        for (c = 0; c < TW; c++)
            for (i = 0; i < 4; i++)
                if (((coc >> i) & 1u) && in_quadrant(i, c, r))
                    set_cell(b, c, r, '%', K_COC, -1);

    draw_interior_field(b, si, nseg);

    /* monasteries in the middle (the road of A stops at the building) */
    draw_monasteries(b, si, nseg, false);

    /* rivers, then roads (a road crosses a river on a bridge): arms from each edge to the centre */
    curves = curved_roads(si, nseg);
    for (k = 0; k < 2; k++)
        for (i = 0; i < nseg; i++) {
            uint32_t e = si[i].edges & 15u;
            bool river = k == 0;
            int kind = river ? K_RIVER : K_ROAD, s;
            char centre;
            if (si[i].kind != (river ? CARC_SEG_RIVER : CARC_SEG_ROAD))
                continue;
            if (!river && curves && corner_road(&si[i])) {
                draw_curved_road(b, e, (int)i);
                continue;
            }
            for (s = 0; s < 4; s++) {
                if (!((e >> s) & 1u))
                    continue;
                for (r = 0; r < TH; r++)
                    for (c = 0; c < TW; c++)
                        if (on_arm(s, c, r))
                            set_cell(b, c, r, river ? '~' : (s == CARC_N || s == CARC_S) ? '|' : '-', kind, (int)i);
            }
            switch (si[i].end) {
            case CARC_END_VILLAGE:
                set_cell(b, MID_C, MID_R, 'o', K_VILLAGE, -1);
                continue;
            case CARC_END_MONASTERY:
            case CARC_END_SPRING: /* drawn after the roads */
            case CARC_END_LAKE:
                continue;
            case CARC_END_CITY: /* at the wall of a city or of the City of Carcassonne */
                if (b->kind[MID_R][MID_C] == K_CITY || b->kind[MID_R][MID_C] == K_COC)
                    continue;
                break;
            default:
                break;
            }
            centre = river ? '~' : e == 5u ? '|' : e == 10u ? '-' : popcount4(e) == 1 ? (e & 5u ? '|' : '-') : '+';
            set_cell(b, MID_C, MID_R, centre, kind, (int)i);
        }

    /* a monastery reached by roads from both the west and the east (IC/LRFR) keeps
     * both its walls: --[M]-- */
    if (carci_monastery_side(si, nseg) < 0) {
        uint32_t own = 0;
        for (i = 0; i < nseg; i++)
            if (si[i].kind == CARC_SEG_ROAD && si[i].end == CARC_END_MONASTERY)
                own |= si[i].edges & 15u;
        for (i = 0; i < nseg && (own & 10u) == 10u; i++)
            if (si[i].kind == CARC_SEG_MONASTERY) {
                set_cell(b, MID_C - 1, MID_R, '[', K_MONASTERY, (int)i);
                set_cell(b, MID_C + 1, MID_R, ']', K_MONASTERY, (int)i);
            }
    }

    /* a monastery beside a river that runs through the middle or ends there: on the
     * side of its road, else away from the river (over the road's end) */
    draw_monasteries(b, si, nseg, true);

    /* where the river starts (spring) and ends (lake) */
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_RIVER && (si[i].end == CARC_END_SPRING || si[i].end == CARC_END_LAKE))
            set_cell(b, MID_C, MID_R, si[i].end == CARC_END_SPRING ? '@' : 'O', K_RIVER, (int)i);

    /* Inns & Cathedrals: a cathedral in the middle of its city (pennants and
     * figures keep off it), an inn beside its road */
    for (i = 0; i < nseg; i++) {
        if (si[i].kind == CARC_SEG_CITY && (si[i].special & CARC_SEGMENT_CATHEDRAL))
            draw_cathedral(b, (int)i);
        if (si[i].kind == CARC_SEG_ROAD && (si[i].special & CARC_SEGMENT_INN))
            draw_inn(b, (int)i);
    }

    /* pennants */
    for (i = 0; i < nseg; i++) {
        int pc, pr, ac, ar;
        if (si[i].kind != CARC_SEG_CITY || si[i].pennants == 0)
            continue;
        seg_anchor(b, (int)i, -1, -1, &ac, &ar);
        seg_anchor(b, (int)i, ac, ar, &pc, &pr);
        if (pc >= 0)
            set_cell(b, pc, pr, '*', K_PENNANT, (int)i);
    }

    /* Traders & Builders: the goods symbols of each city, beside its knight */
    for (i = 0; i < nseg; i++)
        for (k = 0; k < CARC_GOOD_COUNT; k++)
            if (si[i].kind == CARC_SEG_CITY && (si[i].special & CARC_SEGMENT_GOOD((uint32_t)k)))
                draw_goods(b, (int)i, (uint32_t)k);

    /* gardens: a mark on the field nearest the middle, with room for an abbot beside it */
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_GARDEN) {
            int gc, gr;
            garden_cell(b, &gc, &gr);
            if (gc >= 0)
                set_cell(b, gc, gr, 'g', K_GARDEN, (int)i);
        }

    /* figures: the player's digit on the segment; an abbot between braces, a big
     * follower between angle brackets, a builder between parentheses, a pig
     * between equals signs (the brackets keep off the marks of the modules) */
    if (carc_game_figure_count(&nfig, game) != CARC_OK)
        return;
    for (i = 0; i < nfig; i++) {
        carc_figure_info f;
        int ac, ar;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        if (carc_game_figure(&f, game, i) != CARC_OK || f.x != t->x || f.y != t->y || f.segment >= nseg)
            continue;
        if (si[f.segment].kind == CARC_SEG_MONASTERY || si[f.segment].kind == CARC_SEG_GARDEN) {
            /* on the building or the garden's mark; a second figure there (one
             * out of the city of the Count, onto a monastery held) beside it */
            char mark = si[f.segment].kind == CARC_SEG_MONASTERY ? 'M' : 'g';
            int tc = -1, tr = -1;
            bool on_mark = false;
            ac = MID_C;
            ar = MID_R;
            for (r = 0; r < TH; r++)
                for (c = 0; c < TW; c++)
                    if (b->seg[r][c] == (int)f.segment && b->ch[r][c] == mark) {
                        ac = c;
                        ar = r;
                        on_mark = true;
                    } else if (b->seg[r][c] == (int)f.segment && b->kind[r][c] == K_FIGURE && tc < 0) {
                        tc = c;
                        tr = r;
                    }
            if (!on_mark && tc >= 0)
                field_beside(b, tc, tr, &ac, &ar);
        } else if (f.figure == CARC_FIGURE_BIG || f.figure == CARC_FIGURE_BUILDER || f.figure == CARC_FIGURE_PIG) {
            big_anchor(b, (int)f.segment, &ac, &ar);
        } else {
            seg_anchor(b, (int)f.segment, -1, -1, &ac, &ar);
        }
        if (ac < 0)
            continue;
        set_cell(b, ac, ar, (char)('0' + (int)(f.player % 10u)), K_FIGURE, (int)f.segment);
        b->player[ar][ac] = (unsigned char)f.player;
        if (figure_bracket(f.figure, true) != 0)
            for (k = -1; k <= 1; k += 2) {
                c = ac + k;
                if (c < 0 || c >= TW ||
                    !bracket_room(b, c, ar, f.figure == CARC_FIGURE_ABBOT ? -1 : (int)f.segment))
                    continue;
                set_cell(b, c, ar, figure_bracket(f.figure, k < 0), K_FIGURE, (int)f.segment);
                b->player[ar][c] = (unsigned char)f.player;
            }
    }
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
    carc_segment_info si[16];
    carc_move t;
    uint32_t n = 0, i, q, nseg;
    int w, h, c, r;

    v->on = false;
    carci_city_load(&city, game);
    if (!city.on || carc_game_tile_count(&n, game) != CARC_OK)
        return;
    for (i = 0; i < n; i++) {
        uint32_t quads;
        if (carc_game_tile(&t, game, i) != CARC_OK || !load_segments(si, &nseg, &t))
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
    if (is_city(ka) && is_city(kb)) {
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

static void render_board(tx_out *o, const carc_game *game)
{
    int32_t min_x, min_y, max_x, max_y;
    int64_t x, y;
    int r, c, margin;
    char tmp[32];
    tblock cur, prev, below;
    carc_move t, tb;
    city_view city;

    if (carc_game_bounds(&min_x, &min_y, &max_x, &max_y, game) != CARC_OK)
        return;
    city_build(&city, game, min_x, min_y);
    margin = snprintf(tmp, sizeof tmp, "%lld", (long long)min_y);
    c = snprintf(tmp, sizeof tmp, "%lld", (long long)max_y);
    if (c > margin)
        margin = c;

    /* x coordinates above each column */
    for (c = 0; c <= margin; c++)
        out_ch(o, ' ', -1);
    for (x = min_x; x <= max_x; x++) {
        int n = snprintf(tmp, sizeof tmp, "%lld", (long long)x), k;
        int pad = (TW - n) / 2;
        for (k = 0; k < pad; k++)
            out_ch(o, ' ', -1);
        out_text(o, tmp);
        for (k = pad + n; k < TW + 1; k++)
            out_ch(o, ' ', -1);
    }
    out_nl(o);

    for (y = min_y; y <= max_y; y++) {
        for (r = 0; r < TH; r++) {
            bool have_prev = false;
            if (r == MID_R)
                out_label(o, y, margin);
            else
                for (c = 0; c <= margin; c++)
                    out_ch(o, ' ', -1);
            for (x = min_x; x <= max_x; x++) {
                bool have = tile_at(&t, game, x, y);
                int64_t col = (x - min_x) * (TW + 1), row = (y - min_y) * (TH + 1) + r;
                if (have)
                    tile_block(&cur, game, &t);
                if (x > min_x) {
                    int color = -1;
                    char g = (have && have_prev) ? gap_char(&prev, TW - 1, r, &cur, 0, r, &color) : ' ';
                    board_ch(o, &city, col - 1, row, g, color);
                }
                for (c = 0; c < TW; c++)
                    board_ch(o, &city, col + c, row, have ? cur.ch[r][c] : ' ', have ? cell_color(&cur, c, r) : -1);
                if (have)
                    prev = cur;
                have_prev = have;
            }
            out_nl(o);
        }
        if (y == max_y)
            break;
        /* the gap line between this row of tiles and the next */
        for (c = 0; c <= margin; c++)
            out_ch(o, ' ', -1);
        for (x = min_x; x <= max_x; x++) {
            bool have = tile_at(&t, game, x, y) && tile_at(&tb, game, x, y + 1);
            int64_t col = (x - min_x) * (TW + 1), row = (y - min_y) * (TH + 1) + TH;
            if (have) {
                tile_block(&cur, game, &t);
                tile_block(&below, game, &tb);
            }
            if (x > min_x)
                board_ch(o, &city, col - 1, row, ' ', -1);
            for (c = 0; c < TW; c++) {
                int color = -1;
                char g = have ? gap_char(&cur, c, TH - 1, &below, c, 0, &color) : ' ';
                board_ch(o, &city, col + c, row, g, color);
            }
        }
        out_nl(o);
    }
}

/* What a player of Traders & Builders has: where his builder and pig are (no
 * pig without farmers: it would have no farm to join), and his goods tokens. */
static void traders_holdings(char *buf, size_t cap, const carc_game *game, uint32_t p, bool pig)
{
    uint32_t builders = 0, pigs = 0, goods[CARC_GOOD_COUNT] = { 0 }, k;
    (void)carc_game_figure_supply(&builders, game, p, CARC_FIGURE_BUILDER);
    (void)carc_game_figure_supply(&pigs, game, p, CARC_FIGURE_PIG);
    for (k = 0; k < CARC_GOOD_COUNT; k++)
        (void)carc_game_goods(&goods[k], game, p, k);
    snprintf(buf, cap, "%s%s, goods %lu wine %lu grain %lu cloth",
             builders > 0 ? ", builder in supply" : ", builder on the board",
             !pig ? "" : pigs > 0 ? ", pig in supply" : ", pig on the board", (unsigned long)goods[CARC_GOOD_WINE],
             (unsigned long)goods[CARC_GOOD_GRAIN], (unsigned long)goods[CARC_GOOD_CLOTH]);
}

static void render_legend(tx_out *o, const carc_game *game)
{
    uint32_t players = 0, p, turn = 0, remaining = 0, tile = 0, leaders = 0, hcount = 0, i;
    bool over = false, river, abbot, inns, traders, farmers;
    char tmp[320], mv[64], trade[128], line[640];
    carc_pending pending;
    carc_game_options opts;
    carci_city city;

    memset(&opts, 0, sizeof opts);
    if (carc_game_options_get(&opts, game) != CARC_OK)
        opts.modules = 0;
    river = (opts.modules & CARC_MODULE_RIVER) != 0;
    abbot = (opts.modules & CARC_MODULE_ABBOT) != 0;
    inns = (opts.modules & CARC_MODULE_INNS) != 0;
    traders = (opts.modules & CARC_MODULE_TRADERS) != 0;
    farmers = (opts.modules & CARC_MODULE_FARMERS) != 0;
    carci_city_load(&city, game);
    if (carc_game_players(&players, game) != CARC_OK)
        players = 0;
    out_nl(o);
    out_text(o, "# city  * pennant  - | + road  o village  [M] monastery  . field  ~ river  g garden");
    out_nl(o);
    /* the sixth player (Inns & Cathedrals only) is 5 */
    out_text(o, players > 5 ? "0-5 a follower of that player: on a road, in a city, in a monastery [0], or a farmer on a field"
                            : "0-4 a follower of that player: on a road, in a city, in a monastery [0], or a farmer on a field");
    out_nl(o);
    if (river) {
        out_text(o, "~ the river: it rises at its spring @ and ends in a lake O (roads cross it on bridges)");
        out_nl(o);
    }
    if (abbot) {
        out_text(o, players > 5 ? "{0}-{5} the abbot of that player: in a monastery {0} or a garden g"
                                : "{0}-{4} the abbot of that player: in a monastery {0} or a garden g");
        out_nl(o);
    }
    if (inns) {
        out_text(o, players > 5 ? "<0>-<5>" : "<0>-<4>");
        out_text(o, " the big follower of that player (counts as two followers)  i inn beside its road"
                    "  [C] cathedral in its city");
        out_nl(o);
    }
    if (traders) {
        out_text(o, players > 5 ? "(0)-(5)" : "(0)-(4)");
        out_text(o, " the builder of that player (a second tile when his road or city grows)");
        if (farmers) {
            out_text(o, players > 5 ? "  =0=-=5=" : "  =0=-=4=");
            out_text(o, " the pig of that player (4 per city for his farm)");
        }
        out_nl(o);
        out_text(o, "w wine  s grain  c cloth: goods in a city (a token each to who completes it; 10 points to the "
                    "most of each kind)");
        out_nl(o);
    }
    if (city.on) {
        out_text(o, "% the walled City of Carcassonne (no figure on it): in its quarters castle, market, blacksmith and "
                    "cathedral");
        out_nl(o);
        out_text(o, inns ? "  the followers of each player (his digit, <0> his big follower) and the Count"
                         : "  the followers of each player (his digit) and the Count");
        out_nl(o);
    }
    if (players == 0)
        return;
    (void)carc_game_is_over(&over, game);
    turn = carci_deciding_player(game);
    for (p = 0; p < players; p++) {
        int32_t score = 0;
        uint32_t supply = 0, abbots = 0, bigs = 0;
        (void)carc_game_score(&score, game, p);
        (void)carc_game_supply(&supply, game, p);
        if (abbot)
            (void)carc_game_figure_supply(&abbots, game, p, CARC_FIGURE_ABBOT);
        if (inns)
            (void)carc_game_figure_supply(&bigs, game, p, CARC_FIGURE_BIG);
        trade[0] = '\0';
        if (traders)
            traders_holdings(trade, sizeof trade, game, p, farmers);
        snprintf(tmp, sizeof tmp, "player %lu: %ld points, %lu followers in supply%s%s%s%s", (unsigned long)p,
                 (long)score, (unsigned long)supply,
                 !abbot ? "" : abbots > 0 ? ", abbot in supply" : ", abbot on the board",
                 !inns ? "" : bigs > 0 ? ", big follower in supply" : ", big follower on the board", trade,
                 (!over && p == turn) ? "  <- to move" : "");
        out_ch(o, (char)('0' + (int)(p % 10u)), o->ansi ? (K_FIGURE | (int)(p << 8)) : -1);
        out_text(o, " ");
        out_text(o, tmp);
        out_nl(o);
    }
    if (city.on) {
        carci_city_line(line, sizeof line, &city);
        out_text(o, line);
        out_nl(o);
    }
    if (carc_game_history_count(&hcount, game) == CARC_OK) {
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
            /* the Count's decision comes before the next tile is drawn */
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

carc_status carc_game_render_text(char *buf, size_t cap, size_t *needed, const carc_game *game, uint32_t flags)
{
    tx_out o;
    uint32_t players;

    if (game == NULL || (buf == NULL && cap > 0) || (flags & ~(uint32_t)(CARC_RENDER_COLOR | CARC_RENDER_NO_LEGEND)))
        return CARC_EINVAL;
    if (carc_game_players(&players, game) != CARC_OK)
        return CARC_EINVAL;
    o.t.buf = buf;
    o.t.cap = cap;
    o.t.len = 0;
    o.spaces = 0;
    o.color = -1;
    o.ansi = (flags & CARC_RENDER_COLOR) != 0;
    render_board(&o, game);
    if (!(flags & CARC_RENDER_NO_LEGEND))
        render_legend(&o, game);
    return carci_text_finish(&o.t, needed);
}
