/* SPDX-License-Identifier: MIT */
/*
 * The example MCTS player (examples/mcts.h, and the "mcts" bot of
 * examples/bots.h): its moves are always legal, over random module sets and
 * every decision of the turn model; the search is reproducible; its options
 * are checked; the bot settings parse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bots.h"
#include "mcts.h"

#define GAMES 30

static uint64_t rng_state = 0x5EED17u;

static uint32_t below(uint32_t n)
{
    return bot_rng_below(&rng_state, n);
}

/* A random set of the modules this build has, and players 2..5 it allows. */
static void random_options(carc_game_options *go, uint64_t seed)
{
    uint32_t supported = carc_modules_supported();
    for (;;) {
        char msg[160];
        carc_game_options_init(go, CARC_GAME_OPTIONS_VERSION);
        go->seed = seed;
        go->players = 2 + below(4);
        go->modules = 0;
        for (uint32_t bit = 1; bit != 0; bit <<= 1)
            if ((supported & bit) && below(2) == 0)
                go->modules |= bit;
        if (carc_game_options_check(go, msg, sizeof msg) == CARC_OK)
            return;
    }
}

/* Whether `m` is one of the legal moves of `g` (carc_game_legal_moves, no flags). */
static bool listed(carc_movelist *list, const carc_game *g, const carc_move *m)
{
    size_t n;
    const carc_move *moves;
    assert_int_equal(carc_game_legal_moves(list, g, 0), CARC_OK);
    n = carc_movelist_count(list);
    moves = carc_movelist_data(list);
    for (size_t i = 0; i < n; i++)
        if (memcmp(&moves[i], m, sizeof *m) == 0)
            return true;
    return false;
}

/*
 * GAMES whole games over random module sets, 2..5 players, every seat an MCTS
 * bot; every third game has every module. Each move is checked
 * (carc_game_check_move, and found in the legal moves) before it is played.
 * One seat (turning round) has the settings under test, which turn round
 * too: the bot with the evaluation (priors and evaluated leaves, or a short
 * playout first) and plain UCT with random or immediate playouts; the others
 * are plain UCT with 2 random playouts a move. Small budgets: what is tested
 * is legality, not strength. The counts of decisions are those of the seat
 * under test.
 */
