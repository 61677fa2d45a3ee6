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
 * two cities; games without the module show none of it.
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
        assert_int_equal(count_of(svg, ">cathedral</text>"), 1);
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
    };
    return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
