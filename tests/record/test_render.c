/*
 * test_render: the text and SVG pictures of the board, black-box.
 *
 * Text: every figure shows as its player's digit inside the tiles (counted
 * per player), colours only when asked, legend only when asked. SVG: a
 * well-formed document (tags balanced), one figure element per figure, farmers
 * marked, one rectangle per tile, the last tile outlined. Both: snprintf
 * semantics and argument checks. With the River and the Abbot: the river, its
 * spring and lake, every monastery and garden, and each abbot as its own mark
 * ({0} in the text, an "abbot" figure in the SVG), the key and the abbot in
 * the legend; a base game's picture shows none of it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "record_util.h"

typedef carc_status (*render_fn)(char *, size_t, size_t *, const carc_game *, uint32_t);

static char *render(render_fn fn, const carc_game *g, uint32_t flags)
{
    size_t need = 0, again = 0;
    char *buf;
    assert_int_equal(fn(NULL, 0, &need, g, flags), CARC_EBUFFER);
    buf = malloc(need + 1);
    assert_non_null(buf);
    assert_int_equal(fn(buf, need, &again, g, flags), CARC_EBUFFER); /* one short: no room for the NUL */
    assert_int_equal(again, need);
    assert_int_equal(buf[need - 1], '\0');
    assert_int_equal(fn(buf, need + 1, &again, g, flags), CARC_OK);
    assert_int_equal(again, need);
    assert_int_equal(strlen(buf), need);
    return buf;
}

static size_t count_of(const char *hay, const char *needle)
{
    size_t n = 0;
    const char *p = hay;
    while ((p = strstr(p, needle)) != NULL) {
        n++;
        p += strlen(needle);
    }
    return n;
}

/* Figures on the board per player, and how many stand on fields. */
static void figure_counts(const carc_game *g, uint32_t per_player[5], uint32_t *farmers)
{
    uint32_t n, i;
    memset(per_player, 0, 5 * sizeof per_player[0]);
    *farmers = 0;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_figure_info f;
        carc_move t;
        carc_segment_info s;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        assert_int_equal(carc_game_figure(&f, g, i), CARC_OK);
        assert_true(f.player < 5);
        per_player[f.player]++;
        assert_int_equal(carc_game_tile_at(&t, g, f.x, f.y), CARC_OK);
        memset(&s, 0, sizeof s);
        s.struct_size = sizeof s;
        assert_int_equal(carc_tile_segment(&s, t.tile, t.rotation, f.segment), CARC_OK);
        *farmers += s.kind == CARC_SEG_FIELD;
    }
}

static void check_text(const carc_game *g)
{
    char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *full = render(carc_game_render_text, g, 0);
    char *color = render(carc_game_render_text, g, CARC_RENDER_COLOR);
    uint32_t want[5], farmers, seen[5] = { 0 }, players, p;
    int32_t min_x, min_y, max_x, max_y;
    char tmp[32];
    size_t margin, col = 0;
    const char *c;
    int line = 0;

    figure_counts(g, want, &farmers);
    assert_int_equal(carc_game_bounds(&min_x, &min_y, &max_x, &max_y, g), CARC_OK);
    margin = (size_t)snprintf(tmp, sizeof tmp, "%ld", (long)min_y);
    if ((size_t)snprintf(tmp, sizeof tmp, "%ld", (long)max_y) > margin)
        margin = strlen(tmp);
    /* digits inside the tiles (not the coordinates) are figures */
    for (c = plain; *c; c++) {
        if (*c == '\n') {
            line++;
            col = 0;
            continue;
        }
        if (line > 0 && col > margin && isdigit((unsigned char)*c)) {
            assert_true(*c - '0' < 5);
            seen[*c - '0']++;
        }
        col++;
    }
    for (p = 0; p < 5; p++)
        assert_int_equal(seen[p], want[p]);
    /* the board has no trailing blanks and no colour unless asked */
    assert_null(strstr(plain, " \n"));
    assert_null(strchr(plain, '\033'));
    assert_null(strchr(full, '\033'));
    assert_non_null(strstr(color, "\033["));
    /* the legend: one line per player */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_null(strstr(plain, "player 0"));
    for (p = 0; p < players; p++) {
        snprintf(tmp, sizeof tmp, "player %u: ", (unsigned)p);
        assert_int_equal(count_of(full, tmp), 1);
    }
    /* the board part is the same with or without the legend */
    assert_memory_equal(full, plain, strlen(plain));
    free(plain);
    free(full);
    free(color);
}

