/* SPDX-License-Identifier: MIT */
/*
 * engine.api (api.h): the Count of Carcassonne's decisions through the API
 * (docs/rules.md 8.3-8.6): a follower into the city, the Count's move, the
 * moves out of the city and their order, an early end among them, the final
 * round, the rule variants; from the scenarios of tests/scenarios/count-*.scn.
 */
#include "api.h"

static carc_move parse_move(const char *text)
{
    carc_move m;
    carc_status s = carc_move_parse(&m, text);
    if (s != CARC_OK)
        fail_msg("\"%s\": %s", text, carc_status_name(s));
    return m;
}

/* Play `text` (the move notation); a place move draws its tile first. */
static void play_text(carc_game *g, const char *text)
{
    carc_move m = parse_move(text);
    if (m.kind == CARC_MOVE_PLACE)
        assert_int_equal(carc_game_choose_tile(g, m.tile), CARC_OK);
    carc_status s = carc_game_play(g, &m);
    if (s != CARC_OK)
        fail_msg("\"%s\": %s (%s)", text, carc_status_name(s), carc_game_last_error(g));
}

static void play_texts(carc_game *g, const char *const *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        play_text(g, moves[i]);
}

static const char *const DECISION_NAME[] = { "none", "place", "exit", "quarter", "count" };

/* The decision pending: its kind, player, flags and part (tile 0 but for a
 * place decision). */
static void expect_pending(const carc_game *g, uint32_t decision, uint32_t player, uint32_t flags, uint32_t part)
{
    carc_pending p = pending_of(g);
    if (p.decision != decision || p.player != player || p.flags != flags || p.part != part)
        fail_msg("pending: %s by %u, flags %#x, part %u; expected %s by %u, flags %#x, part %u",
                 p.decision < 5 ? DECISION_NAME[p.decision] : "?", p.player, p.flags, p.part,
                 DECISION_NAME[decision], player, flags, part);
    if (decision != CARC_DECISION_PLACE)
        assert_int_equal(p.tile, 0);
    if (decision != CARC_DECISION_NONE) {
        uint32_t cur = 99;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, player); /* the one who must decide */
    }
}

static int32_t score_of(const carc_game *g, uint32_t player)
{
    int32_t s = -1;
    assert_int_equal(carc_game_score(&s, g, player), CARC_OK);
    return s;
}

