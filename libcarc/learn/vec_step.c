/* SPDX-License-Identifier: MIT */
/* One step of the vectorised environment: every action checked first, then
 * each game moved and its rows brought up to date from what the move changed
 * (the tile placed, the figures placed and gone home, the tiles discarded,
 * scores, supplies, the next decision and its legal ids), not rebuilt. */
#include "learn/learn_internal.h"

#include <string.h>

static uint8_t *plane_row(const carc_learn_vec *e, size_t i)
{
    return e->buf.planes + i * carci_learn_obs_bytes(e->space);
}

static uint32_t rel(const carc_learn_space *s, uint32_t persp, uint32_t owner)
{
    return (owner + s->info.players - persp) % s->info.players;
}

/* Add (+1) or take away (-1) figure f from the planes, seen from `persp`. */
static void show_fig(const carc_learn_vec *e, size_t i, const carci_learn_fig *f, uint32_t persp, int d)
{
    const carc_learn_space *s = e->space;
    if (f->cell < 0 || f->loc == CARCI_LEARN_NO_LOC)
        return;
    uint32_t plane = carci_learn_fig_plane(s, rel(s, persp, f->player), f->figure, f->loc);
    if (plane != UINT32_MAX)
        plane_row(e, i)[(size_t)plane * s->info.plane_size + (uint32_t)f->cell] += (uint8_t)d;
}

static void add_fig(carc_learn_vec *e, size_t i, int32_t x, int32_t y, uint32_t player, uint32_t figure,
                    uint32_t segment)
{
    const carc_learn_space *s = e->space;
    carci_learn_slot *sl = &e->slots[i];
    if (sl->nfigs >= CARCI_LEARN_MAX_FIGS)
        return;
    carci_learn_fig *f = &sl->figs[sl->nfigs++];
    f->x = x;
    f->y = y;
    f->player = (uint8_t)player;
    f->figure = (uint8_t)figure;
    f->segment = (uint8_t)segment;
    f->cell = carci_learn_cell(s, x, y);
    f->loc = CARCI_LEARN_NO_LOC;
    if (f->cell >= 0 && sl->cells[f->cell] && segment < CARCI_LEARN_MAX_SEG) {
        uint32_t c = sl->cells[f->cell] - 1u;
        f->loc = carci_learn_look_of(s, c / 4u, c % 4u)->loc[segment];
    }
    show_fig(e, i, f, sl->persp, +1);
}

/* The figures on the board read again (after figures went home). */
static void rescan(carc_learn_vec *e, size_t i)
{
    carci_learn_slot *sl = &e->slots[i];
    for (uint32_t k = 0; k < sl->nfigs; k++)
        show_fig(e, i, &sl->figs[k], sl->persp, -1);
    sl->nfigs = 0;
    uint32_t n = 0;
    carc_game_figure_count(&n, sl->game);
    for (uint32_t k = 0; k < n; k++) {
        carc_figure_info fi;
        fi.struct_size = sizeof fi;
        if (carc_game_figure(&fi, sl->game, k) == CARC_OK)
            add_fig(e, i, fi.x, fi.y, fi.player, fi.figure, fi.segment);
    }
}

/* The planes seen from another player. */
static void turn_to(carc_learn_vec *e, size_t i, uint32_t persp)
{
    carci_learn_slot *sl = &e->slots[i];
    if (persp == sl->persp)
        return;
    for (uint32_t k = 0; k < sl->nfigs; k++) {
        show_fig(e, i, &sl->figs[k], sl->persp, -1);
        show_fig(e, i, &sl->figs[k], persp, +1);
    }
    sl->persp = persp;
}

