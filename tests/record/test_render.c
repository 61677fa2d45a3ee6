/* SPDX-License-Identifier: MIT */
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
 * the legend; a base game's picture shows none of it. With Inns & Cathedrals
 * (also six players): every inn (i / an "inn" group), every cathedral ([C] /
 * a "cathedral" group) and every big follower (its digit between < >, a
 * "big" figure) appears, the sixth player has a colour and a legend line, the
 * interior field of IC/CCCC takes a farmer in its middle, the two roads of
 * IC/RrRr do not meet; games without the module show none of it. With
 * Traders & Builders: every goods symbol is its letter in the text (w, s, c)
 * and a "goods wine|grain|cloth" token in the SVG, every builder its digit
 * between ( ) and a "builder" figure, every pig its digit between = = and a
 * "pig" figure; the legend says where each player's builder and pig are and
 * how many tokens of each kind he holds (as carc_game_goods says), and when
 * a builder's second tile is pending; TB/CcCc.w shows its field between its
 * two cities; games without the module show none of it. With the Count: the
 * City of Carcassonne is one walled rectangle (% in the text, a "coc" group
 * in the SVG) over exactly the parts of CO/1..CO/12 that have no segment
 * (CO/6 and CO/7 whole), the fields and road stubs of its tiles outside the
 * wall; its four quarters each show their name, the followers of each player
 * there (the text: his digit per follower, <digit> for his big follower; the
 * SVG: a "quarter-figure" per figure, "big" for the big follower) and the
 * Count in his quarter only; no figure on the board stands inside the wall;
 * the legend says the city in words and which Count decision the game waits
 * for (exit, quarter, count, the final round), and the deciding player is
 * the one "to move"; no tile laid at set-up is outlined as placed last.
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

#define MAX_P 6 /* players: 2..5, 6 with Inns & Cathedrals */

/* Figures on the board per player, and how many stand on fields. */
static void figure_counts(const carc_game *g, uint32_t per_player[MAX_P], uint32_t *farmers)
{
    uint32_t n, i;
    memset(per_player, 0, MAX_P * sizeof per_player[0]);
    *farmers = 0;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_figure_info f;
        carc_move t;
        carc_segment_info s;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        assert_int_equal(carc_game_figure(&f, g, i), CARC_OK);
        assert_true(f.player < MAX_P);
        per_player[f.player]++;
        assert_int_equal(carc_game_tile_at(&t, g, f.x, f.y), CARC_OK);
        memset(&s, 0, sizeof s);
        s.struct_size = sizeof s;
        assert_int_equal(carc_tile_segment(&s, t.tile, t.rotation, f.segment), CARC_OK);
        *farmers += s.kind == CARC_SEG_FIELD && f.figure != CARC_FIGURE_PIG; /* a pig is no farmer */
    }
}

/* Followers and big followers of `player` in the quarters of the City of Carcassonne (0 without the Count). */
static uint32_t city_figures(const carc_game *g, uint32_t player)
{
    uint32_t q, f, n = 0;
    for (q = 0; q < 4; q++)
        for (f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_BIG; f++) {
            uint32_t k = 9;
            assert_int_equal(carc_game_city(&k, g, q, player, f), CARC_OK);
            n += k;
        }
    return n;
}

/* Tiles laid at set-up: the start tile, or the City of Carcassonne's 12 (and
 * the River's spring with them). */
static uint32_t setup_tiles(const carc_game *g)
{
    carc_game_options opts;
    uint32_t n, i, setup;
    memset(&opts, 0, sizeof opts);
    assert_int_equal(carc_game_options_get(&opts, g), CARC_OK);
    setup = (opts.modules & CARC_MODULE_COUNT) && !(opts.modules & CARC_MODULE_RIVER) ? 0 : 1;
    assert_int_equal(carc_game_tile_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_move t;
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        setup += strncmp(carc_tile_name(t.tile), "CO/", 3) == 0;
    }
    return setup;
}

static void check_text(const carc_game *g)
{
    char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *full = render(carc_game_render_text, g, 0);
    char *color = render(carc_game_render_text, g, CARC_RENDER_COLOR);
    uint32_t want[MAX_P], farmers, seen[MAX_P] = { 0 }, players, p;
    int32_t min_x, min_y, max_x, max_y;
    char tmp[32];
    size_t margin, col = 0;
    const char *c;
    int line = 0;

    figure_counts(g, want, &farmers);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (p = 0; p < players; p++) /* the followers in the City of Carcassonne (the Count) are digits too */
        want[p] += city_figures(g, p);
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
            assert_true(*c - '0' < MAX_P);
            seen[*c - '0']++;
        }
        col++;
    }
    for (p = 0; p < MAX_P; p++)
        assert_int_equal(seen[p], want[p]);
    /* the board has no trailing blanks and no colour unless asked */
    assert_null(strstr(plain, " \n"));
    assert_null(strchr(plain, '\033'));
    assert_null(strchr(full, '\033'));
    assert_non_null(strstr(color, "\033["));
    /* the legend: one line per player */
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
    uint32_t want[MAX_P], farmers, p, tiles, figures, players;
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
    for (p = 0; p < MAX_P; p++) {
        snprintf(tmp, sizeof tmp, "class=\"figure player%u", (unsigned)p);
        assert_int_equal(count_of(svg, tmp), want[p]);
    }
    assert_int_equal(count_of(svg, " farmer\""), farmers);
    assert_int_equal(carc_game_tile_count(&tiles, g), CARC_OK);
    assert_int_equal(count_of(svg, "<rect class=\"field\""), tiles);
    assert_int_equal(count_of(svg, "class=\"last\""), tiles > setup_tiles(g) ? 1 : 0);
    /* the legend names every player in a line of his own; without it, no scores */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (p = 0; p < players; p++) {
        snprintf(tmp, sizeof tmp, ">player %u (", (unsigned)p);
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
 * moves or at its end; moves of the figures other than the follower (the
 * abbot's placements and recalls, the big follower) are chosen more often
 * than their share, so that pictures have them in them. */
typedef bool (*position_test)(const carc_game *);

/* The same, stopped early after the first move after which `stop` (if not NULL) holds. */
static carc_game *play_modules_until(uint64_t seed, uint32_t players, uint32_t turns, const char *modules,
                                     position_test stop)
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
                if (m[(pick + i) % n].figure != CARC_FIGURE_NONE && m[(pick + i) % n].figure != CARC_FIGURE_FOLLOWER) {
                    pick = (pick + i) % n;
                    break;
                }
        assert_int_equal(carc_game_play(g, &m[pick]), CARC_OK);
        if (stop != NULL && stop(g))
            break;
    }
    carc_movelist_free(ml);
    return g;
}

static carc_game *play_modules_game(uint64_t seed, uint32_t players, uint32_t turns, const char *modules)
{
    return play_modules_until(seed, players, turns, modules, NULL);
}

/* What the board holds: tiles with a monastery, a garden, the spring, the lake;
 * figures on them; abbots per player. */
