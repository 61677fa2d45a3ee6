/* The tile catalogue against the published totals (base.md 2.2). */
#include "test_util.h"

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
            carc_segment_info si = { sizeof si, 0, 0, 0, 0, 0, 0 };
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

/* Every port and every non-field side belongs to exactly the right segment. */
static void geometry_consistent(void **state)
{
    (void)state;
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t n;
        assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
        for (uint32_t r = 0; r < 4; r++) {
            uint32_t sides = 0, ports = 0;
            for (uint32_t i = 0; i < n; i++) {
                carc_segment_info si = { sizeof si, 0, 0, 0, 0, 0, 0 };
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
                assert_int_equal(has_side, e != CARC_EDGE_FIELD);
                assert_int_equal(has_ports, e != CARC_EDGE_CITY);
            }
        }
    }
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
    carc_segment_info si = { sizeof si, 0, 0, 0, 0, 0, 0 };
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
    carc_segment_info si = { 0, 0, 0, 0, 0, 0, 0 };
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
                            "V -3 7 270 -", "U 1 0 90 field:NNW", "X 2 2 0 field:ESE", "L 0 5 0 road:S" };
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
    const char *bad[] = { "", "D", "D 1 0", "D 1 0 45", "D 1 0 360", "Z 1 0 0", "D x 0 0", "D 1 0 0 city:S",
                          "D 1 0 0 road:N", "D 1 0 0 cloister", "D 1 0 0 road:Q", "D 1 0 0 - extra",
                          "D 1 0 0 wizard/road:E", "D 1 0 0 field:NNN", "D 99999999999 0 0" };
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(totals),  cmocka_unit_test(geometry_consistent), cmocka_unit_test(rotation),
        cmocka_unit_test(lookups), cmocka_unit_test(move_text),
    };
    return cmocka_run_group_tests_name("catalogue", tests, NULL, NULL);
}
