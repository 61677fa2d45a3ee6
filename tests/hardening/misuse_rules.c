/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse: the rules of the modules that carc_game_play enforces,
 * run by carc_game_play's entry (misuse_moves.c): the River, the Abbot, Inns
 * & Cathedrals, Traders & Builders, the Count. Each refusal changes nothing
 * and says why (see misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)


/* The listed moves of g that place a follower (there is one; check_move
 * takes it), turned into each of `figures`: refused, saying `why` (only the
 * first such move if `first`). */
static void refuse_as(fx *f, carc_game *g, const uint8_t *figures, size_t nfig, const char *why, bool first, int line)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(f->list);
    carc_move *d = malloc(n * sizeof *d);
    assert_non_null(d);
    memcpy(d, carc_movelist_data(f->list), n * sizeof *d); /* (refuse lists the moves again) */
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        if (d[i].figure != CARC_FIGURE_FOLLOWER)
            continue;
        any = true;
        assert_int_equal(carc_game_check_move(g, &d[i]), CARC_OK);
        for (size_t k = 0; k < nfig; k++) {
            carc_move q = d[i];
            q.figure = figures[k];
            refuse(f, g, &q, CARC_EILLEGAL, why, line);
        }
        if (first)
            break;
    }
    assert_true(any);
    free(d);
}

/* ------------------------------------------------------------ the River */

/* Whether `kind` turned `rot` matches every neighbour of the empty cell (x, y)
 * (and has one), by the catalogue's edges. */
static bool edges_fit(const carc_game *g, uint32_t kind, uint32_t rot, int32_t x, int32_t y)
{
    static const int32_t DX[4] = { 0, 1, 0, -1 }, DY[4] = { -1, 0, 1, 0 };
    carc_move t;
    bool any = false;
    if (carc_game_tile_at(&t, g, x, y) == CARC_OK)
        return false;
    for (uint32_t s = 0; s < 4; s++) {
        if (carc_game_tile_at(&t, g, x + DX[s], y + DY[s]) != CARC_OK)
            continue;
        uint32_t a, b;
        assert_int_equal(carc_tile_edge(&a, kind, rot, s), CARC_OK);
        assert_int_equal(carc_tile_edge(&b, t.tile, t.rotation, (s + 2) % 4), CARC_OK);
        if (a != b)
            return false;
        any = true;
    }
    return any;
}

/* River tiles go at the open end only, and the river does not turn the same
 * way twice (docs/rules.md 3.4, 3.5). */
static void river_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 3, F | RV | AB);
    /* RB fits north of the spring (road to road), but the river's open end is (0,1) */
    assert_int_equal(carc_game_choose_tile(g, kind_of("RB")), CARC_OK);
    carc_move m = place_move(0, -1, kind_of("RB"), 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT);
    assert_true(edges_fit(g, m.tile, 0, 0, -1));
    refuse(f, g, &m, CARC_EILLEGAL, "open end", __LINE__);
    m.figure = CARC_FIGURE_FOLLOWER;
    m.segment = 0; /* and with a follower on its city */
    refuse(f, g, &m, CARC_EILLEGAL, "open end", __LINE__);
    /* every cell but the open end: refused wherever the edges fit */
    unsigned fitting = 0;
    for (int32_t y = -2; y <= 2; y++)
        for (int32_t x = -2; x <= 2; x++)
            for (uint8_t r = 0; r < 4; r++) {
                if ((x == 0 && y == 1) || !edges_fit(g, m.tile, r, x, y))
                    continue;
                carc_move t = place_move(x, y, m.tile, r, CARC_FIGURE_NONE, CARC_NO_SEGMENT);
                refuse(f, g, &t, CARC_EILLEGAL, "open end", __LINE__);
                fitting++;
            }
    assert_true(fitting > 0);
    assert_int_equal(carc_game_undo(g), CARC_OK);

    /* a bend right (RG at the open end, in from the north, out to the west),
     * then RE may bend left at (-1,1) but not right again */
    assert_int_equal(carc_game_choose_tile(g, kind_of("RG")), CARC_OK);
    m = place_move(0, 1, kind_of("RG"), 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, kind_of("RE")), CARC_OK);
    m = place_move(-1, 1, kind_of("RE"), 2, CARC_FIGURE_NONE, CARC_NO_SEGMENT); /* river E and N: a right turn */
    assert_true(edges_fit(g, m.tile, m.rotation, m.x, m.y));
    refuse(f, g, &m, CARC_EILLEGAL, "U-turn", __LINE__);
    m.rotation = 3; /* river E and S: a left turn */
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    carc_game_free(g);
}

/* ------------------------------------------------------------ the Abbot */

/* Take a tile that can go at (x, y) and place it there with no figure;
 * false if no tile left can. */