typedef struct board_parts {
    uint32_t monasteries, gardens, springs, lakes;
    uint32_t monks, on_gardens; /* figures of any kind on monasteries, on gardens */
    uint32_t abbots[MAX_P], abbots_total;
    uint32_t inns, cathedrals;  /* roads with an inn, cities with a cathedral (segments) */
    uint32_t bigs[MAX_P], bigs_total;
    uint32_t interior_farmers;  /* figures on a field that touches no side (IC/CCCC) */
    uint32_t goods[CARC_GOOD_COUNT]; /* city segments with each goods symbol */
    uint32_t builders[MAX_P], pigs[MAX_P], builders_total, pigs_total;
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
            bp->inns += s.kind == CARC_SEG_ROAD && (s.special & CARC_SEGMENT_INN) != 0;
            bp->cathedrals += s.kind == CARC_SEG_CITY && (s.special & CARC_SEGMENT_CATHEDRAL) != 0;
            for (uint32_t good = 0; good < CARC_GOOD_COUNT; good++)
                bp->goods[good] += s.kind == CARC_SEG_CITY && (s.special & CARC_SEGMENT_GOOD(good)) != 0;
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
        bp->interior_farmers += s.kind == CARC_SEG_FIELD && s.ports == 0;
        if (f.figure == CARC_FIGURE_ABBOT) {
            assert_true(s.kind == CARC_SEG_MONASTERY || s.kind == CARC_SEG_GARDEN);
            bp->abbots[f.player % MAX_P]++;
            bp->abbots_total++;
        }
        if (f.figure == CARC_FIGURE_BIG) {
            assert_true(s.kind != CARC_SEG_GARDEN);
            bp->bigs[f.player % MAX_P]++;
            bp->bigs_total++;
        }
        if (f.figure == CARC_FIGURE_BUILDER) {
            assert_true(s.kind == CARC_SEG_ROAD || s.kind == CARC_SEG_CITY);
            bp->builders[f.player % MAX_P]++;
            bp->builders_total++;
        }
        if (f.figure == CARC_FIGURE_PIG) {
            assert_true(s.kind == CARC_SEG_FIELD);
            bp->pigs[f.player % MAX_P]++;
            bp->pigs_total++;
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

/* The tile named `name` on the board (false if there is none). */
static bool find_tile(const carc_game *g, const char *name, int32_t *x, int32_t *y)
{
    uint32_t n, i;
    assert_int_equal(carc_game_tile_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_move t;
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        if (strcmp(carc_tile_name(t.tile), name) == 0) {
            *x = t.x;
            *y = t.y;
            return true;
        }
    }
    return false;
}

/*
 * Blank the inside of the walled City of Carcassonne in a text picture without
 * legend (the wall runs through the middles of CO/1 and CO/12), so that the
 * marks of the modules are counted where they stand on tiles and not in the
 * names of the quarters; the wall itself is checked. Nothing without the Count.
 */
static void mask_city(char *plain, const carc_game *g)
{
    int32_t x1, y1, x12, y12, min_x, min_y, max_x, max_y;
    size_t margin, l0, l1, c0, c1, line = 0, col = 0;
    char tmp[32];
    char *c;
    if (!find_tile(g, "CO/1", &x1, &y1))
        return;
    assert_true(find_tile(g, "CO/12", &x12, &y12));
    assert_int_equal(carc_game_bounds(&min_x, &min_y, &max_x, &max_y, g), CARC_OK);
    margin = (size_t)snprintf(tmp, sizeof tmp, "%ld", (long)min_y);
    if ((size_t)snprintf(tmp, sizeof tmp, "%ld", (long)max_y) > margin)
        margin = strlen(tmp);
    l0 = 1 + (size_t)(y1 - min_y) * 6 + 2;
    l1 = 1 + (size_t)(y12 - min_y) * 6 + 2;
    c0 = margin + 1 + (size_t)(x1 - min_x) * 8 + 3;
    c1 = margin + 1 + (size_t)(x12 - min_x) * 8 + 3;
    for (c = plain; *c; c++) {
        if (*c == '\n') {
            line++;
            col = 0;
            continue;
        }
        if (line >= l0 && line <= l1 && col >= c0 && col <= c1) {
            if (line == l0 || line == l1 || col == c0 || col == c1)
                assert_int_equal(*c, '%');
            else
                *c = ' ';
        }
        col++;
    }
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
    mask_city(plain, g);
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
    for (p = 0; p < MAX_P; p++) {
        snprintf(tmp, sizeof tmp, "{%u}", (unsigned)p);
        assert_int_equal(count_of(plain, tmp), bp.abbots[p]);
    }
    /* the legend explains the abbot and says where each one is */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (abbot) {
        assert_non_null(strstr(full, players > 5 ? "{0}-{5} the abbot of that player" : "{0}-{4} the abbot of that player"));
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
    for (p = 0; p < MAX_P; p++) {
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
        assert_null(strchr(text, '%')); /* nor the Count's city */
        assert_null(strstr(text, "the city:"));
        assert_null(strstr(svg, "coc"));
        assert_null(strstr(svg, "quarter"));
        free(text);
        free(svg);
        carc_game_free(g);
    }
}

/* ---------------------------------------------------------------- Inns & Cathedrals */

/* The text picture with Inns & Cathedrals (or without, `inns` false): every inn
 * is an i, every cathedral a C (between brackets when there is room), every
 * big follower its digit with < before or > after it; the legend explains
 * them and says where each big follower is. */
static void check_inns_text(const carc_game *g, bool inns)
{
    char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *full = render(carc_game_render_text, g, 0);
    char *color = render(carc_game_render_text, g, CARC_RENDER_COLOR);
    board_parts bp;
    uint32_t players, p, big_marks[MAX_P] = { 0 }, total = 0;
    char tmp[96];
    const char *c, *board = strchr(plain, '\n');

    mask_city(plain, g);
    count_parts(g, &bp);
    assert_non_null(board);
    assert_int_equal(board_chars(plain, 'i'), bp.inns);
    assert_int_equal(board_chars(plain, 'C'), bp.cathedrals);
    assert_true(count_of(plain, "[C]") <= bp.cathedrals);
    /* a big follower: its digit, with < before it or > after it */
    for (c = board; *c; c++)
        if (isdigit((unsigned char)*c) && (c[-1] == '<' || c[1] == '>')) {
            assert_true(*c - '0' < MAX_P);
            big_marks[*c - '0']++;
            total++;
        }
    assert_int_equal(total, bp.bigs_total);
    for (p = 0; p < MAX_P; p++)
        assert_int_equal(big_marks[p], bp.bigs[p]);
    assert_true(board_chars(plain, '<') <= bp.bigs_total);
    assert_true(board_chars(plain, '>') <= bp.bigs_total);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (inns) {
        assert_non_null(strstr(full, players > 5 ? "<0>-<5> the big follower of that player (counts as two followers)"
                                                 : "<0>-<4> the big follower of that player (counts as two followers)"));
        assert_non_null(strstr(full, "  i inn beside its road  [C] cathedral in its city"));
        for (p = 0; p < players; p++) {
            uint32_t in_supply = 9;
            const char *line, *eol;
            assert_int_equal(carc_game_figure_supply(&in_supply, g, p, CARC_FIGURE_BIG), CARC_OK);
            assert_int_equal(in_supply + bp.bigs[p], 1);
            snprintf(tmp, sizeof tmp, "player %u: ", (unsigned)p);
            line = strstr(full, tmp);
            assert_non_null(line);
            eol = strchr(line, '\n');
            c = strstr(line, in_supply ? ", big follower in supply" : ", big follower on the board");
            assert_non_null(c);
            assert_true(c < eol);
        }
        /* in colour, a bracket carries its player's colour like the digit */
        if (bp.bigs_total > 0) {
            bool coloured = strstr(color, "m<") != NULL;
            for (c = strchr(color, 'm'); c != NULL && !coloured; c = strchr(c + 1, 'm'))
                coloured = isdigit((unsigned char)c[1]) && c[2] == '>';
            assert_true(coloured);
        }
    } else {
        assert_int_equal(bp.bigs_total + bp.inns + bp.cathedrals, 0);
        assert_null(strstr(full, "big follower"));
        assert_null(strstr(full, "cathedral"));
    }
    assert_non_null(strstr(full, players > 5 ? "\n0-5 a follower of that player" : "\n0-4 a follower of that player"));
    free(plain);
    free(full);
    free(color);
}

static void check_inns_svg(const carc_game *g, bool inns)
{
    char *svg = render(carc_game_render_svg, g, 0);
    char *bare = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    board_parts bp;
    uint32_t p, players;
    char tmp[64];

    count_parts(g, &bp);
    assert_int_equal(count_of(bare, "<g class=\"inn\""), bp.inns);
    assert_int_equal(count_of(bare, "<g class=\"cathedral\""), bp.cathedrals);
    for (p = 0; p < MAX_P; p++) {
        snprintf(tmp, sizeof tmp, "class=\"figure player%u big", (unsigned)p);
        assert_int_equal(count_of(svg, tmp), bp.bigs[p]);
        assert_int_equal(count_of(bare, tmp), bp.bigs[p]);
    }
    assert_int_equal(count_of(svg, " big\"") + count_of(svg, " big farmer\""), bp.bigs_total);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (inns) {
        /* the key: the inn, the cathedral and the big follower, in the legend only */
        assert_int_equal(count_of(svg, ">inn</text>"), 1);
        assert_int_equal(count_of(svg, ">cathedral</text>"), 1 + count_of(bare, "<g class=\"quarter quarter-cathedral\""));
        assert_int_equal(count_of(svg, ">big follower (counts as two)</text>"), 1);
        assert_int_equal(count_of(bare, "<g class=\"key\">"), 0);
        assert_int_equal(count_of(svg, "<g class=\"inn\""), bp.inns + 1);
        assert_int_equal(count_of(svg, ", big follower in supply") + count_of(svg, ", big follower on the board"),
                         players);
        assert_non_null(strstr(svg, ".inn .house{"));
        assert_non_null(strstr(svg, ".cathedral rect"));
    } else {
        assert_null(strstr(svg, "big follower"));
        assert_null(strstr(svg, "class=\"inn\""));
        assert_null(strstr(svg, ".inn"));
        assert_null(strstr(svg, "cathedral"));
    }
    /* the sixth player is grey */
    assert_int_equal(count_of(svg, ">player 5 (grey): "), players > 5 ? 1 : 0);
    assert_int_equal(count_of(svg, "fill=\"#9a9a9a\""), (players > 5 ? 1 : 0) + count_of(svg, "class=\"figure player5"));
    free(svg);
    free(bare);
}

static void test_inns(void **state)
{
    uint32_t n, bigs = 0, inns = 0, cathedrals = 0, six = 0, interior = 0, games = env_games(48);
    (void)state;
    for (n = 0; n < games; n++) {
        /* 2..6 players, positions from the start to the end; with the River and the Abbot too */
        const char *modules = n % 4 == 3 ? "river,abbot,inns" : n % 8 == 5 ? "inns,-farmers" : "inns";
        uint32_t players = 2 + n % 5;
        carc_game *g = play_modules_game(1300 + n, players, n % 3 == 2 ? UINT32_MAX : 8 + (n * 13) % 90, modules);
        board_parts bp;
        check_modules_text(g, n % 4 == 3, n % 4 == 3);
        check_modules_svg(g, n % 4 == 3, n % 4 == 3);
        check_inns_text(g, true);
        check_inns_svg(g, true);
        count_parts(g, &bp);
        bigs += bp.bigs_total;
        inns += bp.inns;
        cathedrals += bp.cathedrals;
        interior += bp.interior_farmers;
        six += players == 6;
        carc_game_free(g);
    }
    /* the pictures did have them in them */
    assert_true(bigs > 20);
    assert_true(inns > 20);
    assert_true(cathedrals > 5);
    assert_true(six >= 9);
    (void)interior;
}

/* Games without Inns & Cathedrals show none of its marks. */
static void test_no_inns_marks(void **state)
{
    uint32_t n;
    (void)state;
    for (n = 0; n < 12; n++) {
        carc_game *g = n % 2 ? play_modules_game(60 + n, 2 + n % 4, UINT32_MAX, n % 4 == 1 ? "river,abbot" : "abbot")
                             : play_random_game(80 + n, 2 + n % 4, n * 7, false);
        char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
        check_inns_text(g, false);
        check_inns_svg(g, false);
        assert_null(strchr(plain, '<'));
        assert_null(strchr(plain, '>'));
        free(plain);
        carc_game_free(g);
    }
}

/* A game of `modules` started with the tile `start` (at 0,0, rotation 0). */
static carc_game *start_with(const char *start, const char *modules, uint32_t players)
{
    carc_game_options opts;
    carc_game *g = NULL;
    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = players;
    opts.seed = 5;
    assert_int_equal(carc_modules_parse(&opts.modules, modules), CARC_OK);
    assert_int_equal(carc_tile_find(&opts.start_tile, start), CARC_OK);
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    return g;
}

/* Line `row` of the block of the tile at (x, y) in a text picture without legend. */
static const char *block_line(const char *plain, const carc_game *g, int32_t x, int32_t y, int row)
{
    int32_t min_x, min_y, max_x, max_y;
    char tmp[32];
    size_t margin;
    int line, k;
    const char *c = plain;
    assert_int_equal(carc_game_bounds(&min_x, &min_y, &max_x, &max_y, g), CARC_OK);
    margin = (size_t)snprintf(tmp, sizeof tmp, "%ld", (long)min_y);
    if ((size_t)snprintf(tmp, sizeof tmp, "%ld", (long)max_y) > margin)
        margin = strlen(tmp);
    line = 1 + (int)(y - min_y) * 6 + row;
    for (k = 0; k < line; k++) {
        c = strchr(c, '\n');
        assert_non_null(c);
        c++;
    }
    assert_true(strcspn(c, "\n") >= margin + 1 + (size_t)(x - min_x) * 8 + 7);
    return c + margin + 1 + (size_t)(x - min_x) * 8;
}

/* The single tiles: a cathedral, an inn, the interior field with a farmer in its
 * middle, the two roads of IC/RrRr that do not meet, a big follower. */
static void test_inns_tiles(void **state)
{
    carc_game *g;
    carc_movelist *ml;
    char *text, *svg;
    uint32_t kind, i;
    bool done = false;
    (void)state;

    g = start_with("IC/Cccc.c", "inns", 2);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    svg = render(carc_game_render_svg, g, 0);
    assert_memory_equal(block_line(text, g, 0, 0, 2), "##[C]##", 7);
    assert_int_equal(count_of(svg, "<g class=\"cathedral\" transform=\"translate(50 38)\""), 1); /* in the tile */
    free(text);
    free(svg);
    carc_game_free(g);

    g = start_with("IC/RFr.i", "inns", 2);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    svg = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    assert_memory_equal(block_line(text, g, 0, 0, 1), "...i...", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 2), "-------", 7);
    assert_int_equal(count_of(svg, "<g class=\"inn\""), 1);
    free(text);
    free(svg);
    carc_game_free(g);

    g = start_with("IC/RrRr", "inns", 2);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    assert_memory_equal(block_line(text, g, 0, 0, 0), "...|...", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 1), "../....", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 2), "--...--", 7); /* the middle is field */
    assert_memory_equal(block_line(text, g, 0, 0, 3), "..../..", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 4), "...|...", 7);
    free(text);
    carc_game_free(g);

    /* IC/CCCC placed with a big farmer on its middle field (which touches no side),
     * in a six-player game */
    g = start_with("D", "inns", 6);
    assert_int_equal(carc_tile_find(&kind, "IC/CCCC"), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, kind), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    for (i = 0; i < carc_movelist_count(ml) && !done; i++) {
        const carc_move *m = &carc_movelist_data(ml)[i];
        carc_segment_info s;
        memset(&s, 0, sizeof s);
        s.struct_size = sizeof s;
        if (m->figure != CARC_FIGURE_BIG || m->segment == CARC_NO_SEGMENT || m->x != 0 || m->y != -1)
            continue;
        assert_int_equal(carc_tile_segment(&s, m->tile, m->rotation, m->segment), CARC_OK);
        if (s.kind != CARC_SEG_FIELD)
            continue;
        assert_int_equal(s.ports, 0);
        assert_int_equal(carc_game_play(g, m), CARC_OK);
        done = true;
    }
    assert_true(done);
    carc_movelist_free(ml);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    svg = render(carc_game_render_svg, g, 0);
    /* the four cities around, the field in the middle with the big farmer of player 0 on it */
    assert_memory_equal(block_line(text, g, 0, -1, 0), "#######", 7);
    assert_memory_equal(block_line(text, g, 0, -1, 1), "#.###.#", 7);
    assert_memory_equal(block_line(text, g, 0, -1, 2), "##<0>##", 7);
    assert_memory_equal(block_line(text, g, 0, -1, 3), "#.###.#", 7);
    /* in the SVG: lying, near the middle of the tile at (0, -1) (40 + 50, 40 + 50) */
    {
        const char *f = strstr(svg, "<g class=\"figure player0 big farmer\" transform=\"translate(");
        int fx = 0, fy = 0;
        assert_non_null(f);
        assert_int_equal(sscanf(strchr(f, '(') + 1, "%d %d", &fx, &fy), 2);
        assert_true(fx >= 80 && fx <= 100 && fy >= 80 && fy <= 100);
        assert_non_null(strstr(f, "scale(1.95) rotate(-90)"));
    }
    assert_int_equal(count_of(svg, ">player 5 (grey): "), 1);
    free(text);
    free(svg);
    check_inns_text(g, true);
    check_inns_svg(g, true);
    check_text(g);
    check_svg(g);
    carc_game_free(g);
}

