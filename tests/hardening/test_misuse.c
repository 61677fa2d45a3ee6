/* SPDX-License-Identifier: MIT */
/*
 * API misuse: every exported function, called wrongly, returns its documented
 * status, leaves every game exactly as it was (compared through the public
 * API: the record from carc_game_save plus what a record does not carry, and
 * for read-only calls the last-error text too), writes nothing past the
 * buffers and struct sizes it was given, and leaks nothing (all games use a
 * tracking allocator that is checked after each test).
 *
 * Table-driven: MISUSE_TABLE has one entry per exported symbol. To cover a
 * new function, write a `static void m_<name>(fx *f)` and add a line to the
 * table. The test `coverage` reads abi/carcassonne.symbols (its path is the
 * first argument) and fails if a listed symbol has no entry, or an entry
 * names a symbol the file does not list.
 *
 * Each table entry runs as its own cmocka test with a fresh fixture: games in
 * several phases (fresh, in play with figures, a pending tile choice, no
 * followers left, over, ended early, without farmers, without an undo
 * journal, with the River and the Abbot while River tiles are left, with the
 * Abbot and the abbot of the player to move on the board, six players with
 * Inns & Cathedrals (and the River, the Abbot), Inns & Cathedrals with every
 * big follower on the board, Traders & Builders with builders and pigs on the
 * board, a builder's second tile pending, every module at once, the Count's
 * four decisions: a follower into a quarter, the Count's move, a move out of
 * the city before a scoring, the final round; the River with the Count),
 * and Dice Games in each phase. The Dice Game
 * entries are in misuse_dice.c.
 */
#include "misuse.h"

#include <limits.h>

static const char *symbols_path;

static carc_move legal_move(fx *f, carc_game *g, size_t pick)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(f->list);
    assert_true(n > 0);
    return carc_movelist_data(f->list)[pick % n];
}

/* A legal placement of the current tile (no figure) with a follower option. */
static bool placement_with_figure(fx *f, carc_game *g, carc_move *out)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    const carc_move *d = carc_movelist_data(f->list);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++)
        if (d[i].figure == CARC_FIGURE_FOLLOWER) {
            *out = d[i];
            return true;
        }
    return false;
}

/* A legal place move (never the pass that declines an optional decision). */
static carc_move legal_place(fx *f, carc_game *g, size_t pick)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    const carc_move *d = carc_movelist_data(f->list);
    size_t n = carc_movelist_count(f->list);
    for (size_t k = 0; k < n; k++)
        if (d[(pick + k) % n].kind == CARC_MOVE_PLACE)
            return d[(pick + k) % n];
    fail_msg("no place move listed");
    return d[0];
}

/* The move of `text` (move notation) with its tile chosen first: the
 * scripts below replay the rule scenarios of tests/scenarios/. */
static carc_move text_move(carc_game *g, const char *text)
{
    carc_move m;
    if (carc_move_parse(&m, text) != CARC_OK)
        fail_msg("cannot parse \"%s\"", text);
    if (m.kind == CARC_MOVE_PLACE && carc_game_choose_tile(g, m.tile) != CARC_OK)
        fail_msg("cannot choose the tile of \"%s\": %s", text, carc_game_last_error(g));
    return m;
}

static void play_text(carc_game *g, const char *text)
{
    carc_move m = text_move(g, text);
    if (carc_game_play(g, &m) != CARC_OK)
        fail_msg("\"%s\" refused: %s", text, carc_game_last_error(g));
}

/* ------------------------------------------------------------ setup */

static carc_game *new_game(fx *f, uint32_t players, uint64_t seed, uint32_t modules)
{
    carc_game_options o;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    o.players = players;
    o.seed = seed;
    o.modules = modules;
    o.allocator = &f->a;
    hz_coc_spring(&o, (unsigned)seed); /* the Count with the River: the spring beside the city */
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static carc_pending pending_now(carc_game *g)
{
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
    return pd;
}

/* Decline the Count's decisions (the last listed move is the pass) until a
 * place move is pending (or the game is over). */
static void pass_to_place(fx *f, carc_game *g)
{
    for (unsigned i = 0; i < 100 && !hz_over(g) && pending_now(g).decision != CARC_DECISION_PLACE; i++) {
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        size_t n = carc_movelist_count(f->list);
        assert_int_equal(carc_movelist_data(f->list)[n - 1].kind, CARC_MOVE_PASS);
        assert_int_equal(carc_game_play(g, &carc_movelist_data(f->list)[n - 1]), CARC_OK);
    }
    assert_true(hz_over(g) || pending_now(g).decision == CARC_DECISION_PLACE);
}

/* Play the moves of a script (move notation, tiles chosen). */
static void play_script(carc_game *g, const char *const *script, size_t n)
{
    for (size_t i = 0; i < n; i++)
        play_text(g, script[i]);
}

/* The Count's scenarios (tests/scenarios/count-trigger.scn and
 * count-final.scn): after move 3 of count-trigger, player 0 scored nothing
 * and player 1 did: player 0 may put a follower into a quarter. */
static const char *const COC_TRIGGER[] = { "B 2 0 0 -", "U 0 2 0 road:N", "A 0 3 180 -" };
/* count-final to its 4th move: player 1 closes player 0's city CO/12 + F +
 * E; player 0 (castle follower, the Count on the market) may move out onto
 * it before it scores. */
static const char *const COC_FINAL[] = { "F 2 1 0 city:E", "U 0 2 0 road:N", "A 0 3 180 -", "quarter castle",
                                         "count market", "E 3 1 270 -" };
/* ... and on to the early end (the big follower into the castle instead,
 * with Inns & Cathedrals): the final round, player 1 first. */
static const char *const COC_FINAL_END[] = { "F 2 1 0 city:E", "U 0 2 0 road:N", "A 0 3 180 -", "quarter big/castle",
                                             "count market", "E 3 1 270 -", "pass", "quarter cathedral", "pass",
                                             "U 1 -2 0 road:S", "A 1 -3 0 -", "quarter market", "pass",
                                             "B -1 2 0 cloister" };

static void expect_pending(carc_game *g, uint32_t decision, uint32_t player, uint32_t flags)
{
    carc_pending pd = pending_now(g);
    assert_int_equal(pd.decision, decision);
    assert_int_equal(pd.player, player);
    assert_int_equal(pd.flags, flags);
    assert_int_equal(pd.tile, 0);
    assert_int_equal(pd.part, 1);
}

/* Play n moves, preferring moves that place a follower (so figures are out). */
static void play_moves(fx *f, carc_game *g, unsigned n, uint64_t seed)
{
    uint64_t r = seed;
    for (unsigned i = 0; i < n && !hz_over(g); i++) {
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        const carc_move *d = carc_movelist_data(f->list);
        size_t cnt = carc_movelist_count(f->list), pick = hz_rand(&r) % cnt;
        for (size_t k = 0; k < cnt; k++)
            if (d[(pick + k) % cnt].figure == CARC_FIGURE_FOLLOWER) {
                pick = (pick + k) % cnt;
                break;
            }
        assert_int_equal(carc_game_play(g, &d[pick]), CARC_OK);
    }
}

/* Play n moves with a follower where there is one, never the big follower
 * or the abbot (so both stay in supply). */
static void play_keeping_specials(fx *f, carc_game *g, unsigned n, uint64_t seed)
{
    uint64_t r = seed;
    for (unsigned i = 0; i < n && !hz_over(g); i++) {
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        const carc_move *d = carc_movelist_data(f->list);
        size_t cnt = carc_movelist_count(f->list), pick = hz_rand(&r) % cnt, none = cnt;
        for (size_t k = 0; k < cnt; k++) {
            size_t j = (pick + k) % cnt;
            if (d[j].figure == CARC_FIGURE_FOLLOWER) {
                none = j;
                break;
            }
            if (d[j].figure == CARC_FIGURE_NONE && none == cnt)
                none = j;
        }
        assert_true(none < cnt);
        assert_int_equal(carc_game_play(g, &d[none]), CARC_OK);
    }
}

/* Play n moves, preferring the builder, then the pig, then a follower (so
 * that builders and pigs are out). */
static void play_traders(fx *f, carc_game *g, unsigned n, uint64_t seed)
{
    static const uint8_t order[3] = { CARC_FIGURE_BUILDER, CARC_FIGURE_PIG, CARC_FIGURE_FOLLOWER };
    uint64_t r = seed;
    for (unsigned i = 0; i < n && !hz_over(g); i++) {
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        const carc_move *d = carc_movelist_data(f->list);
        size_t cnt = carc_movelist_count(f->list), pick = hz_rand(&r) % cnt, best = cnt;
        for (int o = 0; o < 3 && best == cnt; o++)
            for (size_t k = 0; k < cnt; k++)
                if (d[(pick + k) % cnt].figure == order[o] && d[(pick + k) % cnt].kind == CARC_MOVE_PLACE) {
                    best = (pick + k) % cnt;
                    break;
                }
        assert_int_equal(carc_game_play(g, &d[best < cnt ? best : pick]), CARC_OK);
    }
}

/* Whether figure kind `figure` of some player is on the board. */
static bool figure_out(carc_game *g, uint32_t figure)
{
    uint32_t n = 0;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi;
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
        if (fi.figure == figure)
            return true;
    }
    return false;
}

/* Which players have their big follower on the board (a mask). */
static uint32_t bigs_out(carc_game *g)
{
    uint32_t players = 0, mask = 0, u = 0;
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (uint32_t p = 0; p < players; p++) {
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG), CARC_OK);
        mask |= u ? 0u : 1u << p;
    }
    return mask;
}

/* The player to move puts the big follower down where it stays (no feature
 * of a big follower scores). */
static void place_big(fx *f, carc_game *g)
{
    uint32_t cur = 0, before = bigs_out(g);
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t cnt = carc_movelist_count(f->list);
    for (size_t k = 0; k < cnt; k++) {
        carc_move m = carc_movelist_data(f->list)[k];
        if (m.figure != CARC_FIGURE_BIG)
            continue;
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        if (bigs_out(g) == (before | 1u << cur))
            return;
        assert_int_equal(carc_game_undo(g), CARC_OK);
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    }
    fail_msg("no place for player %u's big follower", cur);
}

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->entry = *state;
    hz_alloc_init(&f->alloc);
    f->a = hz_allocator(&f->alloc);

    f->g[G_FRESH] = new_game(f, 2, 7, CARC_MODULE_FARMERS);
    assert_int_equal(carc_movelist_new(&f->list, f->g[G_FRESH]), CARC_OK);

    f->g[G_MID] = new_game(f, 3, 11, CARC_MODULE_FARMERS);
    play_moves(f, f->g[G_MID], 20, 3);

    f->g[G_PENDING] = new_game(f, 2, 12, CARC_MODULE_FARMERS);
    play_moves(f, f->g[G_PENDING], 5, 4);
    {
        /* choose a tile other than the current one, with a legal placement */
        uint32_t cur, kind;
        assert_int_equal(carc_game_current_tile(&cur, f->g[G_PENDING]), CARC_OK);
        for (kind = 0; kind < carc_tile_kind_count(); kind++) {
            uint32_t left = 0;
            carc_game_remaining_of(&left, f->g[G_PENDING], kind);
            if (kind != cur && left > 0 &&
                carc_game_placements(f->list, f->g[G_PENDING], kind, 0) == CARC_OK &&
                carc_movelist_count(f->list) > 0)
                break;
        }
        assert_true(kind < carc_tile_kind_count());
        assert_int_equal(carc_game_choose_tile(f->g[G_PENDING], kind), CARC_OK);
    }

    /* the player to move has no follower left */
    f->g[G_NOSUPPLY] = new_game(f, 2, 21, CARC_MODULE_FARMERS);
    for (unsigned i = 0;; i++) {
        uint32_t p, s;
        assert_true(i < 60);
        assert_false(hz_over(f->g[G_NOSUPPLY]));
        assert_int_equal(carc_game_current_player(&p, f->g[G_NOSUPPLY]), CARC_OK);
        assert_int_equal(carc_game_supply(&s, f->g[G_NOSUPPLY], p), CARC_OK);
        if (s == 0)
            break;
        /* followers on fields never come back */
        assert_int_equal(carc_game_legal_moves(f->list, f->g[G_NOSUPPLY], 0), CARC_OK);
        const carc_move *d = carc_movelist_data(f->list);
        size_t cnt = carc_movelist_count(f->list), pick = cnt - 1;
        for (size_t k = 0; k < cnt; k++) {
            carc_segment_info si;
            memset(&si, 0, sizeof si);
            si.struct_size = sizeof si;
            if (d[k].figure == CARC_FIGURE_FOLLOWER &&
                carc_tile_segment(&si, d[k].tile, d[k].rotation, d[k].segment) == CARC_OK &&
                si.kind == CARC_SEG_FIELD) {
                pick = k;
                break;
            }
        }
        assert_int_equal(carc_game_play(f->g[G_NOSUPPLY], &d[pick]), CARC_OK);
    }

    f->g[G_OVER] = new_game(f, 4, 5, CARC_MODULE_FARMERS);
    play_moves(f, f->g[G_OVER], 1000, 6);
    assert_true(hz_over(f->g[G_OVER]));

    f->g[G_ENDED] = new_game(f, 2, 8, CARC_MODULE_FARMERS);
    play_moves(f, f->g[G_ENDED], 6, 7);
    assert_int_equal(carc_game_end(f->g[G_ENDED]), CARC_OK);

    f->g[G_NOFARM] = new_game(f, 5, 9, 0);
    play_moves(f, f->g[G_NOFARM], 10, 8);

    /* without an undo journal, with a tile chosen */
    {
        carc_game_options o;
        uint32_t cur = 0;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.players = 3;
        o.seed = 13;
        o.flags = CARC_GAME_NO_UNDO;
        o.allocator = &f->a;
        assert_int_equal(carc_game_new(&f->g[G_NOUNDO], &o), CARC_OK);
        play_moves(f, f->g[G_NOUNDO], 12, 9);
        assert_int_equal(carc_game_current_tile(&cur, f->g[G_NOUNDO]), CARC_OK);
        assert_int_equal(carc_game_choose_tile(f->g[G_NOUNDO], cur), CARC_OK);
    }

    /* River + Abbot + farmers, three River moves in: River tiles (the lake
     * among them) are still to be drawn */
    f->g[G_RIVER] = new_game(f, 3, 31, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT);
    play_moves(f, f->g[G_RIVER], 3, 5);

    /* Abbot + farmers: both players put their abbot on a monastery, then play
     * on without figures; player 0 is to move, with the abbot on the board */
    f->g[G_ABBOT] = new_game(f, 2, 41, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT);
    for (int i = 0; i < 4; i++) {
        carc_game *g = f->g[G_ABBOT];
        if (i < 2) {
            uint32_t b = 0;
            assert_int_equal(carc_tile_find(&b, "B"), CARC_OK);
            assert_int_equal(carc_game_choose_tile(g, b), CARC_OK);
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            const carc_move *d = carc_movelist_data(f->list);
            size_t k = 0, cnt = carc_movelist_count(f->list);
            while (k < cnt && !(d[k].figure == CARC_FIGURE_ABBOT && d[k].segment != CARC_SEGMENT_RECALL))
                k++;
            assert_true(k < cnt);
            assert_int_equal(carc_game_play(g, &d[k]), CARC_OK);
        } else {
            carc_move m = legal_move(f, g, 0); /* the first placement, no figure */
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
    }
    {
        uint32_t cur = 9, ab = 9;
        assert_int_equal(carc_game_current_player(&cur, f->g[G_ABBOT]), CARC_OK);
        assert_int_equal(carc_game_figure_supply(&ab, f->g[G_ABBOT], cur, CARC_FIGURE_ABBOT), CARC_OK);
        assert_int_equal(ab, 0);
    }

    /* six players, Inns & Cathedrals, the River, the Abbot, farmers: past
     * the River, followers out, every big follower and abbot in supply */
    f->g[G_INNS] = new_game(f, 6, 51,
                            CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS);
    play_keeping_specials(f, f->g[G_INNS], 16, 10);
    assert_int_equal(bigs_out(f->g[G_INNS]), 0);

    /* Inns & Cathedrals without farmers, three players: each puts the big
     * follower down in the first round; player 0 is to move */
    f->g[G_NOBIG] = new_game(f, 3, 61, CARC_MODULE_INNS);
    for (int i = 0; i < 3; i++)
        place_big(f, f->g[G_NOBIG]);
    {
        uint32_t cur = 9;
        assert_int_equal(carc_game_current_player(&cur, f->g[G_NOBIG]), CARC_OK);
        assert_int_equal(cur, 0);
        assert_int_equal(bigs_out(f->g[G_NOBIG]), 7u);
    }

    /* Traders & Builders + farmers, three players: builders and pigs out
     * (preferred wherever they may go) */
    f->g[G_TRADERS] = new_game(f, 3, 71, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS);
    play_traders(f, f->g[G_TRADERS], 18, 11);
    assert_true(figure_out(f->g[G_TRADERS], CARC_FIGURE_BUILDER));
    assert_true(figure_out(f->g[G_TRADERS], CARC_FIGURE_PIG));

    /* the builder's double turn (tests/scenarios/traders-double-turn-completing.scn):
     * player 0's tile completes the road of his builder; his optional second
     * tile is pending */
    f->g[G_SECOND] = new_game(f, 2, 81, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS);
    {
        static const char *const script[] = { "U 1 0 90 road:E", "W -1 0 0 -", "V 2 0 0 builder/road:W",
                                              "B 0 1 0 -", "W 2 1 180 -" };
        for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
            play_text(f->g[G_SECOND], script[i]);
        carc_pending pd;
        memset(&pd, 0, sizeof pd);
        pd.struct_size = sizeof pd;
        assert_int_equal(carc_game_pending(&pd, f->g[G_SECOND]), CARC_OK);
        assert_int_equal(pd.decision, CARC_DECISION_PLACE);
        assert_int_equal(pd.player, 0);
        assert_int_equal(pd.part, 2);
        assert_int_equal(pd.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    }

    /* every module, six players, past the River (the spring beside the City
     * of Carcassonne), a place move pending */
    f->g[G_ALL] = new_game(f, 6, 91,
                           CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS |
                               CARC_MODULE_TRADERS | CARC_MODULE_COUNT);
    play_traders(f, f->g[G_ALL], 20, 12);
    pass_to_place(f, f->g[G_ALL]);
    assert_false(hz_over(f->g[G_ALL]));

    /* the Count's decisions (see COC_TRIGGER, COC_FINAL) */
    f->g[G_COC_QUARTER] = new_game(f, 2, 101, CARC_MODULE_FARMERS | CARC_MODULE_COUNT);
    play_script(f->g[G_COC_QUARTER], COC_TRIGGER, 3);
    expect_pending(f->g[G_COC_QUARTER], CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL);
    f->g[G_COC_COUNT] = new_game(f, 2, 102, CARC_MODULE_FARMERS | CARC_MODULE_COUNT);
    play_script(f->g[G_COC_COUNT], COC_TRIGGER, 3);
    play_text(f->g[G_COC_COUNT], "quarter castle");
    expect_pending(f->g[G_COC_COUNT], CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL);
    f->g[G_COC_EXIT] = new_game(f, 2, 103, CARC_MODULE_FARMERS | CARC_MODULE_COUNT);
    play_script(f->g[G_COC_EXIT], COC_FINAL, sizeof COC_FINAL / sizeof COC_FINAL[0]);
    expect_pending(f->g[G_COC_EXIT], CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL);
    f->g[G_COC_FINAL] = new_game(f, 2, 104, CARC_MODULE_FARMERS | CARC_MODULE_INNS | CARC_MODULE_COUNT);
    play_script(f->g[G_COC_FINAL], COC_FINAL_END, sizeof COC_FINAL_END / sizeof COC_FINAL_END[0]);
    assert_int_equal(carc_game_end(f->g[G_COC_FINAL]), CARC_OK);
    expect_pending(f->g[G_COC_FINAL], CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
    /* the River and the Count, farmers, the Abbot, three players: River tiles left */
    f->g[G_COC_RIVER] =
        new_game(f, 3, 105, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_COUNT);
    play_moves(f, f->g[G_COC_RIVER], 3, 13);
    pass_to_place(f, f->g[G_COC_RIVER]);

    dice_fixture_setup(f);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    dice_fixture_teardown(f);
    carc_movelist_free(f->list);
    FOR_GAMES(f, i)
        carc_game_free(f->g[i]);
    hz_assert_clean(&f->alloc);
    hz_alloc_fini(&f->alloc);
    free(f);
    return 0;
}

/* ------------------------------------------------------------ common.h */

static void m_status_str(fx *f)
{
    static const int odd[] = { 1, -7, -99, -105, -199, -203, -302, -1000, INT_MIN, INT_MAX };
    (void)f;
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        const char *s = carc_status_str((carc_status)odd[i]);
        assert_non_null(s);
        assert_string_equal(s, "unknown status");
    }
    assert_string_not_equal(carc_status_str(CARC_EINVAL), "unknown status");
}

static void m_status_name(fx *f)
{
    static const int odd[] = { 1, -7, -99, -105, -199, -203, -302, -1000, INT_MIN, INT_MAX };
    (void)f;
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        const char *s = carc_status_name((carc_status)odd[i]);
        assert_non_null(s);
        assert_string_equal(s, "CARC_UNKNOWN");
    }
    assert_string_equal(carc_status_name(CARC_ENOMEM), "CARC_ENOMEM");
}

static void m_version_number(fx *f)
{
    (void)f; /* nothing to misuse: it is stable */
    assert_int_equal(carc_version_number(), carc_version_number());
    assert_int_equal(carc_version_number(), CARC_VERSION_NUMBER);
}

static void m_version_string(fx *f)
{
    (void)f;
    assert_non_null(carc_version_string());
    assert_string_equal(carc_version_string(), CARC_VERSION_STRING);
}

/* ------------------------------------------------------------ tile.h */

static void m_tile_kind_count(fx *f)
{
    (void)f;
    uint32_t n = carc_tile_kind_count();
    assert_true(n >= 24);
    assert_non_null(carc_tile_name(n - 1));
    assert_null(carc_tile_name(n));
}

static void m_tile_name(fx *f)
{
    (void)f;
    uint32_t n = carc_tile_kind_count();
    assert_null(carc_tile_name(n));
    assert_null(carc_tile_name(n + 1));
    assert_null(carc_tile_name(0x10000u + 3)); /* no 16-bit aliasing */
    assert_null(carc_tile_name(UINT32_MAX));
    assert_string_equal(carc_tile_name(3), "D");
}

static void m_tile_find(fx *f)
{
    uint32_t k = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_find(NULL, "D"));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_find(&k, NULL));
    static const char *const bad[] = { "", "d", "D ", " D", "DD", "Z", "AA", "RZ", "a", "-", "D\n",
                                       "0", "RAX", "very long name that is no tile at all" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        EXPECT(f->g[G_MID], CARC_ENOTFOUND, carc_tile_find(&k, bad[i]));
    assert_int_equal(k, 777); /* untouched by the failures */
}

static void m_tile_copies(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_copies(NULL, 3, CARC_MODULE_FARMERS));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_copies(&out, n, CARC_MODULE_FARMERS));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_copies(&out, UINT32_MAX, 0));
    assert_int_equal(out, 777);
    /* module bits this library does not know are not an error here */
    EXPECT(f->g[G_MID], CARC_OK, carc_tile_copies(&out, 3, CARC_MODULE_FARMERS | 1u << 31));
    assert_int_equal(out, 4);
    EXPECT(f->g[G_MID], CARC_OK, carc_tile_copies(&out, 3, UINT32_MAX)); /* the River among them: D x3 */
    assert_int_equal(out, 3);
    /* a Traders & Builders tile: one copy with the module, none without */
    uint32_t tb = 0;
    assert_int_equal(carc_tile_find(&tb, "TB/Cc.w"), CARC_OK);
    EXPECT(f->g[G_MID], CARC_OK, carc_tile_copies(&out, tb, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS));
    assert_int_equal(out, 1);
    EXPECT(f->g[G_MID], CARC_OK, carc_tile_copies(&out, tb, CARC_MODULE_FARMERS | CARC_MODULE_INNS));
    assert_int_equal(out, 0);
}

static void m_tile_edge(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_edge(NULL, 0, 0, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, n, 0, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, 0, 4, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, 0, UINT32_MAX, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, 0, 0, 4));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_edge(&out, 0, 0, UINT32_MAX));
    assert_int_equal(out, 777);
}

static void m_tile_segment_count(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_segment_count(NULL, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment_count(&out, n));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment_count(&out, UINT32_MAX));
    assert_int_equal(out, 777);
}

static void m_tile_segment(fx *f)
{
    uint32_t n = carc_tile_kind_count(), nseg = 0;
    unsigned char buf[sizeof(carc_segment_info) + 64];
    carc_segment_info *si = (carc_segment_info *)(void *)buf;
    assert_int_equal(carc_tile_segment_count(&nseg, 3), CARC_OK);

    EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_segment(NULL, 3, 0, 0));
    for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
        memset(buf, GUARD, sizeof buf);
        si->struct_size = sz;
        EXPECT(f->g[G_MID], CARC_EINVAL, carc_tile_segment(si, 3, 0, 0));
        check_guard(buf, sizeof(uint32_t), sizeof buf, "carc_tile_segment(bad struct_size)", __LINE__);
    }
    /* a caller that knows only struct_size: nothing else is written */
    memset(buf, GUARD, sizeof buf);
    si->struct_size = sizeof(uint32_t);
    EXPECT(f->g[G_MID], CARC_OK, carc_tile_segment(si, 3, 0, 0));
    assert_int_equal(si->struct_size, sizeof(uint32_t));
    check_guard(buf, sizeof(uint32_t), sizeof buf, "carc_tile_segment(struct_size 4)", __LINE__);
    /* a caller with a newer, larger struct: only what this library knows */
    memset(buf, GUARD, sizeof buf);
    si->struct_size = (uint32_t)sizeof buf;
    EXPECT(f->g[G_MID], CARC_OK, carc_tile_segment(si, 3, 0, 0));
    assert_int_equal(si->struct_size, sizeof(carc_segment_info));
    check_guard(buf, sizeof(carc_segment_info), sizeof buf, "carc_tile_segment(larger struct)", __LINE__);

    memset(buf, GUARD, sizeof buf);
    si->struct_size = sizeof *si;
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment(si, n, 0, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment(si, UINT32_MAX, 0, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment(si, 3, 4, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment(si, 3, 0, nseg));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_tile_segment(si, 3, 0, UINT32_MAX));
    check_guard(buf, sizeof(uint32_t), sizeof buf, "carc_tile_segment(rejected)", __LINE__);
}

static void m_module_name(fx *f)
{
    (void)f;
    static const uint32_t bad[] = { 0, CARC_MODULE_FARMERS | CARC_MODULE_RIVER, CARC_MODULE_RIVER | CARC_MODULE_ABBOT,
                                    1u << 6, 1u << 16, 1u << 31, 0x3Fu, UINT32_MAX };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (carc_module_name(bad[i]) != NULL)
            fail_msg("carc_module_name(%#x) = \"%s\", expected NULL", bad[i], carc_module_name(bad[i]));
    for (uint32_t b = 0; b < 32; b++) {
        const char *name = carc_module_name(1u << b);
        if (b < 6) {
            assert_non_null(name);
            uint32_t m = 0; /* the name parses back to its flag */
            assert_int_equal(carc_modules_parse(&m, name), CARC_OK);
            assert_int_equal(m, CARC_MODULE_FARMERS | 1u << b);
        } else {
            assert_null(name);
        }
    }
    assert_string_equal(carc_module_name(CARC_MODULE_RIVER), "river");
    assert_string_equal(carc_module_name(CARC_MODULE_ABBOT), "abbot");
}