/* Tags open and close in order; comments, CDATA and <?...?> are skipped. */
static void assert_well_formed(const char *svg)
{
    char stack[64][32];
    int depth = 0;
    const char *p = svg;
    while ((p = strchr(p, '<')) != NULL) {
        const char *end;
        size_t n;
        if (strncmp(p, "<![CDATA[", 9) == 0) {
            p = strstr(p, "]]>");
            assert_non_null(p);
            continue;
        }
        if (strncmp(p, "<!--", 4) == 0 || strncmp(p, "<?", 2) == 0) {
            p = strchr(p, '>');
            assert_non_null(p);
            continue;
        }
        end = strchr(p, '>');
        assert_non_null(end);
        if (p[1] == '/') {
            n = strcspn(p + 2, " >");
            assert_true(depth > 0);
            depth--;
            assert_int_equal(strlen(stack[depth]), n);
            assert_memory_equal(stack[depth], p + 2, n);
        } else if (end[-1] != '/') {
            n = strcspn(p + 1, " >/\n");
            assert_true(n < sizeof stack[0] && depth < 64);
            memcpy(stack[depth], p + 1, n);
            stack[depth][n] = '\0';
            depth++;
        }
        /* no stray '<' or '&' inside a tag */
        assert_true(memchr(p + 1, '<', (size_t)(end - p - 1)) == NULL);
        p = end + 1;
    }
    assert_int_equal(depth, 0);
    assert_null(strchr(svg, '&'));
}

static void check_svg(const carc_game *g)
{
    char *svg = render(carc_game_render_svg, g, 0);
    char *bare = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    char *again = render(carc_game_render_svg, g, 0);
    uint32_t want[5], farmers, p, tiles, figures, players;
    char tmp[64];
    size_t len = strlen(svg);

    assert_string_equal(svg, again); /* deterministic */
    assert_int_equal(strncmp(svg, "<svg ", 5), 0);
    assert_true(len > 7);
    assert_string_equal(svg + len - 7, "</svg>\n");
    assert_non_null(strstr(svg, "version=\"1.1\""));
    assert_non_null(strstr(svg, "xmlns=\"http://www.w3.org/2000/svg\""));
    assert_well_formed(svg);
    assert_well_formed(bare);

    figure_counts(g, want, &farmers);
    assert_int_equal(carc_game_figure_count(&figures, g), CARC_OK);
    assert_int_equal(count_of(svg, "class=\"figure "), figures);
    assert_int_equal(count_of(bare, "class=\"figure "), figures);
    for (p = 0; p < 5; p++) {
        snprintf(tmp, sizeof tmp, "class=\"figure player%u", (unsigned)p);
        assert_int_equal(count_of(svg, tmp), want[p]);
    }
    assert_int_equal(count_of(svg, " farmer\""), farmers);
    assert_int_equal(carc_game_tile_count(&tiles, g), CARC_OK);
    assert_int_equal(count_of(svg, "<rect class=\"field\""), tiles);
    assert_int_equal(count_of(svg, "class=\"last\""), tiles > 1 ? 1 : 0);
    /* the legend names every player; without it, no scores */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (p = 0; p < players; p++) {
        snprintf(tmp, sizeof tmp, ">player %u ", (unsigned)p);
        assert_int_equal(count_of(svg, tmp), 1);
    }
    assert_null(strstr(bare, "points"));
    free(svg);
    free(bare);
    free(again);
}

static void test_start_position(void **state)
{
    carc_game *g = play_random_game(1, 2, 0, false);
    char *text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    (void)state;
    /* D: a city on the north side, a road from west to east */
    assert_non_null(strstr(text, "#######"));
    assert_non_null(strstr(text, "-------"));
    free(text);
    check_text(g);
    check_svg(g);
    carc_game_free(g);
}

static void test_many_positions(void **state)
{
    uint32_t n;
    (void)state;
    for (n = 0; n < 60; n++) {
        carc_game *g = play_random_game(500 + n, 2 + n % 4, (n * 7) % 90, n % 3 == 0);
        check_text(g);
        check_svg(g);
        carc_game_free(g);
    }
}

/* ---------------------------------------------------------------- River and Abbot */

/* A seeded random game with `modules` ("river,abbot"), stopped after `turns`
 * moves or at its end; abbot moves (placements and recalls) are chosen more
 * often than their share, so that pictures have abbots in them. */