/* ---------------------------------------------------------------- Traders & Builders */

/* The part of a player's legend line (text: `line` from "player p: " to the end of the line). */
static const char *legend_line(const char *full, const char *fmt, uint32_t p, const char **eol)
{
    char tmp[48];
    const char *line;
    snprintf(tmp, sizeof tmp, fmt, (unsigned)p);
    line = strstr(full, tmp);
    assert_non_null(line);
    *eol = strchr(line, '\n');
    assert_non_null(*eol);
    return line;
}

/* Whether `needle` occurs in [line, eol). */
static bool in_line(const char *line, const char *eol, const char *needle)
{
    const char *c = strstr(line, needle);
    return c != NULL && c < eol;
}

/* The digits of figures marked by `left` before or `right` after them, per player. */
static uint32_t bracketed(const char *board, char left, char right, uint32_t per_player[MAX_P])
{
    uint32_t total = 0;
    const char *c;
    memset(per_player, 0, MAX_P * sizeof per_player[0]);
    for (c = board + 1; *c; c++)
        if (isdigit((unsigned char)*c) && (c[-1] == left || c[1] == right)) {
            assert_true(*c - '0' < MAX_P);
            per_player[*c - '0']++;
            total++;
        }
    return total;
}

/* The text picture with Traders & Builders (or without, `traders` false). */
static void check_traders_text(const carc_game *g, bool traders)
{
    char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *full = render(carc_game_render_text, g, 0);
    board_parts bp;
    uint32_t players, p, marks[MAX_P];
    carc_game_options opts;
    bool farmers;
    char tmp[96];
    const char *board = strchr(plain, '\n');

    mask_city(plain, g);
    count_parts(g, &bp);
    assert_non_null(board);
    memset(&opts, 0, sizeof opts);
    assert_int_equal(carc_game_options_get(&opts, g), CARC_OK);
    farmers = (opts.modules & CARC_MODULE_FARMERS) != 0;
    /* every goods symbol shows, in its city */
    assert_int_equal(board_chars(plain, 'w'), bp.goods[CARC_GOOD_WINE]);
    assert_int_equal(board_chars(plain, 's'), bp.goods[CARC_GOOD_GRAIN]);
    assert_int_equal(board_chars(plain, 'c'), bp.goods[CARC_GOOD_CLOTH]);
    /* builders between parentheses, pigs between equals signs */
    assert_int_equal(bracketed(board, '(', ')', marks), bp.builders_total);
    for (p = 0; p < MAX_P; p++)
        assert_int_equal(marks[p], bp.builders[p]);
    assert_int_equal(bracketed(board, '=', '=', marks), bp.pigs_total);
    for (p = 0; p < MAX_P; p++)
        assert_int_equal(marks[p], bp.pigs[p]);
    assert_true(board_chars(plain, '(') <= bp.builders_total && board_chars(plain, ')') <= bp.builders_total);
    assert_true(board_chars(plain, '=') <= 2 * bp.pigs_total);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (traders) {
        assert_non_null(strstr(full, players > 5 ? "\n(0)-(5) the builder of that player" : "\n(0)-(4) the builder of that player"));
        assert_int_equal(count_of(full, "the pig of that player"), farmers ? 1 : 0);
        assert_non_null(strstr(full, "\nw wine  s grain  c cloth: goods in a city"));
        for (p = 0; p < players; p++) {
            uint32_t builders = 9, pigs = 9, goods[CARC_GOOD_COUNT], k;
            const char *eol, *line = legend_line(full, "player %u: ", p, &eol);
            (void)line;
            assert_int_equal(carc_game_figure_supply(&builders, g, p, CARC_FIGURE_BUILDER), CARC_OK);
            assert_int_equal(builders + bp.builders[p], 1);
            assert_true(in_line(line, eol, builders ? ", builder in supply" : ", builder on the board"));
            assert_int_equal(carc_game_figure_supply(&pigs, g, p, CARC_FIGURE_PIG), CARC_OK);
            if (farmers) {
                assert_int_equal(pigs + bp.pigs[p], 1);
                assert_true(in_line(line, eol, pigs ? ", pig in supply" : ", pig on the board"));
            } else {
                assert_int_equal(bp.pigs[p], 0);
                assert_false(in_line(line, eol, ", pig "));
            }
            for (k = 0; k < CARC_GOOD_COUNT; k++)
                assert_int_equal(carc_game_goods(&goods[k], g, p, k), CARC_OK);
            snprintf(tmp, sizeof tmp, ", goods %u wine %u grain %u cloth", (unsigned)goods[0], (unsigned)goods[1],
                     (unsigned)goods[2]);
            assert_true(in_line(line, eol, tmp));
        }
    } else {
        assert_int_equal(bp.builders_total + bp.pigs_total + bp.goods[0] + bp.goods[1] + bp.goods[2], 0);
        assert_null(strstr(full, "builder"));
        assert_null(strstr(full, "pig"));
        assert_null(strstr(full, "goods"));
        assert_null(strchr(plain, '('));
        assert_null(strchr(plain, '='));
    }
    free(plain);
    free(full);
}