/* The legal moves are exactly `want` (in the move notation), in that order. */
static void expect_legal(const carc_game *g, carc_movelist *ml, const char *const *want, size_t n)
{
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    size_t got = carc_movelist_count(ml);
    for (size_t i = 0; i < got || i < n; i++) {
        char buf[64] = "(none)";
        if (i < got)
            assert_int_equal(carc_move_format(buf, sizeof buf, NULL, &carc_movelist_data(ml)[i]), CARC_OK);
        if (i >= n || strcmp(buf, want[i]) != 0)
            fail_msg("legal move %zu: \"%s\", expected \"%s\" (%zu listed, %zu expected)", i, buf,
                     i < n ? want[i] : "(none)", got, n);
        assert_int_equal(carc_game_check_move(g, &carc_movelist_data(ml)[i]), CARC_OK);
    }
    /* the unique-rotation flag changes nothing here */
    carc_movelist *ul = NULL;
    assert_int_equal(carc_movelist_new(&ul, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
    assert_int_equal(carc_movelist_count(ul), got);
    if (got)
        assert_memory_equal(carc_movelist_data(ul), carc_movelist_data(ml), got * sizeof(carc_move));
    carc_movelist_free(ul);
}

/* Play one decision `text` and check it is one undo unit and one history
 * entry (a move of the player asked): undo gives back the state before it
 * exactly, playing it again the state after it; a clone, a clone without
 * history and a copy into a game of other players and modules, taken before
 * it, play it the same. */
static void decide(carc_game *g, const char *text)
{
    carc_move m = parse_move(text);
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    uint32_t hist = 0, hist2 = 0;
    assert_int_equal(carc_game_history_count(&hist, g), CARC_OK);
    carc_game *before = NULL, *light = NULL, *copy = tu_new_game_with(5, 3, CARC_MODULE_INNS | CARC_MODULE_ABBOT);
    assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
    assert_int_equal(carc_game_clone(&light, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    assert_int_equal(carc_game_copy(copy, g, 0), CARC_OK);
    assert_true(state_equal(copy, g));
    carc_status s = carc_game_play(g, &m);
    if (s != CARC_OK)
        fail_msg("\"%s\": %s (%s)", text, carc_status_name(s), carc_game_last_error(g));
    assert_int_equal(carc_game_history_count(&hist2, g), CARC_OK);
    carc_history_entry he = { .struct_size = sizeof he };
    assert_int_equal(carc_game_history(&he, g, hist), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_PLACE);
    assert_int_equal(he.player, p.player);
    assert_memory_equal(&he.move, &m, sizeof m);
    /* nothing but the move, or the discards of the tiles left when it ends the game */
    for (uint32_t i = hist + 1; i < hist2; i++) {
        carc_history_entry de = { .struct_size = sizeof de };
        assert_int_equal(carc_game_history(&de, g, i), CARC_OK);
        assert_int_equal(de.kind, CARC_HISTORY_DISCARD);
        assert_true(tu_over(g));
    }
    assert_true(hist2 >= hist + 1);
    carc_game *after = NULL;
    assert_int_equal(carc_game_clone(&after, g, 0), CARC_OK);
    assert_int_equal(carc_game_play(light, &m), CARC_OK);
    assert_int_equal(carc_game_play(copy, &m), CARC_OK);
    assert_true(state_equal(light, g));
    assert_true(state_equal(copy, g));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, before));
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_true(state_equal(g, after));
    /* the clone without history undoes that decision, and no further */
    assert_int_equal(carc_game_undo(light), CARC_OK);
    assert_true(state_equal(light, before));
    assert_int_equal(carc_game_undo(light), CARC_ENO_UNDO);
    carc_game_free(before);
    carc_game_free(after);
    carc_game_free(light);
    carc_game_free(copy);
}

/* An exit move: `figure` from quarter q to segment seg of the tile at (x, y). */
static carc_move exit_move(uint32_t q, int32_t x, int32_t y, uint8_t figure, uint8_t seg)
{
    carc_move m = { x, y, 0, 0, figure, seg, CARC_MOVE_EXIT, (uint8_t)q, 0 };
    return m;
}

/* docs/rules.md 8.3-8.5 through the API, from the scenario
 * tests/scenarios/count-trigger.scn (2 players):
 *   P0 B (2,0); P1 U (0,2) thief on CO/11's road; P0 A (0,3) closes it: 3 to
 *   P1, 0 to P0: P0 may put a follower into a quarter (QUARTER), then move
 *   the Count (COUNT);
 *   P1 B (-1,2); P0 B (2,-1); P1 F (2,1) knight on CO/12's cap city; P0 E
 *   (3,1) closes it: before the scoring P0 may bring his castle follower out
 *   onto it (EXIT).
 * Each decision: the pending state, the legal moves and their order, what
 * check_move refuses (and play leaves unchanged), one undo unit restoring
 * the state exactly, clone and copy in the middle; tile choice refused. */
static const char *const TRIGGER[] = { "B 2 0 0 -", "U 0 2 0 road:N", "A 0 3 180 -" };

static const char *const TRIGGER2[] = { "B -1 2 0 -", "B 2 -1 0 -", "F 2 1 0 city:E", "E 3 1 270 -" };

/* A tile choice is refused while a decision of the Count is pending. */
static void no_tile_choice(carc_game *g)
{
    uint32_t k = UINT32_MAX;
    for (uint32_t i = 0; i < carc_tile_kind_count() && k == UINT32_MAX; i++) {
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining_of(&left, g, i), CARC_OK);
        if (left)
            k = i;
    }
    assert_true(k != UINT32_MAX);
    snap(g);
    assert_int_equal(carc_game_choose_tile(g, k), CARC_EILLEGAL);
    assert_non_null(strstr(carc_game_last_error(g), "Count"));
    unchanged(g);
}

/* Whether (x, y) segment seg is on feature f. */
static bool on_feature(const carc_game *g, int32_t x, int32_t y, uint32_t seg, uint32_t f)
{
    uint32_t h = UINT32_MAX;
    return carc_game_feature_at(&h, g, x, y, seg) == CARC_OK && h == f;
}

static void count_decisions(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CO_MODS);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    expect_pending(g, CARC_DECISION_PLACE, 0, 0, 1);
    /* no Count decision is taken before one is asked */
    refused(g, parse_move("quarter castle"), CARC_EILLEGAL, NULL);
    refused(g, parse_move("count market"), CARC_EILLEGAL, NULL);
    refused(g, exit_move(CARC_QUARTER_CASTLE, 1, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, NULL);
    play_texts(g, TRIGGER, 3);
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(score_of(g, 1), 3);

    /* QUARTER: the placer, optional; a follower into each quarter, then the pass */
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "quarter castle", "quarter market", "quarter blacksmith",
                                            "quarter cathedral", "pass" };
        expect_legal(g, ml, want, 5);
    }
    no_tile_choice(g);
    {
        static const move_change quarter[] = {
            { CARC_EILLEGAL, "big follower", { SET(FIGURE, CARC_FIGURE_BIG) } }, /* none without Inns & Cathedrals */
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_NONE) } },
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_ABBOT) } },
            { CARC_EINVAL, NULL, { SET(QUARTER, 4) } },
            { CARC_EINVAL, NULL, { SET(SEGMENT, 0) } },
            { CARC_EINVAL, NULL, { SET(X, 1) } },
            { CARC_EINVAL, NULL, { SET(TILE, 1) } },
            { CARC_EINVAL, NULL, { SET(RESERVED, 1) } },
            { CARC_EINVAL, NULL, { SET(KIND, 5) } },
        };
        static const move_change pass_with[] = {
            { CARC_EINVAL, NULL, { SET(QUARTER, 1) } },
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_FOLLOWER) } },
        };
        refused_changes(g, parse_move("quarter castle"), quarter, COUNT_OF(quarter));
        refused(g, parse_move("count market"), CARC_EILLEGAL, "or pass");
        refused(g, exit_move(CARC_QUARTER_CASTLE, 0, 3, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "or pass");
        refused(g, parse_move("B 1 2 0 -"), CARC_EILLEGAL, NULL);
        refused_changes(g, tu_pass_move(), pass_with, COUNT_OF(pass_with));
        /* the move placing no tile: no figure options for it */
        carc_movelist *fl = NULL;
        assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
        carc_move place = parse_move("B 1 2 0 -");
        assert_int_equal(carc_game_figure_options(fl, g, &place), CARC_EILLEGAL);
        carc_movelist_free(fl);
    }
    /* the pass: no Count decision, the next player places */
    {
        carc_game *mid = NULL;
        assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
        decide(g, "pass");
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_true(state_equal(g, mid));
        carc_game_free(mid);
    }
    uint32_t sup = 0;
    decide(g, "quarter castle");
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(carc_game_supply(&sup, g, 0), CARC_OK);
    assert_int_equal(sup, 6);

    /* COUNT: the same player, optional; the three other quarters, then the pass */
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "count market", "count blacksmith", "count cathedral", "pass" };
        expect_legal(g, ml, want, 4);
    }
    no_tile_choice(g);
    refused(g, parse_move("count castle"), CARC_EILLEGAL, "castle");
    static const move_change count[] = {
        { CARC_EINVAL, NULL, { SET(QUARTER, 4) } },
        { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_FOLLOWER) } },
        { CARC_EINVAL, NULL, { SET(SEGMENT, 0) } },
        { CARC_EINVAL, NULL, { SET(Y, -1) } },
    };
    refused_changes(g, parse_move("count market"), count, COUNT_OF(count));
    refused(g, parse_move("quarter castle"), CARC_EILLEGAL, "or pass");
    {
        /* a pass leaves the Count on the castle */
        carc_game *mid = NULL;
        assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
        decide(g, "pass");
        assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_true(state_equal(g, mid));
        carc_game_free(mid);
    }
    decide(g, "count blacksmith");
    assert_int_equal(count_at(g), CARC_QUARTER_BLACKSMITH);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 1);
    }
    play_texts(g, TRIGGER2, 4);

    /* EXIT: before the city CO/12 + F + E scores; P1 (asked first) has
     * nobody in the city: P0, the placer, last; optional */
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(score_of(g, 1), 3); /* not scored yet */
    uint32_t city = UINT32_MAX;
    {
        carc_feature_info fe = feature_of(g, 3, 1, 0, &city);
        assert_int_equal(fe.kind, CARC_SEG_CITY);
        assert_int_equal(fe.complete, 1);
        assert_int_equal(fe.tiles, 3);
        assert_int_equal(fe.figures, 1);
        /* one exit: the castle's follower onto that city (on its root segment), then the pass */
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_int_equal(carc_movelist_count(ml), 2);
        carc_move e = carc_movelist_data(ml)[0];
        assert_int_equal(e.kind, CARC_MOVE_EXIT);
        assert_int_equal(e.quarter, CARC_QUARTER_CASTLE);
        assert_int_equal(e.figure, CARC_FIGURE_FOLLOWER);
        assert_int_equal(e.tile, 0);
        assert_int_equal(e.rotation, 0);
        assert_true(on_feature(g, e.x, e.y, e.segment, city));
        carc_move pass = tu_pass_move();
        assert_memory_equal(&carc_movelist_data(ml)[1], &pass, sizeof pass);
    }
    no_tile_choice(g);
    /* an exit onto any segment of the city is accepted, onto no other */
    {
        uint32_t nt = 0, accepted = 0;
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        for (uint32_t i = 0; i < nt; i++) {
            carc_move t;
            uint32_t nseg = tu_board_tile(g, i, &t);
            for (uint32_t s = 0; s < nseg; s++) {
                carc_move e = exit_move(CARC_QUARTER_CASTLE, t.x, t.y, CARC_FIGURE_FOLLOWER, (uint8_t)s);
                bool want = on_feature(g, t.x, t.y, s, city);
                carc_status st = carc_game_check_move(g, &e);
                if ((st == CARC_OK) != want)
                    fail_msg("exit castle onto (%d,%d) segment %u: %s", (int)t.x, (int)t.y, s, carc_status_name(st));
                accepted += want;
                if (!want && i % 3 == 0)
                    refused(g, e, CARC_EILLEGAL, NULL); /* a city not scored now, a road, a field ... */
            }
        }
        assert_int_equal(accepted, 3); /* CO/12, F and E: one city segment each */
    }
    {
        carc_move e = exit_move(CARC_QUARTER_CASTLE, 3, 1, CARC_FIGURE_FOLLOWER, 0);
        assert_int_equal(carc_game_check_move(g, &e), CARC_OK);
        const move_change exits[] = {
            { CARC_EILLEGAL, "market", { SET(QUARTER, CARC_QUARTER_MARKET) } }, /* nobody of his there */
            { CARC_EILLEGAL, "Count", { SET(QUARTER, CARC_QUARTER_BLACKSMITH) } }, /* the Count's quarter */
            { CARC_EILLEGAL, NULL, { SET(QUARTER, CARC_QUARTER_CATHEDRAL) } },
            { CARC_EINVAL, NULL, { SET(QUARTER, 4) } },
            { CARC_EILLEGAL, "big follower", { SET(FIGURE, CARC_FIGURE_BIG) } }, /* he has no big follower there */
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_NONE) } },
            { CARC_EINVAL, NULL, { SET(FIGURE, CARC_FIGURE_ABBOT) } },
            { CARC_EINVAL, NULL, { SET(TILE, tu_tile("E")) } }, /* an exit names no tile */
            { CARC_EINVAL, NULL, { SET(ROTATION, 3) } },
            { CARC_EINVAL, NULL, { SET(RESERVED, 2) } },
            { CARC_ERANGE, NULL, { SET(SEGMENT, 7) } }, /* E has two segments */
            { CARC_ERANGE, NULL, { SET(SEGMENT, CARC_NO_SEGMENT) } },
            { CARC_EILLEGAL, NULL, { SET(X, 9) } },     /* no tile there */
            { CARC_EILLEGAL, NULL, { SET(SEGMENT, 1) } }, /* E's field */
        };
        refused_changes(g, e, exits, COUNT_OF(exits));
        /* CO/9's cap: a city, but not scored now */
        refused(g, exit_move(CARC_QUARTER_CASTLE, -2, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, NULL);
        refused(g, parse_move("quarter castle"), CARC_EILLEGAL, "or pass");
        refused(g, parse_move("count market"), CARC_EILLEGAL, "or pass");
        refused(g, parse_move("E 4 1 270 -"), CARC_EILLEGAL, NULL);
    }
    /* the exit: his follower on the city, strength against P1's knight: both score 8 */
    {
        carc_game *mid = NULL;
        assert_int_equal(carc_game_clone(&mid, g, 0), CARC_OK);
        carc_move e = exit_move(CARC_QUARTER_CASTLE, 2, 1, CARC_FIGURE_FOLLOWER, 0); /* F's city: any segment */
        char text[64];
        assert_int_equal(carc_move_format(text, sizeof text, NULL, &e), CARC_OK);
        assert_string_equal(text, "exit castle 2 1 seg:0");
        decide(g, text);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
        assert_int_equal(score_of(g, 0), 8);
        assert_int_equal(score_of(g, 1), 11);
        /* he scored: no follower into the city; P1 to place; every follower home */
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(carc_game_supply(&sup, g, 0), CARC_OK);
        assert_int_equal(sup, 7);
        assert_int_equal(carc_game_supply(&sup, g, 1), CARC_OK);
        assert_int_equal(sup, 7);
        {
            /* the exit's follower stood on the city when it scored: both in the score event */
            uint32_t ne = 0;
            assert_int_equal(carc_game_event_count(&ne, g), CARC_OK);
            carc_event ev = { .struct_size = sizeof ev };
            assert_int_equal(carc_game_event(&ev, g, ne - 1), CARC_OK);
            assert_int_equal(ev.kind, CARC_EVENT_SCORE);
            assert_int_equal(ev.players, 3u);
            assert_int_equal(ev.returned, 2);
            assert_int_equal(ev.points, 8);
        }
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_true(state_equal(g, mid));
        carc_game_free(mid);
    }
    /* the pass: P1 alone scores 8; P0 scored nothing: QUARTER again */
    decide(g, "pass");
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(score_of(g, 1), 11);
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    /* into the Count's own quarter (C-8) */
    decide(g, "quarter blacksmith");
    assert_int_equal(in_city(g, CARC_QUARTER_BLACKSMITH, 0, CARC_FIGURE_FOLLOWER), 1);
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "count castle", "count market", "count cathedral", "pass" };
        expect_legal(g, ml, want, 3 + 1);
    }
    decide(g, "count castle");
    assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    assert_int_equal(carc_game_supply(&sup, g, 0), CARC_OK);
    assert_int_equal(sup, 5);
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* The big follower (Inns & Cathedrals) into and out of the city (C-17): the
 * quarter moves list the follower then the big follower per quarter; out of
 * the city it counts 2 and returns to supply after the scoring. */
