/* SPDX-License-Identifier: MIT */
/* The legal ids of a decision (after the first id of a two-step action),
 * and the legal-action mask from scratch (carc_learn_mask). */
#include "learn/learn_internal.h"

#include <string.h>

uint32_t carci_learn_stage(const carc_pending *p, uint32_t prefix)
{
    bool second = prefix != CARC_LEARN_NO_ACTION;
    switch (p->decision) {
    case CARC_DECISION_PLACE:
        return second ? CARC_LEARN_STAGE_FIGURE : CARC_LEARN_STAGE_PLACE;
    case CARC_DECISION_EXIT:
        return second ? CARC_LEARN_STAGE_EXIT_FIGURE : CARC_LEARN_STAGE_EXIT;
    case CARC_DECISION_QUARTER:
        return CARC_LEARN_STAGE_QUARTER;
    case CARC_DECISION_COUNT:
        return CARC_LEARN_STAGE_COUNT;
    default:
        return CARC_LEARN_STAGE_OVER;
    }
}

static void add(carci_learn_legal *out, uint32_t id)
{
    out->ids[out->n++] = id;
}

static bool has(const carci_learn_legal *out, uint32_t id)
{
    for (uint32_t i = 0; i < out->n; i++)
        if (out->ids[i] == id)
            return true;
    return false;
}

/* The first ids: placements (and the pass), exit cells, quarters, the Count. */
static carc_status first_ids(carci_learn_legal *out, const carc_learn_space *s, const carc_game *game,
                             const carc_pending *p, carc_movelist *list)
{
    const carc_learn_info *in = &s->info;
    carc_status st;
    if (p->decision == CARC_DECISION_PLACE) {
        if (p->flags & CARC_PENDING_OPTIONAL)
            add(out, in->pass_id);
        st = carc_game_placements(list, game, p->tile, 0);
        if (st != CARC_OK)
            return st;
        const carc_move *m = carc_movelist_data(list);
        size_t n = carc_movelist_count(list);
        for (size_t i = 0; i < n; i++) {
            int32_t cell = carci_learn_cell(s, m[i].x, m[i].y);
            if (cell >= 0)
                add(out, in->place_base + 4u * (uint32_t)cell + m[i].rotation);
        }
        return CARC_OK;
    }
    st = carc_game_legal_moves(list, game, 0);
    if (st != CARC_OK)
        return st;
    const carc_move *m = carc_movelist_data(list);
    size_t n = carc_movelist_count(list);
    for (size_t i = 0; i < n; i++) {
        uint32_t id = UINT32_MAX;
        switch (m[i].kind) {
        case CARC_MOVE_PASS:
            id = in->pass_id;
            break;
        case CARC_MOVE_EXIT: {
            int32_t cell = carci_learn_cell(s, m[i].x, m[i].y);
            if (cell >= 0)
                id = in->exit_base + (uint32_t)cell;
            break;
        }
        case CARC_MOVE_QUARTER:
            if ((m[i].figure == CARC_FIGURE_FOLLOWER || m[i].figure == CARC_FIGURE_BIG) && m[i].quarter < 4)
                id = in->quarter_base + 4u * (m[i].figure - 1u) + m[i].quarter;
            break;
        case CARC_MOVE_COUNT:
            if (m[i].quarter < 4)
                id = in->count_base + m[i].quarter;
            break;
        default:
            break;
        }
        if (id != UINT32_MAX && id < in->actions && !has(out, id))
            add(out, id);
    }
    return CARC_OK;
}

/* The figure ids after a placement or an exit cell. */
static carc_status second_ids(carci_learn_legal *out, const carc_learn_space *s, const carc_game *game,
                              const carc_pending *p, uint32_t prefix, carc_movelist *list, char *msg, size_t cap)
{
    carci_learn_id a = carci_learn_id_read(s, prefix);
    uint32_t base = s->info.figure_base;
    carc_move *c = &out->chosen;
    memset(c, 0, sizeof *c);
    c->segment = CARC_NO_SEGMENT;
    if (a.kind == CARCI_ID_PLACE && p->decision == CARC_DECISION_PLACE) {
        c->x = carci_learn_cell_x(s, a.cell);
        c->y = carci_learn_cell_y(s, a.cell);
        c->tile = (uint16_t)p->tile;
        c->rotation = (uint8_t)a.rot;
        carc_status st = carc_game_figure_options(list, game, c);
        if (st != CARC_OK) {
            carci_learn_msg(msg, cap, "id %u: (%d,%d) turned %u is not a legal placement (%s)", prefix, (int)c->x,
                            (int)c->y, a.rot, carc_status_name(st));
            return st == CARC_ENOMEM ? st : CARC_EILLEGAL;
        }
        const carc_move *m = carc_movelist_data(list);
        size_t n = carc_movelist_count(list);
        for (size_t i = 0; i < n; i++) {
            uint32_t f = carci_learn_figure_id(s, p->tile, a.rot, &m[i]);
            if (f != UINT32_MAX && out->fig_move[f - base] == UINT16_MAX) {
                out->fig_move[f - base] = (uint16_t)i;
                add(out, f);
            }
        }
        return CARC_OK;
    }
    if (a.kind == CARCI_ID_EXIT && p->decision == CARC_DECISION_EXIT) {
        c->kind = CARC_MOVE_EXIT;
        c->x = carci_learn_cell_x(s, a.cell);
        c->y = carci_learn_cell_y(s, a.cell);
        carc_move at;
        carc_status st = carc_game_legal_moves(list, game, 0);
        if (st != CARC_OK)
            return st;
        if (carc_game_tile_at(&at, game, c->x, c->y) == CARC_OK) {
            const carc_move *m = carc_movelist_data(list);
            size_t n = carc_movelist_count(list);
            for (size_t i = 0; i < n; i++) {
                if (m[i].kind != CARC_MOVE_EXIT || m[i].x != c->x || m[i].y != c->y)
                    continue;
                uint32_t f = carci_learn_figure_id(s, at.tile, at.rotation, &m[i]);
                if (f != UINT32_MAX && out->fig_move[f - base] == UINT16_MAX) {
                    out->fig_move[f - base] = (uint16_t)i;
                    add(out, f);
                }
            }
        }
        if (out->n == 0) {
            carci_learn_msg(msg, cap, "id %u: no follower may leave the city for (%d,%d)", prefix, (int)c->x,
                            (int)c->y);
            return CARC_EILLEGAL;
        }
        return CARC_OK;
    }
    carci_learn_msg(msg, cap, "id %u is not the first id of a placement or an exit in this decision", prefix);
    return CARC_EILLEGAL;
}