static void check_traders_svg(const carc_game *g, bool traders)
{
    char *svg = render(carc_game_render_svg, g, 0);
    char *bare = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    board_parts bp;
    uint32_t p, players, k;
    char tmp[96];
    static const char *const names[CARC_GOOD_COUNT] = { "wine", "grain", "cloth" };

    count_parts(g, &bp);
    for (k = 0; k < CARC_GOOD_COUNT; k++) {
        snprintf(tmp, sizeof tmp, "<g class=\"goods %s\"", names[k]);
        assert_int_equal(count_of(bare, tmp), bp.goods[k]);
        assert_int_equal(count_of(svg, tmp), bp.goods[k] + (traders ? 1 : 0)); /* and one in the key */
    }
    for (p = 0; p < MAX_P; p++) {
        snprintf(tmp, sizeof tmp, "class=\"figure player%u builder\"", (unsigned)p);
        assert_int_equal(count_of(bare, tmp), bp.builders[p]);
        snprintf(tmp, sizeof tmp, "class=\"figure player%u pig\"", (unsigned)p);
        assert_int_equal(count_of(bare, tmp), bp.pigs[p]);
    }
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    if (traders) {
        assert_int_equal(count_of(svg, ">builder (a second tile)</text>"), 1);
        assert_non_null(strstr(svg, ".goods .token{"));
        for (p = 0; p < players; p++) {
            uint32_t goods[CARC_GOOD_COUNT];
            const char *eol, *line = legend_line(svg, ">player %u (", p, &eol);
            for (k = 0; k < CARC_GOOD_COUNT; k++)
                assert_int_equal(carc_game_goods(&goods[k], g, p, k), CARC_OK);
            snprintf(tmp, sizeof tmp, "; goods: %u wine, %u grain, %u cloth", (unsigned)goods[0], (unsigned)goods[1],
                     (unsigned)goods[2]);
            assert_true(in_line(line, eol, tmp));
            assert_true(in_line(line, eol, ", builder "));
        }
    } else {
        assert_null(strstr(svg, "builder"));
        assert_null(strstr(svg, "pig"));
        assert_null(strstr(svg, "goods"));
        assert_null(strstr(svg, "bridge"));
    }
    free(svg);
    free(bare);
}