static void count_big_follower(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CO_MODS | CARC_MODULE_INNS);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    play_texts(g, TRIGGER, 3);
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
    {
        static const char *const want[] = { "quarter castle",     "quarter big/castle",     "quarter market",
                                            "quarter big/market", "quarter blacksmith",     "quarter big/blacksmith",
                                            "quarter cathedral",  "quarter big/cathedral",  "pass" };
        expect_legal(g, ml, want, 9);
    }
    decide(g, "quarter big/castle");
    uint32_t u = 9;
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_BIG), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
    assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_BIG), 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_supply(&u, g, 0), CARC_OK);
    assert_int_equal(u, 7);
    decide(g, "count blacksmith");
    play_texts(g, TRIGGER2, 4);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_int_equal(carc_movelist_count(ml), 2);
    assert_int_equal(carc_movelist_data(ml)[0].figure, CARC_FIGURE_BIG);
    assert_int_equal(carc_movelist_data(ml)[1].kind, CARC_MOVE_PASS);
    refused(g, exit_move(CARC_QUARTER_CASTLE, 3, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "follower");
    decide(g, "exit castle 3 1 big/seg:0");
    /* 2 against P1's knight: P0 alone scores the 8 */
    assert_int_equal(score_of(g, 0), 8);
    assert_int_equal(score_of(g, 1), 3);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(u, 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_BIG), 0);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* The order of exits (C-11), from count-exit-order.scn (3 players): from the
 * placer's left, the placer last, only players with a legal exit; once a
 * player has none left the next is asked without his pass. */
