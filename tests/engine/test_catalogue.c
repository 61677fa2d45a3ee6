/* SPDX-License-Identifier: MIT */
/* The tile catalogue against the published totals (docs/rules.md 2.1, 3.1,
 * 6.2, 7.2). */
#include "test_util.h"

#include <stdlib.h>

static void totals(void **state)
{
    (void)state;
    uint32_t tiles = 0, edges[4] = { 0 }, pennants = 0, seg[6] = { 0 }, monasteries = 0;
    uint32_t base_kinds = 0;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t c, n;
        assert_int_equal(carc_tile_copies(&c, k, CARC_MODULE_FARMERS), CARC_OK);
        if (!c)
            continue;
        base_kinds++;
        tiles += c;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t e;
            assert_int_equal(carc_tile_edge(&e, k, 0, s), CARC_OK);
            edges[e] += c;
        }
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            seg[si.kind] += c;
            pennants += si.pennants * c;
            if (si.kind == CARC_SEG_MONASTERY)
                monasteries += c;
        }
    }
    assert_int_equal(base_kinds, 24);
    assert_int_equal(tiles, 72);
    assert_int_equal(edges[CARC_EDGE_FIELD], 115);
    assert_int_equal(edges[CARC_EDGE_ROAD], 94);
    assert_int_equal(edges[CARC_EDGE_CITY], 79);
    assert_int_equal(pennants, 10);
    assert_int_equal(seg[CARC_SEG_CITY], 49);
    assert_int_equal(seg[CARC_SEG_ROAD], 62);
    assert_int_equal(seg[CARC_SEG_FIELD], 126);
    assert_int_equal(monasteries, 6);
}

/* The edges of the 12 tiles of the City of Carcassonne (docs/rules.md 8.2,
 * the table of the tiles; N E S W): '.' is an inner side of the block (a middle
 * dot in the rules), which always faces another tile of the block and is never
 * matched. Written from the table, not from the data. */
static const char *const CO_EDGES[12] = { "F..R", "F...", "F...", "RF..", "...F", "....",
                                          "....", ".F..", "..CF", "..F.", "..R.", ".CF." };

/* The edges of kind k if it is a tile of the City of Carcassonne ("CO/1" ..
 * "CO/12"), else NULL. */
static const char *co_edges(uint32_t k)
{
    const char *name = carc_tile_name(k);
    if (!name || strncmp(name, "CO/", 3) != 0)
        return NULL;
    int i = atoi(name + 3);
    assert_true(i >= 1 && i <= 12);
    return CO_EDGES[i - 1];
}

/* Every port and every non-field side belongs to exactly the right segment.
 * The City of Carcassonne's inner sides are field edges that no segment
 * touches by its side; their halves that face the walled city have no field
 * segment (count_tiles checks which halves have one). Nowhere else may a
 * field edge lack a field half. */
static void geometry_consistent(void **state)
{
    (void)state;
    uint32_t inner_sides = 0;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t n;
        const char *co = co_edges(k);
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t r = 0; r < 4; r++) {
            uint32_t sides = 0, ports = 0;
            for (uint32_t i = 0; i < n; i++) {
                carc_segment_info si = { .struct_size = sizeof si };
                assert_int_equal(carc_tile_segment(&si, k, r, i), CARC_OK);
                assert_int_equal(sides & si.edges, 0);
                assert_int_equal(ports & si.ports, 0);
                sides |= si.edges;
                ports |= si.ports;
            }
            for (uint32_t s = 0; s < 4; s++) {
                uint32_t e;
                assert_int_equal(carc_tile_edge(&e, k, r, s), CARC_OK);
                bool has_side = (sides >> s) & 1u;
                bool has_ports = ((ports >> (2 * s)) & 3u) == 3u;
                if (co && co[(s + 4 - r) % 4] == '.') {
                    /* an inner side of the block: a field edge, no road or city */
                    assert_int_equal(e, CARC_EDGE_FIELD);
                    assert_false(has_side);
                    inner_sides += r == 0;
                    continue;
                }
                assert_int_equal(has_side, e != CARC_EDGE_FIELD);
                assert_int_equal(has_ports, e != CARC_EDGE_CITY);
            }
        }
    }
    assert_int_equal(inner_sides, 34); /* 17 inner sides of the 4x3 block, seen from both tiles */
}

static void rotation(void **state)
{
    (void)state;
    uint32_t d = tu_tile("D"), e;
    /* D: C R F R; turned 90 degrees clockwise, the city faces east */
    assert_int_equal(carc_tile_edge(&e, d, 1, CARC_E), CARC_OK);
    assert_int_equal(e, CARC_EDGE_CITY);
    assert_int_equal(carc_tile_edge(&e, d, 1, CARC_N), CARC_OK);
    assert_int_equal(e, CARC_EDGE_ROAD);
    carc_segment_info si = { .struct_size = sizeof si };
    /* D's field f0 = {En, Wn} -> turned 90: {Se, Nw}... ports 2,7 -> 4,1 */
    assert_int_equal(carc_tile_segment(&si, d, 1, 2), CARC_OK);
    assert_int_equal(si.ports, (1u << 4) | (1u << 1));
    assert_int_equal(si.adjacent_cities, 1u);
}

static void lookups(void **state)
{
    (void)state;
    uint32_t k;
    assert_int_equal(carc_tile_find(&k, "X"), CARC_OK);
    assert_string_equal(carc_tile_name(k), "X");
    assert_int_equal(carc_tile_find(&k, "x"), CARC_ENOTFOUND);
    assert_int_equal(carc_tile_find(NULL, "X"), CARC_EINVAL);
    assert_int_equal(carc_tile_find(&k, NULL), CARC_EINVAL);
    assert_null(carc_tile_name(carc_tile_kind_count()));
    assert_int_equal(carc_tile_edge(&k, 0, 4, 0), CARC_ERANGE);
    assert_int_equal(carc_tile_edge(&k, 0, 0, 4), CARC_ERANGE);
    assert_int_equal(carc_tile_segment_count(&k, carc_tile_kind_count()), CARC_ERANGE);
    carc_segment_info si = { .struct_size = 0 };
    assert_int_equal(carc_tile_segment(&si, 0, 0, 0), CARC_EINVAL); /* struct_size not set */
    si.struct_size = sizeof si;
    assert_int_equal(carc_tile_segment(&si, 0, 0, 99), CARC_ERANGE);
    /* a caller compiled against a smaller struct gets only its fields */
    carc_segment_info small;
    memset(&small, 0xAB, sizeof small);
    small.struct_size = 2 * sizeof(uint32_t);
    assert_int_equal(carc_tile_segment(&small, tu_tile("C"), 0, 0), CARC_OK);
    assert_int_equal(small.kind, CARC_SEG_CITY);
    assert_int_equal(small.edges, 0xABABABABu);
}

