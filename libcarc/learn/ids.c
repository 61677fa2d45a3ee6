/* SPDX-License-Identifier: MIT */
/* Action ids and moves, both ways (docs/learn.md, "Actions"). */
#include "learn/learn_internal.h"

#include <string.h>

carci_learn_id carci_learn_id_read(const carc_learn_space *s, uint32_t id)
{
    const carc_learn_info *in = &s->info;
    carci_learn_id r;
    memset(&r, 0, sizeof r);
    r.kind = CARCI_ID_NONE;
    if (id < in->figure_base) {
        r.kind = CARCI_ID_PLACE;
        r.cell = (id - in->place_base) / 4u;
        r.rot = id % 4u;
    } else if (id < in->pass_id) {
        uint32_t f = id - in->figure_base;
        r.kind = CARCI_ID_FIGURE;
        if (f == CARC_LEARN_FIGURE_NONE) {
            r.fig = CARC_FIGURE_NONE;
        } else if (f == CARC_LEARN_FIGURE_RECALL) {
            r.fig = CARCI_LEARN_FIGURES; /* the recall */
        } else {
            r.fig = 1u + (f - 1u) / CARC_LEARN_LOCATIONS;
            r.loc = (f - 1u) % CARC_LEARN_LOCATIONS;
        }
    } else if (id == in->pass_id) {
        r.kind = CARCI_ID_PASS;
    } else if (in->exit_base != UINT32_MAX && id < in->actions) {
        if (id < in->quarter_base) {
            r.kind = CARCI_ID_EXIT;
            r.cell = id - in->exit_base;
        } else if (id < in->count_base) {
            r.kind = CARCI_ID_QUARTER;
            r.fig = 1u + (id - in->quarter_base) / 4u;
            r.quarter = (id - in->quarter_base) % 4u;
        } else {
            r.kind = CARCI_ID_COUNT;
            r.quarter = id - in->count_base;
        }
    }
    return r;
}

uint32_t carci_learn_figure_id(const carc_learn_space *s, uint32_t tile, uint32_t rot, const carc_move *m)
{
    uint32_t base = s->info.figure_base;
    if (m->figure == CARC_FIGURE_NONE && m->segment == CARC_NO_SEGMENT)
        return base + CARC_LEARN_FIGURE_NONE;
    if (m->figure == CARC_FIGURE_ABBOT && m->segment == CARC_SEGMENT_RECALL)
        return base + CARC_LEARN_FIGURE_RECALL;
    if (m->figure < CARC_FIGURE_FOLLOWER || m->figure > CARC_FIGURE_PIG || m->segment >= CARCI_LEARN_MAX_SEG ||
        tile >= s->info.kinds)
        return UINT32_MAX;
    uint32_t loc = carci_learn_look_of(s, tile, rot)->loc[m->segment];
    if (loc == CARCI_LEARN_NO_LOC)
        return UINT32_MAX;
    return base + CARC_LEARN_FIGURE_AT(m->figure, loc);
}

static const char *decision_name(uint32_t d)
{
    static const char *const names[] = { "none (the game is over)", "place", "exit", "quarter", "count" };
    return d < 5 ? names[d] : "unknown";
}

/* The quarter whose followers leave for a segment of this kind. */
static uint32_t quarter_for(uint32_t seg_kind)
{
    switch (seg_kind) {
    case CARC_SEG_CITY:
        return CARC_QUARTER_CASTLE;
    case CARC_SEG_FIELD:
        return CARC_QUARTER_MARKET;
    case CARC_SEG_ROAD:
        return CARC_QUARTER_BLACKSMITH;
    case CARC_SEG_MONASTERY:
        return CARC_QUARTER_CATHEDRAL;
    default:
        return UINT32_MAX;
    }
}

carc_status carci_learn_pending(carc_pending *p, const carc_game *game, char *msg, size_t cap)
{
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    carc_status st = carc_game_pending(p, game);
    if (st != CARC_OK)
        carci_learn_msg(msg, cap, "the pending decision cannot be read (%s)", carc_status_name(st));
    return st;
}

/* The arguments every call on a game checks, and its pending decision. */
static carc_status common_checks(carc_pending *p, const carc_learn_space *s, const carc_game *game, char *msg,
                                 size_t cap)
{
    carc_status st = carci_learn_match(s, game, msg, cap);
    if (st == CARC_OK)
        st = carci_learn_pending(p, game, msg, cap);
    if (st != CARC_OK)
        return st;
    if (p->decision == CARC_DECISION_NONE) {
        carci_learn_msg(msg, cap, "the game is over");
        return CARC_EGAME_OVER;
    }
    return CARC_OK;
}

