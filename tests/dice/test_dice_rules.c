/* SPDX-License-Identifier: MIT */
/*
 * The Dice Game rules, one test per rule of docs/dice.md and per
 * ruling D-1..D-8, with fixed rolls (carc_dice_game_set_next_roll).
 * Default faces: CAP = BWWW, CORNER = BBWW, STRAIGHT = BWBW, TEE = BBBW.
 */
#include "dice_test_util.h"

/* Build a closed vertical line of n dice (2..9) from dice 0 (cap), 2..n-1
 * (straights) and 1 (cap), after a roll that gave those faces. */
static void build_line(carc_dice_game *g, uint32_t n)
{
    DT_OK(dt_build(g, 0, 0, 0, 2)); /* cap, black edge south */
    for (uint32_t k = 2; k < n; k++)
        DT_OK(dt_build(g, k, 0, (int32_t)k - 1, 0)); /* straight N-S */
    DT_OK(dt_build(g, 1, 0, (int32_t)n - 1, 0)); /* cap, black edge north */
}

/* A roll of 9 dice: caps on dice 0 and 1, straights on 2..n-1, knights after. */
static void roll_line(carc_dice_game *g, uint32_t n)
{
    uint8_t f[9];
    for (uint32_t i = 0; i < 9; i++)
        f[i] = i < 2 ? CAP : i < n ? STRAIGHT : KN;
    dt_roll_n(g, f, 9);
}

/* One whole turn of the player to move: a closed line of n dice, then stop. */
static void turn_line(carc_dice_game *g, uint32_t n)
{
    roll_line(g, n);
    build_line(g, n);
    if (n < 9)
        DT_OK(dt_stop(g)); /* with 9 dice built the turn ends by itself */
}

/* A turn that scores nothing: roll (no catapult) and stop. */
static void turn_nothing(carc_dice_game *g)
{
    uint32_t n = 0;
    for (uint32_t d = 0; d < 9; d++)
        n += dt_die(g, d).location == CARC_DICE_LOC_POOL;
    uint8_t f[9] = { KN, KN, CAP, CAP, CAP, CAP, CAP, CAP, CAP };
    dt_roll_n(g, f, n);
    DT_OK(dt_stop(g));
}

/* ---------------------------------------------------------------- set-up */

static void test_new_game(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(3, 1);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_ROLL);
    assert_int_equal(dt_cur(g), 0);
    for (uint32_t d = 0; d < 9; d++) {
        carc_dice_die die = dt_die(g, d);
        assert_int_equal(die.location, CARC_DICE_LOC_POOL);
        assert_int_equal(die.face, CARC_DICE_FACE_NONE);
        assert_int_equal(die.player, 0);
    }
    for (uint32_t p = 0; p < 3; p++) {
        uint32_t die;
        assert_int_equal(dt_score(g, p), 0);
        assert_int_equal(carc_dice_game_kept_knight(&die, g, p), CARC_ENOTFOUND);
    }
    uint32_t mask = 0, rolls = 9, turn = 9;
    DT_OK(carc_dice_game_player_dice(&mask, g, 0));
    assert_int_equal(mask, 0x1FF);
    DT_OK(carc_dice_game_rolls(&rolls, g));
    DT_OK(carc_dice_game_turn(&turn, g));
    assert_int_equal(rolls, 0);
    assert_int_equal(turn, 0);
    /* the only action at the start of a turn is a roll */
    carc_dice_action a[4];
    size_t n = 0;
    DT_OK(carc_dice_game_legal_actions(a, 4, &n, g, 0));
    assert_int_equal(n, 1);
    assert_int_equal(a[0].kind, CARC_DICE_ACT_ROLL);
    assert_int_equal(dt_stop(g), CARC_EPHASE);
    assert_int_equal(dt_keep(g), CARC_EPHASE);
    assert_int_equal(dt_knight(g, 0), CARC_EPHASE);
    assert_int_equal(dt_build(g, 0, 0, 0, 0), CARC_EPHASE);
    carc_dice_game_free(g);
}

/* D-1: the default face model of docs/dice.md, as data. */
static void test_d1_default_faces(void **state)
{
    (void)state;
    carc_dice_faces f;
    DT_OK(carc_dice_faces_init(&f, CARC_DICE_FACES_VERSION));
    assert_int_equal(f.city[0], CARC_DICE_EDGE_N);                                         /* cap BWWW */
    assert_int_equal(f.city[1], CARC_DICE_EDGE_N | CARC_DICE_EDGE_E);                      /* corner BBWW */
    assert_int_equal(f.city[2], CARC_DICE_EDGE_N | CARC_DICE_EDGE_S);                      /* straight BWBW */
    assert_int_equal(f.city[3], CARC_DICE_EDGE_N | CARC_DICE_EDGE_E | CARC_DICE_EDGE_S);   /* tee BBBW */
    carc_dice_faces p;
    DT_OK(carc_dice_faces_parse(&p, "BWWW BBWW BWBW BBBW"));
    assert_memory_equal(&p, &f, sizeof f);
    carc_dice_game *g = dt_new(2, 1);
    carc_dice_faces q;
    DT_OK(carc_dice_game_faces(&q, g));
    assert_memory_equal(&q, &f, sizeof f);
    /* a rolled city die reports its face's edges at rotation 0 */
    DT_ROLL(g, CAP, CORNER, STRAIGHT, TEE, KN, KN, KN, KN, KN);
    for (uint32_t d = 0; d < 4; d++) {
        assert_int_equal(dt_die(g, d).face, d);
        assert_int_equal(dt_die(g, d).edges, f.city[d]);
    }
    assert_int_equal(dt_die(g, 4).edges, 0);
    carc_dice_game_free(g);
}