static bool fill_cell(fx *f, carc_game *g, int32_t x, int32_t y, carc_move *out)
{
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
        if (!left)
            continue;
        assert_int_equal(carc_game_placements(f->list, g, k, 0), CARC_OK);
        for (size_t i = 0; i < carc_movelist_count(f->list); i++) {
            carc_move p = carc_movelist_data(f->list)[i];
            if (p.x == x && p.y == y) {
                assert_int_equal(carc_game_choose_tile(g, k), CARC_OK);
                *out = p;
                return true;
            }
        }
    }
    return false;
}

/* The first placement of V.g (road S-W, a garden), with the segments of its garden and its road. */
static carc_move garden_tile(fx *f, carc_game *g, uint32_t *garden, uint32_t *road)
{
    uint32_t vg = kind_of("V.g");
    assert_int_equal(carc_game_choose_tile(g, vg), CARC_OK);
    assert_int_equal(carc_game_placements(f->list, g, vg, 0), CARC_OK);
    carc_move p = carc_movelist_data(f->list)[0];
    *garden = segment_of_kind(vg, p.rotation, CARC_SEG_GARDEN);
    *road = segment_of_kind(vg, p.rotation, CARC_SEG_ROAD);
    assert_true(*garden != UINT32_MAX && *road != UINT32_MAX);
    return p;
}

/* The abbot: not on a road, city or field; no follower on a garden; the
 * recall needs the abbot on the board, and is refused when the tile placed
 * completes the abbot's monastery (docs/rules.md 4.3, 4.5, ruling 19). */
static void abbot_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 17, F | AB);
    uint32_t garden, road;
    carc_move p = garden_tile(f, g, &garden, &road), m = p;
    /* follower or abbot, by segment kind */
    static const struct {
        uint8_t figure;
        bool on_garden; /* else on the road */
        bool recall;
        carc_status want;
        const char *why;
    } vg[] = {
        { CARC_FIGURE_FOLLOWER, true, false, CARC_EILLEGAL, "garden" },
        { CARC_FIGURE_ABBOT, false, false, CARC_EILLEGAL, "road" },
        { CARC_FIGURE_ABBOT, false, true, CARC_EILLEGAL, "abbot" }, /* no abbot on the board yet */
        { CARC_FIGURE_ABBOT, true, false, CARC_OK, NULL },
        { CARC_FIGURE_FOLLOWER, false, false, CARC_OK, NULL },
    };
    for (size_t k = 0; k < COUNT_OF(vg); k++) {
        m.figure = vg[k].figure;
        m.segment = vg[k].recall ? CARC_SEGMENT_RECALL : (uint8_t)(vg[k].on_garden ? garden : road);
        if (vg[k].want == CARC_OK)
            assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
        else
            refuse(f, g, &m, vg[k].want, vg[k].why, __LINE__);
    }
    assert_int_equal(carc_game_undo(g), CARC_OK);

    /* player 0 puts the abbot on a monastery (B) south of the start tile */
    assert_int_equal(carc_game_choose_tile(g, kind_of("B")), CARC_OK);
    m = place_move(0, 1, kind_of("B"), 0, CARC_FIGURE_ABBOT, 0);
    m.segment = (uint8_t)segment_of_kind(m.tile, 0, CARC_SEG_MONASTERY);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    /* the seven other squares around it, the last by player 0 again */
    static const int32_t around[7][2] = { { -1, 1 }, { 1, 1 }, { -1, 0 }, { 1, 0 }, { 0, 2 }, { -1, 2 }, { 1, 2 } };
    for (int i = 0; i < 8; i++) {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        if (i == 6) {
            /* player 1 plays away from the monastery */
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            size_t k = 0, cnt = carc_movelist_count(f->list);
            const carc_move *d = carc_movelist_data(f->list);
            while (k < cnt && d[k].x >= -1 && d[k].x <= 1 && d[k].y >= 0 && d[k].y <= 2)
                k++;
            assert_true(k < cnt && d[k].figure == CARC_FIGURE_NONE);
            assert_int_equal(carc_game_play(g, &d[k]), CARC_OK);
            continue;
        }
        const int32_t *c = around[i < 6 ? i : 6];
        if (!fill_cell(f, g, c[0], c[1], &p))
            fail_msg("no tile left fits at (%d,%d)", (int)c[0], (int)c[1]);
        m = p;
        m.figure = CARC_FIGURE_ABBOT;
        m.segment = CARC_SEGMENT_RECALL;
        if (cur == 1) {
            refuse(f, g, &m, CARC_EILLEGAL, "abbot", __LINE__); /* player 1's abbot is in supply */
        } else if (i < 6) {
            assert_int_equal(carc_game_check_move(g, &m), CARC_OK); /* 1 + the tiles around: legal */
        } else {
            /* the eighth neighbour completes the monastery: no recall, it scores 9 */
            assert_int_equal(cur, 0);
            refuse(f, g, &m, CARC_EILLEGAL, "completes", __LINE__);
            assert_int_equal(carc_game_figure_options(f->list, g, &p), CARC_OK);
            for (size_t k = 0; k < carc_movelist_count(f->list); k++)
                assert_int_not_equal(carc_movelist_data(f->list)[k].segment, CARC_SEGMENT_RECALL);
            int32_t before = 0, after = 0;
            uint32_t sup = 9;
            assert_int_equal(carc_game_score(&before, g, 0), CARC_OK);
            assert_int_equal(carc_game_play(g, &p), CARC_OK);
            assert_int_equal(carc_game_score(&after, g, 0), CARC_OK);
            assert_true(after - before >= 9);
            assert_int_equal(carc_game_figure_supply(&sup, g, 0, CARC_FIGURE_ABBOT), CARC_OK);
            assert_int_equal(sup, 1);
            break;
        }
        assert_int_equal(carc_game_play(g, &p), CARC_OK);
    }
    carc_game_free(g);
}