carc_status carc_learn_encode(uint32_t *ids, size_t cap, size_t *n, const carc_learn_space *space,
                              const carc_game *game, const carc_move *move, char *msg, size_t msg_cap)
{
    carc_status st =
        carci_learn_enter((ids != NULL || cap == 0) && space != NULL && game != NULL && move != NULL, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    carc_pending p;
    st = common_checks(&p, space, game, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    const carc_learn_info *in = &space->info;
    uint32_t out[2];
    size_t k = 0;
    uint32_t want = UINT32_MAX;
    switch (move->kind) {
    case CARC_MOVE_PLACE:
        want = CARC_DECISION_PLACE;
        break;
    case CARC_MOVE_EXIT:
        want = CARC_DECISION_EXIT;
        break;
    case CARC_MOVE_QUARTER:
        want = CARC_DECISION_QUARTER;
        break;
    case CARC_MOVE_COUNT:
        want = CARC_DECISION_COUNT;
        break;
    case CARC_MOVE_PASS:
        want = p.decision;
        break;
    default:
        carci_learn_msg(msg, msg_cap, "move kind %u is not a carc_move_kind", (unsigned)move->kind);
        return CARC_EINVAL;
    }
    if (want != p.decision) {
        carci_learn_msg(msg, msg_cap, "a move of kind %u, but the decision is %s", (unsigned)move->kind,
                        decision_name(p.decision));
        return CARC_EILLEGAL;
    }
    if (move->kind == CARC_MOVE_PLACE || move->kind == CARC_MOVE_EXIT) {
        int32_t cell = carci_learn_cell(space, move->x, move->y);
        if (cell < 0) {
            carci_learn_msg(msg, msg_cap, "(%d,%d) lies outside the window (radius %u around (%d,%d))",
                            (int)move->x, (int)move->y, in->radius, (int)in->centre_x, (int)in->centre_y);
            return CARC_ERANGE;
        }
        uint32_t tile = move->tile, rot = move->rotation;
        if (move->kind == CARC_MOVE_PLACE) {
            if (rot > 3) {
                carci_learn_msg(msg, msg_cap, "rotation %u out of range 0..3", rot);
                return CARC_EINVAL;
            }
            if (tile != p.tile) {
                carci_learn_msg(msg, msg_cap, "tile %u is not the tile to place (%u)", tile, p.tile);
                return CARC_EILLEGAL;
            }
            out[k++] = in->place_base + 4u * (uint32_t)cell + rot;
        } else {
            carc_move at;
            if (carc_game_tile_at(&at, game, move->x, move->y) != CARC_OK) {
                carci_learn_msg(msg, msg_cap, "no tile at (%d,%d)", (int)move->x, (int)move->y);
                return CARC_EILLEGAL;
            }
            if (move->figure != CARC_FIGURE_FOLLOWER && move->figure != CARC_FIGURE_BIG) {
                carci_learn_msg(msg, msg_cap, "figure %u cannot leave the city", (unsigned)move->figure);
                return CARC_EINVAL;
            }
            tile = at.tile;
            rot = at.rotation;
            out[k++] = in->exit_base + (uint32_t)cell;
        }
        uint32_t f = carci_learn_figure_id(space, tile, rot, move);
        if (f == UINT32_MAX) {
            carci_learn_msg(msg, msg_cap, "figure %u on segment %u names no figure action of tile %u",
                            (unsigned)move->figure, (unsigned)move->segment, tile);
            return CARC_EINVAL;
        }
        out[k++] = f;
    } else if (move->kind == CARC_MOVE_QUARTER) {
        if ((move->figure != CARC_FIGURE_FOLLOWER && move->figure != CARC_FIGURE_BIG) || move->quarter > 3) {
            carci_learn_msg(msg, msg_cap, "figure %u into quarter %u names no quarter action",
                            (unsigned)move->figure, (unsigned)move->quarter);
            return CARC_EINVAL;
        }
        out[k++] = in->quarter_base + 4u * (move->figure - 1u) + move->quarter;
    } else if (move->kind == CARC_MOVE_COUNT) {
        if (move->quarter > 3) {
            carci_learn_msg(msg, msg_cap, "quarter %u out of range 0..3", (unsigned)move->quarter);
            return CARC_EINVAL;
        }
        out[k++] = in->count_base + move->quarter;
    } else {
        out[k++] = in->pass_id;
    }
    if (n != NULL)
        *n = k;
    if (cap < k) {
        carci_learn_msg(msg, msg_cap, "room for %zu ids, %zu needed", cap, k);
        return CARC_EBUFFER;
    }
    memcpy(ids, out, k * sizeof *out);
    return CARC_OK;
}

/* The figure action `f` (an id read) on the tile `tile` turned `rot`: figure
 * and segment of `m`. */
static carc_status figure_move(carc_move *m, const carc_learn_space *s, const carci_learn_id *f, uint32_t tile,
                               uint32_t rot, char *msg, size_t cap)
{
    if (f->fig == CARC_FIGURE_NONE) {
        m->figure = CARC_FIGURE_NONE;
        m->segment = CARC_NO_SEGMENT;
        return CARC_OK;
    }
    if (f->fig == CARCI_LEARN_FIGURES) {
        m->figure = CARC_FIGURE_ABBOT;
        m->segment = CARC_SEGMENT_RECALL;
        return CARC_OK;
    }
    uint32_t seg = carci_learn_look_of(s, tile, rot)->seg[f->loc];
    if (seg == CARCI_LEARN_NO_LOC) {
        carci_learn_msg(msg, cap, "tile %s turned %u has nothing at location %u", carc_tile_name(tile), rot, f->loc);
        return CARC_EILLEGAL;
    }
    m->figure = (uint8_t)f->fig;
    m->segment = (uint8_t)seg;
    return CARC_OK;
}

carc_status carc_learn_decode(carc_move *out, const carc_learn_space *space, const carc_game *game,
                              const uint32_t *ids, size_t n, char *msg, size_t msg_cap)
{
    carc_status entered = carci_learn_enter(out != NULL && space != NULL && game != NULL && ids != NULL, msg, msg_cap);
    if (entered != CARC_OK)
        return entered;
    if (n == 0 || n > 2) {
        carci_learn_msg(msg, msg_cap, "%zu ids: a move is 1 or 2", n);
        return CARC_EINVAL;
    }
    carc_pending p;
    carc_status st = common_checks(&p, space, game, msg, msg_cap);
    if (st != CARC_OK)
        return st;
    for (size_t i = 0; i < n; i++)
        if (ids[i] >= space->info.actions) {
            carci_learn_msg(msg, msg_cap, "id %u out of range (%u actions)", ids[i], space->info.actions);
            return CARC_ERANGE;
        }
    carci_learn_id a = carci_learn_id_read(space, ids[0]);
    carc_move m;
    memset(&m, 0, sizeof m);
    m.segment = CARC_NO_SEGMENT;
    size_t want = (a.kind == CARCI_ID_PLACE || a.kind == CARCI_ID_EXIT) ? 2 : 1;
    uint32_t decision = a.kind == CARCI_ID_PLACE     ? CARC_DECISION_PLACE
                        : a.kind == CARCI_ID_EXIT    ? CARC_DECISION_EXIT
                        : a.kind == CARCI_ID_QUARTER ? CARC_DECISION_QUARTER
                        : a.kind == CARCI_ID_COUNT   ? CARC_DECISION_COUNT
                        : a.kind == CARCI_ID_PASS    ? p.decision
                                                     : UINT32_MAX;
    if (decision != p.decision) {
        carci_learn_msg(msg, msg_cap, "id %u %s, but the decision is %s", ids[0],
                        a.kind == CARCI_ID_FIGURE ? "is a figure action, which comes second"
                                                  : "belongs to another decision",
                        decision_name(p.decision));
        return CARC_EILLEGAL;
    }
    if (n != want) {
        carci_learn_msg(msg, msg_cap, "id %u takes %zu id(s) in all, not %zu", ids[0], want, n);
        return CARC_EILLEGAL;
    }
    carci_learn_id f;
    memset(&f, 0, sizeof f);
    if (want == 2) {
        f = carci_learn_id_read(space, ids[1]);
        if (f.kind != CARCI_ID_FIGURE) {
            carci_learn_msg(msg, msg_cap, "id %u is not a figure action", ids[1]);
            return CARC_EILLEGAL;
        }
    }
    switch (a.kind) {
    case CARCI_ID_PLACE:
        m.kind = CARC_MOVE_PLACE;
        m.x = carci_learn_cell_x(space, a.cell);
        m.y = carci_learn_cell_y(space, a.cell);
        m.tile = (uint16_t)p.tile;
        m.rotation = (uint8_t)a.rot;
        st = figure_move(&m, space, &f, p.tile, a.rot, msg, msg_cap);
        if (st != CARC_OK)
            return st;
        break;
    case CARCI_ID_EXIT: {
        carc_move at;
        m.kind = CARC_MOVE_EXIT;
        m.x = carci_learn_cell_x(space, a.cell);
        m.y = carci_learn_cell_y(space, a.cell);
        if (carc_game_tile_at(&at, game, m.x, m.y) != CARC_OK) {
            carci_learn_msg(msg, msg_cap, "no tile at (%d,%d)", (int)m.x, (int)m.y);
            return CARC_EILLEGAL;
        }
        if (f.fig != CARC_FIGURE_FOLLOWER && f.fig != CARC_FIGURE_BIG) {
            carci_learn_msg(msg, msg_cap, "only a follower or the big follower leaves the city");
            return CARC_EILLEGAL;
        }
        st = figure_move(&m, space, &f, at.tile, at.rotation, msg, msg_cap);
        if (st != CARC_OK)
            return st;
        m.quarter = (uint8_t)quarter_for(carci_learn_look_of(space, at.tile, at.rotation)->seg_kind[f.loc]);
        if (m.quarter == 0xFFu) {
            carci_learn_msg(msg, msg_cap, "no quarter leads to location %u of (%d,%d)", f.loc, (int)m.x, (int)m.y);
            return CARC_EILLEGAL;
        }
        break;
    }
    case CARCI_ID_QUARTER:
        m.kind = CARC_MOVE_QUARTER;
        m.figure = (uint8_t)a.fig;
        m.quarter = (uint8_t)a.quarter;
        break;
    case CARCI_ID_COUNT:
        m.kind = CARC_MOVE_COUNT;
        m.quarter = (uint8_t)a.quarter;
        break;
    default:
        m.kind = CARC_MOVE_PASS;
        break;
    }
    *out = m;
    return CARC_OK;
}
