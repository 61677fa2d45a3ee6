/* SPDX-License-Identifier: MIT */
/*
 * The board: an open-addressing hash of cells (placed tiles and the frontier
 * of empty cells next to them) and the frontier itself, kept as parallel
 * arrays: each empty cell with the edge types its placed neighbours require
 * (need), which sides they constrain (mask), and which placed tile is on each
 * side. Cells are never removed from the hash during play (a frontier cell
 * becomes a placed one), so undo, which restores slots in reverse order,
 * keeps linear probing valid.
 */
#include "core/board.h"
#include "core/journal.h"
#include "core/kinds.h"
#include "core/last_error.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

uint32_t carci_front_index(const carc_game *g, int32_t x, int32_t y)
{
    uint16_t v = carci_cell(g, x, y);
    return (v != CARCI_SLOT_EMPTY && (v & CARCI_SLOT_FRONT)) ? (uint32_t)(v & 0x7FFFu) : CARCI_NONE32;
}

static const int8_t DX[4] = { 0, 1, 0, -1 };
static const int8_t DY[4] = { -1, 0, 1, 0 };

/* A kind whose placements a module restricts: its one possible cell (out of
 * line, so that the base game's scan below stays as it was). */
__attribute__((noinline)) static bool restricted_placeable(const carc_game *g, uint32_t kind)
{
    int32_t x, y;
    if (!g->rs->hooks.placement_cell(g, kind, &x, &y))
        return false;
    uint32_t fi = carci_front_index(g, x, y);
    if (fi == CARCI_NONE32)
        return false;
    for (uint32_t r = 0; r < 4; r++)
        if (carci_placement_ok(g, fi, kind, x, y, r, NULL, 0))
            return true;
    return false;
}

bool carci_tile_placeable(const carc_game *g, uint32_t kind)
{
    if (carci_restricted(g->rs, kind))
        return restricted_placeable(g, kind);
    const uint16_t *nm = CARCI_FNM(g);
    const carci_rotinfo *ri = g->rs->rot[kind];
    uint8_t sig = ri[0].sig, s1 = ri[1].sig, s2 = ri[2].sig, s3 = ri[3].sig;
    uint32_t n = CARCI_HDR(g)->n_front;
#if defined(__SSE2__)
    /* eight cells at a time (the frontier arrays are padded to a multiple of 16) */
    const __m128i lo = _mm_set1_epi16(0xFF), zero = _mm_setzero_si128();
    const __m128i v0 = _mm_set1_epi16(sig), v1 = _mm_set1_epi16(s1), v2 = _mm_set1_epi16(s2),
                  v3 = _mm_set1_epi16(s3);
    for (uint32_t i = 0; i < n; i += 8) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(nm + i));
        __m128i need = _mm_and_si128(v, lo), mask = _mm_srli_epi16(v, 8);
        __m128i ok = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(_mm_xor_si128(v0, need), mask), zero),
                         _mm_cmpeq_epi16(_mm_and_si128(_mm_xor_si128(v1, need), mask), zero)),
            _mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(_mm_xor_si128(v2, need), mask), zero),
                         _mm_cmpeq_epi16(_mm_and_si128(_mm_xor_si128(v3, need), mask), zero)));
        unsigned bits = (unsigned)_mm_movemask_epi8(ok);
        if (n - i < 8)
            bits &= (1u << (2 * (n - i))) - 1; /* lanes past the frontier */
        if (bits)
            return true;
    }
    return false;
#else
    for (uint32_t i = 0; i < n; i++)
        if (carci_fits(nm[i], sig) || carci_fits(nm[i], s1) || carci_fits(nm[i], s2) || carci_fits(nm[i], s3))
            return true;
    return false;
#endif
}

/* The frontier's need | mask word for a neighbour across side `side` of a
 * tile whose edge there is `edge`: the neighbour's facing side needs it. */
static inline uint16_t need_across(unsigned side, unsigned edge)
{
    unsigned facing = (side + 2) & 3;
    return (uint16_t)(edge << (2 * facing) | 3u << (2 * facing + 8));
}

/*
 * Put tile `kind` turned `rot` on the frontier cell (x, y) (or, for the start
 * tile, on an empty board): the cell becomes placed tile number n_placed,
 * leaves the frontier, and its empty neighbours join the frontier or get the
 * new constraint. Connecting segments is the caller's job (play.c).
 *
 * Compiled twice (`journal` is a constant in each copy): the journal's end
 * stays in a register, and the copy without the journal writes none.
 */
