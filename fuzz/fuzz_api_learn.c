/* SPDX-License-Identifier: MIT */
/*
 * The API fuzzer's learning environment (<carcassonne/learn.h>), the op
 * "learn" of fuzz_api.c: the calls from scratch on the input's game
 * (learn_game), and a small vectorised environment of the same options
 * stepped with the input's actions (learn_env). Checked:
 *   - every legal move in the window encodes and decodes back to itself; one
 *     outside it is CARC_ERANGE; the first mask is exactly the legal moves'
 *     first ids, the second mask after a first id exactly their second ids;
 *     a move chosen through the masks is legal (the caller plays it);
 *   - an observation with a prefix from the input is written iff the prefix
 *     is a legal first id of two; wrong ids, short buffers and a space of
 *     other options are refused with their statuses and write nothing;
 *   - the environment: a refused step (an id not legal, out of range, the
 *     wrong count) changes no array and no game and leaves a message; after
 *     every step each game's planes, vector and mask equal those rebuilt
 *     from scratch, the rewards of a finished game sum to its scores (with
 *     CARC_LEARN_VEC_NO_RESTART), rebuild after the arrays were overwritten
 *     gives them back, a reset with the first seed gives the first arrays.
 */
#include "fuzz_api_learn.h"

#define MAX_ENV_STEPS 64 /* environment steps per input (unless deep) */
#define ENV_GAMES 2

struct fz_learn {
    carc_game_options opts;    /* of the spaces below */
    carc_learn_space *s;       /* default window */
    carc_learn_space *other;   /* other options (another player count) */
    carc_learn_info in;
    carc_movelist *ml;
    /* the environment */
    carc_learn_space *es;
    carc_learn_info ein;
    carc_learn_vec *e;
    carc_learn_buffers b;
    uint32_t flags;
    uint64_t seed;
    float sums[ENV_GAMES][8];
    unsigned env_steps;
};

fz_learn *learn_new(void)
{
    fz_learn *l = calloc(1, sizeof *l);
    FZ_CHECK(l != NULL);
    return l;
}

static void env_free(fz_learn *l)
{
    carc_learn_vec_free(l->e);
    carc_learn_space_free(l->es);
    free(l->b.planes);
    free(l->b.vector);
    free(l->b.mask);
    free(l->b.rewards);
    free(l->b.results);
    free(l->b.done);
    free(l->b.player);
    l->e = NULL;
    l->es = NULL;
    memset(&l->b, 0, sizeof l->b);
}

void learn_free(fz_learn *l)
{
    if (l == NULL)
        return;
    env_free(l);
    carc_learn_space_free(l->s);
    carc_learn_space_free(l->other);
    carc_movelist_free(l->ml);
    free(l);
}

static carc_learn_info info_of(const carc_learn_space *s)
{
    carc_learn_info in = SIZED(carc_learn_info);
    FZ_OK(carc_learn_space_info(&in, s));
    return in;
}

/* The spaces of g's options (made again when the options changed: a loaded game). */
static void ensure_spaces(fz_learn *l, const carc_game *g)
{
    carc_game_options o;
    FZ_OK(carc_game_options_get(&o, g));
    if (l->s != NULL && o.players == l->opts.players && o.modules == l->opts.modules &&
        o.start_x == l->opts.start_x && o.start_y == l->opts.start_y && o.start_tile == l->opts.start_tile)
        return;
    env_free(l);
    carc_learn_space_free(l->s);
    carc_learn_space_free(l->other);
    l->opts = o;
    FZ_OK(carc_learn_space_new(&l->s, &o, NULL));
    l->in = info_of(l->s);
    o.players = o.players == 2 ? 3 : 2;
    FZ_OK(carc_learn_space_new(&l->other, &o, NULL));
    if (l->ml == NULL)
        FZ_OK(carc_movelist_new(&l->ml, g));
}

static bool same_move(const carc_move *a, const carc_move *b)
{
    return a->kind == b->kind && a->x == b->x && a->y == b->y && a->tile == b->tile && a->rotation == b->rotation &&
           a->figure == b->figure && a->segment == b->segment && a->quarter == b->quarter;
}

