/* SPDX-License-Identifier: MIT */
/*
 * The board (board.c): the cells, placed tiles and frontier, in a hash of
 * open addressing; the frontier's edge constraints; whether a tile fits
 * there and whether it can go anywhere; a placed tile's nodes as it is
 * laid, and the segments of its neighbours. Never installed.
 *
 * Inline for the hot path, which runs them for every candidate placement or
 * every tile laid: the hash probe and what reads a cell (carci_cell,
 * carci_fits, carci_front_nb), the fast path of the placement check
 * (carci_placement_ok), the laying of a tile's nodes (carci_tile_init) and
 * the nodes across its edges. carci_front_bound serves every clone and copy.
 */
#ifndef CARCI_CORE_BOARD_H
#define CARCI_CORE_BOARD_H

#include "core/journal.h"
#include "core/state.h"
#include "core/zobrist.h"
#include <stdbool.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The frontier never holds more than 2 n + 4 cells (n tiles placed): the
 * first tile opens at most 4 cells and every later one is laid on a
 * frontier cell and opens at most 3. Nor has it ever, in any state a game
 * can undo back to (n only grows during play). Slots of the frontier arrays
 * past this bound, rounded up to the 16-cell scans, are dead in every such
 * state: a clone need not copy them. engine.properties checks the bound. */
static inline uint32_t carci_front_bound(uint32_t n_placed, uint32_t front_cap)
{
    uint32_t b = (2 * n_placed + 4 + 15) & ~15u;
    return b < front_cap ? b : front_cap;
}
/* A free slot's key words: no cell is that far out (start positions are
 * within -16000..16000); a byte pattern, so that memset clears the keys. */
#define CARCI_KEY_EMPTY ((int16_t)-32640) /* 0x8080 */
static inline uint32_t carci_hash_key(int32_t x, int32_t y)
{
    return ((uint32_t)x & 0xFFFFu) | ((uint32_t)y << 16);
}
/* The first slot of the bucket of a key. */
static inline uint32_t carci_hash_bucket(uint32_t key, uint32_t cap)
{
    return ((key * 0x9E3779B1u) >> 16) & (cap - 1) & ~3u;
}
/* The slot of cell (x, y), or CARCI_NONE32 with *free_slot (if not NULL) the
 * slot a new key goes to: one bucket of four keys compared at once, the next
 * bucket only when this one is full. Slots are never freed during play and a
 * key takes the first free slot from its bucket on, so a bucket with a free
 * slot ends the search. */
static inline uint32_t carci_hash_probe(const carc_game *g, int32_t x, int32_t y, uint32_t *free_slot)
{
    const int16_t *k = CARCI_HKEYS(g);
    uint32_t cap = g->rs->hash_cap, key = carci_hash_key(x, y), i = carci_hash_bucket(key, cap);
#if defined(__SSE2__)
    const __m128i kv = _mm_set1_epi32((int)key), ev = _mm_set1_epi32((uint16_t)CARCI_KEY_EMPTY),
                  xs = _mm_set1_epi32(0xFFFF);
    for (;;) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(k + 2 * i));
        unsigned hit = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(b, kv)));
        unsigned free =
            (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, xs), ev)));
        if (hit | free) {
            if (free_slot)
                *free_slot = i + (uint32_t)__builtin_ctz(free | 16u);
            return hit ? i + (uint32_t)__builtin_ctz(hit) : CARCI_NONE32;
        }
        i = (i + 4) & (cap - 1);
    }
#else
    for (;;) {
        for (uint32_t j = i; j < i + 4; j++) {
            if (k[2 * j] == (int16_t)x && k[2 * j + 1] == (int16_t)y)
                return j;
            if (k[2 * j] == CARCI_KEY_EMPTY) {
                if (free_slot)
                    *free_slot = j;
                return CARCI_NONE32;
            }
        }
        i = (i + 4) & (cap - 1);
    }
#endif
}
/* Cells lie within this of the origin (start positions within -16000..16000
 * and at most CARCI_MAX_TILES tiles on the board): a key has 16-bit
 * coordinates, so a position further out is no cell. */
#define CARCI_COORD_LIMIT 20000
static inline uint32_t carci_hash_find(const carc_game *g, int32_t x, int32_t y)
{
    if ((uint32_t)x + CARCI_COORD_LIMIT > 2u * CARCI_COORD_LIMIT ||
        (uint32_t)y + CARCI_COORD_LIMIT > 2u * CARCI_COORD_LIMIT)
        return CARCI_NONE32;
    return carci_hash_probe(g, x, y, NULL);
}
static inline uint16_t carci_cell(const carc_game *g, int32_t x, int32_t y)
{
    uint32_t s = carci_hash_find(g, x, y);
    return s == CARCI_NONE32 ? CARCI_SLOT_EMPTY : CARCI_HVALS(g)[s];
}
static inline bool carci_fits(uint16_t need_mask, uint8_t sig)
{
    return ((sig ^ (uint8_t)need_mask) & (uint8_t)(need_mask >> 8)) == 0;
}
bool carci_tile_placeable(const carc_game *g, uint32_t kind);
uint32_t carci_front_index(const carc_game *g, int32_t x, int32_t y); /* or CARCI_NONE32 */
static inline uint8_t carci_front_nb(const carc_game *g, uint32_t fi, unsigned side)
{
    return (uint8_t)(CARCI_FNB(g)[2 * fi + (side >> 1)] >> (8 * (side & 1)));
}
/* The four of them in one word: side s in bits 8 s to 8 s + 7. */
static inline uint32_t carci_front_nbw(const carc_game *g, uint32_t fi)
{
    const uint16_t *w = &CARCI_FNB(g)[2 * fi];
    return w[0] | (uint32_t)w[1] << 16;
}
/* The sides with a placed neighbour in such a word (bit s: side s), without
 * a branch: bit 7 of each byte that is not CARCI_NONE, gathered into bits 0-3
 * by one multiply (the four products land on distinct bits, no carry). */
