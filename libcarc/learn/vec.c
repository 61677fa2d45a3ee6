/* SPDX-License-Identifier: MIT */
/* The vectorised environment: its life cycle, the caller's arrays, starting
 * games, writing a game's rows from scratch, and the read-only calls. The
 * step is vec_step.c. */
#include "learn/learn_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_GAMES 65536u

void carci_learn_vec_error(carc_learn_vec *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->last_error, sizeof e->last_error, fmt, ap);
    va_end(ap);
}

/* Bytes of a slot's arrays: the legal ids, their bits, the cells. */
static size_t slot_bytes(const carc_learn_space *s)
{
    return (size_t)s->info.actions * sizeof(uint32_t) + ((size_t)s->info.actions + 7u) / 8u +
           (size_t)s->info.plane_size * sizeof(uint16_t);
}

static void slot_arrays(carci_learn_slot *sl, void *mem, const carc_learn_space *s)
{
    uint8_t *b = mem;
    sl->legal.ids = (uint32_t *)(void *)b;
    b += (size_t)s->info.actions * sizeof(uint32_t);
    sl->cells = (uint16_t *)(void *)b;
    b += (size_t)s->info.plane_size * sizeof(uint16_t);
    sl->bits = b;
}

static carc_status new_game(carc_game **out, const carc_learn_vec *e, uint64_t seed)
{
    carc_game_options o = e->space->game;
    o.seed = seed;
    o.flags = CARC_GAME_NO_UNDO;
    o.allocator = &e->space->alloc;
    return carc_game_new(out, &o);
}

static uint8_t *plane_row(const carc_learn_vec *e, size_t i)
{
    return e->buf.planes + i * carci_learn_obs_bytes(e->space);
}

/* Rewards and results 0, the done flag 0 (or kept, for a finished game kept). */
static void slot_clear_outputs(carc_learn_vec *e, size_t i)
{
    uint32_t np = e->space->info.players;
    memset(e->buf.rewards + i * np, 0, np * sizeof(float));
    memset(e->buf.results + i * np, 0, np * sizeof(float));
    e->buf.done[i] = e->slots[i].finished ? e->slots[i].done : 0;
}

/* Put game `g` (freshly made) in slot i: its state read, its rows written
 * from scratch when the arrays are bound. */
static void install(carc_learn_vec *e, size_t i, carc_game *g)
{
    const carc_learn_space *s = e->space;
    carci_learn_slot *sl = &e->slots[i];
    carc_game_free(sl->game);
    sl->game = g;
    sl->pending.struct_size = sizeof sl->pending;
    carc_game_pending(&sl->pending, g);
    sl->stage = carci_learn_stage(&sl->pending, CARC_LEARN_NO_ACTION);
    sl->prefix = CARC_LEARN_NO_ACTION;
    sl->persp = sl->pending.decision == CARC_DECISION_NONE ? 0 : sl->pending.player;
    sl->finished = 0;
    sl->done = 0;
    carc_game_event_count(&sl->events, g);
    for (uint32_t p = 0; p < s->info.players; p++)
        carc_game_score(&sl->scores[p], g, p);
    memset(sl->cells, 0, (size_t)s->info.plane_size * sizeof *sl->cells);
    uint32_t ntiles = 0;
    carc_game_tile_count(&ntiles, g);
    for (uint32_t k = 0; k < ntiles; k++) {
        carc_move t;
        if (carc_game_tile(&t, g, k) != CARC_OK)
            continue;
        int32_t cell = carci_learn_cell(s, t.x, t.y);
        if (cell >= 0)
            sl->cells[cell] = (uint16_t)(1u + t.tile * 4u + t.rotation);
    }
    /* figures before the first move (none in any module set, but read them) */
    sl->nfigs = 0;
    uint32_t nf = 0;
    carc_game_figure_count(&nf, g);
    for (uint32_t k = 0; k < nf && sl->nfigs < CARCI_LEARN_MAX_FIGS; k++) {
        carc_figure_info fi;
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        if (carc_game_figure(&fi, g, k) != CARC_OK)
            continue;
        carci_learn_fig *f = &sl->figs[sl->nfigs++];
        f->x = fi.x;
        f->y = fi.y;
        f->player = (uint8_t)fi.player;
        f->figure = (uint8_t)fi.figure;
        f->segment = (uint8_t)fi.segment;
        f->cell = carci_learn_cell(s, fi.x, fi.y);
        f->loc = CARCI_LEARN_NO_LOC;
        if (f->cell >= 0 && sl->cells[f->cell] && fi.segment < CARCI_LEARN_MAX_SEG) {
            uint32_t c = sl->cells[f->cell] - 1u;
            f->loc = carci_learn_look_of(s, c / 4u, c % 4u)->loc[fi.segment];
        }
    }
    memset(sl->bits, 0, ((size_t)s->info.actions + 7u) / 8u);
    sl->legal.n = 0;
    if (carci_learn_slot_legal(e, i) != CARC_OK) {
        sl->finished = 1; /* cannot happen: the window holds the first placement (space.c) */
        sl->done = CARC_LEARN_DONE_TRUNCATED;
    }
    if (e->bound) {
        carci_learn_slot_write(e, i);
        slot_clear_outputs(e, i);
    }
}