static void test_traders(void **state)
{
    uint32_t n, builders = 0, pigs = 0, goods = 0, held = 0, games = env_games(36);
    (void)state;
    for (n = 0; n < games; n++) {
        /* 2..6 players, positions from the start to the end; with the other modules too */
        const char *modules = n % 4 == 3   ? "river,abbot,inns,traders"
                              : n % 8 == 5 ? "traders,-farmers"
                              : n % 4 == 1 ? "inns,traders"
                                           : "traders";
        uint32_t players = strstr(modules, "inns") != NULL ? 2 + n % 5 : 2 + n % 4, p, k; /* 6 with inns */
        carc_game *g = play_modules_game(2300 + n, players, n % 3 == 2 ? UINT32_MAX : 8 + (n * 13) % 90, modules);
        board_parts bp;
        check_text(g);
        check_svg(g);
        check_traders_text(g, true);
        check_traders_svg(g, true);
        check_inns_text(g, strstr(modules, "inns") != NULL);
        check_inns_svg(g, strstr(modules, "inns") != NULL);
        count_parts(g, &bp);
        builders += bp.builders_total;
        pigs += bp.pigs_total;
        goods += bp.goods[0] + bp.goods[1] + bp.goods[2];
        for (p = 0; p < players; p++)
            for (k = 0; k < CARC_GOOD_COUNT; k++) {
                uint32_t v = 0;
                assert_int_equal(carc_game_goods(&v, g, p, k), CARC_OK);
                held += v;
            }
        carc_game_free(g);
    }
    /* the pictures did have them in them */
    assert_true(builders > 10);
    assert_true(pigs > 10);
    assert_true(goods > 100);
    assert_true(held > 10);
}

/* Games without Traders & Builders show none of its marks. */
static void test_no_traders_marks(void **state)
{
    uint32_t n;
    (void)state;
    for (n = 0; n < 12; n++) {
        carc_game *g = n % 2 ? play_modules_game(160 + n, 2 + n % 5, UINT32_MAX, n % 4 == 1 ? "river,abbot,inns" : "inns")
                             : play_random_game(180 + n, 2 + n % 4, n * 7, false);
        check_traders_text(g, false);
        check_traders_svg(g, false);
        carc_game_free(g);
    }
}

/* A seeded Traders & Builders game (2 players, the policy of play_modules_game)
 * stopped at the first move after which `want` holds; NULL if it never does. */
static carc_game *traders_position(uint64_t seed, position_test want)
{
    carc_game *g = play_modules_until(seed, 2, UINT32_MAX, "traders", want);
    if (want(g))
        return g;
    carc_game_free(g);
    return NULL;
}

static bool builder_and_pig_of_0(const carc_game *g)
{
    uint32_t b = 1, p = 1;
    assert_int_equal(carc_game_figure_supply(&b, g, 0, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&p, g, 0, CARC_FIGURE_PIG), CARC_OK);
    return b == 0 && p == 0;
}

static bool second_tile(const carc_game *g)
{
    carc_pending p;
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    return (p.flags & CARC_PENDING_SECOND_TILE) != 0;
}

/* The single tiles and played positions: TB/CcCc.w's field between its two
 * cities, TB/RRrr's bridge; a builder and a pig of player 0 on the board; a
 * builder's second tile pending, then declined. */
static void test_traders_tiles(void **state)
{
    carc_game *g;
    carc_movelist *ml;
    char *text, *svg;
    uint64_t seed;
    size_t i;
    bool passed = false;
    (void)state;

    g = start_with("TB/CcCc.w", "traders", 2);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    svg = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    assert_memory_equal(block_line(text, g, 0, 0, 0), "######.", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 1), "#w##..#", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 2), "###.###", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 3), "#..####", 7);
    assert_memory_equal(block_line(text, g, 0, 0, 4), ".######", 7);
    assert_int_equal(count_of(svg, "Q72 28"), 4); /* both cities curve towards their corners: shape and wall */
    assert_int_equal(count_of(svg, "<g class=\"goods wine\""), 1);
    free(text);
    free(svg);
    carc_game_free(g);

    g = start_with("TB/RRrr", "traders", 2);
    svg = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    assert_int_equal(count_of(svg, "<path class=\"bridge\""), 1);
    free(svg);
    carc_game_free(g);

    /* a builder and a pig of player 0 */
    g = NULL;
    for (seed = 1; seed < 40 && g == NULL; seed++)
        g = traders_position(seed, builder_and_pig_of_0);
    assert_non_null(g);
    text = render(carc_game_render_text, g, 0);
    svg = render(carc_game_render_svg, g, 0);
    assert_non_null(strstr(text, "\n0 player 0: "));
    assert_non_null(strstr(text, ", builder on the board, pig on the board, goods "));
    assert_non_null(strstr(svg, "<g class=\"figure player0 builder\""));
    assert_non_null(strstr(svg, "<g class=\"figure player0 pig\""));
    assert_non_null(strstr(svg, ", builder on the board, pig on the board; goods: "));
    free(text);
    free(svg);
    check_traders_text(g, true);
    check_traders_svg(g, true);
    check_text(g);
    check_svg(g);
    carc_game_free(g);

    /* a second tile pending: the legend says so; declined, it says no more */
    g = NULL;
    for (seed = 1; seed < 40 && g == NULL; seed++)
        g = traders_position(seed, second_tile);
    assert_non_null(g);
    text = render(carc_game_render_text, g, 0);
    assert_non_null(strstr(text, " (the builder's second tile: it may be declined)\n"));
    free(text);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    for (i = 0; i < carc_movelist_count(ml) && !passed; i++)
        if (carc_movelist_data(ml)[i].kind == CARC_MOVE_PASS) {
            assert_int_equal(carc_game_play(g, &carc_movelist_data(ml)[i]), CARC_OK);
            passed = true;
        }
    assert_true(passed);
    carc_movelist_free(ml);
    text = render(carc_game_render_text, g, 0);
    assert_null(strstr(text, "second tile: it may be declined"));
    free(text);
    check_traders_text(g, true);
    check_traders_svg(g, true);
    carc_game_free(g);
}

/* ---------------------------------------------------------------- the Count */

static const char *const quarter_names[4] = { "castle", "market", "blacksmith", "cathedral" };

static uint32_t count_quarter(const carc_game *g)
{
    uint32_t q = 9;
    assert_int_equal(carc_game_count(&q, g), CARC_OK);
    assert_true(q < 4);
    return q;
}

static uint32_t in_quarter(const carc_game *g, uint32_t q, uint32_t player, uint32_t figure)
{
    uint32_t n = 9;
    assert_int_equal(carc_game_city(&n, g, q, player, figure), CARC_OK);
    return n;
}

/* The figures of quarter q as the text picture writes them: each player's digit
 * per follower, then <digit> for his big follower, players apart by a blank. */
static void quarter_digits(char *buf, size_t cap, const carc_game *g, uint32_t q)
{
    uint32_t players, p, k;
    size_t n = 0;
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    buf[0] = '\0';
    for (p = 0; p < players; p++) {
        uint32_t f = in_quarter(g, q, p, CARC_FIGURE_FOLLOWER), big = in_quarter(g, q, p, CARC_FIGURE_BIG);
        if (f + big == 0)
            continue;
        if (n > 0)
            n += (size_t)snprintf(buf + n, cap - n, " ");
        for (k = 0; k < f; k++)
            n += (size_t)snprintf(buf + n, cap - n, "%u", (unsigned)p);
        if (big)
            n += (size_t)snprintf(buf + n, cap - n, "<%u>", (unsigned)p);
        assert_true(n < cap);
    }
}

