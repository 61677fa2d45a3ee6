/*
 * Move lists, legal-move enumeration, checking and playing moves.
 */
#include "internal.h"

struct carc_movelist {
    carc_allocator alloc;
    carc_move *moves;
    size_t n, cap;
};

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

static bool reserve(carc_movelist *l, size_t need)
{
    if (need <= l->cap)
        return true;
    size_t cap = l->cap ? l->cap : 64;
    while (cap < need)
        cap *= 2;
    carc_move *m = carci_realloc(&l->alloc, l->moves, l->cap * sizeof *m, cap * sizeof *m);
    if (!m)
        return false;
    l->moves = m;
    l->cap = cap;
    return true;
}

/* Append the placements of `kind` to l (l->n is not reset). */
static carc_status placements(carc_movelist *l, const carc_game *g, uint32_t kind, uint32_t flags)
{
    const carci_front *f = CARCI_FRONT(g);
    uint32_t nf = CARCI_HDR(g)->n_front;
    if (!reserve(l, l->n + 4 * (size_t)nf))
        return CARC_ENOMEM;
    const carci_kindinfo *k = &g->rs->kinds[kind];
    unsigned rots = (flags & CARC_ENUM_UNIQUE_ROTATIONS) ? k->unique_rot : 0xFu;
    uint8_t sig[4];
    for (unsigned r = 0; r < 4; r++)
        sig[r] = carci_rot_sig(k->sig, r);
    carc_move *out = l->moves + l->n;
    for (uint32_t i = 0; i < nf; i++) {
        uint16_t nm = f[i].need_mask;
        for (unsigned r = 0; r < 4; r++) {
            if (!(rots & (1u << r)) || !carci_fits(nm, sig[r]))
                continue;
            carc_move m = { f[i].x, f[i].y, (uint16_t)kind, (uint8_t)r, CARC_FIGURE_NONE, CARC_NO_SEGMENT,
                            { 0, 0, 0 } };
            *out++ = m;
        }
    }
    l->n = (size_t)(out - l->moves);
    return CARC_OK;
}

carc_status carc_game_placements(carc_movelist *l, const carc_game *g, uint32_t kind, uint32_t flags)
{
    if (!l || !g || (flags & ~(uint32_t)CARC_ENUM_UNIQUE_ROTATIONS))
        return CARC_EINVAL;
    if (kind >= carci_tile_kinds)
        return CARC_ERANGE;
    l->n = 0;
    return placements(l, g, kind, flags);
}

/* Append the figure options after a legal placement p (first: no figure). */
static void figure_options(carc_movelist *l, const carc_game *g, const carc_move *p)
{
    const carci_hdr *h = CARCI_HDR(g);
    carc_move m = *p;
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    l->moves[l->n++] = m;
    if (h->supply[h->cur] == 0)
        return;
    bool farmers = (g->rs->modules & CARC_MODULE_FARMERS) != 0;
    const carci_tiledef *t = &carci_tiles[p->tile];
    for (unsigned i = 0; i < t->nseg; i++) {
        uint8_t k = t->seg[i].kind;
        if (k == CARC_SEG_FIELD ? !farmers : (k != CARC_SEG_ROAD && k != CARC_SEG_CITY && k != CARC_SEG_MONASTERY))
            continue;
        if (!carci_segment_free(g, p->x, p->y, p->tile, p->rotation, i))
            continue;
        m.figure = CARC_FIGURE_FOLLOWER;
        m.segment = (uint8_t)i;
        l->moves[l->n++] = m;
    }
}

carc_status carc_game_figure_options(carc_movelist *l, const carc_game *g, const carc_move *p)
{
    if (!l || !g || !p)
        return CARC_EINVAL;
    carc_move m = *p;
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    char err[8];
    carc_status s = carci_check_move(g, &m, err, sizeof err);
    if (s != CARC_OK)
        return s;
    l->n = 0;
    if (!reserve(l, CARCI_MAX_SEG + 1))
        return CARC_ENOMEM;
    figure_options(l, g, &m);
    return CARC_OK;
}

carc_status carc_game_legal_moves(carc_movelist *l, const carc_game *g, uint32_t flags)
{
    if (!l || !g || (flags & ~(uint32_t)CARC_ENUM_UNIQUE_ROTATIONS))
        return CARC_EINVAL;
    const carci_hdr *h = CARCI_HDR(g);
    l->n = 0;
    if (h->over)
        return CARC_EGAME_OVER;
    carc_status s = placements(l, g, CARCI_BAG(g)[h->n_bag - 1], flags);
    if (s != CARC_OK)
        return s;
    size_t np = l->n;
    if (!reserve(l, np * (CARCI_MAX_SEG + 2))) {
        l->n = 0;
        return CARC_ENOMEM;
    }
    /* expand in place from the back: placements move to the end first */
    size_t tail = l->cap - np;
    memmove(l->moves + tail, l->moves, np * sizeof *l->moves);
    l->n = 0;
    for (size_t i = 0; i < np; i++) {
        carc_move p = l->moves[tail + i];
        figure_options(l, g, &p);
    }
    return CARC_OK;
}

carc_status carc_game_check_move(const carc_game *g, const carc_move *m)
{
    if (!g || !m)
        return CARC_EINVAL;
    char err[8];
    return carci_check_move(g, m, err, sizeof err);
}

carc_status carc_game_play(carc_game *g, const carc_move *m)
{
    if (!g || !m)
        return g ? carci_fail(g, CARC_EINVAL, "NULL move") : CARC_EINVAL;
    carc_status s = carci_check_move(g, m, g->err, sizeof g->err);
    if (s != CARC_OK)
        return s;
    if (!g->unit_open) {
        s = carci_unit_begin(g);
        if (s != CARC_OK)
            return carci_fail(g, s, "out of memory");
    }
    carci_apply_move(g, m);
    carci_advance(g);
    g->unit_open = false;
    carci_clear_error(g);
    return CARC_OK;
}