/* The pending plane of the decision's first id cleared. */
static void clear_pending(carc_learn_vec *e, size_t i)
{
    carci_learn_slot *sl = &e->slots[i];
    if (sl->prefix == CARC_LEARN_NO_ACTION)
        return;
    int32_t cell = carci_learn_cell(e->space, sl->legal.chosen.x, sl->legal.chosen.y);
    if (cell >= 0)
        plane_row(e, i)[(size_t)CARC_LEARN_PLANE_PENDING * e->space->info.plane_size + (uint32_t)cell] = 0;
}

/* A game ended (done: CARC_LEARN_DONE_*): restart it, or keep it. */
static carc_status finish(carc_learn_vec *e, size_t i, uint8_t done)
{
    carci_learn_slot *sl = &e->slots[i];
    const carc_learn_space *s = e->space;
    uint32_t np = s->info.players;
    float rewards[CARCI_LEARN_MAX_PLAYERS], results[CARCI_LEARN_MAX_PLAYERS];
    memcpy(rewards, e->buf.rewards + i * np, np * sizeof(float));
    memcpy(results, e->buf.results + i * np, np * sizeof(float));
    carc_status st = CARC_OK;
    if (!(e->flags & CARC_LEARN_VEC_NO_RESTART)) {
        st = carci_learn_slot_start(e, i, e->next_seed);
        if (st == CARC_OK)
            e->next_seed++;
        else
            carci_learn_vec_error(e, "game %zu: the next game could not be made (%s); it is kept finished", i,
                                  carc_status_name(st));
    }
    if ((e->flags & CARC_LEARN_VEC_NO_RESTART) || st != CARC_OK) {
        sl->finished = 1;
        sl->done = done;
        carci_learn_slot_legal(e, i); /* none */
        carci_learn_slot_write(e, i);
    }
    memcpy(e->buf.rewards + i * np, rewards, np * sizeof(float));
    memcpy(e->buf.results + i * np, results, np * sizeof(float));
    e->buf.done[i] = done;
    return st;
}

/* After game i played move m: bring its rows up to date. */
static carc_status after_move(carc_learn_vec *e, size_t i, const carc_move *m)
{
    const carc_learn_space *s = e->space;
    const carc_learn_info *in = &s->info;
    carci_learn_slot *sl = &e->slots[i];
    float *v = e->buf.vector + i * in->vector;
    uint32_t np = in->players;
    uint32_t mover = sl->pending.player; /* (the decision just taken) */
    clear_pending(e, i);
    if (m->kind == CARC_MOVE_PLACE) {
        int32_t cell = carci_learn_cell(s, m->x, m->y);
        if (cell >= 0) {
            if (sl->prefix == CARC_LEARN_NO_ACTION) /* (the figure step draws it) */
                carci_learn_put_tile(s, plane_row(e, i), carci_learn_look_of(s, m->tile, m->rotation),
                                     (uint32_t)cell);
            sl->cells[cell] = (uint16_t)(1u + m->tile * 4u + m->rotation);
        }
        v[in->v_left + m->tile] -= 1.0f;
        v[in->v_left_total] -= 1.0f;
    }
    bool again = false;
    uint32_t events = 0;
    carc_game_event_count(&events, sl->game);
    for (uint32_t k = sl->events; k < events; k++) {
        carc_event ev;
        ev.struct_size = sizeof ev;
        if (carc_game_event(&ev, sl->game, k) != CARC_OK)
            continue;
        if (ev.kind == CARC_EVENT_DISCARD) {
            if (ev.tile < in->kinds)
                v[in->v_left + ev.tile] -= 1.0f;
            v[in->v_left_total] -= 1.0f;
        } else if (ev.kind == CARC_EVENT_RECALL || (ev.kind == CARC_EVENT_SCORE && ev.returned > 0)) {
            again = true;
        }
    }
    sl->events = events;
    if (!again && ((m->kind == CARC_MOVE_PLACE && m->figure != CARC_FIGURE_NONE) || m->kind == CARC_MOVE_EXIT))
        add_fig(e, i, m->x, m->y, mover, m->figure, m->segment);
    uint32_t nf = 0;
    carc_game_figure_count(&nf, sl->game);
    if (again || nf != sl->nfigs)
        rescan(e, i);
    carc_game_pending(&sl->pending, sl->game);
    float *rw = e->buf.rewards + i * np;
    for (uint32_t p = 0; p < np; p++) {
        int32_t sc = 0;
        carc_game_score(&sc, sl->game, p);
        rw[p] = (float)(sc - sl->scores[p]);
        sl->scores[p] = sc;
    }
    sl->prefix = CARC_LEARN_NO_ACTION;
    uint32_t persp = sl->pending.decision == CARC_DECISION_NONE ? 0 : sl->pending.player;
    turn_to(e, i, persp);
    sl->stage = carci_learn_stage(&sl->pending, CARC_LEARN_NO_ACTION);
    carci_learn_vector_state(v, s, sl->game, &sl->pending, sl->stage, persp, sl->scores);
    e->buf.player[i] = persp;
    if (sl->pending.decision == CARC_DECISION_NONE) {
        uint32_t leaders = 0, nlead = 0;
        carc_game_leaders(&leaders, sl->game);
        for (uint32_t p = 0; p < np; p++)
            nlead += leaders >> p & 1u;
        float *res = e->buf.results + i * np;
        for (uint32_t p = 0; p < np; p++)
            res[p] = (leaders >> p & 1u) ? (nlead == 1 ? 1.0f : 0.0f) : -1.0f;
        return finish(e, i, CARC_LEARN_DONE_OVER);
    }
    carc_status st = carci_learn_slot_legal(e, i);
    if (st == CARC_ENOTFOUND)
        return finish(e, i, CARC_LEARN_DONE_TRUNCATED);
    if (st != CARC_OK) {
        carci_learn_vec_error(e, "game %zu: its legal actions could not be listed (%s); it is cut", i,
                              carc_status_name(st));
        finish(e, i, CARC_LEARN_DONE_TRUNCATED);
        return st;
    }
    return CARC_OK;
}