static void move_text(void **state)
{
    (void)state;
    const char *cases[] = { "D 1 0 90 road:N", "D 1 0 90 city:E", "E 0 -1 180 city:S", "B 0 1 0 cloister", "U 1 0 90 field:ESE",
                            "V -3 7 270 -", "U 1 0 90 field:NNW", "X 2 2 0 field:ESE", "L 0 5 0 road:S",
                            /* Inns & Cathedrals: the big follower, the interior field */
                            "IC/CCCC 1 0 0 field:interior", "IC/CCCC -2 3 270 big/field:interior",
                            "IC/Cccc.c 0 -1 90 big/city:N", "IC/RRR.i 1 1 90 big/field:NNE", "IC/LRFR 0 1 0 big/cloister",
                            "IC/CcRr+.i 2 -3 270 big/road:N", "IC/RrRr 4 4 180 road:E", "D 1 0 90 big/road:N",
                            /* Traders & Builders: the builder, the pig, the pass that declines a second tile */
                            "TB/CcRR!.c 1 0 90 builder/road:W", "TB/RRrr 2 0 0 pig/field:NNW",
                            "TB/CcCC.c 0 3 180 builder/city:E", "TB/CCc.w -1 0 0 pig/field:interior", "pass" };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        carc_move m;
        char buf[64];
        size_t need = 0;
        assert_int_equal(carc_move_parse(&m, cases[i]), CARC_OK);
        assert_int_equal(carc_move_format(buf, sizeof buf, &need, &m), CARC_OK);
        assert_string_equal(buf, cases[i]);
        assert_int_equal(need, strlen(cases[i]));
    }
    carc_move m;
    assert_int_equal(carc_move_parse(&m, "D 1 0 90"), CARC_OK);
    assert_int_equal(m.figure, CARC_FIGURE_NONE);
    assert_int_equal(m.segment, CARC_NO_SEGMENT);
    /* a monastery named "monastery" too; a field by any of its ports */
    assert_int_equal(carc_move_parse(&m, "A 0 1 0 monastery"), CARC_OK);
    assert_int_equal(m.segment, 2);
    assert_int_equal(carc_move_parse(&m, "U 1 0 90 field:SSE"), CARC_OK);
    /* the interior field is the field of IC/CCCC that has no port; a
     * cathedral city by any of its sides */
    assert_int_equal(carc_move_parse(&m, "IC/CCCC 1 0 180 big/field:interior"), CARC_OK);
    assert_int_equal(m.figure, CARC_FIGURE_BIG);
    {
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, m.tile, m.rotation, m.segment), CARC_OK);
        assert_int_equal(si.kind, CARC_SEG_FIELD);
        assert_int_equal(si.ports, 0);
    }
    assert_int_equal(carc_move_parse(&m, "IC/Cccc.c 0 0 0 city:W"), CARC_OK);
    assert_int_equal(m.segment, 0);
    const char *bad[] = { "", "D", "D 1 0", "D 1 0 45", "D 1 0 360", "Z 1 0 0", "D x 0 0", "D 1 0 0 city:S",
                          "D 1 0 0 road:N", "D 1 0 0 cloister", "D 1 0 0 road:Q", "D 1 0 0 - extra",
                          "D 1 0 0 wizard/road:E", "D 1 0 0 field:NNN", "D 99999999999 0 0",
                          "D 1 0 0 field:interior", "IC/CCCC 1 0 0 field:NNE", "IC/CCCC 1 0 0 big/road:N",
                          "IC/Cccc.c 1 0 0 field:interior", "IC/CCCC 1 0 0 field:", "IC/XYZ 1 0 0 -",
                          "IC/CCCC 1 0 0 big/", "IC/CCCC 1 0 0 big/big/city:N" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(carc_move_parse(&m, bad[i]), CARC_EPARSE);
    assert_int_equal(carc_move_parse(NULL, "D 1 0 0"), CARC_EINVAL);
    assert_int_equal(carc_move_parse(&m, NULL), CARC_EINVAL);
    char small[4];
    size_t need = 0;
    assert_int_equal(carc_move_parse(&m, "D 1 0 90 road:N"), CARC_OK);
    assert_int_equal(carc_move_format(small, sizeof small, &need, &m), CARC_EBUFFER);
    assert_int_equal(need, strlen("D 1 0 90 road:N"));
    assert_int_equal(small[0], '\0');
    m.rotation = 4;
    assert_int_equal(carc_move_format(small, sizeof small, &need, &m), CARC_ERANGE);
}

/* Copies of `name` with these modules. */
static uint32_t copies(const char *name, uint32_t modules)
{
    uint32_t c = 0;
    assert_int_equal(carc_tile_copies(&c, tu_tile(name), modules), CARC_OK);
    return c;
}

static const char *const RIVER_TILES[12] = { "RA", "RB", "RC", "RD", "RE", "RF",
                                             "RG", "RH", "RI", "RJ", "RK", "RL" };
static const char *const GARDEN_OF[8][2] = { { "E", "E.g" }, { "H", "H.g" }, { "I", "I.g" }, { "M", "M.g" },
                                             { "N", "N.g" }, { "R", "R.g" }, { "U", "U.g" }, { "V", "V.g" } };

/* The River (docs/rules.md 3.1): 12 tiles, one of each; the spring starts, so D
 * has 3 copies and a game has 83 tiles. Farmers change no tile. */
static void river_counts(void **state)
{
    (void)state;
    static const uint32_t sets[2] = { CARC_MODULE_RIVER, CARC_MODULE_RIVER | CARC_MODULE_FARMERS };
    for (int i = 0; i < 2; i++) {
        uint32_t m = sets[i];
        for (int k = 0; k < 12; k++) {
            assert_int_equal(copies(RIVER_TILES[k], m), 1);
            assert_int_equal(copies(RIVER_TILES[k], m & ~(uint32_t)CARC_MODULE_RIVER), 0);
        }
        assert_int_equal(copies("D", m), 3);
        assert_int_equal(copies("D", m & ~(uint32_t)CARC_MODULE_RIVER), 4);
        assert_int_equal(tu_tile_total(m), 83);
        uint32_t river = 0;
        for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
            uint32_t c = 0;
            assert_int_equal(carc_tile_copies(&c, k, m), CARC_OK);
            if (tu_is_river(k))
                river += c;
        }
        assert_int_equal(river, 12);
    }
    /* the River's tiles follow X in the catalogue, in letter order */
    uint32_t x = tu_tile("X");
    for (int k = 0; k < 12; k++)
        assert_int_equal(tu_tile(RIVER_TILES[k]), x + 1 + (uint32_t)k);
}

/* The River tiles' edges and segments (docs/rules.md 3.1): edges river 22, road 8,
 * field 13, city 5; one river segment per tile (the spring's and the lake's
 * end on the tile); 4 city segments, no pennant, 5 road segments, 2
 * monasteries (RH, RL), 1 garden (RJ); six straight courses, four bends. */
static void river_geometry(void **state)
{
    (void)state;
    uint32_t edges[4] = { 0 }, seg[6] = { 0 }, pennants = 0, straight = 0, bends = 0, spring = 0, lake = 0;
    for (int k = 0; k < 12; k++) {
        uint32_t t = tu_tile(RIVER_TILES[k]), n = 0, rivers = 0;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t e;
            assert_int_equal(carc_tile_edge(&e, t, 0, s), CARC_OK);
            edges[e]++;
        }
        assert_int_equal(carc_tile_segment_count(&n, t), CARC_OK);
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, t, 0, i), CARC_OK);
            seg[si.kind]++;
            pennants += si.pennants;
            if (si.kind == CARC_SEG_MONASTERY)
                assert_true(strcmp(RIVER_TILES[k], "RH") == 0 || strcmp(RIVER_TILES[k], "RL") == 0);
            if (si.kind == CARC_SEG_GARDEN) {
                assert_string_equal(RIVER_TILES[k], "RJ");
                assert_int_equal(si.edges, 0);
                assert_int_equal(si.ports, 0);
            }
            if (si.kind != CARC_SEG_RIVER)
                continue;
            rivers++;
            unsigned sides = (unsigned)__builtin_popcount(si.edges);
            if (si.end == CARC_END_SPRING) {
                assert_string_equal(RIVER_TILES[k], "RA");
                assert_int_equal(sides, 1);
                spring++;
            } else if (si.end == CARC_END_LAKE) {
                assert_string_equal(RIVER_TILES[k], "RL");
                assert_int_equal(sides, 1);
                lake++;
            } else {
                assert_int_equal(si.end, CARC_END_NONE);
                assert_int_equal(sides, 2);
                if (si.edges == 0x5u || si.edges == 0xAu)
                    straight++;
                else
                    bends++;
            }
        }
        assert_int_equal(rivers, 1);
    }
    assert_int_equal(edges[CARC_EDGE_RIVER], 22);
    assert_int_equal(edges[CARC_EDGE_ROAD], 8);
    assert_int_equal(edges[CARC_EDGE_FIELD], 13);
    assert_int_equal(edges[CARC_EDGE_CITY], 5);
    assert_int_equal(seg[CARC_SEG_RIVER], 12);
    assert_int_equal(seg[CARC_SEG_CITY], 4);
    assert_int_equal(seg[CARC_SEG_ROAD], 5);
    assert_int_equal(seg[CARC_SEG_MONASTERY], 2);
    assert_int_equal(seg[CARC_SEG_GARDEN], 1);
    assert_int_equal(pennants, 0);
    assert_int_equal(spring, 1);
    assert_int_equal(lake, 1);
    assert_int_equal(straight, 6);
    assert_int_equal(bends, 4);
    /* no base tile has a river edge */
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        if (tu_is_river(k))
            continue;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t e;
            assert_int_equal(carc_tile_edge(&e, k, 0, s), CARC_OK);
            assert_int_not_equal(e, CARC_EDGE_RIVER);
        }
    }
}

/* The Abbot (docs/rules.md 1.4, 4.1): one garden copy each of E, H,
 * I, M, N, R, U, V, which the plain letter gives up; 72 tiles still; with the
 * River too, 83 (71 land tiles and 12 River tiles: the spring replaces the
 * base start tile). A garden copy is its letter plus a garden that touches no
 * side and no port. */