void carci_learn_slot_write(carc_learn_vec *e, size_t i)
{
    const carc_learn_space *s = e->space;
    carci_learn_slot *sl = &e->slots[i];
    carci_learn_observe_all(plane_row(e, i), e->buf.vector + i * s->info.vector, s, sl->game, &sl->pending,
                            sl->prefix, &sl->legal.chosen);
    if (sl->finished && sl->stage != CARC_LEARN_STAGE_OVER) {
        float *v = e->buf.vector + i * s->info.vector;
        v[s->info.v_stage + sl->stage] = 0.0f;
        v[s->info.v_stage + CARC_LEARN_STAGE_OVER] = 1.0f;
    }
    uint8_t *mask = e->buf.mask + i * s->info.actions;
    memset(mask, 0, s->info.actions);
    for (uint32_t k = 0; k < sl->legal.n; k++)
        mask[sl->legal.ids[k]] = 1;
    e->buf.player[i] = sl->pending.decision == CARC_DECISION_NONE ? 0 : sl->pending.player;
}

carc_status carci_learn_slot_legal(carc_learn_vec *e, size_t i)
{
    const carc_learn_space *s = e->space;
    carci_learn_slot *sl = &e->slots[i];
    uint8_t *mask = e->bound ? e->buf.mask + i * s->info.actions : NULL;
    for (uint32_t k = 0; k < sl->legal.n; k++) {
        uint32_t id = sl->legal.ids[k];
        sl->bits[id >> 3] = 0;
        if (mask != NULL)
            mask[id] = 0;
    }
    sl->legal.n = 0;
    if (sl->finished)
        return CARC_OK;
    carc_status st =
        carci_learn_legal_ids(&sl->legal, s, sl->game, &sl->pending, sl->prefix, sl->list, NULL, 0);
    if (st != CARC_OK) {
        sl->legal.n = 0;
        return st;
    }
    for (uint32_t k = 0; k < sl->legal.n; k++) {
        uint32_t id = sl->legal.ids[k];
        sl->bits[id >> 3] |= (uint8_t)(1u << (id & 7u));
        if (mask != NULL)
            mask[id] = 1;
    }
    return sl->legal.n ? CARC_OK : CARC_ENOTFOUND;
}

carc_status carci_learn_slot_start(carc_learn_vec *e, size_t i, uint64_t seed)
{
    carc_game *g = NULL;
    carc_status st = new_game(&g, e, seed);
    if (st != CARC_OK)
        return st;
    install(e, i, g);
    return CARC_OK;
}