static inline unsigned carci_nbw_placed(uint32_t nbw)
{
    _Static_assert(CARCI_NONE == 0xFFu, "no neighbour: a byte of ones");
    uint32_t m = ~nbw; /* a byte is 0 where there is no neighbour */
    uint32_t hi = (((m & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | m) & 0x80808080u;
    return (unsigned)(((hi >> 7) * 0x01020408u) >> 24) & 0xFu;
}
/* nb: the placed neighbour on each side of the cell (read from the frontier
 * before the call), or CARCI_NONE */
void carci_board_place(carc_game *g, uint32_t fi, int32_t x, int32_t y, uint32_t kind, uint32_t rot,
                       const uint8_t nb[4]);

/* After carci_board_place: placed tile t (kind turned rot at (x, y), its
 * first node `base`) and its segments, each a feature of its own. */
static inline void carci_tile_init(carc_game *g, uint16_t t, int32_t x, int32_t y, uint32_t kind, uint32_t rot,
                                   uint16_t base)
{
    const carci_kindinfo *ki = &g->rs->kinds[kind];
    carci_placed *p = &CARCI_PLACED(g)[t];
    CARCI_INIT(p->x, x);
    CARCI_INIT(p->y, y);
    CARCI_INIT(p->kind, kind);
    CARCI_INIT(p->rot_base, rot | (uint32_t)base << 2);
    CARCI_HSET(g, n_placed, t + 1);
    carci_zob_add(g, carci_zob_key(CARCI_ZOB_TILE, x, y, kind << 2 | rot));
    carci_node *nd = CARCI_NODES(g);
#if defined(__SSE2__)
    /* the kind's template plus (base, base, 0, t) in each node, eight nodes
     * in four stores whatever the kind's count (no loop to mispredict; the
     * slots past the kind's segments are dead: past n_nodes) */
    const __m128i add = _mm_set_epi16((short)t, 0, (short)base, (short)base, (short)t, 0, (short)base, (short)base);
    const __m128i *tp = (const __m128i *)(const void *)g->rs->node_tmpl[kind];
    __m128i *np = (__m128i *)(void *)&nd[base];
    _Static_assert(sizeof(carci_node) == 8 && CARCI_NODE_TMPL == 8, "two nodes a store, four stores");
    _mm_storeu_si128(np, _mm_add_epi16(_mm_loadu_si128(tp), add));
    _mm_storeu_si128(np + 1, _mm_add_epi16(_mm_loadu_si128(tp + 1), add));
    _mm_storeu_si128(np + 2, _mm_add_epi16(_mm_loadu_si128(tp + 2), add));
    _mm_storeu_si128(np + 3, _mm_add_epi16(_mm_loadu_si128(tp + 3), add));
    for (unsigned i = CARCI_NODE_TMPL; i < ki->nseg; i++) {
#else
    for (unsigned i = 0; i < ki->nseg; i++) {
#endif
        uint16_t n = (uint16_t)(base + i);
        CARCI_INIT(nd[n].parent, n);
        CARCI_INIT(nd[n].next, n);
        CARCI_INIT(nd[n].open, ki->seg_open[i]);
        CARCI_INIT(nd[n].tile_occ, t);
    }
    CARCI_HSET(g, n_nodes, base + ki->nseg);
}

/* ---- neighbours of placed tiles (play.c, rules/) -------------------- */
/* The port across the edge from port p (docs/rules.md 1.2): 0<->5, 1<->4, 2<->7, 3<->6. */
static inline unsigned carci_facing_port(unsigned p)
{
    return 2 * (((p >> 1) + 2) & 3) + (1 - (p & 1));
}

/* A placed tile's kind as it is turned (carci_rotinfo). */
static inline const carci_rotinfo *carci_placed_info(const carc_game *g, const carci_placed *p)
{
    return &g->rs->rot[p->kind][carci_placed_rot(p)];
}
/* The node of the segment of placed tile t that touches board side `side`
 * (road/city/river), or board port `port` (fields). */
static inline uint16_t carci_side_node(const carc_game *g, uint16_t t, unsigned side)
{
    const carci_placed *p = &CARCI_PLACED(g)[t];
    return (uint16_t)(carci_placed_base(p) + carci_placed_info(g, p)->side_seg[side]);
}
static inline uint16_t carci_port_node(const carc_game *g, uint16_t t, unsigned port)
{
    const carci_placed *p = &CARCI_PLACED(g)[t];
    return (uint16_t)(carci_placed_base(p) + carci_placed_info(g, p)->port_seg[port]);
}

/* Whether a place move's tile may be placed at its cell now (fits and the
 * module rules), with the reason. */
bool carci_placement_fail(const carc_game *g, uint32_t fi, uint32_t kind, int32_t x, int32_t y, uint32_t rot,
                          char *err, size_t cap);
static inline bool carci_placement_ok(const carc_game *g, uint32_t fi, uint32_t kind, int32_t x, int32_t y,
                                      uint32_t rot, char *err, size_t cap)
{
    if (carci_fits(CARCI_FNM(g)[fi], carci_rot_sig(g->rs->kinds[kind].sig, rot)) && !carci_restricted(g->rs, kind))
        return true;
    return carci_placement_fail(g, fi, kind, x, y, rot, err, cap);
}

#endif