static void abbot_counts(void **state)
{
    (void)state;
    static const uint32_t sets[4] = { CARC_MODULE_ABBOT, CARC_MODULE_ABBOT | CARC_MODULE_FARMERS,
                                      CARC_MODULE_ABBOT | CARC_MODULE_RIVER,
                                      CARC_MODULE_ABBOT | CARC_MODULE_RIVER | CARC_MODULE_FARMERS };
    static const uint32_t plain[8] = { 5, 3, 2, 2, 3, 3, 8, 9 }; /* E H I M N R U V without the Abbot */
    for (int i = 0; i < 4; i++) {
        uint32_t m = sets[i], gardens = 0, garden_tiles = 0;
        for (int k = 0; k < 8; k++) {
            assert_int_equal(copies(GARDEN_OF[k][1], m), 1);
            assert_int_equal(copies(GARDEN_OF[k][1], m & ~(uint32_t)CARC_MODULE_ABBOT), 0);
            assert_int_equal(copies(GARDEN_OF[k][0], m), plain[k] - 1);
            assert_int_equal(copies(GARDEN_OF[k][0], m & ~(uint32_t)CARC_MODULE_ABBOT), plain[k]);
        }
        for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
            uint32_t c = 0, n = 0;
            assert_int_equal(carc_tile_copies(&c, k, m), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
            if (!c)
                continue;
            for (uint32_t s = 0; s < n; s++) {
                carc_segment_info si = { .struct_size = sizeof si };
                assert_int_equal(carc_tile_segment(&si, k, 0, s), CARC_OK);
                if (si.kind == CARC_SEG_GARDEN) {
                    gardens += c;
                    garden_tiles++;
                }
            }
        }
        bool river = (m & CARC_MODULE_RIVER) != 0;
        assert_int_equal(gardens, river ? 9 : 8);
        assert_int_equal(garden_tiles, river ? 9 : 8);
        assert_int_equal(copies("D", m), river ? 3 : 4);
        assert_int_equal(tu_tile_total(m), river ? 83 : 72);
    }
    /* a garden copy: the edges and segments of its letter, and one garden more */
    for (int k = 0; k < 8; k++) {
        uint32_t a = tu_tile(GARDEN_OF[k][0]), b = tu_tile(GARDEN_OF[k][1]), na = 0, nb = 0;
        assert_int_equal(carc_tile_segment_count(&na, a), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nb, b), CARC_OK);
        assert_int_equal(nb, na + 1);
        for (uint32_t r = 0; r < 4; r++) {
            for (uint32_t s = 0; s < 4; s++) {
                uint32_t ea, eb;
                assert_int_equal(carc_tile_edge(&ea, a, r, s), CARC_OK);
                assert_int_equal(carc_tile_edge(&eb, b, r, s), CARC_OK);
                assert_int_equal(ea, eb);
            }
            uint32_t garden = 0;
            for (uint32_t i = 0, j = 0; i < nb; i++) {
                carc_segment_info sb = { .struct_size = sizeof sb };
                assert_int_equal(carc_tile_segment(&sb, b, r, i), CARC_OK);
                if (sb.kind == CARC_SEG_GARDEN) {
                    assert_int_equal(sb.edges, 0);
                    assert_int_equal(sb.ports, 0);
                    garden++;
                    continue;
                }
                carc_segment_info sa = { .struct_size = sizeof sa };
                assert_int_equal(carc_tile_segment(&sa, a, r, j++), CARC_OK);
                assert_int_equal(sa.kind, sb.kind);
                assert_int_equal(sa.edges, sb.edges);
                assert_int_equal(sa.ports, sb.ports);
                assert_int_equal(sa.pennants, sb.pennants);
                assert_int_equal(sa.end, sb.end);
            }
            assert_int_equal(garden, 1);
        }
    }
}

/* ------------------------------------------------------------ Inns & Cathedrals */

/* The 17 kinds of Inns & Cathedrals (18 tiles: IC/Cccc.c has two copies) (docs/rules.md 6.2), in
 * catalogue order, with their copies, edges (N E S W) and segments. A segment
 * is written as the test reads it back through the API (seg_text):
 *   C:<sides>[+ per pennant][!cathedral][$w|$g|$c: a wine, grain or cloth symbol]    a city
 *   R:<sides>[@v|@c|@m: ends at a village (or the middle), city, cloister][*inn]
 *   F:<ports>/<the bordering cities, by their sides>[^: along the City of Carcassonne]    a field
 *   M                                       a cloister
 * Sides are N E S W, ports 0..7 (Nw Ne En Es Se Sw Ws Wn). */
typedef struct ic_tile {
    const char *name;
    uint32_t copies;
    const char *edges;
    const char *segs[9];
} ic_tile;

static const ic_tile IC_TILES[17] = {
    { "IC/Cccc.c", 2, "CCCC", { "C:NESW!" } },
    { "IC/LRFR", 1, "FRFR", { "R:W@m", "R:E@m", "F:0127/", "F:3456/", "M" } },
    { "IC/CCCC", 1, "CCCC", { "C:N", "C:E", "C:S", "C:W", "F:/N,E,S,W" } },
    { "IC/CCC", 1, "CCFC", { "C:N", "C:E", "C:W", "F:45/N,E,W" } },
    { "IC/CRCR", 1, "CRCR", { "C:N", "C:S", "R:W@v", "R:E@v", "F:7/N", "F:2/N", "F:3/S", "F:6/S" } },
    { "IC/CCc+", 1, "CFCC", { "C:NW+", "C:S", "F:23/NW,S" } },
    { "IC/C!", 1, "CFFF", { "C:N", "F:23/N", "F:4567/N" } },
    { "IC/CFR", 1, "CFRF", { "C:N", "R:S@c", "F:567/N", "F:234/N" } },
    { "IC/CcR", 1, "CRFC", { "C:NW", "R:E@c", "F:2/NW", "F:345/NW" } },
    { "IC/CRcR+", 1, "RCRC", { "C:EW+", "R:N@c", "R:S@c", "F:0/EW", "F:1/EW", "F:4/EW", "F:5/EW" } },
    { "IC/RCc.i", 1, "CFRC", { "C:NW", "R:S@c*", "F:5/NW", "F:234/NW" } },
    { "IC/RrC.i", 1, "CFRR", { "C:N", "R:SW*", "F:56/", "F:2347/N" } },
    { "IC/CcRr+.i", 1, "CRRC", { "C:NW+", "R:ES*", "F:34/", "F:25/NW" } },
    { "IC/RRR.i", 1, "FRRR", { "R:E@v*", "R:S@v", "R:W@v", "F:0127/", "F:56/", "F:34/" } },
    { "IC/RFr.i", 1, "FRFR", { "R:EW*", "F:0127/", "F:3456/" } },
    { "IC/Rr.i", 1, "FFRR", { "R:SW*", "F:012347/", "F:56/" } },
    { "IC/RrRr", 1, "RRRR", { "R:NW", "R:ES", "F:07/", "F:34/", "F:1256/" } },
};

static void sides_text(char *out, uint32_t edges)
{
    size_t n = strlen(out);
    for (uint32_t s = 0; s < 4; s++)
        if (edges >> s & 1u)
            out[n++] = "NESW"[s];
    out[n] = '\0';
}

