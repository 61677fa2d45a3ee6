/* SPDX-License-Identifier: MIT */
/*
 * Property tests over thousands of seeded bot games (white-box: the rules
 * state is compared byte for byte):
 *  - dice conservation: the 9 dice are always accounted for, each where the
 *    rules allow (pool, knights, city of the player to move; catapults with
 *    his left neighbour; at most one kept knight per other player);
 *  - every built city obeys D-2 (all neighbours match);
 *  - no score above the table: each score is table(dice) x (1 or 2);
 *  - the game ends, at >= 42 or by 9 catapults, and nothing else ends it;
 *  - undo restores the identical state (and saved record), replay gives the
 *    identical state again;
 *  - a clone (with or without history) evolves identically;
 *  - save, load, save gives the identical record and state;
 *  - the enumeration lists exactly what check/play accept (exhaustively on
 *    sampled states), flagged lists are sublists.
 */
#include "dice_test_util.h"
#include "dice/dice_internal.h"

/* x 4 player counts; a quarter under AddressSanitizer, whose run looks for
 * memory errors (the ordinary build checks the rules over all of them) */
#if defined(__SANITIZE_ADDRESS__)
#define GAMES_PER_SIZE 150u
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GAMES_PER_SIZE 150u
#endif
#endif
#ifndef GAMES_PER_SIZE
#define GAMES_PER_SIZE 600u
#endif
#define MAX_TURNS 4000u

typedef struct stats {
    unsigned long games, actions, turns, score_wins, catapult_wins, knight_options, exhaustive, doubled_scores;
    uint32_t max_points;
} stats;

static void check_conservation(const carc_dice_game *g)
{
    const carci_dice_state *st = &g->st;
    uint32_t players = st->players, cur = st->cur, left = (cur + 1u) % players;
    uint32_t count[5] = { 0 }, kept_by[5] = { 0 };
    assert_true(st->rolls <= CARC_DICE_MAX_ROLLS);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = dt_die(g, d);
        assert_true(die.location <= CARC_DICE_LOC_KEPT);
        assert_true(die.player < players);
        count[die.location]++;
        switch (die.location) {
        case CARC_DICE_LOC_POOL:
            assert_int_equal(die.player, cur);
            if (st->phase == CARC_DICE_PHASE_ROLL)
                assert_int_equal(die.face, CARC_DICE_FACE_NONE);
            else
                assert_true(die.face <= CARC_DICE_FACE_KNIGHT);
            break;
        case CARC_DICE_LOC_KNIGHT:
            assert_int_equal(die.player, cur);
            assert_int_equal(die.face, CARC_DICE_FACE_KNIGHT);
            break;
        case CARC_DICE_LOC_CITY:
            assert_int_equal(die.player, cur);
            assert_true(die.face < CARC_DICE_CITY_FACES);
            break;
        case CARC_DICE_LOC_CATAPULT:
            assert_int_equal(die.player, left);
            assert_int_equal(die.face, CARC_DICE_FACE_CATAPULT);
            break;
        case CARC_DICE_LOC_KEPT:
            assert_int_equal(die.face, CARC_DICE_FACE_KNIGHT);
            if (st->phase != CARC_DICE_PHASE_GAME_OVER)
                assert_int_not_equal(die.player, cur);
            kept_by[die.player]++;
            break;
        default:
            break;
        }
    }
    assert_int_equal(count[0] + count[1] + count[2] + count[3] + count[4], CARC_DICE_COUNT);
    for (uint32_t p = 0; p < players; p++)
        assert_true(kept_by[p] <= 1);
    assert_int_equal(count[CARC_DICE_LOC_CATAPULT], st->catapults);
    if (st->phase == CARC_DICE_PHASE_ROLL) {
        assert_int_equal(count[CARC_DICE_LOC_POOL], CARC_DICE_COUNT - count[CARC_DICE_LOC_KEPT]);
        assert_int_equal(st->rolls, 0);
    }
    if (st->phase == CARC_DICE_PHASE_CHOOSE)
        assert_true(count[CARC_DICE_LOC_POOL] > 0); /* else the turn would have ended */
    if (st->phase == CARC_DICE_PHASE_KNIGHT_OPTION)
        assert_true(count[CARC_DICE_LOC_KNIGHT] >= CARC_DICE_KNIGHT_OPTION_KNIGHTS);
    /* the player dice masks partition the dice */
    uint32_t all = 0;
    for (uint32_t p = 0; p < players; p++) {
        uint32_t m = 0;
        DT_OK(carc_dice_game_player_dice(&m, g, p));
        assert_int_equal(all & m, 0);
        all |= m;
    }
    assert_int_equal(all, 0x1FF);
    /* D-2 holds for the whole city */
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die a = dt_die(g, d);
        if (a.location != CARC_DICE_LOC_CITY)
            continue;
        /* the grid has no edge that matters: every cell a black edge faces
         * is within reach, so the city can still be closed (issue 19) */
        carci_dice_window w;
        carci_dice_window_get(g, &w);
        for (unsigned s = 0; s < 4; s++)
            if ((a.edges >> s) & 1u)
                assert_true(carci_dice_in_window(&w, a.x + carci_dice_side_dx[s], a.y + carci_dice_side_dy[s]));
        assert_true(a.x >= -64 && a.x <= 64 && a.y >= -64 && a.y <= 64); /* (9 - 1) * R */
        for (uint32_t e = d + 1; e < CARC_DICE_COUNT; e++) {
            carc_dice_die b = dt_die(g, e);
            if (b.location != CARC_DICE_LOC_CITY)
                continue;
            assert_false(a.x == b.x && a.y == b.y);
            int32_t dx = b.x - a.x, dy = b.y - a.y;
            if (dx * dx + dy * dy != 1)
                continue;
            uint32_t s = dy == -1 ? 0u : dx == 1 ? 1u : dy == 1 ? 2u : 3u;
            assert_int_equal((a.edges >> s) & 1u, (b.edges >> ((s + 2u) & 3u)) & 1u);
        }
    }
}