void carc_learn_vec_free(carc_learn_vec *env)
{
    if (env == NULL)
        return;
    carc_allocator a = env->space->alloc;
    size_t sb = slot_bytes(env->space);
    for (size_t i = 0; i < env->n; i++) {
        carci_learn_slot *sl = &env->slots[i];
        carc_game_free(sl->game);
        carc_movelist_free(sl->list);
        carci_free(&a, sl->legal.ids, sb);
    }
    carci_free(&a, env->slots, env->n * sizeof *env->slots);
    carc_learn_space_free(env->space);
    carci_free(&a, env, sizeof *env);
}

carc_status carc_learn_vec_new(carc_learn_vec **out, const carc_learn_space *space, size_t games, uint64_t seed,
                               uint32_t flags)
{
    if (out == NULL)
        return CARC_EINVAL;
    *out = NULL;
    if (space == NULL || games == 0 || (flags & ~(uint32_t)CARC_LEARN_VEC_NO_RESTART) != 0)
        return CARC_EINVAL;
    if (games > MAX_GAMES)
        return CARC_ERANGE;
    carc_learn_vec *e = carci_alloc(&space->alloc, sizeof *e);
    if (e == NULL)
        return CARC_ENOMEM;
    memset(e, 0, sizeof *e);
    atomic_flag_clear(&e->busy);
    e->flags = flags;
    carc_status st = carci_learn_space_copy(&e->space, space);
    if (st != CARC_OK) {
        carci_free(&space->alloc, e, sizeof *e);
        return st;
    }
    const carc_allocator *a = &e->space->alloc;
    e->slots = carci_alloc(a, games * sizeof *e->slots);
    if (e->slots == NULL) {
        carc_learn_space_free(e->space);
        carci_free(&space->alloc, e, sizeof *e);
        return CARC_ENOMEM;
    }
    memset(e->slots, 0, games * sizeof *e->slots);
    e->n = games; /* (a slot not made yet frees nothing) */
    size_t sb = slot_bytes(e->space);
    for (size_t i = 0; i < games && st == CARC_OK; i++) {
        carci_learn_slot *sl = &e->slots[i];
        void *mem = carci_alloc(a, sb);
        if (mem == NULL) {
            st = CARC_ENOMEM;
            break;
        }
        memset(mem, 0, sb);
        slot_arrays(sl, mem, e->space);
        st = new_game(&sl->game, e, seed + i);
        if (st == CARC_OK)
            st = carc_movelist_new(&sl->list, sl->game);
    }
    if (st != CARC_OK) {
        carc_learn_vec_free(e);
        return st;
    }
    for (size_t i = 0; i < games; i++) {
        carc_game *g = e->slots[i].game;
        e->slots[i].game = NULL;
        install(e, i, g);
    }
    e->next_seed = seed + games;
    *out = e;
    return CARC_OK;
}

/* Enter a mutating call (false: another thread is in it). */
static bool enter(carc_learn_vec *e)
{
    return !atomic_flag_test_and_set_explicit(&e->busy, memory_order_acquire);
}

static void leave(carc_learn_vec *e)
{
    atomic_flag_clear_explicit(&e->busy, memory_order_release);
}

carc_status carc_learn_vec_bind(carc_learn_vec *env, const carc_learn_buffers *b)
{
    if (env == NULL)
        return CARC_EINVAL;
    if (!enter(env))
        return CARC_EPHASE;
    carc_status st = CARC_OK;
    const carc_learn_info *in = &env->space->info;
    size_t n = env->n;
    if (b == NULL || b->struct_size < sizeof *b) {
        carci_learn_vec_error(env, "buffers: NULL or struct_size below %zu", sizeof *b);
        st = CARC_EINVAL;
    } else if (b->planes == NULL || b->vector == NULL || b->mask == NULL || b->rewards == NULL ||
               b->results == NULL || b->done == NULL || b->player == NULL) {
        carci_learn_vec_error(env, "buffers: every array is needed (one is NULL)");
        st = CARC_EINVAL;
    } else {
        struct {
            const char *name;
            size_t have, need;
        } need[] = {
            { "planes", b->planes_cap, n * carci_learn_obs_bytes(env->space) },
            { "vector", b->vector_cap, n * in->vector },
            { "mask", b->mask_cap, n * in->actions },
            { "rewards", b->rewards_cap, n * in->players },
            { "results", b->results_cap, n * in->players },
            { "done", b->done_cap, n },
            { "player", b->player_cap, n },
        };
        for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
            if (need[k].have < need[k].need) {
                carci_learn_vec_error(env, "buffers: %s holds %zu, %zu needed", need[k].name, need[k].have,
                                      need[k].need);
                st = CARC_EBUFFER;
                break;
            }
    }
    if (st == CARC_OK) {
        env->buf = *b;
        env->buf.struct_size = sizeof env->buf;
        env->bound = true;
        for (size_t i = 0; i < n; i++) {
            carci_learn_slot_write(env, i);
            slot_clear_outputs(env, i);
        }
    }
    leave(env);
    return st;
}