/* Segment i of kind k (rotation 0) in the notation of IC_TILES. */
static void seg_text(char *out, uint32_t k, uint32_t i)
{
    carc_segment_info si = { .struct_size = sizeof si };
    assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
    out[0] = '\0';
    switch (si.kind) {
    case CARC_SEG_CITY:
        strcat(out, "C:");
        sides_text(out, si.edges);
        for (uint32_t p = 0; p < si.pennants; p++)
            strcat(out, "+");
        if (si.special & CARC_SEGMENT_CATHEDRAL)
            strcat(out, "!");
        /* a goods symbol (Traders & Builders): $w wine, $g grain, $c cloth */
        for (uint32_t gd = 0; gd < CARC_GOOD_COUNT; gd++)
            if (si.special & CARC_SEGMENT_GOOD(gd)) {
                strcat(out, "$");
                strncat(out, &"wgc"[gd], 1);
            }
        assert_int_equal(si.special & ~(uint32_t)(CARC_SEGMENT_CATHEDRAL | CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN |
                                                  CARC_SEGMENT_CLOTH),
                         0);
        assert_int_equal(si.ports, 0);
        break;
    case CARC_SEG_ROAD:
        strcat(out, "R:");
        sides_text(out, si.edges);
        assert_int_equal(si.pennants, 0);
        if (si.end == CARC_END_VILLAGE)
            strcat(out, "@v");
        else if (si.end == CARC_END_CITY)
            strcat(out, "@c");
        else if (si.end == CARC_END_MONASTERY)
            strcat(out, "@m");
        else
            assert_int_equal(si.end, CARC_END_NONE);
        /* a road that ends on its tile touches one side; a road through it, two */
        assert_int_equal(__builtin_popcount(si.edges), si.end == CARC_END_NONE ? 2 : 1);
        if (si.special & CARC_SEGMENT_INN)
            strcat(out, "*");
        assert_int_equal(si.special & ~(uint32_t)CARC_SEGMENT_INN, 0);
        break;
    case CARC_SEG_FIELD: {
        strcat(out, "F:");
        size_t n = strlen(out);
        for (uint32_t p = 0; p < 8; p++)
            if (si.ports >> p & 1u)
                out[n++] = (char)('0' + p);
        out[n++] = '/';
        out[n] = '\0';
        bool first = true;
        for (uint32_t c = 0; c < 8; c++) {
            if (!(si.adjacent_cities >> c & 1u))
                continue;
            carc_segment_info ci = { .struct_size = sizeof ci };
            assert_int_equal(carc_tile_segment(&ci, k, 0, c), CARC_OK);
            assert_int_equal(ci.kind, CARC_SEG_CITY);
            if (!first)
                strcat(out, ",");
            first = false;
            sides_text(out, ci.edges);
        }
        assert_int_equal(si.edges, 0);
        /* ^: along the City of Carcassonne (the Count), no other mark on a field */
        if (si.special & CARC_SEGMENT_COC)
            strcat(out, "^");
        assert_int_equal(si.special & ~(uint32_t)CARC_SEGMENT_COC, 0);
        break;
    }
    case CARC_SEG_MONASTERY:
        strcat(out, "M");
        assert_int_equal(si.special, 0);
        break;
    default:
        fail_msg("%s: segment %u of kind %u", carc_tile_name(k), i, si.kind);
    }
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Inns & Cathedrals against docs/rules.md 6.2: each tile's copies, edges and
 * segments (as a set), then the totals: 18 tiles, 17 kinds, 6 inns (on
 * roads; on IC/RRR.i the east road only: ruling I-1), 2 cathedrals, 3
 * pennants (IC/CCc+, IC/CRcR+: ruling I-4, IC/CcRr+.i), 1 cloister, no
 * garden (ruling I-5); the interior field of IC/CCCC. */
static void inns_tiles(void **state)
{
    (void)state;
    const uint32_t I = CARC_MODULE_INNS;
    uint32_t first = tu_tile("V.g") + 1;
    uint32_t inns = 0, cathedrals = 0, pennants = 0, cloisters = 0, tiles = 0, kinds = 0;
    for (int t = 0; t < 17; t++) {
        const ic_tile *d = &IC_TILES[t];
        uint32_t k = tu_tile(d->name), n = 0;
        /* after the garden copies, in the order of the rules */
        assert_int_equal(k, first + (uint32_t)t);
        assert_int_equal(copies(d->name, I), d->copies);
        assert_int_equal(copies(d->name, I | CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT), d->copies);
        assert_int_equal(copies(d->name, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT), 0);
        tiles += d->copies;
        kinds++;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t e;
            assert_int_equal(carc_tile_edge(&e, k, 0, s), CARC_OK);
            assert_int_equal("FRCV"[e], d->edges[s]);
        }
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        size_t want_n = 0;
        while (want_n < 9 && d->segs[want_n])
            want_n++;
        if (n != want_n)
            fail_msg("%s: %u segments, the rules list %zu", d->name, n, want_n);
        char got[9][48];
        const char *gp[9], *wp[9];
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            seg_text(got[i], k, i);
            gp[i] = got[i];
            wp[i] = d->segs[i];
            inns += (si.special & CARC_SEGMENT_INN) ? d->copies : 0;
            cathedrals += (si.special & CARC_SEGMENT_CATHEDRAL) ? d->copies : 0;
            pennants += si.pennants * d->copies;
            cloisters += si.kind == CARC_SEG_MONASTERY ? d->copies : 0;
            if (si.kind == CARC_SEG_ROAD && (si.special & CARC_SEGMENT_INN) && !strcmp(d->name, "IC/RRR.i"))
                assert_int_equal(si.edges, 1u << CARC_E); /* ruling I-1 */
        }
        qsort(gp, n, sizeof gp[0], str_cmp);
        qsort(wp, n, sizeof wp[0], str_cmp);
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(gp[i], wp[i]) != 0)
                fail_msg("%s: segment \"%s\", the rules say \"%s\"", d->name, gp[i], wp[i]);
        /* the rotations turn the marks with their segments */
        for (uint32_t r = 1; r < 4; r++)
            for (uint32_t i = 0; i < n; i++) {
                carc_segment_info a = { .struct_size = sizeof a }, b = { .struct_size = sizeof b };
                assert_int_equal(carc_tile_segment(&a, k, 0, i), CARC_OK);
                assert_int_equal(carc_tile_segment(&b, k, r, i), CARC_OK);
                assert_int_equal(a.special, b.special);
                assert_int_equal(a.pennants, b.pennants);
                assert_int_equal(__builtin_popcount(a.edges), __builtin_popcount(b.edges));
            }
    }
    assert_int_equal(tiles, 18);
    assert_int_equal(kinds, 17); /* (tile.h and tiles/inns.inc say 16: 17 rows in 2.3) */
    assert_int_equal(inns, 6);
    assert_int_equal(cathedrals, 2);
    assert_int_equal(pennants, 3);
    assert_int_equal(cloisters, 1);
    /* nothing else is in the module's tile set; the marks are on these tiles only */
    uint32_t extra = 0;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t with = 0, without = 0, n = 0;
        assert_int_equal(carc_tile_copies(&with, k, I | CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT),
                         CARC_OK);
        assert_int_equal(carc_tile_copies(&without, k, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT),
                         CARC_OK);
        bool ic = k >= first && k < first + 17;
        if (!ic) {
            /* with the Count too (the City of Carcassonne's tiles are in both sets or neither) */
            uint32_t with_c = 0, without_c = 0;
            assert_int_equal(carc_tile_copies(&with_c, k, I | CARC_MODULE_COUNT | CARC_MODULE_RIVER), CARC_OK);
            assert_int_equal(carc_tile_copies(&without_c, k, CARC_MODULE_COUNT | CARC_MODULE_RIVER), CARC_OK);
            assert_int_equal(with_c, without_c);
            assert_int_equal(with, without); /* Inns & Cathedrals replaces no tile */
            assert_int_equal(strncmp(carc_tile_name(k), "IC/", 3) != 0, 1);
        } else {
            assert_int_equal(without, 0);
            extra += with;
        }
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            /* inns and cathedrals on these tiles only (Traders & Builders
             * tiles carry goods, the City of Carcassonne's fields its mark) */
            if (!ic)
                assert_int_equal(si.special & (CARC_SEGMENT_INN | CARC_SEGMENT_CATHEDRAL), 0);
            if (!ic && strncmp(carc_tile_name(k), "TB/", 3) != 0 && strncmp(carc_tile_name(k), "CO/", 3) != 0)
                assert_int_equal(si.special, 0);
            if (ic)
                assert_int_not_equal(si.kind, CARC_SEG_GARDEN); /* ruling I-5 */
        }
    }
    assert_int_equal(extra, 18);
    assert_true(carc_tile_kind_count() >= first + 17); /* Traders & Builders follow */

    /* the interior field of IC/CCCC: no side, no port, beside all four caps */
    uint32_t k = tu_tile("IC/CCCC"), n = 0, fields = 0;
    assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
    for (uint32_t r = 0; r < 4; r++)
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, r, i), CARC_OK);
            if (si.kind != CARC_SEG_FIELD)
                continue;
            fields++;
            assert_int_equal(si.ports, 0);
            assert_int_equal(si.edges, 0);
            assert_int_equal(__builtin_popcount(si.adjacent_cities), 4);
            for (uint32_t c = 0; c < n; c++)
                if (si.adjacent_cities >> c & 1u) {
                    carc_segment_info ci = { .struct_size = sizeof ci };
                    assert_int_equal(carc_tile_segment(&ci, k, r, c), CARC_OK);
                    assert_int_equal(ci.kind, CARC_SEG_CITY);
                    assert_int_equal(__builtin_popcount(ci.edges), 1);
                }
        }
    assert_int_equal(fields, 4); /* one per rotation */
    /* the cathedral city: every side, of both copies' kind */
    k = tu_tile("IC/Cccc.c");
    assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
    assert_int_equal(n, 1);
}

