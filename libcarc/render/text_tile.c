/* SPDX-License-Identifier: MIT */
/*
 * The text picture: one tile as a block of 7 x 5 characters (TW x TH,
 * render_internal.h), drawn from its segments in board orientation
 * (carc_tile_segment with the tile's rotation), with the figures on it.
 *
 * Fields are dots, cities #, pennants *, roads - | +, a village o, a
 * monastery [M], a river ~ (the spring @, the lake O; a monastery beside the
 * river moves aside), a garden g; a figure is its player's digit, an abbot
 * the digit between braces ({0}). With Inns & Cathedrals: an inn is i, on
 * the field beside its road; a cathedral is [C] in its city; a big follower
 * is the digit between angle brackets (<0>); two roads that curve past each
 * other on one tile (IC/RrRr) are drawn as diagonals that do not meet; the
 * field in the middle of IC/CCCC is the dots between its four cities. With
 * Traders & Builders: a goods symbol is a letter in its city (w wine, s
 * grain, c cloth), beside where a knight stands; the builder is the digit
 * between parentheses ((0)), the pig the digit between equals signs (=0=);
 * the field between the two corner cities of TB/CcCc.w is a diagonal of
 * dots. With the Count: the parts of the City of Carcassonne's tiles that
 * are the walled city are %, which the board writes the wall and the
 * quarters over (text_board.c).
 */
#include "render/render_internal.h"

#include <string.h>

/* A mark of a module that figures, their brackets and other marks keep off. */
static bool is_mark(int kind)
{
    return kind == K_INN || kind == K_CATHEDRAL || kind == K_WINE || kind == K_GRAIN || kind == K_CLOTH;
}

/* A character of a city (its pennants and goods included): the gap to a
 * neighbour's city character carries the city on. */