/* New events of one action: scores from the table, doubled at most once. */
static void check_events(const carc_dice_game *g, uint32_t from, const int32_t *before, stats *sx)
{
    uint32_t n = 0;
    DT_OK(carc_dice_game_event_count(&n, g));
    int32_t gained[5] = { 0 };
    for (uint32_t i = from; i < n; i++) {
        carc_dice_event e = dt_event(g, i);
        if (e.kind == CARC_DICE_EVENT_SCORE) {
            assert_true(e.dice <= CARC_DICE_COUNT);
            assert_true(e.doubled <= 1);
            assert_int_equal(e.points, carc_dice_city_points(e.dice) * (e.doubled ? 2 : 1));
            assert_true(e.points <= 56);
            gained[e.player] += e.points;
            if ((uint32_t)e.points > sx->max_points)
                sx->max_points = (uint32_t)e.points;
            sx->doubled_scores += e.doubled && e.points > 0;
        } else if (e.kind == CARC_DICE_EVENT_KNIGHTS) {
            assert_true(e.dice >= CARC_DICE_KNIGHT_OPTION_KNIGHTS);
            sx->knight_options++;
        } else if (e.kind == CARC_DICE_EVENT_CATAPULTS) {
            assert_true(e.dice >= 1 && e.dice <= CARC_DICE_COUNT);
        } else {
            assert_int_equal(e.kind, CARC_DICE_EVENT_WIN);
        }
    }
    uint32_t players = g->st.players;
    for (uint32_t p = 0; p < players; p++)
        assert_int_equal(dt_score(g, p), before[p] + gained[p]);
}

