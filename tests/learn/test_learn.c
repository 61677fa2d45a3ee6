/* SPDX-License-Identifier: MIT */
/*
 * learn: the learning environment (<carcassonne/learn.h>, docs/learn.md).
 *
 *   layout          the sizes and offsets of a space, for the base game and
 *                   with the Count; the locations of a tile
 *   ids_and_masks   random games of every module set (the 64 sets of the six
 *                   modules): every legal move (carc_game_legal_moves) is
 *                   encoded and decoded back to itself; the mask of the first
 *                   id is exactly the first ids of the legal moves, and after
 *                   each first id the mask is exactly the second ids of the
 *                   legal moves that start with it; every id sequence the
 *                   masks allow decodes to a legal move
 *   incremental     the environment on every module set: after every step
 *                   each game's planes, vector and mask equal those rebuilt
 *                   from scratch (carc_learn_observe, carc_learn_mask); the
 *                   rewards of a game sum to its final scores; results and
 *                   done flags; every stage is visited
 *   restarts        a finished game restarts with the next seed (the same game
 *                   as carc_game_new with that seed); the rows show it
 *   truncation      a small window cuts games (done 2), never leaves a game
 *                   with an empty mask
 *   bad_input       illegal and out-of-range ids, buffers too small, a batch
 *                   of 0, mismatched options, wrong prefixes: a clear status,
 *                   a message, and nothing changed
 */
#include "../engine/test_util.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------ helpers */

static carc_learn_space *space_for(uint32_t players, uint32_t modules, uint32_t radius)
{
    carc_game_options o = tu_options(players, 1, modules);
    carc_learn_options lo = { sizeof lo, radius, 0 };
    carc_learn_space *s = NULL;
    assert_int_equal(carc_learn_space_new(&s, &o, &lo), CARC_OK);
    return s;
}

static carc_learn_info info_of(const carc_learn_space *s)
{
    carc_learn_info in = { .struct_size = sizeof in };
    assert_int_equal(carc_learn_space_info(&in, s), CARC_OK);
    return in;
}

/* The arrays of an environment of n games. */
typedef struct arrays {
    carc_learn_buffers b;
    size_t obs;
} arrays;

static void arrays_new(arrays *a, const carc_learn_info *in, size_t n)
{
    memset(a, 0, sizeof *a);
    a->obs = (size_t)in->planes * in->plane_size;
    carc_learn_buffers *b = &a->b;
    b->struct_size = sizeof *b;
    b->planes = calloc(n, a->obs);
    b->planes_cap = n * a->obs;
    b->vector = calloc(n * in->vector, sizeof(float));
    b->vector_cap = n * in->vector;
    b->mask = calloc(n, in->actions);
    b->mask_cap = n * in->actions;
    b->rewards = calloc(n * in->players, sizeof(float));
    b->rewards_cap = n * in->players;
    b->results = calloc(n * in->players, sizeof(float));
    b->results_cap = n * in->players;
    b->done = calloc(n, 1);
    b->done_cap = n;
    b->player = calloc(n, sizeof(uint32_t));
    b->player_cap = n;
    assert_true(b->planes && b->vector && b->mask && b->rewards && b->results && b->done && b->player);
}

static void arrays_free(arrays *a)
{
    free(a->b.planes);
    free(a->b.vector);
    free(a->b.mask);
    free(a->b.rewards);
    free(a->b.results);
    free(a->b.done);
    free(a->b.player);
}

static bool same_move(const carc_move *a, const carc_move *b)
{
    return a->kind == b->kind && a->x == b->x && a->y == b->y && a->tile == b->tile && a->rotation == b->rotation &&
           a->figure == b->figure && a->segment == b->segment && a->quarter == b->quarter;
}

static bool in_window(const carc_learn_info *in, int32_t x, int32_t y)
{
    return x >= in->centre_x - (int32_t)in->radius && x <= in->centre_x + (int32_t)in->radius &&
           y >= in->centre_y - (int32_t)in->radius && y <= in->centre_y + (int32_t)in->radius;
}

static bool needs_window(const carc_move *m)
{
    return m->kind == CARC_MOVE_PLACE || m->kind == CARC_MOVE_EXIT;
}

/* ------------------------------------------------------------ layout */

