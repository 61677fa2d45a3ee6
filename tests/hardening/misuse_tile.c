/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, common.h and tile.h: statuses, versions, the tile
 * catalogue, module names (see misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)

/* ------------------------------------------------------------ common.h */

static void m_status_str(fx *f)
{
    (void)f;
    misuse_odd_statuses(carc_status_str, "unknown status", CARC_EINVAL);
}

static void m_status_name(fx *f)
{
    (void)f;
    misuse_odd_statuses(carc_status_name, "CARC_UNKNOWN", CARC_ENOMEM);
    assert_string_equal(carc_status_name(CARC_ENOMEM), "CARC_ENOMEM");
}

static void m_version_number(fx *f)
{
    (void)f; /* nothing to misuse: it is stable */
    assert_int_equal(carc_version_number(), carc_version_number());
    assert_int_equal(carc_version_number(), CARC_VERSION_NUMBER);
}

static void m_version_string(fx *f)
{
    (void)f;
    assert_non_null(carc_version_string());
    assert_string_equal(carc_version_string(), CARC_VERSION_STRING);
}

/* ------------------------------------------------------------ tile.h */

static void m_tile_kind_count(fx *f)
{
    (void)f;
    uint32_t n = carc_tile_kind_count();
    assert_true(n >= 24);
    assert_non_null(carc_tile_name(n - 1));
    assert_null(carc_tile_name(n));
}

static void m_tile_name(fx *f)
{
    (void)f;
    uint32_t n = carc_tile_kind_count();
    static const uint32_t none[] = { 0x10000u + 3 /* no 16-bit aliasing */, UINT32_MAX };
    assert_null(carc_tile_name(n));
    assert_null(carc_tile_name(n + 1));
    for (size_t i = 0; i < COUNT_OF(none); i++)
        assert_null(carc_tile_name(none[i]));
    assert_string_equal(carc_tile_name(3), "D");
}

static void m_tile_find(fx *f)
{
    uint32_t k = 777;
    static const char *const bad[] = { "", "d", "D ", " D", "DD", "Z", "AA", "RZ", "a", "-", "D\n",
                                       "0", "RAX", "very long name that is no tile at all" };
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_find(NULL, "D"));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_find(&k, NULL));
    for (size_t i = 0; i < COUNT_OF(bad); i++)
        EXPECT(f->g[G_MID], CARC_ENOTFOUND, carc_tile_find(&k, bad[i]));
    assert_int_equal(k, 777); /* untouched by the failures */
}

static void m_module_find(fx *f)
{
    uint32_t m = 777;
    static const char *const bad[] = { "", "Farmers", "river ", " river", "river,abbot", "-river", "pigs", "inns_tiles",
                                       "big follower", "abbot-", "\xff", "a very long name that is no module at all" };
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_module_find(NULL, "river"));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_module_find(&m, NULL));
    for (size_t i = 0; i < COUNT_OF(bad); i++)
        EXPECT(f->g[G_MID], CARC_ENOTFOUND, carc_module_find(&m, bad[i]));
    assert_int_equal(m, 777); /* untouched by the failures */
    EXPECT(f->g[G_MID], CARC_OK, carc_module_find(&m, "all"));
    assert_int_equal(m, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_COUNT |
                            CARC_MODULE_INNS | CARC_MODULE_TRADERS);
}

static void m_modules_elements(fx *f)
{
    (void)f;
    /* pure: no argument to refuse; unknown bits are kept, boxes replaced */
    static const struct {
        uint32_t in, want;
    } cases[] = {
        { 0, 0 },
        { 1u << 31, 1u << 31 },
        { UINT32_MAX, UINT32_MAX & ~(uint32_t)(CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS) },
        { CARC_MODULE_TRADERS, CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER },
        { CARC_MODULE_TRADERS | CARC_MODULE_PIG,
          CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER | CARC_MODULE_PIG },
        { CARC_MODULE_INN, CARC_MODULE_INN },
    };
    for (size_t i = 0; i < COUNT_OF(cases); i++)
        if (carc_modules_elements(cases[i].in) != cases[i].want)
            fail_msg("carc_modules_elements(%#x) = %#x, expected %#x", cases[i].in, carc_modules_elements(cases[i].in),
                     cases[i].want);
}