static const char *const EXIT_ORDER[] = { "B 2 0 0 -",     "U 0 2 0 road:N", "A 0 3 180 -", "quarter castle",
                                          "count market",  "B -1 2 0 -",     "U 1 -2 0 road:S", "B 2 -1 0 -",
                                          "A 1 -3 0 -",    "quarter castle", "pass",          "E 2 1 270 -" };

static void count_exit_order(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(3, 8, CO_MODS);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    play_texts(g, EXIT_ORDER, sizeof EXIT_ORDER / sizeof EXIT_ORDER[0]);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 2, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(count_at(g), CARC_QUARTER_MARKET);
    /* P1 placed E: P2 (his left) first */
    expect_pending(g, CARC_DECISION_EXIT, 2, CARC_PENDING_OPTIONAL, 1);
    {
        /* the player to move is the one asked (the turn is still the placer's) */
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 2);
    }
    /* P2's castle follower onto the city CO/12 + E, then the pass */
    {
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_int_equal(carc_movelist_count(ml), 2);
        carc_move e = carc_movelist_data(ml)[0];
        uint32_t f = UINT32_MAX;
        assert_int_equal(carc_game_feature_at(&f, g, 2, 1, 0), CARC_OK);
        assert_true(on_feature(g, e.x, e.y, e.segment, f));
        assert_int_equal(e.quarter, CARC_QUARTER_CASTLE);
        assert_int_equal(carc_movelist_data(ml)[1].kind, CARC_MOVE_PASS);
    }
    carc_game *start = NULL;
    assert_int_equal(carc_game_clone(&start, g, 0), CARC_OK);
    /* P2 exits: he has none left, P0 is asked (no pass of P2's in the history) */
    decide(g, "exit castle 2 1 seg:0");
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 0);
    }
    decide(g, "exit castle 1 1 seg:0");
    /* P1, the placer, has nobody in the city: scoring; 4 each to P2 and P0; P1 none: QUARTER */
    expect_pending(g, CARC_DECISION_QUARTER, 1, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(score_of(g, 0), 4);
    assert_int_equal(score_of(g, 1), 6);
    assert_int_equal(score_of(g, 2), 4);
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_PLACE, 2, 0, 1);
    {
        uint32_t h = 0;
        carc_history_entry he = { .struct_size = sizeof he };
        assert_int_equal(carc_game_history_count(&h, g), CARC_OK);
        static const uint32_t KIND[4] = { CARC_MOVE_PLACE, CARC_MOVE_EXIT, CARC_MOVE_EXIT, CARC_MOVE_PASS };
        static const uint32_t WHO[4] = { 1, 2, 0, 1 };
        for (uint32_t i = 0; i < 4; i++) {
            assert_int_equal(carc_game_history(&he, g, h - 4 + i), CARC_OK);
            assert_int_equal(he.kind, CARC_HISTORY_PLACE);
            assert_int_equal(he.move.kind, KIND[i]);
            assert_int_equal(he.player, WHO[i]);
        }
    }
    /* undo all three: the exits pending again, exactly */
    for (int i = 0; i < 3; i++)
        assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, start));
    /* P2 passes: P0 asked; P0 passes: the empty city scores for nobody, nobody scored: P2 places */
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_PLACE, 2, 0, 1);
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(score_of(g, 2), 0);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 2, CARC_FIGURE_FOLLOWER), 1);
    /* undo: the state of the exits; the place move undone: the state before it */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, start));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
    carc_movelist_free(ml);
    carc_game_free(start);
    carc_game_free(g);
}

