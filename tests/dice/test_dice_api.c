/* SPDX-License-Identifier: MIT */
/*
 * The Dice Game API contracts: argument checks (NULL, ranges, wrong phase),
 * rejected calls leave the game unchanged, options and face sets, clone,
 * undo, the last-error text, records (round trip, strict reader with line
 * numbers), allocation failures.
 */
#include "dice_test_util.h"

/* Everything observable about a game, to check that a call changed nothing. */
typedef struct snap {
    char *record;
    uint32_t phase, cur, rolls, turn, events;
    int32_t score[5];
    carc_dice_die dice[9];
    char err[200];
} snap;

static void take(snap *s, const carc_dice_game *g)
{
    memset(s, 0, sizeof *s);
    s->record = dt_save(g);
    s->phase = dt_phase(g);
    s->cur = dt_cur(g);
    DT_OK(carc_dice_game_rolls(&s->rolls, g));
    DT_OK(carc_dice_game_turn(&s->turn, g));
    DT_OK(carc_dice_game_event_count(&s->events, g));
    uint32_t players = 0;
    DT_OK(carc_dice_game_players(&players, g));
    for (uint32_t p = 0; p < players; p++)
        s->score[p] = dt_score(g, p);
    for (uint32_t d = 0; d < 9; d++)
        s->dice[d] = dt_die(g, d);
}

static void same(const snap *a, const snap *b)
{
    assert_string_equal(a->record, b->record);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->cur, b->cur);
    assert_int_equal(a->rolls, b->rolls);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->events, b->events);
    assert_memory_equal(a->score, b->score, sizeof a->score);
    assert_memory_equal(a->dice, b->dice, sizeof a->dice);
}

static void drop(snap *s)
{
    free(s->record);
    s->record = NULL;
}

/* A game some way into play (player 1's turn, mid-turn, a kept knight). */
static carc_dice_game *mid_game(void)
{
    carc_dice_game *g = dt_new(3, 11);
    DT_ROLL(g, KN, KN, KN, CAP, CAP, STRAIGHT, CAT, CORNER, TEE);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    DT_OK(dt_knight(g, 2));
    DT_OK(dt_keep(g));
    DT_ROLL(g, CAP, CAP, STRAIGHT, KN, CAT, CORNER, TEE, TEE);
    DT_OK(dt_build(g, 1, 0, 0, 2));
    return g;
}

/* ----------------------------------------------------------------- options */

static void test_options_and_faces(void **state)
{
    (void)state;
    carc_dice_options o;
    assert_int_equal(carc_dice_options_init(NULL, CARC_DICE_OPTIONS_VERSION), CARC_EINVAL);
    assert_int_equal(carc_dice_options_init(&o, 0), CARC_EVERSION);
    assert_int_equal(carc_dice_options_init(&o, CARC_DICE_OPTIONS_VERSION + 1), CARC_EVERSION);
    DT_OK(carc_dice_options_init(&o, CARC_DICE_OPTIONS_VERSION));
    carc_dice_options d = CARC_DICE_OPTIONS_INIT;
    assert_memory_equal(&o, &d, sizeof o);
    assert_int_equal(o.players, 2);
    assert_null(o.faces);

    carc_dice_faces f;
    assert_int_equal(carc_dice_faces_init(NULL, CARC_DICE_FACES_VERSION), CARC_EINVAL);
    assert_int_equal(carc_dice_faces_init(&f, 7), CARC_EVERSION);
    DT_OK(carc_dice_faces_init(&f, CARC_DICE_FACES_VERSION));
    DT_OK(carc_dice_faces_check(&f));
    assert_int_equal(carc_dice_faces_check(NULL), CARC_EINVAL);
    static const char *const bad_text[] = {
        "", "BWWW BBWW BWBW", "BWWW BBWW BWBW BBBW ", " BWWW BBWW BWBW BBBW", "BWWW  BBWW BWBW BBBW",
        "BWWW BBWW BWBW BBBX", "bwww bbww bwbw bbbw", "BWWWW BBWW BWBW BBB", "BWWW BBWW BWBW BBBW BWWW",
    };
    for (size_t i = 0; i < sizeof bad_text / sizeof bad_text[0]; i++) {
        carc_dice_faces g = f;
        assert_int_equal(carc_dice_faces_parse(&g, bad_text[i]), CARC_EPARSE);
        assert_memory_equal(&g, &f, sizeof f);
    }
    assert_int_equal(carc_dice_faces_parse(&f, "WWWW BBWW BWBW BBBW"), CARC_EINVAL); /* no black edge */
    assert_int_equal(carc_dice_faces_parse(NULL, "BWWW BBWW BWBW BBBW"), CARC_EINVAL);
    assert_int_equal(carc_dice_faces_parse(&f, NULL), CARC_EINVAL);
    DT_OK(carc_dice_faces_parse(&f, "BBBB WBWW WWBW WWWB"));
    assert_int_equal(f.city[0], 0xF);
    assert_int_equal(f.city[1], CARC_DICE_EDGE_E);
    assert_int_equal(f.city[2], CARC_DICE_EDGE_S);
    assert_int_equal(f.city[3], CARC_DICE_EDGE_W);
}