static void m_tile_copies(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count(), tb = kind_of("TB/Cc.w");
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_copies(NULL, 3, CARC_MODULE_FARMERS));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_copies(&out, n, CARC_MODULE_FARMERS));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_copies(&out, UINT32_MAX, 0));
    assert_int_equal(out, 777);
    static const struct {
        uint32_t kind, modules, want;
    } copies[] = {
        { 3, CARC_MODULE_FARMERS | 1u << 31, 4 }, /* module bits this library does not know are not an error here */
        { 3, UINT32_MAX, 3 },                     /* the River among them: D x3 */
        /* a Traders & Builders tile: one copy with the module, none without */
        { UINT32_MAX, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS, 1 },
        { UINT32_MAX, CARC_MODULE_FARMERS | CARC_MODULE_INNS, 0 },
    };
    for (size_t i = 0; i < COUNT_OF(copies); i++) {
        uint32_t kind = copies[i].kind == UINT32_MAX ? tb : copies[i].kind;
        EXPECT(f->g[G_MID], CARC_OK, carc_tile_copies(&out, kind, copies[i].modules));
        assert_int_equal(out, copies[i].want);
    }
}

static void m_tile_edge(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    static const uint32_t bad[][3] = { { UINT32_MAX, 0, 0 }, { 0, 4, 0 }, { 0, UINT32_MAX, 0 },
                                       { 0, 0, 4 },          { 0, 0, UINT32_MAX } };
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_edge(NULL, 0, 0, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, n, 0, 0));
    for (size_t i = 0; i < COUNT_OF(bad); i++)
        EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, bad[i][0], bad[i][1], bad[i][2]));
    assert_int_equal(out, 777);
}

static void m_tile_segment_count(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_segment_count(NULL, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment_count(&out, n));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment_count(&out, UINT32_MAX));
    assert_int_equal(out, 777);
}

static carc_status segment_of_d(void *buf, const void *g, const void *arg)
{
    (void)g;
    (void)arg;
    return carc_tile_segment(buf, 3, 0, 0);
}

static void m_tile_segment(fx *f)
{
    uint32_t n = carc_tile_kind_count(), nseg = 0;
    carc_segment_info si;
    assert_int_equal(carc_tile_segment_count(&nseg, 3), CARC_OK);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_segment(NULL, 3, 0, 0));
    misuse_struct_sizes(TILE_GAME, f->g[G_MID], segment_of_d, NULL, sizeof si, "carc_tile_segment", true);
    memset(&si, GUARD, sizeof si);
    si.struct_size = sizeof si;
    const uint32_t bad[][3] = { { n, 0, 0 }, { UINT32_MAX, 0, 0 }, { 3, 4, 0 }, { 3, 0, nseg }, { 3, 0, UINT32_MAX } };
    for (size_t i = 0; i < COUNT_OF(bad); i++)
        EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment(&si, bad[i][0], bad[i][1], bad[i][2]));
    check_guard(&si, sizeof(uint32_t), sizeof si, "carc_tile_segment(rejected)", __LINE__);
}

static void m_module_name(fx *f)
{
    (void)f;
    static const uint32_t bad[] = { 0, CARC_MODULE_FARMERS | CARC_MODULE_RIVER, CARC_MODULE_RIVER | CARC_MODULE_ABBOT,
                                    CARC_MODULE_PIG | CARC_MODULE_GOODS, 1u << 16, 1u << 31, 0x3Fu, UINT32_MAX };
    for (size_t i = 0; i < COUNT_OF(bad); i++)
        if (carc_module_name(bad[i]) != NULL)
            fail_msg("carc_module_name(%#x) = \"%s\", expected NULL", bad[i], carc_module_name(bad[i]));
    for (uint32_t b = 0; b < 32; b++) {
        const char *name = carc_module_name(1u << b);
        if (b < 16) {
            assert_non_null(name);
            uint32_t m = 0, found = 0; /* the name parses back to its flag */
            assert_int_equal(carc_modules_parse(&m, name), CARC_OK);
            assert_int_equal(carc_modules_elements(m), carc_modules_elements(CARC_MODULE_FARMERS | 1u << b));
            assert_int_equal(carc_module_find(&found, name), CARC_OK);
            assert_int_equal(found, 1u << b);
        } else {
            assert_null(name);
        }
    }
    assert_string_equal(carc_module_name(CARC_MODULE_RIVER), "river");
    assert_string_equal(carc_module_name(CARC_MODULE_ABBOT), "abbot");
}

static carc_status modules_parse(void *out, const char *text) { return carc_modules_parse(out, text); }