static void layout(void **state)
{
    (void)state;
    uint32_t kinds = carc_tile_kind_count();
    carc_learn_space *s = space_for(2, CARC_MODULE_FARMERS, 0);
    carc_learn_info in = info_of(s);
    assert_int_equal(in.struct_size, sizeof in);
    assert_int_equal(in.layout_version, CARC_LEARN_LAYOUT_VERSION);
    assert_int_equal(in.radius, CARC_LEARN_DEFAULT_RADIUS);
    assert_int_equal(in.width, 31);
    assert_int_equal(in.plane_size, 31 * 31);
    assert_int_equal(in.centre_x, 0);
    assert_int_equal(in.centre_y, 0);
    assert_int_equal(in.place_base, 0);
    assert_int_equal(in.figure_base, 4 * 31 * 31);
    assert_int_equal(in.pass_id, in.figure_base + CARC_LEARN_FIGURE_ACTIONS);
    assert_int_equal(in.actions, in.pass_id + 1);
    assert_int_equal(in.exit_base, UINT32_MAX);
    assert_int_equal(in.quarter_base, UINT32_MAX);
    assert_int_equal(in.count_base, UINT32_MAX);
    assert_int_equal(in.figure_kinds, 1u << CARC_FIGURE_FOLLOWER);
    assert_int_equal(in.figure_plane, CARC_LEARN_FIXED_PLANES);
    assert_int_equal(in.player_planes, 13);
    assert_int_equal(in.planes, CARC_LEARN_FIXED_PLANES + 2 * 13);
    assert_int_equal(in.kinds, kinds);
    assert_int_equal(in.v_scores, 0);
    assert_int_equal(in.v_supply, 2);
    assert_int_equal(in.v_goods, 12);
    assert_int_equal(in.v_city, 18);
    assert_int_equal(in.v_count, 34);
    assert_int_equal(in.v_seat, 38);
    assert_int_equal(in.v_stage, 40);
    assert_int_equal(in.v_flags, 47);
    assert_int_equal(in.v_tile, 50);
    assert_int_equal(in.v_left, 50 + kinds);
    assert_int_equal(in.v_left_total, 50 + 2 * kinds);
    assert_int_equal(in.vector, 51 + 2 * kinds);
    assert_int_equal(CARC_LEARN_FIGURE_AT(CARC_FIGURE_FOLLOWER, 0), 1);
    assert_int_equal(CARC_LEARN_FIGURE_AT(CARC_FIGURE_PIG, CARC_LEARN_LOC_MIDDLE), 65);
    assert_int_equal(CARC_LEARN_FIGURE_RECALL, 66);

    /* a growable struct: a short one gets what fits */
    carc_learn_info small;
    memset(&small, 0xA5, sizeof small);
    small.struct_size = 12;
    assert_int_equal(carc_learn_space_info(&small, s), CARC_OK);
    assert_int_equal(small.struct_size, 12);
    assert_int_equal(small.players, 2);
    assert_int_equal(small.radius, 0xA5A5A5A5u);
    carc_learn_space_free(s);

    /* every module, six players, a window of radius 9 */
    s = space_for(6, tu_all_modules(63), 9);
    in = info_of(s);
    assert_int_equal(in.width, 19);
    assert_int_equal(in.exit_base, in.pass_id + 1);
    assert_int_equal(in.quarter_base, in.exit_base + 19 * 19);
    assert_int_equal(in.count_base, in.quarter_base + 8);
    assert_int_equal(in.actions, in.count_base + 4);
    assert_int_equal(in.figure_kinds, 0x3Eu);
    assert_int_equal(in.player_planes, 13 + 13 + 1 + 4 + 9);
    assert_int_equal(in.planes, CARC_LEARN_FIXED_PLANES + 6 * 40);
    assert_int_equal(in.vector, 18 * 6 + 15 + 2 * kinds);
    carc_learn_space_free(s);

    /* the abbot without the rest: one plane a player for it */
    s = space_for(3, CARC_MODULE_ABBOT_FIGURE, 0);
    in = info_of(s);
    assert_int_equal(in.figure_kinds, (1u << CARC_FIGURE_FOLLOWER) | (1u << CARC_FIGURE_ABBOT));
    assert_int_equal(in.player_planes, 14);
    carc_learn_space_free(s);
}

/* The locations of the first tile, every way turned: roads and cities by
 * their lowest side, fields by their lowest port, the rest in the middle. */
static void locations(void **state)
{
    (void)state;
    carc_learn_space *s = space_for(2, CARC_MODULE_FARMERS, 0);
    carc_game *g = tu_new_game(2, 1);
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    uint32_t n = 0;
    assert_int_equal(carc_tile_segment_count(&n, p.tile), CARC_OK);
    carc_learn_info in = info_of(s);
    for (uint32_t rot = 0; rot < 4; rot++)
        for (uint32_t seg = 0; seg < n; seg++) {
            carc_segment_info si = { .struct_size = sizeof si };
            assert_int_equal(carc_tile_segment(&si, p.tile, rot, seg), CARC_OK);
            uint32_t want = CARC_LEARN_LOC_MIDDLE;
            if (si.kind == CARC_SEG_FIELD && si.ports)
                want = CARC_LEARN_LOC_PORT + (uint32_t)__builtin_ctz(si.ports);
            else if (si.kind != CARC_SEG_FIELD && si.kind != CARC_SEG_MONASTERY && si.kind != CARC_SEG_GARDEN)
                want = (uint32_t)__builtin_ctz(si.edges);
            /* (1,0) or another cell: only the figure id is read here */
            carc_move m = { .x = 0, .y = -1, .tile = (uint16_t)p.tile, .rotation = (uint8_t)rot,
                            .figure = CARC_FIGURE_FOLLOWER, .segment = (uint8_t)seg };
            uint32_t ids[2];
            size_t k = 0;
            assert_int_equal(carc_learn_encode(ids, 2, &k, s, g, &m, NULL, 0), CARC_OK);
            assert_int_equal(k, 2);
            assert_int_equal(ids[0], 4u * (14u * 31u + 15u) + rot);
            assert_int_equal(ids[1], in.figure_base + CARC_LEARN_FIGURE_AT(CARC_FIGURE_FOLLOWER, want));
            carc_move back;
            assert_int_equal(carc_learn_decode(&back, s, g, ids, 2, NULL, 0), CARC_OK);
            assert_true(same_move(&back, &m));
        }
    carc_game_free(g);
    carc_learn_space_free(s);
}