/* Every candidate action, in the enumeration's order: accepted iff listed. */
static void check_enumeration_exhaustive(const carc_dice_game *g)
{
    static carc_dice_action list[DT_MAX_ACTIONS];
    size_t n = 0, k = 0;
    DT_OK(carc_dice_game_legal_actions(list, DT_MAX_ACTIONS, &n, g, 0));
    /* every cell of the grid's reach and two more on each side */
    int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    carc_dice_game_city_bounds(&x0, &y0, &x1, &y1, g);
    x0 -= CARC_DICE_GRID_RADIUS + 2;
    y0 -= CARC_DICE_GRID_RADIUS + 2;
    x1 += CARC_DICE_GRID_RADIUS + 2;
    y1 += CARC_DICE_GRID_RADIUS + 2;
    carc_dice_action c;
#define TRY(kind_, die_, x_, y_, r_)                                               \
    do {                                                                       \
        carc_dice_action c_ = { (kind_), (die_), (x_), (y_), (r_), 0 };        \
        c = c_;                                                                \
        if (carc_dice_game_check_action(g, &c) == CARC_OK) {                   \
            assert_true(k < n);                                                \
            assert_memory_equal(&list[k], &c, sizeof c);                      \
            k++;                                                               \
        }                                                                      \
    } while (0)
    TRY(CARC_DICE_ACT_ROLL, 0, 0, 0, 0);
    for (uint32_t d = 0; d < 9; d++)
        TRY(CARC_DICE_ACT_SET_KNIGHT, d, 0, 0, 0);
    for (uint32_t d = 0; d < 9; d++)
        for (int32_t y = y0; y <= y1; y++)
            for (int32_t x = x0; x <= x1; x++)
                for (uint32_t r = 0; r < 4; r++)
                    TRY(CARC_DICE_ACT_BUILD, d, x, y, r);
    TRY(CARC_DICE_ACT_STOP, 0, 0, 0, 0);
    TRY(CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0);
#undef TRY
    assert_int_equal(k, n);
    (void)c;
    /* flagged lists are sublists in the same order, and the flags do what they say */
    for (uint32_t flags = 1; flags < 8; flags++) {
        static carc_dice_action sub[DT_MAX_ACTIONS];
        size_t m = 0, j = 0;
        DT_OK(carc_dice_game_legal_actions(sub, DT_MAX_ACTIONS, &m, g, flags));
        for (size_t i = 0; i < m; i++) {
            while (j < n && memcmp(&list[j], &sub[i], sizeof sub[i]) != 0)
                j++;
            assert_true(j < n);
            if (sub[i].kind == CARC_DICE_ACT_BUILD && (flags & CARC_DICE_ENUM_TOUCHING) && !(sub[i].x == 0 && sub[i].y == 0)) {
                uint32_t die;
                bool touching = false;
                for (int s = 0; s < 4; s++) {
                    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
                    touching = touching || carc_dice_game_cell(&die, g, sub[i].x + dx[s], sub[i].y + dy[s]) == CARC_OK;
                }
                assert_true(touching);
            }
        }
        /* nothing but builds is dropped */
        size_t other_full = 0, other_sub = 0;
        for (size_t i = 0; i < n; i++)
            other_full += list[i].kind != CARC_DICE_ACT_BUILD && list[i].kind != CARC_DICE_ACT_SET_KNIGHT;
        for (size_t i = 0; i < m; i++)
            other_sub += sub[i].kind != CARC_DICE_ACT_BUILD && sub[i].kind != CARC_DICE_ACT_SET_KNIGHT;
        assert_int_equal(other_full, other_sub);
    }
}

static void check_round_trip(const carc_dice_game *g)
{
    char *text = dt_save(g);
    carc_dice_game *h = NULL;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    if (carc_dice_game_load(&h, text, strlen(text), NULL, &err) != CARC_OK)
        fail_msg("load failed: %s\n%s", err.message, text);
    char *again = dt_save(h);
    assert_string_equal(text, again);
    assert_memory_equal(&g->st, &h->st, sizeof g->st);
    assert_memory_equal(g->hist, h->hist, g->st.n_hist * sizeof *g->hist);
    assert_memory_equal(g->ev, h->ev, g->st.n_events * sizeof *g->ev);
    free(text);
    free(again);
    carc_dice_game_free(h);
}

static const char *const face_sets[] = {
    NULL, /* the default */
    "BWWW BBWW BWBW BBBB",
    "BWWW BWWW BBWW BBWW",
    "BWWW BBWW BBWW BWBW",
};