static void m_modules_parse(fx *f)
{
    static const char *const bad[] = {
        "x", "foo", "river,foo", "Farmers", "RIVER", "river abbotx", "-", "--river", "- river", "riv", "river;abbot",
        "river\nabbot", "river.abbot", "+river", "river-", "abbot/river", "\xff", "farmers,,x",
        "a very long list of names that are no module names at all, over and over and over again",
    };
    misuse_parse(f, TILE_GAME, modules_parse, sizeof(uint32_t), "river", bad, COUNT_OF(bad), "r",
                 "carc_modules_parse");
    {
        char big[5000];
        uint32_t out = 777;
        memset(big, ',', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        EXPECT(f->g[G_MID], CARC_OK, carc_modules_parse(&out, big)); /* only separators: farmers */
        assert_int_equal(out, CARC_MODULE_FARMERS);
    }
    static const struct {
        const char *text;
        uint32_t want;
    } good[] = {
        { "", CARC_MODULE_FARMERS },
        { " , \t", CARC_MODULE_FARMERS },
        { "-farmers", 0 },
        { "river", CARC_MODULE_FARMERS | CARC_MODULE_RIVER },
        { "river,abbot", CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT },
        { "farmers river", CARC_MODULE_FARMERS | CARC_MODULE_RIVER },
        { "-farmers,abbot", CARC_MODULE_ABBOT },
        { "river -river", CARC_MODULE_FARMERS },
        { "-farmers farmers", CARC_MODULE_FARMERS },
        { "count", CARC_MODULE_FARMERS | CARC_MODULE_COUNT },
        { "-farmers count river", CARC_MODULE_COUNT | CARC_MODULE_RIVER },
        { "traders", CARC_MODULE_FARMERS | CARC_MODULE_TRADERS },
        { "-farmers traders", CARC_MODULE_TRADERS },
        { "river,abbot,inns,traders",
          CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS },
    };
    for (size_t i = 0; i < COUNT_OF(good); i++) {
        uint32_t out = 777;
        EXPECT(f->g[G_MID], CARC_OK, carc_modules_parse(&out, good[i].text));
        if (out != good[i].want)
            fail_msg("carc_modules_parse(\"%s\") = %#x, expected %#x", good[i].text, out, good[i].want);
    }
}

static void m_modules_supported(fx *f)
{
    uint32_t sup = carc_modules_supported();
    assert_int_equal(sup, carc_modules_supported());
    /* every module declared is implemented (the Count since 996d2e8), and
     * every rule element of them */
    assert_int_equal(sup, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS |
                              CARC_MODULE_TRADERS | CARC_MODULE_COUNT);
    assert_int_equal(carc_modules_elements(sup) | sup, 0xFFFFu);
    /* a game can be made with each module and element, unless it needs
     * another (which the message names), and with none of the others */
    carc_game_options o;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    o.allocator = &f->a;
    for (uint32_t b = 0; b < 32; b++) {
        carc_game *g = (carc_game *)(void *)&f->alloc;
        o.modules = 1u << b;
        carc_status st = carc_game_new(&g, &o);
        if (((carc_modules_elements(sup) | sup) >> b) & 1u) {
            assert_non_null(carc_module_name(1u << b));
            if (st == CARC_OK) {
                carc_game_free(g);
                continue;
            }
            char why[200];
            assert_int_equal(st, CARC_EINVAL);
            assert_null(g);
            assert_int_equal(carc_game_options_check(&o, why, sizeof why), CARC_EINVAL);
            assert_non_null(strstr(why, " needs "));
        } else {
            assert_int_equal(st, CARC_EUNSUPPORTED);
            assert_null(g);
        }
    }
}

MISUSE_AREA(misuse_area_tile, "misuse_tile.c", MISUSE_ENTRY(module_name), MISUSE_ENTRY(module_find),
            MISUSE_ENTRY(modules_elements), MISUSE_ENTRY(modules_parse),
            MISUSE_ENTRY(modules_supported), MISUSE_ENTRY(status_name), MISUSE_ENTRY(status_str),
            MISUSE_ENTRY(tile_copies), MISUSE_ENTRY(tile_edge), MISUSE_ENTRY(tile_find), MISUSE_ENTRY(tile_kind_count),
            MISUSE_ENTRY(tile_name), MISUSE_ENTRY(tile_segment), MISUSE_ENTRY(tile_segment_count),
            MISUSE_ENTRY(version_number), MISUSE_ENTRY(version_string));