static inline __attribute__((always_inline)) void board_place(carc_game *g, uint32_t fi_placed, int32_t x,
                                                              int32_t y, uint32_t kind, uint32_t rot,
                                                              const uint8_t nb[4], const bool journal)
{
    uint16_t *st = g->st;
    uint32_t *trail = g->trail;
    size_t tl = g->trail_len;
    /* a journaled write: the word's offset and old value, then the new value */
#define BSET(w, v)                                                                                                 \
    do {                                                                                                           \
        uint16_t *w_ = (w);                                                                                        \
        if (journal)                                                                                               \
            trail[tl++] = ((uint32_t)(w_ - st) << 16) | *w_;                                                       \
        *w_ = (uint16_t)(v);                                                                                       \
    } while (0)
    const carci_ruleset *rs = g->rs;
    carci_hdr *h = CARCI_HDR(g);
    uint16_t *hv = st + rs->off_hash + 2 * rs->hash_cap;
    int16_t *hk = (int16_t *)(void *)(st + rs->off_hash);
    uint16_t *fslot = st + rs->off_fslot, *fnm = st + rs->off_fnm, *fnb = st + rs->off_fnb;
    uint16_t idx = h->n_placed;
    uint32_t nf = h->n_front;

    if (fi_placed == CARCI_NONE32) {
        uint32_t slot = 0; /* only the start tile, on an empty board */
        carci_hash_probe(g, x, y, &slot);
        hk[2 * slot + 1] = (int16_t)y;
        hv[slot] = idx;
        BSET((uint16_t *)(void *)&hk[2 * slot], x);
    } else {
        uint32_t fi = fi_placed, last = nf - 1;
        BSET(&hv[fslot[fi]], idx);
        if (fi != last) { /* the last cell takes the placed one's index */
            uint16_t ms = fslot[last];
            BSET(&fslot[fi], ms);
            BSET(&fnm[fi], fnm[last]);
            BSET(&fnb[2 * fi], fnb[2 * last]);
            BSET(&fnb[2 * fi + 1], fnb[2 * last + 1]);
            BSET(&hv[ms], CARCI_SLOT_FRONT | fi);
        }
        nf = last;
    }

    uint8_t sig = rs->rot[kind][rot].sig;
    /* sides without a placed tile (placed ones need nothing here) */
    unsigned empty = ~carci_nbw_placed(nb[0] | nb[1] << 8 | nb[2] << 16 | (uint32_t)nb[3] << 24) & 0xFu;
    for (; empty; empty &= empty - 1) {
        unsigned side = (unsigned)__builtin_ctz(empty), facing = (side + 2) & 3;
        int32_t nx = x + DX[side], ny = y + DY[side];
        uint16_t need = need_across(side, (sig >> (2 * side)) & 3u);
        uint32_t slot = 0, ns = carci_hash_probe(g, nx, ny, &slot);
        if (ns == CARCI_NONE32) {
            /* a new frontier cell: its only placed neighbour is this tile.
             * Journaled, not CARCI_INIT: the frontier also shrinks during
             * play (the swap above), so this slot may hold a cell an undo
             * brings back. */
            uint32_t nbw = ~(0xFFu << (8 * facing)) | (uint32_t)idx << (8 * facing);
            hk[2 * slot + 1] = (int16_t)ny;
            hv[slot] = (uint16_t)(CARCI_SLOT_FRONT | nf);
            BSET((uint16_t *)(void *)&hk[2 * slot], nx);
            BSET(&fslot[nf], slot);
            BSET(&fnm[nf], need);
            BSET(&fnb[2 * nf], nbw);
            BSET(&fnb[2 * nf + 1], nbw >> 16);
            nf++;
        } else {
            uint32_t fi = hv[ns] & 0x7FFFu; /* not placed: nb says so */
            uint16_t *w = &fnb[2 * fi + (facing >> 1)];
            unsigned sh = 8 * (facing & 1);
            BSET(&fnm[fi], fnm[fi] | need);
            BSET(w, (*w & ~(0xFFu << sh)) | (uint32_t)idx << sh);
        }
    }
    CARCI_HSET(g, n_front, nf);
    g->trail_len = tl;
#undef BSET
}

void carci_board_place(carc_game *g, uint32_t fi, int32_t x, int32_t y, uint32_t kind, uint32_t rot,
                       const uint8_t nb[4])
{
    if (g->no_journal)
        board_place(g, fi, x, y, kind, rot, nb, false);
    else
        board_place(g, fi, x, y, kind, rot, nb, true);
}

/* The slow path of carci_placement_ok: a tile that does not fit, or a kind
 * whose placements a module restricts. */
bool carci_placement_fail(const carc_game *g, uint32_t fi, uint32_t kind, int32_t x, int32_t y, uint32_t rot,
                          char *err, size_t cap)
{
    if (!carci_fits(CARCI_FNM(g)[fi], carci_rot_sig(g->rs->kinds[kind].sig, rot))) {
        CARCI_WHY(err, cap, "%s at (%d,%d) rotated %u: an edge does not match its neighbour", carci_tiles[kind].name,
                 (int)x, (int)y, 90u * rot);
        return false;
    }
    if (carci_restricted(g->rs, kind) && !g->rs->hooks.placement_ok(g, kind, x, y, rot, err, cap))
        return false;
    return true;
}