static void play_game(uint32_t players, uint64_t seed, stats *sx)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + players;
    carc_dice_faces faces;
    const char *set = face_sets[seed % 5u == 4u ? 1u + (seed / 5u) % 3u : 0u];
    if (set)
        DT_OK(carc_dice_faces_parse(&faces, set));
    carc_dice_game *g = dt_new_faces(players, seed, set ? &faces : NULL);
    carc_dice_game *clone = NULL, *light = NULL;
    unsigned random_pct = (unsigned)(seed % 4u) * 8u; /* 0, 8, 16, 24 % random actions */
    uint32_t clone_at = (uint32_t)(dt_rand(&rng) % 300u), step = 0;
    bool exhaustive = sx->games < 60;
    int32_t scores[5] = { 0 };

    check_conservation(g);
    while (g->st.phase != CARC_DICE_PHASE_GAME_OVER) {
        assert_true(g->st.turn < MAX_TURNS);
        if (step == clone_at) {
            DT_OK(carc_dice_game_clone(&clone, g, 0));
            DT_OK(carc_dice_game_clone(&light, g, CARC_CLONE_NO_HISTORY));
            assert_memory_equal(&clone->st, &g->st, sizeof g->st);
        }
        if (exhaustive && step % 23u == 0) {
            check_enumeration_exhaustive(g);
            sx->exhaustive++;
        }
        carc_dice_action a = dt_bot(g, &rng, random_pct);
        carci_dice_state before, after;
        memcpy(&before, &g->st, sizeof before);
        char *rec_before = step % 29u == 0 ? dt_save(g) : NULL;
        uint32_t ev_before = g->st.n_events;
        DT_OK(carc_dice_game_play(g, &a));
        memcpy(&after, &g->st, sizeof after);
        check_conservation(g);
        check_events(g, ev_before, scores, sx);
        for (uint32_t p = 0; p < players; p++) {
            assert_true(g->st.score[p] >= scores[p]);
            scores[p] = g->st.score[p];
        }
        /* undo restores the identical state; replay gives the identical state */
        DT_OK(carc_dice_game_undo(g));
        assert_memory_equal(&g->st, &before, sizeof before);
        if (rec_before) {
            char *rec = dt_save(g);
            assert_string_equal(rec, rec_before);
            free(rec);
            free(rec_before);
        }
        DT_OK(carc_dice_game_play(g, &a));
        assert_memory_equal(&g->st, &after, sizeof after);
        if (clone) {
            DT_OK(carc_dice_game_play(clone, &a));
            DT_OK(carc_dice_game_play(light, &a));
        }
        step++;
        sx->actions++;
    }

    /* how it ended */
    uint32_t winner = 9, reason = 0;
    DT_OK(carc_dice_game_winner(&winner, &reason, g));
    carc_dice_event last = dt_last_event(g);
    assert_int_equal(last.kind, CARC_DICE_EVENT_WIN);
    assert_int_equal(last.player, winner);
    if (reason == CARC_DICE_WIN_SCORE_REACHED) {
        assert_true(dt_score(g, winner) >= CARC_DICE_WIN_SCORE);
        sx->score_wins++;
    } else {
        assert_int_equal(reason, CARC_DICE_WIN_CATAPULTS);
        assert_int_equal(last.dice, CARC_DICE_COUNT);
        assert_int_equal(dt_count_loc(g, CARC_DICE_LOC_CATAPULT), CARC_DICE_COUNT);
        sx->catapult_wins++;
    }
    for (uint32_t p = 0; p < players; p++)
        if (p != winner)
            assert_true(dt_score(g, p) < CARC_DICE_WIN_SCORE);
    size_t n = 9;
    DT_OK(carc_dice_game_legal_actions(NULL, 0, &n, g, 0));
    assert_int_equal(n, 0);
    sx->turns += g->st.turn + 1u;

    if (clone) {
        assert_memory_equal(&clone->st, &g->st, sizeof g->st);
        assert_memory_equal(&light->st, &g->st, sizeof g->st);
        char *a = dt_save(g), *b = dt_save(clone), *c = dt_save(light);
        assert_string_equal(a, b);
        assert_string_equal(a, c);
        free(a);
        free(b);
        free(c);
        assert_int_equal(clone->n_snaps, g->n_snaps);
        assert_int_equal(light->n_snaps, g->n_snaps - clone_at);
    }
    check_round_trip(g);
    /* undo all the way: the state of a new game */
    carc_dice_game *fresh = dt_new_faces(players, seed, set ? &faces : NULL);
    while (carc_dice_game_undo(g) == CARC_OK) {
    }
    assert_memory_equal(&g->st, &fresh->st, sizeof fresh->st);
    carc_dice_game_free(fresh);
    carc_dice_game_free(clone);
    carc_dice_game_free(light);
    carc_dice_game_free(g);
    sx->games++;
}