/* ------------------------------------------------------------ ids and masks */

typedef struct check_totals {
    unsigned moves, outside, decisions, stages[7];
} check_totals;

/* Every legal move of g's decision: encoded, decoded to itself; the masks
 * are exactly the legal moves' ids. */
static void check_decision(const carc_learn_space *s, const carc_game *g, carc_movelist *list, check_totals *t)
{
    carc_learn_info in = info_of(s);
    assert_int_equal(carc_game_legal_moves(list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(list);
    const carc_move *mv = carc_movelist_data(list);
    uint32_t (*ids)[2] = calloc(n ? n : 1, sizeof *ids);
    uint8_t *mask = malloc(in.actions), *want = calloc(in.actions, 1), *mask2 = malloc(in.actions);
    assert_true(ids && mask && want && mask2);
    char msg[256];
    t->decisions++;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        carc_status st = carc_learn_encode(ids[i], 2, &k, s, g, &mv[i], msg, sizeof msg);
        if (needs_window(&mv[i]) && !in_window(&in, mv[i].x, mv[i].y)) {
            assert_int_equal(st, CARC_ERANGE);
            assert_true(msg[0] != '\0');
            ids[i][0] = UINT32_MAX;
            t->outside++;
            continue;
        }
        if (st != CARC_OK)
            fail_msg("encode of move %zu (kind %u): %s %s", i, mv[i].kind, carc_status_name(st), msg);
        assert_int_equal(k, needs_window(&mv[i]) ? 2 : 1);
        if (k == 1)
            ids[i][1] = UINT32_MAX;
        carc_move back;
        st = carc_learn_decode(&back, s, g, ids[i], k, msg, sizeof msg);
        if (st != CARC_OK)
            fail_msg("decode: %s %s", carc_status_name(st), msg);
        if (!same_move(&back, &mv[i]))
            fail_msg("move %zu (kind %u, %d,%d seg %u fig %u q %u) decodes to kind %u %d,%d seg %u fig %u q %u", i,
                     mv[i].kind, mv[i].x, mv[i].y, mv[i].segment, mv[i].figure, mv[i].quarter, back.kind, back.x,
                     back.y, back.segment, back.figure, back.quarter);
        want[ids[i][0]] = 1;
        t->moves++;
    }
    /* the first mask: exactly the first ids */
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, NULL, 0, msg, sizeof msg), CARC_OK);
    assert_memory_equal(mask, want, in.actions);
    /* each first id of two: its second mask is exactly the second ids */
    for (uint32_t a = 0; a < in.actions; a++) {
        if (!mask[a])
            continue;
        bool two = false;
        memset(want, 0, in.actions);
        for (size_t i = 0; i < n; i++)
            if (ids[i][0] == a && ids[i][1] != UINT32_MAX) {
                want[ids[i][1]] = 1;
                two = true;
            }
        carc_status st = carc_learn_mask(mask2, in.actions, s, g, &a, 1, msg, sizeof msg);
        if (!two) {
            assert_int_equal(st, CARC_EILLEGAL); /* a one-id action has no second */
            assert_true(msg[0] != '\0');
            carc_move m;
            assert_int_equal(carc_learn_decode(&m, s, g, &a, 1, NULL, 0), CARC_OK);
            assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
            continue;
        }
        assert_int_equal(st, CARC_OK);
        assert_memory_equal(mask2, want, in.actions);
        for (uint32_t b = 0; b < in.actions; b++)
            if (mask2[b]) {
                uint32_t pair[2] = { a, b };
                carc_move m;
                assert_int_equal(carc_learn_decode(&m, s, g, pair, 2, NULL, 0), CARC_OK);
                assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
            }
    }
    free(ids);
    free(mask);
    free(mask2);
    free(want);
}