/* D-1: another face set is data: all corners make a closed ring of 4. */
static void test_d1_custom_faces(void **state)
{
    (void)state;
    carc_dice_faces f;
    DT_OK(carc_dice_faces_parse(&f, "BBWW BBWW BBWW BBWW"));
    carc_dice_game *g = dt_new_faces(2, 1, &f);
    DT_ROLL(g, 0, 1, 2, 3, KN, KN, KN, KN, KN);
    DT_OK(dt_build(g, 0, 0, 0, 1)); /* E,S */
    DT_OK(dt_build(g, 1, 1, 0, 2)); /* S,W */
    DT_OK(dt_build(g, 2, 1, 1, 3)); /* W,N */
    DT_OK(dt_build(g, 3, 0, 1, 0)); /* N,E */
    uint32_t n = 0, mask = 0;
    DT_OK(carc_dice_game_largest_closed_city(&n, &mask, g));
    assert_int_equal(n, 4);
    assert_int_equal(mask, 0xF);
    DT_OK(dt_stop(g));
    assert_int_equal(dt_score(g, 0), 3);
    carc_dice_game_free(g);

    /* with a cross (BBBB) among the faces */
    DT_OK(carc_dice_faces_parse(&f, "BBBB BWWW BWWW BWWW"));
    g = dt_new_faces(2, 1, &f);
    DT_ROLL(g, 0, 1, 1, 1, 1, KN, KN, KN, KN);
    DT_OK(dt_build(g, 0, 0, 0, 0));
    assert_int_equal(dt_build(g, 1, 1, 0, 0), CARC_EILLEGAL); /* cap white W meets the cross */
    DT_OK(dt_build(g, 1, 1, 0, 3));
    DT_OK(dt_build(g, 2, -1, 0, 1));
    DT_OK(dt_build(g, 3, 0, -1, 2));
    DT_OK(dt_build(g, 4, 0, 1, 0));
    DT_OK(carc_dice_game_largest_closed_city(&n, NULL, g));
    assert_int_equal(n, 5);
    DT_OK(dt_stop(g));
    assert_int_equal(dt_score(g, 0), 6);
    carc_dice_game_free(g);

    /* invalid sets are refused */
    carc_dice_options o = CARC_DICE_OPTIONS_INIT;
    carc_dice_game *bad = (carc_dice_game *)&o;
    DT_OK(carc_dice_faces_init(&f, CARC_DICE_FACES_VERSION));
    f.city[2] = 0;
    o.faces = &f;
    assert_int_equal(carc_dice_game_new(&bad, &o), CARC_EINVAL);
    assert_null(bad);
    f.city[2] = 0x15;
    assert_int_equal(carc_dice_faces_check(&f), CARC_EINVAL);
    f.city[2] = 0x5;
    f.version = 2;
    assert_int_equal(carc_dice_game_new(&bad, &o), CARC_EVERSION);
}

/* ----------------------------------------------------------------- rolls */

static void test_three_rolls(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_CHOOSE);
    DT_ROLL(g, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_ROLL(g, TEE, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    uint32_t rolls = 0;
    DT_OK(carc_dice_game_rolls(&rolls, g));
    assert_int_equal(rolls, 3);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_CHOOSE); /* still dice to build */
    assert_int_equal(dt_reroll(g), CARC_EILLEGAL);
    assert_string_not_equal(carc_dice_game_last_error(g), "");
    /* no roll among the legal actions any more */
    carc_dice_action a[16];
    size_t n = 0;
    DT_OK(carc_dice_game_legal_actions(a, 16, &n, g, CARC_DICE_ENUM_UNIQUE_DICE | CARC_DICE_ENUM_UNIQUE_ROTATIONS));
    for (size_t i = 0; i < n; i++)
        assert_int_not_equal(a[i].kind, CARC_DICE_ACT_ROLL);
    /* the third roll's dice can still be built */
    DT_OK(dt_build(g, 0, 0, 0, 0));
    assert_int_equal(dt_die(g, 0).face, TEE);
    DT_OK(dt_stop(g));
    assert_int_equal(dt_cur(g), 1);
    carc_dice_game_free(g);
}

/* Catapults go at once to the left neighbour, are not re-rolled, never score. */
static void test_catapults_go_left(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(3, 7);
    DT_ROLL(g, CAT, CAT, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    for (uint32_t d = 0; d < 2; d++) {
        assert_int_equal(dt_die(g, d).location, CARC_DICE_LOC_CATAPULT);
        assert_int_equal(dt_die(g, d).player, 1);
    }
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_CATAPULTS);
    assert_int_equal(e.dice, 2);
    assert_int_equal(e.player, 0);
    assert_int_equal(e.to, 1);
    uint32_t m0 = 0, m1 = 0, m2 = 0;
    DT_OK(carc_dice_game_player_dice(&m0, g, 0));
    DT_OK(carc_dice_game_player_dice(&m1, g, 1));
    DT_OK(carc_dice_game_player_dice(&m2, g, 2));
    assert_int_equal(m0, 0x1FC);
    assert_int_equal(m1, 0x003);
    assert_int_equal(m2, 0);
    /* not usable: neither built nor set aside */
    assert_int_equal(dt_build(g, 0, 0, 0, 0), CARC_EILLEGAL);
    assert_int_equal(dt_knight(g, 1), CARC_EILLEGAL);
    /* not re-rolled: the next roll rolls the 7 others (the preset's 8th face is unused) */
    DT_ROLL(g, KN, KN, KN, KN, KN, KN, KN, CAP);
    for (uint32_t d = 2; d < 9; d++)
        assert_int_equal(dt_die(g, d).face, KN);
    assert_int_equal(dt_die(g, 0).location, CARC_DICE_LOC_CATAPULT);
    carc_dice_game_free(g);
}