/* The City in words, as both legends write it. */
static void city_words(char *buf, size_t cap, const carc_game *g)
{
    uint32_t players, q, p;
    size_t n;
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    n = (size_t)snprintf(buf, cap, "the city:");
    for (q = 0; q < 4; q++) {
        bool any = false;
        n += (size_t)snprintf(buf + n, cap - n, " %s:", quarter_names[q]);
        for (p = 0; p < players; p++) {
            uint32_t f = in_quarter(g, q, p, CARC_FIGURE_FOLLOWER), big = in_quarter(g, q, p, CARC_FIGURE_BIG);
            const char *sep = any ? ", " : " ";
            if (f > 0 && big)
                n += (size_t)snprintf(buf + n, cap - n, "%s%u follower%s and the big follower of player %u", sep,
                                      (unsigned)f, f > 1 ? "s" : "", (unsigned)p);
            else if (f > 0)
                n += (size_t)snprintf(buf + n, cap - n, "%s%u follower%s of player %u", sep, (unsigned)f,
                                      f > 1 ? "s" : "", (unsigned)p);
            else if (big)
                n += (size_t)snprintf(buf + n, cap - n, "%sthe big follower of player %u", sep, (unsigned)p);
            any = any || f + big > 0;
        }
        n += (size_t)snprintf(buf + n, cap - n, "%s;", any ? "" : " none");
    }
    n += (size_t)snprintf(buf + n, cap - n, " the Count stands on the %s", quarter_names[count_quarter(g)]);
    assert_true(n < cap);
}

/* The words of the Count's decision pending now ("" for none of his). */
static const char *count_decision(const carc_game *g, uint32_t *player, bool *final)
{
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
    *player = pd.player;
    *final = (pd.flags & CARC_PENDING_FINAL) != 0;
    switch (pd.decision) {
    case CARC_DECISION_EXIT: return "exit - ";
    case CARC_DECISION_QUARTER: return "quarter - ";
    case CARC_DECISION_COUNT: return "count - ";
    default: return "";
    }
}

/*
 * The text of line `dy` below the first `label` on the board part of a text
 * picture, `half` characters either side of the label's middle, without the
 * blanks and walls at its ends.
 */
static void below_label(char *out, size_t cap, const char *plain, const char *label, int dy, int half)
{
    const char *board = strchr(plain, '\n'), *at, *line, *c;
    size_t col, len = strlen(label), n = 0;
    int k;
    assert_non_null(board);
    at = strstr(board, label);
    assert_non_null(at);
    for (line = at; line > plain && line[-1] != '\n'; line--)
        ;
    col = (size_t)(at - line) + len / 2;
    for (k = 0; k < dy; k++) {
        line = strchr(line, '\n');
        assert_non_null(line);
        line++;
    }
    for (c = line + (col > (size_t)half ? col - (size_t)half : 0); c <= line + col + (size_t)half && *c != '\n' && *c; c++)
        if (n + 1 < cap)
            out[n++] = *c;
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '%'))
        n--;
    out[n] = '\0';
    for (c = out; *c == ' ' || *c == '%'; c++)
        ;
    memmove(out, c, strlen(c) + 1);
}

/* The text picture of a game with the Count. */
static void check_count_text(const carc_game *g)
{
    char *plain = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    char *full = render(carc_game_render_text, g, 0);
    const char *board = strchr(plain, '\n'), *what;
    char got[96], want[96], words[640], tmp[96];
    uint32_t q, decider, players, p;
    bool final, over = false;

    check_text(g);
    assert_non_null(board);
    /* the wall: the rectangle's top and bottom lines (CO/1's middle to CO/4's: 25 characters) */
    assert_int_equal(count_of(board, "%%%%%%%%%%%%%%%%%%%%%%%%%"), 2);
    /* each quarter: its name once, its figures below it, the Count below those in his quarter only */
    assert_int_equal(count_of(board, "the Count"), 1);
    for (q = 0; q < 4; q++) {
        int half = q == 0 || q == 2 ? 11 : 5; /* the castle and blacksmith across the city, the others in one half */
        assert_int_equal(count_of(board, quarter_names[q]), 1);
        quarter_digits(want, sizeof want, g, q);
        below_label(got, sizeof got, plain, quarter_names[q], 1, half);
        assert_string_equal(got, want);
        below_label(got, sizeof got, plain, quarter_names[q], 2, half);
        assert_string_equal(got, count_quarter(g) == q ? "the Count" : "");
    }
    /* CO/6 and CO/7 are the city: no field, road or city character on them */
    for (q = 0; q < 5; q++) { /* the five lines of a tile */
        assert_null(memchr(block_line(plain, g, -1, 0, (int)q), '.', 7));
        assert_null(memchr(block_line(plain, g, 0, 0, (int)q), '.', 7));
        assert_null(memchr(block_line(plain, g, -1, 0, (int)q), '#', 7));
        assert_null(memchr(block_line(plain, g, 0, 0, (int)q), '|', 7));
    }
    /* the legend: the key, the city in words, the decision pending */
    assert_non_null(strstr(full, "\n% the walled City of Carcassonne (no figure on it): in its quarters castle, market, "
                                 "blacksmith and cathedral\n"));
    city_words(words, sizeof words, g);
    assert_true(strlen(words) + 3 < sizeof tmp * 2);
    {
        char line[660];
        snprintf(line, sizeof line, "\n%s\n", words); /* a line of its own */
        assert_non_null(strstr(full, line));
    }
    assert_int_equal(count_of(full, "the city: "), 1);
    what = count_decision(g, &decider, &final);
    assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
    if (*what != '\0') {
        snprintf(tmp, sizeof tmp, "; %splayer %u to decide: %s", final ? "final round: " : "", (unsigned)decider, what);
        assert_non_null(strstr(full, tmp));
        assert_null(strstr(full, "tile to place"));
    } else {
        assert_null(strstr(full, "to decide: "));
    }
    /* the player who decides now is the one to move */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (p = 0; p < players && !over; p++) {
        const char *eol, *line = legend_line(full, "player %u: ", p, &eol);
        uint32_t cur = 9;
        if (*what == '\0')
            assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(in_line(line, eol, "<- to move"), p == (*what != '\0' ? decider : cur));
    }
    free(plain);
    free(full);
}

/* The part of the SVG of quarter `name`, up to the next quarter's or the city's end. */
static const char *svg_quarter(const char *svg, const char *name, const char **end)
{
    char tmp[64];
    const char *at, *next, *city_end;
    snprintf(tmp, sizeof tmp, "<g class=\"quarter quarter-%s\"", name);
    at = strstr(svg, tmp);
    assert_non_null(at);
    assert_int_equal(count_of(svg, tmp), 1);
    next = strstr(at + 1, "<g class=\"quarter quarter-");
    city_end = strstr(at, "</g>\n");
    assert_non_null(city_end);
    *end = next != NULL && next < city_end ? next : city_end;
    return at;
}

/* How many times `needle` occurs in [from, to). */
static size_t count_in(const char *from, const char *to, const char *needle)
{
    size_t n = 0;
    const char *c = from;
    while ((c = strstr(c, needle)) != NULL && c < to) {
        n++;
        c += strlen(needle);
    }
    return n;
}