/* ------------------------------------------------------------ Inns & Cathedrals */

/* The first of the figure-less moves in `pl` (of tile kind `tile`, chosen
 * again after each try when `only_seg`, a segment kind, is given: the only
 * segment tried) that joins the feature of the big follower `big`: neither
 * the big follower nor a follower may go there. Returns whether one did. */
static bool refuse_on_joined(fx *f, carc_game *g, const carc_move *big, carc_movelist *pl, uint32_t tile,
                             uint32_t only_seg)
{
    static const uint8_t figures[] = { CARC_FIGURE_BIG, CARC_FIGURE_FOLLOWER };
    uint32_t nseg = 0, road_feature = 0;
    assert_int_equal(carc_tile_segment_count(&nseg, tile), CARC_OK);
    for (size_t i = 0; i < carc_movelist_count(pl); i++) {
        carc_move q = carc_movelist_data(pl)[i];
        if (q.figure != CARC_FIGURE_NONE)
            continue;
        assert_int_equal(carc_game_play(g, &q), CARC_OK);
        assert_int_equal(carc_game_feature_at(&road_feature, g, big->x, big->y, big->segment), CARC_OK);
        uint32_t seg = UINT32_MAX, fid = 0;
        for (uint32_t s = 0; s < nseg && seg == UINT32_MAX; s++) {
            if (only_seg != UINT32_MAX && s != segment_of_kind(tile, q.rotation, only_seg))
                continue;
            carc_status st = carc_game_feature_at(&fid, g, q.x, q.y, s);
            if (only_seg != UINT32_MAX)
                assert_int_equal(st, CARC_OK);
            if (st == CARC_OK && fid == road_feature)
                seg = s;
        }
        assert_int_equal(carc_game_undo(g), CARC_OK);
        if (only_seg != UINT32_MAX)
            assert_int_equal(carc_game_choose_tile(g, tile), CARC_OK);
        if (seg == UINT32_MAX)
            continue;
        q.segment = (uint8_t)seg;
        for (size_t k = 0; k < COUNT_OF(figures); k++) {
            q.figure = figures[k];
            refuse(f, g, &q, CARC_EILLEGAL, "already holds", __LINE__);
        }
        return true;
    }
    return false;
}

/* The big follower (docs/rules.md 6.3): by the follower's rules (not on a
 * garden, not on a field without farmers, not on an occupied feature), one
 * per player (refused with none in supply), not in a game without Inns &
 * Cathedrals. Each refusal changes nothing and says why. */