carc_status carci_learn_slot_step(carc_learn_vec *e, size_t i, uint32_t action)
{
    const carc_learn_space *s = e->space;
    const carc_learn_info *in = &s->info;
    carci_learn_slot *sl = &e->slots[i];
    uint32_t np = in->players;
    memset(e->buf.rewards + i * np, 0, np * sizeof(float));
    memset(e->buf.results + i * np, 0, np * sizeof(float));
    if (sl->finished) {
        e->buf.done[i] = sl->done;
        return CARC_OK;
    }
    e->buf.done[i] = 0;
    carci_learn_id a = carci_learn_id_read(s, action);
    carc_move m;
    memset(&m, 0, sizeof m);
    m.segment = CARC_NO_SEGMENT;
    if ((a.kind == CARCI_ID_PLACE || a.kind == CARCI_ID_EXIT) && sl->prefix == CARC_LEARN_NO_ACTION) {
        /* the first of two ids: the placement or the exit cell */
        sl->prefix = action;
        uint32_t old = sl->stage;
        sl->stage = carci_learn_stage(&sl->pending, action);
        carc_status st = carci_learn_slot_legal(e, i);
        if (st != CARC_OK) {
            /* (cannot happen but out of memory: a legal first id always has a
             * second) back to the first id, or the game cut */
            carci_learn_vec_error(e, "game %zu: the second step of id %u could not be listed (%s)", i, action,
                                  carc_status_name(st));
            sl->prefix = CARC_LEARN_NO_ACTION;
            sl->stage = old;
            if (carci_learn_slot_legal(e, i) != CARC_OK)
                finish(e, i, CARC_LEARN_DONE_TRUNCATED);
            return st == CARC_ENOTFOUND ? CARC_EILLEGAL : st;
        }
        int32_t cell = carci_learn_cell(s, sl->legal.chosen.x, sl->legal.chosen.y);
        uint8_t *planes = plane_row(e, i);
        if (a.kind == CARCI_ID_PLACE)
            carci_learn_put_tile(s, planes, carci_learn_look_of(s, sl->pending.tile, a.rot), (uint32_t)cell);
        planes[(size_t)CARC_LEARN_PLANE_PENDING * in->plane_size + (uint32_t)cell] = 1;
        float *v = e->buf.vector + i * in->vector;
        v[in->v_stage + old] = 0.0f;
        v[in->v_stage + sl->stage] = 1.0f;
        return CARC_OK;
    }
    if (a.kind == CARCI_ID_FIGURE) {
        uint16_t k = sl->legal.fig_move[action - in->figure_base];
        m = carc_movelist_data(sl->list)[k];
    } else if (a.kind == CARCI_ID_QUARTER) {
        m.kind = CARC_MOVE_QUARTER;
        m.figure = (uint8_t)a.fig;
        m.quarter = (uint8_t)a.quarter;
    } else if (a.kind == CARCI_ID_COUNT) {
        m.kind = CARC_MOVE_COUNT;
        m.quarter = (uint8_t)a.quarter;
    } else {
        m.kind = CARC_MOVE_PASS;
    }
    carc_status st = carc_game_play(sl->game, &m);
    if (st != CARC_OK) {
        carci_learn_vec_error(e, "game %zu: id %u was legal but play refused it (%s: %s)", i, action,
                              carc_status_name(st), carc_game_last_error(sl->game));
        return st;
    }
    return after_move(e, i, &m);
}