static void legal_over_random_modules(void **state)
{
    static const char *const specs[] = { "mcts:3", "mcts:4:pure", "mcts:2:d2:immediate", "mcts:2:pure:immediate",
                                         "mcts:2:d1" };
    uint64_t decisions[5] = { 0 }, passes = 0, searched = 0;
    carc_movelist *list = NULL;
    (void)state;

    for (uint32_t i = 0; i < GAMES; i++) {
        carc_game_options go;
        carc_game *g = NULL;
        bot *bots[6] = { 0 };
        bot_spec spec, other;
        uint32_t seat;
        bool over = false;

        random_options(&go, 1000 + i);
        if (i % 3 == 0) {
            assert_int_equal(carc_modules_parse(&go.modules, "all"), CARC_OK);
        }
        assert_int_equal(carc_game_new(&g, &go), CARC_OK);
        if (list == NULL)
            assert_int_equal(carc_movelist_new(&list, g), CARC_OK);
        seat = i % go.players;
        assert_int_equal(bot_spec_parse(&spec, specs[i % 5]), 0);
        assert_int_equal(bot_spec_parse(&other, "mcts:2:pure"), 0);
        for (uint32_t p = 0; p < go.players; p++) {
            bots[p] = bot_new_spec(p == seat ? &spec : &other, 77 * i + p, g);
            assert_non_null(bots[p]);
        }
        while (carc_game_is_over(&over, g) == CARC_OK && !over) {
            carc_pending pd;
            carc_move m;
            memset(&pd, 0, sizeof pd);
            pd.struct_size = sizeof pd;
            assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
            assert_true(pd.player < go.players);
            assert_int_equal(bot_choose(bots[pd.player], g, &m), CARC_OK);
            {
                if (carc_game_check_move(g, &m) != CARC_OK || !listed(list, g, &m)) {
                    char text[96] = "?";
                    carc_move_format(text, sizeof text, NULL, &m);
                    fail_msg("game %u (modules 0x%x, %u players, %s): illegal move %s for decision %u",
                             (unsigned)i, (unsigned)go.modules, (unsigned)go.players, specs[i % 5], text,
                             (unsigned)pd.decision);
                }
                if (pd.decision < 5 && pd.player == seat)
                    decisions[pd.decision]++;
                passes += m.kind == CARC_MOVE_PASS && pd.player == seat;
                searched++;
            }
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        for (uint32_t p = 0; p < go.players; p++)
            bot_free(bots[p]);
        carc_game_free(g);
    }
    carc_movelist_free(list);
    print_message("MCTS moves checked: %llu (place %llu, exit %llu, quarter %llu, count %llu; passes %llu)\n",
                  (unsigned long long)searched, (unsigned long long)decisions[CARC_DECISION_PLACE],
                  (unsigned long long)decisions[CARC_DECISION_EXIT],
                  (unsigned long long)decisions[CARC_DECISION_QUARTER],
                  (unsigned long long)decisions[CARC_DECISION_COUNT], (unsigned long long)passes);
    /* every decision kind came to the MCTS player, and it passed some */
    assert_true(decisions[CARC_DECISION_PLACE] > 0);
    assert_true(decisions[CARC_DECISION_EXIT] > 0);
    assert_true(decisions[CARC_DECISION_QUARTER] > 0);
    assert_true(decisions[CARC_DECISION_COUNT] > 0);
    assert_true(passes > 0);
}

/* Plain mcts.h, no bot around it: same seed, same moves; a time limit; one legal move. */
static void search_api(void **state)
{
    carc_game_options go;
    carc_game *g = NULL;
    mcts_options o;
    mcts *a = NULL, *b = NULL;
    mcts_stats st;
    carc_move ma, mb;
    (void)state;

    carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
    go.seed = 5;
    go.players = 3;
    assert_int_equal(carc_game_new(&g, &go), CARC_OK);
    mcts_options_init(&o);
    o.budget = 40;
    o.seed = 9;
    assert_int_equal(mcts_new(&a, g, &o), CARC_OK);
    assert_int_equal(mcts_new(&b, g, &o), CARC_OK);
    for (int k = 0; k < 6; k++) {
        uint64_t h0 = 0, h1 = 0;
        assert_int_equal(carc_game_hash(&h0, g), CARC_OK);
        assert_int_equal(mcts_choose(a, g, &ma), CARC_OK);
        assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
        assert_true(h0 == h1); /* the game searched is only read */
        assert_int_equal(mcts_choose(b, g, &mb), CARC_OK);
        assert_memory_equal(&ma, &mb, sizeof ma);
        mcts_last_stats(&st, a);
        assert_true(st.moves > 1);
        assert_int_equal(st.iterations, 40);
        assert_true(st.nodes > 1 && st.nodes <= 41);
        assert_true(st.best_visits > 0);
        assert_true(st.best_reward >= 0.0 && st.best_reward <= 1.0);
        assert_int_equal(carc_game_check_move(g, &ma), CARC_OK);
        assert_int_equal(carc_game_play(g, &ma), CARC_OK);
    }
    mcts_free(a);
    mcts_free(b);

    /* a time limit alone (1 ms a move) */
    o.budget = 0;
    o.seconds = 0.001;
    assert_int_equal(mcts_new(&a, g, &o), CARC_OK);
    assert_int_equal(mcts_choose(a, g, &ma), CARC_OK);
    assert_int_equal(carc_game_check_move(g, &ma), CARC_OK);
    mcts_last_stats(&st, a);
    assert_true(st.iterations > 0);
    mcts_free(a);

    /* bad options, NULLs */
    mcts_options_init(&o);
    o.budget = 0;
    assert_int_equal(mcts_new(&a, g, &o), CARC_EINVAL);
    assert_null(a);
    mcts_options_init(&o);
    o.policy = 7;
    assert_int_equal(mcts_new(&a, g, &o), CARC_EINVAL);
    mcts_options_init(&o);
    o.score_weight = 1.5;
    assert_int_equal(mcts_new(&a, g, &o), CARC_EINVAL);
    mcts_options_init(&o);
    o.playout_mix = -0.5;
    assert_int_equal(mcts_new(&a, g, &o), CARC_EINVAL);
    mcts_options_init(&o);
    o.exploration = -1.0;
    assert_int_equal(mcts_new(&a, g, &o), CARC_EINVAL);
    mcts_options_init(&o);
    assert_int_equal(mcts_new(NULL, g, &o), CARC_EINVAL);
    assert_int_equal(mcts_new(&a, NULL, &o), CARC_EINVAL);
    assert_int_equal(mcts_new(&a, g, NULL), CARC_EINVAL);
    assert_int_equal(mcts_new(&a, g, &o), CARC_OK);
    assert_int_equal(mcts_choose(a, NULL, &ma), CARC_EINVAL);
    assert_int_equal(mcts_choose(NULL, g, &ma), CARC_EINVAL);
    assert_int_equal(mcts_choose(a, g, NULL), CARC_EINVAL);

    /* over: CARC_EGAME_OVER */
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_int_equal(mcts_choose(a, g, &ma), CARC_EGAME_OVER);
    mcts_free(a);
    mcts_free(NULL);
    carc_game_free(g);
}

static void spec_parse(void **state)
{
    bot_spec s;
    char buf[64];
    (void)state;
    assert_int_equal(bot_spec_parse(&s, "heuristic"), 0);
    assert_int_equal(s.kind, BOT_HEURISTIC);
    assert_string_equal(bot_spec_format(buf, sizeof buf, &s), "heuristic");
    assert_int_equal(bot_spec_parse(&s, "immediate"), 0);
    assert_int_equal(s.kind, BOT_IMMEDIATE);
    assert_string_equal(bot_spec_format(buf, sizeof buf, &s), "immediate");
    assert_int_equal(bot_spec_parse(&s, "random"), 0);
    assert_int_equal(s.kind, BOT_RANDOM);
    assert_int_equal(bot_spec_parse(&s, "mcts"), 0);
    assert_int_equal(s.kind, BOT_MCTS);
    assert_int_equal(s.budget, BOT_MCTS_BUDGET);
    assert_false(s.pure);
    assert_int_equal(bot_spec_parse(&s, "mcts:200"), 0);
    assert_int_equal(s.budget, 200);
    assert_string_equal(bot_spec_format(buf, sizeof buf, &s), "mcts:200");
    assert_int_equal(bot_spec_parse(&s, "mcts:50ms:pure:immediate"), 0);
    assert_int_equal(s.budget, 0);
    assert_true(s.seconds > 0.049 && s.seconds < 0.051);
    assert_true(s.pure);
    assert_int_equal(s.policy, CARC_POLICY_IMMEDIATE);
    assert_string_equal(bot_spec_format(buf, sizeof buf, &s), "mcts:50ms:pure:immediate");
    assert_int_equal(bot_spec_parse(&s, "mcts:100:d2"), 0);
    assert_int_equal(s.depth, 2);
    assert_string_equal(bot_spec_format(buf, sizeof buf, &s), "mcts:100:d2");
    assert_int_equal(bot_spec_parse(&s, "mcts:"), -1);
    assert_int_equal(bot_spec_parse(&s, "mcts:0"), -1);
    assert_int_equal(bot_spec_parse(&s, "mcts:20x"), -1);
    assert_int_equal(bot_spec_parse(&s, "mcts:fast"), -1);
    assert_int_equal(bot_spec_parse(&s, "mctsx"), -1);
    assert_int_equal(bot_spec_parse(&s, "mcts:10000001"), -1);
    assert_int_equal(bot_spec_parse(&s, "heuristic:3"), -1);
    assert_int_equal(bot_spec_parse(&s, NULL), -1);
    /* "greedy" names no bot and no policy (0.2.0): the hint names both successors */
    s.kind = BOT_MCTS;
    assert_int_equal(bot_spec_parse(&s, "greedy"), -1);
    assert_int_equal(s.kind, BOT_MCTS); /* unchanged */
    assert_int_equal(bot_spec_parse(&s, "mcts:100:d2:greedy"), -1);
    assert_non_null(strstr(bot_spec_hint("greedy"), "heuristic"));
    assert_non_null(strstr(bot_spec_hint("greedy"), "immediate"));
    assert_non_null(strstr(bot_spec_hint("mcts:1:greedy"), "immediate"));
    assert_null(strstr(bot_spec_hint("mcts:fast"), "greedy"));
    assert_non_null(strstr(bot_spec_hint("mcts:fast"), "heuristic"));
    assert_int_equal(bot_kind_parse(&s.kind, "greedy"), -1);
    assert_string_equal(bot_kind_name(BOT_HEURISTIC), "heuristic");
    assert_string_equal(bot_kind_name(BOT_IMMEDIATE), "immediate");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spec_parse),
        cmocka_unit_test(search_api),
        cmocka_unit_test(legal_over_random_modules),
    };
    return cmocka_run_group_tests_name("examples.mcts", tests, NULL, NULL);
}