static void ids_and_masks(void **state)
{
    (void)state;
    check_totals t;
    memset(&t, 0, sizeof t);
    uint64_t rng = 0x1234567u;
    for (uint32_t set = 0; set < TU_ALL_MODULE_SETS; set++) {
        uint32_t modules = tu_all_modules(set);
        uint32_t players = 2u + set % (tu_max_players(modules) - 1u);
        carc_learn_space *s = space_for(players, modules, set % 3 == 0 ? 8 : 0);
        carc_game *g = tu_new_game_with(players, 100u + set, modules);
        carc_movelist *list;
        assert_int_equal(carc_movelist_new(&list, g), CARC_OK);
        /* a whole random game, every decision checked every few moves */
        for (unsigned step = 0; !tu_over(g); step++) {
            carc_pending p = { .struct_size = sizeof p };
            assert_int_equal(carc_game_pending(&p, g), CARC_OK);
            if (p.decision != CARC_DECISION_PLACE || step % 3 == 0) {
                check_decision(s, g, list, &t);
                t.stages[p.decision]++;
            }
            assert_int_equal(carc_game_legal_moves(list, g, 0), CARC_OK);
            size_t n = carc_movelist_count(list);
            assert_true(n > 0);
            carc_move m = carc_movelist_data(list)[tu_rand(&rng) % n];
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
        /* over: every call says so */
        uint8_t *mask = malloc(info_of(s).actions);
        assert_int_equal(carc_learn_mask(mask, info_of(s).actions, s, g, NULL, 0, NULL, 0), CARC_OK);
        for (uint32_t a = 0; a < info_of(s).actions; a++)
            assert_int_equal(mask[a], 0);
        uint32_t id = 0;
        carc_move m;
        assert_int_equal(carc_learn_decode(&m, s, g, &id, 1, NULL, 0), CARC_EGAME_OVER);
        free(mask);
        carc_movelist_free(list);
        carc_game_free(g);
        carc_learn_space_free(s);
    }
    print_message("ids and masks: %u decisions, %u legal moves (%u outside the window); decisions place %u, exit %u, "
                  "quarter %u, count %u\n",
                  t.decisions, t.moves, t.outside, t.stages[CARC_DECISION_PLACE], t.stages[CARC_DECISION_EXIT],
                  t.stages[CARC_DECISION_QUARTER], t.stages[CARC_DECISION_COUNT]);
    assert_true(t.stages[CARC_DECISION_EXIT] > 0 && t.stages[CARC_DECISION_QUARTER] > 0 &&
                t.stages[CARC_DECISION_COUNT] > 0);
    assert_true(t.outside > 0); /* the windows of radius 8 cut some */
}

/* ------------------------------------------------------------ the environment, step by step */

/* Game i's rows equal what carc_learn_observe and carc_learn_mask give. */
static void check_rows(const carc_learn_space *s, const carc_learn_vec *e, const arrays *a, size_t i, uint8_t *planes,
                       float *vector, uint8_t *mask)
{
    carc_learn_info in = info_of(s);
    const carc_game *g = NULL;
    assert_int_equal(carc_learn_vec_game(&g, e, i), CARC_OK);
    uint32_t prefix[1];
    size_t np = 7;
    assert_int_equal(carc_learn_vec_prefix(prefix, 1, &np, e, i), CARC_OK);
    char msg[256];
    carc_status st = carc_learn_observe(planes, a->obs, vector, in.vector, s, g, prefix, np, msg, sizeof msg);
    if (st != CARC_OK)
        fail_msg("observe: %s %s", carc_status_name(st), msg);
    const uint8_t *have = a->b.planes + i * a->obs;
    for (size_t k = 0; k < a->obs; k++)
        if (have[k] != planes[k])
            fail_msg("game %zu: plane %zu cell %zu is %u, rebuilt %u", i, k / in.plane_size, k % in.plane_size,
                     have[k], planes[k]);
    const float *hv = a->b.vector + i * in.vector;
    for (size_t k = 0; k < in.vector; k++)
        if (hv[k] != vector[k])
            fail_msg("game %zu: vector[%zu] is %g, rebuilt %g", i, k, (double)hv[k], (double)vector[k]);
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, prefix, np, msg, sizeof msg), CARC_OK);
    assert_memory_equal(mask, a->b.mask + i * in.actions, in.actions);
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    if (p.decision != CARC_DECISION_NONE)
        assert_int_equal(a->b.player[i], p.player);
}

typedef struct run_totals {
    unsigned steps, games, cut, stages[7];
} run_totals;

/* n games of these options stepped with random legal actions until each
 * finished one game (kept: CARC_LEARN_VEC_NO_RESTART), rows checked after
 * every step, rewards summed and compared with the final scores. */