static bool outside(const carc_learn_info *in, const carc_move *m)
{
    if (m->kind != CARC_MOVE_PLACE && m->kind != CARC_MOVE_EXIT)
        return false;
    int64_t dx = (int64_t)m->x - in->centre_x, dy = (int64_t)m->y - in->centre_y, r = in->radius;
    return dx < -r || dx > r || dy < -r || dy > r;
}

bool learn_game(fz_learn *l, const carc_game *g, input *in, carc_move *play)
{
    ensure_spaces(l, g);
    const carc_learn_info *li = &l->in;
    carc_learn_space *s = l->s;
    uint32_t na = li->actions;
    uint8_t *want = calloc(na, 1), *mask = malloc(na + 4), *mask2 = malloc(na);
    size_t pb = (size_t)li->planes * li->plane_size;
    uint8_t *planes = malloc(pb + 4);
    float *vector = malloc((li->vector + 1) * sizeof(float));
    FZ_CHECK(want && mask && mask2 && planes && vector);
    char msg[160];
    bool have = false;
    carc_pending p = SIZED(carc_pending);
    FZ_OK(carc_game_pending(&p, g));
    uint32_t probe[2] = { li->pass_id, 0 };
    carc_move m;

    /* refusals, whatever the decision */
    FZ_CHECK(carc_learn_mask(mask, na, l->other, g, NULL, 0, msg, sizeof msg) == CARC_EINVAL && msg[0]);
    FZ_CHECK(carc_learn_mask(mask, na - 1, s, g, NULL, 0, msg, sizeof msg) == CARC_EBUFFER && msg[0]);
    FZ_CHECK(carc_learn_observe(planes, pb - 1, vector, li->vector, s, g, NULL, 0, msg, sizeof msg) ==
             CARC_EBUFFER);
    FZ_CHECK(carc_learn_decode(&m, l->other, g, probe, 1, msg, sizeof msg) == CARC_EINVAL);
    probe[0] = na + byte(in);
    FZ_CHECK(carc_learn_decode(&m, s, g, probe, 1, msg, sizeof msg) ==
             (p.decision == CARC_DECISION_NONE ? CARC_EGAME_OVER : CARC_ERANGE));

    if (p.decision == CARC_DECISION_NONE) {
        memset(mask, 7, na);
        FZ_OK(carc_learn_mask(mask, na, s, g, NULL, 0, NULL, 0));
        for (uint32_t a = 0; a < na; a++)
            FZ_CHECK(mask[a] == 0);
        FZ_OK(carc_learn_observe(planes, pb, vector, li->vector, s, g, NULL, 0, NULL, 0));
        FZ_CHECK(vector[li->v_stage + CARC_LEARN_STAGE_OVER] == 1.0f);
        goto done;
    }

    /* every legal move, both ways; the first ids */
    FZ_OK(carc_game_legal_moves(l->ml, g, 0));
    size_t n = carc_movelist_count(l->ml);
    const carc_move *mv = carc_movelist_data(l->ml);
    uint32_t(*ids)[2] = calloc(n ? n : 1, sizeof *ids);
    FZ_CHECK(ids != NULL);
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        carc_status st = carc_learn_encode(ids[i], 2, &k, s, g, &mv[i], msg, sizeof msg);
        if (outside(li, &mv[i])) {
            FZ_CHECK(st == CARC_ERANGE && msg[0]);
            ids[i][0] = UINT32_MAX;
            continue;
        }
        FZ_OK(st);
        FZ_CHECK(k == 1 || k == 2);
        if (k == 1)
            ids[i][1] = UINT32_MAX;
        FZ_OK(carc_learn_decode(&m, s, g, ids[i], k, msg, sizeof msg));
        FZ_CHECK(same_move(&m, &mv[i]));
        want[ids[i][0]] = 1;
    }
    FZ_OK(carc_learn_mask(mask, na, s, g, NULL, 0, msg, sizeof msg));
    FZ_CHECK(memcmp(mask, want, na) == 0);

    /* a first id from the input, its second mask, a move */
    uint32_t firsts = 0;
    for (uint32_t a = 0; a < na; a++)
        firsts += mask[a];
    if (firsts > 0) {
        uint32_t pick = u16(in) % firsts, first = 0;
        for (uint32_t a = 0; a < na; a++)
            if (mask[a] && pick-- == 0) {
                first = a;
                break;
            }
        memset(want, 0, na);
        bool two = false;
        for (size_t i = 0; i < n; i++)
            if (ids[i][0] == first && ids[i][1] != UINT32_MAX) {
                want[ids[i][1]] = 1;
                two = true;
            }
        carc_status st = carc_learn_mask(mask2, na, s, g, &first, 1, msg, sizeof msg);
        if (two) {
            FZ_OK(st);
            FZ_CHECK(memcmp(mask2, want, na) == 0);
            uint32_t seconds = 0;
            for (uint32_t a = 0; a < na; a++)
                seconds += mask2[a];
            uint32_t pick2 = byte(in) % seconds, second = 0;
            for (uint32_t a = 0; a < na; a++)
                if (mask2[a] && pick2-- == 0) {
                    second = a;
                    break;
                }
            uint32_t pair[2] = { first, second };
            FZ_OK(carc_learn_decode(play, s, g, pair, 2, msg, sizeof msg));
            FZ_OK(carc_learn_observe(planes, pb, vector, li->vector, s, g, &first, 1, msg, sizeof msg));
            FZ_CHECK(vector[li->v_stage + (p.decision == CARC_DECISION_PLACE ? CARC_LEARN_STAGE_FIGURE
                                                                             : CARC_LEARN_STAGE_EXIT_FIGURE)] ==
                     1.0f);
        } else {
            FZ_CHECK(st == CARC_EILLEGAL && msg[0]);
            FZ_OK(carc_learn_decode(play, s, g, &first, 1, msg, sizeof msg));
        }
        FZ_OK(carc_game_check_move(g, play));
        have = true;
    }
    /* an observation with a prefix from the input: written iff it is a legal first id of two */
    uint32_t raw = (uint32_t)u16(in) * 7u % (na + 16u);
    memset(planes, 0xA5, pb + 4);
    carc_status st = carc_learn_observe(planes, pb, vector, li->vector, s, g, &raw, 1, msg, sizeof msg);
    bool two = false;
    for (size_t i = 0; i < n; i++)
        two |= ids[i][0] == raw && ids[i][1] != UINT32_MAX;
    if (two) {
        FZ_OK(st);
    } else {
        FZ_CHECK(st == (raw >= na ? CARC_ERANGE : CARC_EILLEGAL) && msg[0]);
        FZ_CHECK(planes[0] == 0xA5);
    }
    FZ_CHECK(planes[pb] == 0xA5);
    free(ids);
