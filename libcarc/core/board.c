/*
 * The board: an open-addressing hash of cells (placed tiles and the frontier
 * of empty cells next to them) and the frontier itself, kept as parallel
 * arrays: each empty cell with the edge types its placed neighbours require
 * (need), which sides they constrain (mask), and which placed tile is on each
 * side. Cells are never removed from the hash during play (a frontier cell
 * becomes a placed one), so undo, which restores slots in reverse order,
 * keeps linear probing valid.
 */
#include "internal.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

uint32_t carci_front_index(const carc_game *g, int32_t x, int32_t y)
{
    uint16_t v = carci_cell(g, x, y);
    return (v != CARCI_SLOT_EMPTY && (v & CARCI_SLOT_FRONT)) ? (uint32_t)(v & 0x7FFFu) : CARCI_NONE32;
}

/* Key (x, y) and value val into the free slot i (carci_hash_probe). Only the
 * x word, which says whether the slot is in use, is journaled: undo frees
 * the slot again, and a free slot's y and value are dead (CARCI_INIT). */
static uint32_t hash_set(carc_game *g, uint32_t i, int32_t x, int32_t y, uint16_t val)
{
    int16_t *k = CARCI_HKEYS(g);
    CARCI_INIT(k[2 * i + 1], y);
    CARCI_INIT(CARCI_HVALS(g)[i], val);
    CARCI_SET(g, k[2 * i], x);
    return i;
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
    uint8_t sig = g->rs->kinds[kind].sig;
    uint8_t s1 = carci_rot_sig(sig, 1), s2 = carci_rot_sig(sig, 2), s3 = carci_rot_sig(sig, 3);
    uint32_t n = CARCI_HDR(g)->n_front;
#if defined(__SSE2__)
    /* eight cells at a time (the frontier arrays are padded to a multiple of 8) */
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

static void set_nb(carc_game *g, uint32_t fi, unsigned side, uint8_t t)
{
    uint16_t *w = &CARCI_FNB(g)[2 * fi + (side >> 1)];
    unsigned sh = 8 * (side & 1);
    CARCI_SET(g, *w, (*w & ~(0xFFu << sh)) | (uint32_t)t << sh);
}

/*
 * Put tile `kind` turned `rot` on the frontier cell (x, y) (or, for the start
 * tile, on an empty board): the cell becomes placed tile number n_placed,
 * leaves the frontier, and its empty neighbours join the frontier or get the
 * new constraint. Connecting segments is the caller's job (play.c).
 */
void carci_board_place(carc_game *g, uint32_t fi_placed, int32_t x, int32_t y, uint32_t kind, uint32_t rot,
                       const uint8_t nb[4])
{
    carci_hdr *h = CARCI_HDR(g);
    uint16_t *hv = CARCI_HVALS(g);
    uint16_t *fslot = CARCI_FSLOT(g), *fnm = CARCI_FNM(g), *fnb = CARCI_FNB(g);
    uint16_t idx = h->n_placed;

    if (fi_placed == CARCI_NONE32) {
        uint32_t slot = 0; /* only the start tile, on an empty board */
        carci_hash_probe(g, x, y, &slot);
        hash_set(g, slot, x, y, idx);
    } else {
        uint16_t fi = (uint16_t)fi_placed;
        uint16_t last = (uint16_t)(h->n_front - 1);
        CARCI_SET(g, hv[fslot[fi]], idx);
        if (fi != last) {
            uint16_t ms = fslot[last];
            CARCI_SET(g, fslot[fi], ms);
            CARCI_SET(g, fnm[fi], fnm[last]);
            CARCI_SET(g, fnb[2 * fi], fnb[2 * last]);
            CARCI_SET(g, fnb[2 * fi + 1], fnb[2 * last + 1]);
            CARCI_SET(g, hv[ms], CARCI_SLOT_FRONT | fi);
        }
        CARCI_HSET(g, n_front, last);
    }

    uint8_t sig = carci_rot_sig(g->rs->kinds[kind].sig, rot);
    unsigned empty = 0; /* sides without a placed tile (placed ones need nothing here) */
    for (unsigned side = 0; side < 4; side++)
        empty |= (unsigned)(nb[side] == CARCI_NONE) << side;
    for (; empty; empty &= empty - 1) {
        unsigned side = (unsigned)__builtin_ctz(empty);
        int32_t nx = x + DX[side], ny = y + DY[side];
        unsigned facing = (side + 2) & 3;
        uint16_t bits = (uint16_t)(((sig >> (2 * side)) & 3u) << (2 * facing));
        uint16_t mask = (uint16_t)(3u << (2 * facing + 8));
        uint32_t slot = 0, ns = carci_hash_probe(g, nx, ny, &slot);
        if (ns == CARCI_NONE32) {
            /* a new frontier cell: its only placed neighbour is this tile */
            uint16_t fi = h->n_front;
            uint16_t w[2] = { 0xFFFFu, 0xFFFFu };
            w[facing >> 1] = (uint16_t)((0xFFFFu & ~(0xFFu << (8 * (facing & 1)))) | (uint32_t)idx << (8 * (facing & 1)));
            /* journaled, not CARCI_INIT: the frontier also shrinks during play
             * (swap-remove above), so this slot may hold a cell an undo brings back */
            CARCI_SET(g, fslot[fi], hash_set(g, slot, nx, ny, CARCI_SLOT_FRONT | fi));
            CARCI_SET(g, fnm[fi], bits | mask);
            CARCI_SET(g, fnb[2 * fi], w[0]);
            CARCI_SET(g, fnb[2 * fi + 1], w[1]);
            CARCI_HSET(g, n_front, fi + 1);
        } else {
            uint16_t fi = (uint16_t)(hv[ns] & 0x7FFFu); /* not placed: nb says so */
            CARCI_SET(g, fnm[fi], fnm[fi] | bits | mask);
            set_nb(g, fi, facing, (uint8_t)idx);
        }
    }
}