/* D-3: catapults of the 2nd and 3rd rolls also go left at once; the left
 * neighbour of the last player is player 0. */
static void test_d3_catapults_later_rolls(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(3, 7);
    turn_nothing(g);
    turn_nothing(g);
    assert_int_equal(dt_cur(g), 2);
    DT_ROLL(g, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_ROLL(g, CAT, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    assert_int_equal(dt_die(g, 0).location, CARC_DICE_LOC_CATAPULT);
    assert_int_equal(dt_die(g, 0).player, 0);
    DT_ROLL(g, CAT, CAT, CAP, CAP, CAP, CAP, CAP, CAP);
    assert_int_equal(dt_die(g, 1).location, CARC_DICE_LOC_CATAPULT);
    assert_int_equal(dt_die(g, 2).location, CARC_DICE_LOC_CATAPULT);
    assert_int_equal(dt_die(g, 2).player, 0);
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_CATAPULTS);
    assert_int_equal(e.dice, 2);
    assert_int_equal(e.to, 0);
    /* they never score: the turn's score counts only the city */
    DT_OK(dt_stop(g));
    assert_int_equal(dt_score(g, 2), 0);
    /* and the next turn rolls all 9 dice again */
    assert_int_equal(dt_count_loc(g, CARC_DICE_LOC_POOL), 9);
    carc_dice_game_free(g);
}

/* D-4: nine catapults win at once, counted over the rolls of one turn. */
static void test_d4_nine_catapults(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAT, CAT, CAT, CAT, CAP, CAP, CAP, CAP, CAP);
    DT_ROLL(g, CAT, CAT, CAT, CAP, CAP);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_CHOOSE);
    DT_ROLL(g, CAT, CAT);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_GAME_OVER);
    uint32_t w = 9, reason = 0;
    DT_OK(carc_dice_game_winner(&w, &reason, g));
    assert_int_equal(w, 0);
    assert_int_equal(reason, CARC_DICE_WIN_CATAPULTS);
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_WIN);
    assert_int_equal(e.reason, CARC_DICE_WIN_CATAPULTS);
    assert_int_equal(e.dice, 9);
    assert_int_equal(dt_reroll(g), CARC_EGAME_OVER);
    carc_dice_game_free(g);

    /* in one roll */
    g = dt_new(2, 7);
    DT_ROLL(g, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT);
    DT_OK(carc_dice_game_winner(&w, NULL, g));
    assert_int_equal(w, 0);
    carc_dice_game_free(g);

    /* not across turns */
    g = dt_new(2, 7);
    DT_ROLL(g, CAT, CAT, CAT, CAT, CAT, CAP, CAP, CAP, CAP);
    DT_OK(dt_stop(g));
    turn_nothing(g);
    DT_ROLL(g, CAT, CAT, CAT, CAT, CAP, CAP, CAP, CAP, CAP);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_CHOOSE);
    carc_dice_game_free(g);

    /* a player with 8 dice (the other keeps a knight) cannot win so */
    g = dt_new(2, 7);
    DT_ROLL(g, KN, KN, KN, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    DT_OK(dt_knight(g, 2));
    DT_OK(dt_keep(g));
    DT_ROLL(g, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT);
    assert_int_not_equal(dt_phase(g), CARC_DICE_PHASE_GAME_OVER);
    assert_int_equal(dt_cur(g), 0); /* nothing left: the turn ended by itself */
    carc_dice_game_free(g);
}

/* Set-aside knights are locked: never re-rolled, never built, never moved. */
static void test_knights_locked(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, KN, KN, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    assert_int_equal(dt_knight(g, 2), CARC_EILLEGAL); /* not a knight */
    DT_OK(dt_knight(g, 0));
    assert_int_equal(dt_die(g, 0).location, CARC_DICE_LOC_KNIGHT);
    assert_int_equal(dt_knight(g, 0), CARC_EILLEGAL); /* already aside */
    assert_int_equal(dt_build(g, 0, 0, 0, 0), CARC_EILLEGAL);
    assert_int_equal(dt_build(g, 1, 0, 0, 0), CARC_EILLEGAL); /* a free knight is no city */
    DT_ROLL(g, CAT, CAP, CAP, CAP, CAP, CAP, CAP, CAP);       /* dice 1..8 */
    assert_int_equal(dt_die(g, 0).location, CARC_DICE_LOC_KNIGHT);
    assert_int_equal(dt_die(g, 0).face, KN);
    assert_int_equal(dt_die(g, 1).location, CARC_DICE_LOC_CATAPULT);
    carc_dice_game_free(g);
}