done:
    free(want);
    free(mask);
    free(mask2);
    free(planes);
    free(vector);
    return have;
}

/* ------------------------------------------------------------ the environment */

static void env_make(fz_learn *l, uint8_t b)
{
    carc_learn_options lo = { sizeof lo, (b & 1) ? 0u : 3u + b / 2u % 8u, 0 };
    if (carc_learn_space_new(&l->es, &l->opts, &lo) != CARC_OK) {
        lo.radius = 0; /* too small a window for the start */
        FZ_OK(carc_learn_space_new(&l->es, &l->opts, &lo));
    }
    l->ein = info_of(l->es);
    l->flags = (b & 0x40) ? CARC_LEARN_VEC_NO_RESTART : 0;
    l->seed = b;
    FZ_OK(carc_learn_vec_new(&l->e, l->es, ENV_GAMES, l->seed, l->flags));
    carc_learn_buffers *bf = &l->b;
    const carc_learn_info *in = &l->ein;
    *bf = SIZED(carc_learn_buffers);
    bf->planes_cap = ENV_GAMES * (size_t)in->planes * in->plane_size;
    bf->planes = malloc(bf->planes_cap);
    bf->vector_cap = ENV_GAMES * (size_t)in->vector;
    bf->vector = malloc(bf->vector_cap * sizeof(float));
    bf->mask_cap = ENV_GAMES * (size_t)in->actions;
    bf->mask = malloc(bf->mask_cap);
    bf->rewards_cap = bf->results_cap = ENV_GAMES * (size_t)in->players;
    bf->rewards = malloc(bf->rewards_cap * sizeof(float));
    bf->results = malloc(bf->results_cap * sizeof(float));
    bf->done_cap = bf->player_cap = ENV_GAMES;
    bf->done = malloc(ENV_GAMES);
    bf->player = malloc(ENV_GAMES * sizeof(uint32_t));
    FZ_CHECK(bf->planes && bf->vector && bf->mask && bf->rewards && bf->results && bf->done && bf->player);
    carc_learn_buffers small = *bf;
    small.mask_cap--;
    FZ_CHECK(carc_learn_vec_bind(l->e, &small) == CARC_EBUFFER);
    FZ_CHECK(carc_learn_vec_last_error(l->e)[0] != '\0');
    FZ_OK(carc_learn_vec_bind(l->e, bf));
    memset(l->sums, 0, sizeof l->sums);
}

