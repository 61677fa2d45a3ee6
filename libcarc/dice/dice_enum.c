/* SPDX-License-Identifier: MIT */
/*
 * The Dice Game's legal actions (carc_dice_game_legal_actions): roll,
 * knights by die, builds by die, y, x, rotation over the window of the grid
 * (dice_grid.c), stop, knight option. Without flags, exactly the actions
 * carc_dice_game_play accepts.
 */
#include "dice_internal.h"

static void emit(carc_dice_action *buf, size_t cap, size_t *n, uint32_t kind, uint32_t die, int32_t x, int32_t y,
                 uint32_t rot)
{
    if (*n < cap) {
        carc_dice_action *a = &buf[*n];
        a->kind = kind;
        a->die = die;
        a->x = x;
        a->y = y;
        a->rotation = rot;
        a->reserved = 0;
    }
    (*n)++;
}

/* Whether an earlier free die shows the same face (CARC_DICE_ENUM_UNIQUE_DICE). */
static bool repeated_face(const carc_dice_game *g, unsigned die)
{
    for (unsigned d = 0; d < die; d++)
        if (g->st.dice[d].loc == CARC_DICE_LOC_POOL && g->st.dice[d].face == g->st.dice[die].face)
            return true;
    return false;
}

/* The rotations of a face to list: all four, or with `unique` the first of
 * those giving the same edges. */
static unsigned face_rotations(uint8_t face_edges, bool unique, uint8_t edges[4], unsigned rot[4])
{
    unsigned n = 0;
    for (unsigned r = 0; r < 4; r++) {
        uint8_t e = carci_dice_rot_edges(face_edges, r);
        bool dup = false;
        for (unsigned q = 0; q < n; q++)
            dup = dup || edges[q] == e;
        if (dup && unique)
            continue;
        edges[n] = e;
        rot[n++] = r;
    }
    return n;
}

/* The needs of every cell of the window at once (as carci_dice_cell_needs
 * gives them for one cell), from the built dice: bit s of mask[c] is set
 * when side s of cell c has a neighbour, bit s of need[c] is then the colour
 * that neighbour shows on the shared edge. Occupied cells get mask OCCUPIED. */
#define OCCUPIED 0x10u
static void window_needs(const carc_dice_game *g, const carci_dice_window *w, uint8_t *need, uint8_t *mask)
{
    uint32_t width = (uint32_t)(w->x1 - w->x0 + 1), height = (uint32_t)(w->y1 - w->y0 + 1);
    memset(need, 0, (size_t)width * height);
    memset(mask, 0, (size_t)width * height);
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_CITY)
            continue;
        uint8_t edges = carci_dice_die_edges(g, d);
        mask[(uint32_t)(e->y - w->y0) * width + (uint32_t)(e->x - w->x0)] = OCCUPIED;
        for (unsigned s = 0; s < 4; s++) {
            int32_t x = e->x + carci_dice_side_dx[s], y = e->y + carci_dice_side_dy[s];
            if (!carci_dice_in_window(w, x, y))
                continue;
            uint32_t c = (uint32_t)(y - w->y0) * width + (uint32_t)(x - w->x0);
            unsigned back = (s + 2u) & 3u; /* the side of that cell facing this die */
            mask[c] = (uint8_t)(mask[c] | 1u << back);
            need[c] = (uint8_t)(need[c] | (((unsigned)edges >> s) & 1u) << back);
        }
    }
}

/* The builds of every free city die over the window (the first die of a
 * turn: only 0,0). */
static void enumerate_builds(const carc_dice_game *g, carc_dice_action *buf, size_t cap, size_t *n, uint32_t flags)
{
    uint8_t need[CARCI_DICE_WMAX * CARCI_DICE_WMAX], mask[CARCI_DICE_WMAX * CARCI_DICE_WMAX];
    carci_dice_window w;
    bool empty = carci_dice_built_count(g) == 0;
    carci_dice_window_get(g, &w);
    if (empty)
        w.x0 = w.y0 = w.x1 = w.y1 = 0;
    uint32_t width = (uint32_t)(w.x1 - w.x0 + 1), cells = width * (uint32_t)(w.y1 - w.y0 + 1);
    window_needs(g, &w, need, mask);
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_POOL || e->face >= CARC_DICE_CITY_FACES)
            continue;
        if ((flags & CARC_DICE_ENUM_UNIQUE_DICE) && repeated_face(g, d))
            continue;
        uint8_t edges[4];
        unsigned rot[4];
        unsigned nrot = face_rotations(g->faces.city[e->face], (flags & CARC_DICE_ENUM_UNIQUE_ROTATIONS) != 0,
                                       edges, rot);
        for (uint32_t c = 0; c < cells; c++) {
            if (mask[c] & OCCUPIED)
                continue;
            if ((flags & CARC_DICE_ENUM_TOUCHING) && !empty && mask[c] == 0)
                continue;
            for (unsigned i = 0; i < nrot; i++)
                if (((edges[i] ^ need[c]) & mask[c]) == 0)
                    emit(buf, cap, n, CARC_DICE_ACT_BUILD, d, w.x0 + (int32_t)(c % width),
                         w.y0 + (int32_t)(c / width), rot[i]);
        }
    }
}

size_t carci_dice_enumerate(const carc_dice_game *g, carc_dice_action *buf, size_t cap, uint32_t flags)
{
    const carci_dice_state *st = &g->st;
    size_t n = 0;
    if (st->phase == CARC_DICE_PHASE_GAME_OVER)
        return 0;
    if (st->phase == CARC_DICE_PHASE_ROLL) {
        emit(buf, cap, &n, CARC_DICE_ACT_ROLL, 0, 0, 0, 0);
        return n;
    }
    if (st->phase == CARC_DICE_PHASE_CHOOSE) {
        if (st->rolls < CARC_DICE_MAX_ROLLS && carci_dice_count_loc(g, CARC_DICE_LOC_POOL) > 0)
            emit(buf, cap, &n, CARC_DICE_ACT_ROLL, 0, 0, 0, 0);
        for (unsigned d = 0; d < CARCI_DICE_N; d++) {
            const carci_dice_die *e = &st->dice[d];
            if (e->loc != CARC_DICE_LOC_POOL || e->face != CARC_DICE_FACE_KNIGHT)
                continue;
            if ((flags & CARC_DICE_ENUM_UNIQUE_DICE) && repeated_face(g, d))
                continue;
            emit(buf, cap, &n, CARC_DICE_ACT_SET_KNIGHT, d, 0, 0, 0);
        }
        enumerate_builds(g, buf, cap, &n, flags);
    }
    emit(buf, cap, &n, CARC_DICE_ACT_STOP, 0, 0, 0, 0);
    if (carci_dice_count_loc(g, CARC_DICE_LOC_KNIGHT) >= CARC_DICE_KNIGHT_OPTION_KNIGHTS)
        emit(buf, cap, &n, CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0);
    return n;
}