static void run_env(uint32_t players, uint32_t modules, uint32_t radius, size_t n, uint64_t seed, run_totals *t)
{
    carc_learn_space *s = space_for(players, modules, radius);
    carc_learn_info in = info_of(s);
    carc_learn_vec *e = NULL;
    assert_int_equal(carc_learn_vec_new(&e, s, n, seed, CARC_LEARN_VEC_NO_RESTART), CARC_OK);
    carc_learn_space_free(s); /* the environment has its own copy */
    s = space_for(players, modules, radius);
    arrays a;
    arrays_new(&a, &in, n);
    assert_int_equal(carc_learn_vec_bind(e, &a.b), CARC_OK);
    uint8_t *planes = malloc(a.obs), *mask = malloc(in.actions);
    float *vector = malloc(in.vector * sizeof(float)), *sums = calloc(n * players, sizeof(float));
    uint32_t *actions = malloc(n * sizeof *actions);
    assert_true(planes && mask && vector && sums && actions);
    uint64_t rng = seed * 77u + 1u;
    size_t finished = 0;
    for (size_t i = 0; i < n; i++)
        check_rows(s, e, &a, i, planes, vector, mask);
    while (finished < n) {
        assert_int_equal(carc_learn_vec_sample(actions, n, e, &rng), CARC_OK);
        for (size_t i = 0; i < n; i++) {
            if (actions[i] == CARC_LEARN_NO_ACTION)
                continue;
            assert_int_equal(a.b.mask[i * in.actions + actions[i]], 1);
            for (uint32_t st = 0; st < 7; st++)
                if (a.b.vector[i * in.vector + in.v_stage + st] == 1.0f)
                    t->stages[st]++;
        }
        carc_status st = carc_learn_vec_step(e, actions, n);
        if (st != CARC_OK)
            fail_msg("step: %s %s", carc_status_name(st), carc_learn_vec_last_error(e));
        t->steps++;
        for (size_t i = 0; i < n; i++) {
            bool was_live = actions[i] != CARC_LEARN_NO_ACTION;
            for (uint32_t p = 0; p < players; p++) {
                sums[i * players + p] += a.b.rewards[i * players + p];
                if (!was_live)
                    assert_true(a.b.rewards[i * players + p] == 0.0f && a.b.results[i * players + p] == 0.0f);
            }
            if (!was_live) {
                assert_true(a.b.done[i] != 0); /* a kept game keeps its flag */
                continue;
            }
            const carc_game *g = NULL;
            assert_int_equal(carc_learn_vec_game(&g, e, i), CARC_OK);
            if (a.b.done[i] == 0) {
                check_rows(s, e, &a, i, planes, vector, mask);
                bool any = false;
                for (uint32_t k = 0; k < in.actions && !any; k++)
                    any = a.b.mask[i * in.actions + k] != 0;
                assert_true(any);
                for (uint32_t p = 0; p < players; p++)
                    assert_true(a.b.results[i * players + p] == 0.0f);
                continue;
            }
            finished++;
            /* finished: the mask is empty, the stage says so */
            for (uint32_t k = 0; k < in.actions; k++)
                assert_int_equal(a.b.mask[i * in.actions + k], 0);
            assert_true(a.b.vector[i * in.vector + in.v_stage + CARC_LEARN_STAGE_OVER] == 1.0f);
            uint32_t leaders = 0, nlead = 0;
            assert_int_equal(carc_game_leaders(&leaders, g), CARC_OK);
            for (uint32_t p = 0; p < players; p++)
                nlead += leaders >> p & 1u;
            for (uint32_t p = 0; p < players; p++) {
                int32_t score = 0;
                assert_int_equal(carc_game_score(&score, g, p), CARC_OK);
                assert_true(sums[i * players + p] == (float)score);
                float want = 0.0f;
                if (a.b.done[i] == CARC_LEARN_DONE_OVER)
                    want = (leaders >> p & 1u) ? (nlead == 1 ? 1.0f : 0.0f) : -1.0f;
                assert_true(a.b.results[i * players + p] == want);
            }
            if (a.b.done[i] == CARC_LEARN_DONE_OVER) {
                assert_true(tu_over(g));
                t->games++;
            } else {
                assert_int_equal(a.b.done[i], CARC_LEARN_DONE_TRUNCATED);
                assert_false(tu_over(g));
                t->cut++;
            }
        }
    }
    /* kept games: stepping them needs CARC_LEARN_NO_ACTION, and rebuild keeps them */
    for (size_t i = 0; i < n; i++)
        actions[i] = CARC_LEARN_NO_ACTION;
    assert_int_equal(carc_learn_vec_step(e, actions, n), CARC_OK);
    assert_int_equal(carc_learn_vec_rebuild(e), CARC_OK);
    for (size_t i = 0; i < n; i++)
        assert_true(a.b.done[i] != 0);
    /* a reset starts them all again */
    assert_int_equal(carc_learn_vec_reset(e, seed), CARC_OK);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(a.b.done[i], 0);
        check_rows(s, e, &a, i, planes, vector, mask);
    }
    free(planes);
    free(mask);
    free(vector);
    free(sums);
    free(actions);
    arrays_free(&a);
    carc_learn_vec_free(e);
    carc_learn_space_free(s);
}

static void incremental(void **state)
{
    (void)state;
    run_totals t;
    memset(&t, 0, sizeof t);
    for (uint32_t set = 0; set < TU_ALL_MODULE_SETS; set++) {
        uint32_t modules = tu_all_modules(set);
        uint32_t players = 2u + (set * 7u) % (tu_max_players(modules) - 1u);
        run_env(players, modules, 0, 2, 500u + set, &t);
    }
    print_message("incremental: %u steps, %u games over, %u cut; stages place %u figure %u exit %u exit-figure %u "
                  "quarter %u count %u\n",
                  t.steps, t.games, t.cut, t.stages[0], t.stages[1], t.stages[2], t.stages[3], t.stages[4],
                  t.stages[5]);
    for (int st = 0; st < 6; st++)
        assert_true(t.stages[st] > 0);
}

/* ------------------------------------------------------------ restarts and truncation */