/* ------------------------------------------------------------ Traders & Builders */

/* The 24 kinds of Traders & Builders, one tile each (docs/rules.md 7.2), in
 * the order of the table, in the notation of IC_TILES; $w $g $c: the goods
 * symbol of a city segment. Written from the table, not from the data. */
static const ic_tile TB_TILES[24] = {
    { "TB/Cc.g", 1, "CFFC", { "C:NW$g", "F:2345/NW" } },
    { "TB/Cc.w", 1, "CFFC", { "C:NW$w", "F:2345/NW" } },
    { "TB/CCc.c", 1, "FCCC", { "C:EW$c", "C:S", "F:01/EW", "F:/EW,S" } },
    { "TB/CCc.w", 1, "FCCC", { "C:EW$w", "C:S", "F:01/EW", "F:/EW,S" } },
    { "TB/Ccc.g", 1, "CCFC", { "C:NEW$g", "F:45/NEW" } },
    { "TB/CcCC.c", 1, "CCCC", { "C:NW$c", "C:E", "C:S", "F:/NW,E,S" } },
    { "TB/CcRR!.c", 1, "CRRC", { "C:NW$c", "R:S@c", "R:E@c", "F:5/NW", "F:4/NW", "F:3/NW", "F:2/NW" } },
    { "TB/CcRR.w", 1, "CRRC", { "C:NW$w", "R:S@c", "R:E@c", "F:5/NW", "F:34/NW", "F:2/NW" } },
    { "TB/CcRC.c", 1, "CRCC", { "C:NW$c", "C:S", "R:E@c", "F:2/NW", "F:3/NW,S" } },
    { "TB/CcRC.g", 1, "CRCC", { "C:NW$g", "C:S", "R:E@c", "F:2/NW", "F:3/NW,S" } },
    { "TB/CcR.c", 1, "CRFC", { "C:NW$c", "R:E@c", "F:2/NW", "F:345/NW" } },
    { "TB/CcR!.w", 1, "CRFC", { "C:NW$w", "R:E@c", "F:2/NW", "F:3/NW", "F:45/NW" } },
    { "TB/CccR.w", 1, "CCRC", { "C:NEW$w", "R:S@c", "F:5/NEW", "F:4/NEW" } },
    { "TB/CcCc.w", 1, "CCCC", { "C:NW$w", "C:ES", "F:/NW,ES" } },
    { "TB/CFc.w", 1, "FCFC", { "C:EW$w", "F:01/EW", "F:45/EW" } },
    { "TB/CR", 1, "CRFF", { "C:N", "R:E@c", "F:2/N", "F:34567/N" } },
    { "TB/CRc.g", 1, "FCRC", { "C:EW$g", "R:S@c", "F:01/EW", "F:5/EW", "F:4/EW" } },
    { "TB/CRc.w", 1, "FCRC", { "C:EW$w", "R:S@c", "F:01/EW", "F:5/EW", "F:4/EW" } },
    { "TB/CRcR.w", 1, "RCRC", { "C:EW$w", "R:N@c", "R:S@c", "F:0/EW", "F:1/EW", "F:4/EW", "F:5/EW" } },
    { "TB/LRRR", 1, "FRRR", { "R:E@m", "R:S@m", "R:W@m", "F:0127/", "F:34/", "F:56/", "M" } },
    { "TB/RCc.g", 1, "CFRC", { "C:NW$g", "R:S@c", "F:5/NW", "F:234/NW" } },
    { "TB/RCc!.g", 1, "CFRC", { "C:NW$g", "R:S@c", "F:5/NW", "F:4/NW", "F:23/NW" } },
    /* the two roads end in the tile (at a village, as the data say: the table only says "in the tile") */
    { "TB/RRC", 1, "CFRR", { "C:N", "R:W@v", "R:S@v", "F:7/N", "F:56/", "F:234/N" } },
    /* the bridge: two roads through the tile, no crossing */
    { "TB/RRrr", 1, "RRRR", { "R:NS", "R:EW", "F:07/", "F:12/", "F:34/", "F:56/" } },
};

/* Traders & Builders against docs/rules.md 7.2: each tile's copies, edges
 * and segments with their goods (as a set), then the totals: 24 tiles and
 * kinds, after Inns & Cathedrals, 9 wine, 6 grain, 5 cloth, one symbol per
 * city segment at most, 4 tiles without goods (TB/CR, TB/LRRR, TB/RRC,
 * TB/RRrr), no pennant, one cloister, no garden, no inn or cathedral;
 * nothing replaced; goods on these tiles only; the bridge's two roads stay
 * two features on the board. */
