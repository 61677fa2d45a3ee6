/* SPDX-License-Identifier: MIT */
/*
 * The features a segment of a tile would belong to once the tile is laid on
 * a frontier cell, and the occupancy rule over them (docs/rules.md 2.6: the
 * whole feature "as far as it reaches over the board", not only this
 * tile).
 *
 * A segment joins the features of its placed neighbours, and through them
 * every other segment of the same tile that meets one of those features,
 * with that segment's neighbours in turn: two fields of a tile that a road
 * separates become one field when both touch the same field next door, and
 * a farmer placed on either then stands in every field either touches. The
 * rule looks at all of them, not only at the segment's own neighbours.
 */
#include "core/occupancy.h"
#include "core/board.h"
#include "core/features.h"
#include "core/kinds.h"
#include "core/state.h"
#include "tiles/catalogue.h"

unsigned carci_near_roots(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                          unsigned segs, carci_near_set *ns)
{
    const carci_rotinfo *ri = &g->rs->rot[kind][rot];
    const carci_node *nd = CARCI_NODES(g);
    unsigned occupied = 0;
    memset(ns->n, 0, sizeof ns->n);
    /* side by side: the neighbour across it, then the segment of the tile on
     * that edge (road, city) and on each of its half-edges (fields) */
    for (; placed; placed &= placed - 1) {
        unsigned b = (unsigned)__builtin_ctz(placed);
        uint16_t v = carci_front_nb(g, fi, b);
        uint8_t here[3] = { ri->side_seg[b], ri->port_seg[2 * b], ri->port_seg[2 * b + 1] };
        uint16_t there[3] = { carci_side_node(g, v, (b + 2) & 3), carci_port_node(g, v, carci_facing_port(2 * b)),
                              carci_port_node(g, v, carci_facing_port(2 * b + 1)) };
        for (unsigned j = 0; j < 3; j++) {
            unsigned s = here[j];
            if (s == CARCI_NONE || !((segs >> s) & 1u))
                continue;
            uint16_t r = carci_find(g, there[j]);
            ns->root[s][ns->n[s]++] = r;
            occupied |= (unsigned)((nd[r].tile_occ >> 8) != 0) << s;
        }
    }
    return occupied;
}

/* Whether segments s and o meet a common feature. */
static bool share(const carci_near_set *ns, unsigned s, unsigned o)
{
    for (unsigned i = 0; i < ns->n[s]; i++)
        for (unsigned j = 0; j < ns->n[o]; j++)
            if (ns->root[s][i] == ns->root[o][j])
                return true;
    return false;
}

unsigned carci_joined_segments(const carci_near_set *ns, unsigned segs, unsigned seg)
{
    unsigned in = 1u << seg, todo = in;
    while (todo) {
        unsigned s = (unsigned)__builtin_ctz(todo);
        todo &= todo - 1;
        for (unsigned rest = segs & ~in; rest; rest &= rest - 1) {
            unsigned o = (unsigned)__builtin_ctz(rest);
            if (share(ns, s, o)) {
                in |= 1u << o;
                todo |= 1u << o;
            }
        }
    }
    return in;
}

/* The segments among `segs` (of kind turned rot on frontier cell fi) that
 * would belong to a feature holding a figure: those next to one, then every
 * segment that meets a feature a taken one meets, until none is added (a
 * search over "meets a common feature" from the segments next to a figure
 * finds exactly the groups that hold one). */
static unsigned taken_among(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                            unsigned segs)
{
    carci_near_set ns;
    unsigned taken = carci_near_roots(g, fi, placed, kind, rot, segs, &ns);
    if (!taken)
        return 0; /* the common case: nothing around holds a figure */
    unsigned cand = 0;
    for (unsigned m = segs & ~taken; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctz(m);
        cand |= (unsigned)(ns.n[s] != 0) << s;
    }
    for (unsigned todo = taken; todo && cand;) {
        unsigned t = (unsigned)__builtin_ctz(todo);
        todo &= todo - 1;
        for (unsigned m = cand; m; m &= m - 1) {
            unsigned s = (unsigned)__builtin_ctz(m);
            if (share(&ns, t, s)) {
                taken |= 1u << s;
                todo |= 1u << s;
                cand &= ~(1u << s);
            }
        }
    }
    return taken;
}

unsigned carci_taken_segments(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot)
{
    const carci_kindinfo *k = &g->rs->kinds[kind];
    return taken_among(g, fi, placed, kind, rot, (unsigned)(k->rc_mask | k->field_mask));
}

bool carci_segment_taken(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot, uint32_t seg)
{
    /* only segments of its own kind can join it */
    const carci_kindinfo *k = &g->rs->kinds[kind];
    const unsigned bit = 1u << seg;
    unsigned same = (k->field_mask & bit) ? k->field_mask
                    : (k->city_mask & bit) ? k->city_mask
                    : (k->rc_mask & bit)   ? k->rc_mask & ~k->city_mask
                                           : 0;
    /* none: a monastery or garden, occupied by its figure, and the tile is new */
    return (taken_among(g, fi, placed, kind, rot, same) & bit) != 0;
}
