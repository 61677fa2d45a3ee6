/* SPDX-License-Identifier: MIT */
/*
 * The Dice Game's city grid: edges of a die, where a die may be built (the
 * window that follows the city), which die lies where, what a cell asks of
 * a die built there, and the closed cities. With 9 dice at most, a cell is
 * looked up among the dice themselves: no array of cells.
 *
 * PROJECT DECISION (docs/dice.md, decision 2): the grid has no fixed edge.
 * The first die of a turn goes at (0, 0); a later die goes on any empty cell
 * at most CARC_DICE_GRID_RADIUS columns and rows beyond the dice built so
 * far, so every cell next to a built die can always be built on and no city
 * is ever left unclosable by the border of the grid.
 */
#include "dice_internal.h"

const int8_t carci_dice_side_dx[4] = { 0, 1, 0, -1 }; /* N E S W */
const int8_t carci_dice_side_dy[4] = { -1, 0, 1, 0 };

uint8_t carci_dice_rot_edges(uint8_t edges, unsigned rot)
{
    rot &= 3u;
    return (uint8_t)(((unsigned)edges << rot | (unsigned)edges >> (4u - rot)) & 0xFu);
}

uint8_t carci_dice_die_edges(const carc_dice_game *g, unsigned die)
{
    const carci_dice_die *d = &g->st.dice[die];
    if (d->face >= CARC_DICE_CITY_FACES)
        return 0;
    return carci_dice_rot_edges(g->faces.city[d->face], d->loc == CARC_DICE_LOC_CITY ? d->rot : 0u);
}

unsigned carci_dice_built_count(const carc_dice_game *g)
{
    unsigned n = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        n += g->st.dice[d].loc == CARC_DICE_LOC_CITY;
    return n;
}

/* The built dice always include (0, 0), the first die of the turn, so the
 * window of an empty grid is that of a die at (0, 0). */
void carci_dice_window_get(const carc_dice_game *g, carci_dice_window *w)
{
    int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_CITY)
            continue;
        x0 = e->x < x0 ? e->x : x0;
        y0 = e->y < y0 ? e->y : y0;
        x1 = e->x > x1 ? e->x : x1;
        y1 = e->y > y1 ? e->y : y1;
    }
    w->x0 = x0 - CARCI_DICE_R;
    w->y0 = y0 - CARCI_DICE_R;
    w->x1 = x1 + CARCI_DICE_R;
    w->y1 = y1 + CARCI_DICE_R;
}

bool carci_dice_in_window(const carci_dice_window *w, int32_t x, int32_t y)
{
    return x >= w->x0 && x <= w->x1 && y >= w->y0 && y <= w->y1;
}

int carci_dice_die_at(const carc_dice_game *g, int32_t x, int32_t y)
{
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc == CARC_DICE_LOC_CITY && e->x == x && e->y == y)
            return (int)d;
    }
    return -1;
}

/* ------------------------------------------------------------- matching */

/* What the occupied neighbours of (x, y) ask for: bit s of *mask is set
 * when side s has a neighbour, and bit s of *need is then the colour that
 * neighbour shows on the shared edge. A die with black edges e fits the
 * cell iff ((e ^ need) & mask) == 0 (D-2). */
void carci_dice_cell_needs(const carc_dice_game *g, int32_t x, int32_t y, uint8_t *need, uint8_t *mask)
{
    uint8_t n = 0, m = 0;
    for (unsigned s = 0; s < 4; s++) {
        int nb = carci_dice_die_at(g, x + carci_dice_side_dx[s], y + carci_dice_side_dy[s]);
        if (nb < 0)
            continue;
        m = (uint8_t)(m | 1u << s);
        n = (uint8_t)(n | (((unsigned)carci_dice_die_edges(g, (unsigned)nb) >> ((s + 2u) & 3u)) & 1u) << s);
    }
    *need = n;
    *mask = m;
}

bool carci_dice_fits(const carc_dice_game *g, uint8_t edges, int32_t x, int32_t y)
{
    uint8_t need, mask;
    carci_dice_cell_needs(g, x, y, &need, &mask);
    return ((edges ^ need) & mask) == 0;
}

/* D-8 with the window: whether the free city die `die` has a legal cell. */
bool carci_dice_placeable(const carc_dice_game *g, unsigned die)
{
    uint8_t base = carci_dice_die_edges(g, die);
    carci_dice_window w;
    if (carci_dice_built_count(g) == 0)
        return true; /* (0, 0) on an empty grid */
    carci_dice_window_get(g, &w);
    for (int32_t y = w.y0; y <= w.y1; y++)
        for (int32_t x = w.x0; x <= w.x1; x++) {
            if (carci_dice_die_at(g, x, y) >= 0)
                continue;
            for (unsigned r = 0; r < 4; r++)
                if (carci_dice_fits(g, carci_dice_rot_edges(base, r), x, y))
                    return true;
        }
    return false;
}

/* --------------------------------------------------------------- cities */

uint32_t carci_dice_largest_closed(const carc_dice_game *g, uint32_t *mask)
{
    uint32_t seen = 0, best = 0, best_mask = 0;
    for (unsigned d0 = 0; d0 < CARCI_DICE_N; d0++) {
        if (g->st.dice[d0].loc != CARC_DICE_LOC_CITY || (seen >> d0) & 1u)
            continue;
        /* flood the city of d0 through black-black edges */
        unsigned stack[CARCI_DICE_N], sp = 0;
        uint32_t comp = 1u << d0;
        bool closed = true;
        stack[sp++] = d0;
        seen |= 1u << d0;
        while (sp) {
            unsigned d = stack[--sp];
            uint8_t e = carci_dice_die_edges(g, d);
            for (unsigned s = 0; s < 4; s++) {
                if (!(((unsigned)e >> s) & 1u))
                    continue;
                int nb = carci_dice_die_at(g, g->st.dice[d].x + carci_dice_side_dx[s],
                                           g->st.dice[d].y + carci_dice_side_dy[s]);
                if (nb < 0) {
                    closed = false; /* a black edge facing an empty cell */
                    continue;
                }
                if (!((seen >> nb) & 1u)) {
                    seen |= 1u << nb;
                    comp |= 1u << nb;
                    stack[sp++] = (unsigned)nb;
                }
            }
        }
        uint32_t n = 0;
        for (uint32_t m = comp; m; m &= m - 1)
            n++;
        if (closed && n > best) {
            best = n;
            best_mask = comp;
        }
    }
    if (mask)
        *mask = best_mask;
    return best;
}