/* carc_game_end in the middle of the Count's decisions: the part's pending
 * decisions are declined (a pass entry each, the scoring happens), an END
 * entry, then the final round when anybody can leave the city; in the
 * final round carc_game_end declines the rest and scores. Undo takes each
 * back exactly. */
static void count_early_end(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 3, CO_MODS);
    carc_game *at_quarter = NULL, *at_count = NULL, *at_exit = NULL, *at_final = NULL;
    play_texts(g, TRIGGER, 3);
    assert_int_equal(carc_game_clone(&at_quarter, g, 0), CARC_OK);
    uint32_t h0 = 0, h1 = 0;
    carc_history_entry he = { .struct_size = sizeof he };

    /* during QUARTER: nobody is in the city: final scoring at once */
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(tu_over(g));
    expect_pending(g, CARC_DECISION_NONE, 0, 0, 0);
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_int_equal(h1, h0 + 2);
    assert_int_equal(carc_game_history(&he, g, h0), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_PLACE);
    assert_int_equal(he.move.kind, CARC_MOVE_PASS);
    assert_int_equal(he.player, 0);
    assert_int_equal(carc_game_history(&he, g, h0 + 1), CARC_OK);
    assert_int_equal(he.kind, CARC_HISTORY_END);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 0);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_quarter));

    /* during COUNT: P0's castle follower may leave in the final round (P1,
     * after the last placer, has nobody: out) */
    play_text(g, "quarter castle");
    assert_int_equal(carc_game_clone(&at_count, g, 0), CARC_OK);
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    /* the Count stays on the castle, whose followers never leave: nobody can
     * leave the city, no final round; the follower left there scores nothing */
    assert_true(tu_over(g));
    assert_int_equal(count_at(g), CARC_QUARTER_CASTLE);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_int_equal(h1, h0 + 2); /* the pass of the Count's move, the end */
    assert_int_equal(carc_game_history(&he, g, h0), CARC_OK);
    assert_int_equal(he.move.kind, CARC_MOVE_PASS);
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_count));

    /* during EXIT (mid-turn): P0's exit declined, the city scores 8 to P1,
     * P0's follower into the city declined; the final round: P0 (P1 out) */
    play_text(g, "count blacksmith");
    play_texts(g, TRIGGER2, 4);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL, 1);
    assert_int_equal(carc_game_clone(&at_exit, g, 0), CARC_OK);
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    assert_int_equal(h1, h0 + 3);
    static const uint32_t KIND[3] = { CARC_HISTORY_PLACE, CARC_HISTORY_PLACE, CARC_HISTORY_END };
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(carc_game_history(&he, g, h0 + i), CARC_OK);
        assert_int_equal(he.kind, KIND[i]);
        if (he.kind == CARC_HISTORY_PLACE) {
            assert_int_equal(he.move.kind, CARC_MOVE_PASS);
            assert_int_equal(he.player, 0);
        }
    }
    assert_int_equal(score_of(g, 1), 11);
    assert_int_equal(score_of(g, 0), 0);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    assert_false(tu_over(g));
    {
        /* the castle (the Count is on the blacksmith) to the one incomplete city: CO/9's cap */
        carc_movelist *ml = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        static const char *const want[] = { "exit castle -2 1 seg:0", "pass" };
        expect_legal(g, ml, want, 2);
        carc_movelist_free(ml);
    }
    no_tile_choice(g);
    assert_int_equal(carc_game_clone(&at_final, g, 0), CARC_OK);
    /* the end again, in the final round: the rest declined, final scoring */
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(tu_over(g));
    expect_pending(g, CARC_DECISION_NONE, 0, 0, 0);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1); /* scores nothing (C-14) */
    assert_int_equal(score_of(g, 0), 0);
    assert_int_equal(carc_game_end(g), CARC_OK); /* over: nothing to do */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_final));
    /* the exit instead: CO/9's cap city (1 tile) scores 1 for him at the end */
    decide(g, "exit castle -2 1 seg:0");
    assert_true(tu_over(g));
    assert_int_equal(score_of(g, 0), 1);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_final));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, at_exit));
    carc_game_free(at_quarter);
    carc_game_free(at_count);
    carc_game_free(at_exit);
    carc_game_free(at_final);
    carc_game_free(g);
}