static void m_modules_parse(fx *f)
{
    uint32_t out = 777;
    static const char *const bad[] = {
        "x", "foo", "river,foo", "Farmers", "RIVER", "river abbotx", "-", "--river", "- river", "riv", "river;abbot",
        "river\nabbot", "river.abbot", "+river", "river-", "abbot/river", "\xff", "farmers,,x",
        "a very long list of names that are no module names at all, over and over and over again",
    };
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_modules_parse(NULL, "river"));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_modules_parse(&out, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_modules_parse(NULL, NULL));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_status st = carc_modules_parse(&out, bad[i]);
        if (st != CARC_EPARSE)
            fail_msg("carc_modules_parse(\"%s\") gave %s, expected CARC_EPARSE", bad[i], carc_status_name(st));
    }
    {
        char big[5000];
        memset(big, 'r', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        EXPECT(f->g[G_MID], CARC_EPARSE, carc_modules_parse(&out, big));
        memset(big, ',', sizeof big - 1);
        EXPECT(f->g[G_MID], CARC_OK, carc_modules_parse(&out, big)); /* only separators: farmers */
        assert_int_equal(out, CARC_MODULE_FARMERS);
        out = 777;
    }
    EXPECT(f->g[G_MID], CARC_EPARSE, carc_modules_parse(&out, "river,foo"));
    assert_int_equal(out, 777); /* untouched by the failures */
    static const struct {
        const char *text;
        uint32_t want;
    } good[] = {
        { "", CARC_MODULE_FARMERS },
        { " , \t", CARC_MODULE_FARMERS },
        { "-farmers", 0 },
        { "river", CARC_MODULE_FARMERS | CARC_MODULE_RIVER },
        { "river,abbot", CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT },
        { "farmers river", CARC_MODULE_FARMERS | CARC_MODULE_RIVER },
        { "-farmers,abbot", CARC_MODULE_ABBOT },
        { "river -river", CARC_MODULE_FARMERS },
        { "-farmers farmers", CARC_MODULE_FARMERS },
        { "count", CARC_MODULE_FARMERS | CARC_MODULE_COUNT },
        { "-farmers count river", CARC_MODULE_COUNT | CARC_MODULE_RIVER },
        { "traders", CARC_MODULE_FARMERS | CARC_MODULE_TRADERS },
        { "-farmers traders", CARC_MODULE_TRADERS },
        { "river,abbot,inns,traders",
          CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS },
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        EXPECT(f->g[G_MID], CARC_OK, carc_modules_parse(&out, good[i].text));
        if (out != good[i].want)
            fail_msg("carc_modules_parse(\"%s\") = %#x, expected %#x", good[i].text, out, good[i].want);
    }
}

static void m_modules_supported(fx *f)
{
    uint32_t sup = carc_modules_supported();
    assert_int_equal(sup, carc_modules_supported());
    /* every module declared is implemented (the Count since 996d2e8) */
    assert_int_equal(sup, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS |
                              CARC_MODULE_TRADERS | CARC_MODULE_COUNT);
    /* a game can be made with each supported module, and with none of the others */
    carc_game_options o;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    o.allocator = &f->a;
    for (uint32_t b = 0; b < 32; b++) {
        carc_game *g = (carc_game *)(void *)&f->alloc;
        o.modules = 1u << b;
        carc_status st = carc_game_new(&g, &o);
        if ((sup >> b) & 1u) {
            assert_int_equal(st, CARC_OK);
            assert_non_null(carc_module_name(1u << b));
            carc_game_free(g);
        } else {
            assert_int_equal(st, CARC_EUNSUPPORTED);
            assert_null(g);
        }
    }
}

/* ------------------------------------------------------------ game.h */

static void m_game_options_init(fx *f)
{
    carc_game_options o;
    static const uint32_t bad[] = { 0, CARC_GAME_OPTIONS_VERSION + 1, 0x100u + CARC_GAME_OPTIONS_VERSION,
                                    UINT32_MAX };
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_init(NULL, CARC_GAME_OPTIONS_VERSION));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&o, GUARD, sizeof o);
        EXPECT(f->g[G_MID], CARC_EVERSION, carc_game_options_init(&o, bad[i]));
        check_guard(&o, 0, sizeof o, "carc_game_options_init(bad version)", __LINE__);
    }
}

/* The lowest module flag this build does not implement (0: none). */
static uint32_t missing_module(void)
{
    uint32_t known = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_COUNT |
                     CARC_MODULE_INNS | CARC_MODULE_TRADERS;
    uint32_t missing = known & ~carc_modules_supported();
    return missing & (~missing + 1u); /* 0 once every module is implemented */
}

/* Every subset of the implemented modules, as flags: out[0..n). */
static size_t module_subsets(uint32_t *out)
{
    uint32_t sup = carc_modules_supported(), m = 0;
    size_t n = 0;
    do { /* every m with m & ~sup == 0 */
        out[n++] = m;
        m = (m - sup) & sup;
    } while (m != 0);
    return n;
}

/* Options that carc_game_new (and carc_game_options_check) must refuse, each
 * with its status. `half` holds the incomplete allocators they point to. */
typedef struct bad_option {
    carc_game_options o;
    carc_status want;
    const char *what;
} bad_option;

static size_t bad_options(fx *f, bad_option *out, size_t cap, carc_allocator half[3])
{
    carc_game_options d;
    size_t n = 0;
    uint32_t river = UINT32_MAX, rb = UINT32_MAX, e_g = UINT32_MAX, cathedral = UINT32_MAX, goods = UINT32_MAX;
    uint32_t base_d = UINT32_MAX;
    assert_int_equal(carc_tile_find(&base_d, "D"), CARC_OK);
    assert_int_equal(carc_tile_find(&cathedral, "IC/Cccc.c"), CARC_OK);
    assert_int_equal(carc_tile_find(&goods, "TB/CcRR.w"), CARC_OK);
    assert_int_equal(carc_tile_find(&river, "RA"), CARC_OK);
    assert_int_equal(carc_tile_find(&rb, "RB"), CARC_OK);
    assert_int_equal(carc_tile_find(&e_g, "E.g"), CARC_OK);
    assert_int_equal(carc_game_options_init(&d, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    d.allocator = &f->a;
#define BAD_OPTION(mods, field, value, status)                    \
    do {                                                          \
        assert_true(n < cap);                                     \
        out[n].o = d;                                             \
        out[n].o.modules = (mods);                                \
        out[n].o.field = (value);                                 \
        out[n].want = (status);                                   \
        out[n].what = #mods ": " #field " = " #value;             \
        n++;                                                      \
    } while (0)
    const uint32_t F = CARC_MODULE_FARMERS, RV = CARC_MODULE_RIVER, AB = CARC_MODULE_ABBOT, IN = CARC_MODULE_INNS,
                   TR = CARC_MODULE_TRADERS, CO = CARC_MODULE_COUNT;
    /* a module this build does not implement (none since the Count) */
    const uint32_t MISSING = missing_module();
    BAD_OPTION(F, version, 0, CARC_EVERSION);
    BAD_OPTION(F, version, CARC_GAME_OPTIONS_VERSION + 1, CARC_EVERSION);
    BAD_OPTION(F, version, UINT32_MAX, CARC_EVERSION);
    BAD_OPTION(F, players, 0, CARC_ERANGE);
    BAD_OPTION(F, players, 1, CARC_ERANGE);
    BAD_OPTION(F, players, 6, CARC_ERANGE); /* a sixth player needs Inns & Cathedrals */
    BAD_OPTION(F | RV | AB, players, 6, CARC_ERANGE);
    BAD_OPTION(0, players, 6, CARC_ERANGE);
    BAD_OPTION(F, players, UINT32_MAX, CARC_ERANGE);
    BAD_OPTION(F | IN, players, 7, CARC_ERANGE); /* seven never */
    BAD_OPTION(RV | AB | IN, players, 7, CARC_ERANGE);
    BAD_OPTION(IN, players, 1, CARC_ERANGE);
    BAD_OPTION(F | IN, players, UINT32_MAX, CARC_ERANGE);
    BAD_OPTION(F | TR, players, 6, CARC_ERANGE); /* Traders & Builders brings no sixth colour */
    BAD_OPTION(RV | AB | TR, players, 6, CARC_ERANGE);
    BAD_OPTION(F | IN | TR, players, 7, CARC_ERANGE);
    BAD_OPTION(TR, players, 1, CARC_ERANGE);
    if (MISSING) {
        BAD_OPTION(MISSING, flags, 0, CARC_EUNSUPPORTED);
        BAD_OPTION(RV | MISSING, flags, 0, CARC_EUNSUPPORTED);
        BAD_OPTION(F | IN | MISSING, flags, 0, CARC_EUNSUPPORTED);
        BAD_OPTION(F | RV | AB | IN | MISSING, flags, 0, CARC_EUNSUPPORTED);
    }
    BAD_OPTION(IN | 1u << 6, flags, 0, CARC_EUNSUPPORTED);
    BAD_OPTION(AB | 1u << 6, flags, 0, CARC_EUNSUPPORTED);
    BAD_OPTION(TR | 1u << 6, flags, 0, CARC_EUNSUPPORTED);
    BAD_OPTION(F | IN | TR | 1u << 7, flags, 0, CARC_EUNSUPPORTED);
    BAD_OPTION(1u << 31, flags, 0, CARC_EUNSUPPORTED);
    BAD_OPTION(UINT32_MAX, flags, 0, CARC_EUNSUPPORTED);
    BAD_OPTION(F, start_tile, carc_tile_kind_count(), CARC_ERANGE);
    BAD_OPTION(F, start_tile, UINT32_MAX - 1, CARC_ERANGE);
    BAD_OPTION(F, start_tile, river, CARC_ERANGE); /* a River tile without the River */
    BAD_OPTION(F | AB, start_tile, river, CARC_ERANGE);
    BAD_OPTION(F, start_tile, e_g, CARC_ERANGE);   /* a garden copy without the Abbot */
    BAD_OPTION(F, start_tile, cathedral, CARC_ERANGE); /* an Inns & Cathedrals tile without it */
    BAD_OPTION(F | RV | AB, start_tile, cathedral, CARC_ERANGE);
    BAD_OPTION(F | RV | IN, start_tile, cathedral, CARC_ERANGE); /* with the River only the spring starts */
    BAD_OPTION(F, start_tile, goods, CARC_ERANGE); /* a Traders & Builders tile without it */
    BAD_OPTION(F | AB | IN, start_tile, goods, CARC_ERANGE);
    BAD_OPTION(F | RV | TR, start_tile, goods, CARC_ERANGE); /* with the River only the spring starts */
    BAD_OPTION(TR, start_tile, cathedral, CARC_ERANGE);
    BAD_OPTION(F | RV, start_tile, 3, CARC_ERANGE); /* with the River only the spring starts */
    BAD_OPTION(F | RV, start_tile, rb, CARC_ERANGE);
    BAD_OPTION(RV | AB, start_tile, 3, CARC_ERANGE);
    BAD_OPTION(RV | AB, start_tile, e_g, CARC_ERANGE);
    BAD_OPTION(F, start_rotation, 4, CARC_ERANGE);
    BAD_OPTION(F | RV, start_rotation, 4, CARC_ERANGE);
    BAD_OPTION(F, start_rotation, UINT32_MAX, CARC_ERANGE);
    BAD_OPTION(F, start_x, INT32_MAX, CARC_ERANGE);
    BAD_OPTION(F, start_x, INT32_MIN, CARC_ERANGE);
    BAD_OPTION(F | RV, start_y, INT32_MAX, CARC_ERANGE);
    BAD_OPTION(F, start_y, INT32_MIN, CARC_ERANGE);
    BAD_OPTION(F, flags, 2, CARC_EINVAL); /* unknown CARC_GAME_* flags */
    BAD_OPTION(F, flags, CARC_GAME_NO_UNDO | (1u << 31), CARC_EINVAL);
    BAD_OPTION(F | RV | AB, flags, UINT32_MAX, CARC_EINVAL);
    BAD_OPTION(F, variants, 1u << 3, CARC_EINVAL); /* unknown CARC_VARIANT_* flags */
    BAD_OPTION(F | TR, variants, UINT32_MAX, CARC_EINVAL);
    BAD_OPTION(F, variants, CARC_VARIANT_COC_FINAL_MARKET, CARC_EINVAL); /* the Count's, without it */
    BAD_OPTION(F | RV | AB | IN | TR, variants, CARC_VARIANT_COC_ONCE_PER_TURN, CARC_EINVAL);
    if (MISSING == CARC_MODULE_COUNT)
        BAD_OPTION(F | MISSING, variants, CARC_VARIANT_COC_FINAL_MARKET, CARC_EUNSUPPORTED);
    half[0] = half[1] = half[2] = f->a;
    half[0].alloc = NULL;
    half[1].realloc = NULL;
    half[2].free = NULL;
    BAD_OPTION(F, allocator, &half[0], CARC_EINVAL);
    BAD_OPTION(F, allocator, &half[1], CARC_EINVAL);
    BAD_OPTION(F | RV, allocator, &half[2], CARC_EINVAL);
    /* the Count: the City of Carcassonne is the start; with the River the
     * spring lies beside the city (docs/rules.md 8.2), at the default place
     * when none is given, else where the options say and as the rules allow */
    BAD_OPTION(F | CO, players, 6, CARC_ERANGE);
    BAD_OPTION(F | CO | IN, players, 7, CARC_ERANGE);
    BAD_OPTION(F | CO, start_tile, base_d, CARC_ERANGE);  /* no start tile may be given */
    BAD_OPTION(F | CO | AB, start_tile, 3, CARC_ERANGE);
    BAD_OPTION(CO | TR, start_tile, goods, CARC_ERANGE);
    BAD_OPTION(F | CO, start_x, 1, CARC_ERANGE);         /* nor a place for it */
    BAD_OPTION(F | CO, start_y, -5, CARC_ERANGE);
    BAD_OPTION(F | CO | IN, start_rotation, 1, CARC_ERANGE);
    BAD_OPTION(F | CO, start_rotation, 4, CARC_ERANGE);
    BAD_OPTION(F | CO, start_tile, river, CARC_ERANGE);   /* a River tile without the River */
    BAD_OPTION(F | RV | CO, start_rotation, 1, CARC_ERANGE); /* a place given: (0,0) lies in the city */
    BAD_OPTION(RV | AB | IN | TR | CO, start_y, 1, CARC_ERANGE);
    BAD_OPTION(F | RV | CO, start_x, -3, CARC_ERANGE);    /* a place, the default tile: edges do not match */
    BAD_OPTION(F | RV | CO, start_tile, rb, CARC_ERANGE); /* with the River only the spring starts */
    BAD_OPTION(F | RV | CO, start_tile, base_d, CARC_ERANGE);
    /* the spring at wrong places: in the city (0,0), away from it, edges
     * that do not match (the road stub of CO/1, the river against a field),
     * out of range */
    {
        static const int32_t wrong[][3] = { { 0, 0, 0 },  { -2, -1, 0 }, { 1, 1, 2 },  { 5, 5, 1 },   { -3, -2, 2 },
                                            { 2, 2, 0 },  { -3, 0, 0 },  { -3, 0, 1 }, { -3, -1, 2 }, { 2, 0, 2 },
                                            { 0, -2, 1 }, { 0, 2, 3 },   { 0, 3, 1 },  { -4, 0, 2 } };
        for (size_t k = 0; k < sizeof wrong / sizeof wrong[0]; k++) {
            assert_true(n < cap);
            out[n].o = d;
            out[n].o.modules = F | RV | CO;
            out[n].o.start_tile = river;
            out[n].o.start_x = wrong[k][0];
            out[n].o.start_y = wrong[k][1];
            out[n].o.start_rotation = (uint32_t)wrong[k][2];
            out[n].want = CARC_ERANGE;
            out[n].what = "the River and the Count: the spring at a wrong place";
            n++;
        }
    }
    BAD_OPTION(F | RV | CO, start_rotation, 4, CARC_ERANGE);
    BAD_OPTION(F | RV | CO, start_y, INT32_MIN, CARC_ERANGE);
    BAD_OPTION(CO, variants, 1u << 3, CARC_EINVAL);
    BAD_OPTION(F | CO, variants, UINT32_MAX, CARC_EINVAL);
#undef BAD_OPTION
    return n;
}

static void m_game_new(fx *f)
{
    carc_game *sentinel = (carc_game *)(void *)&f->alloc, *g;
    carc_game_options d;
    size_t live = f->alloc.live;
    assert_int_equal(carc_game_options_init(&d, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    d.allocator = &f->a;

    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_new(NULL, &d));
    g = sentinel;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_new(&g, NULL));
    assert_null(g);

    bad_option bad[160];
    carc_allocator half[3];
    size_t n = bad_options(f, bad, 160, half);
    for (size_t i = 0; i < n; i++) {
        g = sentinel;
        carc_status st = carc_game_new(&g, &bad[i].o);
        if (st != bad[i].want)
            fail_msg("carc_game_new with %s: %s, expected %s", bad[i].what, carc_status_name(st),
                     carc_status_name(bad[i].want));
        if (g != NULL)
            fail_msg("carc_game_new with %s: *out is not NULL after a failure", bad[i].what);
        EXPECT(f->g[G_MID], bad[i].want, carc_game_new(&g, &bad[i].o));
    }
    assert_int_equal(f->alloc.live, live); /* nothing left behind by the failures */
    /* every set of the implemented modules makes a game, with its default
     * start (with the Count and the River: the spring beside the City of
     * Carcassonne), for as many players as it allows (six with Inns &
     * Cathedrals) */
    uint32_t sets[64];
    size_t nsets = module_subsets(sets);
    assert_int_equal(nsets, 64); /* farmers, River, Abbot, the Count, Inns & Cathedrals, Traders & Builders */
    for (size_t k = 0; k < nsets; k++) {
        carc_game_options o = d;
        uint32_t m = sets[k], players = 0, u = 9;
        o.modules = m;
        o.players = (m & CARC_MODULE_INNS) ? 6 : 5;
        assert_int_equal(hz_coc_spring(&o, (unsigned)k),
                         (m & (CARC_MODULE_COUNT | CARC_MODULE_RIVER)) == (CARC_MODULE_COUNT | CARC_MODULE_RIVER));
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        carc_move t;
        uint32_t nt = 0;
        /* the first tile: the City of Carcassonne's CO/7 at (0,0) (its twelve
         * tiles, then the spring with the River), the spring, or D */
        assert_int_equal(carc_game_tile(&t, g, 0), CARC_OK);
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        assert_string_equal(carc_tile_name(t.tile),
                            (m & CARC_MODULE_COUNT) ? "CO/7" : (m & CARC_MODULE_RIVER) ? "RA" : "D");
        assert_int_equal(nt, ((m & CARC_MODULE_COUNT) ? 12 : 0) + ((m & CARC_MODULE_RIVER) || !(m & CARC_MODULE_COUNT)));
        if (m & CARC_MODULE_COUNT) {
            assert_int_equal(carc_game_count(&u, g), CARC_OK);
            assert_int_equal(u, CARC_QUARTER_CASTLE); /* the Count starts on the castle */
        }
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t p = 0; p < o.players; p++) {
                assert_int_equal(carc_game_city(&u, g, q, p, CARC_FIGURE_FOLLOWER), CARC_OK);
                assert_int_equal(u, 0);
                assert_int_equal(carc_game_city(&u, g, q, p, CARC_FIGURE_BIG), CARC_OK);
                assert_int_equal(u, 0);
            }
        assert_int_equal(carc_game_players(&players, g), CARC_OK);
        assert_int_equal(players, o.players);
        assert_int_equal(carc_game_figure_supply(&u, g, players - 1, CARC_FIGURE_BIG), CARC_OK);
        assert_int_equal(u, (m & CARC_MODULE_INNS) ? 1u : 0u);
        /* one builder with Traders & Builders; one pig with it and farmers */
        assert_int_equal(carc_game_figure_supply(&u, g, players - 1, CARC_FIGURE_BUILDER), CARC_OK);
        assert_int_equal(u, (m & CARC_MODULE_TRADERS) ? 1u : 0u);
        assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_PIG), CARC_OK);
        assert_int_equal(u, (m & CARC_MODULE_TRADERS) && (m & CARC_MODULE_FARMERS) ? 1u : 0u);
        for (uint32_t good = 0; good < CARC_GOOD_COUNT; good++) {
            assert_int_equal(carc_game_goods(&u, g, players - 1, good), CARC_OK);
            assert_int_equal(u, 0);
        }
        carc_game_free(g);
    }
    assert_int_equal(f->alloc.live, live);
}

static void m_game_free(fx *f)
{
    (void)f;
    carc_game_free(NULL); /* a no-op */
}

static void open_choice_survives(fx *f, bool use_copy);

static void m_game_clone(fx *f)
{
    carc_game *sentinel = (carc_game *)(void *)&f->alloc, *c;
    size_t live = f->alloc.live;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_clone(NULL, f->g[G_MID], 0));
    c = sentinel;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_clone(&c, NULL, 0));
    assert_null(c);
    FOR_GAMES(f, i) {
        static const uint32_t bad[] = { 2, 4, 1u << 31, UINT32_MAX, CARC_CLONE_NO_HISTORY | 8 };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            c = sentinel;
            EXPECT(f->g[i], CARC_EINVAL, carc_game_clone(&c, f->g[i], bad[k]));
            assert_null(c);
        }
    }
    assert_int_equal(f->alloc.live, live);
    /* a clone without history has nothing to undo */
    assert_int_equal(carc_game_clone(&c, f->g[G_MID], CARC_CLONE_NO_HISTORY), CARC_OK);
    REJECT(c, CARC_ENO_UNDO, carc_game_undo(c));
    carc_game_free(c);
    open_choice_survives(f, false);
}

/* An open tile choice survives a clone or copy without history: a new
 * choice on it replaces the old one, as on the original (the two then draw
 * the same tiles, and the copy's record loads into a game that does too). */
static void open_choice_survives(fx *f, bool use_copy)
{
    carc_game *g = new_game(f, 2, 1, CARC_MODULE_FARMERS), *c = NULL, *l = NULL;
    uint32_t a = 0, b = 0, tg = 0, tc = 0, tl = 0;
    assert_int_equal(carc_tile_find(&a, "V"), CARC_OK);
    assert_int_equal(carc_tile_find(&b, "U"), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, a), CARC_OK);
    if (use_copy) {
        c = new_game(f, 4, 9, 0);
        assert_int_equal(carc_game_copy(c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    } else {
        assert_int_equal(carc_game_clone(&c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
    }
    assert_int_equal(carc_game_choose_tile(g, b), CARC_OK);
    assert_int_equal(carc_game_choose_tile(c, b), CARC_OK);
    carc_move m = legal_move(f, g, 0);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_play(c, &m), CARC_OK);
    char *rec = hz_save(c);
    assert_non_null(rec);
    assert_int_equal(carc_game_load(&l, rec, strlen(rec), &f->a, NULL), CARC_OK);
    assert_int_equal(carc_game_current_tile(&tg, g), CARC_OK);
    assert_int_equal(carc_game_current_tile(&tc, c), CARC_OK);
    assert_int_equal(carc_game_current_tile(&tl, l), CARC_OK);
    free(rec);
    if (tg != tc || tl != tc)
        fail_msg("%s without history: after the same calls the original draws %s, the copy %s, its record %s",
                 use_copy ? "carc_game_copy" : "carc_game_clone", carc_tile_name(tg), carc_tile_name(tc),
                 carc_tile_name(tl));
    char *x = hz_fingerprint(g, HZ_FP_NO_UNDO), *y = hz_fingerprint(c, HZ_FP_NO_UNDO);
    assert_string_equal(x, y);
    free(x);
    free(y);
    carc_game_free(l);
    carc_game_free(c);
    carc_game_free(g);
}

static void m_game_copy(fx *f)
{
    open_choice_survives(f, true);

    carc_game *dst = NULL;
    assert_int_equal(carc_game_clone(&dst, f->g[G_FRESH], 0), CARC_OK);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_copy(NULL, f->g[G_MID], 0));
    EXPECT(dst, CARC_EINVAL, carc_game_copy(dst, NULL, 0));
    EXPECT(dst, CARC_EINVAL, carc_game_copy(NULL, NULL, 0));
    FOR_GAMES(f, i) {
        static const uint32_t bad[] = { 2, 1u << 31, UINT32_MAX };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            EXPECT(f->g[i], CARC_EINVAL, carc_game_copy(dst, f->g[i], bad[k]));
            EXPECT(dst, CARC_EINVAL, carc_game_copy(dst, f->g[i], bad[k]));
        }
        /* a game copied onto itself stays as it was */
        EXPECT(f->g[i], CARC_OK, carc_game_copy(f->g[i], f->g[i], 0));
        EXPECT(f->g[i], CARC_OK, carc_game_copy(f->g[i], f->g[i], CARC_CLONE_NO_HISTORY));
    }
    /* copies across player counts and modules are legal and exact */
    FOR_GAMES(f, i) {
        assert_int_equal(carc_game_copy(dst, f->g[i], 0), CARC_OK);
        char *a = hz_fingerprint(dst, 0), *b = hz_fingerprint(f->g[i], 0);
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    carc_game_free(dst);

    /* a copy never holds memory of the source's allocator: once the games
     * made with an allocator are freed, none of its blocks is in use */
    {
        size_t live0 = f->alloc.live;
        carc_game_options o;
        carc_game *plain = NULL, *mine = new_game(f, 3, 2, CARC_MODULE_FARMERS);
        play_moves(f, mine, 5, 3);
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        assert_int_equal(carc_game_new(&plain, &o), CARC_OK); /* malloc */
        assert_int_equal(carc_game_copy(plain, mine, 0), CARC_OK);
        carc_game_free(mine);
        if (f->alloc.live != live0)
            fail_msg("a copy made with another allocator keeps %zu block(s) of the source's allocator",
                     f->alloc.live - live0);
        play_moves(f, plain, 3, 4);
        carc_game_free(plain);
    }

    /* copies between games with different allocators: each game keeps
     * allocating with its own, and they can be freed in any order */
    for (int order = 0; order < 2; order++) {
        carc_game_options o;
        carc_game *plain = NULL, *mine = NULL;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.players = 4;
        assert_int_equal(carc_game_new(&plain, &o), CARC_OK); /* malloc */
        mine = new_game(f, 2, 1, CARC_MODULE_FARMERS);
        assert_int_equal(carc_game_copy(mine, plain, 0), CARC_OK);    /* 2 players <- 4 players */
        assert_int_equal(carc_game_copy(plain, f->g[G_MID], 0), CARC_OK);
        play_moves(f, mine, 3, 1);
        play_moves(f, plain, 3, 2);
        if (order == 0) {
            carc_game_free(plain);
            play_moves(f, mine, 3, 3);
            carc_game_free(mine);
        } else {
            carc_game_free(mine);
            play_moves(f, plain, 3, 3);
            carc_game_free(plain);
        }
    }
}

static void m_game_last_error(fx *f)
{
    const char *e = carc_game_last_error(NULL);
    assert_non_null(e);
    FOR_GAMES(f, i)
        assert_non_null(carc_game_last_error(f->g[i]));
    /* a failed call leaves a message, the next successful mutation clears it */
    carc_game *g = f->g[G_MID];
    carc_move m = legal_move(f, g, 0);
    m.x += 1000;
    REJECT(g, CARC_EILLEGAL, carc_game_play(g, &m));
    m.x -= 1000;
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_string_equal(carc_game_last_error(g), "");
    /* read-only calls never touch it (checked by EXPECT everywhere) */
}

/* (out, game) getters */
typedef carc_status (*get_u32_fn)(uint32_t *, const carc_game *);

static void misuse_get_u32(fx *f, get_u32_fn fn, const char *name)
{
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        if (fn(NULL, f->g[i]) != CARC_EINVAL)
            fail_msg("%s(NULL, %s game) did not return CARC_EINVAL", name, game_names[i]);
        EXPECT(f->g[i], CARC_EINVAL, fn(NULL, f->g[i]));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, fn(&out, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, fn(NULL, NULL));
    assert_int_equal(out, 777);
}

static void m_game_options_get(fx *f)
{
    carc_game_options o;
    memset(&o, GUARD, sizeof o);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_get(NULL, f->g[G_MID]));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_get(&o, NULL));
    check_guard(&o, 0, sizeof o, "carc_game_options_get(NULL game)", __LINE__);
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_OK, carc_game_options_get(&o, f->g[i]));
        assert_int_equal(o.version, CARC_GAME_OPTIONS_VERSION);
        assert_null(o.allocator);
    }
}