static carc_game *play_modules_game(uint64_t seed, uint32_t players, uint32_t turns, const char *modules)
{
    carc_game_options opts;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    rng r = rng_seeded(seed);
    uint32_t t;
    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = players;
    opts.seed = seed;
    assert_int_equal(carc_modules_parse(&opts.modules, modules), CARC_OK);
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    for (t = 0; t < turns; t++) {
        bool over = false;
        size_t n, i, pick;
        const carc_move *m;
        assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
        if (over)
            break;
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        n = carc_movelist_count(ml);
        assert_true(n > 0);
        m = carc_movelist_data(ml);
        pick = (size_t)(rng_next(&r) % n);
        if (rng_next(&r) % 2 == 0)
            for (i = 0; i < n; i++)
                if (m[(pick + i) % n].figure == CARC_FIGURE_ABBOT) {
                    pick = (pick + i) % n;
                    break;
                }
        assert_int_equal(carc_game_play(g, &m[pick]), CARC_OK);
    }
    carc_movelist_free(ml);
    return g;
}

/* What the board holds: tiles with a monastery, a garden, the spring, the lake;
 * figures on them; abbots per player. */
typedef struct board_parts {
    uint32_t monasteries, gardens, springs, lakes;
    uint32_t monks, on_gardens; /* figures of any kind on monasteries, on gardens */
    uint32_t abbots[5], abbots_total;
} board_parts;

static void count_parts(const carc_game *g, board_parts *bp)
{
    uint32_t n, i, k, nseg;
    memset(bp, 0, sizeof *bp);
    assert_int_equal(carc_game_tile_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_move t;
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        for (k = 0; k < nseg; k++) {
            carc_segment_info s;
            memset(&s, 0, sizeof s);
            s.struct_size = sizeof s;
            assert_int_equal(carc_tile_segment(&s, t.tile, t.rotation, k), CARC_OK);
            bp->monasteries += s.kind == CARC_SEG_MONASTERY;
            bp->gardens += s.kind == CARC_SEG_GARDEN;
            bp->springs += s.kind == CARC_SEG_RIVER && s.end == CARC_END_SPRING;
            bp->lakes += s.kind == CARC_SEG_RIVER && s.end == CARC_END_LAKE;
        }
    }
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_figure_info f;
        carc_move t;
        carc_segment_info s;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        assert_int_equal(carc_game_figure(&f, g, i), CARC_OK);
        assert_int_equal(carc_game_tile_at(&t, g, f.x, f.y), CARC_OK);
        memset(&s, 0, sizeof s);
        s.struct_size = sizeof s;
        assert_int_equal(carc_tile_segment(&s, t.tile, t.rotation, f.segment), CARC_OK);
        bp->monks += s.kind == CARC_SEG_MONASTERY;
        bp->on_gardens += s.kind == CARC_SEG_GARDEN;
        if (f.figure == CARC_FIGURE_ABBOT) {
            assert_true(s.kind == CARC_SEG_MONASTERY || s.kind == CARC_SEG_GARDEN);
            bp->abbots[f.player % 5]++;
            bp->abbots_total++;
        }
    }
}

/* Characters `c` in the board part of a text picture (the coordinates aside). */
static size_t board_chars(const char *plain, char c)
{
    size_t n = 0;
    const char *p = strchr(plain, '\n'); /* skip the x coordinates */
    for (; p != NULL && *p; p++)
        n += *p == c;
    return n;
}