static void test_bot_games(void **state)
{
    (void)state;
    stats sx;
    memset(&sx, 0, sizeof sx);
    for (uint32_t players = 2; players <= 5; players++)
        for (uint32_t i = 0; i < GAMES_PER_SIZE; i++)
            play_game(players, 1000u * players + i, &sx);
    print_message("%lu games, %lu actions, %lu turns; wins: %lu at 42, %lu by catapults; %lu knight options, "
                  "%lu doubled scores, best turn %u points; %lu states checked exhaustively\n",
                  sx.games, sx.actions, sx.turns, sx.score_wins, sx.catapult_wins, sx.knight_options,
                  sx.doubled_scores, sx.max_points, sx.exhaustive);
    assert_int_equal(sx.games, 4 * GAMES_PER_SIZE);
    assert_true(sx.knight_options > 0);
    assert_true(sx.doubled_scores > 0);
}

/* Games of pure random legal actions (no bot): only the invariants, with
 * forced catapult rolls now and then so that 9-catapult wins happen. */
static void test_random_games(void **state)
{
    (void)state;
    stats sx;
    memset(&sx, 0, sizeof sx);
    static carc_dice_action list[DT_MAX_ACTIONS];
    for (uint64_t seed = 1; seed <= 400; seed++) {
        uint32_t players = 2u + (uint32_t)(seed % 4u);
        uint64_t rng = seed;
        carc_dice_game *g = dt_new(players, seed);
        int32_t scores[5] = { 0 };
        for (uint32_t step = 0; step < 600 && g->st.phase != CARC_DICE_PHASE_GAME_OVER; step++) {
            size_t n = 0;
            uint32_t flags = (uint32_t)(dt_rand(&rng) % 8u);
            DT_OK(carc_dice_game_legal_actions(list, DT_MAX_ACTIONS, &n, g, flags));
            assert_true(n > 0);
            carc_dice_action a = list[dt_rand(&rng) % n];
            if (a.kind == CARC_DICE_ACT_ROLL && dt_rand(&rng) % 8u == 0) {
                uint8_t cats[9] = { CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT, CAT };
                DT_OK(carc_dice_game_set_next_roll(g, cats, 1u + dt_rand(&rng) % 9u));
            }
            uint32_t ev_before = g->st.n_events;
            carci_dice_state before;
            memcpy(&before, &g->st, sizeof before);
            DT_OK(carc_dice_game_play(g, &a));
            check_conservation(g);
            check_events(g, ev_before, scores, &sx);
            for (uint32_t p = 0; p < players; p++)
                scores[p] = g->st.score[p];
            DT_OK(carc_dice_game_undo(g));
            assert_memory_equal(&g->st, &before, sizeof before);
            DT_OK(carc_dice_game_play(g, &a));
        }
        if (g->st.phase == CARC_DICE_PHASE_GAME_OVER) {
            uint32_t w, reason;
            DT_OK(carc_dice_game_winner(&w, &reason, g));
            if (reason == CARC_DICE_WIN_CATAPULTS)
                sx.catapult_wins++;
            else
                assert_true(dt_score(g, w) >= CARC_DICE_WIN_SCORE);
        }
        check_round_trip(g);
        carc_dice_game_free(g);
    }
    print_message("random games: %lu won by catapults\n", sx.catapult_wins);
    assert_true(sx.catapult_wins > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bot_games),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests_name("dice.properties", tests, NULL, NULL);
}