/* Knights and city dice not set aside may be re-rolled freely. */
static void test_free_dice_rerolled(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, KN, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_OK(dt_build(g, 1, 0, 0, 0));
    DT_ROLL(g, TEE, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT);
    assert_int_equal(dt_die(g, 0).face, TEE);      /* the knight was re-rolled */
    assert_int_equal(dt_die(g, 1).face, CAP);      /* the built die was not */
    assert_int_equal(dt_die(g, 1).location, CARC_DICE_LOC_CITY);
    assert_int_equal(dt_die(g, 2).face, STRAIGHT);
    carc_dice_game_free(g);
}

/* ---------------------------------------------------------------- building */

/* D-2: orthogonal grid, any rotation, every neighbour must match (B-B or
 * W-W), no connection required; built dice never move. */
static void test_d2_building(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, CAP, CAP, CORNER, STRAIGHT, TEE, KN, KN, KN);
    /* the first die of a turn goes at 0,0 */
    assert_int_equal(dt_build(g, 0, 1, 0, 0), CARC_EILLEGAL);
    DT_OK(dt_build(g, 0, 0, 0, 0)); /* cap, black north */
    /* rotations are quarter turns clockwise */
    DT_OK(dt_build(g, 3, 5, 5, 1)); /* a corner far away, not touching: N,E -> E,S */
    assert_int_equal(dt_die(g, 3).edges, CARC_DICE_EDGE_E | CARC_DICE_EDGE_S);
    assert_int_equal(dt_die(g, 3).x, 5);
    assert_int_equal(dt_die(g, 3).rotation, 1);
    /* north of the cap: the south edge must be black */
    assert_int_equal(dt_build(g, 1, 0, -1, 0), CARC_EILLEGAL);
    assert_int_equal(dt_die(g, 1).location, CARC_DICE_LOC_POOL);
    DT_OK(dt_build(g, 1, 0, -1, 2));
    /* east of the first cap: white meets white */
    DT_OK(dt_build(g, 2, 1, 0, 0));
    /* the cell is taken */
    assert_int_equal(dt_build(g, 4, 1, 0, 0), CARC_EILLEGAL);
    /* a built die never moves */
    assert_int_equal(dt_build(g, 2, 2, 0, 0), CARC_EILLEGAL);
    /* east of the second cap (white east edge): the tee must show white west */
    assert_int_equal(dt_build(g, 5, 2, 0, 1), CARC_EILLEGAL); /* tee E,S,W: black W meets white E */
    assert_int_equal(dt_build(g, 5, 2, 0, 3), CARC_EILLEGAL); /* tee W,N,E */
    DT_OK(dt_build(g, 5, 2, 0, 0));                           /* tee N,E,S: white W */
    carc_dice_game_free(g);
}

/* The grid follows the city (docs/dice.md, decision 2): a die goes at most
 * CARC_DICE_GRID_RADIUS columns and rows beyond the built dice, so a die
 * built at the far edge of the reach can still be closed. Issue 19: on the
 * old fixed 17x17 square the closing build 2 9 0 270 was "outside the grid". */
static void test_grid_follows_the_city(void **state)
{
    (void)state;
    const int32_t R = CARC_DICE_GRID_RADIUS;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, CAP, CAP, CAP, KN, KN, KN, KN, KN);
    DT_OK(dt_build(g, 0, 0, 0, 2));               /* black to the south */
    assert_int_equal(dt_build(g, 1, R + 1, 0, 0), CARC_ERANGE);
    assert_int_equal(dt_build(g, 1, 0, -R - 1, 0), CARC_ERANGE);
    assert_int_equal(dt_build(g, 1, INT32_MIN, INT32_MAX, 0), CARC_ERANGE);
    DT_OK(dt_build(g, 1, R, 0, 1));               /* at the edge of the reach, black to the east */
    uint32_t closed = 9;
    DT_OK(carc_dice_game_largest_closed_city(&closed, NULL, g));
    assert_int_equal(closed, 0);
    DT_OK(dt_build(g, 2, R + 1, 0, 3));           /* closes it: black to the west */
    uint32_t mask = 0;
    DT_OK(carc_dice_game_largest_closed_city(&closed, &mask, g));
    assert_int_equal(closed, 2);
    assert_int_equal(mask, 0x6);
    /* the reach grows with the city: now x -R..2R+1 */
    assert_int_equal(dt_build(g, 3, 2 * R + 2, 0, 0), CARC_ERANGE);
    assert_non_null(strstr(carc_dice_game_last_error(g), "x -8..17, y -8..8")); /* says where the reach ends */
    DT_OK(dt_build(g, 3, 2 * R + 1, -R, 0));
    uint32_t die = 9;
    DT_OK(carc_dice_game_cell(&die, g, 2 * R + 1, -R));
    assert_int_equal(die, 3);
    assert_int_equal(carc_dice_game_cell(&die, g, 1, 1), CARC_ENOTFOUND);
    assert_int_equal(carc_dice_game_cell(&die, g, 99, 1), CARC_ENOTFOUND);        /* no edge: empty */
    assert_int_equal(carc_dice_game_cell(&die, g, INT32_MAX, INT32_MIN), CARC_ENOTFOUND);
    int32_t x0, y0, x1, y1;
    DT_OK(carc_dice_game_city_bounds(&x0, &y0, &x1, &y1, g));
    assert_int_equal(x0, 0);
    assert_int_equal(y0, -R);
    assert_int_equal(x1, 2 * R + 1);
    assert_int_equal(y1, 0);
    carc_dice_game_free(g);

    /* the example of issue 19, as a record: it loads, replays and saves the same */
    static const char rec[] = "carcassonne-dice-record 1\nplayers 2\nseed 7\nfaces BWWW BBWW BWBW BBBW\n"
                              "roll 0 0 0 0 K K K K K\nbuild 0 0 0 180\nbuild 1 8 0 90\nbuild 2 9 0 270\n"
                              "actions 4\n";
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    g = NULL;
    if (carc_dice_game_load(&g, rec, strlen(rec), NULL, &err) != CARC_OK)
        fail_msg("%s", err.message);
    char *again = dt_save(g);
    assert_string_equal(again, rec);
    free(again);
    carc_dice_game_free(g);
}