static void restarts(void **state)
{
    (void)state;
    const size_t n = 3;
    carc_learn_space *s = space_for(2, CARC_MODULE_FARMERS, 0);
    carc_learn_info in = info_of(s);
    carc_learn_vec *e = NULL;
    assert_int_equal(carc_learn_vec_new(&e, s, n, 40, 0), CARC_OK);
    arrays a;
    arrays_new(&a, &in, n);
    assert_int_equal(carc_learn_vec_bind(e, &a.b), CARC_OK);
    uint8_t *planes = malloc(a.obs), *mask = malloc(in.actions);
    float *vector = malloc(in.vector * sizeof(float));
    uint32_t actions[3];
    uint64_t rng = 99, next = 40 + n;
    unsigned restarted = 0;
    float sums[3][2] = { { 0 } };
    /* games 0..2 start with seeds 40..42 */
    for (size_t i = 0; i < n; i++) {
        const carc_game *g;
        assert_int_equal(carc_learn_vec_game(&g, e, i), CARC_OK);
        carc_game *fresh = tu_new_game(2, 40 + i);
        uint64_t h1, h2;
        assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
        assert_int_equal(carc_game_hash(&h2, fresh), CARC_OK);
        assert_true(h1 == h2);
        carc_game_free(fresh);
    }
    while (restarted < 8) {
        /* the scores a finished game ends with: before the step */
        assert_int_equal(carc_learn_vec_sample(actions, n, e, &rng), CARC_OK);
        assert_int_equal(carc_learn_vec_step(e, actions, n), CARC_OK);
        for (size_t i = 0; i < n; i++) {
            sums[i][0] += a.b.rewards[2 * i];
            sums[i][1] += a.b.rewards[2 * i + 1];
            if (a.b.done[i] == 0)
                continue;
            assert_int_equal(a.b.done[i], CARC_LEARN_DONE_OVER);
            assert_true(a.b.results[2 * i] + a.b.results[2 * i + 1] <= 0.0f); /* one wins or both share */
            assert_true((sums[i][0] > sums[i][1]) == (a.b.results[2 * i] == 1.0f));
            /* the row shows the next game: seeds in turn, as carc_game_new makes them */
            const carc_game *g;
            assert_int_equal(carc_learn_vec_game(&g, e, i), CARC_OK);
            carc_game *fresh = tu_new_game(2, next++);
            uint64_t h1, h2;
            assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
            assert_int_equal(carc_game_hash(&h2, fresh), CARC_OK);
            assert_true(h1 == h2);
            carc_game_free(fresh);
            assert_int_equal(a.b.player[i], 0);
            check_rows(s, e, &a, i, planes, vector, mask);
            sums[i][0] = sums[i][1] = 0;
            restarted++;
        }
    }
    free(planes);
    free(mask);
    free(vector);
    arrays_free(&a);
    carc_learn_vec_free(e);
    carc_learn_space_free(s);
}

static void truncation(void **state)
{
    (void)state;
    run_totals t;
    memset(&t, 0, sizeof t);
    run_env(2, CARC_MODULE_FARMERS, 2, 4, 7, &t);
    run_env(2, CARC_MODULE_RIVER | CARC_MODULE_FARMERS, 3, 4, 9, &t);
    assert_true(t.cut > 0);
    /* the window must hold the cells next to the start: the City of
     * Carcassonne spans x -2..1, y -1..1 */
    carc_game_options o = tu_options(2, 1, CARC_MODULE_COUNT);
    carc_learn_options lo = { sizeof lo, 2, 0 };
    carc_learn_space *s = (carc_learn_space *)&o;
    assert_int_equal(carc_learn_space_new(&s, &o, &lo), CARC_ERANGE);
    assert_null(s);
    lo.radius = 3;
    assert_int_equal(carc_learn_space_new(&s, &o, &lo), CARC_OK);
    carc_learn_space_free(s);
}

/* ------------------------------------------------------------ bad input */