/* carc_game_end while the Count's decisions of the last tile's part are
 * pending: it declines them as passes do (docs/ARCHITECTURE.md), and then
 * the final round of moves out of the city takes place as after the passes
 * (docs/rules.md 8.6: before final scoring) -- it is not declined too.
 * The position: the first seeded game (a bot that puts followers on roads
 * and cities, and into the city whenever it may) whose last tile leaves a
 * decision of the Count pending and whose final round, after passes, asks
 * somebody. */
static void count_end_at_last_tile(void **state)
{
    (void)state;
    carc_movelist *ml = NULL;
    bool found = false;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        carc_game *g = tu_new_game_with(2 + (uint32_t)(seed % 3), seed, CO_MODS);
        if (!ml)
            assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        uint64_t rng = seed * 31 + 7;
        while (!tu_over(g) && !found) {
            carc_pending p = { .struct_size = sizeof p };
            assert_int_equal(carc_game_pending(&p, g), CARC_OK);
            uint32_t left = 1;
            assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
            if (p.decision >= CARC_DECISION_EXIT && !(p.flags & CARC_PENDING_FINAL) && left == 0) {
                /* the passes: the final round begins by itself */
                carc_game *passed = NULL;
                assert_int_equal(carc_game_clone(&passed, g, 0), CARC_OK);
                carc_pending q = p;
                while (q.decision >= CARC_DECISION_EXIT && !(q.flags & CARC_PENDING_FINAL)) {
                    carc_move pass = tu_pass_move();
                    assert_int_equal(carc_game_play(passed, &pass), CARC_OK);
                    q.struct_size = sizeof q;
                    assert_int_equal(carc_game_pending(&q, passed), CARC_OK);
                }
                if (q.decision == CARC_DECISION_EXIT) {
                    found = true;
                    assert_int_equal(carc_game_end(g), CARC_OK);
                    carc_pending e = { .struct_size = sizeof e };
                    assert_int_equal(carc_game_pending(&e, g), CARC_OK);
                    if (e.decision != CARC_DECISION_EXIT)
                        fail_msg("seed %u: carc_game_end at the last tile's %s decision: %s; after passes the final "
                                 "round asks player %u",
                                 (unsigned)seed, DECISION_NAME[p.decision],
                                 tu_over(g) ? "the game is over, no final round" : "no final round", q.player);
                    assert_int_equal(e.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
                    assert_int_equal(e.player, q.player);
                }
                carc_game_free(passed);
                if (found)
                    break;
            }
            assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
            const carc_move *d = carc_movelist_data(ml);
            size_t n = carc_movelist_count(ml), pick = tu_rand(&rng) % n;
            if (p.decision == CARC_DECISION_QUARTER)
                pick = 0;
            else if (p.decision == CARC_DECISION_PLACE)
                pick = on_road_or_city(d, n, pick);
            carc_move m = d[pick];
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        carc_game_free(g);
    }
    carc_movelist_free(ml);
    assert_true(found);
}

/* The final round (docs/rules.md 8.6, C-12..C-14), from count-final.scn with
 * the Abbot and one more tile, a garden (U.g) by P1: round robin from the
 * player after the last placer (P0), one exit a go; castle -> an incomplete
 * city, cathedral -> an incomplete monastery, never a garden; the Count's
 * quarter (the market) never opens; a pass is final. */
static const char *const FINAL[] = { "F 2 1 0 city:E",   "U 0 2 0 road:N",      "A 0 3 180 -",   "quarter castle",
                                     "count market",     "E 3 1 270 -",         "pass",          "quarter cathedral",
                                     "pass",             "U 1 -2 0 road:S",     "A 1 -3 0 -",    "quarter market",
                                     "pass",             "B -1 2 0 cloister",   "U.g 0 4 90 -" };

static void count_final_round(void **state)
{
    (void)state;
    carc_game *g = tu_new_game_with(2, 4, CO_MODS | CARC_MODULE_ABBOT);
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    play_texts(g, FINAL, sizeof FINAL / sizeof FINAL[0]);
    assert_int_equal(score_of(g, 0), 11);
    assert_int_equal(score_of(g, 1), 3);
    assert_int_equal(count_at(g), CARC_QUARTER_MARKET);
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_CATHEDRAL, 1, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER), 1);
    expect_pending(g, CARC_DECISION_PLACE, 0, 0, 1);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_false(tu_over(g));
    carc_game *start = NULL;
    assert_int_equal(carc_game_clone(&start, g, 0), CARC_OK);
    /* P1 placed the last tile: P0 first; castle -> CO/9's cap, the one incomplete city */
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    {
        static const char *const want[] = { "exit castle -2 1 seg:0", "pass" };
        expect_legal(g, ml, want, 2);
    }
    refused(g, exit_move(CARC_QUARTER_CASTLE, 3, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "not complete");
    decide(g, "exit castle -2 1 seg:0");
    /* P1: the cathedral -> the monasteries of the A at (0,3), the A at (1,-3)
     * and the B at (-1,2), not the garden of U.g; the market under the Count
     * stays shut */
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    assert_int_equal(carc_movelist_count(ml), 4);
    uint32_t mons = 0;
    for (size_t i = 0; i < 3; i++) {
        carc_move e = carc_movelist_data(ml)[i];
        assert_int_equal(e.kind, CARC_MOVE_EXIT);
        assert_int_equal(e.quarter, CARC_QUARTER_CATHEDRAL);
        carc_move t;
        assert_int_equal(carc_game_tile_at(&t, g, e.x, e.y), CARC_OK);
        carc_segment_info si = { .struct_size = sizeof si };
        assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, e.segment), CARC_OK);
        assert_int_equal(si.kind, CARC_SEG_MONASTERY);
        mons |= (e.x == 0 && e.y == 3) ? 1u : (e.x == -1 && e.y == 2) ? 2u : (e.x == 1 && e.y == -3) ? 4u : 8u;
    }
    assert_int_equal(mons, 7u);
    assert_int_equal(carc_movelist_data(ml)[3].kind, CARC_MOVE_PASS);
    {
        /* the garden of U.g at (0,4) */
        carc_move t;
        uint32_t nseg = 0, garden = CARC_NO_SEGMENT;
        assert_int_equal(carc_game_tile_at(&t, g, 0, 4), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, s), CARC_OK);
            if (si.kind == CARC_SEG_GARDEN)
                garden = s;
        }
        assert_int_not_equal(garden, CARC_NO_SEGMENT);
        refused(g, exit_move(CARC_QUARTER_CATHEDRAL, 0, 4, CARC_FIGURE_FOLLOWER, (uint8_t)garden), CARC_EILLEGAL,
                NULL);
        /* the market: under the Count (onto field A) */
        refused(g, exit_move(CARC_QUARTER_MARKET, -2, -1, CARC_FIGURE_FOLLOWER, 1), CARC_EILLEGAL, "Count");
        /* the castle: P1 has nobody there */
        refused(g, exit_move(CARC_QUARTER_CASTLE, -2, 1, CARC_FIGURE_FOLLOWER, 0), CARC_EILLEGAL, "castle");
    }
    carc_game *p1 = NULL;
    assert_int_equal(carc_game_clone(&p1, g, 0), CARC_OK);
    decide(g, "exit cathedral -1 2 seg:1");
    /* P0 has none left, P1 only the market's, under the Count: over */
    assert_true(tu_over(g));
    /* CO/9's cap 1 to P0; the monastery (-1,2): P0's monk and P1's follower tie, 6 each */
    assert_int_equal(score_of(g, 0), 11 + 1 + 6);
    assert_int_equal(score_of(g, 1), 3 + 6);
    assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, p1));
    /* a pass is final: P1 passes, P0 has nothing: over, P1's cathedral follower left */
    decide(g, "pass");
    assert_true(tu_over(g));
    assert_int_equal(in_city(g, CARC_QUARTER_CATHEDRAL, 1, CARC_FIGURE_FOLLOWER), 1);
    assert_int_equal(score_of(g, 1), 3);
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, p1));
    /* from the start of the round: P0 passes (out), P1 exits, and P0 is not asked again */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(state_equal(g, start));
    decide(g, "pass");
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
    decide(g, "exit cathedral 0 3 seg:2"); /* A: road, field, monastery */
    assert_true(tu_over(g));
    assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
    carc_movelist_free(ml);
    carc_game_free(start);
    carc_game_free(p1);
    carc_game_free(g);
}