/* D-8: a city die can be set aside only by building it on a legal cell; a
 * refused build leaves it free, and it is re-rolled with the others. Under
 * D-2 every city die always has a legal cell (an empty cell with no
 * neighbour), so the enumeration offers a build for every free city die. */
static void test_d8_unplaceable(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, TEE, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_OK(dt_build(g, 0, 0, 0, 0));
    for (uint32_t r = 0; r < 4; r++) {
        /* north of the cap the tee needs a black south edge (rotation 3 has
         * none): a refused build leaves the die free */
        carc_status s = dt_build(g, 1, 0, -1, r);
        if (s == CARC_OK) {
            assert_int_equal(dt_die(g, 1).edges & CARC_DICE_EDGE_S, CARC_DICE_EDGE_S);
            DT_OK(carc_dice_game_undo(g));
        } else {
            assert_int_equal(s, CARC_EILLEGAL);
            assert_int_equal(dt_die(g, 1).location, CARC_DICE_LOC_POOL);
        }
    }
    static carc_dice_action list[DT_MAX_ACTIONS];
    size_t n = 0;
    DT_OK(carc_dice_game_legal_actions(list, DT_MAX_ACTIONS, &n, g, 0));
    for (uint32_t d = 1; d < 9; d++) {
        size_t builds = 0;
        for (size_t i = 0; i < n; i++)
            builds += list[i].kind == CARC_DICE_ACT_BUILD && list[i].die == d;
        assert_true(builds > 0);
    }
    DT_ROLL(g, KN, KN, KN, KN, KN, KN, KN, KN);
    assert_int_equal(dt_die(g, 1).face, KN);
    carc_dice_game_free(g);
}

/* ----------------------------------------------------------------- scoring */

/* D-7 and the table: 3->1 4->3 5->6 6->10 7->15 8->21 9->28, fewer -> 0. */
static void test_d7_scoring_table(void **state)
{
    (void)state;
    static const int32_t table[10] = { 0, 0, 0, 1, 3, 6, 10, 15, 21, 28 };
    for (uint32_t n = 0; n <= 10; n++)
        assert_int_equal(carc_dice_city_points(n), n <= 9 ? table[n] : 0);
    for (uint32_t n = 2; n <= 9; n++) {
        carc_dice_game *g = dt_new(2, n);
        roll_line(g, n);
        build_line(g, n);
        if (n < 9) {
            uint32_t c = 0;
            DT_OK(carc_dice_game_largest_closed_city(&c, NULL, g));
            assert_int_equal(c, n);
            DT_OK(dt_stop(g));
        }
        carc_dice_event e = dt_last_event(g);
        assert_int_equal(e.kind, CARC_DICE_EVENT_SCORE);
        assert_int_equal(e.dice, n);
        assert_int_equal(e.points, table[n]);
        assert_int_equal(e.doubled, 0);
        assert_int_equal(dt_score(g, 0), table[n]);
        assert_int_equal(dt_cur(g), 1);
        carc_dice_game_free(g);
    }
}

/* Only the largest closed city scores: not open ones, not the sum. */
static void test_largest_closed_city_only(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, CAP, STRAIGHT, CAP, CAP, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT);
    /* closed line of 3 at x=0: dice 0, 2, 1 */
    DT_OK(dt_build(g, 0, 0, 0, 2));
    DT_OK(dt_build(g, 2, 0, 1, 0));
    DT_OK(dt_build(g, 1, 0, 2, 0));
    /* closed line of 3 at x=3: dice 3, 5, 4 */
    DT_OK(dt_build(g, 3, 3, 0, 2));
    DT_OK(dt_build(g, 5, 3, 1, 0));
    DT_OK(dt_build(g, 4, 3, 2, 0));
    /* an open line of 3 straights at x=-3 */
    DT_OK(dt_build(g, 6, -3, 0, 0));
    DT_OK(dt_build(g, 7, -3, 1, 0));
    uint32_t n = 0, mask = 0;
    DT_OK(carc_dice_game_largest_closed_city(&n, &mask, g));
    assert_int_equal(n, 3);
    assert_int_equal(mask, 0x7); /* ties: the city holding the lowest die */
    DT_OK(dt_stop(g));
    assert_int_equal(dt_score(g, 0), 1);
    carc_dice_game_free(g);
}

/* A stop scores, then every die but kept knights goes to the next player and
 * the grid is cleared. */