static void traders_tiles(void **state)
{
    (void)state;
    const uint32_t T = CARC_MODULE_TRADERS, ALL = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT |
                                                 CARC_MODULE_INNS;
    uint32_t first = tu_tile("IC/RrRr") + 1;
    uint32_t goods[CARC_GOOD_COUNT] = { 0 }, plain = 0, pennants = 0, cloisters = 0, tiles = 0;
    for (int t = 0; t < 24; t++) {
        const ic_tile *d = &TB_TILES[t];
        uint32_t k = tu_tile(d->name), n = 0, symbols = 0;
        assert_int_equal(k, first + (uint32_t)t); /* after Inns & Cathedrals, in the order of the table */
        assert_int_equal(copies(d->name, T), d->copies);
        assert_int_equal(copies(d->name, T | CARC_MODULE_FARMERS), d->copies);
        assert_int_equal(copies(d->name, T | ALL), d->copies);
        assert_int_equal(copies(d->name, ALL), 0);
        assert_int_equal(copies(d->name, CARC_MODULE_FARMERS), 0);
        tiles += d->copies;
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t e;
            assert_int_equal(carc_tile_edge(&e, k, 0, s), CARC_OK);
            if ("FRCV"[e] != d->edges[s])
                fail_msg("%s: side %c is %c, the rules say %c", d->name, "NESW"[s], "FRCV"[e], d->edges[s]);
        }
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        size_t want_n = 0;
        while (want_n < 9 && d->segs[want_n])
            want_n++;
        if (n != want_n)
            fail_msg("%s: %u segments, the rules list %zu", d->name, n, want_n);
        char got[9][48];
        const char *gp[9], *wp[9];
        uint32_t roads = 0;
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            seg_text(got[i], k, i);
            gp[i] = got[i];
            wp[i] = d->segs[i];
            uint32_t sym = si.special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH);
            assert_true(__builtin_popcount(sym) <= 1); /* one symbol per city segment */
            if (sym)
                assert_int_equal(si.kind, CARC_SEG_CITY);
            for (uint32_t gd = 0; gd < CARC_GOOD_COUNT; gd++)
                if (sym & CARC_SEGMENT_GOOD(gd)) {
                    goods[gd] += d->copies;
                    symbols++;
                }
            assert_int_equal(si.special & (CARC_SEGMENT_INN | CARC_SEGMENT_CATHEDRAL), 0);
            assert_int_not_equal(si.kind, CARC_SEG_GARDEN);
            pennants += si.pennants * d->copies;
            cloisters += si.kind == CARC_SEG_MONASTERY ? d->copies : 0;
            roads += si.kind == CARC_SEG_ROAD;
        }
        assert_true(symbols <= 1); /* one goods symbol per tile */
        plain += symbols == 0 ? d->copies : 0;
        qsort(gp, n, sizeof gp[0], str_cmp);
        qsort(wp, n, sizeof wp[0], str_cmp);
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(gp[i], wp[i]) != 0)
                fail_msg("%s: segment \"%s\", the rules say \"%s\"", d->name, gp[i], wp[i]);
        if (!strcmp(d->name, "TB/RRrr"))
            assert_int_equal(roads, 2); /* the bridge */
        /* the goods turn with their city */
        for (uint32_t r = 1; r < 4; r++)
            for (uint32_t i = 0; i < n; i++) {
                carc_segment_info a = { .struct_size = sizeof a }, b = { .struct_size = sizeof b };
                assert_int_equal(carc_tile_segment(&a, k, 0, i), CARC_OK);
                assert_int_equal(carc_tile_segment(&b, k, r, i), CARC_OK);
                assert_int_equal(a.special, b.special);
                assert_int_equal(a.kind, b.kind);
                assert_int_equal(__builtin_popcount(a.edges), __builtin_popcount(b.edges));
                assert_int_equal(__builtin_popcount(a.ports), __builtin_popcount(b.ports));
            }
    }
    assert_int_equal(tiles, 24);
    assert_int_equal(goods[CARC_GOOD_WINE], 9);
    assert_int_equal(goods[CARC_GOOD_GRAIN], 6);
    assert_int_equal(goods[CARC_GOOD_CLOTH], 5);
    assert_int_equal(plain, 4);
    assert_int_equal(pennants, 0);
    assert_int_equal(cloisters, 1);
    assert_int_equal(carc_tile_kind_count(), first + 24 + 12); /* the City of Carcassonne's 12 follow */
    assert_int_equal(CARC_SEGMENT_GOOD(CARC_GOOD_WINE), CARC_SEGMENT_WINE);
    assert_int_equal(CARC_SEGMENT_GOOD(CARC_GOOD_GRAIN), CARC_SEGMENT_GRAIN);
    assert_int_equal(CARC_SEGMENT_GOOD(CARC_GOOD_CLOTH), CARC_SEGMENT_CLOTH);
    /* nothing else is in the module's tile set (it replaces no tile); goods only on these tiles */
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        bool tb = k >= first && k < first + 24;
        uint32_t n = 0;
        assert_int_equal(strncmp(carc_tile_name(k), "TB/", 3) == 0, tb);
        for (uint32_t m = 0; m < 32 && !tb; m++) {
            uint32_t mods = (m & 1u ? CARC_MODULE_FARMERS : 0) | (m & 2u ? CARC_MODULE_RIVER : 0) |
                            (m & 4u ? CARC_MODULE_ABBOT : 0) | (m & 8u ? CARC_MODULE_INNS : 0) |
                            (m & 16u ? CARC_MODULE_COUNT : 0);
            uint32_t with = 0, without = 0;
            assert_int_equal(carc_tile_copies(&with, k, mods | T), CARC_OK);
            assert_int_equal(carc_tile_copies(&without, k, mods), CARC_OK);
            assert_int_equal(with, without);
        }
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t i = 0; i < n && !tb; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            assert_int_equal(si.special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH), 0);
        }
    }

    /* the bridge on the board: the north-south and the east-west road are two
     * features, each through the tile (two open ends) */
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.modules = CARC_MODULE_FARMERS | T;
    o.seed = 5;
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    uint32_t br = tu_tile("TB/RRrr");
    assert_int_equal(carc_game_choose_tile(g, br), CARC_OK);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_game_placements(ml, g, br, 0), CARC_OK);
    assert_true(carc_movelist_count(ml) > 0);
    carc_move m = carc_movelist_data(ml)[0];
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    uint32_t fns = 0, few = 0;
    assert_int_equal(carc_game_feature_at(&fns, g, m.x, m.y, 0), CARC_OK);
    assert_int_equal(carc_game_feature_at(&few, g, m.x, m.y, 1), CARC_OK);
    assert_int_not_equal(fns, few);
    carc_feature_info a = { .struct_size = sizeof a }, b = { .struct_size = sizeof b };
    assert_int_equal(carc_game_feature(&a, g, fns), CARC_OK);
    assert_int_equal(carc_game_feature(&b, g, few), CARC_OK);
    assert_int_equal(a.kind, CARC_SEG_ROAD);
    assert_int_equal(b.kind, CARC_SEG_ROAD);
    /* the start tile D (road E-W, city N) gives one of them its second tile */
    assert_int_equal(a.tiles + b.tiles, 3);
    assert_int_equal(a.goods[0] + a.goods[1] + a.goods[2] + b.goods[0] + b.goods[1] + b.goods[2], 0);
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* ------------------------------------------------------------ the Count of Carcassonne */

/* The 12 tiles of the City of Carcassonne (docs/rules.md 8.2, the table
 * of the tiles), in the notation of IC_TILES (their edges: CO_EDGES), with the field
 * group (A, B, C) of each segment in order ('-': not a field). Every field
 * carries the mark ^ (CARC_SEGMENT_COC, ruling C-15); the road stubs end at
 * the city wall (@c); CO/6 and CO/7 have no segment. Written from the table,
 * not from the data. */
typedef struct co_tile {
    const char *name;
    const char *segs[4];
    const char *groups;
} co_tile;

static const co_tile CO_TILES[12] = {
    { "CO/1", { "R:W@c", "F:0127/^", "F:56/^" }, "-AC" },
    { "CO/2", { "F:0127/^" }, "A" },
    { "CO/3", { "F:0127/^" }, "A" },
    { "CO/4", { "R:N@c", "F:07/^", "F:1234/^" }, "-AB" },
    { "CO/5", { "F:0567/^" }, "C" },
    { "CO/6", { NULL }, "" },
    { "CO/7", { NULL }, "" },
    { "CO/8", { "F:1234/^" }, "B" },
    { "CO/9", { "C:S", "F:0367/S^" }, "-C" },
    { "CO/10", { "F:3456/^" }, "C" },
    { "CO/11", { "R:S@c", "F:34/^", "F:56/^" }, "-BC" },
    { "CO/12", { "C:E", "F:1456/E^" }, "-B" },
};

/* Where CO/(i+1) lies: the 4x3 block from CO/1 at (-2,-1), CO/7 at (0,0). */
static int32_t co_x(int i) { return -2 + i % 4; }
static int32_t co_y(int i) { return -1 + i / 4; }

/* Whether the feature's tiles are exactly `n` of these (x, y) pairs. */
static bool feature_covers(const carc_game *g, uint32_t f, const int32_t *want, size_t n)
{
    int32_t xy[2 * 16];
    size_t cnt = 0;
    assert_int_equal(carc_game_feature_tiles(xy, 16, &cnt, g, f), CARC_OK);
    if (cnt != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        bool found = false;
        for (size_t j = 0; j < cnt && !found; j++)
            found = xy[2 * j] == want[2 * i] && xy[2 * j + 1] == want[2 * i + 1];
        if (!found)
            return false;
    }
    return true;
}

/* The City of Carcassonne against docs/rules.md 8.2: each tile's kind (after
 * Traders & Builders, in order), copies (one, with the Count only), edges,
 * segments and marks; the totals (14 border edges: 9 F, 3 R, 2 C; 3 road
 * stubs, 2 caps, 13 fields); the mark on these fields only. Then a game with
 * the Count: the block laid at its place, unturned; its perimeter as the
 * rules draw it; the fields A, B, C across the block (one feature each, on
 * the tiles the table says, each worth 3 for the city), the stubs and caps
 * one open tile each; no segment on CO/6, CO/7; the Count on the castle, the
 * quarters empty; the pile: 71 base tiles (no start tile D: 3 D), no tile of
 * the city. With the River too: the spring laid beside it. */
