/* SPDX-License-Identifier: MIT */
/* Observations from scratch (docs/learn.md, "Observations"): what
 * carc_learn_observe writes, and what the vectorised environment writes when
 * a game starts or is rebuilt (it keeps them up to date move by move after). */
#include "learn/learn_internal.h"

#include <string.h>

carc_status carci_learn_vector_state(float *v, const carc_learn_space *s, const carc_game *game,
                                     const carc_pending *p, uint32_t stage, uint32_t persp, const int32_t *scores)
{
    const carc_learn_info *in = &s->info;
    uint32_t np = in->players;
    memset(v, 0, (size_t)in->v_left * sizeof *v);
    bool goods = (s->elements & CARC_MODULE_GOODS) != 0, count = (s->elements & CARC_MODULE_COUNT) != 0;
    int bad = 0; /* a call that failed */
    for (uint32_t r = 0; r < np; r++) {
        uint32_t pl = (persp + r) % np, u = 0;
        int32_t sc = 0;
        if (scores != NULL)
            sc = scores[pl];
        else
            bad |= carc_game_score(&sc, game, pl) != CARC_OK;
        v[in->v_scores + r] = (float)sc;
        for (uint32_t f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG; f++)
            if (in->figure_kinds >> f & 1u) {
                bad |= carc_game_figure_supply(&u, game, pl, f) != CARC_OK;
                v[in->v_supply + 5u * r + f - 1u] = (float)u;
            }
        if (goods)
            for (uint32_t g = 0; g < CARC_GOOD_COUNT; g++) {
                bad |= carc_game_goods(&u, game, pl, g) != CARC_OK;
                v[in->v_goods + 3u * r + g] = (float)u;
            }
        if (count)
            for (uint32_t q = 0; q < 4; q++)
                for (uint32_t f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_BIG; f++)
                    if (in->figure_kinds >> f & 1u) {
                        bad |= carc_game_city(&u, game, q, pl, f) != CARC_OK;
                        v[in->v_city + 8u * r + 2u * q + f - 1u] = (float)u;
                    }
    }
    if (count) {
        uint32_t q = 0;
        bad |= carc_game_count(&q, game) != CARC_OK;
        if (q < 4)
            v[in->v_count + q] = 1.0f;
    }
    v[in->v_seat + persp % np] = 1.0f;
    v[in->v_stage + stage] = 1.0f;
    if (p->flags & CARC_PENDING_OPTIONAL)
        v[in->v_flags + 0] = 1.0f;
    if (p->flags & CARC_PENDING_SECOND_TILE)
        v[in->v_flags + 1] = 1.0f;
    if (p->flags & CARC_PENDING_FINAL)
        v[in->v_flags + 2] = 1.0f;
    if (p->decision == CARC_DECISION_PLACE && p->tile < in->kinds)
        v[in->v_tile + p->tile] = 1.0f;
    return bad ? CARC_EINVAL : CARC_OK;
}

/* The tiles left by kind and in all, into the vector. */
static carc_status tiles_left(float *v, const carc_learn_space *s, const carc_game *game)
{
    uint32_t counts[256], total = 0;
    uint32_t k = s->info.kinds < 256 ? s->info.kinds : 256;
    carc_status st = carc_game_remaining_tiles(counts, k, &total, game);
    if (st != CARC_OK)
        return st;
    for (uint32_t i = 0; i < k; i++)
        v[s->info.v_left + i] = (float)counts[i];
    v[s->info.v_left_total] = (float)total;
    return CARC_OK;
}

carc_status carci_learn_observe_all(uint8_t *planes, float *vector, const carc_learn_space *s, const carc_game *game,
                                    const carc_pending *p, uint32_t prefix, const carc_move *chosen)
{
    const carc_learn_info *in = &s->info;
    memset(planes, 0, carci_learn_obs_bytes(s));
    memset(vector, 0, (size_t)in->vector * sizeof *vector);
    uint32_t ntiles = 0, nfigs = 0;
    carc_status st = carc_game_tile_count(&ntiles, game);
    for (uint32_t i = 0; st == CARC_OK && i < ntiles; i++) {
        carc_move t;
        st = carc_game_tile(&t, game, i);
        int32_t cell = carci_learn_cell(s, t.x, t.y);
        if (st == CARC_OK && cell >= 0 && t.tile < in->kinds)
            carci_learn_put_tile(s, planes, carci_learn_look_of(s, t.tile, t.rotation), (uint32_t)cell);
    }
    if (st == CARC_OK && prefix != CARC_LEARN_NO_ACTION) {
        int32_t cell = carci_learn_cell(s, chosen->x, chosen->y);
        if (cell >= 0) {
            if (p->decision == CARC_DECISION_PLACE)
                carci_learn_put_tile(s, planes, carci_learn_look_of(s, p->tile, chosen->rotation), (uint32_t)cell);
            planes[(size_t)CARC_LEARN_PLANE_PENDING * in->plane_size + (uint32_t)cell] = 1;
        }
    }
    uint32_t persp = p->decision == CARC_DECISION_NONE ? 0 : p->player;
    if (st == CARC_OK)
        st = carc_game_figure_count(&nfigs, game);
    for (uint32_t i = 0; st == CARC_OK && i < nfigs; i++) {
        carc_figure_info fi;
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        st = carc_game_figure(&fi, game, i);
        int32_t cell = carci_learn_cell(s, fi.x, fi.y);
        carc_move t;
        if (st != CARC_OK || cell < 0 || fi.segment >= CARCI_LEARN_MAX_SEG ||
            carc_game_tile_at(&t, game, fi.x, fi.y) != CARC_OK)
            continue;
        uint32_t loc = carci_learn_look_of(s, t.tile, t.rotation)->loc[fi.segment];
        uint32_t plane = carci_learn_fig_plane(s, (fi.player + in->players - persp) % in->players, fi.figure, loc);
        if (plane != UINT32_MAX)
            planes[(size_t)plane * in->plane_size + (uint32_t)cell]++;
    }
    if (st == CARC_OK)
        st = carci_learn_vector_state(vector, s, game, p, carci_learn_stage(p, prefix), persp, NULL);
    if (st == CARC_OK)
        st = tiles_left(vector, s, game);
    return st;
}

carc_status carc_learn_observe(uint8_t *planes, size_t planes_cap, float *vector, size_t vector_cap,
                               const carc_learn_space *space, const carc_game *game, const uint32_t *prefix,
                               size_t n, char *msg, size_t msg_cap)
{
    carc_status st = carci_learn_enter(planes != NULL && vector != NULL && space != NULL && game != NULL &&
                                           (prefix != NULL || n == 0),
                                       msg, msg_cap);
    if (st == CARC_OK)
        st = carci_learn_match(space, game, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    if (planes_cap < carci_learn_obs_bytes(space) || vector_cap < space->info.vector) {
        carci_learn_msg(msg, msg_cap, "planes of %zu bytes and a vector of %zu floats; %zu and %u needed", planes_cap,
                        vector_cap, carci_learn_obs_bytes(space), space->info.vector);
        return CARC_EBUFFER;
    }
    carci_learn_legal legal;
    carc_pending p;
    carc_movelist *list;
    st = carci_learn_scratch(&legal, &p, &list, space, game, prefix, n, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    st = carci_learn_observe_all(planes, vector, space, game, &p, n ? prefix[0] : CARC_LEARN_NO_ACTION,
                                 &legal.chosen);
    carci_learn_scratch_done(&legal, list, space);
    if (st != CARC_OK)
        carci_learn_msg(msg, msg_cap, "the game cannot be read (%s)", carc_status_name(st));
    return st;
}