static void m_game_options_check(fx *f)
{
    char msg[200];
    carc_game_options d;
    assert_int_equal(carc_game_options_init(&d, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    /* NULL options; no message buffer, or a NULL one with a size */
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_check(NULL, msg, sizeof msg));
    assert_true(msg[0] != '\0' && memchr(msg, '\0', sizeof msg) != NULL);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_check(NULL, NULL, 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_options_check(NULL, NULL, 64));
    /* good options: CARC_OK, an empty message (every set of the implemented
     * modules, up to six players with Inns & Cathedrals) */
    uint32_t sets[64];
    size_t nsets = module_subsets(sets);
    for (size_t k = 0; k < 2 * nsets; k++) {
        carc_game_options o = d;
        uint32_t m = sets[k % nsets];
        o.modules = m;
        o.players = k < nsets ? 2 + (uint32_t)k % 4 : ((m & CARC_MODULE_INNS) ? 6 : 5);
        hz_coc_spring(&o, (unsigned)k); /* the Count with the River: the spring's place */
        if (m & CARC_MODULE_COUNT) /* its rule variants */
            o.variants = (uint32_t)(k % 4) << 1;
        memset(msg, GUARD, sizeof msg);
        EXPECT(f->g[G_MID], CARC_OK, carc_game_options_check(&o, msg, sizeof msg));
        assert_string_equal(msg, "");
        EXPECT(f->g[G_MID], CARC_OK, carc_game_options_check(&o, NULL, 0));
    }
    /* each bad option: the status carc_game_new gives, a message, NUL-terminated
     * within cap, nothing written past it (also for caps 0 and 1 and a short one) */
    bad_option bad[160];
    carc_allocator half[3];
    size_t n = bad_options(f, bad, 160, half);
    for (size_t i = 0; i < n; i++) {
        carc_game *g = NULL;
        carc_status want = carc_game_new(&g, &bad[i].o);
        assert_null(g);
        memset(msg, GUARD, sizeof msg);
        carc_status st = carc_game_options_check(&bad[i].o, msg, sizeof msg);
        if (st != want || st != bad[i].want)
            fail_msg("carc_game_options_check with %s: %s, carc_game_new: %s, expected %s", bad[i].what,
                     carc_status_name(st), carc_status_name(want), carc_status_name(bad[i].want));
        const char *nul = memchr(msg, '\0', sizeof msg);
        size_t len = nul ? (size_t)(nul - msg) : sizeof msg;
        if (len == 0 || len == sizeof msg)
            fail_msg("carc_game_options_check with %s: message empty or not terminated", bad[i].what);
        check_guard(msg, len + 1, sizeof msg, "carc_game_options_check", __LINE__);
        for (size_t cap = 0; cap < 3; cap++) {
            memset(msg, GUARD, sizeof msg);
            EXPECT(f->g[G_MID], want, carc_game_options_check(&bad[i].o, msg, cap));
            if (cap > 0)
                assert_int_equal(msg[cap - 1], '\0');
            check_guard(msg, cap, sizeof msg, "carc_game_options_check(short message)", __LINE__);
        }
        EXPECT(f->g[G_MID], want, carc_game_options_check(&bad[i].o, NULL, 0));
    }
    /* the message says what is wrong */
    carc_game_options o = d;
    o.players = 9;
    assert_int_equal(carc_game_options_check(&o, msg, sizeof msg), CARC_ERANGE);
    assert_non_null(strstr(msg, "9"));
    o = d;
    o.modules = missing_module();
    if (o.modules) {
        assert_int_equal(carc_game_options_check(&o, msg, sizeof msg), CARC_EUNSUPPORTED);
        assert_non_null(strstr(msg, carc_module_name(o.modules)));
    }
    /* the Count's start: what is wrong, said */
    {
        static const struct {
            int32_t x, y;
            uint32_t rot;
            bool tile;
            const char *msg;
        } coc[] = {
            { 0, 0, 1, false, "lies in the City of Carcassonne" }, /* a place given with the default tile */
            { 0, 0, 0, true, "lies in the City of Carcassonne" },
            { -3, 0, 0, true, "does not match the City of Carcassonne" },
            { 5, 5, 0, true, "must touch a field edge of the City of Carcassonne" },
        };
        for (size_t k = 0; k < sizeof coc / sizeof coc[0]; k++) {
            o = d;
            o.modules = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_COUNT;
            o.start_x = coc[k].x;
            o.start_y = coc[k].y;
            o.start_rotation = coc[k].rot;
            if (coc[k].tile)
                assert_int_equal(carc_tile_find(&o.start_tile, "RA"), CARC_OK);
            EXPECT(f->g[G_MID], CARC_ERANGE, carc_game_options_check(&o, msg, sizeof msg));
            if (strstr(msg, coc[k].msg) == NULL)
                fail_msg("River + Count start %d,%d %u: \"%s\", expected \"%s\"", (int)coc[k].x, (int)coc[k].y,
                         coc[k].rot, msg, coc[k].msg);
        }
        o = d;
        o.modules = CARC_MODULE_COUNT;
        o.start_tile = 3;
        EXPECT(f->g[G_MID], CARC_ERANGE, carc_game_options_check(&o, msg, sizeof msg));
        assert_non_null(strstr(msg, "no start tile may be given"));
        /* every place the options accept makes a game whose spring lies there */
        int32_t places[64][3];
        unsigned np = hz_coc_springs(places, 64);
        assert_true(np > 0);
        for (unsigned k = 0; k < np; k++) {
            carc_game *g = NULL;
            carc_move t;
            uint32_t nt = 0;
            o = d;
            o.modules = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_COUNT;
            o.allocator = &f->a;
            assert_int_equal(carc_tile_find(&o.start_tile, "RA"), CARC_OK);
            o.start_x = places[k][0];
            o.start_y = places[k][1];
            o.start_rotation = (uint32_t)places[k][2];
            assert_int_equal(carc_game_new(&g, &o), CARC_OK);
            assert_int_equal(carc_game_tile_at(&t, g, o.start_x, o.start_y), CARC_OK);
            assert_int_equal(t.tile, o.start_tile);
            assert_int_equal(t.rotation, o.start_rotation);
            assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
            assert_int_equal(nt, 13);
            carc_game_free(g);
        }
    }
    /* six players: only with Inns & Cathedrals, and the message says so; seven never */
    static const struct {
        uint32_t modules, players;
        const char *msg;
    } six[] = {
        { CARC_MODULE_FARMERS, 6, "players 6 out of range 2..5 (a 6th player needs Inns & Cathedrals)" },
        { CARC_MODULE_RIVER | CARC_MODULE_ABBOT, 6,
          "players 6 out of range 2..5 (a 6th player needs Inns & Cathedrals)" },
        { CARC_MODULE_FARMERS, 7, "players 7 out of range 2..5" },
        { CARC_MODULE_FARMERS | CARC_MODULE_INNS, 7, "players 7 out of range 2..6" },
        { CARC_MODULE_INNS | CARC_MODULE_RIVER, 1, "players 1 out of range 2..6" },
        { CARC_MODULE_FARMERS | CARC_MODULE_INNS, 6, "" },
        { CARC_MODULE_INNS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT, 6, "" },
        { CARC_MODULE_FARMERS | CARC_MODULE_TRADERS, 6,
          "players 6 out of range 2..5 (a 6th player needs Inns & Cathedrals)" },
        { CARC_MODULE_INNS | CARC_MODULE_TRADERS, 6, "" },
        { CARC_MODULE_FARMERS | CARC_MODULE_COUNT, 6,
          "players 6 out of range 2..5 (a 6th player needs Inns & Cathedrals)" },
        { CARC_MODULE_INNS | CARC_MODULE_COUNT, 6, "" },
    };
    for (size_t i = 0; i < sizeof six / sizeof six[0]; i++) {
        carc_game *g = (carc_game *)(void *)msg;
        o = d;
        o.modules = six[i].modules;
        o.players = six[i].players;
        o.allocator = &f->a;
        carc_status want = six[i].msg[0] ? CARC_ERANGE : CARC_OK;
        memset(msg, GUARD, sizeof msg);
        EXPECT(f->g[G_MID], want, carc_game_options_check(&o, msg, sizeof msg));
        if (strcmp(msg, six[i].msg) != 0)
            fail_msg("%u players, modules %#x: \"%s\", expected \"%s\"", o.players, o.modules, msg, six[i].msg);
        EXPECT(f->g[G_MID], want, carc_game_new(&g, &o));
        if (want == CARC_OK)
            carc_game_free(g);
        else
            assert_null(g);
    }
}

static void m_game_pending(fx *f)
{
    unsigned char buf[sizeof(carc_pending) + 64];
    carc_pending *p = (carc_pending *)(void *)buf;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        EXPECT(g, CARC_EINVAL, carc_game_pending(NULL, g));
        for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
            memset(buf, GUARD, sizeof buf);
            p->struct_size = sz;
            EXPECT(g, CARC_EINVAL, carc_game_pending(p, g));
            check_guard(buf, sizeof sz, sizeof buf, "carc_game_pending(bad struct_size)", __LINE__);
        }
        /* struct_size 4: nothing else written */
        memset(buf, GUARD, sizeof buf);
        p->struct_size = sizeof(uint32_t);
        EXPECT(g, CARC_OK, carc_game_pending(p, g));
        assert_int_equal(p->struct_size, sizeof(uint32_t));
        check_guard(buf, sizeof(uint32_t), sizeof buf, "carc_game_pending(struct_size 4)", __LINE__);
        /* a larger struct: only this library's fields */
        memset(buf, GUARD, sizeof buf);
        p->struct_size = (uint32_t)sizeof buf;
        EXPECT(g, CARC_OK, carc_game_pending(p, g));
        assert_int_equal(p->struct_size, sizeof(carc_pending));
        check_guard(buf, sizeof(carc_pending), sizeof buf, "carc_game_pending(larger struct)", __LINE__);
        /* what it says agrees with the rest of the API */
        uint32_t cur = 0, tile = 0;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        if (hz_over(g)) {
            assert_int_equal(p->decision, CARC_DECISION_NONE);
            assert_int_equal(p->player, 0);
            assert_int_equal(p->tile, 0);
            assert_int_equal(p->flags, 0);
        } else if (IS_COC_DECISION(i)) {
            /* the Count's decisions: optional, no tile, the final round flagged */
            static const uint32_t want[G_COUNT][3] = {
                [G_COC_QUARTER] = { CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL },
                [G_COC_COUNT] = { CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL },
                [G_COC_EXIT] = { CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL },
                [G_COC_FINAL] = { CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL },
            };
            assert_int_equal(p->decision, want[i][0]);
            assert_int_equal(p->player, want[i][1]);
            assert_int_equal(p->flags, want[i][2]);
            assert_int_equal(p->tile, 0);
            assert_int_equal(p->part, 1);
        } else {
            carc_game_options o;
            assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
            assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
            assert_int_equal(p->decision, CARC_DECISION_PLACE);
            assert_int_equal(p->player, cur);
            assert_int_equal(p->tile, tile);
            /* the first part of a turn, or (Traders & Builders) the builder's
             * optional second tile */
            if (p->part == 2) {
                assert_true((o.modules & CARC_MODULE_TRADERS) != 0);
                assert_int_equal(p->flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
            } else {
                assert_int_equal(p->flags, 0);
                assert_int_equal(p->part, 1);
            }
            if (i == G_SECOND)
                assert_int_equal(p->part, 2);
        }
    }
    p->struct_size = sizeof *p;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_pending(p, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_pending(NULL, NULL));
}

static void m_game_figure_supply(fx *f)
{
    uint32_t out = 777;
    static const uint32_t bad_figure[] = { CARC_FIGURE_NONE, CARC_FIGURE_PIG + 1, 255, 0x10001u, UINT32_MAX };
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_game_options o;
        uint32_t players = 0;
        assert_int_equal(carc_game_players(&players, g), CARC_OK);
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_figure_supply(NULL, g, 0, CARC_FIGURE_FOLLOWER));
        for (size_t k = 0; k < sizeof bad_figure / sizeof bad_figure[0]; k++) {
            EXPECT(g, CARC_EINVAL, carc_game_figure_supply(&out, g, 0, bad_figure[k]));
            EXPECT(g, CARC_EINVAL, carc_game_figure_supply(&out, g, players, bad_figure[k]));
        }
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, players, CARC_FIGURE_FOLLOWER));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, players, CARC_FIGURE_ABBOT));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, players, CARC_FIGURE_BIG));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, players, CARC_FIGURE_BUILDER));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, players, CARC_FIGURE_PIG));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, 0x10000u, CARC_FIGURE_PIG));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, 6, CARC_FIGURE_BIG)); /* never a 7th player */
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, 0x10000u, CARC_FIGURE_ABBOT));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, 0x10000u, CARC_FIGURE_BIG));
        EXPECT(g, CARC_ERANGE, carc_game_figure_supply(&out, g, UINT32_MAX, CARC_FIGURE_FOLLOWER));
        assert_int_equal(out, 777);
        /* the answers: followers as carc_game_supply, the abbot 0 or 1 (only with
         * the Abbot), the big follower 0 or 1 (only with Inns & Cathedrals), the
         * builder 0 or 1 (only with Traders & Builders), the pig 0 or 1 (only
         * with Traders & Builders and farmers) */
        for (uint32_t p = 0; p < players; p++) {
            uint32_t s = 0, n = 0;
            assert_int_equal(carc_game_supply(&s, g, p), CARC_OK);
            EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_FOLLOWER));
            assert_int_equal(n, s);
            EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_ABBOT));
            assert_true(n <= ((o.modules & CARC_MODULE_ABBOT) ? 1u : 0u));
            EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_BIG));
            assert_true(n <= ((o.modules & CARC_MODULE_INNS) ? 1u : 0u));
            if (i == G_INNS)
                assert_int_equal(n, 1);
            if (i == G_NOBIG)
                assert_int_equal(n, 0);
            bool traders = (o.modules & CARC_MODULE_TRADERS) != 0;
            EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_BUILDER));
            assert_true(n <= (traders ? 1u : 0u));
            EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_PIG));
            assert_true(n <= (traders && (o.modules & CARC_MODULE_FARMERS) ? 1u : 0u));
            if (i == G_SECOND && p == 0) { /* his builder went home with the road */
                EXPECT(g, CARC_OK, carc_game_figure_supply(&n, g, p, CARC_FIGURE_BUILDER));
                assert_int_equal(n, 1);
            }
        }
    }
    out = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_figure_supply(&out, NULL, 0, CARC_FIGURE_FOLLOWER));
    assert_int_equal(out, 777);
}

/* The tokens of each player and kind as the events give them: one
 * CARC_EVENT_GOODS per token; and the majorities of the end (CARC_EVENT_TRADE:
 * 10 to each player with the most tokens of its kind, none for a kind nobody
 * holds). */
static void goods_agree(carc_game *g)
{
    uint32_t players = 0, n = 0, want[6][CARC_GOOD_COUNT] = { { 0 } }, trades[CARC_GOOD_COUNT] = { 0 };
    uint32_t total[CARC_GOOD_COUNT] = { 0 };
    static const uint32_t symbols[CARC_GOOD_COUNT] = { 9, 6, 5 }; /* wine, grain, cloth in the 24 tiles */
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(carc_game_event_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++) {
        carc_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        assert_int_equal(carc_game_event(&e, g, i), CARC_OK);
        if (e.kind != CARC_EVENT_GOODS && e.kind != CARC_EVENT_TRADE) {
            assert_int_equal(e.good, 0);
            continue;
        }
        assert_true(e.good < CARC_GOOD_COUNT);
        if (e.kind == CARC_EVENT_GOODS) {
            assert_int_equal(e.points, 0);
            assert_int_equal(e.feature_kind, CARC_SEG_CITY);
            assert_int_equal(__builtin_popcount(e.players), 1);
            uint32_t p = (uint32_t)__builtin_ctz(e.players);
            assert_true(p < players);
            want[p][e.good]++;
        } else {
            assert_true(hz_over(g));
            assert_int_equal(e.points, 10);
            assert_int_equal(e.segment, CARC_NO_SEGMENT);
            trades[e.good] |= e.players;
        }
    }
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t best = 0, mask = 0, u = 0;
        for (uint32_t p = 0; p < players; p++) {
            EXPECT(g, CARC_OK, carc_game_goods(&u, g, p, k));
            if (u != want[p][k])
                fail_msg("player %u has %u tokens of good %u, the events give %u", p, u, k, want[p][k]);
            total[k] += u;
            if (u > best) {
                best = u;
                mask = 0;
            }
            if (u == best && u)
                mask |= 1u << p;
        }
        assert_true(total[k] <= symbols[k]);
        if (hz_over(g) && trades[k] != mask)
            fail_msg("good %u: the majority went to %#x, the tokens give %#x", k, trades[k], mask);
    }
}

static void m_game_goods(fx *f)
{
    static const uint32_t bad_good[] = { CARC_GOOD_COUNT, CARC_GOOD_COUNT + 1, 255, 0x10000u, 0x10001u, UINT32_MAX };
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t players = 0;
        out = 777;
        assert_int_equal(carc_game_players(&players, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_goods(NULL, g, 0, CARC_GOOD_WINE));
        EXPECT(g, CARC_EINVAL, carc_game_goods(NULL, g, players, CARC_GOOD_WINE));
        EXPECT(g, CARC_EINVAL, carc_game_goods(NULL, g, 0, UINT32_MAX));
        for (size_t k = 0; k < sizeof bad_good / sizeof bad_good[0]; k++) {
            EXPECT(g, CARC_EINVAL, carc_game_goods(&out, g, 0, bad_good[k]));
            /* a bad good and a bad player: either status (the order of the checks is not specified) */
            EXPECT2(g, CARC_EINVAL, CARC_ERANGE, carc_game_goods(&out, g, players, bad_good[k]));
        }
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
            EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, players, k));
            if (players < 6)
                EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, 5, k));
            EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, 6, k)); /* never a 7th player */
            EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, 7, k));
            EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, 0x10000u, k)); /* no 16-bit aliasing */
            EXPECT(g, CARC_ERANGE, carc_game_goods(&out, g, UINT32_MAX, k));
        }
        assert_int_equal(out, 777); /* untouched by the failures */
        /* the answers: 0 without Traders & Builders, the events' tokens with it */
        carc_game_options o;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        for (uint32_t p = 0; p < players; p++)
            for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
                EXPECT(g, CARC_OK, carc_game_goods(&out, g, p, k));
                if (!(o.modules & CARC_MODULE_TRADERS))
                    assert_int_equal(out, 0);
            }
        goods_agree(g);
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_goods(&out, NULL, 0, CARC_GOOD_WINE));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_goods(NULL, NULL, 0, CARC_GOOD_WINE));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_goods(&out, NULL, UINT32_MAX, UINT32_MAX));

    /* whole games with Traders & Builders: the tokens, then the majorities;
     * undo gives the tokens back, the end scores them once */
    static const uint32_t sets[] = { CARC_MODULE_FARMERS | CARC_MODULE_TRADERS, CARC_MODULE_TRADERS,
                                     CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS |
                                         CARC_MODULE_TRADERS };
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        carc_game *g = new_game(f, 2 + (uint32_t)k, 100 + k, sets[k]);
        play_traders(f, g, 1000, 13 + k);
        assert_true(hz_over(g));
        goods_agree(g);
        assert_int_equal(carc_game_undo(g), CARC_OK); /* the last move and the final scoring */
        assert_false(hz_over(g));
        goods_agree(g);
        carc_game_free(g);
    }
}

static void m_game_city(fx *f)
{
    static const uint32_t bad_figure[] = { CARC_FIGURE_NONE, CARC_FIGURE_ABBOT, CARC_FIGURE_BUILDER, CARC_FIGURE_PIG,
                                           6, 255, 0x10001u, UINT32_MAX };
    static const uint32_t bad_quarter[] = { 4, 5, 255, 0x10000u, UINT32_MAX };
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_game_options o;
        uint32_t players = 0;
        out = 777;
        assert_int_equal(carc_game_players(&players, g), CARC_OK);
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_city(NULL, g, 0, 0, CARC_FIGURE_FOLLOWER));
        EXPECT(g, CARC_EINVAL, carc_game_city(NULL, g, 4, players, 0));
        for (size_t k = 0; k < sizeof bad_quarter / sizeof bad_quarter[0]; k++) {
            EXPECT(g, CARC_EINVAL, carc_game_city(&out, g, bad_quarter[k], 0, CARC_FIGURE_FOLLOWER));
            EXPECT(g, CARC_EINVAL, carc_game_city(&out, g, bad_quarter[k], 0, CARC_FIGURE_BIG));
            /* a bad quarter and a bad player: either status (the order of the checks is not specified) */
            EXPECT2(g, CARC_EINVAL, CARC_ERANGE, carc_game_city(&out, g, bad_quarter[k], players, CARC_FIGURE_FOLLOWER));
        }
        for (size_t k = 0; k < sizeof bad_figure / sizeof bad_figure[0]; k++) {
            EXPECT(g, CARC_EINVAL, carc_game_city(&out, g, CARC_QUARTER_CASTLE, 0, bad_figure[k]));
            EXPECT2(g, CARC_EINVAL, CARC_ERANGE, carc_game_city(&out, g, CARC_QUARTER_MARKET, players, bad_figure[k]));
        }
        for (uint32_t q = 0; q < 4; q++)
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
                EXPECT(g, CARC_ERANGE, carc_game_city(&out, g, q, players, fig));
                EXPECT(g, CARC_ERANGE, carc_game_city(&out, g, q, 6, fig)); /* never a 7th player */
                EXPECT(g, CARC_ERANGE, carc_game_city(&out, g, q, 0x10000u, fig)); /* no 16-bit aliasing */
                EXPECT(g, CARC_ERANGE, carc_game_city(&out, g, q, UINT32_MAX, fig));
            }
        assert_int_equal(out, 777); /* untouched by the failures */
        /* the answers: 0 without the Count; with it, followers in supply + on
         * the board + in the city make 7, and the big follower is in one place */
        uint32_t on_board[6] = { 0 }, bigs[6] = { 0 }, nf = 0;
        assert_int_equal(carc_game_figure_count(&nf, g), CARC_OK);
        for (uint32_t k = 0; k < nf; k++) {
            carc_figure_info fi;
            memset(&fi, 0, sizeof fi);
            fi.struct_size = sizeof fi;
            assert_int_equal(carc_game_figure(&fi, g, k), CARC_OK);
            on_board[fi.player] += fi.figure == CARC_FIGURE_FOLLOWER;
            bigs[fi.player] += fi.figure == CARC_FIGURE_BIG;
        }
        for (uint32_t p = 0; p < players; p++) {
            uint32_t in_city = 0, big_in = 0, s = 0, b = 0;
            for (uint32_t q = 0; q < 4; q++) {
                EXPECT(g, CARC_OK, carc_game_city(&out, g, q, p, CARC_FIGURE_FOLLOWER));
                in_city += out;
                EXPECT(g, CARC_OK, carc_game_city(&out, g, q, p, CARC_FIGURE_BIG));
                assert_true(out <= 1);
                big_in += out;
            }
            if (!(o.modules & CARC_MODULE_COUNT))
                assert_int_equal(in_city + big_in, 0);
            assert_int_equal(carc_game_supply(&s, g, p), CARC_OK);
            assert_int_equal(carc_game_figure_supply(&b, g, p, CARC_FIGURE_BIG), CARC_OK);
            assert_int_equal(s + on_board[p] + in_city, 7);
            assert_int_equal(b + bigs[p] + big_in, (o.modules & CARC_MODULE_INNS) ? 1u : 0u);
        }
    }
    /* the fixture's city */
    static const struct {
        int game;
        uint32_t quarter, player, figure, want;
    } city[] = {
        { G_COC_QUARTER, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 0 },
        { G_COC_COUNT, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_EXIT, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_EXIT, CARC_QUARTER_CASTLE, 1, CARC_FIGURE_FOLLOWER, 0 },
        { G_COC_FINAL, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_BIG, 1 },
        { G_COC_FINAL, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER, 0 },
        { G_COC_FINAL, CARC_QUARTER_CATHEDRAL, 1, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_FINAL, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER, 1 },
        { G_COC_FINAL, CARC_QUARTER_MARKET, 1, CARC_FIGURE_BIG, 0 },
    };
    for (size_t k = 0; k < sizeof city / sizeof city[0]; k++) {
        EXPECT(f->g[city[k].game], CARC_OK,
               carc_game_city(&out, f->g[city[k].game], city[k].quarter, city[k].player, city[k].figure));
        if (out != city[k].want)
            fail_msg("%s game: player %u has %u of figure %u in quarter %u, expected %u", game_names[city[k].game],
                     city[k].player, out, city[k].figure, city[k].quarter, city[k].want);
    }
    out = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_city(&out, NULL, 0, 0, CARC_FIGURE_FOLLOWER));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_city(NULL, NULL, 0, 0, CARC_FIGURE_FOLLOWER));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_city(&out, NULL, UINT32_MAX, UINT32_MAX, UINT32_MAX));
    assert_int_equal(out, 777);
}

static void m_game_count(fx *f)
{
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_game_options o;
        assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_count(NULL, g));
        if (o.modules & CARC_MODULE_COUNT) {
            EXPECT(g, CARC_OK, carc_game_count(&out, g));
            assert_true(out < 4);
            out = 777;
            continue;
        }
        /* no Count in the game: CARC_EILLEGAL, nothing written, the game as
         * it was, the last-error text too (a read-only call; it wrote "this
         * game has no Count" before 235b057, and so did every picture) */
        EXPECT(g, CARC_EILLEGAL, carc_game_count(&out, g));
        assert_int_equal(out, 777);
    }
    static const struct {
        int game;
        uint32_t want;
    } at[] = { { G_COC_QUARTER, CARC_QUARTER_CASTLE }, { G_COC_COUNT, CARC_QUARTER_CASTLE },
               { G_COC_EXIT, CARC_QUARTER_MARKET }, { G_COC_FINAL, CARC_QUARTER_MARKET } };
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        EXPECT(f->g[at[k].game], CARC_OK, carc_game_count(&out, f->g[at[k].game]));
        assert_int_equal(out, at[k].want);
    }
    out = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_count(&out, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_count(NULL, NULL));
    assert_int_equal(out, 777);
}