static void check_modules_text(const carc_game *g, bool river, bool abbot)
{
    char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *full = render(carc_game_render_text, g, 0);
    char *color = render(carc_game_render_text, g, CARC_RENDER_COLOR);
    board_parts bp;
    uint32_t players, p;
    char tmp[64];
    size_t abbot_marks = 0;
    const char *c;

    check_text(g); /* digits = figures, abbots included; legend lines; no trailing blanks */
    count_parts(g, &bp);
    /* every monastery shows its building or the figure in it; every garden its mark
     * or the abbot in it; the river its spring and lake */
    assert_int_equal(board_chars(plain, 'M') + bp.monks, bp.monasteries);
    assert_int_equal(board_chars(plain, 'g') + bp.on_gardens, bp.gardens);
    assert_int_equal(board_chars(plain, '@'), bp.springs);
    assert_int_equal(board_chars(plain, 'O'), bp.lakes);
    if (river) {
        assert_int_equal(bp.springs, 1); /* the spring starts */
        assert_non_null(strchr(plain, '~'));
        assert_non_null(strstr(full, "~ the river: it rises at its spring @ and ends in a lake O"));
    } else {
        assert_null(strchr(plain, '~'));
        assert_null(strstr(full, "~ the river:"));
    }
    /* an abbot is its player's digit between braces, once per abbot */
    for (c = strchr(plain, '{'); c != NULL; c = strchr(c + 1, '{')) {
        assert_true(isdigit((unsigned char)c[1]));
        assert_int_equal(c[2], '}');
        abbot_marks++;
    }
    assert_int_equal(abbot_marks, bp.abbots_total);
    assert_int_equal(board_chars(plain, '}'), bp.abbots_total);
    for (p = 0; p < 5; p++) {
        snprintf(tmp, sizeof tmp, "{%u}", (unsigned)p);
        assert_int_equal(count_of(plain, tmp), bp.abbots[p]);
    }
    /* the legend explains the abbot and says where each one is */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (abbot) {
        assert_non_null(strstr(full, "{0}-{4} the abbot of that player"));
        for (p = 0; p < players; p++) {
            uint32_t in_supply = 9;
            assert_int_equal(carc_game_figure_supply(&in_supply, g, p, CARC_FIGURE_ABBOT), CARC_OK);
            assert_int_equal(in_supply + bp.abbots[p], 1);
            snprintf(tmp, sizeof tmp, "player %u: ", (unsigned)p);
            c = strstr(full, tmp);
            assert_non_null(c);
            assert_true(strstr(c, in_supply ? ", abbot in supply" : ", abbot on the board") <
                        strchr(c, '\n'));
            assert_non_null(strstr(c, in_supply ? ", abbot in supply" : ", abbot on the board"));
        }
    } else {
        assert_int_equal(bp.abbots_total, 0);
        assert_null(strstr(full, "abbot"));
    }
    /* in colour, a brace carries its player's colour like the digit */
    if (bp.abbots_total > 0)
        assert_non_null(strstr(color, "m{"));
    free(plain);
    free(full);
    free(color);
}

static void check_modules_svg(const carc_game *g, bool river, bool abbot)
{
    char *svg = render(carc_game_render_svg, g, 0);
    char *bare = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    board_parts bp;
    uint32_t p;
    char tmp[64];

    check_svg(g); /* well formed, one figure element per figure (abbots too), tiles, legend */
    count_parts(g, &bp);
    for (p = 0; p < 5; p++) {
        snprintf(tmp, sizeof tmp, "class=\"figure player%u abbot\"", (unsigned)p);
        assert_int_equal(count_of(svg, tmp), bp.abbots[p]);
        assert_int_equal(count_of(bare, tmp), bp.abbots[p]);
    }
    assert_int_equal(count_of(bare, "<g class=\"monastery\""), bp.monasteries);
    assert_int_equal(count_of(bare, "<g class=\"garden\""), bp.gardens);
    assert_int_equal(count_of(bare, "<g class=\"spring\""), bp.springs);
    assert_int_equal(count_of(bare, "<circle class=\"lake\""), bp.lakes);
    /* the river is drawn (blue: its class has a stroke) */
    assert_true(count_of(bare, "<path class=\"river\"") > 0 || !river);
    assert_non_null(strstr(svg, ".river{fill:none;stroke:#5aa7e8"));
    /* the key: in the legend only, with the pieces of the modules in play */
    assert_int_equal(count_of(svg, "<g class=\"key\">"), 1);
    assert_int_equal(count_of(bare, "<g class=\"key\">"), 0);
    assert_int_equal(count_of(svg, ">river</text>"), river ? 1 : 0);
    assert_int_equal(count_of(svg, ">spring</text>"), river ? 1 : 0);
    assert_int_equal(count_of(svg, ">lake</text>"), river ? 1 : 0);
    assert_int_equal(count_of(svg, ">garden</text>"), abbot ? 1 : 0);
    assert_int_equal(count_of(svg, ">abbot</text>"), abbot ? 1 : 0);
    assert_int_equal(count_of(svg, ", abbot in supply") + count_of(svg, ", abbot on the board"),
                     abbot ? (size_t)(count_of(svg, "class=\"swatch\"")) : 0);
    free(svg);
    free(bare);
}