carc_status carc_learn_vec_reset(carc_learn_vec *env, uint64_t seed)
{
    if (env == NULL)
        return CARC_EINVAL;
    if (!enter(env))
        return CARC_EPHASE;
    const carc_allocator *a = &env->space->alloc;
    carc_game **games = carci_alloc(a, env->n * sizeof *games);
    carc_status st = games == NULL ? CARC_ENOMEM : CARC_OK;
    size_t made = 0;
    for (; st == CARC_OK && made < env->n; made++)
        st = new_game(&games[made], env, seed + made);
    if (st != CARC_OK) {
        for (size_t i = 0; games != NULL && i + 1 < made; i++)
            carc_game_free(games[i]);
        carci_learn_vec_error(env, "reset: a game could not be made (%s); the games are kept",
                              carc_status_name(st));
    } else {
        for (size_t i = 0; i < env->n; i++)
            install(env, i, games[i]);
        env->next_seed = seed + env->n;
    }
    carci_free(a, games, env->n * sizeof *games);
    leave(env);
    return st;
}

carc_status carc_learn_vec_rebuild(carc_learn_vec *env)
{
    if (env == NULL)
        return CARC_EINVAL;
    if (!enter(env))
        return CARC_EPHASE;
    carc_status st = CARC_OK;
    if (!env->bound) {
        carci_learn_vec_error(env, "rebuild: no arrays bound (carc_learn_vec_bind)");
        st = CARC_EPHASE;
    } else {
        for (size_t i = 0; i < env->n; i++)
            carci_learn_slot_write(env, i);
    }
    leave(env);
    return st;
}

carc_status carc_learn_vec_game(const carc_game **out, const carc_learn_vec *env, size_t index)
{
    if (out == NULL || env == NULL)
        return CARC_EINVAL;
    if (index >= env->n)
        return CARC_ERANGE;
    *out = env->slots[index].game;
    return CARC_OK;
}

carc_status carc_learn_vec_prefix(uint32_t *ids, size_t cap, size_t *n, const carc_learn_vec *env, size_t index)
{
    if (env == NULL || (ids == NULL && cap > 0))
        return CARC_EINVAL;
    if (index >= env->n)
        return CARC_ERANGE;
    const carci_learn_slot *sl = &env->slots[index];
    size_t k = sl->prefix == CARC_LEARN_NO_ACTION ? 0 : 1;
    if (n != NULL)
        *n = k;
    if (cap < k)
        return CARC_EBUFFER;
    if (k)
        ids[0] = sl->prefix;
    return CARC_OK;
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

carc_status carc_learn_vec_sample(uint32_t *actions, size_t n, const carc_learn_vec *env, uint64_t *rng)
{
    if (actions == NULL || env == NULL || rng == NULL || n != env->n)
        return CARC_EINVAL;
    for (size_t i = 0; i < n; i++) {
        const carci_learn_slot *sl = &env->slots[i];
        if (sl->finished || sl->legal.n == 0)
            actions[i] = CARC_LEARN_NO_ACTION;
        else
            actions[i] = sl->legal.ids[splitmix64(rng) % sl->legal.n];
    }
    return CARC_OK;
}

const char *carc_learn_vec_last_error(const carc_learn_vec *env)
{
    return env == NULL ? "" : env->last_error;
}