static void m_game_players(fx *f) { misuse_get_u32(f, carc_game_players, "carc_game_players"); }
static void m_game_current_player(fx *f) { misuse_get_u32(f, carc_game_current_player, "carc_game_current_player"); }
static void m_game_remaining(fx *f) { misuse_get_u32(f, carc_game_remaining, "carc_game_remaining"); }
static void m_game_tile_count(fx *f) { misuse_get_u32(f, carc_game_tile_count, "carc_game_tile_count"); }
static void m_game_figure_count(fx *f) { misuse_get_u32(f, carc_game_figure_count, "carc_game_figure_count"); }
static void m_game_event_count(fx *f) { misuse_get_u32(f, carc_game_event_count, "carc_game_event_count"); }
static void m_game_history_count(fx *f) { misuse_get_u32(f, carc_game_history_count, "carc_game_history_count"); }
static void m_game_leaders(fx *f) { misuse_get_u32(f, carc_game_leaders, "carc_game_leaders"); }

static void m_game_current_tile(fx *f)
{
    misuse_get_u32(f, carc_game_current_tile, "carc_game_current_tile");
    uint32_t out = 777;
    EXPECT(f->g[G_OVER], CARC_ENOTFOUND, carc_game_current_tile(&out, f->g[G_OVER]));
    EXPECT(f->g[G_ENDED], CARC_ENOTFOUND, carc_game_current_tile(&out, f->g[G_ENDED]));
    assert_int_equal(out, 777);
}

static void m_game_is_over(fx *f)
{
    bool b = true;
    FOR_GAMES(f, i)
        EXPECT(f->g[i], CARC_EINVAL, carc_game_is_over(NULL, f->g[i]));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_is_over(&b, NULL));
    assert_true(b);
}

static void m_game_can_undo(fx *f)
{
    bool b = true;
    FOR_GAMES(f, i)
        EXPECT(f->g[i], CARC_EINVAL, carc_game_can_undo(NULL, f->g[i]));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_can_undo(&b, NULL));
    assert_true(b);
    EXPECT(f->g[G_FRESH], CARC_OK, carc_game_can_undo(&b, f->g[G_FRESH]));
    assert_false(b);
}

static void m_game_state_size(fx *f)
{
    size_t n = 777;
    FOR_GAMES(f, i)
        EXPECT(f->g[i], CARC_EINVAL, carc_game_state_size(NULL, f->g[i]));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_state_size(&n, NULL));
    assert_int_equal(n, 777);
}

static void m_game_score(fx *f)
{
    int32_t out = 777;
    FOR_GAMES(f, i) {
        uint32_t players = 0;
        assert_int_equal(carc_game_players(&players, f->g[i]), CARC_OK);
        EXPECT(f->g[i], CARC_EINVAL, carc_game_score(NULL, f->g[i], 0));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_score(&out, f->g[i], players));
        if (players < 6)
            EXPECT(f->g[i], CARC_ERANGE, carc_game_score(&out, f->g[i], 5));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_score(&out, f->g[i], 6));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_score(&out, f->g[i], 7));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_score(&out, f->g[i], 0x10000u));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_score(&out, f->g[i], UINT32_MAX));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_score(&out, NULL, 0));
    assert_int_equal(out, 777);
}

static void m_game_supply(fx *f)
{
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        uint32_t players = 0;
        assert_int_equal(carc_game_players(&players, f->g[i]), CARC_OK);
        EXPECT(f->g[i], CARC_EINVAL, carc_game_supply(NULL, f->g[i], 0));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_supply(&out, f->g[i], players));
        if (players < 6)
            EXPECT(f->g[i], CARC_ERANGE, carc_game_supply(&out, f->g[i], 5));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_supply(&out, f->g[i], 6));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_supply(&out, f->g[i], UINT32_MAX));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_supply(&out, NULL, 0));
    assert_int_equal(out, 777);
}

static void m_game_remaining_of(fx *f)
{
    uint32_t out = 777, n = carc_tile_kind_count();
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_remaining_of(NULL, f->g[i], 0));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_remaining_of(&out, f->g[i], n));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_remaining_of(&out, f->g[i], UINT32_MAX));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_remaining_of(&out, f->g[i], 0x10000u)); /* no 16-bit aliasing */
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_remaining_of(&out, NULL, 0));
    assert_int_equal(out, 777);
}

static void m_game_choose_tile(fx *f)
{
    uint32_t n = carc_tile_kind_count(), river = UINT32_MAX;
    if (carc_tile_find(&river, "RA") != CARC_OK)
        river = UINT32_MAX;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_choose_tile(NULL, 0));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        bool over = hz_over(g);
        REJECT(g, CARC_ERANGE, carc_game_choose_tile(g, n));
        REJECT(g, CARC_ERANGE, carc_game_choose_tile(g, UINT32_MAX));
        REJECT(g, CARC_ERANGE, carc_game_choose_tile(g, 0x10000u + 3));
        if (IS_COC_DECISION(i)) {
            /* a decision of the Count is pending: no tile may be chosen, left to draw or not */
            for (uint32_t k = 0; k < n; k++) {
                REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, k));
                if (strstr(carc_game_last_error(g), "Count") == NULL)
                    fail_msg("%s game: choose_tile during a decision of the Count: \"%s\"", game_names[i],
                             carc_game_last_error(g));
            }
            continue;
        }
        if (river != UINT32_MAX) /* in the catalogue, not in this game */
            REJECT(g, over ? CARC_EGAME_OVER : CARC_ENOT_IN_BAG, carc_game_choose_tile(g, river));
        if (over) {
            REJECT(g, CARC_EGAME_OVER, carc_game_choose_tile(g, 3));
            continue;
        }
        /* every kind with no copy left */
        for (uint32_t k = 0; k < n; k++) {
            uint32_t left = 1;
            assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
            if (left == 0)
                REJECT(g, CARC_ENOT_IN_BAG, carc_game_choose_tile(g, k));
        }
    }
    /* C has one copy: once it is played, it is not in the bag */
    {
        carc_game *g = new_game(f, 2, 77, CARC_MODULE_FARMERS);
        uint32_t c = 0;
        assert_int_equal(carc_tile_find(&c, "C"), CARC_OK);
        assert_int_equal(carc_game_choose_tile(g, c), CARC_OK);
        carc_move m = legal_move(f, g, 0);
        assert_int_equal(m.tile, c);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        REJECT(g, CARC_ENOT_IN_BAG, carc_game_choose_tile(g, c));
        carc_game_free(g);
    }
    /* with the River: no land tile, and the lake only last, while River tiles are left */
    {
        carc_game *g = f->g[G_RIVER];
        uint32_t lake = 0, land = 0, cur = 0;
        assert_int_equal(carc_tile_find(&lake, "RL"), CARC_OK);
        static const char *const land_tiles[] = { "D", "B", "C", "E", "E.g", "V.g", "X" };
        for (size_t k = 0; k < sizeof land_tiles / sizeof land_tiles[0]; k++) {
            assert_int_equal(carc_tile_find(&land, land_tiles[k]), CARC_OK);
            REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, land));
            if (strstr(carc_game_last_error(g), "River") == NULL)
                fail_msg("choose_tile(%s) with River tiles left: \"%s\"", land_tiles[k], carc_game_last_error(g));
        }
        REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, lake));
        if (strstr(carc_game_last_error(g), "lake") == NULL)
            fail_msg("choose_tile(lake) too early: \"%s\"", carc_game_last_error(g));
        /* a course tile may be chosen (and the choice taken back) */
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        char *before = hz_fingerprint(g, HZ_FP_NO_ERROR);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t left = 0;
            const char *name = carc_tile_name(k);
            assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
            if (left && k != cur && k != lake && name[0] == 'R' && name[1] != '\0' && name[1] != '.') {
                assert_int_equal(carc_game_choose_tile(g, k), CARC_OK);
                assert_int_equal(carc_game_undo(g), CARC_OK);
                break;
            }
        }
        check_same(g, before, HZ_FP_NO_ERROR, "choose_tile + undo", __LINE__);
    }
    /* the lake once it is the last River tile; land tiles only after it */
    {
        carc_game *g = new_game(f, 2, 5, CARC_MODULE_RIVER);
        uint32_t lake = 0, d = 0, cur = 0;
        assert_int_equal(carc_tile_find(&lake, "RL"), CARC_OK);
        assert_int_equal(carc_tile_find(&d, "D"), CARC_OK);
        for (int i = 0; i < 10; i++) {
            assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
            assert_int_not_equal(cur, lake);
            REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, lake));
            carc_move m = legal_move(f, g, (size_t)i);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        assert_int_equal(cur, lake);
        REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, d));
        assert_int_equal(carc_game_choose_tile(g, lake), CARC_OK);
        carc_move m = legal_move(f, g, 0);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        assert_int_equal(carc_game_choose_tile(g, d), CARC_OK);
        REJECT(g, CARC_ENOT_IN_BAG, carc_game_choose_tile(g, lake));
        carc_game_free(g);
    }
    /* the River and the Count: the city hems the river in (the spring at
     * (2,-1) turned 0, the river down the city's east side and west along
     * its south side, CO/9's city cap facing its open end); the River tiles
     * left cannot be placed, the tile to place is a land tile, and it may be
     * chosen (it was refused before c551841, found by the API fuzzer: "2
     * River tiles are still to be drawn before any land tile") */
    {
        static const char *const moves[] = { "RH 2 0 270 -", "RC 2 1 90 -",          "RJ 2 2 180 -",
                                             "RD 1 2 270 -", "RB 0 2 180 road:N", "RF -1 2 270 -" };
        carc_game_options o;
        carc_game *g = NULL;
        uint32_t cur = 0, river_left = 0;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.players = 5;
        o.seed = 184;
        o.modules = CARC_MODULE_RIVER | CARC_MODULE_COUNT;
        o.allocator = &f->a;
        assert_int_equal(carc_tile_find(&o.start_tile, "RA"), CARC_OK);
        o.start_x = 2;
        o.start_y = -1;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
            carc_move m;
            assert_int_equal(carc_move_parse(&m, moves[i]), CARC_OK);
            if (carc_game_play(g, &m) != CARC_OK)
                fail_msg("%s: %s", moves[i], carc_game_last_error(g));
        }
        for (uint32_t k = 0; k < n; k++) {
            const char *name = carc_tile_name(k);
            uint32_t c = 0;
            assert_int_equal(carc_game_remaining_of(&c, g, k), CARC_OK);
            if (name[0] == 'R' && name[1] >= 'A' && name[1] <= 'L' && name[2] == '\0' && c) {
                river_left += c;
                assert_int_equal(carc_game_placements(f->list, g, k, 0), CARC_OK);
                assert_int_equal(carc_movelist_count(f->list), 0);
            }
        }
        assert_true(river_left > 0);
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        const char *name = carc_tile_name(cur);
        assert_false(name[0] == 'R' && name[1] >= 'A' && name[1] <= 'L' && name[2] == '\0');
        if (carc_game_choose_tile(g, cur) != CARC_OK)
            fail_msg("choose_tile(%s), the tile to place, with the river hemmed in: \"%s\"", name,
                     carc_game_last_error(g));
        carc_game_free(g);
    }
}

/* An end while a decision of the Count is pending in the part of the last
 * tile of the pile: the declines are the passes a player would play, after
 * which the game ends by itself (over, or the final round those passes
 * began, 12449c5); the record replays to the same game, also after exits of
 * the final round (before 235b057 its record did not load: "illegal move
 * 'exit ...': the game is over"). Random games (the first listed answer to
 * each decision now and then) until three such ends. */
static void end_after_last_tile(fx *f)
{
    unsigned found = 0;
    for (uint64_t seed = 1; seed <= 400 && found < 3; seed++) {
        carc_game *g = new_game(f, 2 + (uint32_t)(seed % 3), seed, CARC_MODULE_FARMERS | CARC_MODULE_COUNT);
        uint64_t r = seed;
        while (!hz_over(g)) {
            carc_pending pd = pending_now(g);
            uint32_t left = 0;
            assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
            if (left == 0 && pd.decision != CARC_DECISION_PLACE && !(pd.flags & CARC_PENDING_FINAL))
                break;
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            size_t n = carc_movelist_count(f->list), k = hz_rand(&r) % n;
            if (pd.decision != CARC_DECISION_PLACE && hz_rand(&r) % 3)
                k = 0;
            assert_int_equal(carc_game_play(g, &carc_movelist_data(f->list)[k]), CARC_OK);
        }
        if (!hz_over(g)) {
            found++;
            /* a: the end at once; b: the passes played, the first exit of the final round, then the end */
            carc_game *c = NULL;
            assert_int_equal(carc_game_clone(&c, g, 0), CARC_OK);
            char *before = hz_fingerprint(g, 0);
            assert_int_equal(carc_game_end(g), CARC_OK);
            carc_pending pe = pending_now(g);
            assert_true(hz_over(g) || (pe.decision == CARC_DECISION_EXIT && (pe.flags & CARC_PENDING_FINAL)));
            carc_move pass;
            memset(&pass, 0, sizeof pass);
            pass.kind = CARC_MOVE_PASS;
            pass.segment = CARC_NO_SEGMENT;
            while (!hz_over(c) && !(pending_now(c).flags & CARC_PENDING_FINAL))
                assert_int_equal(carc_game_play(c, &pass), CARC_OK);
            if (!hz_over(c)) {
                assert_int_equal(carc_game_legal_moves(f->list, c, 0), CARC_OK);
                assert_int_equal(carc_game_play(c, &carc_movelist_data(f->list)[0]), CARC_OK);
                if (!hz_over(c))
                    assert_int_equal(carc_game_end(c), CARC_OK);
            }
            assert_true(hz_over(c));
            carc_game *ended[2] = { g, c };
            for (int k = 0; k < 2; k++) {
                char *rec = hz_save(ended[k]);
                carc_game *l = NULL;
                carc_load_error err;
                memset(&err, 0, sizeof err);
                err.struct_size = sizeof err;
                assert_non_null(rec);
                if (carc_game_load(&l, rec, strlen(rec), &f->a, &err) != CARC_OK)
                    fail_msg("seed %llu: the record of an end after the last tile does not load: %s",
                             (unsigned long long)seed, err.message);
                char *x = hz_fingerprint(ended[k], HZ_FP_NO_UNDO | HZ_FP_NO_ERROR),
                     *y = hz_fingerprint(l, HZ_FP_NO_UNDO | HZ_FP_NO_ERROR);
                assert_string_equal(x, y);
                free(x);
                free(y);
                free(rec);
                carc_game_free(l);
            }
            carc_game_free(c);
            /* one undo takes the end back, passes and all */
            assert_int_equal(carc_game_undo(g), CARC_OK);
            check_same(g, before, 0, "an end after the last tile + undo", __LINE__);
        }
        carc_game_free(g);
    }
    assert_true(found > 0);
}

static void m_game_end(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_end(NULL));
    /* over: nothing to do, nothing changes (not even the undo history) */
    EXPECT(f->g[G_OVER], CARC_OK, carc_game_end(f->g[G_OVER]));
    EXPECT(f->g[G_ENDED], CARC_OK, carc_game_end(f->g[G_ENDED]));
    /* after an end in play, the game is over and undo takes it back */
    carc_game *g = f->g[G_MID];
    char *before = hz_fingerprint(g, 0);
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(hz_over(g));
    assert_int_equal(carc_game_undo(g), CARC_OK);
    check_same(g, before, 0, "carc_game_end + carc_game_undo", __LINE__);
    /* the Count: an end declines the decisions of the turn part (a pass
     * each, in the history), then the final round starts if anybody may move
     * out of the city; an end in the final round declines the rest and
     * scores. One undo takes it all back. */
    FOR_GAMES(f, i) {
        if (!IS_COC_DECISION(i) && i != G_ALL && i != G_COC_RIVER)
            continue;
        g = f->g[i];
        uint32_t h0 = 0, h1 = 0;
        carc_pending pd0 = pending_now(g);
        before = hz_fingerprint(g, 0);
        assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
        assert_int_equal(carc_game_end(g), CARC_OK);
        assert_string_equal(carc_game_last_error(g), "");
        assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
        carc_pending pd1 = pending_now(g);
        if (pd0.flags & CARC_PENDING_FINAL) {
            assert_true(hz_over(g)); /* the rest of the final round declined */
        } else if (!hz_over(g)) {
            assert_int_equal(pd1.decision, CARC_DECISION_EXIT);
            assert_int_equal(pd1.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
        }
        assert_true(h1 > h0);
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        for (uint32_t k = h0; k < h1; k++) { /* passes, then the end (none if the passes ended the game) */
            assert_int_equal(carc_game_history(&e, g, k), CARC_OK);
            if (k + 1 < h1 || (hz_over(g) && e.kind != CARC_HISTORY_END)) {
                assert_int_equal(e.kind, CARC_HISTORY_PLACE);
                assert_int_equal(e.move.kind, CARC_MOVE_PASS);
            } else {
                assert_int_equal(e.kind, CARC_HISTORY_END);
            }
        }
        /* a second end: over now (a unit of its own if the first one left a final round) */
        bool again = !hz_over(g);
        assert_int_equal(carc_game_end(g), CARC_OK);
        assert_true(hz_over(g));
        /* the record replays it */
        char *rec = hz_save(g);
        carc_game *l = NULL;
        assert_non_null(rec);
        assert_int_equal(carc_game_load(&l, rec, strlen(rec), &f->a, NULL), CARC_OK);
        char *a = hz_fingerprint(g, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO), *b = hz_fingerprint(l, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO);
        assert_string_equal(a, b);
        free(a);
        free(b);
        free(rec);
        carc_game_free(l);
        if (again)
            assert_int_equal(carc_game_undo(g), CARC_OK); /* the second end */
        assert_int_equal(carc_game_undo(g), CARC_OK);
        check_same(g, before, 0, "carc_game_end during a decision of the Count + carc_game_undo", __LINE__);
    }
    end_after_last_tile(f);
}

/* ------------------------------------------------------------ moves.h */

/* ------------------------------------------------------------ search.h */

static void m_playout_new(fx *f)
{
    carc_playout *sentinel = (carc_playout *)(void *)&f->alloc, *p;
    size_t live = f->alloc.live;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_playout_new(NULL, f->g[G_MID]));
    p = sentinel;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_playout_new(&p, NULL));
    assert_null(p);
    assert_int_equal(f->alloc.live, live);
    /* one runner plays every game of the fixture, and leaves each as it was */
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_OK, carc_playout_new(&p, f->g[i]));
        FOR_GAMES(f, k) {
            int32_t s[6];
            EXPECT(f->g[k], CARC_OK, carc_playout_run(p, f->g[k], (uint32_t)(i + k) % 2, 7, s, 6, NULL));
        }
        carc_playout_free(p);
    }
    assert_int_equal(f->alloc.live, live);
}

static void m_playout_free(fx *f)
{
    (void)f;
    carc_playout_free(NULL);
}

static void m_playout_game(fx *f)
{
    carc_playout *p;
    assert_null(carc_playout_game(NULL));
    assert_int_equal(carc_playout_new(&p, f->g[G_MID]), CARC_OK);
    assert_null(carc_playout_game(p));
    assert_int_equal(carc_playout_run(p, f->g[G_MID], CARC_POLICY_RANDOM, 1, NULL, 0, NULL), CARC_OK);
    assert_true(hz_over(carc_playout_game(p)));
    carc_playout_free(p);
}

static void m_playout_run(fx *f)
{
    carc_playout *p;
    int32_t s[7];
    uint32_t moves = 777;
    assert_int_equal(carc_playout_new(&p, f->g[G_MID]), CARC_OK);
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t np = 0;
        moves = 777;
        assert_int_equal(carc_game_players(&np, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_playout_run(NULL, g, 0, 1, s, 7, &moves));
        EXPECT(g, CARC_EINVAL, carc_playout_run(p, g, 2, 1, s, 7, &moves));
        EXPECT(g, CARC_EINVAL, carc_playout_run(p, g, UINT32_MAX, 1, s, 7, &moves));
        EXPECT(g, CARC_EINVAL, carc_playout_run(p, g, 0, 1, NULL, 7, &moves));
        memset(s, GUARD, sizeof s);
        EXPECT(g, CARC_ERANGE, carc_playout_run(p, g, 0, 1, s, np - 1, &moves));
        check_guard(s, 0, sizeof s, "carc_playout_run (n too small)", __LINE__);
        assert_int_equal(moves, 777);
        EXPECT(g, CARC_OK, carc_playout_run(p, g, 1, 1, s, np, &moves));
        check_guard(s, np * sizeof *s, sizeof s, "carc_playout_run scores", __LINE__);
        if (hz_over(g))
            assert_int_equal(moves, 0);
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_playout_run(p, NULL, 0, 1, s, 7, &moves));
    carc_playout_free(p);
}

static void m_playout_choose(fx *f)
{
    carc_playout *p;
    carc_move m, before;
    memset(&m, GUARD, sizeof m);
    before = m;
    uint64_t rng = 5;
    assert_int_equal(carc_playout_new(&p, f->g[G_MID]), CARC_OK);
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        m = before;
        rng = 5;
        EXPECT(g, CARC_EINVAL, carc_playout_choose(NULL, p, g, 0, &rng));
        EXPECT(g, CARC_EINVAL, carc_playout_choose(&m, NULL, g, 0, &rng));
        EXPECT(g, CARC_EINVAL, carc_playout_choose(&m, p, g, 2, &rng));
        EXPECT(g, CARC_EINVAL, carc_playout_choose(&m, p, g, 0, NULL));
        assert_memory_equal(&m, &before, sizeof m);
        assert_true(rng == 5);
        for (uint32_t pol = 0; pol < 2; pol++) {
            carc_status s = hz_over(g) ? CARC_EGAME_OVER : CARC_OK;
            EXPECT(g, s, carc_playout_choose(&m, p, g, pol, &rng));
            if (s == CARC_OK)
                EXPECT(g, CARC_OK, carc_game_check_move(g, &m));
        }
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_playout_choose(&m, p, NULL, 0, &rng));
    carc_playout_free(p);
}

static void m_game_determinize(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_determinize(NULL, 1));
    /* on a copy of every game: what is known stays, undo restores the pile */
    FOR_GAMES(f, i) {
        carc_game *c;
        assert_int_equal(carc_game_clone(&c, f->g[i], 0), CARC_OK);
        uint64_t h0, h1;
        assert_int_equal(carc_game_hash(&h0, c), CARC_OK);
        assert_int_equal(carc_game_determinize(c, 99), CARC_OK);
        assert_int_equal(carc_game_hash(&h1, c), CARC_OK);
        assert_true(h0 == h1);
        bool can = false;
        assert_int_equal(carc_game_can_undo(&can, c), CARC_OK);
        if (can) {
            char *a = hz_fingerprint(f->g[i], HZ_FP_NO_ERROR);
            carc_game *d;
            assert_int_equal(carc_game_clone(&d, f->g[i], 0), CARC_OK);
            assert_int_equal(carc_game_undo(c), CARC_OK);
            assert_int_equal(carc_game_undo(d), CARC_OK);
            char *x = hz_fingerprint(c, HZ_FP_NO_ERROR), *y = hz_fingerprint(d, HZ_FP_NO_ERROR);
            assert_string_equal(x, y);
            free(a);
            free(x);
            free(y);
            carc_game_free(d);
        }
        carc_game_free(c);
    }
}

static void m_game_hash(fx *f)
{
    uint64_t h = 777;
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_hash(NULL, f->g[i]));
        EXPECT(f->g[i], CARC_OK, carc_game_hash(&h, f->g[i]));
    }
    h = 777;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_hash(&h, NULL));
    assert_true(h == 777);
}

static void m_game_remaining_tiles(fx *f)
{
    uint32_t n = carc_tile_kind_count(), counts[256], total = 777;
    FOR_GAMES(f, i) {
        total = 777;
        EXPECT(f->g[i], CARC_EINVAL, carc_game_remaining_tiles(NULL, 3, &total, f->g[i]));
        assert_int_equal(total, 777);
        memset(counts, GUARD, sizeof counts);
        EXPECT(f->g[i], CARC_OK, carc_game_remaining_tiles(counts, 5, NULL, f->g[i]));
        check_guard(counts, 5 * sizeof *counts, sizeof counts, "carc_game_remaining_tiles", __LINE__);
        EXPECT(f->g[i], CARC_OK, carc_game_remaining_tiles(counts, n + 10, &total, f->g[i]));
        uint32_t left, sum = 0;
        assert_int_equal(carc_game_remaining(&left, f->g[i]), CARC_OK);
        for (uint32_t k = 0; k < n + 10; k++)
            sum += counts[k];
        assert_int_equal(sum, left);
        assert_int_equal(total, left);
        EXPECT(f->g[i], CARC_OK, carc_game_remaining_tiles(NULL, 0, NULL, f->g[i]));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_remaining_tiles(counts, n, NULL, NULL));
}

static void m_movelist_new(fx *f)
{
    carc_movelist *sentinel = (carc_movelist *)(void *)&f->alloc, *l;
    size_t live = f->alloc.live;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_movelist_new(NULL, f->g[G_MID]));
    l = sentinel;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_movelist_new(&l, NULL));
    assert_null(l);
    assert_int_equal(f->alloc.live, live);
    /* a list is usable with any game, also games of other player counts */
    FOR_GAMES(f, i) {
        assert_int_equal(carc_movelist_new(&l, f->g[i]), CARC_OK);
        FOR_GAMES(f, k) {
            carc_status s = carc_game_legal_moves(l, f->g[k], 0);
            assert_int_equal(s, hz_over(f->g[k]) ? CARC_EGAME_OVER : CARC_OK);
        }
        carc_movelist_free(l);
    }
}

static void m_movelist_free(fx *f)
{
    (void)f;
    carc_movelist_free(NULL);
}

static void m_movelist_count(fx *f)
{
    carc_movelist *l;
    assert_int_equal(carc_movelist_count(NULL), 0);
    assert_int_equal(carc_movelist_new(&l, f->g[G_MID]), CARC_OK);
    assert_int_equal(carc_movelist_count(l), 0);
    carc_movelist_free(l);
}

static void m_movelist_data(fx *f)
{
    carc_movelist *l;
    assert_null(carc_movelist_data(NULL));
    assert_int_equal(carc_movelist_new(&l, f->g[G_MID]), CARC_OK);
    assert_null(carc_movelist_data(l));
    assert_int_equal(carc_game_legal_moves(l, f->g[G_OVER], 0), CARC_EGAME_OVER);
    assert_null(carc_movelist_data(l));
    carc_movelist_free(l);
}

static void m_movelist_get(fx *f)
{
    carc_move m, keep;
    carc_movelist *l;
    memset(&m, GUARD, sizeof m);
    keep = m;
    assert_int_equal(carc_movelist_new(&l, f->g[G_MID]), CARC_OK);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_movelist_get(NULL, l, 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_movelist_get(&m, NULL, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_movelist_get(&m, l, 0)); /* empty */
    assert_int_equal(carc_game_legal_moves(l, f->g[G_MID], 0), CARC_OK);
    size_t n = carc_movelist_count(l);
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_movelist_get(&m, l, n));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_movelist_get(&m, l, SIZE_MAX));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_movelist_get(&m, l, (size_t)UINT32_MAX + 1));
    assert_memory_equal(&m, &keep, sizeof m);
    carc_movelist_free(l);
}

static void m_game_placements(fx *f)
{
    uint32_t n = carc_tile_kind_count();
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_placements(NULL, f->g[G_MID], 0, 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_placements(f->list, NULL, 0, 0));
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_placements(f->list, f->g[i], 0, 2));
        EXPECT(f->g[i], CARC_EINVAL, carc_game_placements(f->list, f->g[i], 0, UINT32_MAX));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_placements(f->list, f->g[i], n, 0));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_placements(f->list, f->g[i], UINT32_MAX, 0));
        /* any kind, in any phase, is a question with an answer */
        for (uint32_t k = 0; k < n; k++)
            EXPECT(f->g[i], CARC_OK, carc_game_placements(f->list, f->g[i], k, CARC_ENUM_UNIQUE_ROTATIONS));
    }
}

