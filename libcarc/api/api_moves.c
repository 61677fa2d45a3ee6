/* SPDX-License-Identifier: MIT */
/*
 * Move lists, legal-move enumeration, checking and playing moves: argument
 * checks; the work is in core/enumerate.c and core/play.c.
 */
#include "core/board.h"
#include "core/enumerate.h"
#include "core/journal.h"
#include "core/last_error.h"
#include "core/play.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/alloc.h"
#include <stddef.h>

carc_status carc_movelist_new(carc_movelist **out, const carc_game *g)
{
    if (out)
        *out = NULL;
    if (!out || !g)
        return CARC_EINVAL;
    carc_movelist *l = carci_alloc(&g->alloc, sizeof *l);
    if (!l)
        return CARC_ENOMEM;
    memset(l, 0, sizeof *l);
    l->alloc = g->alloc;
    /* room for every placement of any tile: enumerating placements and
     * figure options never allocates again */
    l->cap = 4 * (size_t)g->rs->front_cap;
    l->moves = carci_alloc(&l->alloc, l->cap * sizeof *l->moves);
    if (!l->moves) {
        carci_free(&l->alloc, l, sizeof *l);
        return CARC_ENOMEM;
    }
    *out = l;
    return CARC_OK;
}

void carc_movelist_free(carc_movelist *l)
{
    if (!l)
        return;
    carc_allocator a = l->alloc;
    carci_free(&a, l->moves, l->cap * sizeof *l->moves);
    carci_free(&a, l, sizeof *l);
}

size_t carc_movelist_count(const carc_movelist *l)
{
    return l ? l->n : 0;
}

carc_status carc_movelist_get(carc_move *out, const carc_movelist *l, size_t i)
{
    if (!out || !l)
        return CARC_EINVAL;
    if (i >= l->n)
        return CARC_ERANGE;
    *out = l->moves[i];
    return CARC_OK;
}

const carc_move *carc_movelist_data(const carc_movelist *l)
{
    return l && l->n ? l->moves : NULL;
}

/* The placement part of carci_plain_place (the figure and segment of m
 * are not looked at). */
static inline bool carci_plain_cell(const carc_game *g, const carc_move *m, uint32_t *fi)
{
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t ci = h->cur_idx; /* 0xFFFF when the game is over */
    if (m->kind != CARC_MOVE_PLACE || (m->quarter | m->reserved) != 0 || m->rotation > 3 ||
        (h->over | h->step) != 0 || ci == 0xFFFFu || m->tile != CARCI_BAG(g)[ci])
        return false;
    uint16_t v = carci_cell(g, m->x, m->y);
    if (v == CARCI_SLOT_EMPTY || !(v & CARCI_SLOT_FRONT))
        return false;
    uint32_t f = v & 0x7FFFu;
    if (!carci_fits(CARCI_FNM(g)[f], g->rs->rot[m->tile][m->rotation].sig) ||
        (carci_restricted(g->rs, m->tile) && !carci_restricted_ok(g, m)))
        return false;
    *fi = f;
    return true;
}
/* The common place move in a few tests, before the full check: the tile to
 * place, on a frontier cell it fits (and where its module lets it go, for a
 * kind a module restricts), while a place move is pending, with a legal
 * figure action. true: legal, *fi its cell; false: not such a move or not
 * legal, and the full check decides (and says why). */
static inline bool carci_plain_place(const carc_game *g, const carc_move *m, uint32_t *fi)
{
    if (!carci_plain_cell(g, m, fi))
        return false;
    return m->figure == CARC_FIGURE_NONE ? m->segment == CARC_NO_SEGMENT : carci_figure_ok(g, m, *fi);
}

carc_status carc_game_placements(carc_movelist *l, const carc_game *g, uint32_t kind, uint32_t flags)
{
    if (!l || !g || (flags & ~(uint32_t)CARC_ENUM_UNIQUE_ROTATIONS))
        return CARC_EINVAL;
    if (kind >= carci_tile_kinds)
        return CARC_ERANGE;
    l->n = 0;
    return carci_enum_placements(l, g, kind, flags);
}

carc_status carc_game_figure_options(carc_movelist *l, const carc_game *g, const carc_move *p)
{
    if (!l || !g || !p)
        return CARC_EINVAL;
    /* the placement of p (its figure and segment are not looked at) */
    uint32_t fi = CARCI_NONE32;
    if (!carci_plain_cell(g, p, &fi)) {
        carc_move m = *p;
        m.figure = CARC_FIGURE_NONE;
        m.segment = CARC_NO_SEGMENT;
        carc_status s = carci_check_move(g, &m, NULL, 0, &fi);
        if (s != CARC_OK)
            return s;
    }
    l->n = 0;
    if (!carci_movelist_reserve(l, g->rs->max_actions))
        return CARC_ENOMEM;
    carci_enum_figures(l, g, p, fi);
    return CARC_OK;
}

carc_status carc_game_legal_moves(carc_movelist *l, const carc_game *g, uint32_t flags)
{
    if (!l || !g || (flags & ~(uint32_t)CARC_ENUM_UNIQUE_ROTATIONS))
        return CARC_EINVAL;
    return carci_enum_legal(l, g, flags);
}

carc_status carc_game_check_move(const carc_game *g, const carc_move *m)
{
    if (!g || !m)
        return CARC_EINVAL;
    return carci_check_move(g, m, NULL, 0, NULL);
}

carc_status carc_game_check_move_msg(const carc_game *g, const carc_move *m, char *msg, size_t cap)
{
    if (!msg && cap)
        return CARC_EINVAL;
    if (cap)
        msg[0] = '\0';
    if (!g || !m) {
        /* carc_game_play's text for a NULL move */
        CARCI_WHY(msg, cap, "%s", !g ? "NULL game" : "NULL move");
        return CARC_EINVAL;
    }
    carc_status s = carci_check_move(g, m, msg, cap, NULL);
    if (s == CARC_OK && cap)
        msg[0] = '\0';
    return s;
}

carc_status carc_game_play(carc_game *g, const carc_move *m)
{
    if (!g || !m)
        return g ? carci_fail(g, CARC_EINVAL, "NULL move") : CARC_EINVAL;
    uint32_t fi = CARCI_NONE32;
    carc_status s;
    if (!carci_plain_place(g, m, &fi) && (s = carci_check_move(g, m, g->err, sizeof g->err, &fi)) != CARC_OK)
        return s;
    if (!g->unit_open) {
        s = carci_unit_begin(g);
        if (s != CARC_OK)
            return carci_fail(g, s, "out of memory");
    }
    carci_play_legal(g, m, fi);
    g->unit_open = false;
    carci_clear_error(g);
    return CARC_OK;
}