carc_status carci_learn_legal_ids(carci_learn_legal *out, const carc_learn_space *s, const carc_game *game,
                                  const carc_pending *p, uint32_t prefix, carc_movelist *list, char *msg, size_t cap)
{
    out->n = 0;
    memset(out->fig_move, 0xFF, sizeof out->fig_move);
    if (p->decision == CARC_DECISION_NONE) {
        if (prefix != CARC_LEARN_NO_ACTION) {
            carci_learn_msg(msg, cap, "the game is over: no decision to continue");
            return CARC_EILLEGAL;
        }
        return CARC_OK;
    }
    if (prefix == CARC_LEARN_NO_ACTION)
        return first_ids(out, s, game, p, list);
    if (prefix >= s->info.actions) {
        carci_learn_msg(msg, cap, "id %u out of range (%u actions)", prefix, s->info.actions);
        return CARC_ERANGE;
    }
    return second_ids(out, s, game, p, prefix, list, msg, cap);
}

carc_status carci_learn_scratch(carci_learn_legal *out, carc_pending *p, carc_movelist **list,
                                const carc_learn_space *s, const carc_game *game, const uint32_t *prefix, size_t n,
                                char *msg, size_t cap)
{
    out->ids = NULL;
    *list = NULL;
    if (n > 1) {
        carci_learn_msg(msg, cap, "%zu ids chosen: a decision has at most one before its last", n);
        return CARC_EINVAL;
    }
    carc_status st = carci_learn_pending(p, game, msg, cap);
    if (st != CARC_OK)
        return st;
    st = carc_movelist_new(list, game);
    if (st != CARC_OK)
        return st;
    out->ids = carci_alloc(&s->alloc, (size_t)s->info.actions * sizeof *out->ids);
    if (out->ids == NULL) {
        carc_movelist_free(*list);
        *list = NULL;
        return CARC_ENOMEM;
    }
    st = carci_learn_legal_ids(out, s, game, p, n ? prefix[0] : CARC_LEARN_NO_ACTION, *list, msg, cap);
    if (st != CARC_OK) {
        carci_free(&s->alloc, out->ids, (size_t)s->info.actions * sizeof *out->ids);
        out->ids = NULL;
        carc_movelist_free(*list);
        *list = NULL;
    }
    return st;
}

void carci_learn_scratch_done(carci_learn_legal *out, carc_movelist *list, const carc_learn_space *s)
{
    carci_free(&s->alloc, out->ids, (size_t)s->info.actions * sizeof *out->ids);
    out->ids = NULL;
    carc_movelist_free(list);
}

carc_status carc_learn_mask(uint8_t *mask, size_t cap, const carc_learn_space *space, const carc_game *game,
                            const uint32_t *prefix, size_t n, char *msg, size_t msg_cap)
{
    carc_status st =
        carci_learn_enter(mask != NULL && space != NULL && game != NULL && (prefix != NULL || n == 0), msg, msg_cap);
    if (st == CARC_OK)
        st = carci_learn_match(space, game, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    if (cap < space->info.actions) {
        carci_learn_msg(msg, msg_cap, "a mask of %zu bytes, %u needed", cap, space->info.actions);
        return CARC_EBUFFER;
    }
    carci_learn_legal legal;
    carc_pending p;
    carc_movelist *list;
    st = carci_learn_scratch(&legal, &p, &list, space, game, prefix, n, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    memset(mask, 0, space->info.actions);
    for (uint32_t i = 0; i < legal.n; i++)
        mask[legal.ids[i]] = 1;
    carci_learn_scratch_done(&legal, list, space);
    return CARC_OK;
}