static void inns_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 23, F | AB | IN);
    uint32_t garden, road;
    carc_move p = garden_tile(f, g, &garden, &road), m = p;
    /* V.g: the big follower on its road, not on its garden (the abbot may) */
    m.figure = CARC_FIGURE_BIG;
    m.segment = (uint8_t)garden;
    refuse(f, g, &m, CARC_EILLEGAL, "garden", __LINE__);
    m.figure = CARC_FIGURE_ABBOT;
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    m.figure = CARC_FIGURE_BIG;
    m.segment = (uint8_t)road;
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    assert_int_equal(carc_game_play(g, &m), CARC_OK); /* player 0's big follower on the road */
    carc_move big = m;
    uint32_t sup = 9;
    assert_int_equal(carc_game_figure_supply(&sup, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(sup, 0);
    /* player 1: neither figure on a tile's segment that joins that road */
    {
        uint32_t cur = 0, tile = 0;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 1);
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        carc_movelist *pl = NULL;
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
        bool joined = refuse_on_joined(f, g, &big, pl, tile, UINT32_MAX);
        /* (a tile that joins the road: choose D, which continues any road) */
        if (!joined) {
            uint32_t d = kind_of("D");
            assert_int_equal(carc_game_choose_tile(g, d), CARC_OK);
            assert_int_equal(carc_game_legal_moves(pl, g, 0), CARC_OK);
            joined = refuse_on_joined(f, g, &big, pl, d, CARC_SEG_ROAD);
            assert_int_equal(carc_game_undo(g), CARC_OK); /* the choice of D */
        }
        carc_movelist_free(pl);
        assert_true(joined);
        /* player 1 plays a tile without a figure */
        carc_move q = legal_move(f, g, 0);
        assert_int_equal(q.figure, CARC_FIGURE_NONE);
        assert_int_equal(carc_game_play(g, &q), CARC_OK);
    }
    /* player 0 again: the big follower is on the board, a follower is not */
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++)
        assert_int_not_equal(carc_movelist_data(f->list)[i].figure, CARC_FIGURE_BIG);
    static const uint8_t big_only[] = { CARC_FIGURE_BIG };
    refuse_as(f, g, big_only, 1, "big follower left", true, __LINE__);
    carc_game_free(g);

    /* without farmers: not on a field, like the follower */
    g = new_game(f, 6, 24, IN);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    p = carc_movelist_data(f->list)[0];
    uint32_t field = segment_of_kind(p.tile, p.rotation, CARC_SEG_FIELD);
    assert_true(field != UINT32_MAX);
    static const uint8_t both[] = { CARC_FIGURE_BIG, CARC_FIGURE_FOLLOWER };
    for (size_t k = 0; k < COUNT_OF(both); k++) {
        m = p;
        m.figure = both[k];
        m.segment = (uint8_t)field;
        refuse(f, g, &m, CARC_EILLEGAL, "field", __LINE__);
    }
    carc_game_free(g);

    /* without Inns & Cathedrals: the big follower is not in play */
    g = new_game(f, 5, 25, F | RV | AB);
    refuse_as(f, g, big_only, 1, "not in play", true, __LINE__);
    carc_game_free(g);
}

/* ------------------------------------------------------------ Traders & Builders */

/* Refusals in one game: move notation, status, what the last error says. */
typedef struct refusal_row {
    const char *move;
    carc_status want;
    const char *why;
} refusal_row;

static void refuse_rows(fx *f, carc_game *g, const refusal_row *rows, size_t n, int line)
{
    for (size_t i = 0; i < n; i++)
        refuse_text(f, g, rows[i].move, rows[i].want, rows[i].why, line);
}

/* The builder and the pig (docs/rules.md 7.4,
 * 7.5, rulings T-3..T-7; the moves of tests/scenarios/traders-*.scn): the
 * builder only on a road or city of the new tile that holds a follower of
 * his owner's and stays incomplete; the pig only on a field that holds a
 * farmer of his owner's, and not at all without farmers; one of each per
 * player; the builder's second tile is optional, declined with a pass that
 * sets no other field, and never gives a third; a pass with nothing
 * optional pending is refused. Each refusal changes nothing and says why. */