static void test_new_bad_input(void **state)
{
    (void)state;
    carc_dice_options o = CARC_DICE_OPTIONS_INIT;
    carc_dice_game *g = (carc_dice_game *)&o; /* must be reset to NULL on failure */
    assert_int_equal(carc_dice_game_new(NULL, &o), CARC_EINVAL);
    assert_int_equal(carc_dice_game_new(&g, NULL), CARC_EINVAL);
    assert_null(g);
    for (uint32_t p = 0; p < 8; p++) {
        o.players = p;
        carc_status s = carc_dice_game_new(&g, &o);
        assert_int_equal(s, p >= 2 && p <= 5 ? CARC_OK : CARC_ERANGE);
        if (s == CARC_OK) {
            uint32_t n = 0;
            DT_OK(carc_dice_game_players(&n, g));
            assert_int_equal(n, p);
        } else {
            assert_null(g);
        }
        carc_dice_game_free(g);
    }
    o.players = 2;
    o.version = 2;
    assert_int_equal(carc_dice_game_new(&g, &o), CARC_EVERSION);
    o.version = CARC_DICE_OPTIONS_VERSION;
    carc_allocator a = { NULL, NULL, NULL, NULL };
    o.allocator = &a;
    assert_int_equal(carc_dice_game_new(&g, &o), CARC_EINVAL);
    assert_null(g);
    carc_dice_game_free(NULL);

    /* options and faces read back */
    carc_dice_faces f;
    DT_OK(carc_dice_faces_parse(&f, "BWWW BWWW BBWW BBBW"));
    o.allocator = NULL;
    o.players = 4;
    o.seed = UINT64_MAX;
    o.faces = &f;
    DT_OK(carc_dice_game_new(&g, &o));
    f.city[0] = 0xF; /* copied at creation */
    carc_dice_options r;
    DT_OK(carc_dice_game_options_get(&r, g));
    assert_int_equal(r.players, 4);
    assert_true(r.seed == UINT64_MAX);
    assert_null(r.faces);
    assert_null(r.allocator);
    carc_dice_faces q;
    DT_OK(carc_dice_game_faces(&q, g));
    assert_int_equal(q.city[0], 0x1);
    assert_int_equal(q.city[2], 0x3);
    assert_int_equal(carc_dice_game_options_get(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_faces(&q, NULL), CARC_EINVAL);
    assert_string_equal(carc_dice_game_last_error(g), "");
    assert_non_null(carc_dice_game_last_error(NULL));
    carc_dice_game_free(g);
}

/* ----------------------------------------------------------------- queries */

static void test_queries_bad_input(void **state)
{
    (void)state;
    carc_dice_game *g = mid_game();
    uint32_t u = 0;
    int32_t i = 0;
    bool b = false;
    carc_dice_die die = { sizeof die, 0, 0, 0, 0, 0, 0, 0 };
    carc_dice_event ev;
    memset(&ev, 0, sizeof ev);
    ev.struct_size = sizeof ev;
    carc_dice_action act;
    assert_int_equal(carc_dice_game_phase(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_phase(&u, NULL), CARC_EINVAL);
    assert_int_equal(carc_dice_game_players(&u, NULL), CARC_EINVAL);
    assert_int_equal(carc_dice_game_current_player(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_turn(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_rolls(&u, NULL), CARC_EINVAL);
    assert_int_equal(carc_dice_game_doubled(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_score(NULL, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_score(&i, g, 3), CARC_ERANGE);
    assert_int_equal(carc_dice_game_kept_knight(&u, g, 3), CARC_ERANGE);
    assert_int_equal(carc_dice_game_kept_knight(NULL, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_winner(&u, NULL, g), CARC_ENOTFOUND);
    assert_int_equal(carc_dice_game_winner(NULL, NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_die(&die, g, 9), CARC_ERANGE);
    assert_int_equal(carc_dice_game_die(NULL, g, 0), CARC_EINVAL);
    die.struct_size = 0;
    assert_int_equal(carc_dice_game_die(&die, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_player_dice(&u, g, 3), CARC_ERANGE);
    assert_int_equal(carc_dice_game_player_dice(NULL, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_cell(NULL, g, 0, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_cell(&u, g, 0, 1000), CARC_ENOTFOUND); /* no edge: far away is empty */
    assert_int_equal(carc_dice_game_city_bounds(NULL, &i, &i, &i, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_largest_closed_city(NULL, NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_event_count(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_event(&ev, g, 99), CARC_ERANGE);
    ev.struct_size = 2;
    assert_int_equal(carc_dice_game_event(&ev, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_action_count(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_action(&act, g, 99), CARC_ERANGE);
    assert_int_equal(carc_dice_game_can_undo(NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_can_undo(&b, NULL), CARC_EINVAL);

    /* growable structs: a shorter struct_size gets only its part */
    carc_dice_die small;
    memset(&small, 0xAB, sizeof small);
    small.struct_size = (uint32_t)offsetof(carc_dice_die, face);
    DT_OK(carc_dice_game_die(&small, g, 1));
    assert_int_equal(small.location, CARC_DICE_LOC_CITY);
    assert_int_equal(small.face, 0xABABABABu);
    /* the history */
    uint32_t n = 0;
    DT_OK(carc_dice_game_action_count(&n, g));
    assert_int_equal(n, 7);
    DT_OK(carc_dice_game_action(&act, g, 6));
    assert_int_equal(act.kind, CARC_DICE_ACT_BUILD);
    assert_int_equal(act.die, 1);
    assert_int_equal(act.rotation, 2);
    DT_OK(carc_dice_game_action(&act, g, 1));
    assert_int_equal(act.kind, CARC_DICE_ACT_SET_KNIGHT);
    assert_int_equal(act.die, 0);
    carc_dice_game_free(g);
}

/* ----------------------------------------------------------------- actions */

static void test_play_bad_input(void **state)
{
    (void)state;
    carc_dice_game *g = mid_game();
    snap before, after;
    take(&before, g);
    static const carc_dice_action bad[] = {
        { 5, 0, 0, 0, 0, 0 },                             /* unknown kind */
        { 99, 0, 0, 0, 0, 0 },
        { CARC_DICE_ACT_ROLL, 0, 0, 0, 0, 1 },            /* reserved */
        { CARC_DICE_ACT_ROLL, 1, 0, 0, 0, 0 },            /* unused fields */
        { CARC_DICE_ACT_STOP, 0, 1, 0, 0, 0 },
        { CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 1, 0 },
        { CARC_DICE_ACT_SET_KNIGHT, 4, 1, 0, 0, 0 },
        { CARC_DICE_ACT_SET_KNIGHT, 9, 0, 0, 0, 0 },      /* die out of range */
        { CARC_DICE_ACT_BUILD, 9, 1, 0, 0, 0 },
        { CARC_DICE_ACT_BUILD, 0, 1, 0, 4, 0 },           /* rotation */
        { CARC_DICE_ACT_BUILD, 0, 100, 0, 0, 0 },         /* beyond the grid's reach */
        { CARC_DICE_ACT_BUILD, 0, 0, -100, 0, 0 },
        { CARC_DICE_ACT_BUILD, 0, INT32_MIN, 0, 0, 0 },
        { CARC_DICE_ACT_SET_KNIGHT, 0, 0, 0, 0, 0 },      /* player 0's kept knight */
        { CARC_DICE_ACT_SET_KNIGHT, 3, 0, 0, 0, 0 },      /* not a knight */
        { CARC_DICE_ACT_BUILD, 4, 0, 0, 0, 0 },           /* not a city face / cell taken */
        { CARC_DICE_ACT_BUILD, 3, 0, 0, 0, 0 },           /* cell taken */
        { CARC_DICE_ACT_BUILD, 3, 0, -1, 0, 0 },          /* edge mismatch */
        { CARC_DICE_ACT_BUILD, 1, 3, 3, 0, 0 },           /* already built */
        { CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0, 0 },   /* no knights */
    };
    static const carc_status expect[] = {
        CARC_EINVAL, CARC_EINVAL, CARC_EINVAL, CARC_EINVAL, CARC_EINVAL, CARC_EINVAL, CARC_EINVAL,
        CARC_ERANGE, CARC_ERANGE, CARC_ERANGE, CARC_ERANGE, CARC_ERANGE, CARC_ERANGE,
        CARC_EILLEGAL, CARC_EILLEGAL, CARC_EILLEGAL, CARC_EILLEGAL, CARC_EILLEGAL, CARC_EILLEGAL, CARC_EILLEGAL,
    };
    assert_int_equal(sizeof bad / sizeof bad[0], sizeof expect / sizeof expect[0]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char why[200] = "x";
        assert_int_equal(carc_dice_game_check_action(g, &bad[i]), expect[i]);
        assert_string_equal(carc_dice_game_last_error(g), ""); /* check writes no error */
        /* check_action_msg says why, without touching the game's text */
        assert_int_equal(carc_dice_game_check_action_msg(g, &bad[i], why, sizeof why), expect[i]);
        assert_string_equal(carc_dice_game_last_error(g), "");
        assert_string_not_equal(why, "");
        assert_int_equal(carc_dice_game_play(g, &bad[i]), expect[i]);
        assert_string_equal(carc_dice_game_last_error(g), why); /* the same reason as play */
        take(&after, g);
        same(&before, &after);
        drop(&after);
        /* a good action clears the error: play and undo */
        carc_dice_action stop = { CARC_DICE_ACT_STOP, 0, 0, 0, 0, 0 };
        DT_OK(carc_dice_game_play(g, &stop));
        assert_string_equal(carc_dice_game_last_error(g), "");
        DT_OK(carc_dice_game_undo(g));
    }
    /* the reason names the kind of action, not its number */
    char why[200];
    assert_int_equal(carc_dice_game_check_action_msg(g, &bad[3], why, sizeof why), CARC_EINVAL);
    assert_string_equal(why, "roll: die, x, y and rotation must be 0");
    assert_int_equal(carc_dice_game_check_action_msg(g, &bad[4], why, sizeof why), CARC_EINVAL);
    assert_string_equal(why, "stop: die, x, y and rotation must be 0");
    /* a legal action: "" (and a buffer of 1 byte is enough for that) */
    carc_dice_action stop = { CARC_DICE_ACT_STOP, 0, 0, 0, 0, 0 };
    assert_int_equal(carc_dice_game_check_action_msg(g, &stop, why, sizeof why), CARC_OK);
    assert_string_equal(why, "");
    assert_int_equal(carc_dice_game_check_action_msg(g, &bad[0], why, 1), CARC_EINVAL);
    assert_string_equal(why, "");
    assert_int_equal(carc_dice_game_check_action_msg(g, &bad[0], NULL, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_check_action_msg(g, &stop, NULL, 0), CARC_OK);
    assert_int_equal(carc_dice_game_check_action_msg(g, &stop, NULL, 4), CARC_EINVAL);
    assert_int_equal(carc_dice_game_check_action_msg(NULL, &stop, why, sizeof why), CARC_EINVAL);
    assert_string_equal(why, "invalid argument: NULL game");
    assert_int_equal(carc_dice_game_check_action_msg(g, NULL, why, sizeof why), CARC_EINVAL);
    assert_string_equal(why, "invalid argument: NULL action");
    assert_int_equal(carc_dice_game_play(g, NULL), CARC_EINVAL);
    assert_int_equal(carc_dice_game_play(NULL, &bad[0]), CARC_EINVAL);
    assert_int_equal(carc_dice_game_check_action(g, NULL), CARC_EINVAL);
    assert_int_equal(carc_dice_game_check_action(NULL, &bad[0]), CARC_EINVAL);
    take(&after, g);
    same(&before, &after);
    drop(&after);
    drop(&before);
    carc_dice_game_free(g);
}

static void test_wrong_phase(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 3);
    assert_int_equal(dt_stop(g), CARC_EPHASE);
    assert_int_equal(dt_keep(g), CARC_EPHASE);
    assert_int_equal(dt_knight(g, 0), CARC_EPHASE);
    assert_int_equal(dt_build(g, 0, 0, 0, 0), CARC_EPHASE);
    assert_string_not_equal(carc_dice_game_last_error(g), "");
    DT_ROLL(g, KN, KN, KN, CAT, CAT, CAT, CAT, CAT, CAT);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    DT_OK(dt_knight(g, 2));
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_KNIGHT_OPTION);
    assert_int_equal(dt_reroll(g), CARC_EPHASE);
    assert_int_equal(dt_knight(g, 0), CARC_EPHASE);
    DT_OK(carc_dice_game_undo(g));
    DT_OK(carc_dice_game_undo(g));
    /* after the third roll: no roll left, but a free knight can be set aside */
    DT_ROLL(g, CAT, KN);
    DT_ROLL(g, KN);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_CHOOSE);
    assert_int_equal(dt_reroll(g), CARC_EILLEGAL);
    carc_dice_game_free(g);
}

static void test_legal_actions_contract(void **state)
{
    (void)state;
    carc_dice_game *g = mid_game();
    size_t n = 0, m = 0;
    carc_dice_action small[3];
    assert_int_equal(carc_dice_game_legal_actions(NULL, 0, NULL, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_legal_actions(NULL, 5, &n, g, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_legal_actions(small, 3, &n, NULL, 0), CARC_EINVAL);
    assert_int_equal(carc_dice_game_legal_actions(small, 3, &n, g, 1u << 7), CARC_EINVAL);
    assert_int_equal(carc_dice_game_legal_actions(NULL, 0, &n, g, 0), CARC_EBUFFER);
    assert_true(n > 3);
    assert_int_equal(carc_dice_game_legal_actions(small, 3, &m, g, 0), CARC_EBUFFER);
    assert_int_equal(m, n);
    carc_dice_action *all = malloc(n * sizeof *all);
    assert_non_null(all);
    DT_OK(carc_dice_game_legal_actions(all, n, &m, g, 0));
    assert_int_equal(m, n);
    assert_memory_equal(small, all, sizeof small); /* the same first entries */
    /* every listed action is accepted, with reserved 0 */
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(all[i].reserved, 0);
        DT_OK(carc_dice_game_check_action(g, &all[i]));
    }
    /* flagged lists are sublists */
    for (uint32_t flags = 1; flags < 8; flags++) {
        carc_dice_action *sub = malloc(n * sizeof *sub);
        size_t k = 0;
        DT_OK(carc_dice_game_legal_actions(sub, n, &k, g, flags));
        assert_true(k <= n && k > 0);
        for (size_t i = 0; i < k; i++) {
            bool found = false;
            for (size_t j = 0; j < n && !found; j++)
                found = memcmp(&sub[i], &all[j], sizeof sub[i]) == 0;
            assert_true(found);
        }
        free(sub);
    }
    free(all);
    carc_dice_game_free(g);
}

/* carc_dice_game_last_roll: the latest roll of the history, without saving
 * the record (issue 19: the binding re-saved the whole game for it). */
static void expect_last_roll(const carc_dice_game *g, const uint8_t *faces, size_t n, uint32_t mask)
{
    uint8_t got[CARC_DICE_COUNT];
    size_t count = 99;
    uint32_t dice = 0;
    DT_OK(carc_dice_game_last_roll(got, sizeof got, &count, &dice, g));
    assert_int_equal(count, n);
    assert_int_equal(dice, mask);
    assert_memory_equal(got, faces, n);
}

static void test_last_roll(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(3, 11);
    uint8_t buf[CARC_DICE_COUNT];
    size_t count = 99;
    uint32_t dice = 99;
    assert_int_equal(carc_dice_game_last_roll(buf, sizeof buf, &count, &dice, g), CARC_ENOTFOUND);
    assert_int_equal(count, 0);
    assert_int_equal(dice, 0);
    static const uint8_t first[] = { KN, KN, KN, CAP, CAP, STRAIGHT, CAT, CORNER, TEE };
    dt_roll_n(g, first, sizeof first);
    expect_last_roll(g, first, 9, 0x1FF);
    DT_OK(dt_knight(g, 0));
    DT_OK(dt_knight(g, 1));
    expect_last_roll(g, first, 9, 0x1FF); /* other actions do not change it */
    /* a reroll rolls the free dice only: 2..5, 7, 8 (6 was a catapult) */
    static const uint8_t second[] = { KN, CAP, CAP, CORNER, TEE, TEE };
    dt_roll_n(g, second, sizeof second);
    expect_last_roll(g, second, 6, 0x1BCu);
    /* the short buffer: the count, CARC_EBUFFER, nothing written */
    memset(buf, 0xEE, sizeof buf);
    assert_int_equal(carc_dice_game_last_roll(buf, 5, &count, NULL, g), CARC_EBUFFER);
    assert_int_equal(count, 6);
    for (size_t i = 0; i < sizeof buf; i++)
        assert_int_equal(buf[i], 0xEE);
    assert_int_equal(carc_dice_game_last_roll(NULL, 0, &count, NULL, g), CARC_EBUFFER);
    assert_int_equal(carc_dice_game_last_roll(NULL, 1, &count, NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_last_roll(buf, 9, NULL, NULL, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_last_roll(buf, 9, &count, NULL, NULL), CARC_EINVAL);
    /* undone, the roll before is the last one again */
    DT_OK(carc_dice_game_undo(g));
    expect_last_roll(g, first, 9, 0x1FF);
    carc_dice_game_free(g);

    /* a roll that ends the game: still reported, the dice it rolled included */
    g = dt_new(2, 1);
    static const uint8_t cats[] = { CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT };
    dt_roll_n(g, cats, sizeof cats);
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_GAME_OVER);
    expect_last_roll(g, cats, 9, 0x1FF);
    carc_dice_game_free(g);
}

/* ---------------------------------------------------------- undo and clone */

static void test_undo(void **state)
{
    (void)state;
    carc_dice_game *g = dt_new(2, 3);
    bool b = true;
    DT_OK(carc_dice_game_can_undo(&b, g));
    assert_false(b);
    assert_int_equal(carc_dice_game_undo(g), CARC_ENO_UNDO);
    assert_string_not_equal(carc_dice_game_last_error(g), "");
    assert_int_equal(carc_dice_game_undo(NULL), CARC_EINVAL);

    /* undo an automatic end of turn with its scoring, then a whole game back */
    snap s0, s1, s2;
    take(&s0, g);
    DT_ROLL(g, CAP, STRAIGHT, CAP, CAT, CAT, CAT, CAT, CAT, CAT);
    DT_OK(dt_build(g, 0, 0, 0, 2));
    DT_OK(dt_build(g, 1, 0, 1, 0));
    take(&s1, g);
    DT_OK(dt_build(g, 2, 0, 2, 0));
    assert_int_equal(dt_score(g, 0), 1);
    take(&s2, g);
    DT_OK(carc_dice_game_undo(g));
    snap t;
    take(&t, g);
    same(&t, &s1);
    drop(&t);
    DT_OK(dt_build(g, 2, 0, 2, 0));
    take(&t, g);
    same(&t, &s2);
    drop(&t);
    while (carc_dice_game_undo(g) == CARC_OK) {
    }
    take(&t, g);
    same(&t, &s0);
    drop(&t);
    drop(&s0);
    drop(&s1);
    drop(&s2);
    carc_dice_game_free(g);

    /* an undone roll gets its preset back; the next roll draws the same */
    g = dt_new(2, 3);
    uint8_t f[2] = { KN, CAT };
    DT_OK(carc_dice_game_set_next_roll(g, f, 2));
    DT_OK(dt_reroll(g));
    DT_OK(carc_dice_game_undo(g));
    DT_OK(dt_reroll(g));
    assert_int_equal(dt_die(g, 0).face, KN);
    assert_int_equal(dt_die(g, 1).face, CAT);
    carc_dice_game_free(g);
}

static void test_clone(void **state)
{
    (void)state;
    carc_dice_game *g = mid_game(), *c = NULL, *h = NULL;
    assert_int_equal(carc_dice_game_clone(NULL, g, 0), CARC_EINVAL);
    c = g;
    assert_int_equal(carc_dice_game_clone(&c, NULL, 0), CARC_EINVAL);
    assert_null(c);
    assert_int_equal(carc_dice_game_clone(&c, g, 2), CARC_EINVAL);
    assert_null(c);
    DT_OK(carc_dice_game_clone(&c, g, 0));
    DT_OK(carc_dice_game_clone(&h, g, CARC_CLONE_NO_HISTORY));
    bool b = false;
    DT_OK(carc_dice_game_can_undo(&b, c));
    assert_true(b);
    DT_OK(carc_dice_game_can_undo(&b, h));
    assert_false(b);
    assert_int_equal(carc_dice_game_undo(h), CARC_ENO_UNDO);
    /* all three evolve identically, independently of each other */
    uint64_t rng = 5;
    for (int i = 0; i < 3000 && dt_phase(g) != CARC_DICE_PHASE_GAME_OVER; i++) {
        carc_dice_action a = dt_bot(g, &rng, 10);
        DT_OK(carc_dice_game_play(g, &a));
        DT_OK(carc_dice_game_play(c, &a));
        DT_OK(carc_dice_game_play(h, &a));
    }
    assert_int_equal(dt_phase(g), CARC_DICE_PHASE_GAME_OVER);
    snap a, x, y;
    take(&a, g);
    take(&x, c);
    take(&y, h);
    same(&a, &x);
    same(&a, &y);
    drop(&a);
    drop(&x);
    drop(&y);
    /* the clone with history undoes back to the start like the original */
    while (carc_dice_game_undo(c) == CARC_OK) {
    }
    uint32_t n = 0;
    DT_OK(carc_dice_game_action_count(&n, c));
    assert_int_equal(n, 0);
    carc_dice_game_free(g);
    carc_dice_game_free(c);
    carc_dice_game_free(h);
}

/* ----------------------------------------------------------------- records */

static const char *const good_record =
    "carcassonne-dice-record 1\n"
    "players 2\n"
    "seed 5\n"
    "faces BWWW BBWW BWBW BBBW\n"
    "roll 0 2 0 K K K C 1 3\n"
    "build 0 0 0 180\n"
    "build 1 0 1 0\n"
    "build 2 0 2 0\n"
    "knight 3\n"
    "knight 4\n"
    "knight 5\n"
    "stop\n"
    "roll K K K 0 0 0 0 0 0\n"
    "knight 0\n"
    "knight 1\n"
    "knight 2\n"
    "keep-knight\n"
    "actions 13\n";

static void test_record_round_trip(void **state)
{
    (void)state;
    carc_dice_game *g = NULL;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    DT_OK(carc_dice_game_load(&g, good_record, strlen(good_record), NULL, &err));
    assert_string_equal(err.message, "");
    assert_int_equal(dt_score(g, 0), 1);
    uint32_t kept = 9;
    DT_OK(carc_dice_game_kept_knight(&kept, g, 1));
    assert_int_equal(kept, 0);
    char *text = dt_save(g);
    assert_string_equal(text, good_record);
    free(text);
    /* the loaded game goes on like the saved one (the generator too) */
    carc_dice_game *h = NULL;
    DT_OK(carc_dice_game_load(&h, good_record, strlen(good_record), NULL, NULL));
    carc_dice_game *o = dt_new(2, 5);
    uint8_t first[9] = { CAP, STRAIGHT, CAP, KN, KN, KN, CAT, CORNER, TEE };
    dt_roll_n(o, first, 9);
    uint32_t n = 0;
    DT_OK(carc_dice_game_action_count(&n, g));
    for (uint32_t i = 1; i < n; i++) {
        carc_dice_action a;
        DT_OK(carc_dice_game_action(&a, g, i));
        if (a.kind == CARC_DICE_ACT_ROLL) {
            uint8_t second[9] = { KN, KN, KN, CAP, CAP, CAP, CAP, CAP, CAP };
            DT_OK(carc_dice_game_set_next_roll(o, second, 9));
        }
        DT_OK(carc_dice_game_play(o, &a));
    }
    DT_OK(dt_reroll(g));
    DT_OK(dt_reroll(h));
    DT_OK(dt_reroll(o));
    for (uint32_t d = 0; d < 9; d++) {
        carc_dice_die x = dt_die(g, d), y = dt_die(h, d), z = dt_die(o, d);
        assert_memory_equal(&x, &y, sizeof x);
        assert_memory_equal(&x, &z, sizeof x);
    }
    carc_dice_game_free(o);
    carc_dice_game_free(h);
    carc_dice_game_free(g);

    /* bot games of every size and a custom face set round-trip */
    carc_dice_faces f;
    DT_OK(carc_dice_faces_parse(&f, "BBWW BWWW BWBW BBBB"));
    for (uint32_t players = 2; players <= 5; players++) {
        g = dt_new_faces(players, 100 + players, players == 4 ? &f : NULL);
        uint64_t rng = players;
        for (int i = 0; i < 5000 && dt_phase(g) != CARC_DICE_PHASE_GAME_OVER; i++) {
            carc_dice_action a = dt_bot(g, &rng, 15);
            DT_OK(carc_dice_game_play(g, &a));
        }
        text = dt_save(g);
        DT_OK(carc_dice_game_load(&h, text, strlen(text), NULL, &err));
        char *again = dt_save(h);
        assert_string_equal(text, again);
        snap a, b;
        take(&a, g);
        take(&b, h);
        same(&a, &b);
        drop(&a);
        drop(&b);
        free(again);
        free(text);
        carc_dice_game_free(g);
        carc_dice_game_free(h);
    }
}

static void test_save_contract(void **state)
{
    (void)state;
    carc_dice_game *g = mid_game();
    char buf[16];
    size_t need = 0, need2 = 0;
    assert_int_equal(carc_dice_game_save(buf, sizeof buf, &need, NULL), CARC_EINVAL);
    assert_int_equal(carc_dice_game_save(NULL, 4, &need, g), CARC_EINVAL);
    assert_int_equal(carc_dice_game_save(buf, sizeof buf, &need, g), CARC_EBUFFER);
    assert_int_equal(buf[15], '\0');
    assert_memory_equal(buf, "carcassonne-dic", 15);
    assert_int_equal(carc_dice_game_save(NULL, 0, &need2, g), CARC_EBUFFER);
    assert_int_equal(need, need2);
    char *t = malloc(need + 1);
    assert_int_equal(carc_dice_game_save(t, need, NULL, g), CARC_EBUFFER); /* no room for the NUL */
    DT_OK(carc_dice_game_save(t, need + 1, NULL, g));
    assert_int_equal(strlen(t), need);
    free(t);
    carc_dice_game_free(g);
}

/* Replace line `line` (1-based) of good_record by `text` (NULL: delete it). */
static char *edit(unsigned line, const char *text)
{
    size_t cap = strlen(good_record) + 256;
    char *out = malloc(cap);
    const char *p = good_record;
    out[0] = '\0';
    for (unsigned i = 1; *p; i++) {
        const char *e = strchr(p, '\n');
        size_t n = (size_t)(e - p) + 1;
        if (i == line) {
            if (text)
                strcat(out, text);
        } else {
            strncat(out, p, n);
        }
        p += n;
    }
    return out;
}

static void expect_load(const char *data, size_t len, carc_status st, uint32_t line, const char *what)
{
    carc_dice_game *g = (carc_dice_game *)(uintptr_t)1;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    carc_status got = carc_dice_game_load(&g, data, len, NULL, &err);
    if (got != st || err.line != line)
        fail_msg("load of a record with %s: status %s line %u (%s); expected %s line %u", what, carc_status_name(got),
                 err.line, err.message, carc_status_name(st), line);
    assert_null(g);
    assert_int_equal(err.status, st);
    assert_true(strlen(err.message) > 0);
    if (line) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "line %u: ", line);
        assert_memory_equal(err.message, prefix, strlen(prefix));
    }
}

static void expect_edit(unsigned line, const char *text, carc_status st, uint32_t at, const char *what)
{
    char *r = edit(line, text);
    expect_load(r, strlen(r), st, at, what);
    free(r);
}

static void test_load_strict(void **state)
{
    (void)state;
    carc_dice_game *g = NULL;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    assert_int_equal(carc_dice_game_load(NULL, good_record, strlen(good_record), NULL, &err), CARC_EINVAL);
    assert_int_equal(carc_dice_game_load(&g, NULL, 5, NULL, &err), CARC_EINVAL);
    err.struct_size = 2;
    assert_int_equal(carc_dice_game_load(&g, good_record, strlen(good_record), NULL, &err), CARC_EINVAL);
    carc_allocator half = { NULL, NULL, NULL, NULL };
    assert_int_equal(carc_dice_game_load(&g, good_record, strlen(good_record), &half, NULL), CARC_EINVAL);

    expect_load("", 0, CARC_EFORMAT, 1, "nothing");
    expect_load("carcassonne-record 1\n", 21, CARC_EFORMAT, 1, "the tile game's magic");
    expect_edit(1, "carcassonne-dice-record 2\n", CARC_EFORMAT, 1, "format 2");
    expect_edit(1, "carcassonne-dice-record x\n", CARC_EFORMAT, 1, "a bad version");
    expect_edit(2, "players 6\n", CARC_EPARSE, 2, "6 players");
    expect_edit(2, "players 02\n", CARC_EPARSE, 2, "a leading zero");
    expect_edit(2, NULL, CARC_EPARSE, 2, "no players line");
    expect_edit(3, "seed -1\n", CARC_EPARSE, 3, "a negative seed");
    expect_edit(3, "seed 18446744073709551616\n", CARC_EPARSE, 3, "a seed too large");
    expect_edit(4, "faces BWWW BBWW BWBW\n", CARC_EPARSE, 4, "3 faces");
    expect_edit(4, "faces WWWW BBWW BWBW BBBW\n", CARC_EPARSE, 4, "a face with no black edge");
    expect_edit(4, "faces BWWW BBWW BWBW BBBQ\n", CARC_EPARSE, 4, "a bad letter");
    expect_edit(5, "roll 0 2 0 K K K C 1\n", CARC_ERECORD, 5, "8 faces for 9 dice");
    expect_edit(5, "roll 0 2 0 K K K C 1 3 3\n", CARC_EPARSE, 5, "10 faces");
    expect_edit(5, "roll 0 2 0 K K K C 1 7\n", CARC_EPARSE, 5, "face 7");
    expect_edit(5, "roll\n", CARC_EPARSE, 5, "a roll of nothing");
    expect_edit(6, "build 0 1 0 180\n", CARC_ERECORD, 6, "a first die off 0,0");
    expect_edit(6, "build 0 0 0 45\n", CARC_EPARSE, 6, "rotation 45");
    expect_edit(6, "build 0 -0 0 0\n", CARC_EPARSE, 6, "-0");
    expect_edit(6, "build 9 0 0 0\n", CARC_EPARSE, 6, "die 9");
    expect_edit(6, "build 0 0 0\n", CARC_EPARSE, 6, "a short build");
    expect_edit(7, "build 1 0 1 90\n", CARC_ERECORD, 7, "an edge mismatch");
    expect_edit(7, "build 3 0 1 0\n", CARC_ERECORD, 7, "a knight built");
    expect_edit(9, "knight 1\n", CARC_ERECORD, 9, "a built die as a knight");
    expect_edit(9, "knight\n", CARC_EPARSE, 9, "knight without a die");
    expect_edit(9, "knight 9\n", CARC_EPARSE, 9, "knight die 9: no such die in any game");
    expect_edit(7, "build 1 0 9 0\n", CARC_ERECORD, 7, "a build beyond the grid's reach");
    expect_edit(7, "build 1 -2147483648 0 0\n", CARC_ERECORD, 7, "a build at x = INT32_MIN");
    expect_edit(7, "build 1 0 2147483648 0\n", CARC_EPARSE, 7, "a coordinate beyond int32");
    expect_edit(12, "stop now\n", CARC_EPARSE, 12, "stop with an argument");
    expect_edit(12, "pass\n", CARC_EPARSE, 12, "an unknown keyword");
    expect_edit(12, "keep-knight\n", CARC_ERECORD, 13, "9 faces when a kept knight leaves 8 dice");
    expect_edit(13, "roll K K K 0 0 0 0 0 0 0\n", CARC_EPARSE, 13, "10 faces");
    expect_edit(17, "stop\nroll 0\n", CARC_ERECORD, 18, "a roll of 1 die when 8 are free");
    expect_edit(18, "actions 12\n", CARC_EPARSE, 18, "a wrong trailer");
    expect_edit(18, NULL, CARC_EPARSE, 18, "no trailer");
    expect_edit(18, "actions 13\nroll 0\n", CARC_EPARSE, 19, "text after the trailer");
    expect_edit(8, "build 2  0 2 0\n", CARC_EPARSE, 8, "a double space");
    expect_edit(8, "build 2 0 2 0 \n", CARC_EPARSE, 8, "a trailing space");
    expect_edit(8, "\n", CARC_EPARSE, 8, "an empty line");
    expect_edit(8, "build 2 0 2 0\r\n", CARC_EPARSE, 8, "a CR");
    expect_load(good_record, strlen(good_record) - 1, CARC_EPARSE, 18, "no final line end");
    char nul[64];
    memcpy(nul, good_record, 40);
    nul[30] = '\0';
    expect_load(nul, 40, CARC_EPARSE, 2, "a NUL byte");

    /* a record past the end of the game */
    carc_dice_game *w = dt_new(2, 1);
    DT_ROLL(w, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT);
    char *t = dt_save(w);
    assert_string_equal(t, "carcassonne-dice-record 1\nplayers 2\nseed 1\nfaces BWWW BBWW BWBW BBBW\n"
                           "roll C C C C C C C C C\nactions 1\n");
    char more[256];
    snprintf(more, sizeof more, "%.*sstop\nactions 2\n", (int)(strlen(t) - strlen("actions 1\n")), t);
    expect_load(more, strlen(more), CARC_ERECORD, 6, "an action after the end");
    snprintf(more, sizeof more, "%.*sroll 0\nactions 2\n", (int)(strlen(t) - strlen("actions 1\n")), t);
    expect_load(more, strlen(more), CARC_ERECORD, 6, "a roll after the end");
    snprintf(more, sizeof more, "%.*sknight 9\nactions 2\n", (int)(strlen(t) - strlen("actions 1\n")), t);
    expect_load(more, strlen(more), CARC_EPARSE, 6, "die 9 after the end: malformed first");
    free(t);
    carc_dice_game_free(w);
}

/* ------------------------------------------------------- allocation failures */

typedef struct chaos {
    long left; /* allocations that succeed before the failures start (-1: never fail) */
    long live;
} chaos;

static void *chaos_alloc(void *ud, size_t n)
{
    chaos *c = ud;
    if (c->left == 0)
        return NULL;
    if (c->left > 0)
        c->left--;
    c->live++;
    return test_malloc(n);
}
static void *chaos_realloc(void *ud, void *p, size_t o, size_t n)
{
    chaos *c = ud;
    (void)o;
    if (c->left == 0)
        return NULL;
    if (c->left > 0)
        c->left--;
    return test_realloc(p, n);
}
static void chaos_free(void *ud, void *p, size_t n)
{
    chaos *c = ud;
    (void)n;
    c->live--;
    test_free(p);
}

/* Fail allocation N = 0, 1, ... until a whole game (new, play, clone, load)
 * gets through: each failure is CARC_ENOMEM, leaves the game as it was, and
 * leaks nothing (cmocka checks test_malloc). */
static void test_alloc_failures(void **state)
{
    (void)state;
    carc_dice_game *ref = dt_new(3, 77);
    uint64_t rng = 1;
    for (int i = 0; i < 4000 && dt_phase(ref) != CARC_DICE_PHASE_GAME_OVER; i++) {
        carc_dice_action a = dt_bot(ref, &rng, 0);
        DT_OK(carc_dice_game_play(ref, &a));
    }
    assert_int_equal(dt_phase(ref), CARC_DICE_PHASE_GAME_OVER);
    char *record = dt_save(ref);
    uint32_t n_actions = 0;
    DT_OK(carc_dice_game_action_count(&n_actions, ref));
    assert_true(n_actions > 100); /* the arrays must grow during the game */

    bool done = false;
    for (long fail_at = 0; !done; fail_at++) {
        chaos c = { fail_at, 0 };
        carc_allocator a = { chaos_alloc, chaos_realloc, chaos_free, &c };
        carc_dice_options o = CARC_DICE_OPTIONS_INIT;
        o.players = 3;
        o.seed = 77;
        o.allocator = &a;
        carc_dice_game *g = NULL, *k = NULL, *l = NULL;
        carc_status s = carc_dice_game_new(&g, &o);
        if (s != CARC_OK) {
            assert_int_equal(s, CARC_ENOMEM);
            assert_null(g);
            assert_int_equal(c.live, 0);
            continue;
        }
        bool failed = false;
        for (uint32_t i = 0; i < n_actions && !failed; i++) {
            carc_dice_action act;
            DT_OK(carc_dice_game_action(&act, ref, i));
            snap before;
            take(&before, g);
            s = carc_dice_game_play(g, &act);
            if (s != CARC_OK) {
                assert_int_equal(s, CARC_ENOMEM);
                snap after;
                take(&after, g);
                same(&before, &after);
                drop(&after);
                failed = true;
            }
            drop(&before);
        }
        if (!failed) {
            char *t = dt_save(g);
            assert_string_equal(t, record);
            free(t);
            s = carc_dice_game_clone(&k, g, 0);
            if (s == CARC_OK)
                s = carc_dice_game_load(&l, record, strlen(record), &a, NULL);
            if (s == CARC_OK)
                done = true;
            else
                assert_int_equal(s, CARC_ENOMEM);
        }
        carc_dice_game_free(l);
        carc_dice_game_free(k);
        carc_dice_game_free(g);
        assert_int_equal(c.live, 0);
        assert_true(fail_at < 10000);
    }
    free(record);
    carc_dice_game_free(ref);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_and_faces),
        cmocka_unit_test(test_new_bad_input),
        cmocka_unit_test(test_queries_bad_input),
        cmocka_unit_test(test_play_bad_input),
        cmocka_unit_test(test_wrong_phase),
        cmocka_unit_test(test_legal_actions_contract),
        cmocka_unit_test(test_last_roll),
        cmocka_unit_test(test_undo),
        cmocka_unit_test(test_clone),
        cmocka_unit_test(test_record_round_trip),
        cmocka_unit_test(test_save_contract),
        cmocka_unit_test(test_load_strict),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests_name("dice.api", tests, NULL, NULL);
}