/* CARC_VARIANT_COC_FINAL_MARKET (C-12): at the end only the market opens,
 * onto any field; without the variant the castle too. P0 puts followers
 * into the market (the Count then to the blacksmith) and the castle. The
 * market's follower on field A, along the city only: 3 (C-15). */
static const char *const MARKET[] = { "B 2 0 0 -",      "U 0 2 0 road:N", "A 0 3 180 -", "quarter market",
                                      "count blacksmith", "B -1 2 0 -",   "B 2 -1 0 -",  "F 2 1 0 city:E",
                                      "E 3 1 270 -",    "quarter castle", "pass" };

static void count_variant_final_market(void **state)
{
    (void)state;
    for (int variant = 0; variant < 2; variant++) {
        carc_game_options o = tu_options(2, 3, CO_MODS);
        o.variants = variant ? CARC_VARIANT_COC_FINAL_MARKET : 0;
        carc_game *g = NULL;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        carc_movelist *ml = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        play_texts(g, MARKET, sizeof MARKET / sizeof MARKET[0]);
        assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_FOLLOWER), 1);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
        expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
        assert_int_equal(carc_game_end(g), CARC_OK);
        expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        size_t n = carc_movelist_count(ml), castle = 0, market = 0;
        for (size_t i = 0; i + 1 < n; i++) {
            carc_move e = carc_movelist_data(ml)[i];
            assert_int_equal(e.kind, CARC_MOVE_EXIT);
            carc_move t;
            assert_int_equal(carc_game_tile_at(&t, g, e.x, e.y), CARC_OK);
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, e.segment), CARC_OK);
            if (e.quarter == CARC_QUARTER_CASTLE) {
                assert_int_equal(si.kind, CARC_SEG_CITY);
                castle++;
                assert_int_equal(market, 0); /* in quarter order */
            } else {
                assert_int_equal(e.quarter, CARC_QUARTER_MARKET);
                assert_int_equal(si.kind, CARC_SEG_FIELD);
                market++;
            }
        }
        assert_int_equal(carc_movelist_data(ml)[n - 1].kind, CARC_MOVE_PASS);
        assert_int_equal(castle, variant ? 0u : 1u); /* CO/9's cap */
        assert_true(market >= 3);                     /* A, B, C and the fields of the tiles placed */
        carc_move cap = exit_move(CARC_QUARTER_CASTLE, -2, 1, CARC_FIGURE_FOLLOWER, 0);
        if (variant)
            refused(g, cap, CARC_EILLEGAL, "market");
        else
            assert_int_equal(carc_game_check_move(g, &cap), CARC_OK);
        /* field A: CO/1's northern field */
        decide(g, "exit market -2 -1 seg:1");
        if (!variant) {
            /* the castle's follower may go next time round (P1 is out) */
            expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL, 1);
            decide(g, "pass");
        }
        assert_true(tu_over(g));
        assert_int_equal(score_of(g, 0), 3);
        assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), 1);
        carc_movelist_free(ml);
        carc_game_free(g);
    }
}

