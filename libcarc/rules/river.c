/* SPDX-License-Identifier: MIT */
/*
 * The River (docs/rules.md section 3, rulings 23-24): the spring
 * starts the game, the River tiles are drawn first and the lake last, and a
 * River tile must extend the river at its one open end.
 *
 * Project rule for the U-turn (docs/rules.md 3.5): a bend may not turn the
 * same way as the previous bend, however many straight tiles lie between, so
 * the bends alternate left and right. The open-end check: the new open end
 * must face an empty cell (edge matching already makes it so; it is checked
 * here all the same, so that the rule stands on its own). Discard and redraw
 * remain the fallback for a River tile that cannot be placed.
 *
 * The river itself is a segment nobody may stand on (no figure rule allows
 * it), never scored; its edges split fields as a road does, which the core
 * does for every edge with field halves.
 */
#include "rules/state.h"
#include <stdio.h>

#define NO_END 0xFFFFu
enum { BEND_NONE = 0, BEND_LEFT = 1, BEND_RIGHT = 2 };

static const int8_t DX[4] = { 0, 1, 0, -1 };
static const int8_t DY[4] = { -1, 0, 1, 0 };
static const char *const SIDE[4] = { "N", "E", "S", "W" };

static bool is_river(uint32_t kind)
{
    return carci_kinds[kind].river != CARCI_NONE;
}

static uint8_t river_end(uint32_t kind)
{
    return carci_tiles[kind].seg[carci_kinds[kind].river].end;
}

/* Sides of the river of `kind` turned by `rot`. */
static unsigned river_sides(uint32_t kind, uint32_t rot)
{
    return carci_rot_sides(carci_tiles[kind].seg[carci_kinds[kind].river].edges, rot);
}

/* Draw order: the course tiles on top of the pile (shuffled), the lake under
 * them, then the land tiles (docs/rules.md 3.2, 3.3). The pile's top is its
 * last entry. */
static void river_deal(const carci_ruleset *rs, uint16_t *bag, uint32_t n)
{
    (void)rs;
    /* a stable partition by class (0 land, 1 the lake, 2 the course): each
     * tile's class once, then each tile to the next slot of its class */
    uint16_t tmp[CARCI_MAX_TILES];
    uint8_t cls[CARCI_MAX_TILES];
    uint32_t at[3] = { 0, 0, 0 };
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = bag[i];
        cls[i] = (uint8_t)(!is_river(k) ? 0 : river_end(k) == CARC_END_LAKE ? 1 : 2);
        at[cls[i]]++;
    }
    at[2] = at[0] + at[1];
    at[1] = at[0];
    at[0] = 0;
    for (uint32_t i = 0; i < n; i++)
        tmp[at[cls[i]]++] = bag[i];
    memcpy(bag, tmp, n * sizeof *bag);
}

/* River tiles left to draw that can be placed (the lake included) and
 * whether the lake is among them. A River tile with no place left does not
 * hold the others back: it is discarded when drawn (docs/rules.md 3.6; with
 * the Count the City of Carcassonne can hem the river in). */
static uint32_t river_left(const carc_game *g, bool *lake)
{
    const uint16_t *bag = CARCI_BAG(g);
    uint32_t n = 0;
    *lake = false;
    for (uint32_t i = 0, e = CARCI_HDR(g)->n_bag; i < e; i++)
        if (is_river(bag[i]) && carci_tile_placeable(g, bag[i])) {
            n++;
            *lake |= river_end(bag[i]) == CARC_END_LAKE;
        }
    return n;
}

static bool river_may_draw(const carc_game *g, uint32_t kind, char *err, size_t cap)
{
    bool lake;
    uint32_t left = river_left(g, &lake);
    if (!is_river(kind)) {
        if (left) {
            CARCI_WHY(err, cap, "%u River tiles are still to be drawn before any land tile", left);
            return false;
        }
        return true;
    }
    uint32_t others = left - (lake ? 1u : 0u); /* the placeable River tiles but the lake */
    if (river_end(kind) == CARC_END_LAKE && others > 0) {
        CARCI_WHY(err, cap, "the lake comes last: %u other River tiles are still to be drawn", others);
        return false;
    }
    return true;
}

static bool river_cell(const carc_game *g, uint32_t kind, int32_t *x, int32_t *y)
{
    (void)kind;
    if (carci_river_of(g)->in == NO_END)
        return false;
    *x = carci_river_of(g)->x;
    *y = carci_river_of(g)->y;
    return true;
}