static void count_tiles(void **state)
{
    (void)state;
    const uint32_t C = CARC_MODULE_COUNT;
    uint32_t first = tu_tile("TB/RRrr") + 1;
    uint32_t edges[4] = { 0 }, roads = 0, caps = 0, fields = 0, inner = 0;
    for (int t = 0; t < 12; t++) {
        const co_tile *d = &CO_TILES[t];
        uint32_t k = tu_tile(d->name), n = 0;
        assert_int_equal(k, first + (uint32_t)t);
        assert_ptr_equal(co_edges(k), CO_EDGES[t]);
        assert_int_equal(copies(d->name, C), 1);
        assert_int_equal(copies(d->name, C | CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT |
                                              CARC_MODULE_INNS | CARC_MODULE_TRADERS),
                         1);
        assert_int_equal(copies(d->name, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT |
                                             CARC_MODULE_INNS | CARC_MODULE_TRADERS),
                         0);
        for (uint32_t s = 0; s < 4; s++) {
            uint32_t e;
            assert_int_equal(carc_tile_edge(&e, k, 0, s), CARC_OK);
            char want = CO_EDGES[t][s];
            if (want == '.') {
                assert_int_equal(e, CARC_EDGE_FIELD); /* stored as a field edge, never matched */
                inner++;
                continue;
            }
            if ("FRCV"[e] != want)
                fail_msg("%s: side %c is %c, the rules say %c", d->name, "NESW"[s], "FRCV"[e], want);
            edges[e]++;
        }
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        size_t want_n = 0;
        while (want_n < 4 && d->segs[want_n])
            want_n++;
        if (n != want_n)
            fail_msg("%s: %u segments, the rules list %zu", d->name, n, want_n);
        assert_int_equal(strlen(d->groups), want_n);
        char got[4][48];
        const char *gp[4], *wp[4];
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            seg_text(got[i], k, i);
            gp[i] = got[i];
            wp[i] = d->segs[i];
            /* the mark on every field, on nothing else */
            assert_int_equal(si.special, si.kind == CARC_SEG_FIELD ? (uint32_t)CARC_SEGMENT_COC : 0u);
            assert_int_equal(si.pennants, 0);
            roads += si.kind == CARC_SEG_ROAD;
            caps += si.kind == CARC_SEG_CITY;
            fields += si.kind == CARC_SEG_FIELD;
            assert_true(si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY || si.kind == CARC_SEG_FIELD);
        }
        qsort(gp, n, sizeof gp[0], str_cmp);
        qsort(wp, n, sizeof wp[0], str_cmp);
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(gp[i], wp[i]) != 0)
                fail_msg("%s: segment \"%s\", the rules say \"%s\"", d->name, gp[i], wp[i]);
    }
    assert_int_equal(inner, 34);
    assert_int_equal(edges[CARC_EDGE_FIELD], 9);
    assert_int_equal(edges[CARC_EDGE_ROAD], 3);
    assert_int_equal(edges[CARC_EDGE_CITY], 2);
    assert_int_equal(edges[CARC_EDGE_RIVER], 0);
    assert_int_equal(roads, 3);
    assert_int_equal(caps, 2);
    assert_int_equal(fields, 13);
    /* the mark on the City of Carcassonne's fields only */
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t n = 0;
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t i = 0; i < n; i++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, k, 0, i), CARC_OK);
            if (!co_edges(k))
                assert_int_equal(si.special & CARC_SEGMENT_COC, 0);
        }
    }

    /* on the board */
    carc_game *g = tu_new_game_with(2, 1, CARC_MODULE_FARMERS | C);
    uint32_t nt = 0;
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    assert_int_equal(nt, 12);
    int32_t x0, y0, x1, y1;
    assert_int_equal(carc_game_bounds(&x0, &y0, &x1, &y1, g), CARC_OK);
    assert_int_equal(x0, -2);
    assert_int_equal(y0, -1);
    assert_int_equal(x1, 1);
    assert_int_equal(y1, 1);
    uint32_t group_f[3] = { UINT32_MAX, UINT32_MAX, UINT32_MAX }, group_n[3] = { 0 };
    uint32_t stub_f[3], cap_f[2], ns = 0, nc = 0;
    int32_t group_xy[3][2 * 8];
    for (int t = 0; t < 12; t++) {
        const co_tile *d = &CO_TILES[t];
        carc_move m;
        assert_int_equal(carc_game_tile_at(&m, g, co_x(t), co_y(t)), CARC_OK);
        assert_int_equal(m.tile, tu_tile(d->name));
        assert_int_equal(m.rotation, 0);
        uint32_t n = 0, f;
        assert_int_equal(carc_tile_segment_count(&n, m.tile), CARC_OK);
        if (n == 0) /* CO/6, CO/7: the city itself */
            assert_int_equal(carc_game_feature_at(&f, g, co_x(t), co_y(t), 0), CARC_ERANGE);
        for (uint32_t i = 0; i < n; i++) {
            char text[48];
            seg_text(text, m.tile, i);
            size_t w = 0;
            while (w < 4 && strcmp(d->segs[w], text) != 0)
                w++;
            assert_true(w < 4);
            assert_int_equal(carc_game_feature_at(&f, g, co_x(t), co_y(t), i), CARC_OK);
            carc_feature_info fe = { .struct_size = sizeof fe };
            assert_int_equal(carc_game_feature(&fe, g, f), CARC_OK);
            assert_int_equal(fe.figures, 0);
            assert_int_equal(fe.complete, 0);
            char grp = d->groups[w];
            if (grp == '-') {
                /* a road stub or a cap: its one tile, open to the outside */
                assert_int_equal(fe.tiles, 1);
                assert_int_equal(fe.open_edges, 1);
                assert_int_equal(fe.segments, 1);
                assert_int_equal(fe.value, 1);
                assert_int_equal(fe.special, 0);
                assert_int_equal(fe.pennants, 0);
                if (fe.kind == CARC_SEG_ROAD)
                    stub_f[ns++] = f;
                else {
                    assert_int_equal(fe.kind, CARC_SEG_CITY);
                    cap_f[nc++] = f;
                }
                continue;
            }
            int gi = grp - 'A';
            assert_true(gi >= 0 && gi < 3);
            if (group_f[gi] == UINT32_MAX)
                group_f[gi] = f;
            if (f != group_f[gi])
                fail_msg("%s segment %u (%s, field %c) is feature %u, the field %c is feature %u", d->name, i, text,
                         grp, f, grp, group_f[gi]);
            group_xy[gi][2 * group_n[gi]] = co_x(t);
            group_xy[gi][2 * group_n[gi] + 1] = co_y(t);
            group_n[gi]++;
        }
    }
    assert_int_equal(ns, 3);
    assert_int_equal(nc, 2);
    assert_true(stub_f[0] != stub_f[1] && stub_f[1] != stub_f[2] && stub_f[0] != stub_f[2]);
    assert_int_not_equal(cap_f[0], cap_f[1]);
    assert_true(group_f[0] != group_f[1] && group_f[1] != group_f[2] && group_f[0] != group_f[2]);
    static const uint32_t GROUP_TILES[3] = { 4, 4, 5 }; /* A: CO/1-4; B: CO/4, 8, 12, 11; C: CO/11, 10, 9, 5, 1 */
    for (int gi = 0; gi < 3; gi++) {
        carc_feature_info fe = { .struct_size = sizeof fe };
        assert_int_equal(carc_game_feature(&fe, g, group_f[gi]), CARC_OK);
        assert_int_equal(fe.kind, CARC_SEG_FIELD);
        assert_int_equal(group_n[gi], GROUP_TILES[gi]);
        assert_int_equal(fe.tiles, GROUP_TILES[gi]);
        assert_int_equal(fe.segments, GROUP_TILES[gi]);
        assert_int_equal(fe.special, CARC_SEGMENT_COC);
        assert_int_equal(fe.value, 3); /* the city counts as one completed city (C-15); the caps are open */
        assert_true(feature_covers(g, group_f[gi], group_xy[gi], group_n[gi]));
    }
    /* the perimeter, clockwise: north W->E, east N->S, south W->E, west N->S */
    static const char *const NORTH = "FFFR", *const EAST = "FFC", *const SOUTH = "CFRF", *const WEST = "RFF";
    for (int32_t i = 0; i < 4; i++) {
        carc_move m;
        uint32_t e;
        assert_int_equal(carc_game_tile_at(&m, g, -2 + i, -1), CARC_OK);
        assert_int_equal(carc_tile_edge(&e, m.tile, m.rotation, CARC_N), CARC_OK);
        assert_int_equal("FRCV"[e], NORTH[i]);
        assert_int_equal(carc_game_tile_at(&m, g, -2 + i, 1), CARC_OK);
        assert_int_equal(carc_tile_edge(&e, m.tile, m.rotation, CARC_S), CARC_OK);
        assert_int_equal("FRCV"[e], SOUTH[i]);
    }
    for (int32_t i = 0; i < 3; i++) {
        carc_move m;
        uint32_t e;
        assert_int_equal(carc_game_tile_at(&m, g, 1, -1 + i), CARC_OK);
        assert_int_equal(carc_tile_edge(&e, m.tile, m.rotation, CARC_E), CARC_OK);
        assert_int_equal("FRCV"[e], EAST[i]);
        assert_int_equal(carc_game_tile_at(&m, g, -2, -1 + i), CARC_OK);
        assert_int_equal(carc_tile_edge(&e, m.tile, m.rotation, CARC_W), CARC_OK);
        assert_int_equal("FRCV"[e], WEST[i]);
    }
    /* the Count on the castle, nobody in the city, nobody on the board */
    uint32_t q = 99, u = 99;
    assert_int_equal(carc_game_count(&q, g), CARC_OK);
    assert_int_equal(q, CARC_QUARTER_CASTLE);
    for (uint32_t quarter = 0; quarter < 4; quarter++)
        for (uint32_t p = 0; p < 2; p++) {
            assert_int_equal(carc_game_city(&u, g, quarter, p, CARC_FIGURE_FOLLOWER), CARC_OK);
            assert_int_equal(u, 0);
            assert_int_equal(carc_game_city(&u, g, quarter, p, CARC_FIGURE_BIG), CARC_OK);
            assert_int_equal(u, 0);
        }
    assert_int_equal(carc_game_figure_count(&u, g), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_history_count(&u, g), CARC_OK);
    assert_int_equal(u, 0);
    /* the pile: the base game's 71 tiles but the start tile D, none of the city */
    assert_int_equal(carc_game_remaining(&u, g), CARC_OK);
    assert_int_equal(u, 71);
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t base = 0, left = 0;
        assert_int_equal(carc_tile_copies(&base, k, CARC_MODULE_FARMERS), CARC_OK);
        assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
        if (k == tu_tile("D"))
            base--;
        if (left != base)
            fail_msg("%s: %u left to draw, expected %u", carc_tile_name(k), left, base);
    }
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    assert_int_equal(p.decision, CARC_DECISION_PLACE);
    assert_int_equal(p.player, 0);
    assert_int_equal(p.part, 1);
    assert_int_equal(p.flags, 0);
    carc_game_free(g);

    /* with the River: the spring beside the block, the rest of the River to draw */
    g = tu_new_game_with(3, 2, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | C);
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    assert_int_equal(nt, 13);
    carc_move m;
    assert_int_equal(carc_game_tile_at(&m, g, TU_SPRING_X, TU_SPRING_Y), CARC_OK);
    assert_int_equal(m.tile, tu_tile("RA"));
    assert_int_equal(m.rotation, TU_SPRING_ROT);
    assert_int_equal(carc_game_tile(&m, g, 12), CARC_OK); /* laid after the city */
    assert_int_equal(m.tile, tu_tile("RA"));
    assert_int_equal(carc_game_remaining(&u, g), CARC_OK);
    assert_int_equal(u, 71 + 11);
    assert_int_equal(carc_game_remaining_of(&u, g, tu_tile("D")), CARC_OK);
    assert_int_equal(u, 3);
    assert_int_equal(carc_game_remaining_of(&u, g, tu_tile("RA")), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_current_tile(&u, g), CARC_OK);
    assert_true(tu_is_river(u));
    /* the spring's field edge joins field C (CO/5's west side) */
    uint32_t fc = 0, fs = 0, nseg = 0;
    assert_int_equal(carc_game_feature_at(&fc, g, -2, 0, 0), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, tu_tile("RA")), CARC_OK);
    bool joined = false;
    for (uint32_t i = 0; i < nseg; i++) {
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, tu_tile("RA"), TU_SPRING_ROT, i), CARC_OK);
        if (si.kind != CARC_SEG_FIELD || !(si.ports & (3u << (2 * CARC_E))))
            continue;
        assert_int_equal(carc_game_feature_at(&fs, g, TU_SPRING_X, TU_SPRING_Y, i), CARC_OK);
        joined |= fs == fc;
    }
    assert_true(joined);
    carc_game_free(g);
}