static void traders_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 33, F | TR);
    uint32_t u = 9;
    carc_move pass = pass_move();
    /* a pass with nothing optional pending */
    refuse(f, g, &pass, CARC_EILLEGAL, "pass", __LINE__);
    /* P0: nobody on D's road */
    static const refusal_row first[] = {
        { "U 1 0 90 builder/road:E", CARC_EILLEGAL, "builder goes on" },
        { "U 1 0 90 builder/field:NNW", CARC_EILLEGAL, "field" }, /* wrong kind */
        { "U 1 0 90 pig/road:E", CARC_EILLEGAL, "road" },
        { "U 1 0 90 pig/field:NNW", CARC_EILLEGAL, "farmer" }, /* nobody on the field */
        { "B 0 1 0 builder/cloister", CARC_EILLEGAL, "may stand" },
    };
    refuse_rows(f, g, first, COUNT_OF(first), __LINE__);
    play_text(g, "TB/Cc.w 0 -1 180 city:E"); /* 1 P0: a knight on a city with wine */
    /* P1: the road holds nobody of his, the city P0's knight */
    static const refusal_row second[] = {
        { "U 1 0 90 builder/road:E", CARC_EILLEGAL, "follower of player 1" },
        { "E 1 -1 270 builder/city:W", CARC_EILLEGAL, "follower of player 1" },
    };
    refuse_rows(f, g, second, COUNT_OF(second), __LINE__);
    play_text(g, "U 1 0 90 road:E"); /* 2 P1: a follower on the road */
    /* P0: that road holds P1's follower, not his; the city he holds would be completed by the tile */
    static const refusal_row third[] = {
        { "V 2 0 0 builder/road:W", CARC_EILLEGAL, "follower of player 0" },
        { "E 1 -1 270 builder/city:W", CARC_EILLEGAL, "not complete" },
    };
    refuse_rows(f, g, third, COUNT_OF(third), __LINE__);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(u, 1);
    play_text(g, "V 2 0 0 -"); /* 3 P0 */
    {
        /* 4 P1: his builder joins his road (check_move agrees, figure_options lists it) */
        carc_move m = text_move(g, "V 2 1 90 builder/road:N"), p = m;
        assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
        p.figure = CARC_FIGURE_NONE;
        p.segment = CARC_NO_SEGMENT;
        assert_int_equal(carc_game_figure_options(f->list, g, &p), CARC_OK);
        bool listed = false;
        for (size_t k = 0; k < carc_movelist_count(f->list); k++)
            listed |= memcmp(&carc_movelist_data(f->list)[k], &m, sizeof m) == 0;
        assert_true(listed);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
    }
    assert_int_equal(carc_game_figure_supply(&u, g, 1, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(pending_now(g).part, 1); /* the builder placed now gives no double turn (T-5) */
    play_text(g, "E 1 -1 270 -"); /* 5 P0 completes his city: one wine token for him */
    assert_int_equal(carc_game_goods(&u, g, 0, CARC_GOOD_WINE), CARC_OK);
    assert_int_equal(u, 1);
    assert_int_equal(carc_game_goods(&u, g, 1, CARC_GOOD_WINE), CARC_OK);
    assert_int_equal(u, 0);
    /* P1: a second builder */
    static const refusal_row fourth[] = {
        { "U -1 0 90 builder/road:W", CARC_EILLEGAL, "no builder left" },
        { "U -1 0 90 road:W", CARC_EILLEGAL, "already holds" },
    };
    refuse_rows(f, g, fourth, COUNT_OF(fourth), __LINE__);
    play_text(g, "U -1 0 90 -"); /* 6 P1 extends his builder's road: a second tile */
    carc_pending pd = pending_now(g);
    assert_int_equal(pd.player, 1);
    assert_int_equal(pd.part, 2);
    assert_int_equal(pd.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    /* malformed passes; the builder (on the board) on the second tile */
    static const struct {
        carc_move m;
        carc_status want;
        const char *why;
    } passes[] = {
        { { .x = 1, .segment = CARC_NO_SEGMENT, .kind = CARC_MOVE_PASS }, CARC_EINVAL, "pass" },
        { { .segment = 0, .kind = CARC_MOVE_PASS }, CARC_EINVAL, "pass" },
        { { .figure = CARC_FIGURE_BUILDER, .segment = CARC_NO_SEGMENT, .kind = CARC_MOVE_PASS }, CARC_EINVAL, "pass" },
        { { .reserved = 7, .segment = CARC_NO_SEGMENT, .kind = CARC_MOVE_PASS }, CARC_EINVAL, "pass" },
        { { .segment = CARC_NO_SEGMENT, .kind = CARC_MOVE_EXIT }, CARC_EILLEGAL, "or pass" },
    };
    for (size_t k = 0; k < COUNT_OF(passes); k++)
        refuse(f, g, &passes[k].m, passes[k].want, passes[k].why, __LINE__);
    /* the pass (before any tile choice, which it would join): listed first,
     * ends the turn, the tile stays on top of the pile */
    {
        uint32_t tile = 0, after = 0, left = 0, left_after = 0;
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        assert_memory_equal(&carc_movelist_data(f->list)[0], &pass, sizeof pass);
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        char *before = hz_fingerprint(g, HZ_FP_NO_ERROR);
        assert_int_equal(carc_game_play(g, &pass), CARC_OK);
        pd = pending_now(g);
        assert_int_equal(pd.player, 0);
        assert_int_equal(pd.part, 1);
        assert_int_equal(pd.flags, 0);
        assert_int_equal(carc_game_current_tile(&after, g), CARC_OK);
        assert_int_equal(carc_game_remaining(&left_after, g), CARC_OK);
        assert_int_equal(after, tile);
        assert_int_equal(left_after, left);
        refuse(f, g, &pass, CARC_EILLEGAL, "pass", __LINE__); /* nothing optional now */
        /* undo takes back the pass alone */
        assert_int_equal(carc_game_undo(g), CARC_OK);
        check_same(g, before, HZ_FP_NO_ERROR, "pass + undo", __LINE__);
    }
    /* the second tile instead, extending the builder's road again: no third */
    refuse_text(f, g, "U -2 0 90 builder/road:W", CARC_EILLEGAL, "no builder left", __LINE__);
    play_text(g, "U -2 0 90 -");
    pd = pending_now(g);
    assert_int_equal(pd.player, 0);
    assert_int_equal(pd.part, 1);
    refuse(f, g, &pass, CARC_EILLEGAL, "pass", __LINE__);
    misuse_reloads(f, TILE_GAME, g, HZ_FP_NO_ERROR); /* the record replays the double turn */
    carc_game_free(g);

    /* the pig (tests/scenarios/traders-pig-majority.scn without the big follower) */
    g = new_game(f, 2, 34, F | TR);
    refuse_text(f, g, "E 0 -1 180 pig/field:NNW", CARC_EILLEGAL, "farmer of player 0", __LINE__);
    play_text(g, "E 0 -1 180 field:NNW"); /* 1 P0: a farmer */
    refuse_text(f, g, "U 1 0 90 pig/field:NNW", CARC_EILLEGAL, "farmer of player 1", __LINE__);
    play_text(g, "U 1 0 90 field:NNW");   /* 2 P1: a farmer in the same field */
    play_text(g, "B 1 -1 0 -");           /* 3 P0 */
    play_text(g, "V 2 0 0 pig/field:NNE"); /* 4 P1: his pig joins his farmer */
    assert_int_equal(carc_game_figure_supply(&u, g, 1, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(u, 0);
    play_text(g, "B -1 -1 0 -"); /* 5 P0 */
    {
        /* 6 P1: a second pig, anywhere */
        carc_move m = legal_place(f, g, 0);
        m.figure = CARC_FIGURE_PIG;
        m.segment = 0;
        refuse(f, g, &m, CARC_EILLEGAL, "no pig left", __LINE__);
    }
    carc_game_free(g);

    /* without farmers the pig is not in play; the builder is */
    g = new_game(f, 3, 35, TR);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(u, 1);
    static const refusal_row no_pig[] = {
        { "E 0 -1 180 pig/field:NNW", CARC_EILLEGAL, "not in play" },
        { "U 1 0 90 pig/road:E", CARC_EILLEGAL, "not in play" },
    };
    refuse_rows(f, g, no_pig, COUNT_OF(no_pig), __LINE__);
    carc_game_free(g);

    /* without Traders & Builders neither is in play, even where a follower may stand */
    static const uint32_t without[] = { F, F | RV | AB | IN };
    static const uint8_t builder_pig[] = { CARC_FIGURE_BUILDER, CARC_FIGURE_PIG };
    for (size_t k = 0; k < COUNT_OF(without); k++) {
        g = new_game(f, 2, 36, without[k]);
        refuse_as(f, g, builder_pig, COUNT_OF(builder_pig), "not in play", false, __LINE__);
        refuse(f, g, &pass, CARC_EILLEGAL, "pass", __LINE__);
        carc_game_free(g);
    }
}

/* ------------------------------------------------------------ the Count */

/* A decision of the Count: every answer listed, played and taken back by
 * one undo, gives back the game as it was; a clone and a copy keep the
 * decision, and the record replays to it. */
static void decision_roundtrips(fx *f, carc_game *g)
{
    char *before = hz_fingerprint(g, HZ_FP_NO_ERROR);
    carc_pending pd = pending_now(g);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(f->list);
    carc_move *d = malloc(n * sizeof *d);
    assert_non_null(d);
    memcpy(d, carc_movelist_data(f->list), n * sizeof *d);
    for (size_t i = 0; i < n; i++) {
        uint32_t h0 = 0, h1 = 0;
        carc_history_entry e = SIZED(carc_history_entry);
        assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
        assert_int_equal(carc_game_play(g, &d[i]), CARC_OK);
        /* one history entry: the move, by the player asked */
        assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
        assert_true(h1 > h0);
        assert_int_equal(carc_game_history(&e, g, h0), CARC_OK);
        assert_int_equal(e.kind, CARC_HISTORY_PLACE);
        assert_int_equal(e.player, pd.player);
        assert_memory_equal(&e.move, &d[i], sizeof d[i]);
        assert_int_equal(carc_game_undo(g), CARC_OK);
        char *again = hz_fingerprint(g, HZ_FP_NO_ERROR);
        if (strcmp(before, again) != 0) {
            print_error("before:\n%s\nafter:\n%s\n", before, again);
            fail_msg("a decision of the Count + carc_game_undo changed the game");
        }
        free(again);
    }
    free(d);
    for (uint32_t fl = 0; fl < 2; fl++) {
        carc_game *c = NULL;
        assert_int_equal(carc_game_clone(&c, g, fl), CARC_OK);
        misuse_alike(TILE_GAME, c, g, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO);
        carc_game_free(c);
    }
    misuse_reloads(f, TILE_GAME, g, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO);
    free(before);
}

/* Asks of the Count's city: player `player` has `want` of `figure` in `quarter`. */
static void in_city(carc_game *g, uint32_t quarter, uint32_t player, uint32_t figure, uint32_t want)
{
    uint32_t u = 99;
    assert_int_equal(carc_game_city(&u, g, quarter, player, figure), CARC_OK);
    assert_int_equal(u, want);
}

static void count_at(carc_game *g, uint32_t want)
{
    uint32_t u = 99;
    assert_int_equal(carc_game_count(&u, g), CARC_OK);
    assert_int_equal(u, want);
}

static void score_is(carc_game *g, uint32_t player, int32_t want)
{
    int32_t sc = -1;
    assert_int_equal(carc_game_score(&sc, g, player), CARC_OK);
    assert_int_equal(sc, want);
}

static void supply_is(carc_game *g, uint32_t player, uint32_t want)
{
    uint32_t u = 99;
    assert_int_equal(carc_game_supply(&u, g, player), CARC_OK);
    assert_int_equal(u, want);
}

/* The Count (docs/rules.md section 8, rulings C-1..C-20;
 * the moves of tests/scenarios/count-*.scn): each refusal changes
 * nothing and says why; the decisions come and go as the rules say. */
static void count_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 201, F | CO);
    /* a follower into a quarter: not before a scoring gave an opponent points and the placer none */
    static const refusal_row before_trigger[] = {
        { "quarter castle", CARC_EILLEGAL, "does not answer" },
        { "count market", CARC_EILLEGAL, "must choose a place move" },
        { "exit castle 2 1 seg:0", CARC_EILLEGAL, "does not answer" },
    };
    refuse_rows(f, g, before_trigger, COUNT_OF(before_trigger), __LINE__);
    play_script(g, COC_TRIGGER, COUNT_OF(COC_TRIGGER));
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL);
    static const refusal_row quarter[] = {
        { "quarter big/castle", CARC_EILLEGAL, "no big follower in supply" },
        { "count market", CARC_EILLEGAL, "must choose a quarter (or pass)" },
        { "exit castle 0 2 seg:0", CARC_EILLEGAL, "does not answer" },
    };
    refuse_rows(f, g, quarter, COUNT_OF(quarter), __LINE__);
    {
        carc_move m; /* (its tile cannot be chosen now) */
        assert_int_equal(carc_move_parse(&m, "B 2 -1 0 -"), CARC_OK);
        refuse(f, g, &m, CARC_EILLEGAL, "does not answer", __LINE__);
    }
    decision_roundtrips(f, g);
    play_text(g, "quarter castle"); /* into the Count's own quarter (C-8) */
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL);
    in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 1);
    supply_is(g, 0, 6);
    static const refusal_row count[] = {
        { "count castle", CARC_EILLEGAL, "already stands on the castle" },
        { "quarter market", CARC_EILLEGAL, "does not answer" },
    };
    refuse_rows(f, g, count, COUNT_OF(count), __LINE__);
    decision_roundtrips(f, g);
    play_text(g, "count blacksmith");
    count_at(g, CARC_QUARTER_BLACKSMITH);
    assert_int_equal(pending_now(g).decision, CARC_DECISION_PLACE);
    assert_int_equal(pending_now(g).player, 1);
    /* undo: the Count back on the castle, his move asked again */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL);
    count_at(g, CARC_QUARTER_CASTLE);
    carc_game_free(g);

    /* moves out of the city before a scoring (count-final.scn, its first 4 moves) */
    g = new_game(f, 2, 202, F | CO);
    play_script(g, COC_FINAL, COUNT_OF(COC_FINAL));
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL);
    static const refusal_row exits[] = {
        { "exit market 3 1 seg:0", CARC_EILLEGAL, "the Count stands on the market" },
        { "exit blacksmith 3 1 seg:0", CARC_EILLEGAL, "has no follower in the blacksmith" },
        { "exit castle 3 1 big/seg:0", CARC_EILLEGAL, "has no big follower in the castle" },
        { "exit castle -2 1 seg:0", CARC_EILLEGAL, "this tile's scoring scores" }, /* CO/9's open cap */
        { "exit castle 0 2 seg:0", CARC_EILLEGAL, "this tile's scoring scores" },
        { "exit castle 9 9 seg:0", CARC_EILLEGAL, "no tile lies at (9,9)" },
        { "exit castle 3 1 seg:9", CARC_ERANGE, "has no segment 9" },
        { "quarter castle", CARC_EILLEGAL, "must choose a move out of the city (or pass)" },
    };
    refuse_rows(f, g, exits, COUNT_OF(exits), __LINE__);
    {
        carc_move m = text_move(g, "exit castle 3 1 seg:0");
        m.figure = CARC_FIGURE_ABBOT;
        refuse(f, g, &m, CARC_EINVAL, "a follower or the big follower", __LINE__);
        m.figure = CARC_FIGURE_FOLLOWER;
        m.quarter = 4;
        refuse(f, g, &m, CARC_EINVAL, "from a quarter (0..3)", __LINE__);
        m.quarter = CARC_QUARTER_CASTLE;
        m.tile = 5;
        refuse(f, g, &m, CARC_EINVAL, "tile and rotation 0", __LINE__);
        m = pass_move();
        m.segment = 0;
        refuse(f, g, &m, CARC_EINVAL, "a pass move sets no other field", __LINE__);
    }
    decision_roundtrips(f, g);
    /* out onto E's segment (not the city's root): the city scores for him */
    score_is(g, 0, 0);
    play_text(g, "exit castle 3 1 seg:0");
    in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 0);
    score_is(g, 0, 8);  /* CO/12 + F + E, F's pennant */
    supply_is(g, 0, 7); /* the knight and the follower from the city back home */
    /* player 1, the placer, had nobody in the city: not asked; he scored
     * nothing and player 0 did: a follower into the city? */
    expect_pending(g, CARC_DECISION_QUARTER, 1, CARC_PENDING_OPTIONAL);
    carc_game_free(g);

    /* the final round (count-final.scn with the big follower in the castle) */
    g = new_game(f, 2, 203, F | IN | CO);
    play_script(g, COC_FINAL_END, COUNT_OF(COC_FINAL_END));
    assert_int_equal(carc_game_end(g), CARC_OK);
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
    static const refusal_row final1[] = {
        { "exit market -1 2 seg:0", CARC_EILLEGAL, "the Count stands on the market" },
        { "exit cathedral 3 1 seg:0", CARC_EILLEGAL, "that is not complete" }, /* a city */
        { "exit castle -2 1 seg:0", CARC_EILLEGAL, "has no follower in the castle" },
        { "exit cathedral -1 2 big/seg:1", CARC_EILLEGAL, "has no big follower" },
        { "quarter castle", CARC_EILLEGAL, "does not answer" },
        { "count castle", CARC_EILLEGAL, "does not answer" },
    };
    refuse_rows(f, g, final1, COUNT_OF(final1), __LINE__);
    REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, kind_of("B")));
    decision_roundtrips(f, g);
    play_text(g, "exit cathedral -1 2 seg:1"); /* onto player 0's monk's monastery */
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
    static const refusal_row final0[] = {
        { "exit castle -2 1 seg:0", CARC_EILLEGAL, "has no follower in the castle" },
        { "exit castle -1 2 big/seg:1", CARC_EILLEGAL, "goes to a city" },
    };
    refuse_rows(f, g, final0, COUNT_OF(final0), __LINE__);
    play_text(g, "exit castle -2 1 big/seg:0"); /* CO/9's cap city, open */
    assert_true(hz_over(g)); /* player 1 has only the market's follower, under the Count: out; then player 0 */
    score_is(g, 0, 18);      /* as in count-final.scn: a big follower scores as a follower alone */
    score_is(g, 1, 9);
    in_city(g, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER, 1); /* left in the city: 0 points (C-14) */
    carc_game_free(g);

    /* the variant coc-final market (C-12): at the end only the market's followers leave, onto fields */
    {
        carc_game_options o;
        carc_game *v = NULL;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.modules = F | IN | CO;
        o.variants = CARC_VARIANT_COC_FINAL_MARKET;
        o.allocator = &f->a;
        assert_int_equal(carc_game_new(&v, &o), CARC_OK);
        for (size_t i = 0; i < COUNT_OF(COC_FINAL_END); i++)
            play_text(v, strcmp(COC_FINAL_END[i], "count market") ? COC_FINAL_END[i] : "count blacksmith");
        assert_int_equal(carc_game_end(v), CARC_OK);
        expect_pending(v, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
        refuse_text(f, v, "exit cathedral -1 2 seg:1", CARC_EILLEGAL, "variant coc-final market", __LINE__);
        assert_int_equal(carc_game_legal_moves(f->list, v, 0), CARC_OK);
        for (size_t i = 0; i + 1 < carc_movelist_count(f->list); i++) {
            carc_move m = carc_movelist_data(f->list)[i], t;
            assert_int_equal(m.kind, CARC_MOVE_EXIT);
            assert_int_equal(m.quarter, CARC_QUARTER_MARKET);
            assert_int_equal(carc_game_tile_at(&t, v, m.x, m.y), CARC_OK);
            assert_int_equal(seg_kind_of(t.tile, t.rotation, m.segment), CARC_SEG_FIELD);
        }
        decision_roundtrips(f, v);
        carc_game_free(v);
    }
    /* the market without farmers: nobody leaves it (fields never score) */
    g = new_game(f, 2, 204, CO);
    play_script(g, COC_TRIGGER, COUNT_OF(COC_TRIGGER));
    play_text(g, "quarter market");
    play_text(g, "pass");
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(hz_over(g)); /* nobody may move out: no final round */
    in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_FOLLOWER, 1);
    carc_game_free(g);
}

void misuse_module_rules(fx *f)
{
    river_rules(f);
    abbot_rules(f);
    inns_rules(f);
    traders_rules(f);
    count_rules(f);
}