/* The bend a river entering by side `in` and leaving by `out` makes. */
static unsigned bend_of(unsigned in, unsigned out)
{
    unsigned dir = (in + 2) & 3; /* the direction it flows in */
    if (out == dir)
        return BEND_NONE;
    return out == ((dir + 1) & 3) ? BEND_RIGHT : BEND_LEFT;
}

static bool river_ok(const carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot, char *err,
                     size_t cap)
{
    if (carci_river_of(g)->in == NO_END) {
        CARCI_WHY(err, cap, "the river has no open end left for %s", carci_tiles[kind].name);
        return false;
    }
    if (x != carci_river_of(g)->x || y != carci_river_of(g)->y) {
        CARCI_WHY(err, cap, "a River tile must extend the river at its open end (%d,%d)", (int)carci_river_of(g)->x,
                 (int)carci_river_of(g)->y);
        return false;
    }
    unsigned in = carci_river_of(g)->in, sides = river_sides(kind, rot);
    if (!(sides & (1u << in))) {
        CARCI_WHY(err, cap, "%s rotated %u does not take the river in by its %s side", carci_tiles[kind].name,
                 90u * rot, SIDE[in]);
        return false;
    }
    unsigned rest = sides & ~(1u << in);
    if (!rest)
        return true; /* the lake */
    unsigned out = (unsigned)__builtin_ctz(rest);
    unsigned bend = bend_of(in, out);
    if (bend != BEND_NONE && bend == carci_river_of(g)->bend) {
        CARCI_WHY(err, cap, "the river may not turn %s twice in a row (a U-turn)", bend == BEND_LEFT ? "left" : "right");
        return false;
    }
    uint16_t v = carci_cell(g, x + DX[out], y + DY[out]);
    if (v != CARCI_SLOT_EMPTY && !(v & CARCI_SLOT_FRONT)) {
        CARCI_WHY(err, cap, "the river's new open end would face a tile");
        return false;
    }
    return true;
}

/* The river's new open end after a River tile at (x, y). */
static void set_end(carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot, unsigned in)
{
    unsigned rest = river_sides(kind, rot) & ~(in < 4 ? 1u << in : 0u);
    if (!rest) {
        CARCI_SET(g, carci_river_of(g)->in, NO_END);
        return;
    }
    unsigned out = (unsigned)__builtin_ctz(rest);
    if (in < 4) {
        unsigned bend = bend_of(in, out);
        if (bend != BEND_NONE)
            CARCI_SET(g, carci_river_of(g)->bend, bend);
    }
    CARCI_SET(g, carci_river_of(g)->x, x + DX[out]);
    CARCI_SET(g, carci_river_of(g)->y, y + DY[out]);
    CARCI_SET(g, carci_river_of(g)->in, (out + 2) & 3);
}

static void river_placed(carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot)
{
    set_end(g, kind, x, y, rot, carci_river_of(g)->in);
}

static void river_started(carc_game *g)
{
    const carci_ruleset *rs = g->rs;
    carci_river_of(g)->in = NO_END;
    carci_river_of(g)->bend = BEND_NONE;
    if (is_river(rs->start_kind))
        set_end(g, rs->start_kind, rs->start_x, rs->start_y, rs->start_rot, 4u /* the spring: no way in */);
}

/* The open end and the last bend, into the position hash. */
static uint64_t river_mix(const carc_game *g, uint64_t acc)
{
    const carci_river_state *r = carci_river_of(g);
    return carci_fold(acc, (uint64_t)r->in | (uint64_t)r->bend << 16);
}

void carci_river_install(carci_ruleset *rs)
{
    carci_state_reserve(rs, CARCI_SLOT_RIVER, sizeof(carci_river_state));
    rs->mod_mix[CARCI_SLOT_RIVER] = river_mix;
    for (uint32_t k = 0; k < carci_tile_kinds; k++)
        if (is_river(k))
            rs->restricted[k >> 3] |= (uint8_t)(1u << (k & 7));
    rs->hooks.deal = river_deal;
    rs->hooks.may_draw = river_may_draw;
    rs->hooks.placement_ok = river_ok;
    rs->hooks.placement_cell = river_cell;
    rs->hooks.placed = river_placed;
    rs->hooks.started = river_started;
}