/* Everything an environment shows (arrays but rewards and results, game hashes), malloc'd. */
static size_t env_state_size(const fz_learn *l)
{
    return l->b.planes_cap + l->b.vector_cap * sizeof(float) + l->b.mask_cap + ENV_GAMES * (1 + 4 + 8);
}

static uint8_t *env_state(const fz_learn *l)
{
    uint8_t *p = malloc(env_state_size(l)), *q = p;
    FZ_CHECK(p != NULL);
    memcpy(q, l->b.planes, l->b.planes_cap);
    q += l->b.planes_cap;
    memcpy(q, l->b.vector, l->b.vector_cap * sizeof(float));
    q += l->b.vector_cap * sizeof(float);
    memcpy(q, l->b.mask, l->b.mask_cap);
    q += l->b.mask_cap;
    memcpy(q, l->b.done, ENV_GAMES);
    q += ENV_GAMES;
    memcpy(q, l->b.player, ENV_GAMES * 4);
    q += ENV_GAMES * 4;
    for (size_t i = 0; i < ENV_GAMES; i++) {
        const carc_game *g;
        uint64_t h;
        FZ_OK(carc_learn_vec_game(&g, l->e, i));
        FZ_OK(carc_game_hash(&h, g));
        memcpy(q, &h, 8);
        q += 8;
    }
    return p;
}

static void env_same(const fz_learn *l, uint8_t *before)
{
    uint8_t *after = env_state(l);
    FZ_CHECK(memcmp(before, after, env_state_size(l)) == 0);
    free(before);
    free(after);
}

/* Every game's rows equal those rebuilt from scratch. */
static void env_rows(const fz_learn *l)
{
    const carc_learn_info *in = &l->ein;
    size_t pb = (size_t)in->planes * in->plane_size;
    uint8_t *planes = malloc(pb), *mask = malloc(in->actions);
    float *vector = malloc(in->vector * sizeof(float));
    FZ_CHECK(planes && mask && vector);
    for (size_t i = 0; i < ENV_GAMES; i++) {
        const carc_game *g;
        FZ_OK(carc_learn_vec_game(&g, l->e, i));
        uint32_t pre[1];
        size_t np = 0;
        FZ_OK(carc_learn_vec_prefix(pre, 1, &np, l->e, i));
        if (l->b.done[i] && (l->flags & CARC_LEARN_VEC_NO_RESTART)) {
            /* kept finished: no legal action */
            for (uint32_t a = 0; a < in->actions; a++)
                FZ_CHECK(l->b.mask[i * in->actions + a] == 0);
            continue;
        }
        FZ_OK(carc_learn_observe(planes, pb, vector, in->vector, l->es, g, pre, np, NULL, 0));
        FZ_CHECK(memcmp(planes, l->b.planes + i * pb, pb) == 0);
        FZ_CHECK(memcmp(vector, l->b.vector + i * in->vector, in->vector * sizeof(float)) == 0);
        FZ_OK(carc_learn_mask(mask, in->actions, l->es, g, pre, np, NULL, 0));
        FZ_CHECK(memcmp(mask, l->b.mask + i * in->actions, in->actions) == 0);
    }
    free(planes);
    free(mask);
    free(vector);
}