static void m_game_figure_options(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_figure_options(NULL, f->g[G_MID], NULL));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_move p;
        memset(&p, 0, sizeof p);
        p.segment = CARC_NO_SEGMENT;
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(f->list, g, NULL));
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(NULL, g, &p));
        if (hz_over(g)) {
            EXPECT(g, CARC_EGAME_OVER, carc_game_figure_options(f->list, g, &p));
            continue;
        }
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(f->list, NULL, &p));
        if (IS_COC_DECISION(i)) {
            /* no place move is pending: no placement is legal, not even one of the tile on top */
            uint32_t cur = 0;
            assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
            assert_int_equal(carc_game_placements(f->list, g, cur, 0), CARC_OK);
            assert_true(carc_movelist_count(f->list) > 0);
            p = carc_movelist_data(f->list)[0];
            EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            p.x += 1000;
            EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            memset(&p, 0, sizeof p);
            p.segment = CARC_NO_SEGMENT;
            EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            p.reserved = 1;
            EXPECT2(g, CARC_EINVAL, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            continue;
        }
        p = legal_place(f, g, 3);
        p.figure = CARC_FIGURE_NONE;
        p.segment = CARC_NO_SEGMENT;
        EXPECT(g, CARC_OK, carc_game_figure_options(f->list, g, &p));
        /* placements that are not legal */
        carc_move q = p;
        q.x += 1000;
        EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        q = p;
        q.x = INT32_MAX;
        EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        q = p;
        q.x += 65536; /* the cell of a placed or frontier tile, modulo 2^16 */
        EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        q = p;
        q.x = 0;
        q.y = 0; /* the start tile's cell */
        EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        q = p;
        q.tile = (uint16_t)((p.tile + 1) % carc_tile_kind_count());
        EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        /* out-of-range fields: play says CARC_ERANGE (the header lists
         * CARC_EILLEGAL for a bad placement; either is accepted) */
        q = p;
        q.rotation = 4;
        EXPECT2(g, CARC_ERANGE, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        q = p;
        q.tile = 0xFFFF;
        EXPECT2(g, CARC_ERANGE, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &q));
        q = p;
        q.reserved = 1;
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(f->list, g, &q));
    }
}

static void m_game_legal_moves(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_legal_moves(NULL, f->g[G_MID], 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_legal_moves(f->list, NULL, 0));
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_legal_moves(f->list, f->g[i], 2));
        EXPECT(f->g[i], CARC_EINVAL, carc_game_legal_moves(f->list, f->g[i], UINT32_MAX));
        EXPECT(f->g[i], hz_over(f->g[i]) ? CARC_EGAME_OVER : CARC_OK, carc_game_legal_moves(f->list, f->g[i], 0));
    }
    /* no follower left: every move is without a figure */
    assert_int_equal(carc_game_legal_moves(f->list, f->g[G_NOSUPPLY], 0), CARC_OK);
    for (size_t k = 0; k < carc_movelist_count(f->list); k++)
        assert_int_equal(carc_movelist_data(f->list)[k].figure, CARC_FIGURE_NONE);
}

/* The bad variants of a legal move m on g, each with the status play (and
 * check_move) must give. */
typedef struct bad_move {
    carc_move m;
    carc_status want;
    const char *what;
} bad_move;

#define MAX_BAD_MOVES 320

static uint32_t seg_kind_of(uint32_t tile, uint32_t rot, uint32_t seg)
{
    carc_segment_info si;
    memset(&si, 0, sizeof si);
    si.struct_size = sizeof si;
    assert_int_equal(carc_tile_segment(&si, tile, rot, seg), CARC_OK);
    return si.kind;
}

static size_t bad_moves(fx *f, carc_game *g, bad_move *out)
{
    size_t n = 0;
    carc_move m = legal_place(f, g, 1), q;
    carc_move fig;
    bool have_fig = placement_with_figure(f, g, &fig);
    carc_game_options opts;
    uint32_t cur = 0, abbot_in_supply = 0;
    assert_int_equal(carc_game_options_get(&opts, g), CARC_OK);
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&abbot_in_supply, g, cur, CARC_FIGURE_ABBOT), CARC_OK);
    uint32_t big_supply = 0;
    assert_int_equal(carc_game_figure_supply(&big_supply, g, cur, CARC_FIGURE_BIG), CARC_OK);
    bool abbots = (opts.modules & CARC_MODULE_ABBOT) != 0, inns = (opts.modules & CARC_MODULE_INNS) != 0;
    bool traders = (opts.modules & CARC_MODULE_TRADERS) != 0;
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
    bool optional = (pd.flags & CARC_PENDING_OPTIONAL) != 0; /* the builder's second tile */
#define ADD(expr, status, text)           \
    do {                                  \
        assert_true(n < MAX_BAD_MOVES);   \
        q = m;                            \
        expr;                             \
        out[n].m = q;                     \
        out[n].want = (status);           \
        out[n].what = (text);             \
        n++;                              \
    } while (0)
    ADD(q.x += 1000, CARC_EILLEGAL, "far from the board");
    ADD(q.x = INT32_MAX, CARC_EILLEGAL, "x = INT32_MAX");
    ADD(q.x = INT32_MIN, CARC_EILLEGAL, "x = INT32_MIN");
    ADD(q.y = INT32_MAX, CARC_EILLEGAL, "y = INT32_MAX");
    ADD(q.y = INT32_MIN, CARC_EILLEGAL, "y = INT32_MIN");
    ADD(q.x += 65536, CARC_EILLEGAL, "x + 2^16");
    ADD(q.y -= 65536, CARC_EILLEGAL, "y - 2^16");
    ADD((q.x = 0, q.y = 0), CARC_EILLEGAL, "on the start tile");
    ADD(q.rotation = 4, CARC_ERANGE, "rotation 4");
    ADD(q.rotation = 255, CARC_ERANGE, "rotation 255");
    ADD(q.tile = (uint16_t)carc_tile_kind_count(), CARC_ERANGE, "tile kind out of range");
    ADD(q.tile = 0xFFFF, CARC_ERANGE, "tile kind 0xFFFF");
    ADD(q.tile = (uint16_t)((m.tile + 1) % carc_tile_kind_count()), CARC_EILLEGAL, "not the tile to place");
    /* move kinds: unknown ones, and kinds the pending place decision does not take */
    ADD(q.kind = 9, CARC_EINVAL, "move kind 9");
    ADD(q.kind = CARC_MOVE_COUNT + 1, CARC_EINVAL, "move kind 5");
    ADD(q.kind = 255, CARC_EINVAL, "move kind 255");
    ADD(q.kind = CARC_MOVE_EXIT, CARC_EILLEGAL, "an exit move while a place move is pending");
    ADD(q.kind = CARC_MOVE_QUARTER, CARC_EILLEGAL, "a quarter move while a place move is pending");
    ADD(q.kind = CARC_MOVE_COUNT, CARC_EILLEGAL, "a Count move while a place move is pending");
    if (!optional) {
        ADD(q.kind = CARC_MOVE_PASS, CARC_EILLEGAL, "a pass where no decision is optional");
        ADD((memset(&q, 0, sizeof q), q.kind = CARC_MOVE_PASS, q.segment = CARC_NO_SEGMENT), CARC_EILLEGAL,
            "a well-formed pass where no decision is optional");
    } else {
        /* the second tile may be declined, by a pass that sets nothing else */
        ADD(q.kind = CARC_MOVE_PASS, CARC_EINVAL, "a pass with the fields of a place move");
#define BAD_PASS(expr, text) \
    ADD((memset(&q, 0, sizeof q), q.kind = CARC_MOVE_PASS, q.segment = CARC_NO_SEGMENT, expr), CARC_EINVAL, text)
        BAD_PASS(q.x = 1, "a pass with x set");
        BAD_PASS(q.y = -1, "a pass with y set");
        BAD_PASS(q.x = INT32_MIN, "a pass with x = INT32_MIN");
        BAD_PASS(q.tile = (uint16_t)(m.tile ? m.tile : 3), "a pass with the tile set");
        BAD_PASS(q.tile = 0xFFFF, "a pass with tile 0xFFFF");
        BAD_PASS(q.rotation = 1, "a pass with a rotation");
        BAD_PASS(q.figure = CARC_FIGURE_FOLLOWER, "a pass with a figure");
        BAD_PASS(q.figure = CARC_FIGURE_BUILDER, "a pass with the builder");
        BAD_PASS(q.segment = 0, "a pass with segment 0");
        BAD_PASS(q.segment = CARC_SEGMENT_RECALL, "a pass with the recall segment");
        BAD_PASS(q.quarter = 1, "a pass with a quarter");
        BAD_PASS(q.reserved = 1, "a pass with reserved set");
        BAD_PASS((q.figure = CARC_FIGURE_PIG, q.segment = 2), "a pass with a pig on segment 2");
#undef BAD_PASS
    }
    ADD((memset(&q, 0, sizeof q), q.kind = CARC_MOVE_EXIT, q.figure = CARC_FIGURE_FOLLOWER, q.segment = 0),
        CARC_EILLEGAL, "a well-formed exit move while a place move is pending");
    ADD((memset(&q, 0, sizeof q), q.kind = CARC_MOVE_QUARTER, q.figure = CARC_FIGURE_FOLLOWER,
         q.segment = CARC_NO_SEGMENT, q.quarter = CARC_QUARTER_MARKET),
        CARC_EILLEGAL, "a well-formed quarter move while a place move is pending");
    ADD((memset(&q, 0, sizeof q), q.kind = CARC_MOVE_COUNT, q.segment = CARC_NO_SEGMENT,
         q.quarter = CARC_QUARTER_CATHEDRAL),
        CARC_EILLEGAL, "a well-formed Count move while a place move is pending");
    /* fields a place move does not use */
    ADD(q.quarter = 1, CARC_EINVAL, "quarter in a place move");
    ADD(q.quarter = 3, CARC_EINVAL, "quarter 3 in a place move");
    ADD(q.quarter = 255, CARC_EINVAL, "quarter 255 in a place move");
    ADD(q.reserved = 1, CARC_EINVAL, "reserved 1");
    ADD(q.reserved = 0x80, CARC_EINVAL, "reserved");
    ADD((q.quarter = 1, q.reserved = 1), CARC_EINVAL, "quarter and reserved");
    /* the abbot's recall: only the abbot, only with the Abbot, only from the board */
    ADD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = CARC_SEGMENT_RECALL), CARC_EINVAL, "a follower recalled");
    ADD((q.figure = CARC_FIGURE_BIG, q.segment = CARC_SEGMENT_RECALL), CARC_EINVAL, "a big follower recalled");
    ADD((q.figure = CARC_FIGURE_PIG, q.segment = CARC_SEGMENT_RECALL), CARC_EINVAL, "a pig recalled");
    ADD((q.figure = CARC_FIGURE_NONE, q.segment = CARC_SEGMENT_RECALL), CARC_EINVAL, "a recall without a figure");
    if (!abbots)
        ADD((q.figure = CARC_FIGURE_ABBOT, q.segment = CARC_SEGMENT_RECALL), CARC_EILLEGAL,
            "an abbot recalled in a game without the Abbot");
    else if (abbot_in_supply)
        ADD((q.figure = CARC_FIGURE_ABBOT, q.segment = CARC_SEGMENT_RECALL), CARC_EILLEGAL,
            "an abbot recalled that is not on the board");
    /* figures on segments their rules do not allow */
    {
        uint32_t nseg = 0, seen = 0;
        assert_int_equal(carc_tile_segment_count(&nseg, m.tile), CARC_OK);
        for (uint32_t sgi = 0; sgi < nseg; sgi++) {
            uint32_t k = seg_kind_of(m.tile, m.rotation, sgi);
            static const char *const abbot_on[] = { "an abbot on a field", "an abbot on a road", "an abbot on a city",
                                                    NULL, NULL, "an abbot on the river" };
            static const char *const follower_on[] = { NULL, NULL, NULL, NULL, "a follower on a garden",
                                                       "a follower on the river" };
            static const char *const big_on[] = { NULL, NULL, NULL, NULL, "a big follower on a garden",
                                                  "a big follower on the river" };
            if (abbot_on[k] && !(seen >> k & 1u))
                ADD((q.figure = CARC_FIGURE_ABBOT, q.segment = (uint8_t)sgi), CARC_EILLEGAL, abbot_on[k]);
            if (follower_on[k])
                ADD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = (uint8_t)sgi), CARC_EILLEGAL, follower_on[k]);
            if (big_on[k])
                ADD((q.figure = CARC_FIGURE_BIG, q.segment = (uint8_t)sgi), CARC_EILLEGAL, big_on[k]);
            if ((k == CARC_SEG_MONASTERY || k == CARC_SEG_GARDEN) && (!abbots || !abbot_in_supply))
                ADD((q.figure = CARC_FIGURE_ABBOT, q.segment = (uint8_t)sgi), CARC_EILLEGAL,
                    abbots ? "a second abbot" : "an abbot without the Abbot");
            seen |= 1u << k;
        }
    }
    ADD((q.figure = CARC_FIGURE_NONE, q.segment = 0), CARC_EINVAL, "a segment without a figure");
    ADD((q.figure = 6, q.segment = 0), CARC_EINVAL, "figure 6");
    ADD((q.figure = 255, q.segment = 0), CARC_EINVAL, "figure 255");
    if (!inns)
        ADD((q.figure = CARC_FIGURE_BIG, q.segment = 0), CARC_EILLEGAL, "big follower (no Inns & Cathedrals)");
    if (!traders) { /* not in play: refused on any segment */
        ADD((q.figure = CARC_FIGURE_BUILDER, q.segment = 0), CARC_EILLEGAL, "builder (no Traders & Builders)");
        ADD((q.figure = CARC_FIGURE_PIG, q.segment = 0), CARC_EILLEGAL, "pig (no Traders & Builders)");
    }
    ADD((q.figure = CARC_FIGURE_BUILDER, q.segment = 77), traders ? CARC_ERANGE : CARC_EILLEGAL,
        "builder on segment 77");
    ADD((q.figure = CARC_FIGURE_PIG, q.segment = CARC_NO_SEGMENT),
        traders && (opts.modules & CARC_MODULE_FARMERS) ? CARC_ERANGE : CARC_EILLEGAL, "pig on no segment");
    ADD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = 77), CARC_ERANGE, "segment 77");
    ADD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = CARC_NO_SEGMENT), CARC_ERANGE, "follower on no segment");
    /* an edge that does not match: the same cell, a rotation no legal move uses */
    for (uint8_t r = 0; r < 4; r++) {
        carc_move t = m;
        t.rotation = r;
        t.figure = CARC_FIGURE_NONE;
        t.segment = CARC_NO_SEGMENT;
        if (carc_game_check_move(g, &t) == CARC_EILLEGAL) {
            ADD((q.rotation = r, q.figure = CARC_FIGURE_NONE, q.segment = CARC_NO_SEGMENT), CARC_EILLEGAL,
                "an edge does not match");
            break;
        }
    }
    /* a follower where figure_options offers none (occupied feature, field
     * without farmers, no follower left) */
    {
        carc_move p = have_fig ? fig : m;
        p.figure = CARC_FIGURE_NONE;
        p.segment = CARC_NO_SEGMENT;
        assert_int_equal(carc_game_figure_options(f->list, g, &p), CARC_OK);
        uint32_t nseg = 0;
        assert_int_equal(carc_tile_segment_count(&nseg, p.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            bool offered = false;
            for (size_t k = 0; k < carc_movelist_count(f->list); k++)
                if (carc_movelist_data(f->list)[k].segment == s)
                    offered = true;
            if (!offered) {
                m = p;
                ADD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = (uint8_t)s), CARC_EILLEGAL,
                    "a follower where none may stand");
            }
        }
        /* the big follower where figure_options offers none: without Inns &
         * Cathedrals, with the big follower on the board, occupied features,
         * fields without farmers */
        for (uint32_t s = 0; s < nseg; s++) {
            bool offered = false;
            for (size_t k = 0; k < carc_movelist_count(f->list); k++)
                if (carc_movelist_data(f->list)[k].segment == s &&
                    carc_movelist_data(f->list)[k].figure == CARC_FIGURE_BIG)
                    offered = true;
            if (!offered) {
                m = p;
                ADD((q.figure = CARC_FIGURE_BIG, q.segment = (uint8_t)s), CARC_EILLEGAL,
                    !inns ? "a big follower without Inns & Cathedrals"
                          : big_supply ? "a big follower where none may stand" : "a big follower with none in supply");
            }
        }
        /* the builder and the pig where figure_options offers none: without
         * Traders & Builders (the pig: or without farmers), with none in
         * supply, on a segment of the wrong kind, on a feature without a
         * follower of their owner's, the builder on a feature this tile
         * completes */
        static const uint8_t tb_figures[2] = { CARC_FIGURE_BUILDER, CARC_FIGURE_PIG };
        for (int t = 0; t < 2; t++)
            for (uint32_t s = 0; s < nseg; s++) {
                bool offered = false;
                for (size_t k = 0; k < carc_movelist_count(f->list); k++)
                    if (carc_movelist_data(f->list)[k].segment == s &&
                        carc_movelist_data(f->list)[k].figure == tb_figures[t])
                        offered = true;
                if (!offered) {
                    m = p;
                    ADD((q.figure = tb_figures[t], q.segment = (uint8_t)s), CARC_EILLEGAL,
                        t ? "a pig where none may stand" : "a builder where none may stand");
                }
            }
    }
#undef ADD
    return n;
}

/* The feature ids the listed exits of g go to (the targets; out[0..n)). */
static size_t exit_targets(fx *f, carc_game *g, uint32_t *out, size_t cap)
{
    size_t n = 0;
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    const carc_move *d = carc_movelist_data(f->list);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++) {
        if (d[i].kind != CARC_MOVE_EXIT)
            continue;
        uint32_t id = 0;
        assert_int_equal(carc_game_feature_at(&id, g, d[i].x, d[i].y, d[i].segment), CARC_OK);
        size_t k = 0;
        while (k < n && out[k] != id)
            k++;
        if (k == n && n < cap)
            out[n++] = id;
    }
    return n;
}

/* The bad variants of the answers to a decision of the Count pending on g
 * (exit, quarter, count), each with the status play (and check_move) must
 * give: malformed moves (fields the kind does not use set, a quarter 4 and
 * more, a figure that is neither the follower nor the big follower),
 * segments out of range, no tile at (x, y), the Count's quarter, quarters
 * the player has nobody in, features the exit may not go to, malformed
 * passes, moves of the kinds the decision does not take, place moves. */
static size_t bad_decision_moves(fx *f, carc_game *g, bad_move *out)
{
    size_t n = 0;
    carc_pending pd = pending_now(g);
    uint32_t count = 0, cur_tile = 0, supply = 0, big = 0;
    assert_int_equal(carc_game_count(&count, g), CARC_OK);
    assert_int_equal(carc_game_current_tile(&cur_tile, g), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&supply, g, pd.player, CARC_FIGURE_FOLLOWER), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&big, g, pd.player, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    carc_move m = carc_movelist_data(f->list)[0], q; /* a legal answer (the first listed) */
    assert_int_not_equal(m.kind, CARC_MOVE_PASS);
    carc_move pass;
    memset(&pass, 0, sizeof pass);
    pass.kind = CARC_MOVE_PASS;
    pass.segment = CARC_NO_SEGMENT;
#define ADD(base, expr, status, text)     \
    do {                                  \
        assert_true(n < MAX_BAD_MOVES);   \
        q = (base);                       \
        expr;                             \
        out[n].m = q;                     \
        out[n].want = (status);           \
        out[n].what = (text);             \
        n++;                              \
    } while (0)
    /* unknown kinds */
    ADD(m, q.kind = CARC_MOVE_COUNT + 1, CARC_EINVAL, "move kind 5");
    ADD(m, q.kind = 9, CARC_EINVAL, "move kind 9");
    ADD(pass, q.kind = 255, CARC_EINVAL, "move kind 255");
    /* malformed passes */
    ADD(pass, q.x = 1, CARC_EINVAL, "a pass with x set");
    ADD(pass, q.y = -1, CARC_EINVAL, "a pass with y set");
    ADD(pass, q.x = INT32_MIN, CARC_EINVAL, "a pass with x = INT32_MIN");
    ADD(pass, q.tile = 3, CARC_EINVAL, "a pass with a tile");
    ADD(pass, q.rotation = 1, CARC_EINVAL, "a pass with a rotation");
    ADD(pass, q.figure = CARC_FIGURE_FOLLOWER, CARC_EINVAL, "a pass with a figure");
    ADD(pass, q.segment = 0, CARC_EINVAL, "a pass with segment 0");
    ADD(pass, q.segment = CARC_SEGMENT_RECALL, CARC_EINVAL, "a pass with the recall segment");
    ADD(pass, q.quarter = 1, CARC_EINVAL, "a pass with a quarter");
    ADD(pass, q.quarter = 255, CARC_EINVAL, "a pass with quarter 255");
    ADD(pass, q.reserved = 1, CARC_EINVAL, "a pass with reserved set");
    ADD(m, q.kind = CARC_MOVE_PASS, m.kind == CARC_MOVE_COUNT && m.quarter == 0 ? CARC_OK : CARC_EINVAL,
        "a pass with the fields of the listed answer");
    if (n && out[n - 1].want == CARC_OK)
        n--; /* (a count move to the castle has no field a pass may not have) */
    /* place moves: a placement of the tile on top of the pile, a zeroed move */
    assert_int_equal(carc_game_placements(f->list, g, cur_tile, 0), CARC_OK);
    if (carc_movelist_count(f->list) > 0)
        ADD(carc_movelist_data(f->list)[0], (void)0, CARC_EILLEGAL, "a place move while a decision of the Count is pending");
    {
        carc_move z;
        memset(&z, 0, sizeof z);
        z.segment = CARC_NO_SEGMENT;
        ADD(z, (void)0, CARC_EILLEGAL, "a zeroed place move while a decision of the Count is pending");
    }
    /* well-formed moves of the kinds this decision does not take */
    {
        carc_move e, qm, c;
        memset(&e, 0, sizeof e);
        e.kind = CARC_MOVE_EXIT;
        e.figure = CARC_FIGURE_FOLLOWER;
        e.segment = 0;
        e.x = 2;
        e.y = 1;
        e.quarter = CARC_QUARTER_CASTLE;
        memset(&qm, 0, sizeof qm);
        qm.kind = CARC_MOVE_QUARTER;
        qm.figure = CARC_FIGURE_FOLLOWER;
        qm.segment = CARC_NO_SEGMENT;
        qm.quarter = CARC_QUARTER_MARKET;
        memset(&c, 0, sizeof c);
        c.kind = CARC_MOVE_COUNT;
        c.segment = CARC_NO_SEGMENT;
        c.quarter = (uint8_t)((count + 1) % 4);
        if (pd.decision != CARC_DECISION_EXIT)
            ADD(e, (void)0, CARC_EILLEGAL, "an exit move that does not answer the decision");
        if (pd.decision != CARC_DECISION_QUARTER)
            ADD(qm, (void)0, CARC_EILLEGAL, "a quarter move that does not answer the decision");
        if (pd.decision != CARC_DECISION_COUNT)
            ADD(c, (void)0, CARC_EILLEGAL, "a Count move that does not answer the decision");
    }
    if (pd.decision == CARC_DECISION_EXIT) {
        uint32_t nseg = 0;
        carc_move t;
        assert_int_equal(carc_game_tile_at(&t, g, m.x, m.y), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        ADD(m, q.figure = CARC_FIGURE_NONE, CARC_EINVAL, "an exit without a figure");
        ADD(m, q.figure = CARC_FIGURE_ABBOT, CARC_EINVAL, "the abbot out of the city");
        ADD(m, q.figure = CARC_FIGURE_BUILDER, CARC_EINVAL, "the builder out of the city");
        ADD(m, q.figure = CARC_FIGURE_PIG, CARC_EINVAL, "the pig out of the city");
        ADD(m, q.figure = 6, CARC_EINVAL, "figure 6 out of the city");
        ADD(m, q.figure = 255, CARC_EINVAL, "figure 255 out of the city");
        ADD(m, q.quarter = 4, CARC_EINVAL, "an exit from quarter 4");
        ADD(m, q.quarter = 255, CARC_EINVAL, "an exit from quarter 255");
        ADD(m, q.tile = 1, CARC_EINVAL, "an exit with a tile");
        ADD(m, q.tile = 0xFFFF, CARC_EINVAL, "an exit with tile 0xFFFF");
        ADD(m, q.rotation = 1, CARC_EINVAL, "an exit with a rotation");
        ADD(m, q.rotation = 4, CARC_EINVAL, "an exit with rotation 4");
        ADD(m, q.reserved = 1, CARC_EINVAL, "an exit with reserved set");
        ADD(m, q.segment = (uint8_t)nseg, CARC_ERANGE, "an exit to a segment out of range");
        ADD(m, q.segment = 77, CARC_ERANGE, "an exit to segment 77");
        ADD(m, q.segment = CARC_NO_SEGMENT, CARC_ERANGE, "an exit to no segment");
        ADD(m, q.segment = CARC_SEGMENT_RECALL, CARC_ERANGE, "an exit to the recall segment");
        ADD(m, q.x += 1000, CARC_EILLEGAL, "an exit to no tile");
        ADD(m, q.x += 65536, CARC_EILLEGAL, "an exit to x + 2^16");
        ADD(m, q.y -= 65536, CARC_EILLEGAL, "an exit to y - 2^16");
        ADD(m, (q.x = INT32_MIN, q.y = INT32_MAX), CARC_EILLEGAL, "an exit to INT32_MIN, INT32_MAX");
        {
            /* a frontier cell: empty, next to a tile */
            carc_move probe;
            int32_t y = m.y;
            while (carc_game_tile_at(&probe, g, m.x, y) == CARC_OK)
                y--;
            ADD(m, q.y = y, CARC_EILLEGAL, "an exit to an empty cell next to a tile");
        }
        ADD(m, q.quarter = (uint8_t)count, CARC_EILLEGAL, "an exit from the Count's quarter");
        for (uint32_t qq = 0; qq < 4; qq++)
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
                uint32_t in = 0;
                assert_int_equal(carc_game_city(&in, g, qq, pd.player, fig), CARC_OK);
                if (!in && qq != count)
                    ADD(m, (q.quarter = (uint8_t)qq, q.figure = (uint8_t)fig), CARC_EILLEGAL,
                        fig == CARC_FIGURE_BIG ? "the big follower out of a quarter he is not in"
                                               : "a follower out of a quarter without one of the player's");
            }
        /* segments of features that are no target: some of every tile */
        uint32_t targets[32], nt = 0, added = 0;
        size_t ntg = exit_targets(f, g, targets, 32);
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        for (uint32_t i = 0; i < nt && added < 24; i++) {
            uint32_t ns = 0;
            assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&ns, t.tile), CARC_OK);
            for (uint32_t sg = (i * 7u) % (ns ? ns : 1); sg < ns && added < 24; sg += 2) {
                uint32_t id = 0;
                assert_int_equal(carc_game_feature_at(&id, g, t.x, t.y, sg), CARC_OK);
                bool target = false;
                for (size_t k = 0; k < ntg; k++)
                    target |= targets[k] == id;
                if (target)
                    continue;
                ADD(m, (q.x = t.x, q.y = t.y, q.segment = (uint8_t)sg), CARC_EILLEGAL,
                    "an exit to a feature that may not take it");
                added++;
            }
        }
    } else if (pd.decision == CARC_DECISION_QUARTER) {
        ADD(m, q.quarter = 4, CARC_EINVAL, "quarter 4");
        ADD(m, q.quarter = 255, CARC_EINVAL, "quarter 255");
        ADD(m, q.figure = CARC_FIGURE_NONE, CARC_EINVAL, "nobody into the city");
        ADD(m, q.figure = CARC_FIGURE_ABBOT, CARC_EINVAL, "the abbot into the city");
        ADD(m, q.figure = CARC_FIGURE_BUILDER, CARC_EINVAL, "the builder into the city (C-19)");
        ADD(m, q.figure = CARC_FIGURE_PIG, CARC_EINVAL, "the pig into the city (C-19)");
        ADD(m, q.figure = 6, CARC_EINVAL, "figure 6 into the city");
        ADD(m, q.segment = 0, CARC_EINVAL, "a quarter move with segment 0");
        ADD(m, q.segment = CARC_SEGMENT_RECALL, CARC_EINVAL, "a quarter move with the recall segment");
        ADD(m, q.x = 2, CARC_EINVAL, "a quarter move with x set");
        ADD(m, q.y = INT32_MIN, CARC_EINVAL, "a quarter move with y set");
        ADD(m, q.tile = 3, CARC_EINVAL, "a quarter move with a tile");
        ADD(m, q.rotation = 2, CARC_EINVAL, "a quarter move with a rotation");
        ADD(m, q.reserved = 1, CARC_EINVAL, "a quarter move with reserved set");
        if (!big)
            ADD(m, q.figure = CARC_FIGURE_BIG, CARC_EILLEGAL, "the big follower into the city, none in supply");
        if (!supply)
            ADD(m, q.figure = CARC_FIGURE_FOLLOWER, CARC_EILLEGAL, "a follower into the city, none in supply");
    } else {
        assert_int_equal(pd.decision, CARC_DECISION_COUNT);
        ADD(m, q.quarter = (uint8_t)count, CARC_EILLEGAL, "the Count to his own quarter");
        ADD(m, q.quarter = 4, CARC_EINVAL, "the Count to quarter 4");
        ADD(m, q.quarter = 255, CARC_EINVAL, "the Count to quarter 255");
        ADD(m, q.figure = CARC_FIGURE_FOLLOWER, CARC_EINVAL, "a Count move with a figure");
        ADD(m, q.segment = 0, CARC_EINVAL, "a Count move with segment 0");
        ADD(m, q.x = -1, CARC_EINVAL, "a Count move with x set");
        ADD(m, q.y = 1, CARC_EINVAL, "a Count move with y set");
        ADD(m, q.tile = 0xFFFF, CARC_EINVAL, "a Count move with a tile");
        ADD(m, q.rotation = 3, CARC_EINVAL, "a Count move with a rotation");
        ADD(m, q.reserved = 0x80, CARC_EINVAL, "a Count move with reserved set");
    }
