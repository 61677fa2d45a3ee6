/* SPDX-License-Identifier: MIT */
/*
 * The City of Carcassonne (docs/rules.md sections 8.1
 * and 8.2): the 12 tiles of tiles/count.inc laid as one block in place of
 * the start tile, the field halves joined across its inner sides, the Count
 * on the castle; and where the River's spring may lie beside it (project
 * ruling of section 1.7). The quarters and the decisions are in count.c.
 */
#include "rules/state.h"
#include <stdio.h>

/* The block: CO/1..CO/12 row by row from (-2,-1), four wide; CO/7 at (0,0). */
#define BLOCK_X0 (-2)
#define BLOCK_Y0 (-1)
#define BLOCK_W 4
#define BLOCK_H 3

static const int8_t DX[4] = { 0, 1, 0, -1 };
static const int8_t DY[4] = { -1, 0, 1, 0 };

uint32_t carci_count_first_kind(void)
{
    uint32_t k = 0;
    while (carci_tiles[k].module != CARC_MODULE_COUNT)
        k++;
    return k;
}

/* The CO tile (0..11) at (x, y), or -1 outside the block. */
static int block_tile(int32_t x, int32_t y)
{
    int32_t i = x - BLOCK_X0, j = y - BLOCK_Y0;
    return (i < 0 || i >= BLOCK_W || j < 0 || j >= BLOCK_H) ? -1 : (int)(j * BLOCK_W + i);
}

/* Lay the block, each tile next to one laid before it, and join the field
 * halves across its inner sides (setup writes, not journaled). */
void carci_count_setup(carc_game *g)
{
    static const uint8_t ORDER[12] = { 6, 5, 7, 4, 2, 1, 3, 0, 10, 9, 11, 8 }; /* CO/7, CO/6, CO/8, ... */
    carci_hdr *h = CARCI_HDR(g);
    uint32_t k0 = carci_count_first_kind();
    for (unsigned o = 0; o < 12; o++) {
        unsigned i = ORDER[o];
        int32_t x = BLOCK_X0 + (int32_t)(i % BLOCK_W), y = BLOCK_Y0 + (int32_t)(i / BLOCK_W);
        uint32_t kind = k0 + i;
        uint32_t fi = o ? carci_front_index(g, x, y) : CARCI_NONE32;
        uint8_t nb[4] = { CARCI_NONE, CARCI_NONE, CARCI_NONE, CARCI_NONE };
        for (unsigned b = 0; fi != CARCI_NONE32 && b < 4; b++)
            nb[b] = carci_front_nb(g, fi, b);
        uint16_t t = h->n_placed, base = h->n_nodes;
        carci_board_place(g, fi, x, y, kind, 0, nb);
        carci_tile_init(g, t, x, y, kind, 0, base);
        const carci_kindinfo *ki = &g->rs->kinds[kind];
        for (unsigned b = 0; b < 4; b++) {
            if (nb[b] == CARCI_NONE)
                continue;
            const carci_placed *p = &CARCI_PLACED(g)[nb[b]];
            const carci_kindinfo *kn = &g->rs->kinds[p->kind];
            for (unsigned q = 2 * b; q < 2 * b + 2; q++) {
                uint8_t a = ki->port_seg[q], c = kn->port_seg[carci_facing_port(q)];
                if (a != CARCI_NONE && c != CARCI_NONE)
                    carci_union(g, (uint16_t)(base + a), (uint16_t)(carci_placed_base(p) + c));
            }
        }
    }
    carci_coc_of(g)->count = CARC_QUARTER_CASTLE; /* the Count starts on the castle (section 1.1) */
    for (uint32_t p = 0; p < CARCI_MAX_PLAYERS; p++)
        carci_coc_of(g)->big[p] = CARCI_NO_QUARTER;
}

carc_status carci_count_check_spring(uint32_t kind, int32_t x, int32_t y, uint32_t rot, char *err, size_t cap)
{
    const carci_kindinfo *ki = &carci_kinds[kind];
    if (block_tile(x, y) >= 0) {
        CARCI_WHY(err, cap, "start tile at (%d,%d): the cell lies in the City of Carcassonne", (int)x, (int)y);
        return CARC_ERANGE;
    }
    uint8_t sig = carci_rot_sig(ki->sig, rot);
    unsigned river = ki->river == CARCI_NONE ? 0u : carci_rot_sides(carci_tiles[kind].seg[ki->river].edges, rot);
    bool touches = false, field = false;
    uint32_t k0 = carci_count_first_kind();
    for (unsigned s = 0; s < 4; s++) {
        int b = block_tile(x + DX[s], y + DY[s]);
        if (b < 0)
            continue;
        unsigned mine = (sig >> (2 * s)) & 3u, theirs = (carci_kinds[k0 + (unsigned)b].sig >> (2 * ((s + 2) & 3))) & 3u;
        if ((river >> s) & 1u) {
            CARCI_WHY(err, cap, "start tile at (%d,%d) rotated %u: the spring's river must flow away from the City of "
                                "Carcassonne", (int)x, (int)y, 90u * rot);
            return CARC_ERANGE;
        }
        if (mine != theirs) {
            CARCI_WHY(err, cap, "start tile at (%d,%d) rotated %u: an edge does not match the City of Carcassonne",
                      (int)x, (int)y, 90u * rot);
            return CARC_ERANGE;
        }
        touches = true;
        field |= mine == CARC_EDGE_FIELD;
    }
    if (!touches || !field) {
        CARCI_WHY(err, cap, "start tile: the spring must touch a field edge of the City of Carcassonne "
                            "(docs/rules.md 8.2)");
        return CARC_ERANGE;
    }
    return CARC_OK;
}