/* The SVG of a game with the Count. */
static void check_count_svg(const carc_game *g)
{
    char *svg = render(carc_game_render_svg, g, 0);
    char *bare = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    char tmp[700], words[640];
    const char *c, *what;
    uint32_t q, p, players, decider;
    int x0, y0, w, h;
    bool final;

    check_svg(g);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(count_of(bare, "<g class=\"coc\">"), 1);
    c = strstr(bare, "<rect class=\"coc-ground\" x=\"");
    assert_non_null(c);
    assert_int_equal(sscanf(c, "<rect class=\"coc-ground\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", &x0, &y0, &w, &h),
                     4);
    assert_int_equal(w, 300); /* from the middle of CO/1 to the middle of CO/12 */
    assert_int_equal(h, 200);
    assert_int_equal(count_of(bare, "<path class=\"gate\""), 3); /* where the three road stubs end */
    /* each quarter: its figures, the Count only in his */
    for (q = 0; q < 4; q++) {
        const char *end, *part = svg_quarter(bare, quarter_names[q], &end);
        for (p = 0; p < players; p++) {
            snprintf(tmp, sizeof tmp, "class=\"quarter-figure player%u\"", (unsigned)p);
            assert_int_equal(count_in(part, end, tmp), in_quarter(g, q, p, CARC_FIGURE_FOLLOWER));
            snprintf(tmp, sizeof tmp, "class=\"quarter-figure player%u big\"", (unsigned)p);
            assert_int_equal(count_in(part, end, tmp), in_quarter(g, q, p, CARC_FIGURE_BIG));
        }
        snprintf(tmp, sizeof tmp, ">%s</text>", quarter_names[q]);
        assert_int_equal(count_in(part, end, tmp), 1);
        assert_int_equal(count_in(part, end, "<g class=\"count\""), count_quarter(g) == q ? 1 : 0);
    }
    assert_int_equal(count_of(bare, "<g class=\"count\""), 1);
    assert_int_equal(count_of(svg, "<g class=\"count\""), 2); /* and the key's */
    /* no figure on the board stands inside the wall or on it, nor on another (two on one
     * segment of a tile: one out of the city onto a feature held) */
    for (c = strstr(bare, "class=\"figure "); c != NULL; c = strstr(c + 1, "class=\"figure ")) {
        int fx, fy;
        const char *tr = strstr(c, "translate(");
        assert_non_null(tr);
        assert_int_equal(sscanf(tr, "translate(%d %d)", &fx, &fy), 2);
        assert_false(fx > x0 - 10 && fx < x0 + w + 10 && fy > y0 - 10 && fy < y0 + h + 10); /* nor on it */
        snprintf(tmp, sizeof tmp, "translate(%d %d)", fx, fy);
        assert_int_equal(count_of(bare, tmp), 1);
    }
    /* the legend: the key, the city in words, the decision pending */
    assert_int_equal(count_of(svg, ">the Count</text>"), 1);
    city_words(words, sizeof words, g);
    snprintf(tmp, sizeof tmp, ">%s</text>", words);
    assert_int_equal(count_of(svg, tmp), 1);
    assert_null(strstr(bare, "the city: "));
    what = count_decision(g, &decider, &final);
    if (*what != '\0') {
        snprintf(tmp, sizeof tmp, ">%splayer %u to decide: %s", final ? "final round: " : "", (unsigned)decider, what);
        assert_int_equal(count_of(svg, tmp), 1);
        snprintf(tmp, sizeof tmp, ">player %u (", (unsigned)decider);
        c = strstr(svg, tmp);
        assert_non_null(c);
        assert_true(strstr(c, " - to move</text>") != NULL && strstr(c, " - to move</text>") < strchr(c, '\n'));
    } else {
        assert_null(strstr(svg, "to decide: "));
    }
    free(svg);
    free(bare);
}

/* Play a move written in the move notation: a place move's tile is chosen
 * first; an exit that is not legal as written is the first legal one from its
 * quarter onto the tile at its (x, y). */
static void play_text(carc_game *g, const char *text)
{
    carc_move m;
    assert_int_equal(carc_move_parse(&m, text), CARC_OK);
    if (m.kind == CARC_MOVE_PLACE)
        assert_int_equal(carc_game_choose_tile(g, m.tile), CARC_OK);
    if (m.kind == CARC_MOVE_EXIT && carc_game_check_move(g, &m) != CARC_OK) {
        carc_movelist *ml;
        size_t i;
        bool found = false;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        for (i = 0; i < carc_movelist_count(ml) && !found; i++) {
            const carc_move *e = &carc_movelist_data(ml)[i];
            if (e->kind == CARC_MOVE_EXIT && e->quarter == m.quarter && e->x == m.x && e->y == m.y) {
                m = *e;
                found = true;
            }
        }
        carc_movelist_free(ml);
        assert_true(found);
    }
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
}

static void check_count(const carc_game *g)
{
    check_count_text(g);
    check_count_svg(g);
}

/*
 * The positions of tests/scenarios/count-final.scn (players 2): the
 * fresh City (its exact shape), a follower into the castle and the Count to
 * the market (the decisions shown as they are pending), exits before a
 * scoring, followers in three quarters, the final round of exits, the end.
 */
static void test_count_positions(void **state)
{
    carc_game_options opts;
    carc_game *g = NULL;
    char *text, *svg;
    char got[32];
    (void)state;
    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = 2;
    opts.seed = 7;
    assert_int_equal(carc_modules_parse(&opts.modules, "count"), CARC_OK);
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);

    /* fresh: the wall runs from the middle of CO/1 to the middle of CO/12; the
     * road stubs end at it; the fields of the ring lie outside it */
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    assert_memory_equal(block_line(text, g, -2, -1, 1), ".......", 7);
    assert_memory_equal(block_line(text, g, -2, -1, 2), "---%%%%", 7); /* CO/1: road W to the corner */
    assert_memory_equal(block_line(text, g, -2, -1, 3), "...%", 4);
    assert_memory_equal(block_line(text, g, -1, -1, 1), ".......", 7); /* CO/2: field N, city S */
    assert_memory_equal(block_line(text, g, -1, -1, 2), "%%%%%%%", 7);
    assert_memory_equal(block_line(text, g, 1, -1, 0), "...|...", 7); /* CO/4: road N to the corner */
    assert_memory_equal(block_line(text, g, 1, -1, 2), "%%%%...", 7);
    assert_memory_equal(block_line(text, g, 1, -1, 3), "   %...", 7);
    assert_memory_equal(block_line(text, g, -2, 0, 0), "...%", 4); /* CO/5: field W */
    assert_memory_equal(block_line(text, g, 1, 0, 0), "   %...", 7); /* CO/8: field E */
    assert_memory_equal(block_line(text, g, -2, 1, 2), "...%%%%", 7); /* CO/9: its cap S below the wall */
    assert_memory_equal(block_line(text, g, -2, 1, 4), "#######", 7);
    assert_memory_equal(block_line(text, g, 0, 1, 2), "%%%%%%%", 7); /* CO/11: road S to the wall */
    assert_memory_equal(block_line(text, g, 0, 1, 3), "...|...", 7);
    assert_memory_equal(block_line(text, g, 1, 1, 2), "%%%%.##", 7); /* CO/12: its cap E beside the wall */
    below_label(got, sizeof got, text, "castle", 2, 11);
    assert_string_equal(got, "the Count");
    free(text);
    svg = render(carc_game_render_svg, g, CARC_RENDER_NO_LEGEND);
    /* board origin at (40, 40); CO/1 at (-2, -1) is the first column and row */
    assert_non_null(strstr(svg, "<rect class=\"coc-ground\" x=\"90\" y=\"90\" width=\"300\" height=\"200\"/>"));
    assert_null(strstr(svg, "class=\"last\"")); /* nothing placed yet */
    free(svg);
    check_count(g);

    play_text(g, "F 2 1 0 city:E");
    play_text(g, "U 0 2 0 road:N");
    play_text(g, "A 0 3 180 -"); /* P1 scores, P0 not: P0 may put a follower into the city */
    check_count(g);
    play_text(g, "quarter castle");
    check_count(g); /* then the Count's move */
    play_text(g, "count market");
    check_count(g);
    text = render(carc_game_render_text, g, 0);
    below_label(got, sizeof got, text, "castle", 1, 11);
    assert_string_equal(got, "0");
    below_label(got, sizeof got, text, "market", 2, 5);
    assert_string_equal(got, "the Count");
    assert_non_null(strstr(text, "\nthe city: castle: 1 follower of player 0; market: none; blacksmith: none; "
                                 "cathedral: none; the Count stands on the market\n"));
    free(text);

    play_text(g, "E 3 1 270 -"); /* closes P0's city: P0 may bring his castle follower out first */
    text = render(carc_game_render_text, g, 0);
    assert_non_null(strstr(text, "tiles left: 67; player 0 to decide: exit - followers out of the city onto a "
                                 "feature this tile completed, before it scores (or pass)\n"));
    assert_non_null(strstr(text, "\n0 player 0: 0 points, 5 followers in supply  <- to move\n"));
    free(text);
    check_count(g);
    play_text(g, "pass");
    check_count(g); /* P1 may put a follower in */
    play_text(g, "quarter cathedral");
    play_text(g, "pass");
    play_text(g, "U 1 -2 0 road:S");
    play_text(g, "A 1 -3 0 -");
    play_text(g, "quarter market"); /* the Count's quarter */
    play_text(g, "pass");
    play_text(g, "B -1 2 0 cloister");
    check_count(g);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    below_label(got, sizeof got, text, "market", 1, 5);
    assert_string_equal(got, "1");
    below_label(got, sizeof got, text, "cathedral", 1, 5);
    assert_string_equal(got, "1");
    free(text);

    /* the final round: from P1 */
    assert_int_equal(carc_game_end(g), CARC_OK);
    check_count(g);
    text = render(carc_game_render_text, g, 0);
    assert_non_null(strstr(text, "; final round: player 1 to decide: exit - one follower out of the city onto an "
                                 "incomplete feature"));
    free(text);
    play_text(g, "exit cathedral -1 2 seg:0");
    check_count(g);
    play_text(g, "exit castle -2 1 seg:0");
    check_count(g); /* over: the market follower stays under the Count */
    text = render(carc_game_render_text, g, 0);
    assert_non_null(strstr(text, "\nthe city: castle: none; market: 1 follower of player 1; blacksmith: none; "
                                 "cathedral: none; the Count stands on the market\n"));
    assert_non_null(strstr(text, "\ngame over; winner: player 0\n"));
    free(text);
    carc_game_free(g);
}