#undef ADD
    return n;
}

/* The answers to a decision of the Count that must be accepted: every
 * listed move, a pass (every decision of the Count is optional), and an exit
 * onto any segment of a feature it may go to (the list names its root). */
static void good_decision_moves(fx *f, carc_game *g)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(f->list);
    carc_move *d = malloc(n * sizeof *d);
    assert_non_null(d);
    memcpy(d, carc_movelist_data(f->list), n * sizeof *d);
    assert_int_equal(d[n - 1].kind, CARC_MOVE_PASS); /* the pass last */
    for (size_t i = 0; i < n; i++)
        EXPECT(g, CARC_OK, carc_game_check_move(g, &d[i]));
    for (size_t i = 0; i < n; i++) {
        if (d[i].kind != CARC_MOVE_EXIT)
            continue;
        uint32_t id = 0, same[32], nsame = 0;
        size_t cnt = 0;
        /* the features listed for this quarter and figure */
        for (size_t k = 0; k < n; k++)
            if (d[k].kind == CARC_MOVE_EXIT && d[k].quarter == d[i].quarter && d[k].figure == d[i].figure &&
                nsame < 32)
                assert_int_equal(carc_game_feature_at(&same[nsame++], g, d[k].x, d[k].y, d[k].segment), CARC_OK);
        assert_int_equal(carc_game_feature_at(&id, g, d[i].x, d[i].y, d[i].segment), CARC_OK);
        assert_int_equal(carc_game_feature_tiles(NULL, 0, &cnt, g, id), CARC_EBUFFER);
        int32_t *xy = malloc(2 * cnt * sizeof *xy);
        assert_non_null(xy);
        assert_int_equal(carc_game_feature_tiles(xy, cnt, &cnt, g, id), CARC_OK);
        for (size_t k = 0; k < cnt; k++) {
            carc_move t, e = d[i];
            uint32_t ns = 0;
            assert_int_equal(carc_game_tile_at(&t, g, xy[2 * k], xy[2 * k + 1]), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&ns, t.tile), CARC_OK);
            for (uint32_t sg = 0; sg < ns; sg++) {
                uint32_t other = 0;
                bool listed = false;
                assert_int_equal(carc_game_feature_at(&other, g, t.x, t.y, sg), CARC_OK);
                for (uint32_t j = 0; j < nsame; j++)
                    listed |= same[j] == other;
                e.x = t.x;
                e.y = t.y;
                e.segment = (uint8_t)sg;
                EXPECT(g, listed ? CARC_OK : CARC_EILLEGAL, carc_game_check_move(g, &e));
            }
        }
        free(xy);
    }
    free(d);
}

static void m_game_check_move(fx *f)
{
    bad_move bad[MAX_BAD_MOVES];
    carc_move m;
    memset(&m, 0, sizeof m);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_check_move(NULL, &m));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        EXPECT(g, CARC_EINVAL, carc_game_check_move(g, NULL));
        if (hz_over(g)) {
            EXPECT(g, CARC_EGAME_OVER, carc_game_check_move(g, &m));
            carc_move q = m;
            q.kind = CARC_MOVE_PASS;
            q.segment = CARC_NO_SEGMENT;
            EXPECT(g, CARC_EGAME_OVER, carc_game_check_move(g, &q));
            q.kind = 9; /* an unknown kind: either status (the order of the checks is not specified) */
            EXPECT2(g, CARC_EINVAL, CARC_EGAME_OVER, carc_game_check_move(g, &q));
            continue;
        }
        /* a well-formed pass: legal iff the decision is optional */
        {
            carc_pending pd;
            memset(&pd, 0, sizeof pd);
            pd.struct_size = sizeof pd;
            assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
            carc_move pass;
            memset(&pass, 0, sizeof pass);
            pass.kind = CARC_MOVE_PASS;
            pass.segment = CARC_NO_SEGMENT;
            EXPECT(g, (pd.flags & CARC_PENDING_OPTIONAL) ? CARC_OK : CARC_EILLEGAL, carc_game_check_move(g, &pass));
            if (i == G_SECOND || IS_COC_DECISION(i))
                EXPECT(g, CARC_OK, carc_game_check_move(g, &pass));
        }
        if (IS_COC_DECISION(i))
            good_decision_moves(f, g);
        size_t n = IS_COC_DECISION(i) ? bad_decision_moves(f, g, bad) : bad_moves(f, g, bad);
        for (size_t k = 0; k < n; k++) {
            carc_status s = carc_game_check_move(g, &bad[k].m);
            if (s != bad[k].want)
                fail_msg("%s game, %s: check_move gave %s, expected %s", game_names[i], bad[k].what,
                         carc_status_name(s), carc_status_name(bad[k].want));
            /* and it writes no last-error text (EXPECT compares it) */
            EXPECT(g, bad[k].want, carc_game_check_move(g, &bad[k].m));
        }
    }
}

/* carc_game_check_move_msg: check_move's status, and for a refused move the
 * text play leaves (play is not called here: REJECT elsewhere checks play),
 * cut to the buffer; the game and its last-error text unchanged. */
static void m_game_check_move_msg(fx *f)
{
    bad_move bad[MAX_BAD_MOVES];
    char msg[200];
    carc_move m;
    memset(&m, 0, sizeof m);
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_check_move_msg(NULL, &m, msg, sizeof msg));
    assert_string_not_equal(msg, "");
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_check_move_msg(NULL, &m, NULL, 0));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        memset(msg, GUARD, sizeof msg);
        EXPECT(g, CARC_EINVAL, carc_game_check_move_msg(g, &m, NULL, 5));
        EXPECT(g, CARC_EINVAL, carc_game_check_move_msg(g, NULL, msg, sizeof msg));
        assert_string_equal(msg, "NULL move");
        if (hz_over(g))
            continue;
        size_t n = IS_COC_DECISION(i) ? bad_decision_moves(f, g, bad) : bad_moves(f, g, bad);
        for (size_t k = 0; k < n; k++) {
            memset(msg, GUARD, sizeof msg);
            carc_status s = carc_game_check_move_msg(g, &bad[k].m, msg, sizeof msg);
            if (s != bad[k].want)
                fail_msg("%s game, %s: check_move_msg gave %s, expected %s", game_names[i], bad[k].what,
                         carc_status_name(s), carc_status_name(bad[k].want));
            if (memchr(msg, '\0', sizeof msg) == NULL || msg[0] == '\0')
                fail_msg("%s game, %s: no reason written", game_names[i], bad[k].what);
            char small[6];
            memset(small, GUARD, sizeof small);
            EXPECT(g, bad[k].want, carc_game_check_move_msg(g, &bad[k].m, small, 4));
            check_guard(small, 4, sizeof small, "carc_game_check_move_msg(cap 4)", __LINE__);
            assert_int_equal(strlen(small), strlen(msg) < 3 ? strlen(msg) : 3);
            assert_memory_equal(small, msg, strlen(small));
            EXPECT(g, bad[k].want, carc_game_check_move_msg(g, &bad[k].m, NULL, 0));
        }
    }
}

/* ------------------------------------------------------------ the River and the Abbot */

static uint32_t kind_of(const char *name)
{
    uint32_t k = 0;
    assert_int_equal(carc_tile_find(&k, name), CARC_OK);
    return k;
}

/* A move that play must refuse with `want`, check_move agreeing, that no
 * enumeration lists, and whose last-error text contains `why`. */
static void refuse(fx *f, carc_game *g, const carc_move *m, carc_status want, const char *why, int line)
{
    carc_status chk = carc_game_check_move(g, m);
    if (chk != want)
        fail_msg("line %d: check_move gave %s, expected %s", line, carc_status_name(chk), carc_status_name(want));
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++)
        if (memcmp(&carc_movelist_data(f->list)[i], m, sizeof *m) == 0)
            fail_msg("line %d: a refused move is listed", line);
    REJECT(g, want, carc_game_play(g, m));
    if (why && strstr(carc_game_last_error(g), why) == NULL)
        fail_msg("line %d: last error \"%s\" does not say \"%s\"", line, carc_game_last_error(g), why);
}

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
    carc_game *g = new_game(f, 2, 3, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT);
    carc_move m;
    /* RB fits north of the spring (road to road), but the river's open end is (0,1) */
    assert_int_equal(carc_game_choose_tile(g, kind_of("RB")), CARC_OK);
    memset(&m, 0, sizeof m);
    m.x = 0;
    m.y = -1;
    m.tile = (uint16_t)kind_of("RB");
    m.segment = CARC_NO_SEGMENT;
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
                carc_move t = m;
                t.x = x;
                t.y = y;
                t.rotation = r;
                t.figure = CARC_FIGURE_NONE;
                t.segment = CARC_NO_SEGMENT;
                refuse(f, g, &t, CARC_EILLEGAL, "open end", __LINE__);
                fitting++;
            }
    assert_true(fitting > 0);
    assert_int_equal(carc_game_undo(g), CARC_OK);

    /* a bend right (RG at the open end, in from the north, out to the west),
     * then RE may bend left at (-1,1) but not right again */
    assert_int_equal(carc_game_choose_tile(g, kind_of("RG")), CARC_OK);
    memset(&m, 0, sizeof m);
    m.x = 0;
    m.y = 1;
    m.tile = (uint16_t)kind_of("RG");
    m.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, kind_of("RE")), CARC_OK);
    m.x = -1;
    m.y = 1;
    m.tile = (uint16_t)kind_of("RE");
    m.rotation = 2; /* river E and N: a right turn */
    assert_true(edges_fit(g, m.tile, m.rotation, m.x, m.y));
    refuse(f, g, &m, CARC_EILLEGAL, "U-turn", __LINE__);
    m.rotation = 3; /* river E and S: a left turn */
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    carc_game_free(g);
}

/* Take a tile that can go at (x, y) and place it there with no figure (the
 * recall instead, if `recall`); false if no tile left can. */
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

/* The abbot: not on a road, city or field; no follower on a garden; the
 * recall needs the abbot on the board, and is refused when the tile placed
 * completes the abbot's monastery (docs/rules.md 4.3, 4.5, ruling 19). */
static void abbot_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 17, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT);
    carc_move m, p;
    /* V.g (road S-W, a garden): follower or abbot, by segment kind */
    uint32_t vg = kind_of("V.g"), nseg = 0, garden = UINT32_MAX, road = UINT32_MAX;
    assert_int_equal(carc_game_choose_tile(g, vg), CARC_OK);
    assert_int_equal(carc_game_placements(f->list, g, vg, 0), CARC_OK);
    p = carc_movelist_data(f->list)[0];
    assert_int_equal(carc_tile_segment_count(&nseg, vg), CARC_OK);
    for (uint32_t i = 0; i < nseg; i++) {
        uint32_t k = seg_kind_of(vg, p.rotation, i);
        if (k == CARC_SEG_GARDEN)
            garden = i;
        if (k == CARC_SEG_ROAD)
            road = i;
    }
    assert_true(garden != UINT32_MAX && road != UINT32_MAX);
    m = p;
    m.figure = CARC_FIGURE_FOLLOWER;
    m.segment = (uint8_t)garden;
    refuse(f, g, &m, CARC_EILLEGAL, "garden", __LINE__);
    m.figure = CARC_FIGURE_ABBOT;
    m.segment = (uint8_t)road;
    refuse(f, g, &m, CARC_EILLEGAL, "road", __LINE__);
    m.segment = CARC_SEGMENT_RECALL; /* no abbot on the board yet */
    refuse(f, g, &m, CARC_EILLEGAL, "abbot", __LINE__);
    m.segment = (uint8_t)garden;
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    m.figure = CARC_FIGURE_FOLLOWER;
    m.segment = (uint8_t)road;
    assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
    assert_int_equal(carc_game_undo(g), CARC_OK);

    /* player 0 puts the abbot on a monastery (B) south of the start tile */
    assert_int_equal(carc_game_choose_tile(g, kind_of("B")), CARC_OK);
    memset(&m, 0, sizeof m);
    m.x = 0;
    m.y = 1;
    m.tile = (uint16_t)kind_of("B");
    m.figure = CARC_FIGURE_ABBOT;
    while (seg_kind_of(m.tile, 0, m.segment) != CARC_SEG_MONASTERY)
        m.segment++;
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

/* The segment of kind `kind` (turned `rot`) with segment kind `seg_kind`, or UINT32_MAX. */
static uint32_t segment_of_kind(uint32_t kind, uint32_t rot, uint32_t seg_kind)
{
    uint32_t nseg = 0;
    assert_int_equal(carc_tile_segment_count(&nseg, kind), CARC_OK);
    for (uint32_t i = 0; i < nseg; i++)
        if (seg_kind_of(kind, rot, i) == seg_kind)
            return i;
    return UINT32_MAX;
}

/* The big follower (docs/rules.md 6.3): by the follower's rules (not on a
 * garden, not on a field without farmers, not on an occupied feature), one
 * per player (refused with none in supply), not in a game without Inns &
 * Cathedrals. Each refusal changes nothing and says why. */
static void inns_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 23, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_INNS);
    carc_move m, p;
    /* V.g: the big follower on its road, not on its garden (the abbot may) */
    uint32_t vg = kind_of("V.g");
    assert_int_equal(carc_game_choose_tile(g, vg), CARC_OK);
    assert_int_equal(carc_game_placements(f->list, g, vg, 0), CARC_OK);
    p = carc_movelist_data(f->list)[0];
    uint32_t garden = segment_of_kind(vg, p.rotation, CARC_SEG_GARDEN), road = segment_of_kind(vg, p.rotation, CARC_SEG_ROAD);
    assert_true(garden != UINT32_MAX && road != UINT32_MAX);
    m = p;
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
    uint32_t sup = 9, road_feature = 0;
    assert_int_equal(carc_game_figure_supply(&sup, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(sup, 0);
    /* player 1: neither figure on a tile's segment that joins that road */
    {
        uint32_t cur = 0, tile = 0;
        bool joined = false;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, 1);
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        carc_movelist *pl = NULL;
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
        uint32_t nseg = 0;
        assert_int_equal(carc_tile_segment_count(&nseg, tile), CARC_OK);
        for (size_t i = 0; i < carc_movelist_count(pl) && !joined; i++) {
            carc_move q = carc_movelist_data(pl)[i];
            assert_int_equal(carc_game_play(g, &q), CARC_OK);
            assert_int_equal(carc_game_feature_at(&road_feature, g, big.x, big.y, big.segment), CARC_OK);
            uint32_t seg = UINT32_MAX, fid = 0;
            for (uint32_t s = 0; s < nseg && seg == UINT32_MAX; s++)
                if (carc_game_feature_at(&fid, g, q.x, q.y, s) == CARC_OK && fid == road_feature)
                    seg = s;
            assert_int_equal(carc_game_undo(g), CARC_OK);
            if (seg == UINT32_MAX)
                continue;
            joined = true;
            q.segment = (uint8_t)seg;
            q.figure = CARC_FIGURE_BIG;
            refuse(f, g, &q, CARC_EILLEGAL, "already holds", __LINE__);
            q.figure = CARC_FIGURE_FOLLOWER;
            refuse(f, g, &q, CARC_EILLEGAL, "already holds", __LINE__);
        }
        carc_movelist_free(pl);
        /* (a tile that joins the road: choose D, which continues any road) */
        if (!joined) {
            uint32_t d = kind_of("D");
            assert_int_equal(carc_game_choose_tile(g, d), CARC_OK);
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            for (size_t i = 0; i < carc_movelist_count(f->list) && !joined; i++) {
                carc_move q = carc_movelist_data(f->list)[i];
                if (q.figure != CARC_FIGURE_NONE)
                    continue;
                uint32_t rs = segment_of_kind(d, q.rotation, CARC_SEG_ROAD), fid = 0;
                assert_int_equal(carc_game_play(g, &q), CARC_OK);
                assert_int_equal(carc_game_feature_at(&road_feature, g, big.x, big.y, big.segment), CARC_OK);
                assert_int_equal(carc_game_feature_at(&fid, g, q.x, q.y, rs), CARC_OK);
                assert_int_equal(carc_game_undo(g), CARC_OK);
                assert_int_equal(carc_game_choose_tile(g, d), CARC_OK);
                if (fid != road_feature)
                    continue;
                joined = true;
                q.segment = (uint8_t)rs;
                q.figure = CARC_FIGURE_BIG;
                refuse(f, g, &q, CARC_EILLEGAL, "already holds", __LINE__);
                q.figure = CARC_FIGURE_FOLLOWER;
                refuse(f, g, &q, CARC_EILLEGAL, "already holds", __LINE__);
            }
            assert_int_equal(carc_game_undo(g), CARC_OK); /* the choice of D */
        }
        assert_true(joined);
        /* player 1 plays a tile without a figure */
        carc_move q = legal_move(f, g, 0);
        assert_int_equal(q.figure, CARC_FIGURE_NONE);
        assert_int_equal(carc_game_play(g, &q), CARC_OK);
    }
    /* player 0 again: the big follower is on the board, a follower is not */
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    {
        bool follower = false;
        for (size_t i = 0; i < carc_movelist_count(f->list); i++) {
            carc_move q = carc_movelist_data(f->list)[i];
            assert_int_not_equal(q.figure, CARC_FIGURE_BIG);
            if (q.figure == CARC_FIGURE_FOLLOWER && !follower) {
                follower = true;
                assert_int_equal(carc_game_check_move(g, &q), CARC_OK);
                q.figure = CARC_FIGURE_BIG;
                refuse(f, g, &q, CARC_EILLEGAL, "big follower left", __LINE__);
            }
        }
        assert_true(follower);
    }
    carc_game_free(g);

    /* without farmers: not on a field, like the follower */
    g = new_game(f, 6, 24, CARC_MODULE_INNS);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    p = carc_movelist_data(f->list)[0];
    uint32_t field = segment_of_kind(p.tile, p.rotation, CARC_SEG_FIELD);
    assert_true(field != UINT32_MAX);
    m = p;
    m.figure = CARC_FIGURE_BIG;
    m.segment = (uint8_t)field;
    refuse(f, g, &m, CARC_EILLEGAL, "field", __LINE__);
    m.figure = CARC_FIGURE_FOLLOWER;
    refuse(f, g, &m, CARC_EILLEGAL, "field", __LINE__);
    carc_game_free(g);

    /* without Inns & Cathedrals: the big follower is not in play */
    g = new_game(f, 5, 25, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++) {
        carc_move q = carc_movelist_data(f->list)[i];
        if (q.figure != CARC_FIGURE_FOLLOWER)
            continue;
        q.figure = CARC_FIGURE_BIG;
        refuse(f, g, &q, CARC_EILLEGAL, "not in play", __LINE__);
        break;
    }
    carc_game_free(g);
}

/* `text` must be refused with `want` (after its tile is chosen), saying `why`. */
static void refuse_text(fx *f, carc_game *g, const char *text, carc_status want, const char *why, int line)
{
    carc_move m = text_move(g, text);
    refuse(f, g, &m, want, why, line);
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
    carc_game *g = new_game(f, 2, 33, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS);
    uint32_t u = 9;
    carc_move pass;
    memset(&pass, 0, sizeof pass);
    pass.kind = CARC_MOVE_PASS;
    pass.segment = CARC_NO_SEGMENT;
    /* a pass with nothing optional pending */
    refuse(f, g, &pass, CARC_EILLEGAL, "pass", __LINE__);
    /* P0: nobody on D's road */
    refuse_text(f, g, "U 1 0 90 builder/road:E", CARC_EILLEGAL, "builder goes on", __LINE__);
    refuse_text(f, g, "U 1 0 90 builder/field:NNW", CARC_EILLEGAL, "field", __LINE__); /* wrong kind */
    refuse_text(f, g, "U 1 0 90 pig/road:E", CARC_EILLEGAL, "road", __LINE__);
    refuse_text(f, g, "U 1 0 90 pig/field:NNW", CARC_EILLEGAL, "farmer", __LINE__); /* nobody on the field */
    refuse_text(f, g, "B 0 1 0 builder/cloister", CARC_EILLEGAL, "may stand", __LINE__);
    play_text(g, "TB/Cc.w 0 -1 180 city:E"); /* 1 P0: a knight on a city with wine */
    /* P1: the road holds nobody of his, the city P0's knight */
    refuse_text(f, g, "U 1 0 90 builder/road:E", CARC_EILLEGAL, "follower of player 1", __LINE__);
    refuse_text(f, g, "E 1 -1 270 builder/city:W", CARC_EILLEGAL, "follower of player 1", __LINE__);
    play_text(g, "U 1 0 90 road:E"); /* 2 P1: a follower on the road */
    /* P0: that road holds P1's follower, not his; the city he holds would be completed by the tile */
    refuse_text(f, g, "V 2 0 0 builder/road:W", CARC_EILLEGAL, "follower of player 0", __LINE__);
    refuse_text(f, g, "E 1 -1 270 builder/city:W", CARC_EILLEGAL, "not complete", __LINE__);
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
    refuse_text(f, g, "U -1 0 90 builder/road:W", CARC_EILLEGAL, "no builder left", __LINE__);
    refuse_text(f, g, "U -1 0 90 road:W", CARC_EILLEGAL, "already holds", __LINE__);
    play_text(g, "U -1 0 90 -"); /* 6 P1 extends his builder's road: a second tile */
    carc_pending pd = pending_now(g);
    assert_int_equal(pd.player, 1);
    assert_int_equal(pd.part, 2);
    assert_int_equal(pd.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
    /* malformed passes; the builder (on the board) on the second tile */
    {
        carc_move q = pass;
        q.x = 1;
        refuse(f, g, &q, CARC_EINVAL, "pass", __LINE__);
        q = pass;
        q.segment = 0;
        refuse(f, g, &q, CARC_EINVAL, "pass", __LINE__);
        q = pass;
        q.figure = CARC_FIGURE_BUILDER;
        refuse(f, g, &q, CARC_EINVAL, "pass", __LINE__);
        q = pass;
        q.reserved = 7;
        refuse(f, g, &q, CARC_EINVAL, "pass", __LINE__);
        q = pass;
        q.kind = CARC_MOVE_EXIT;
        refuse(f, g, &q, CARC_EILLEGAL, "or pass", __LINE__);
    }
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
    /* the record replays the double turn */
    {
        char *rec = hz_save(g);
        carc_game *l = NULL;
        assert_non_null(rec);
        assert_int_equal(carc_game_load(&l, rec, strlen(rec), &f->a, NULL), CARC_OK);
        char *a = hz_fingerprint(g, HZ_FP_NO_ERROR), *b = hz_fingerprint(l, HZ_FP_NO_ERROR);
        assert_string_equal(a, b);
        free(a);
        free(b);
        free(rec);
        carc_game_free(l);
    }
    carc_game_free(g);

    /* the pig (tests/scenarios/traders-pig-majority.scn without the big follower) */
    g = new_game(f, 2, 34, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS);
    refuse_text(f, g, "E 0 -1 180 pig/field:NNW", CARC_EILLEGAL, "farmer of player 0", __LINE__);
    play_text(g, "E 0 -1 180 field:NNW"); /* 1 P0: a farmer */
    refuse_text(f, g, "U 1 0 90 pig/field:NNW", CARC_EILLEGAL, "farmer of player 1", __LINE__);
    play_text(g, "U 1 0 90 field:NNW"); /* 2 P1: a farmer in the same field */
    {
        carc_move m = text_move(g, "B 1 -1 0 -");
        assert_int_equal(carc_game_play(g, &m), CARC_OK); /* 3 P0 */
    }
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
    g = new_game(f, 3, 35, CARC_MODULE_TRADERS);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_PIG), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_figure_supply(&u, g, 0, CARC_FIGURE_BUILDER), CARC_OK);
    assert_int_equal(u, 1);
    refuse_text(f, g, "E 0 -1 180 pig/field:NNW", CARC_EILLEGAL, "not in play", __LINE__);
    refuse_text(f, g, "U 1 0 90 pig/road:E", CARC_EILLEGAL, "not in play", __LINE__);
    carc_game_free(g);

    /* without Traders & Builders neither is in play, even where a follower may stand */
    static const uint32_t without[] = { CARC_MODULE_FARMERS, CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT |
                                                                   CARC_MODULE_INNS };
    for (size_t k = 0; k < sizeof without / sizeof without[0]; k++) {
        g = new_game(f, 2, 36, without[k]);
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        for (size_t i = 0; i < carc_movelist_count(f->list); i++) {
            carc_move q = carc_movelist_data(f->list)[i];
            if (q.figure != CARC_FIGURE_FOLLOWER)
                continue;
            q.figure = CARC_FIGURE_BUILDER;
            refuse(f, g, &q, CARC_EILLEGAL, "not in play", __LINE__);
            q.figure = CARC_FIGURE_PIG;
            refuse(f, g, &q, CARC_EILLEGAL, "not in play", __LINE__);
        }
        refuse(f, g, &pass, CARC_EILLEGAL, "pass", __LINE__);
        carc_game_free(g);
    }
}

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
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
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
    carc_game *c = NULL, *l = NULL;
    for (uint32_t fl = 0; fl < 2; fl++) {
        assert_int_equal(carc_game_clone(&c, g, fl), CARC_OK);
        char *a = hz_fingerprint(c, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO), *b = hz_fingerprint(g, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO);
        assert_string_equal(a, b);
        free(a);
        free(b);
        carc_game_free(c);
    }
    char *rec = hz_save(g);
    assert_non_null(rec);
    assert_int_equal(carc_game_load(&l, rec, strlen(rec), &f->a, NULL), CARC_OK);
    char *a = hz_fingerprint(l, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO), *b = hz_fingerprint(g, HZ_FP_NO_ERROR | HZ_FP_NO_UNDO);
    assert_string_equal(a, b);
    free(a);
    free(b);
    free(rec);
    carc_game_free(l);
    free(before);
}