/* Every set of modules: its total of tiles, the start tile included (base
 * 72; the River 83: its spring replaces the start tile D; the Count 83 too:
 * the City of Carcassonne's 12 tiles replace it (docs/rules.md 8.1: "instead
 * of the start tile, which leaves the game"), 71 base tiles and 12; the Count and the
 * River 95: the spring laid beside the city; Inns & Cathedrals 18 more,
 * Traders & Builders 24 more; the Abbot's garden copies replace plain
 * copies, and farmers change no tile). A game of them has every tile to draw
 * but the ones laid at the start: the start tile (the spring with the River),
 * the City of Carcassonne's 12 with the Count. */
static void module_totals(void **state)
{
    (void)state;
    uint32_t bad = 0; /* sets whose counts are wrong (each printed; all sets are checked) */
    for (uint32_t m = 0; m < TU_ALL_MODULE_SETS; m++) {
        uint32_t mods = tu_all_modules(m);
        bool river = (mods & CARC_MODULE_RIVER) != 0, count = (mods & CARC_MODULE_COUNT) != 0;
        uint32_t want = 71; /* the base game's tiles but its start tile D */
        want += river ? 12 : 0;
        want += count ? 12 : 0;
        want += (!river && !count) ? 1 : 0; /* D starts */
        want += (mods & CARC_MODULE_INNS) ? 18 : 0;
        want += (mods & CARC_MODULE_TRADERS) ? 24 : 0;
        if (tu_tile_total(mods) != want) {
            print_error("modules %#x: %u tiles, expected %u\n", mods, tu_tile_total(mods), want);
            bad++;
        }
        if (copies("D", mods) != ((river || count) ? 3u : 4u)) {
            print_error("modules %#x: %u copies of D, expected %u\n", mods, copies("D", mods),
                        (river || count) ? 3u : 4u);
            bad++;
        }
        /* a game of them draws every other tile */
        carc_game *g = tu_new_game_with(2, m, mods);
        uint32_t left = 0, laid = 0, on_board = 0;
        laid += count ? 12 : 0;
        laid += (river || !count) ? 1 : 0;
        assert_int_equal(carc_game_tile_count(&on_board, g), CARC_OK);
        assert_int_equal(on_board, laid);
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        if (left != want - laid) {
            print_error("modules %#x: %u tiles to draw, expected %u\n", mods, left, want - laid);
            bad++;
        }
        carc_game_free(g);
    }
    assert_int_equal(bad, 0);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS), 72);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER), 83);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_INNS), 90);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_INNS), 101);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS),
                     101);
    /* Traders & Builders: 24 more (the base game's 71 land tiles and the start tile, and 24) */
    assert_int_equal(tu_tile_total(CARC_MODULE_TRADERS), 96);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_TRADERS), 96);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_TRADERS), 96);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_TRADERS), 107);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_INNS | CARC_MODULE_TRADERS), 114);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS |
                                   CARC_MODULE_TRADERS),
                     125);
    /* the Count: 71 base tiles and the 12 of the city; with the River, its 12 too */
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_COUNT), 83);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_COUNT), 95);
    assert_int_equal(tu_tile_total(CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_COUNT |
                                   CARC_MODULE_INNS | CARC_MODULE_TRADERS),
                     137);
}

/* The module names and the parser (tile.h). */
static void modules(void **state)
{
    (void)state;
    static const struct { uint32_t flag; const char *name; } known[] = {
        { CARC_MODULE_FARMERS, "farmers" }, { CARC_MODULE_RIVER, "river" },  { CARC_MODULE_ABBOT, "abbot" },
        { CARC_MODULE_COUNT, "count" },     { CARC_MODULE_INNS, "inns" },    { CARC_MODULE_TRADERS, "traders" },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        uint32_t m = 0;
        assert_string_equal(carc_module_name(known[i].flag), known[i].name);
        assert_int_equal(carc_modules_parse(&m, known[i].name), CARC_OK);
        assert_int_equal(m, CARC_MODULE_FARMERS | known[i].flag);
    }
    uint32_t m0 = 0;
    assert_int_equal(carc_modules_supported(), CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT |
                                                   CARC_MODULE_COUNT | CARC_MODULE_INNS | CARC_MODULE_TRADERS);
    assert_int_equal(carc_modules_parse(&m0, "river,traders"), CARC_OK);
    assert_int_equal(m0, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_TRADERS);
    uint32_t m = 0;
    assert_int_equal(carc_modules_parse(&m, "river,abbot"), CARC_OK);
    assert_int_equal(m, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT);
    assert_int_equal(carc_modules_parse(&m, "-farmers river"), CARC_OK);
    assert_int_equal(m, CARC_MODULE_RIVER);
    assert_int_equal(carc_modules_parse(&m, ""), CARC_OK);
    assert_int_equal(m, CARC_MODULE_FARMERS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(totals),  cmocka_unit_test(geometry_consistent), cmocka_unit_test(rotation),
        cmocka_unit_test(lookups), cmocka_unit_test(move_text),           cmocka_unit_test(river_counts),
        cmocka_unit_test(river_geometry), cmocka_unit_test(abbot_counts), cmocka_unit_test(inns_tiles),
        cmocka_unit_test(traders_tiles),  cmocka_unit_test(count_tiles),
        cmocka_unit_test(module_totals),  cmocka_unit_test(modules),
    };
    return cmocka_run_group_tests_name("catalogue", tests, NULL, NULL);
}