static void test_river_abbot(void **state)
{
    uint32_t n, abbots = 0, lakes = 0;
    (void)state;
    for (n = 0; n < 40; n++) {
        /* positions from the start to the end of the game (the River's 12 tiles first) */
        carc_game *g = play_modules_game(900 + n, 2 + n % 4, n % 5 == 4 ? UINT32_MAX : 3 + (n * 11) % 90,
                                         "river,abbot");
        board_parts bp;
        check_modules_text(g, true, true);
        check_modules_svg(g, true, true);
        count_parts(g, &bp);
        abbots += bp.abbots_total;
        lakes += bp.lakes;
        carc_game_free(g);
    }
    assert_true(abbots > 10); /* the pictures did have abbots in them */
    assert_true(lakes > 10);
}

static void test_abbot_only_and_river_only(void **state)
{
    uint32_t n, abbots = 0;
    (void)state;
    for (n = 0; n < 20; n++) {
        carc_game *g = play_modules_game(300 + n, 2 + n % 3, n % 4 == 3 ? UINT32_MAX : 10 + n * 4, "abbot");
        board_parts bp;
        check_modules_text(g, false, true);
        check_modules_svg(g, false, true);
        count_parts(g, &bp);
        abbots += bp.abbots_total;
        carc_game_free(g);
        g = play_modules_game(700 + n, 2 + n % 3, 5 + n * 4, n % 2 ? "river" : "river,-farmers");
        check_modules_text(g, true, false);
        check_modules_svg(g, true, false);
        carc_game_free(g);
    }
    assert_true(abbots > 5);
}

/* The River's start: the spring at the origin, the river leaving it. */
static void test_river_start(void **state)
{
    carc_game *g = play_modules_game(4, 2, 0, "river,abbot");
    char *text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *svg = render(carc_game_render_svg, g, 0);
    (void)state;
    assert_non_null(strchr(text, '@'));
    assert_non_null(strchr(text, '~'));
    assert_non_null(strstr(svg, "<g class=\"spring\""));
    assert_non_null(strstr(svg, "<path class=\"river\""));
    assert_null(strstr(svg, "class=\"figure "));
    free(text);
    free(svg);
    carc_game_free(g);
}

/* A base game's pictures mention no expansion: no key, no abbot, no spring. */
static void test_base_has_no_module_marks(void **state)
{
    uint32_t n;
    (void)state;
    for (n = 0; n < 10; n++) {
        carc_game *g = play_random_game(40 + n, 2 + n % 4, n * 9, false);
        char *text = render(carc_game_render_text, g, 0);
        char *svg = render(carc_game_render_svg, g, 0);
        assert_null(strstr(text, "abbot"));
        assert_null(strchr(text, '{'));
        assert_null(strchr(text, '@'));
        assert_null(strstr(text, "~ the river:"));
        assert_null(strstr(svg, "class=\"key\""));
        assert_null(strstr(svg, "abbot"));
        assert_null(strstr(svg, "spring"));
        assert_null(strstr(svg, "hedge"));
        free(text);
        free(svg);
        carc_game_free(g);
    }
}

static void test_arguments(void **state)
{
    carc_game *g = play_random_game(3, 3, 20, false);
    char buf[8];
    size_t need = 0;
    (void)state;
    assert_int_equal(carc_game_render_text(buf, sizeof buf, &need, NULL, 0), CARC_EINVAL);
    assert_int_equal(carc_game_render_svg(buf, sizeof buf, &need, NULL, 0), CARC_EINVAL);
    assert_int_equal(carc_game_render_text(NULL, 4, &need, g, 0), CARC_EINVAL);
    assert_int_equal(carc_game_render_svg(NULL, 4, &need, g, 0), CARC_EINVAL);
    assert_int_equal(carc_game_render_text(buf, sizeof buf, &need, g, 1u << 20), CARC_EINVAL);
    assert_int_equal(carc_game_render_svg(buf, sizeof buf, &need, g, 1u << 20), CARC_EINVAL);
    /* too small: truncated, NUL-terminated, and the size needed is reported */
    memset(buf, 'z', sizeof buf);
    assert_int_equal(carc_game_render_svg(buf, sizeof buf, &need, g, 0), CARC_EBUFFER);
    assert_true(need > sizeof buf);
    assert_int_equal(buf[sizeof buf - 1], '\0');
    assert_memory_equal(buf, "<svg xm", 7);
    assert_int_equal(carc_game_render_text(buf, sizeof buf, NULL, g, 0), CARC_EBUFFER);
    assert_int_equal(buf[sizeof buf - 1], '\0');
    carc_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_many_positions),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_river_abbot),
        cmocka_unit_test(test_abbot_only_and_river_only),
        cmocka_unit_test(test_river_start),
        cmocka_unit_test(test_base_has_no_module_marks),
    };
    return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