/* The Count (docs/rules.md section 8, rulings C-1..C-20;
 * the moves of tests/scenarios/count-*.scn): each refusal changes
 * nothing and says why; the decisions come and go as the rules say. */
static void count_rules(fx *f)
{
    carc_game *g = new_game(f, 2, 201, CARC_MODULE_FARMERS | CARC_MODULE_COUNT);
    uint32_t u = 9;
    int32_t sc = 0;
    /* a follower into a quarter: not before a scoring gave an opponent points and the placer none */
    refuse_text(f, g, "quarter castle", CARC_EILLEGAL, "does not answer", __LINE__);
    refuse_text(f, g, "count market", CARC_EILLEGAL, "must choose a place move", __LINE__);
    refuse_text(f, g, "exit castle 2 1 seg:0", CARC_EILLEGAL, "does not answer", __LINE__);
    play_script(g, COC_TRIGGER, 3);
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL);
    refuse_text(f, g, "quarter big/castle", CARC_EILLEGAL, "no big follower in supply", __LINE__);
    refuse_text(f, g, "count market", CARC_EILLEGAL, "must choose a quarter (or pass)", __LINE__);
    refuse_text(f, g, "exit castle 0 2 seg:0", CARC_EILLEGAL, "does not answer", __LINE__);
    {
        carc_move m; /* (its tile cannot be chosen now) */
        assert_int_equal(carc_move_parse(&m, "B 2 -1 0 -"), CARC_OK);
        refuse(f, g, &m, CARC_EILLEGAL, "does not answer", __LINE__);
    }
    decision_roundtrips(f, g);
    play_text(g, "quarter castle"); /* into the Count's own quarter (C-8) */
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL);
    assert_int_equal(carc_game_city(&u, g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), CARC_OK);
    assert_int_equal(u, 1);
    assert_int_equal(carc_game_supply(&u, g, 0), CARC_OK);
    assert_int_equal(u, 6);
    refuse_text(f, g, "count castle", CARC_EILLEGAL, "already stands on the castle", __LINE__);
    refuse_text(f, g, "quarter market", CARC_EILLEGAL, "does not answer", __LINE__);
    decision_roundtrips(f, g);
    play_text(g, "count blacksmith");
    assert_int_equal(carc_game_count(&u, g), CARC_OK);
    assert_int_equal(u, CARC_QUARTER_BLACKSMITH);
    assert_int_equal(pending_now(g).decision, CARC_DECISION_PLACE);
    assert_int_equal(pending_now(g).player, 1);
    /* undo: the Count back on the castle, his move asked again */
    assert_int_equal(carc_game_undo(g), CARC_OK);
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL);
    assert_int_equal(carc_game_count(&u, g), CARC_OK);
    assert_int_equal(u, CARC_QUARTER_CASTLE);
    carc_game_free(g);

    /* moves out of the city before a scoring (count-final.scn, its first 4 moves) */
    g = new_game(f, 2, 202, CARC_MODULE_FARMERS | CARC_MODULE_COUNT);
    play_script(g, COC_FINAL, sizeof COC_FINAL / sizeof COC_FINAL[0]);
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL);
    refuse_text(f, g, "exit market 3 1 seg:0", CARC_EILLEGAL, "the Count stands on the market", __LINE__);
    refuse_text(f, g, "exit blacksmith 3 1 seg:0", CARC_EILLEGAL, "has no follower in the blacksmith", __LINE__);
    refuse_text(f, g, "exit castle 3 1 big/seg:0", CARC_EILLEGAL, "has no big follower in the castle", __LINE__);
    refuse_text(f, g, "exit castle -2 1 seg:0", CARC_EILLEGAL, "this tile's scoring scores", __LINE__); /* CO/9's open cap */
    refuse_text(f, g, "exit castle 0 2 seg:0", CARC_EILLEGAL, "this tile's scoring scores", __LINE__);
    refuse_text(f, g, "exit castle 9 9 seg:0", CARC_EILLEGAL, "no tile lies at (9,9)", __LINE__);
    refuse_text(f, g, "exit castle 3 1 seg:9", CARC_ERANGE, "has no segment 9", __LINE__);
    refuse_text(f, g, "quarter castle", CARC_EILLEGAL, "must choose a move out of the city (or pass)", __LINE__);
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
        memset(&m, 0, sizeof m);
        m.kind = CARC_MOVE_PASS;
        m.segment = 0;
        refuse(f, g, &m, CARC_EINVAL, "a pass move sets no other field", __LINE__);
    }
    decision_roundtrips(f, g);
    /* out onto E's segment (not the city's root): the city scores for him */
    assert_int_equal(carc_game_score(&sc, g, 0), CARC_OK);
    assert_int_equal(sc, 0);
    play_text(g, "exit castle 3 1 seg:0");
    assert_int_equal(carc_game_city(&u, g, CARC_QUARTER_CASTLE, 0, CARC_FIGURE_FOLLOWER), CARC_OK);
    assert_int_equal(u, 0);
    assert_int_equal(carc_game_score(&sc, g, 0), CARC_OK);
    assert_int_equal(sc, 8); /* CO/12 + F + E, F's pennant */
    assert_int_equal(carc_game_supply(&u, g, 0), CARC_OK);
    assert_int_equal(u, 7); /* the knight and the follower from the city back home */
    /* player 1, the placer, had nobody in the city: not asked; he scored
     * nothing and player 0 did: a follower into the city? */
    expect_pending(g, CARC_DECISION_QUARTER, 1, CARC_PENDING_OPTIONAL);
    carc_game_free(g);

    /* the final round (count-final.scn with the big follower in the castle) */
    g = new_game(f, 2, 203, CARC_MODULE_FARMERS | CARC_MODULE_INNS | CARC_MODULE_COUNT);
    play_script(g, COC_FINAL_END, sizeof COC_FINAL_END / sizeof COC_FINAL_END[0]);
    assert_int_equal(carc_game_end(g), CARC_OK);
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
    refuse_text(f, g, "exit market -1 2 seg:0", CARC_EILLEGAL, "the Count stands on the market", __LINE__);
    refuse_text(f, g, "exit cathedral 3 1 seg:0", CARC_EILLEGAL, "that is not complete", __LINE__); /* a city */
    refuse_text(f, g, "exit castle -2 1 seg:0", CARC_EILLEGAL, "has no follower in the castle", __LINE__);
    refuse_text(f, g, "exit cathedral -1 2 big/seg:1", CARC_EILLEGAL, "has no big follower", __LINE__);
    refuse_text(f, g, "quarter castle", CARC_EILLEGAL, "does not answer", __LINE__);
    refuse_text(f, g, "count castle", CARC_EILLEGAL, "does not answer", __LINE__);
    REJECT(g, CARC_EILLEGAL, carc_game_choose_tile(g, kind_of("B")));
    decision_roundtrips(f, g);
    play_text(g, "exit cathedral -1 2 seg:1"); /* onto player 0's monk's monastery */
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
    refuse_text(f, g, "exit castle -2 1 seg:0", CARC_EILLEGAL, "has no follower in the castle", __LINE__);
    refuse_text(f, g, "exit castle -1 2 big/seg:1", CARC_EILLEGAL, "goes to a city", __LINE__);
    play_text(g, "exit castle -2 1 big/seg:0"); /* CO/9's cap city, open */
    assert_true(hz_over(g)); /* player 1 has only the market's follower, under the Count: out; then player 0 */
    assert_int_equal(carc_game_score(&sc, g, 0), CARC_OK);
    assert_int_equal(sc, 18); /* as in count-final.scn: a big follower scores as a follower alone */
    assert_int_equal(carc_game_score(&sc, g, 1), CARC_OK);
    assert_int_equal(sc, 9);
    assert_int_equal(carc_game_city(&u, g, CARC_QUARTER_MARKET, 1, CARC_FIGURE_FOLLOWER), CARC_OK);
    assert_int_equal(u, 1); /* left in the city: 0 points (C-14) */
    carc_game_free(g);

    /* the variant coc-final market (C-12): at the end only the market's followers leave, onto fields */
    {
        carc_game_options o;
        carc_game *v = NULL;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.modules = CARC_MODULE_FARMERS | CARC_MODULE_INNS | CARC_MODULE_COUNT;
        o.variants = CARC_VARIANT_COC_FINAL_MARKET;
        o.allocator = &f->a;
        assert_int_equal(carc_game_new(&v, &o), CARC_OK);
        for (size_t i = 0; i < sizeof COC_FINAL_END / sizeof COC_FINAL_END[0]; i++)
            play_text(v, strcmp(COC_FINAL_END[i], "count market") ? COC_FINAL_END[i] : "count blacksmith");
        assert_int_equal(carc_game_end(v), CARC_OK);
        expect_pending(v, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
        refuse_text(f, v, "exit cathedral -1 2 seg:1", CARC_EILLEGAL, "variant coc-final market", __LINE__);
        assert_int_equal(carc_game_legal_moves(f->list, v, 0), CARC_OK);
        for (size_t i = 0; i + 1 < carc_movelist_count(f->list); i++) {
            carc_move m = carc_movelist_data(f->list)[i];
            carc_segment_info si;
            carc_move t;
            memset(&si, 0, sizeof si);
            si.struct_size = sizeof si;
            assert_int_equal(m.kind, CARC_MOVE_EXIT);
            assert_int_equal(m.quarter, CARC_QUARTER_MARKET);
            assert_int_equal(carc_game_tile_at(&t, v, m.x, m.y), CARC_OK);
            assert_int_equal(carc_tile_segment(&si, t.tile, t.rotation, m.segment), CARC_OK);
            assert_int_equal(si.kind, CARC_SEG_FIELD);
        }
        decision_roundtrips(f, v);
        carc_game_free(v);
    }
    /* the market without farmers: nobody leaves it (fields never score) */
    g = new_game(f, 2, 204, CARC_MODULE_COUNT);
    play_script(g, COC_TRIGGER, 3);
    play_text(g, "quarter market");
    play_text(g, "pass");
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(hz_over(g)); /* nobody may move out: no final round */
    assert_int_equal(carc_game_city(&u, g, CARC_QUARTER_MARKET, 0, CARC_FIGURE_FOLLOWER), CARC_OK);
    assert_int_equal(u, 1);
    carc_game_free(g);
}

static void m_game_play(fx *f)
{
    bad_move bad[MAX_BAD_MOVES];
    carc_move m;
    memset(&m, 0, sizeof m);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_play(NULL, &m));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_play(NULL, NULL));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        REJECT(g, CARC_EINVAL, carc_game_play(g, NULL));
        if (hz_over(g)) {
            /* playing after the game is over */
            REJECT(g, CARC_EGAME_OVER, carc_game_play(g, &m));
            carc_move last;
            uint32_t nt = 0;
            assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
            assert_int_equal(carc_game_tile(&last, g, nt - 1), CARC_OK);
            last.x += 1;
            REJECT(g, CARC_EGAME_OVER, carc_game_play(g, &last));
            carc_move pass;
            memset(&pass, 0, sizeof pass);
            pass.kind = CARC_MOVE_PASS;
            pass.segment = CARC_NO_SEGMENT;
            REJECT(g, CARC_EGAME_OVER, carc_game_play(g, &pass));
            continue;
        }
        size_t n = IS_COC_DECISION(i) ? bad_decision_moves(f, g, bad) : bad_moves(f, g, bad);
        for (size_t k = 0; k < n; k++) {
            char *before = hz_fingerprint(g, HZ_FP_NO_ERROR);
            carc_status s = carc_game_play(g, &bad[k].m);
            if (s != bad[k].want)
                fail_msg("%s game, %s: play gave %s, expected %s", game_names[i], bad[k].what,
                         carc_status_name(s), carc_status_name(bad[k].want));
            check_same(g, before, HZ_FP_NO_ERROR, bad[k].what, __LINE__);
            if (carc_game_last_error(g)[0] == '\0')
                fail_msg("%s game, %s: no last-error text", game_names[i], bad[k].what);
        }
    }
    /* a follower with none left */
    {
        carc_game *g = f->g[G_NOSUPPLY];
        carc_move p = legal_move(f, g, 0);
        uint32_t nseg = 0;
        assert_int_equal(carc_tile_segment_count(&nseg, p.tile), CARC_OK);
        for (uint32_t s = 0; s < nseg; s++) {
            p.figure = CARC_FIGURE_FOLLOWER;
            p.segment = (uint8_t)s;
            REJECT(g, CARC_EILLEGAL, carc_game_play(g, &p));
        }
    }
    river_rules(f);
    abbot_rules(f);
    inns_rules(f);
    traders_rules(f);
    count_rules(f);
}

static void m_move_parse(fx *f)
{
    carc_move m, keep;
    static const char *const bad[] = {
        "", " ", "D", "D 1", "D 1 0", "X1 1 0 0 -", "d 1 0 0 -", "ZZ 1 0 0 -", "D 1 0 45 -",
        "D 1 0 360 -", "D 1 0 -90 -", "D x 0 0 -", "D 1 y 0 -", "D 1 0 0 - extra", "D 1 0 0 road:Q",
        "D 1 0 0 city:X", "D 1 0 0 road", "D 1 0 0 cloister", "D 1 0 0 field:N", "D 1 0 0 hat/road:E",
        "D 99999999999999999999 0 0 -", "D 1 -99999999999999999999 0 -", "D 1 0 99999999999 -",
        "D 1 0 0 :", "D 1 0 0 road:", "D 1 0 0 /road:E", "D 1 0 0 big/", "D 1 0 0 big/big/road:E",
        "A 0 0 0 road:N", "VERYLONGTILENAME 0 0 0 -", "D 1 0 0 - - -",
    };
    memset(&m, GUARD, sizeof m);
    keep = m;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse(NULL, "D 1 0 0 -"));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse(&m, NULL));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carc_status s = carc_move_parse(&m, bad[i]);
        if (s != CARC_EPARSE)
            fail_msg("carc_move_parse(\"%s\") gave %s, expected CARC_EPARSE", bad[i], carc_status_name(s));
    }
    {
        /* a very long line */
        char big[5000];
        memset(big, 'D', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        EXPECT(f->g[G_MID], CARC_EPARSE, carc_move_parse(&m, big));
        memset(big, ' ', sizeof big - 1);
        EXPECT(f->g[G_MID], CARC_EPARSE, carc_move_parse(&m, big));
    }
    assert_memory_equal(&m, &keep, sizeof m);
}

/* carc_move_parse_msg: carc_move_parse's statuses, a reason for each
 * failure, cut to the buffer, *out untouched. */
static void m_move_parse_msg(fx *f)
{
    carc_move m, keep;
    char msg[200];
    static const char *const bad[] = {
        "", "D", "D 1 0", "ZZ 1 0 0 -", "D 1 0 45 -", "D x 0 0 -", "D 1 0 0 - extra", "D 1 0 0 road:Q",
        "D 1 0 0 hat/road:E", "A 0 0 0 road:N", "pass x", "count kitchen", "exit castle 1 1 city:N", "hello",
    };
    memset(&m, GUARD, sizeof m);
    keep = m;
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse_msg(NULL, "D 1 0 0 -", msg, sizeof msg));
    assert_string_not_equal(msg, "");
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse_msg(&m, NULL, msg, sizeof msg));
    assert_string_not_equal(msg, "");
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse_msg(&m, "D 1 0 0 -", NULL, 5));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(msg, GUARD, sizeof msg);
        EXPECT(f->g[G_MID], CARC_EPARSE, carc_move_parse_msg(&m, bad[i], msg, sizeof msg));
        if (memchr(msg, '\0', sizeof msg) == NULL || msg[0] == '\0')
            fail_msg("carc_move_parse_msg(\"%s\"): no reason written", bad[i]);
        char small[6];
        memset(small, GUARD, sizeof small);
        EXPECT(f->g[G_MID], CARC_EPARSE, carc_move_parse_msg(&m, bad[i], small, 4));
        check_guard(small, 4, sizeof small, "carc_move_parse_msg(cap 4)", __LINE__);
        assert_memory_equal(small, msg, strlen(small));
        EXPECT(f->g[G_MID], CARC_EPARSE, carc_move_parse_msg(&m, bad[i], NULL, 0));
    }
    assert_memory_equal(&m, &keep, sizeof m);
    EXPECT(f->g[G_MID], CARC_OK, carc_move_parse_msg(&m, "D 1 0 90 -", msg, sizeof msg));
    assert_string_equal(msg, "");
}

static void m_move_format(fx *f)
{
    carc_move m = legal_move(f, f->g[G_MID], 2), q;
    char buf[128];
    size_t need = 0, len;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_format(buf, sizeof buf, &need, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_format(NULL, 10, &need, &m));
    EXPECT(f->g[G_MID], CARC_EBUFFER, carc_move_format(NULL, 0, &need, &m));
    assert_true(need > 0);
    len = need;
    /* snprintf semantics: every short buffer is NUL-terminated, never overrun */
    for (size_t cap = 1; cap <= len; cap++) {
        memset(buf, GUARD, sizeof buf);
        need = 0;
        EXPECT(f->g[G_MID], CARC_EBUFFER, carc_move_format(buf, cap, &need, &m));
        assert_int_equal(need, len);
        assert_non_null(memchr(buf, '\0', cap));
        check_guard(buf, cap, sizeof buf, "carc_move_format(short buffer)", __LINE__);
    }
    EXPECT(f->g[G_MID], CARC_OK, carc_move_format(buf, len + 1, NULL, &m));
    assert_int_equal(strlen(buf), len);
#define BAD_FIELD(expr)                                                       \
    do {                                                                      \
        q = m;                                                                \
        expr;                                                                 \
        memset(buf, GUARD, sizeof buf);                                       \
        EXPECT(f->g[G_MID], CARC_ERANGE, carc_move_format(buf, sizeof buf, &need, &q)); \
    } while (0)
    BAD_FIELD(q.tile = (uint16_t)carc_tile_kind_count());
    BAD_FIELD(q.tile = 0xFFFF);
    BAD_FIELD(q.rotation = 4);
    BAD_FIELD(q.figure = 6);
    BAD_FIELD(q.figure = 255);
    BAD_FIELD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = 77));
    BAD_FIELD((q.figure = CARC_FIGURE_FOLLOWER, q.segment = CARC_NO_SEGMENT));
#undef BAD_FIELD
    /* extreme coordinates format and parse back */
    q = m;
    q.x = INT32_MIN;
    q.y = INT32_MAX;
    q.figure = CARC_FIGURE_NONE;
    q.segment = CARC_NO_SEGMENT;
    EXPECT(f->g[G_MID], CARC_OK, carc_move_format(buf, sizeof buf, &need, &q));
}

/* ------------------------------------------------------------ board.h */

static void m_game_tile(fx *f)
{
    carc_move m, keep;
    memset(&m, GUARD, sizeof m);
    keep = m;
    FOR_GAMES(f, i) {
        uint32_t n = 0;
        assert_int_equal(carc_game_tile_count(&n, f->g[i]), CARC_OK);
        EXPECT(f->g[i], CARC_EINVAL, carc_game_tile(NULL, f->g[i], 0));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_tile(&m, f->g[i], n));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_tile(&m, f->g[i], n + 0x10000u));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_tile(&m, f->g[i], UINT32_MAX));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_tile(&m, NULL, 0));
    assert_memory_equal(&m, &keep, sizeof m);
}

static void m_game_tile_at(fx *f)
{
    carc_move m, keep;
    memset(&m, GUARD, sizeof m);
    keep = m;
    static const int32_t far[][2] = { { 1000, 0 }, { 65536, 0 }, { 0, 65536 }, { -65536, 0 }, { 0, -65536 },
                                      { INT32_MAX, 0 }, { 0, INT32_MIN }, { INT32_MIN, INT32_MAX },
                                      { 65536, 65536 }, { 32768, 0 }, { -32769, 0 } };
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_tile_at(NULL, f->g[i], 0, 0));
        for (size_t k = 0; k < sizeof far / sizeof far[0]; k++)
            EXPECT(f->g[i], CARC_ENOTFOUND, carc_game_tile_at(&m, f->g[i], far[k][0], far[k][1]));
        /* a frontier cell (empty, next to a tile) */
        carc_move t;
        assert_int_equal(carc_game_tile(&t, f->g[i], 0), CARC_OK);
        int32_t y = t.y;
        carc_move probe;
        while (carc_game_tile_at(&probe, f->g[i], t.x, y) == CARC_OK)
            y--;
        EXPECT(f->g[i], CARC_ENOTFOUND, carc_game_tile_at(&m, f->g[i], t.x, y));
        EXPECT(f->g[i], CARC_ENOTFOUND, carc_game_tile_at(&m, f->g[i], t.x + 65536, t.y));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_tile_at(&m, NULL, 0, 0));
    assert_memory_equal(&m, &keep, sizeof m);
}

static void m_game_bounds(fx *f)
{
    int32_t a = 7, b = 7, c = 7, d = 7;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        EXPECT(g, CARC_EINVAL, carc_game_bounds(NULL, &b, &c, &d, g));
        EXPECT(g, CARC_EINVAL, carc_game_bounds(&a, NULL, &c, &d, g));
        EXPECT(g, CARC_EINVAL, carc_game_bounds(&a, &b, NULL, &d, g));
        EXPECT(g, CARC_EINVAL, carc_game_bounds(&a, &b, &c, NULL, g));
        EXPECT(g, CARC_EINVAL, carc_game_bounds(NULL, NULL, NULL, NULL, g));
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_bounds(&a, &b, &c, &d, NULL));
    assert_true(a == 7 && b == 7 && c == 7 && d == 7);
}

/* Growable structs: struct_size below 4 is refused, 4 writes nothing more,
 * a larger struct gets only what this library knows. */
typedef carc_status (*indexed_fn)(void *, const carc_game *, uint32_t);

static void misuse_growable(fx *f, indexed_fn fn, size_t size, const char *name,
                            carc_status (*count)(uint32_t *, const carc_game *), carc_status bad_index)
{
    unsigned char buf[256];
    assert_true(size + 64 <= sizeof buf);
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t n = 0;
        if (count != NULL)
            assert_int_equal(count(&n, g), CARC_OK);
        EXPECT(g, CARC_EINVAL, fn(NULL, g, 0));
        for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
            memset(buf, GUARD, sizeof buf);
            memcpy(buf, &sz, sizeof sz);
            EXPECT(g, CARC_EINVAL, fn(buf, g, 0));
            check_guard(buf, sizeof sz, sizeof buf, name, __LINE__);
        }
        uint32_t sz = (uint32_t)sizeof buf;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        if (count != NULL) {
            EXPECT(g, bad_index, fn(buf, g, n));
            EXPECT(g, bad_index, fn(buf, g, n + 0x10000u));
            EXPECT(g, bad_index, fn(buf, g, UINT32_MAX));
            check_guard(buf, sizeof sz, sizeof buf, name, __LINE__);
            if (n == 0)
                continue;
        }
        /* struct_size 4 */
        sz = sizeof(uint32_t);
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        EXPECT(g, CARC_OK, fn(buf, g, 0));
        check_guard(buf, sizeof sz, sizeof buf, name, __LINE__);
        /* larger than this library's struct */
        sz = (uint32_t)sizeof buf;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        EXPECT(g, CARC_OK, fn(buf, g, 0));
        memcpy(&sz, buf, sizeof sz);
        assert_int_equal(sz, size);
        check_guard(buf, size, sizeof buf, name, __LINE__);
    }
    unsigned char one[64];
    uint32_t sz = (uint32_t)size;
    memset(one, GUARD, sizeof one);
    memcpy(one, &sz, sizeof sz);
    EXPECT(f->g[G_MID], CARC_EINVAL, fn(one, NULL, 0));
}

static carc_status figure_thunk(void *out, const carc_game *g, uint32_t i) { return carc_game_figure(out, g, i); }
static carc_status event_thunk(void *out, const carc_game *g, uint32_t i) { return carc_game_event(out, g, i); }
static carc_status history_thunk(void *out, const carc_game *g, uint32_t i) { return carc_game_history(out, g, i); }
static carc_status feature_thunk(void *out, const carc_game *g, uint32_t i) { return carc_game_feature(out, g, i); }

static void m_game_figure(fx *f)
{
    misuse_growable(f, figure_thunk, sizeof(carc_figure_info), "carc_game_figure", carc_game_figure_count,
                    CARC_ERANGE);
}

static void m_game_event(fx *f)
{
    misuse_growable(f, event_thunk, sizeof(carc_event), "carc_game_event", carc_game_event_count, CARC_ERANGE);
}

static void m_game_history(fx *f)
{
    misuse_growable(f, history_thunk, sizeof(carc_history_entry), "carc_game_history", carc_game_history_count,
                    CARC_ERANGE);
}

/* The first tile of g that has segments: the start tile, or with the Count
 * the first of the City of Carcassonne's tiles that has any (CO/7 and CO/6,
 * laid first, have none). */
static carc_move tile_with_segments(carc_game *g)
{
    carc_move t;
    uint32_t nt = 0, nseg = 0;
    assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
    for (uint32_t i = 0; i < nt; i++) {
        assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        if (nseg > 0)
            return t;
    }
    fail_msg("no tile with segments");
    return t;
}

/* A feature id of g (the feature under segment 0 of the first tile that has segments). */
static uint32_t some_feature(carc_game *g)
{
    carc_move t = tile_with_segments(g);
    uint32_t id = 0;
    assert_int_equal(carc_game_feature_at(&id, g, t.x, t.y, 0), CARC_OK);
    return id;
}

/* Numbers that are no feature id of g. */
static size_t non_features(carc_game *g, uint32_t *out)
{
    size_t n = 0;
    out[n++] = UINT32_MAX;
    out[n++] = 0x10000u;
    out[n++] = 0x10000u + some_feature(g); /* a feature modulo 2^16 */
    out[n++] = 0xFFFFu;
    out[n++] = 0x0FFFu;
    /* ids that are segments of a feature but not its id */
    carc_feature_info fi;
    for (uint32_t id = 0; id < 400 && n < 12; id++) {
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        if (carc_game_feature(&fi, g, id) == CARC_ENOTFOUND)
            out[n++] = id;
    }
    return n;
}