static void test_stop_passes_dice(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(3, 7);
    roll_line(g, 4);
    build_line(g, 4);
    DT_OK(dt_knight(g, 4));
    DT_OK(dt_stop(g));
    assert_int_equal(dt_score(g, 0), 3);
    assert_int_equal(dt_cur(g), 1);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_ROLL);
    for (uint32_t d = 0; d < 9; d++) {
        carc_dice_die die = dt_die(g, d);
        assert_int_equal(die.location, CARC_DICE_LOC_POOL);
        assert_int_equal(die.player, 1);
        assert_int_equal(die.face, CARC_DICE_FACE_NONE);
    }
    int32_t x0, y0, x1, y1;
    assert_int_equal(carc_dice_game_city_bounds(&x0, &y0, &x1, &y1, g), CARC_ENOTFOUND);
    uint32_t turn = 0;
    DT_OK(carc_dice_game_turn(&turn, g));
    assert_int_equal(turn, 1);
    carc_dice_game_free(g);
}

/* A turn in which nothing but ending is left ends by itself (a stop). */
static void test_turn_ends_by_itself(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, STRAIGHT, CAP, CAT, CAT, CAT, CAT, CAT, CAT);
    DT_OK(dt_build(g, 0, 0, 0, 2));
    DT_OK(dt_build(g, 1, 0, 1, 0));
    assert_int_equal(dt_cur(g), 0);
    DT_OK(dt_build(g, 2, 0, 2, 0)); /* the last free die */
    assert_int_equal(dt_cur(g), 1);
    assert_int_equal(dt_score(g, 0), 1);
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_SCORE);
    assert_int_equal(e.action, 3); /* caused by the 4th action, the build */
    /* after the third roll with only knights left (fewer than 3 set aside): also */
    DT_ROLL(g, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_ROLL(g, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_ROLL(g, KN, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT);
    assert_int_equal(dt_cur(g), 1); /* the free knight can still be set aside */
    DT_OK(dt_knight(g, 0));
    assert_int_equal(dt_cur(g), 0);
    carc_dice_game_free(g);
}

/* D-6: the scoring that reaches 42 wins at once; 41 does not. */
static void test_d6_win_at_42(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    turn_line(g, 9); /* 28 */
    turn_nothing(g);
    turn_line(g, 6); /* 38 */
    turn_nothing(g);
    turn_line(g, 4); /* 41 */
    assert_int_equal(dt_score(g, 0), 41);
    assert_int_not_equal(dt_phase(g), CARC_DICE_PHASE_GAME_OVER);
    turn_nothing(g);
    turn_line(g, 3); /* 42 */
    assert_int_equal(dt_score(g, 0), 42);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_GAME_OVER);
    uint32_t w = 9, reason = 0;
    DT_OK(carc_dice_game_winner(&w, &reason, g));
    assert_int_equal(w, 0);
    assert_int_equal(reason, CARC_DICE_WIN_SCORE_REACHED);
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_WIN);
    assert_int_equal(e.points, 42);
    /* nothing more can be played; the legal list is empty */
    size_t n = 9;
    DT_OK(carc_dice_game_legal_actions(NULL, 0, &n, g, 0));
    assert_int_equal(n, 0);
    assert_int_equal(dt_reroll(g), CARC_EGAME_OVER);
    uint8_t f = CAP;
    assert_int_equal(carc_dice_game_set_next_roll(g, &f, 1), CARC_EGAME_OVER);
    carc_dice_game_free(g);
}

/* ----------------------------------------------------------------- knights */

/* D-5: with 3 knights the player may forgo scoring, keep one knight die (out
 * of the others' rolls) and score double next turn with it back in his pool. */
static void test_d5_knight_option(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, CAP, KN, KN, KN, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT);
    DT_OK(dt_knight(g, 2));
    DT_OK(dt_knight(g, 3));
    assert_int_equal(dt_keep(g), CARC_EILLEGAL); /* 2 knights */
    DT_OK(dt_knight(g, 4));
    DT_OK(dt_keep(g));
    assert_int_equal(dt_score(g, 0), 0);
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_KNIGHTS);
    assert_int_equal(e.dice, 3);
    uint32_t kept = 9;
    DT_OK(carc_dice_game_kept_knight(&kept, g, 0));
    assert_int_equal(kept, 2);
    assert_int_equal(dt_die(g, 2).location, CARC_DICE_LOC_KEPT);
    assert_int_equal(dt_die(g, 2).player, 0);
    uint32_t mask = 0;
    DT_OK(carc_dice_game_player_dice(&mask, g, 0));
    assert_int_equal(mask, 1u << 2);
    /* the other player rolls 8 dice; the other knights were passed on */
    assert_int_equal(dt_count_loc(g, CARC_DICE_LOC_POOL), 8);
    bool doubled = true;
    DT_OK(carc_dice_game_doubled(&doubled, g));
    assert_false(doubled);
    DT_ROLL(g, KN, KN, KN, KN, KN, KN, KN, KN, CAT);
    assert_int_equal(dt_die(g, 2).location, CARC_DICE_LOC_KEPT);
    assert_int_equal(dt_count_loc(g, CARC_DICE_LOC_CATAPULT), 0);
    DT_OK(dt_stop(g));
    /* back to player 0: the kept knight is rolled with the rest, the turn doubles */
    DT_OK(carc_dice_game_doubled(&doubled, g));
    assert_true(doubled);
    assert_int_equal(carc_dice_game_kept_knight(&kept, g, 0), CARC_ENOTFOUND);
    assert_int_equal(dt_count_loc(g, CARC_DICE_LOC_POOL), 9);
    turn_line(g, 4);
    e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_SCORE);
    assert_int_equal(e.points, 6);
    assert_int_equal(e.doubled, 1);
    assert_int_equal(dt_score(g, 0), 6);
    /* only that turn */
    turn_nothing(g);
    DT_OK(carc_dice_game_doubled(&doubled, g));
    assert_false(doubled);
    turn_line(g, 4);
    assert_int_equal(dt_score(g, 0), 9);
    carc_dice_game_free(g);
}