/* A farmer on a field of the City's tiles (out of the market in the final
 * round, onto CO/2's field): outside the wall in both pictures. */
static void test_count_farmer(void **state)
{
    carc_game_options opts;
    carc_game *g = NULL;
    char *text;
    (void)state;
    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = 2;
    opts.seed = 3;
    assert_int_equal(carc_modules_parse(&opts.modules, "count"), CARC_OK);
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    play_text(g, "B 2 0 0 -"); /* as in count-trigger.scn */
    play_text(g, "U 0 2 0 road:N");
    play_text(g, "A 0 3 180 -"); /* 3 to P1, none to P0 */
    play_text(g, "quarter market");
    check_count(g);
    play_text(g, "pass"); /* the Count stays on the castle */
    assert_int_equal(carc_game_end(g), CARC_OK);
    check_count(g); /* the final round: P0 out of the market */
    play_text(g, "exit market -1 -1 seg:0");
    check_count(g);
    text = render(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    /* the farmer on the field of CO/2, north of the wall */
    assert_true(memchr(block_line(text, g, -1, -1, 0), '0', 7) != NULL ||
                memchr(block_line(text, g, -1, -1, 1), '0', 7) != NULL);
    free(text);
    carc_game_free(g);
}

/* What the pictures checked in the random Count games showed. */
typedef struct count_stats {
    uint32_t pictures, in_city, bigs, decisions;
} count_stats;

static void count_picture(const carc_game *g, count_stats *st)
{
    uint32_t players, p, q, who;
    bool final;
    check_count(g);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (p = 0; p < players; p++) {
        st->in_city += city_figures(g, p);
        for (q = 0; q < 4; q++)
            st->bigs += in_quarter(g, q, p, CARC_FIGURE_BIG);
    }
    st->decisions += *count_decision(g, &who, &final) != '\0';
    st->pictures++;
}

/*
 * A seeded random game with the Count (and `modules` besides), stopped after
 * `turns` moves or at its end; its pictures are checked (count_picture) after
 * each of the first `pictures` moves of the Count's (into a quarter, the
 * Count's, out of the city) and at the stop. A follower goes into the city
 * whenever he may (the big follower half the time), the Count moves most
 * times, an exit is made half the times it may be.
 */
static void count_game(uint64_t seed, uint32_t players, uint32_t turns, const char *modules, uint32_t pictures,
                       count_stats *st)
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
    if (opts.modules & CARC_MODULE_RIVER) { /* the spring touching the City's north side, as in all-modules-random-5p.scn */
        assert_int_equal(carc_tile_find(&opts.start_tile, "RA"), CARC_OK);
        opts.start_x = 0;
        opts.start_y = -2;
        opts.start_rotation = 3;
    }
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    for (t = 0; t < turns; t++) {
        bool over = false, final;
        size_t n, i, pick;
        const carc_move *m;
        uint32_t who;
        const char *what;
        assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
        if (over)
            break;
        what = count_decision(g, &who, &final);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        n = carc_movelist_count(ml);
        assert_true(n > 0);
        m = carc_movelist_data(ml);
        pick = (size_t)(rng_next(&r) % n);
        if (*what != '\0' && n > 1) { /* the pass is listed last */
            uint64_t take = rng_next(&r) % 8;
            bool decline = what[0] == 'e' ? take < 4 : what[0] == 'c' ? take < 2 : false;
            pick = decline ? n - 1 : (size_t)(rng_next(&r) % (n - 1));
        }
        while (m[pick].kind == CARC_MOVE_PLACE && m[pick].figure == CARC_FIGURE_BIG && pick > 0 &&
               m[pick - 1].x == m[pick].x && m[pick - 1].y == m[pick].y && m[pick - 1].rotation == m[pick].rotation)
            pick--; /* the big follower kept for the city: the same placement without it */
        if (rng_next(&r) % 2 == 0 && m[pick].kind == CARC_MOVE_QUARTER)
            for (i = 0; i < n; i++)
                if (m[i].kind == CARC_MOVE_QUARTER && m[i].figure == CARC_FIGURE_BIG) {
                    pick = i;
                    break;
                }
        assert_int_equal(carc_game_play(g, &m[pick]), CARC_OK);
        if (*what != '\0' && pictures > 0) {
            count_picture(g, st);
            pictures--;
        }
    }
    count_picture(g, st);
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* Random games with the Count, alone and with the other modules, from the
 * start to the end: the pictures hold the City, its quarters, the followers
 * there (the big follower too), the Count and his decisions. */
static void test_count_games(void **state)
{
    uint32_t n, games = env_games(16);
    count_stats st = { 0, 0, 0, 0 };
    (void)state;
    for (n = 0; n < games; n++) {
        const char *modules = n % 4 == 3   ? "river,abbot,count,inns,traders"
                              : n % 4 == 1 ? "count,inns"
                              : n % 8 == 2 ? "count,-farmers"
                                           : "count";
        count_game(4100 + n, 2 + n % 4, n % 3 == 2 ? UINT32_MAX : 10 + (n * 17) % 120, modules, 6, &st);
    }
    /* the pictures did have them in them */
    assert_true(st.in_city > 25);
    assert_true(st.bigs > 3);
    assert_true(st.decisions > 8);
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
        cmocka_unit_test(test_inns),
        cmocka_unit_test(test_no_inns_marks),
        cmocka_unit_test(test_inns_tiles),
        cmocka_unit_test(test_traders),
        cmocka_unit_test(test_no_traders_marks),
        cmocka_unit_test(test_traders_tiles),
        cmocka_unit_test(test_count_positions),
        cmocka_unit_test(test_count_farmer),
        cmocka_unit_test(test_count_games),
    };
    return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