static void m_game_feature(fx *f)
{
    unsigned char buf[256];
    uint32_t bad[16];
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t id = some_feature(g);
        EXPECT(g, CARC_EINVAL, carc_game_feature(NULL, g, id));
        for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
            memset(buf, GUARD, sizeof buf);
            memcpy(buf, &sz, sizeof sz);
            EXPECT(g, CARC_EINVAL, feature_thunk(buf, g, id));
            check_guard(buf, sizeof sz, sizeof buf, "carc_game_feature", __LINE__);
        }
        uint32_t sz = sizeof(carc_feature_info);
        size_t nb = non_features(g, bad);
        for (size_t k = 0; k < nb; k++) {
            memset(buf, GUARD, sizeof buf);
            memcpy(buf, &sz, sizeof sz);
            EXPECT(g, CARC_ENOTFOUND, feature_thunk(buf, g, bad[k]));
            check_guard(buf, sizeof sz, sizeof buf, "carc_game_feature(no feature)", __LINE__);
        }
        sz = sizeof(uint32_t);
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        EXPECT(g, CARC_OK, feature_thunk(buf, g, id));
        check_guard(buf, sizeof sz, sizeof buf, "carc_game_feature(struct_size 4)", __LINE__);
        sz = sizeof buf;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        EXPECT(g, CARC_OK, feature_thunk(buf, g, id));
        check_guard(buf, sizeof(carc_feature_info), sizeof buf, "carc_game_feature(larger)", __LINE__);
    }
    memset(buf, 0, sizeof buf);
    EXPECT(f->g[G_MID], CARC_EINVAL, feature_thunk(buf, NULL, 0));
}

static void m_game_feature_at(fx *f)
{
    uint32_t out = 777;
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_move t = tile_with_segments(g);
        uint32_t nseg = 0;
        assert_int_equal(carc_tile_segment_count(&nseg, t.tile), CARC_OK);
        EXPECT(g, CARC_EINVAL, carc_game_feature_at(NULL, g, t.x, t.y, 0));
        EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, t.x, t.y, nseg));
        EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, t.x, t.y, CARC_NO_SEGMENT));
        EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, t.x, t.y, UINT32_MAX));
        EXPECT(g, CARC_ENOTFOUND, carc_game_feature_at(&out, g, t.x + 1000, t.y, 0));
        EXPECT(g, CARC_ENOTFOUND, carc_game_feature_at(&out, g, t.x + 65536, t.y, 0));
        EXPECT(g, CARC_ENOTFOUND, carc_game_feature_at(&out, g, INT32_MIN, INT32_MAX, 0));
        /* with the Count: CO/6 and CO/7 have no segments at all */
        uint32_t co7 = 0;
        assert_int_equal(carc_tile_find(&co7, "CO/7"), CARC_OK);
        carc_move c;
        if (carc_game_tile_at(&c, g, 0, 0) == CARC_OK && c.tile == co7) {
            EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, 0, 0, 0));
            EXPECT(g, CARC_ERANGE, carc_game_feature_at(&out, g, -1, 0, 0));
        }
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_feature_at(&out, NULL, 0, 0, 0));
    assert_int_equal(out, 777);
}

static void m_game_feature_occupants(fx *f)
{
    uint32_t counts[8], bad[16];
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        uint32_t players = 0, id = some_feature(g);
        assert_int_equal(carc_game_players(&players, g), CARC_OK);
        memset(counts, GUARD, sizeof counts);
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(NULL, 8, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(NULL, 0, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(counts, players - 1, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_occupants(counts, 0, g, id));
        check_guard(counts, 0, sizeof counts, "carc_game_feature_occupants(small cap)", __LINE__);
        size_t nb = non_features(g, bad);
        for (size_t k = 0; k < nb; k++)
            EXPECT(g, CARC_ENOTFOUND, carc_game_feature_occupants(counts, 8, g, bad[k]));
        check_guard(counts, 0, sizeof counts, "carc_game_feature_occupants(no feature)", __LINE__);
        /* cap = players exactly: nothing past it */
        EXPECT(g, CARC_OK, carc_game_feature_occupants(counts, players, g, id));
        check_guard(counts, players * sizeof counts[0], sizeof counts, "carc_game_feature_occupants", __LINE__);
    }
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_feature_occupants(counts, 8, NULL, 0));
}

static void m_game_feature_tiles(fx *f)
{
    int32_t xy[2 * 100];
    uint32_t bad[16];
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        size_t count = 777, full = 0;
        /* the largest feature of the game: a city, road or field over several tiles */
        uint32_t id = some_feature(g), nt = 0;
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        for (uint32_t t = 0; t < nt; t++) {
            carc_move pm;
            uint32_t nseg = 0, fid;
            assert_int_equal(carc_game_tile(&pm, g, t), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&nseg, pm.tile), CARC_OK);
            for (uint32_t s = 0; s < nseg; s++) {
                size_t c = 0;
                assert_int_equal(carc_game_feature_at(&fid, g, pm.x, pm.y, s), CARC_OK);
                carc_status st = carc_game_feature_tiles(NULL, 0, &c, g, fid);
                assert_true(st == CARC_EBUFFER || (st == CARC_OK && c == 0));
                if (c > full) {
                    full = c;
                    id = fid;
                }
            }
        }
        assert_true(full >= 1 && full <= 100);
        EXPECT(g, CARC_EINVAL, carc_game_feature_tiles(xy, 4, NULL, g, id));
        EXPECT(g, CARC_EINVAL, carc_game_feature_tiles(NULL, 4, &count, g, id));
        assert_int_equal(count, 777);
        size_t nb = non_features(g, bad);
        for (size_t k = 0; k < nb; k++)
            EXPECT(g, CARC_ENOTFOUND, carc_game_feature_tiles(xy, 100, &count, g, bad[k]));
        assert_int_equal(count, 777);
        /* every short buffer: CARC_EBUFFER, the count needed, nothing past cap */
        for (size_t cap = 0; cap < full; cap++) {
            memset(xy, GUARD, sizeof xy);
            count = 0;
            EXPECT(g, CARC_EBUFFER, carc_game_feature_tiles(cap ? xy : NULL, cap, &count, g, id));
            assert_int_equal(count, full);
            check_guard(xy, 2 * cap * sizeof xy[0], sizeof xy, "carc_game_feature_tiles(short)", __LINE__);
        }
        memset(xy, GUARD, sizeof xy);
        EXPECT(g, CARC_OK, carc_game_feature_tiles(xy, full, &count, g, id));
        assert_int_equal(count, full);
        check_guard(xy, 2 * full * sizeof xy[0], sizeof xy, "carc_game_feature_tiles(exact)", __LINE__);
    }
    size_t count = 0;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_feature_tiles(xy, 10, &count, NULL, 0));
}

/* ------------------------------------------------------------ undo.h */

static void m_game_undo(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_undo(NULL));
    /* nothing to undo */
    REJECT(f->g[G_FRESH], CARC_ENO_UNDO, carc_game_undo(f->g[G_FRESH]));
    /* a game without a journal never has anything to undo */
    {
        carc_game *g = f->g[G_NOUNDO], *c = NULL;
        bool can = true;
        REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
        assert_int_equal(carc_game_can_undo(&can, g), CARC_OK);
        assert_false(can);
        carc_move m = legal_move(f, g, 0);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
        /* nor do its clones, with or without history */
        for (uint32_t fl = 0; fl < 2; fl++) {
            assert_int_equal(carc_game_clone(&c, g, fl), CARC_OK);
            REJECT(c, CARC_ENO_UNDO, carc_game_undo(c));
            carc_game_free(c);
        }
    }
    /* undo everything: each step restores the previous state, then ENO_UNDO */
    carc_game *g = f->g[G_ENDED];
    bool can = false;
    for (unsigned steps = 0;; steps++) {
        assert_true(steps < 200);
        assert_int_equal(carc_game_can_undo(&can, g), CARC_OK);
        if (!can)
            break;
        assert_int_equal(carc_game_undo(g), CARC_OK);
    }
    REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
    REJECT(g, CARC_ENO_UNDO, carc_game_undo(g));
    /* back at the start: the record of a fresh game with these options */
    char *rec = hz_save(g);
    assert_non_null(rec);
    carc_game *fresh = new_game(f, 2, 8, CARC_MODULE_FARMERS);
    char *a = hz_fingerprint(g, HZ_FP_NO_ERROR), *b = hz_fingerprint(fresh, HZ_FP_NO_ERROR);
    assert_string_equal(a, b);
    free(a);
    free(b);
    free(rec);
    carc_game_free(fresh);
}

/* ------------------------------------------------------------ serialize.h, render.h */

typedef carc_status (*text_fn)(char *, size_t, size_t *, const carc_game *);

static carc_status render_text_plain(char *b, size_t c, size_t *n, const carc_game *g)
{
    return carc_game_render_text(b, c, n, g, 0);
}
static carc_status render_text_color(char *b, size_t c, size_t *n, const carc_game *g)
{
    return carc_game_render_text(b, c, n, g, CARC_RENDER_COLOR | CARC_RENDER_NO_LEGEND);
}
static carc_status render_svg_plain(char *b, size_t c, size_t *n, const carc_game *g)
{
    return carc_game_render_svg(b, c, n, g, 0);
}

/* snprintf-style writers: NULL game, NULL buffer with a size, short buffers
 * (every size up to 64, then about `step` more, and the last few; each
 * NUL-terminated, nothing past cap), the exact size. */
static void misuse_writer(fx *f, text_fn fn, const char *name, size_t step)
{
    size_t need = 0, n2 = 0;
    char small[8];
    EXPECT(f->g[G_MID], CARC_EINVAL, fn(small, sizeof small, &need, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, fn(NULL, 0, &need, NULL));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        EXPECT(g, CARC_EINVAL, fn(NULL, 1, &need, g));
        EXPECT(g, CARC_EINVAL, fn(NULL, SIZE_MAX, &need, g));
        need = 0;
        EXPECT(g, CARC_EBUFFER, fn(NULL, 0, &need, g));
        EXPECT(g, CARC_EBUFFER, fn(NULL, 0, NULL, g));
        assert_true(need > 0);
        char *buf = malloc(need + 64);
        assert_non_null(buf);
        size_t stride = need / step + 1;
        for (size_t cap = 1; cap <= need; cap += cap < 64 || cap + 3 > need ? 1 : stride) {
            memset(buf, GUARD, need + 64);
            n2 = 0;
            carc_status s = fn(buf, cap, &n2, g);
            if (s != CARC_EBUFFER || n2 != need)
                fail_msg("%s, %s game, cap %zu of %zu: %s, needed %zu", name, game_names[i], cap, need,
                         carc_status_name(s), n2);
            if (buf[cap - 1] != '\0' && memchr(buf, '\0', cap) == NULL)
                fail_msg("%s, cap %zu: not NUL-terminated", name, cap);
            check_guard(buf, cap, need + 64, name, __LINE__);
        }
        memset(buf, GUARD, need + 64);
        EXPECT(g, CARC_OK, fn(buf, need + 1, &n2, g));
        assert_int_equal(n2, need);
        assert_int_equal(strlen(buf), need);
        check_guard(buf, need + 1, need + 64, name, __LINE__);
        free(buf);
    }
}

static void m_game_save(fx *f)
{
    misuse_writer(f, carc_game_save, "carc_game_save", 200);
}

static void m_game_render_text(fx *f)
{
    misuse_writer(f, render_text_plain, "carc_game_render_text", 60);
    misuse_writer(f, render_text_color, "carc_game_render_text(color)", 60);
    char buf[16];
    size_t need = 0;
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_render_text(buf, sizeof buf, &need, f->g[i], 1u << 2));
        EXPECT(f->g[i], CARC_EINVAL, carc_game_render_text(buf, sizeof buf, &need, f->g[i], UINT32_MAX));
    }
}

static void m_game_render_svg(fx *f)
{
    misuse_writer(f, render_svg_plain, "carc_game_render_svg", 40);
    char buf[16];
    size_t need = 0;
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_render_svg(buf, sizeof buf, &need, f->g[i], 1u << 2));
        EXPECT(f->g[i], CARC_EINVAL, carc_game_render_svg(buf, sizeof buf, &need, f->g[i], UINT32_MAX));
    }
}

/* Load text and check the failure contract: status, no game, error detail,
 * nothing allocated left behind. Returns the status. */
static carc_status load_expect_fail(fx *f, const char *data, size_t len, carc_status want, int line)
{
    carc_game *g = (carc_game *)(void *)&f->alloc;
    carc_load_error err;
    size_t live = f->alloc.live;
    memset(&err, GUARD, sizeof err);
    err.struct_size = sizeof err;
    carc_status s = carc_game_load(&g, data, len, &f->a, &err);
    if (s == CARC_OK) {
        carc_game_free(g);
        fail_msg("line %d: carc_game_load accepted a bad record", line);
    }
    if (want != CARC_OK && s != want)
        fail_msg("line %d: carc_game_load gave %s, expected %s (%s)", line, carc_status_name(s),
                 carc_status_name(want), err.message);
    if (g != NULL)
        fail_msg("line %d: carc_game_load failed but *out is not NULL", line);
    if (err.status != (int32_t)s)
        fail_msg("line %d: err.status %d, returned %d", line, (int)err.status, (int)s);
    if (memchr(err.message, '\0', sizeof err.message) == NULL)
        fail_msg("line %d: err.message is not NUL-terminated", line);
    if (f->alloc.live != live)
        fail_msg("line %d: a failed load left %zu block(s)", line, f->alloc.live - live);
    return s;
}

static void m_game_load(fx *f)
{
    carc_game *g = (carc_game *)(void *)&f->alloc;
    carc_load_error err;
    char *rec = hz_save(f->g[G_MID]);
    size_t len = strlen(rec);
    assert_non_null(rec);

    /* NULL arguments */
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_load(NULL, rec, len, NULL, &err));
    assert_int_equal(err.status, CARC_EINVAL);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_load(&g, NULL, 5, NULL, &err));
    assert_null(g);
    g = (carc_game *)(void *)&f->alloc;
    EXPECT(f->g[G_MID], CARC_EFORMAT, carc_game_load(&g, NULL, 0, NULL, NULL));
    assert_null(g);
    /* bad struct_size of the error detail */
    for (uint32_t sz = 0; sz < offsetof(carc_load_error, line) + sizeof err.line; sz++) {
        unsigned char buf[sizeof err + 16];
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        g = (carc_game *)(void *)&f->alloc;
        EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_load(&g, rec, len, NULL, (carc_load_error *)(void *)buf));
        assert_null(g);
        check_guard(buf, sizeof sz, sizeof buf, "carc_game_load(bad err struct_size)", __LINE__);
    }
    {
        /* an older, smaller carc_load_error: only its fields are written */
        unsigned char buf[sizeof err + 16];
        uint32_t sz = offsetof(carc_load_error, line) + sizeof err.line;
        memset(buf, GUARD, sizeof buf);
        memcpy(buf, &sz, sizeof sz);
        g = (carc_game *)(void *)&f->alloc;
        assert_int_equal(carc_game_load(&g, "x", 1, NULL, (carc_load_error *)(void *)buf), CARC_EFORMAT);
        check_guard(buf, sz, sizeof buf, "carc_game_load(small err)", __LINE__);
    }
    /* incomplete allocators */
    {
        carc_allocator half = f->a;
        half.free = NULL;
        g = (carc_game *)(void *)&f->alloc;
        EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_load(&g, rec, len, &half, &err));
        assert_null(g);
        half = f->a;
        half.alloc = NULL;
        EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_load(&g, rec, len, &half, &err));
        half = f->a;
        half.realloc = NULL;
        EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_load(&g, rec, len, &half, &err));
    }
    /* not records */
    load_expect_fail(f, "", 0, CARC_EFORMAT, __LINE__);
    load_expect_fail(f, "hello\n", 6, CARC_EFORMAT, __LINE__);
    load_expect_fail(f, "carcassonne-record 2\n", 21, CARC_EFORMAT, __LINE__);
    load_expect_fail(f, "carcassonne-record 1\n", 21, CARC_EPARSE, __LINE__);
    /* every strict prefix fails, and cleanly */
    for (size_t n = 0; n < len; n++)
        load_expect_fail(f, rec, n, CARC_OK /* any error */, __LINE__);
    /* every byte changed: a clean failure, or a record that round-trips */
    {
        char *mut = malloc(len);
        static const char repl[] = { 'x', '0', '9', ' ', '\n', '\0', '-', 'A', (char)0xff };
        assert_non_null(mut);
        for (size_t pos = 0; pos < len; pos++)
            for (size_t r = 0; r < sizeof repl; r++) {
                if (rec[pos] == repl[r])
                    continue;
                memcpy(mut, rec, len);
                mut[pos] = repl[r];
                carc_game *lg = NULL;
                size_t live = f->alloc.live;
                carc_status s = carc_game_load(&lg, mut, len, &f->a, NULL);
                if (s != CARC_OK) {
                    assert_null(lg);
                    assert_int_equal(f->alloc.live, live);
                    continue;
                }
                char *again = hz_save(lg);
                assert_non_null(again);
                carc_game *lg2 = NULL;
                assert_int_equal(carc_game_load(&lg2, again, strlen(again), &f->a, NULL), CARC_OK);
                char *again2 = hz_save(lg2);
                assert_string_equal(again, again2);
                free(again);
                free(again2);
                carc_game_free(lg);
                carc_game_free(lg2);
            }
        free(mut);
    }
    /* an illegal move */
    {
        char *p = strstr(rec, "\nplace ");
        assert_non_null(p);
        char *bad = malloc(len + 32);
        assert_non_null(bad);
        size_t head = (size_t)(p - rec) + 1;
        memcpy(bad, rec, head);
        int k = sprintf(bad + head, "place D 500 500 0 -\n");
        memcpy(bad + head + k, p + 1, len - head);
        load_expect_fail(f, bad, len + (size_t)k, CARC_ERECORD, __LINE__);
        free(bad);
    }
    /* the real thing loads, with the allocator, and saves the same */
    g = NULL;
    assert_int_equal(carc_game_load(&g, rec, len, &f->a, NULL), CARC_OK);
    char *again = hz_save(g);
    assert_string_equal(rec, again);
    free(again);
    carc_game_free(g);
    free(rec);

    /* six players: a record loads with Inns & Cathedrals (the fixture's game
     * with its big followers out, every figure kind on the board), not
     * without it, and seven never */
    rec = hz_save(f->g[G_INNS]);
    assert_non_null(rec);
    len = strlen(rec);
    assert_non_null(strstr(rec, "\nplayers 6\n"));
    g = NULL;
    assert_int_equal(carc_game_load(&g, rec, len, &f->a, NULL), CARC_OK);
    again = hz_save(g);
    assert_string_equal(rec, again);
    free(again);
    carc_game_free(g);
    {
        char *p = strstr(rec, "\nplayers 6\n");
        p[9] = '7';
        load_expect_fail(f, rec, len, CARC_EPARSE, __LINE__);
        p[9] = '6';
        char *m = strstr(rec, " inns");
        assert_non_null(m);
        memcpy(m, "     ", 5); /* the modules without inns */
        load_expect_fail(f, rec, len, CARC_OK /* any error */, __LINE__);
    }
    free(rec);

    /* Traders & Builders: the records load to the same game (a pending second
     * tile, builders and pigs out, goods taken), not without the module */
    static const int tb[] = { G_TRADERS, G_SECOND, G_ALL };
    for (size_t k = 0; k < sizeof tb / sizeof tb[0]; k++) {
        rec = hz_save(f->g[tb[k]]);
        assert_non_null(rec);
        len = strlen(rec);
        g = NULL;
        assert_int_equal(carc_game_load(&g, rec, len, &f->a, NULL), CARC_OK);
        char *a = hz_fingerprint(f->g[tb[k]], HZ_FP_NO_ERROR), *b = hz_fingerprint(g, HZ_FP_NO_ERROR);
        assert_string_equal(a, b);
        free(a);
        free(b);
        carc_game_free(g);
        char *m = strstr(rec, " traders");
        assert_non_null(m);
        memcpy(m, "        ", 8); /* the modules without traders */
        load_expect_fail(f, rec, len, CARC_OK /* any error */, __LINE__);
        free(rec);
    }
}

/* ------------------------------------------------------------ the table */

static const misuse_entry MISUSE_TABLE[] = {
    { "carc_game_bounds", m_game_bounds },
    { "carc_game_can_undo", m_game_can_undo },
    { "carc_game_check_move", m_game_check_move },
    { "carc_game_check_move_msg", m_game_check_move_msg },
    { "carc_game_choose_tile", m_game_choose_tile },
    { "carc_game_city", m_game_city },
    { "carc_game_clone", m_game_clone },
    { "carc_game_copy", m_game_copy },
    { "carc_game_count", m_game_count },
    { "carc_game_current_player", m_game_current_player },
    { "carc_game_current_tile", m_game_current_tile },
    { "carc_game_determinize", m_game_determinize },
    { "carc_game_end", m_game_end },
    { "carc_game_event", m_game_event },
    { "carc_game_event_count", m_game_event_count },
    { "carc_game_feature", m_game_feature },
    { "carc_game_feature_at", m_game_feature_at },
    { "carc_game_feature_occupants", m_game_feature_occupants },
    { "carc_game_feature_tiles", m_game_feature_tiles },
    { "carc_game_figure", m_game_figure },
    { "carc_game_figure_count", m_game_figure_count },
    { "carc_game_figure_options", m_game_figure_options },
    { "carc_game_figure_supply", m_game_figure_supply },
    { "carc_game_free", m_game_free },
    { "carc_game_goods", m_game_goods },
    { "carc_game_hash", m_game_hash },
    { "carc_game_history", m_game_history },
    { "carc_game_history_count", m_game_history_count },
    { "carc_game_is_over", m_game_is_over },
    { "carc_game_last_error", m_game_last_error },
    { "carc_game_leaders", m_game_leaders },
    { "carc_game_legal_moves", m_game_legal_moves },
    { "carc_game_load", m_game_load },
    { "carc_game_new", m_game_new },
    { "carc_game_options_check", m_game_options_check },
    { "carc_game_options_get", m_game_options_get },
    { "carc_game_options_init", m_game_options_init },
    { "carc_game_pending", m_game_pending },
    { "carc_game_placements", m_game_placements },
    { "carc_game_play", m_game_play },
    { "carc_game_players", m_game_players },
    { "carc_game_remaining", m_game_remaining },
    { "carc_game_remaining_of", m_game_remaining_of },
    { "carc_game_remaining_tiles", m_game_remaining_tiles },
    { "carc_game_render_svg", m_game_render_svg },
    { "carc_game_render_text", m_game_render_text },
    { "carc_game_save", m_game_save },
    { "carc_game_score", m_game_score },
    { "carc_game_state_size", m_game_state_size },
    { "carc_game_supply", m_game_supply },
    { "carc_game_tile", m_game_tile },
    { "carc_game_tile_at", m_game_tile_at },
    { "carc_game_tile_count", m_game_tile_count },
    { "carc_game_undo", m_game_undo },
    { "carc_module_name", m_module_name },
    { "carc_modules_parse", m_modules_parse },
    { "carc_modules_supported", m_modules_supported },
    { "carc_move_format", m_move_format },
    { "carc_move_parse", m_move_parse },
    { "carc_move_parse_msg", m_move_parse_msg },
    { "carc_movelist_count", m_movelist_count },
    { "carc_movelist_data", m_movelist_data },
    { "carc_movelist_free", m_movelist_free },
    { "carc_movelist_get", m_movelist_get },
    { "carc_movelist_new", m_movelist_new },
    { "carc_playout_choose", m_playout_choose },
    { "carc_playout_free", m_playout_free },
    { "carc_playout_game", m_playout_game },
    { "carc_playout_new", m_playout_new },
    { "carc_playout_run", m_playout_run },
    { "carc_status_name", m_status_name },
    { "carc_status_str", m_status_str },
    { "carc_tile_copies", m_tile_copies },
    { "carc_tile_edge", m_tile_edge },
    { "carc_tile_find", m_tile_find },
    { "carc_tile_kind_count", m_tile_kind_count },
    { "carc_tile_name", m_tile_name },
    { "carc_tile_segment", m_tile_segment },
    { "carc_tile_segment_count", m_tile_segment_count },
    { "carc_version_number", m_version_number },
    { "carc_version_string", m_version_string },
#define TABLE_ENTRY(name) { "carc_" #name, m_##name },
    DICE_ENTRIES(TABLE_ENTRY)
#undef TABLE_ENTRY
};
#define MISUSE_COUNT (sizeof MISUSE_TABLE / sizeof MISUSE_TABLE[0])

static void run_entry(void **state)
{
    fx *f = *state;
    f->entry->run(f);
    /* the fixture games are still sound: they save and load */
    for (int i = 0; i < D_COUNT; i++) {
        size_t need = 0;
        assert_int_equal(carc_dice_game_save(NULL, 0, &need, f->d[i]), CARC_EBUFFER);
        char *rec = malloc(need + 1);
        carc_dice_game *d = NULL;
        assert_non_null(rec);
        assert_int_equal(carc_dice_game_save(rec, need + 1, NULL, f->d[i]), CARC_OK);
        assert_int_equal(carc_dice_game_load(&d, rec, need, &f->a, NULL), CARC_OK);
        carc_dice_game_free(d);
        free(rec);
    }
    FOR_GAMES(f, i) {
        char *rec = hz_save(f->g[i]);
        carc_game *g = NULL;
        assert_non_null(rec);
        assert_int_equal(carc_game_load(&g, rec, strlen(rec), &f->a, NULL), CARC_OK);
        carc_game_free(g);
        free(rec);
    }
}

/* Every symbol of abi/carcassonne.symbols has a table entry, and every
 * entry names a listed symbol. */
static void coverage(void **state)
{
    (void)state;
    if (symbols_path == NULL)
        fail_msg("usage: test_misuse PATH/abi/carcassonne.symbols");
    FILE *fp = fopen(symbols_path, "r");
    if (fp == NULL)
        fail_msg("cannot open %s", symbols_path);
    char line[256];
    bool listed[MISUSE_COUNT] = { false };
    size_t missing = 0, symbols = 0;
    while (fgets(line, sizeof line, fp) != NULL) {
        char *s = line, *e;
        while (*s == ' ' || *s == '\t')
            s++;
        e = s + strcspn(s, " \t\r\n#");
        if (*s == '#' || e == s)
            continue;
        *e = '\0';
        symbols++;
        size_t k;
        for (k = 0; k < MISUSE_COUNT; k++)
            if (strcmp(MISUSE_TABLE[k].symbol, s) == 0)
                break;
        if (k == MISUSE_COUNT) {
            print_error("%s: no misuse test (add m_%s to MISUSE_TABLE in tests/hardening/test_misuse.c)\n", s,
                        s + strlen("carc_"));
            missing++;
        } else {
            listed[k] = true;
        }
    }
    fclose(fp);
    for (size_t k = 0; k < MISUSE_COUNT; k++)
        if (!listed[k]) {
            print_error("%s: in MISUSE_TABLE but not in %s\n", MISUSE_TABLE[k].symbol, symbols_path);
            missing++;
        }
    assert_true(symbols > 0);
    if (missing)
        fail_msg("%zu symbol(s) not covered, or covered but not exported", missing);
}

int main(int argc, char **argv)
{
    static struct CMUnitTest tests[MISUSE_COUNT + 1];
    symbols_path = argc > 1 ? argv[1] : NULL;
    tests[0].name = "coverage";
    tests[0].test_func = coverage;
    for (size_t k = 0; k < MISUSE_COUNT; k++) {
        tests[k + 1].name = MISUSE_TABLE[k].symbol;
        tests[k + 1].test_func = run_entry;
        tests[k + 1].setup_func = setup;
        tests[k + 1].teardown_func = teardown;
        tests[k + 1].initial_state = (void *)(uintptr_t)&MISUSE_TABLE[k];
    }
    /* HARDENING_FILTER=carc_game_play (a glob) runs only the matching entries */
    if (getenv("HARDENING_FILTER") != NULL)
        cmocka_set_test_filter(getenv("HARDENING_FILTER"));
    int failed = _cmocka_run_group_tests("misuse", tests, MISUSE_COUNT + 1, NULL, NULL);
    dice_fixture_cleanup();
    return failed;
}