bool carci_text_is_city(int kind)
{
    return kind == K_CITY || kind == K_PENNANT || kind == K_WINE || kind == K_GRAIN || kind == K_CLOTH;
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
    int c, r, n, sc, sr, best = -1;
    seg_anchor(b, seg, -1, -1, ac, ar);
    if (*ac < 0)
        return;
    n = seg_sums(b, seg, &sc, &sr);
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

/* Is cell (c, r) in quadrant q (0 NW, 1 NE, 2 SE, 3 SW; the middle lines in both)? */
static bool in_quadrant(uint32_t q, int c, int r)
{
    return (q == 1 || q == 2 ? c >= MID_C : c <= MID_C) && (q >= 2 ? r >= MID_R : r <= MID_R);
}

/* Fields: each character belongs to the field of its nearest port. */
static void fill_fields(tblock *b, const carc_segment_info *si, uint32_t nseg)
{
    uint32_t i;
    int c, r, k;
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
}

/* Cities; then, with the Count, the quadrants of a tile of the City of
 * Carcassonne that are the walled city (the board writes the wall over them). */
static void fill_cities(tblock *b, const carc_segment_info *si, uint32_t nseg)
{
    uint32_t i, coc;
    int c, r;
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
    coc = carci_coc_quadrants(si, nseg);
    for (r = 0; r < TH && coc != 0; r++)
        for (c = 0; c < TW; c++)
            for (i = 0; i < 4; i++)
                if (((coc >> i) & 1u) && in_quadrant(i, c, r))
                    set_cell(b, c, r, '%', K_COC, -1);
}

/* A river or road (segment i): an arm from each of its edges to the centre,
 * and the centre unless something else ends it there. */
static void draw_track(tblock *b, const carc_segment_info *si, int i, bool river)
{
    uint32_t e = si->edges & 15u;
    int kind = river ? K_RIVER : K_ROAD, s, c, r;
    char centre;
    for (s = 0; s < 4; s++) {
        if (!((e >> s) & 1u))
            continue;
        for (r = 0; r < TH; r++)
            for (c = 0; c < TW; c++)
                if (on_arm(s, c, r))
                    set_cell(b, c, r, river ? '~' : (s == CARC_N || s == CARC_S) ? '|' : '-', kind, i);
    }
    switch (si->end) {
    case CARC_END_VILLAGE:
        set_cell(b, MID_C, MID_R, 'o', K_VILLAGE, -1);
        return;
    case CARC_END_MONASTERY:
    case CARC_END_SPRING: /* drawn after the roads */
    case CARC_END_LAKE:
        return;
    case CARC_END_CITY: /* at the wall of a city or of the City of Carcassonne */
        if (b->kind[MID_R][MID_C] == K_CITY || b->kind[MID_R][MID_C] == K_COC)
            return;
        break;
    default:
        break;
    }
    centre = river ? '~' : e == 5u ? '|' : e == 10u ? '-' : popcount4(e) == 1 ? (e & 5u ? '|' : '-') : '+';
    set_cell(b, MID_C, MID_R, centre, kind, i);
}

/* Rivers, then roads (a road crosses a river on a bridge); two roads that
 * curve past each other as diagonals. */
static void draw_tracks(tblock *b, const carc_segment_info *si, uint32_t nseg)
{
    bool curves = curved_roads(si, nseg);
    uint32_t i;
    int k;
    for (k = 0; k < 2; k++)
        for (i = 0; i < nseg; i++) {
            bool river = k == 0;
            if (si[i].kind != (river ? CARC_SEG_RIVER : CARC_SEG_ROAD))
                continue;
            if (!river && curves && corner_road(&si[i]))
                draw_curved_road(b, si[i].edges & 15u, (int)i);
            else
                draw_track(b, &si[i], (int)i, river);
        }
}

/* A monastery reached by roads from both the west and the east (IC/LRFR)
 * keeps both its walls: --[M]-- */
static void monastery_walls(tblock *b, const carc_segment_info *si, uint32_t nseg)
{
    uint32_t own = 0, i;
    if (carci_monastery_side(si, nseg) >= 0)
        return;
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_ROAD && si[i].end == CARC_END_MONASTERY)
            own |= si[i].edges & 15u;
    for (i = 0; i < nseg && (own & 10u) == 10u; i++)
        if (si[i].kind == CARC_SEG_MONASTERY) {
            set_cell(b, MID_C - 1, MID_R, '[', K_MONASTERY, (int)i);
            set_cell(b, MID_C + 1, MID_R, ']', K_MONASTERY, (int)i);
        }
}

/* The marks on the segments: the spring (@) and the lake (O); a cathedral in
 * the middle of its city (pennants and figures keep off it) and an inn beside
 * its road; pennants; the goods symbols of each city beside its knight; a
 * garden's mark on the field nearest the middle, with room for an abbot. */
static void draw_marks(tblock *b, const carc_segment_info *si, uint32_t nseg)
{
    uint32_t i, k;
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_RIVER && (si[i].end == CARC_END_SPRING || si[i].end == CARC_END_LAKE))
            set_cell(b, MID_C, MID_R, si[i].end == CARC_END_SPRING ? '@' : 'O', K_RIVER, (int)i);
    for (i = 0; i < nseg; i++) {
        if (si[i].kind == CARC_SEG_CITY && (si[i].special & CARC_SEGMENT_CATHEDRAL))
            draw_cathedral(b, (int)i);
        if (si[i].kind == CARC_SEG_ROAD && (si[i].special & CARC_SEGMENT_INN))
            draw_inn(b, (int)i);
    }
    for (i = 0; i < nseg; i++) {
        int pc, pr, ac, ar;
        if (si[i].kind != CARC_SEG_CITY || si[i].pennants == 0)
            continue;
        seg_anchor(b, (int)i, -1, -1, &ac, &ar);
        seg_anchor(b, (int)i, ac, ar, &pc, &pr);
        if (pc >= 0)
            set_cell(b, pc, pr, '*', K_PENNANT, (int)i);
    }
    for (i = 0; i < nseg; i++)
        for (k = 0; k < CARC_GOOD_COUNT; k++)
            if (si[i].kind == CARC_SEG_CITY && (si[i].special & CARC_SEGMENT_GOOD(k)))
                draw_goods(b, (int)i, k);
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_GARDEN) {
            int gc, gr;
            garden_cell(b, &gc, &gr);
            if (gc >= 0)
                set_cell(b, gc, gr, 'g', K_GARDEN, (int)i);
        }
}