/* D-5: taking the option again in a doubled turn forfeits that doubling and
 * does not stack: the next turn scores x2, not x4. */
static void test_d5_no_stacking(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, KN, KN, KN, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    DT_OK(dt_knight(g, 2));
    DT_OK(dt_keep(g));
    turn_nothing(g);
    DT_ROLL(g, CAP, CAP, STRAIGHT, KN, KN, KN, CAP, CAP, CAP);
    build_line(g, 3); /* a closed city worth 1 x 2 */
    DT_OK(dt_knight(g, 3));
    DT_OK(dt_knight(g, 4));
    DT_OK(dt_knight(g, 5));
    DT_OK(dt_keep(g)); /* forgoes the 2 points */
    carc_dice_event e = dt_last_event(g);
    assert_int_equal(e.kind, CARC_DICE_EVENT_KNIGHTS);
    assert_int_equal(e.doubled, 1);
    assert_int_equal(dt_score(g, 0), 0);
    uint32_t kept = 9;
    DT_OK(carc_dice_game_kept_knight(&kept, g, 0));
    assert_int_equal(kept, 3);
    assert_int_equal(dt_count_loc(g, CARC_DICE_LOC_KEPT), 1);
    turn_nothing(g);
    turn_line(g, 4);
    assert_int_equal(dt_score(g, 0), 6);
    carc_dice_game_free(g);
}

/* A closed city and 3 knights: the player chooses one of the two. */
static void test_city_or_knights(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, CAP, CAP, STRAIGHT, STRAIGHT, KN, KN, KN, CAP, CAP);
    build_line(g, 4);
    DT_OK(dt_knight(g, 4));
    DT_OK(dt_knight(g, 5));
    DT_OK(dt_knight(g, 6));
    carc_dice_action a[256];
    size_t n = 0;
    DT_OK(carc_dice_game_legal_actions(a, 256, &n, g, CARC_DICE_ENUM_UNIQUE_DICE | CARC_DICE_ENUM_UNIQUE_ROTATIONS |
                                                            CARC_DICE_ENUM_TOUCHING));
    assert_true(n >= 3);
    assert_int_equal(a[n - 2].kind, CARC_DICE_ACT_STOP);
    assert_int_equal(a[n - 1].kind, CARC_DICE_ACT_KNIGHT_OPTION);
    DT_OK(dt_stop(g));
    uint32_t kept;
    assert_int_equal(dt_score(g, 0), 3);
    assert_int_equal(carc_dice_game_kept_knight(&kept, g, 0), CARC_ENOTFOUND);
    DT_OK(carc_dice_game_undo(g));
    DT_OK(dt_keep(g));
    assert_int_equal(dt_score(g, 0), 0);
    DT_OK(carc_dice_game_kept_knight(&kept, g, 0));
    carc_dice_game_free(g);
}

/* The KNIGHT_OPTION phase: nothing but the end is left and 3 knights are aside. */
static void test_knight_option_phase(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 7);
    DT_ROLL(g, KN, KN, KN, CAT, CAT, CAT, CAT, CAT, CAT);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_CHOOSE);
    DT_OK(dt_knight(g, 2));
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_KNIGHT_OPTION);
    carc_dice_action a[4];
    size_t n = 0;
    DT_OK(carc_dice_game_legal_actions(a, 4, &n, g, 0));
    assert_int_equal(n, 2);
    assert_int_equal(a[0].kind, CARC_DICE_ACT_STOP);
    assert_int_equal(a[1].kind, CARC_DICE_ACT_KNIGHT_OPTION);
    assert_int_equal(dt_reroll(g), CARC_EPHASE);
    assert_int_equal(dt_build(g, 3, 0, 0, 0), CARC_EPHASE);
    DT_OK(dt_stop(g)); /* score the (empty) city: 0 */
    assert_int_equal(dt_cur(g), 1);
    assert_int_equal(dt_last_event(g).kind, CARC_DICE_EVENT_SCORE);
    carc_dice_game_free(g);
}

/* ------------------------------------------------------------ the roll hook */

/* Fixed faces replace the generator's, which still advances the same: the
 * game goes on exactly as without the hook. Dice past n come from it. */