static void bad_input(void **state)
{
    (void)state;
    const size_t n = 2;
    carc_learn_space *s = space_for(2, CARC_MODULE_FARMERS, 0), *other = space_for(3, CARC_MODULE_FARMERS, 0);
    carc_learn_space *x = NULL;
    carc_learn_info in = info_of(s);
    carc_game_options o = tu_options(2, 1, CARC_MODULE_FARMERS);
    carc_learn_options lo = { sizeof lo, CARC_LEARN_MAX_RADIUS + 1, 0 };
    char msg[256];

    /* spaces */
    assert_int_equal(carc_learn_space_new(NULL, &o, NULL), CARC_EINVAL);
    assert_int_equal(carc_learn_space_new(&x, NULL, NULL), CARC_EINVAL);
    assert_int_equal(carc_learn_space_new(&x, &o, &lo), CARC_ERANGE);
    lo.radius = 0;
    lo.flags = 1;
    assert_int_equal(carc_learn_space_new(&x, &o, &lo), CARC_EINVAL);
    lo.flags = 0;
    lo.struct_size = 2;
    assert_int_equal(carc_learn_space_new(&x, &o, &lo), CARC_EINVAL);
    o.players = 9;
    assert_int_equal(carc_learn_space_new(&x, &o, NULL), CARC_ERANGE);
    assert_null(x);
    o.players = 2;

    /* an environment of 0 games, unknown flags */
    carc_learn_vec *e = NULL;
    assert_int_equal(carc_learn_vec_new(&e, s, 0, 1, 0), CARC_EINVAL);
    assert_null(e);
    assert_int_equal(carc_learn_vec_new(&e, s, 1, 1, 0x80), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_new(&e, NULL, 1, 1, 0), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_new(&e, s, n, 1, 0), CARC_OK);

    /* stepping before binding */
    uint32_t actions[2] = { 0, 0 };
    assert_int_equal(carc_learn_vec_step(e, actions, n), CARC_EPHASE);
    assert_true(carc_learn_vec_last_error(e)[0] != '\0');

    /* arrays too small: each one */
    arrays a;
    arrays_new(&a, &in, n);
    size_t *caps[] = { &a.b.planes_cap, &a.b.vector_cap, &a.b.mask_cap, &a.b.rewards_cap, &a.b.results_cap,
                       &a.b.done_cap, &a.b.player_cap };
    for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++) {
        (*caps[k])--;
        assert_int_equal(carc_learn_vec_bind(e, &a.b), CARC_EBUFFER);
        assert_non_null(strstr(carc_learn_vec_last_error(e), "needed"));
        (*caps[k])++;
    }
    carc_learn_buffers nb = a.b;
    nb.mask = NULL;
    assert_int_equal(carc_learn_vec_bind(e, &nb), CARC_EINVAL);
    nb = a.b;
    nb.struct_size = 8;
    assert_int_equal(carc_learn_vec_bind(e, &nb), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_bind(e, NULL), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_bind(e, &a.b), CARC_OK);

    /* wrong actions: nothing changes (the arrays, the games) */
    size_t bytes = n * a.obs;
    uint8_t *before = malloc(bytes), *mask_before = malloc(n * in.actions);
    memcpy(before, a.b.planes, bytes);
    memcpy(mask_before, a.b.mask, n * in.actions);
    uint64_t h0[2];
    for (size_t i = 0; i < n; i++) {
        const carc_game *g;
        assert_int_equal(carc_learn_vec_game(&g, e, i), CARC_OK);
        assert_int_equal(carc_game_hash(&h0[i], g), CARC_OK);
    }
    uint64_t rng = 3;
    assert_int_equal(carc_learn_vec_sample(actions, n, e, &rng), CARC_OK);
    uint32_t legal0 = actions[0];
    uint32_t illegal = 0;
    while (a.b.mask[in.actions + illegal])
        illegal++;
    uint32_t bad[][2] = { { legal0, illegal }, { legal0, in.actions }, { legal0, CARC_LEARN_NO_ACTION },
                          { legal0, in.figure_base } };
    carc_status want[] = { CARC_EILLEGAL, CARC_ERANGE, CARC_EILLEGAL, CARC_EILLEGAL };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(carc_learn_vec_step(e, bad[k], n), want[k]);
        assert_non_null(strstr(carc_learn_vec_last_error(e), "game 1"));
        assert_memory_equal(a.b.planes, before, bytes);
        assert_memory_equal(a.b.mask, mask_before, n * in.actions);
    }
    assert_int_equal(carc_learn_vec_step(e, actions, 1), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_step(e, NULL, n), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_step(NULL, actions, n), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_sample(actions, 1, e, &rng), CARC_EINVAL);
    assert_int_equal(carc_learn_vec_sample(actions, n, e, NULL), CARC_EINVAL);
    for (size_t i = 0; i < n; i++) {
        const carc_game *g;
        uint64_t h;
        assert_int_equal(carc_learn_vec_game(&g, e, i), CARC_OK);
        assert_int_equal(carc_game_hash(&h, g), CARC_OK);
        assert_true(h == h0[i]);
    }
    const carc_game *g0 = NULL;
    assert_int_equal(carc_learn_vec_game(&g0, e, n), CARC_ERANGE);
    assert_int_equal(carc_learn_vec_game(NULL, e, 0), CARC_EINVAL);
    size_t k = 9;
    uint32_t pre[1];
    assert_int_equal(carc_learn_vec_prefix(pre, 1, &k, e, n), CARC_ERANGE);
    assert_int_equal(carc_learn_vec_prefix(NULL, 1, &k, e, 0), CARC_EINVAL);

    /* a placement id: the figure step waits; its prefix is it; a second placement id is refused */
    uint32_t two[2] = { legal0, legal0 };
    assert_int_equal(carc_learn_vec_sample(two, n, e, &rng), CARC_OK);
    two[0] = legal0;
    assert_int_equal(carc_learn_vec_step(e, two, n), CARC_OK);
    assert_int_equal(carc_learn_vec_prefix(pre, 1, &k, e, 0), CARC_OK);
    assert_int_equal(k, 1);
    assert_int_equal(pre[0], legal0);
    assert_int_equal(carc_learn_vec_prefix(pre, 0, &k, e, 0), CARC_EBUFFER);
    assert_true(a.b.vector[in.v_stage + CARC_LEARN_STAGE_FIGURE] == 1.0f);
    two[1] = CARC_LEARN_NO_ACTION;
    assert_int_equal(carc_learn_vec_sample(two, n, e, &rng), CARC_OK);
    uint32_t again[2] = { legal0, two[1] };
    assert_int_equal(carc_learn_vec_step(e, again, n), CARC_EILLEGAL);
    assert_non_null(strstr(carc_learn_vec_last_error(e), "game 0"));

    /* the calls from scratch: mismatched options, buffers, prefixes, ids */
    const carc_game *g;
    assert_int_equal(carc_learn_vec_game(&g, e, 1), CARC_OK);
    uint8_t *mask = malloc(in.actions + 1), *planes = malloc(a.obs);
    float *vector = malloc(in.vector * sizeof(float));
    memset(mask, 0xA5, in.actions + 1);
    assert_int_equal(carc_learn_mask(mask, in.actions, other, g, NULL, 0, msg, sizeof msg), CARC_EINVAL);
    assert_non_null(strstr(msg, "mismatched options"));
    assert_int_equal(mask[0], 0xA5);
    assert_int_equal(carc_learn_mask(mask, in.actions - 1, s, g, NULL, 0, msg, sizeof msg), CARC_EBUFFER);
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, NULL, 1, msg, sizeof msg), CARC_EINVAL);
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, pre, 2, msg, sizeof msg), CARC_EINVAL);
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, NULL, 0, NULL, 5), CARC_EINVAL);
    uint32_t fig = in.figure_base, outside = in.actions, pass = in.pass_id;
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, &fig, 1, msg, sizeof msg), CARC_EILLEGAL);
    assert_true(msg[0] != '\0');
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, &outside, 1, msg, sizeof msg), CARC_ERANGE);
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, &pass, 1, msg, sizeof msg), CARC_EILLEGAL);
    assert_int_equal(mask[0], 0xA5);
    assert_int_equal(carc_learn_mask(mask, in.actions, s, g, &illegal, 1, msg, sizeof msg), CARC_EILLEGAL);
    assert_int_equal(carc_learn_observe(planes, a.obs - 1, vector, in.vector, s, g, NULL, 0, msg, sizeof msg),
                     CARC_EBUFFER);
    assert_int_equal(carc_learn_observe(planes, a.obs, vector, in.vector - 1, s, g, NULL, 0, msg, sizeof msg),
                     CARC_EBUFFER);
    assert_int_equal(carc_learn_observe(planes, a.obs, vector, in.vector, other, g, NULL, 0, msg, sizeof msg),
                     CARC_EINVAL);
    assert_int_equal(carc_learn_observe(NULL, a.obs, vector, in.vector, s, g, NULL, 0, msg, sizeof msg),
                     CARC_EINVAL);
    carc_move m;
    uint32_t ids[2] = { legal0, in.figure_base };
    size_t nids = 0;
    assert_int_equal(carc_learn_decode(&m, other, g, ids, 2, msg, sizeof msg), CARC_EINVAL);
    assert_int_equal(carc_learn_decode(&m, s, g, ids, 3, msg, sizeof msg), CARC_EINVAL);
    assert_int_equal(carc_learn_decode(&m, s, g, ids, 1, msg, sizeof msg), CARC_EILLEGAL);
    assert_non_null(strstr(msg, "takes 2"));
    assert_int_equal(carc_learn_decode(&m, s, g, &fig, 1, msg, sizeof msg), CARC_EILLEGAL);
    assert_int_equal(carc_learn_decode(&m, s, g, &outside, 1, msg, sizeof msg), CARC_ERANGE);
    uint32_t two_places[2] = { legal0, legal0 };
    assert_int_equal(carc_learn_decode(&m, s, g, two_places, 2, msg, sizeof msg), CARC_EILLEGAL);
    assert_int_equal(carc_learn_decode(&m, s, g, ids, 2, msg, sizeof msg), CARC_OK);
    assert_int_equal(carc_learn_encode(ids, 2, &nids, other, g, &m, msg, sizeof msg), CARC_EINVAL);
    assert_int_equal(carc_learn_encode(ids, 1, &nids, s, g, &m, msg, sizeof msg), CARC_EBUFFER);
    assert_int_equal(nids, 2);
    carc_move far = m;
    far.x = 100;
    assert_int_equal(carc_learn_encode(ids, 2, &nids, s, g, &far, msg, sizeof msg), CARC_ERANGE);
    assert_non_null(strstr(msg, "outside the window"));
    far = m;
    far.kind = 9;
    assert_int_equal(carc_learn_encode(ids, 2, &nids, s, g, &far, msg, sizeof msg), CARC_EINVAL);
    far.kind = CARC_MOVE_QUARTER;
    assert_int_equal(carc_learn_encode(ids, 2, &nids, s, g, &far, msg, sizeof msg), CARC_EILLEGAL);
    far = m;
    far.tile = (uint16_t)(m.tile + 1);
    assert_int_equal(carc_learn_encode(ids, 2, &nids, s, g, &far, msg, sizeof msg), CARC_EILLEGAL);
    far = m;
    far.figure = CARC_FIGURE_FOLLOWER;
    far.segment = 15;
    assert_int_equal(carc_learn_encode(ids, 2, &nids, s, g, &far, msg, sizeof msg), CARC_EINVAL);

    free(before);
    free(mask_before);
    free(mask);
    free(planes);
    free(vector);
    arrays_free(&a);
    carc_learn_vec_free(e);
    carc_learn_space_free(s);
    carc_learn_space_free(other);
    carc_learn_vec_free(NULL);
    carc_learn_space_free(NULL);
    assert_string_equal(carc_learn_vec_last_error(NULL), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout),   cmocka_unit_test(locations),  cmocka_unit_test(ids_and_masks),
        cmocka_unit_test(incremental), cmocka_unit_test(restarts), cmocka_unit_test(truncation),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests_name("learn", tests, NULL, NULL);
}