/* CARC_VARIANT_COC_ONCE_PER_TURN (C-6): one follower into the city per
 * turn, not one per part of a builder's double turn. 2 players:
 *   P0 B (-1,2); P1 U (1,-2) thief on CO/4's road; P0 F (-1,3) knight; P1 U
 *   (0,2) thief on CO/11's road; P0 F (-2,3) builder on his city; P1 B (2,0);
 *   P0 T (0,3) turned 180: closes P1's road CO/11 + U + T (3 to P1) and
 *   extends his builder's city: a second tile; P0 scored nothing: QUARTER
 *   (part 1); then the second tile A (1,-3) closes P1's road CO/4 + U + A (3
 *   to P1): QUARTER again in part 2, unless the variant holds and he put a
 *   follower in during part 1. */
static const char *const DOUBLE[] = { "B -1 2 0 -",         "U 1 -2 0 road:S", "F -1 3 0 city:E",
                                      "U 0 2 0 road:N",     "F -2 3 0 builder/city:E", "B 2 0 0 -",
                                      "T 0 3 180 -" };

static void count_variant_once_per_turn(void **state)
{
    (void)state;
    const uint32_t mods = CO_MODS | CARC_MODULE_TRADERS;
    for (int variant = 0; variant < 2; variant++)
        for (int declined = 0; declined < 2; declined++) {
            carc_game_options o = tu_options(2, 5, mods);
            o.variants = variant ? CARC_VARIANT_COC_ONCE_PER_TURN : 0;
            carc_game *g = NULL;
            assert_int_equal(carc_game_new(&g, &o), CARC_OK);
            play_texts(g, DOUBLE, sizeof DOUBLE / sizeof DOUBLE[0]);
            assert_int_equal(score_of(g, 1), 3);
            expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 1);
            if (declined) {
                decide(g, "pass");
            } else {
                decide(g, "quarter castle");
                expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 1);
                decide(g, "pass");
            }
            expect_pending(g, CARC_DECISION_PLACE, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE, 2);
            play_text(g, "A 1 -3 0 -");
            assert_int_equal(score_of(g, 0), 0);
            assert_int_equal(score_of(g, 1), 6);
            if (variant && !declined) {
                expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
            } else {
                expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL, 2);
                decide(g, "quarter market");
                expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL, 2);
                decide(g, "count cathedral");
                expect_pending(g, CARC_DECISION_PLACE, 1, 0, 1);
                assert_int_equal(in_city(g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_FOLLOWER), 1);
            }
            assert_int_equal(in_city(g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), declined ? 0u : 1u);
            carc_game_free(g);
        }
}

API_AREA(api_area_count_decisions, API_TEST(count_decisions), API_TEST(count_big_follower), API_TEST(count_exit_order),
         API_TEST(count_early_end), API_TEST(count_end_at_last_tile), API_TEST(count_final_round),
         API_TEST(count_variant_final_market), API_TEST(count_variant_once_per_turn));