static void test_roll_hook_and_seed(void **state)
{
    (void)state;
    carc_dice_game *a = dt_new(2, 99), *b = dt_new(2, 99), *c = dt_new(2, 100);
    DT_ROLL(a, CAT);
    DT_OK(dt_reroll(b));
    DT_OK(dt_reroll(c));
    assert_int_equal(dt_die(a, 0).face, CAT);
    bool differs = false;
    for (uint32_t d = 1; d < 9; d++) {
        assert_int_equal(dt_die(a, d).face, dt_die(b, d).face);
        differs = differs || dt_die(b, d).face != dt_die(c, d).face;
    }
    assert_true(differs); /* another seed, other rolls */
    /* a full preset: the generator still advances as for a normal roll, so
     * the games agree again from the next roll on */
    carc_dice_game *x = dt_new(2, 1234), *y = dt_new(2, 1234);
    DT_ROLL(x, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP, CAP);
    DT_OK(dt_reroll(y));
    assert_int_equal(dt_phase(y), CARC_DICE_PHASE_CHOOSE);
    DT_OK(dt_stop(x));
    DT_OK(dt_stop(y));
    DT_OK(dt_reroll(x));
    DT_OK(dt_reroll(y));
    for (uint32_t d = 0; d < 9; d++)
        assert_int_equal(dt_die(x, d).face, dt_die(y, d).face);
    carc_dice_game_free(x);
    carc_dice_game_free(y);
    /* a preset is cancelled by n = 0 and bounded */
    uint8_t f[10] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    carc_dice_game *d = dt_new(2, 5), *e = dt_new(2, 5);
    DT_OK(carc_dice_game_set_next_roll(d, f, 3));
    DT_OK(carc_dice_game_set_next_roll(d, NULL, 0));
    DT_OK(dt_reroll(d));
    DT_OK(dt_reroll(e));
    for (uint32_t i = 0; i < 9; i++)
        assert_int_equal(dt_die(d, i).face, dt_die(e, i).face);
    assert_int_equal(carc_dice_game_set_next_roll(d, f, 10), CARC_ERANGE);
    f[1] = 6;
    assert_int_equal(carc_dice_game_set_next_roll(d, f, 2), CARC_ERANGE);
    assert_int_equal(carc_dice_game_set_next_roll(d, NULL, 2), CARC_EINVAL);
    assert_int_equal(carc_dice_game_set_next_roll(NULL, f, 1), CARC_EINVAL);
    carc_dice_game_free(a);
    carc_dice_game_free(b);
    carc_dice_game_free(c);
    carc_dice_game_free(d);
    carc_dice_game_free(e);
}

/* Same seed and actions, same game; and the seed really drives the rolls. */
static void test_seeded_games_repeat(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        carc_dice_game *a = dt_new(3, seed), *b = dt_new(3, seed);
        for (int i = 0; i < 200 && dt_phase(a) != CARC_DICE_PHASE_GAME_OVER; i++) {
            carc_dice_action act = dt_bot(a, NULL, 0);
            DT_OK(carc_dice_game_play(a, &act));
            DT_OK(carc_dice_game_play(b, &act));
        }
        char *sa = dt_save(a), *sb = dt_save(b);
        assert_string_equal(sa, sb);
        free(sa);
        free(sb);
        carc_dice_game_free(a);
        carc_dice_game_free(b);
    }
}

/* Dice in front of each player. */
static void test_player_dice(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(3, 7);
    DT_ROLL(g, KN, KN, KN, CAT, CAP, CAP, CAP, CAP, CAP);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    DT_OK(dt_knight(g, 2));
    DT_OK(dt_keep(g));
    /* player 1: everything but player 0's kept knight */
    uint32_t m[3];
    for (uint32_t p = 0; p < 3; p++)
        DT_OK(carc_dice_game_player_dice(&m[p], g, p));
    assert_int_equal(m[0], 0x001);
    assert_int_equal(m[1], 0x1FE);
    assert_int_equal(m[2], 0);
    DT_ROLL(g, CAT, CAP, CAP, CAP, CAP, CAP, CAP, CAP); /* die 1 goes to player 2 */
    for (uint32_t p = 0; p < 3; p++)
        DT_OK(carc_dice_game_player_dice(&m[p], g, p));
    assert_int_equal(m[0], 0x001);
    assert_int_equal(m[1], 0x1FC);
    assert_int_equal(m[2], 0x002);
    assert_int_equal(m[0] + m[1] + m[2], 0x1FF);
    carc_dice_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_game),
        cmocka_unit_test(test_d1_default_faces),
        cmocka_unit_test(test_d1_custom_faces),
        cmocka_unit_test(test_three_rolls),
        cmocka_unit_test(test_catapults_go_left),
        cmocka_unit_test(test_d3_catapults_later_rolls),
        cmocka_unit_test(test_d4_nine_catapults),
        cmocka_unit_test(test_knights_locked),
        cmocka_unit_test(test_free_dice_rerolled),
        cmocka_unit_test(test_d2_building),
        cmocka_unit_test(test_grid_follows_the_city),
        cmocka_unit_test(test_d8_unplaceable),
        cmocka_unit_test(test_d7_scoring_table),
        cmocka_unit_test(test_largest_closed_city_only),
        cmocka_unit_test(test_stop_passes_dice),
        cmocka_unit_test(test_turn_ends_by_itself),
        cmocka_unit_test(test_d6_win_at_42),
        cmocka_unit_test(test_d5_knight_option),
        cmocka_unit_test(test_d5_no_stacking),
        cmocka_unit_test(test_city_or_knights),
        cmocka_unit_test(test_knight_option_phase),
        cmocka_unit_test(test_roll_hook_and_seed),
        cmocka_unit_test(test_seeded_games_repeat),
        cmocka_unit_test(test_player_dice),
    };
    return cmocka_run_group_tests_name("dice.rules", tests, NULL, NULL);
}
