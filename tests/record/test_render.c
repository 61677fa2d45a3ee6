/*
 * test_render: the text and SVG pictures of the board, black-box.
 *
 * Text: every figure shows as its player's digit inside the tiles (counted
 * per player), colours only when asked, legend only when asked. SVG: a
 * well-formed document (tags balanced), one figure element per figure, farmers
 * marked, one rectangle per tile, the last tile outlined. Both: snprintf
 * semantics and argument checks.
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
    };
    return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