void learn_env(fz_learn *l, const carc_game *g, input *in)
{
    ensure_spaces(l, g);
    uint8_t b = byte(in);
    if (l->e == NULL)
        env_make(l, b);
    const carc_learn_info *li = &l->ein;
    unsigned steps = 1u + b % 4u;
    uint32_t acts[ENV_GAMES];
    uint64_t rng = b;
    for (unsigned k = 0; k < steps && (deep || l->env_steps < MAX_ENV_STEPS); k++, l->env_steps++) {
        uint8_t mode = byte(in);
        FZ_OK(carc_learn_vec_sample(acts, ENV_GAMES, l->e, &rng));
        uint8_t *before = env_state(l);
        switch (mode % 8) {
        case 0: { /* one action from the input, legal or not */
            size_t i = mode / 8u % ENV_GAMES;
            uint32_t raw = (uint32_t)u16(in) % (li->actions + 8u);
            if (mode & 0x80)
                raw = acts[i] == CARC_LEARN_NO_ACTION ? 0 : CARC_LEARN_NO_ACTION;
            acts[i] = raw;
            bool legal = raw < li->actions ? l->b.mask[i * li->actions + raw] != 0
                                           : (raw == CARC_LEARN_NO_ACTION && l->b.done[i] &&
                                              (l->flags & CARC_LEARN_VEC_NO_RESTART));
            for (size_t j = 0; j < ENV_GAMES; j++)
                if (j != i && acts[j] == CARC_LEARN_NO_ACTION &&
                    !(l->b.done[j] && (l->flags & CARC_LEARN_VEC_NO_RESTART)))
                    legal = false;
            bool kept = l->b.done[i] && (l->flags & CARC_LEARN_VEC_NO_RESTART);
            carc_status st = carc_learn_vec_step(l->e, acts, ENV_GAMES);
            if (!legal) {
                FZ_CHECK(st == (!kept && raw >= li->actions && raw != CARC_LEARN_NO_ACTION ? CARC_ERANGE
                                                                                           : CARC_EILLEGAL));
                FZ_CHECK(carc_learn_vec_last_error(l->e)[0] != '\0');
                env_same(l, before);
                continue;
            }
            FZ_OK(st);
            break;
        }
        case 1: /* the wrong count, no actions */
            FZ_CHECK(carc_learn_vec_step(l->e, acts, ENV_GAMES - 1) == CARC_EINVAL);
            FZ_CHECK(carc_learn_vec_step(l->e, NULL, ENV_GAMES) == CARC_EINVAL);
            env_same(l, before);
            continue;
        case 2: /* the arrays overwritten, then rebuilt */
            memset(l->b.planes, mode, l->b.planes_cap);
            memset(l->b.mask, 1, l->b.mask_cap);
            FZ_OK(carc_learn_vec_rebuild(l->e));
            env_same(l, before);
            continue;
        case 3: /* a reset: the first seed gives the first games */
            free(before);
            FZ_OK(carc_learn_vec_reset(l->e, l->seed));
            memset(l->sums, 0, sizeof l->sums);
            env_rows(l);
            continue;
        default:
            FZ_OK(carc_learn_vec_step(l->e, acts, ENV_GAMES));
            break;
        }
        free(before);
        for (size_t i = 0; i < ENV_GAMES; i++) {
            for (uint32_t p = 0; p < li->players && p < 8; p++)
                l->sums[i][p] += l->b.rewards[i * li->players + p];
            if (l->b.done[i] && (l->flags & CARC_LEARN_VEC_NO_RESTART) && acts[i] != CARC_LEARN_NO_ACTION) {
                const carc_game *gi;
                FZ_OK(carc_learn_vec_game(&gi, l->e, i));
                for (uint32_t p = 0; p < li->players && p < 8; p++) {
                    int32_t sc = 0;
                    FZ_OK(carc_game_score(&sc, gi, p));
                    FZ_CHECK(l->sums[i][p] == (float)sc);
                }
            } else if (l->b.done[i]) {
                for (uint32_t p = 0; p < 8; p++)
                    l->sums[i][p] = 0;
            }
        }
        env_rows(l);
    }
    /* the read-only calls out of range */
    const carc_game *gx = NULL;
    size_t n = 0;
    FZ_CHECK(carc_learn_vec_game(&gx, l->e, ENV_GAMES) == CARC_ERANGE && gx == NULL);
    FZ_CHECK(carc_learn_vec_prefix(NULL, 0, &n, l->e, ENV_GAMES + b) == CARC_ERANGE);
    FZ_CHECK(carc_learn_vec_sample(acts, ENV_GAMES + 1, l->e, &rng) == CARC_EINVAL);
}