carc_status carc_learn_vec_step(carc_learn_vec *env, const uint32_t *actions, size_t n)
{
    if (env == NULL)
        return CARC_EINVAL;
    if (atomic_flag_test_and_set_explicit(&env->busy, memory_order_acquire))
        return CARC_EPHASE;
    carc_status st = CARC_OK;
    const carc_learn_info *in = &env->space->info;
    if (actions == NULL || n != env->n) {
        carci_learn_vec_error(env, "step: %zu actions for %zu games", actions == NULL ? (size_t)0 : n, env->n);
        st = CARC_EINVAL;
    } else if (!env->bound) {
        carci_learn_vec_error(env, "step: no arrays bound (carc_learn_vec_bind)");
        st = CARC_EPHASE;
    }
    for (size_t i = 0; st == CARC_OK && i < n; i++) {
        const carci_learn_slot *sl = &env->slots[i];
        uint32_t a = actions[i];
        if (sl->finished) {
            if (a != CARC_LEARN_NO_ACTION) {
                carci_learn_vec_error(env, "step: game %zu is over and kept: its action must be "
                                           "CARC_LEARN_NO_ACTION, not %u", i, a);
                st = CARC_EILLEGAL;
            }
        } else if (a == CARC_LEARN_NO_ACTION) {
            carci_learn_vec_error(env, "step: game %zu waits for an action (stage %u)", i, sl->stage);
            st = CARC_EILLEGAL;
        } else if (a >= in->actions) {
            carci_learn_vec_error(env, "step: game %zu: action %u out of range (%u actions)", i, a, in->actions);
            st = CARC_ERANGE;
        } else if (!(sl->bits[a >> 3] >> (a & 7u) & 1u)) {
            carci_learn_vec_error(env, "step: game %zu: action %u is not legal in stage %u (%u legal actions)", i,
                                  a, sl->stage, sl->legal.n);
            st = CARC_EILLEGAL;
        }
    }
    carc_status worst = CARC_OK;
    for (size_t i = 0; st == CARC_OK && i < n; i++) {
        carc_status s1 = carci_learn_slot_step(env, i, actions[i]);
        if (s1 != CARC_OK && worst == CARC_OK)
            worst = s1;
    }
    atomic_flag_clear_explicit(&env->busy, memory_order_release);
    return st != CARC_OK ? st : worst;
}