/* Where a figure on a monastery or garden stands: on the building or the
 * garden's mark; a second figure there (one out of the city of the Count,
 * onto a monastery held) beside it. */
static void building_cell(const tblock *b, const carc_segment_info *s, int seg, int *ac, int *ar)
{
    char mark = s->kind == CARC_SEG_MONASTERY ? 'M' : 'g';
    int tc = -1, tr = -1, c, r;
    bool on_mark = false;
    *ac = MID_C;
    *ar = MID_R;
    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            if (b->seg[r][c] == seg && b->ch[r][c] == mark) {
                *ac = c;
                *ar = r;
                on_mark = true;
            } else if (b->seg[r][c] == seg && b->kind[r][c] == K_FIGURE && tc < 0) {
                tc = c;
                tr = r;
            }
    if (!on_mark && tc >= 0)
        field_beside(b, tc, tr, ac, ar);
}

/* Figure `f` on the tile: its player's digit on the segment, between the
 * brackets of its kind (which keep off the marks of the modules). */
static void draw_figure(tblock *b, const carc_segment_info *si, const carc_figure_info *f)
{
    const carc_segment_info *s = &si[f->segment];
    int ac, ar, c, k;
    if (s->kind == CARC_SEG_MONASTERY || s->kind == CARC_SEG_GARDEN)
        building_cell(b, s, (int)f->segment, &ac, &ar);
    else if (f->figure == CARC_FIGURE_BIG || f->figure == CARC_FIGURE_BUILDER || f->figure == CARC_FIGURE_PIG)
        big_anchor(b, (int)f->segment, &ac, &ar);
    else
        seg_anchor(b, (int)f->segment, -1, -1, &ac, &ar);
    if (ac < 0)
        return;
    set_cell(b, ac, ar, (char)('0' + (int)(f->player % 10u)), K_FIGURE, (int)f->segment);
    b->player[ar][ac] = (unsigned char)f->player;
    if (figure_bracket(f->figure, true) == 0)
        return;
    for (k = -1; k <= 1; k += 2) {
        c = ac + k;
        if (c < 0 || c >= TW || !bracket_room(b, c, ar, f->figure == CARC_FIGURE_ABBOT ? -1 : (int)f->segment))
            continue;
        set_cell(b, c, ar, figure_bracket(f->figure, k < 0), K_FIGURE, (int)f->segment);
        b->player[ar][c] = (unsigned char)f->player;
    }
}

void carci_text_tile(tblock *b, const carc_game *game, const carc_move *t)
{
    carc_segment_info si[CARCI_MAX_SEG];
    uint32_t nseg = 0, i, nfig = 0;
    int c, r;

    for (r = 0; r < TH; r++)
        for (c = 0; c < TW; c++)
            set_cell(b, c, r, ' ', K_EMPTY, -1);
    if (!carci_tile_segments(si, &nseg, t))
        return;
    fill_fields(b, si, nseg);
    fill_cities(b, si, nseg);
    draw_interior_field(b, si, nseg);
    draw_monasteries(b, si, nseg, false); /* in the middle (the road of A stops at the building) */
    draw_tracks(b, si, nseg);
    monastery_walls(b, si, nseg);
    /* a monastery beside a river that runs through the middle or ends there: on the
     * side of its road, else away from the river (over the road's end) */
    draw_monasteries(b, si, nseg, true);
    draw_marks(b, si, nseg);
    if (carc_game_figure_count(&nfig, game) != CARC_OK)
        return;
    for (i = 0; i < nfig; i++) {
        carc_figure_info f;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        if (carc_game_figure(&f, game, i) == CARC_OK && f.x == t->x && f.y == t->y && f.segment < nseg)
            draw_figure(b, si, &f);
    }
}
