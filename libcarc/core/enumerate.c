/* SPDX-License-Identifier: MIT */
/*
 * Enumerating moves: the placements of a tile (every frontier cell tested
 * against the four rotated edge signatures, eight or sixteen cells at a
 * time: SSE2, or AVX2 where the processor has it), the
 * figure actions after a placement, and every legal answer to the pending
 * decision.
 */
#include "core/enumerate.h"
#include "core/board.h"
#include "core/kinds.h"
#include "core/occupancy.h"
#include "core/play.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/alloc.h"
#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if CARCI_AVX2_DISPATCH
#include <immintrin.h>
#endif

bool carci_movelist_grow(carc_movelist *l, size_t need)
{
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

/* Clear the hit bits of nf cells (before a scan), and those of the lanes
 * past the frontier that a scan of whole blocks set (after it). */
static inline void hits_clear(uint64_t *hits, uint32_t nf)
{
    for (uint32_t w = 0; w < (nf + 63) / 64; w++)
        hits[w] = 0;
}
static inline void hits_trim(uint64_t *hits, uint32_t nf)
{
    if (nf & 63)
        hits[nf >> 6] &= (1ull << (nf & 63)) - 1;
}

/*
 * fit[i] = the rotations r in `rots` whose edge signature sig[r] fits frontier
 * cell i (need | mask << 8 in nm[i]): ((sig ^ need) & mask) == 0; and bit i of
 * `hits` set when fit[i] is not 0. Eight cells at a time with SSE2 (the
 * frontier arrays are padded to a multiple of 16).
 */
static void carci_fit_masks(uint8_t *fit, uint64_t *hits, const uint16_t *nm, uint32_t nf, const uint8_t sig[4],
                            unsigned rots)
{
    hits_clear(hits, nf);
#if defined(__SSE2__)
    const __m128i lo = _mm_set1_epi16(0xFF), zero = _mm_setzero_si128();
    __m128i sv[4], bit[4];
    for (unsigned r = 0; r < 4; r++) {
        sv[r] = _mm_set1_epi16(sig[r]);
        bit[r] = _mm_set1_epi16((short)(((rots >> r) & 1u) << r)); /* 0: a rotation not wanted */
    }
    for (uint32_t i = 0; i < nf; i += 8) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(nm + i));
        __m128i need = _mm_and_si128(v, lo), mask = _mm_srli_epi16(v, 8);
        __m128i acc = zero;
        for (unsigned r = 0; r < 4; r++) {
            __m128i bad = _mm_and_si128(_mm_xor_si128(sv[r], need), mask);
            acc = _mm_or_si128(acc, _mm_and_si128(_mm_cmpeq_epi16(bad, zero), bit[r]));
        }
        __m128i bytes = _mm_packus_epi16(acc, zero);
        _mm_storel_epi64((__m128i *)(void *)(fit + i), bytes);
        uint64_t any = (uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, zero)) & 0xFF);
        hits[i >> 6] |= any << (i & 63);
    }
#else
    for (uint32_t i = 0; i < nf; i++) {
        unsigned need = nm[i] & 0xFFu, mask = nm[i] >> 8, f = 0;
        for (unsigned r = 0; r < 4; r++)
            f |= (unsigned)((((sig[r] ^ need) & mask) == 0) & ((rots >> r) & 1u)) << r;
        fit[i] = (uint8_t)f;
        hits[i >> 6] |= (uint64_t)(f != 0) << (i & 63);
    }
#endif
    hits_trim(hits, nf);
}

/* The placements of a kind whose cell a module decides (hooks.placement_cell). */
static carc_status restricted_placements(carc_movelist *l, const carc_game *g, uint32_t kind, unsigned rots)
{
    int32_t x, y;
    if (!carci_movelist_reserve(l, l->n + 4))
        return CARC_ENOMEM;
    uint32_t fi;
    if (!g->rs->hooks.placement_cell(g, kind, &x, &y) || (fi = carci_front_index(g, x, y)) == CARCI_NONE32)
        return CARC_OK;
    for (uint32_t r = 0; r < 4; r++) {
        if (!((rots >> r) & 1u) || !carci_placement_ok(g, fi, kind, x, y, r, NULL, 0))
            continue;
        carc_move m;
        memset(&m, 0, sizeof m);
        m.x = x;
        m.y = y;
        m.tile = (uint16_t)kind;
        m.rotation = (uint8_t)r;
        m.segment = CARC_NO_SEGMENT;
        l->moves[l->n++] = m;
    }
    return CARC_OK;
}

/* the k-th rotation in each mask of fitting rotations */
#define CARCI_ROT_MASKS(X)                                                                                          \
    X(0, 0, 0, 0), X(0, 0, 0, 0), X(1, 0, 0, 0), X(0, 1, 0, 0), X(2, 0, 0, 0), X(0, 2, 0, 0), X(1, 2, 0, 0),   \
        X(0, 1, 2, 0), X(3, 0, 0, 0), X(0, 3, 0, 0), X(1, 3, 0, 0), X(0, 1, 3, 0), X(2, 3, 0, 0), X(0, 2, 3, 0), \
        X(1, 2, 3, 0), X(0, 1, 2, 3)
/* the rotations in each mask */
static const uint8_t POP4[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };
#if defined(__SSE2__)
/* The moves of each mask of fitting rotations, as their rotation byte
 * (offset 10: bits 16-23 of a move's third word): the four moves of a cell
 * are its template ORed with a row, in four 16-byte stores (SSE2) or two
 * 32-byte ones (AVX2). */
#define CARCI_ROT_WORD(r) { 0, 0, (uint32_t)(r) << 16, 0 }
#define CARCI_ROT_MOVES(a, b, c, d) { CARCI_ROT_WORD(a), CARCI_ROT_WORD(b), CARCI_ROT_WORD(c), CARCI_ROT_WORD(d) }
_Alignas(32) static const uint32_t ROTW[16][4][4] = { CARCI_ROT_MASKS(CARCI_ROT_MOVES) };
#undef CARCI_ROT_MOVES
#undef CARCI_ROT_WORD

/* A move is 16 bytes: template (x = y = 0) | position, one store each; the
 * template's upper half is tile, rotation, figure (none) in one word and
 * segment (none), kind (place), quarter and reserved (0) in the next (x86 is
 * little-endian). */
_Static_assert(sizeof(carc_move) == 16 && offsetof(carc_move, x) == 0 && offsetof(carc_move, y) == 4 &&
                   offsetof(carc_move, tile) == 8 && offsetof(carc_move, rotation) == 10 &&
                   offsetof(carc_move, figure) == 11 && offsetof(carc_move, segment) == 12 &&
                   offsetof(carc_move, kind) == 13 && offsetof(carc_move, quarter) == 14 &&
                   CARC_FIGURE_NONE == 0 && CARC_MOVE_PLACE == 0,
               "carc_move layout");
static inline __m128i move_template(uint32_t kind)
{
    return _mm_set_epi32((int)CARC_NO_SEGMENT, (int)kind, 0, 0);
}
/* The template t0 at frontier cell i: the cell's key words (x, y) in one
 * load, widened to the move's two int32 with their signs. */
static inline __attribute__((always_inline)) __m128i cell_move(__m128i t0, const int16_t *hk, const uint16_t *fslot,
                                                               uint32_t i)
{
    int32_t xy;
    memcpy(&xy, hk + 2 * fslot[i], sizeof xy);
    __m128i k16 = _mm_cvtsi32_si128(xy);
    return _mm_or_si128(t0, _mm_srai_epi32(_mm_unpacklo_epi16(k16, k16), 16));
}
#endif

#if CARCI_AVX2_DISPATCH
/*
 * The placements with AVX2 (x86-64 processors that have it, found at run
 * time with BMI1: rs->avx2): sixteen frontier cells a fit test, and the four moves of
 * a cell in two 32-byte stores. The same moves in the same order as the
 * SSE2 loop below. The frontier is taken 64 cells at a time: their masks of
 * fitting rotations, and the cells with one in a register, then their moves.
 */
__attribute__((target("avx2,bmi"))) static carc_move *placements_avx2(carc_move *out, const carc_game *g,
                                                                      uint32_t kind, uint32_t nf, uint8_t sig0, unsigned rots)
{
    /* the bytes of the moves of each mask (POP4[f] moves of 16 bytes) */
    static const uint8_t ADV[16] = { 0, 16, 16, 32, 16, 32, 32, 48, 16, 32, 32, 48, 32, 48, 48, 64 };
    const uint16_t *fslot = CARCI_FSLOT(g), *nm = CARCI_FNM(g);
    const int16_t *hk = CARCI_HKEYS(g);
    _Alignas(16) uint8_t fit[64];
    const __m256i lo = _mm256_set1_epi16(0xFF), zero = _mm256_setzero_si256();
    __m256i sv[4], bit[4];
    for (unsigned r = 0; r < 4; r++) {
        sv[r] = _mm256_set1_epi16(carci_rot_sig(sig0, r));
        bit[r] = _mm256_set1_epi16((short)(((rots >> r) & 1u) << r)); /* 0: a rotation not wanted */
    }
    /* two moves' upper halves: tile, rotation 0, no figure, no segment, a place move */
    const __m256i t0 = _mm256_set_epi32((int)CARC_NO_SEGMENT, (int)kind, 0, 0, (int)CARC_NO_SEGMENT, (int)kind, 0, 0);
    for (uint32_t base = 0; base < nf; base += 64) {
        uint32_t end = nf - base < 64 ? nf - base : 64;
        uint64_t hits = 0;
        /* the frontier arrays are padded to a multiple of 16 */
        for (uint32_t i = 0; i < end; i += 16) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(nm + base + i));
            __m256i need = _mm256_and_si256(v, lo), mask = _mm256_srli_epi16(v, 8);
            __m256i acc = zero;
            for (unsigned r = 0; r < 4; r++) {
                __m256i bad = _mm256_and_si256(_mm256_xor_si256(sv[r], need), mask);
                acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_cmpeq_epi16(bad, zero), bit[r]));
            }
            /* the sixteen bytes in cell order (the pack works per 128-bit lane) */
            __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(acc, zero), 0x08);
            __m128i bytes = _mm256_castsi256_si128(packed);
            _mm_store_si128((__m128i *)(void *)(fit + i), bytes);
            uint64_t any = (uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())) & 0xFFFF);
            hits |= any << i;
        }
        if (end < 64)
            hits &= (1ull << end) - 1; /* lanes past the frontier */
        const uint16_t *sw = fslot + base;
        for (; hits; hits = _blsr_u64(hits)) {
            uint64_t i = _tzcnt_u64(hits);
            unsigned f = fit[i];
            /* the cell's key words (x, y), sign-extended into x and y of both moves */
            int32_t xy;
            memcpy(&xy, hk + 2 * (uint64_t)sw[i], sizeof xy);
            __m256i v = _mm256_cvtepi16_epi32(_mm_set1_epi32(xy));
            v = _mm256_blend_epi32(v, t0, 0xCC);
            const __m256i *rw = (const __m256i *)(const void *)ROTW[f];
            _mm256_storeu_si256((__m256i *)(void *)&out[0], _mm256_or_si256(v, _mm256_load_si256(rw)));
            _mm256_storeu_si256((__m256i *)(void *)&out[2], _mm256_or_si256(v, _mm256_load_si256(rw + 1)));
            out = (carc_move *)(void *)((char *)out + ADV[f]);
        }
    }
    return out;
}
#endif

/* The placements with SSE2 (or none): the frontier's masks of fitting
 * rotations first, then the moves. Out of line, so that the AVX2 path does
 * not pay for this one's frame. */
static __attribute__((noinline)) carc_move *placements_sse2(carc_move *out, const carc_game *g, uint32_t kind,
                                                             uint32_t nf, uint8_t sig0, unsigned rots)
{
    const uint16_t *fslot = CARCI_FSLOT(g);
    const int16_t *hk = CARCI_HKEYS(g);
    const uint16_t *fnm = CARCI_FNM(g);
    uint8_t sig[4];
    for (unsigned r = 0; r < 4; r++)
        sig[r] = carci_rot_sig(sig0, r);
    /* first a mask of fitting rotations per cell (a loop compilers vectorise),
     * then the moves */
    uint8_t fit[2 * CARCI_MAX_TILES + 4 + 8];
    uint64_t hits[(2 * CARCI_MAX_TILES + 4 + 63) / 64 + 1];
    carci_fit_masks(fit, hits, fnm, nf, sig, rots);
    /* then the moves, from per-rotation templates: for each cell that takes
     * the tile, four moves are written and the output advances by the number
     * of fitting rotations (ROTS[mask][k] is the k-th rotation in mask) */
#if !defined(__SSE2__)
#define CARCI_ROT_BYTES(a, b, c, d) { a, b, c, d }
    static const uint8_t ROTS[16][4] = { CARCI_ROT_MASKS(CARCI_ROT_BYTES) };
#undef CARCI_ROT_BYTES
#endif
#if defined(__SSE2__)
    const __m128i t0 = move_template(kind);
#else
    carc_move tmpl[4];
    for (unsigned r = 0; r < 4; r++) {
        memset(&tmpl[r], 0, sizeof tmpl[r]);
        tmpl[r].tile = (uint16_t)kind;
        tmpl[r].rotation = (uint8_t)r;
        tmpl[r].figure = CARC_FIGURE_NONE;
        tmpl[r].segment = CARC_NO_SEGMENT;
    }
#endif
    for (uint32_t w = 0; w < (nf + 63) / 64; w++) {
        for (uint64_t bits = hits[w]; bits; bits &= bits - 1) {
            uint32_t i = 64 * w + (uint32_t)__builtin_ctzll(bits);
            unsigned f = fit[i];
#if defined(__SSE2__)
            __m128i v = cell_move(t0, hk, fslot, i);
            const __m128i *rw = (const __m128i *)(const void *)ROTW[f];
            _mm_storeu_si128((__m128i *)(void *)&out[0], _mm_or_si128(v, _mm_load_si128(rw)));
            _mm_storeu_si128((__m128i *)(void *)&out[1], _mm_or_si128(v, _mm_load_si128(rw + 1)));
            _mm_storeu_si128((__m128i *)(void *)&out[2], _mm_or_si128(v, _mm_load_si128(rw + 2)));
            _mm_storeu_si128((__m128i *)(void *)&out[3], _mm_or_si128(v, _mm_load_si128(rw + 3)));
#else
            int32_t x = hk[2 * fslot[i]], y = hk[2 * fslot[i] + 1];
            const uint8_t *rot = ROTS[f];
            out[0] = tmpl[rot[0]];
            out[1] = tmpl[rot[1]];
            out[2] = tmpl[rot[2]];
            out[3] = tmpl[rot[3]];
            out[0].x = out[1].x = out[2].x = out[3].x = x;
            out[0].y = out[1].y = out[2].y = out[3].y = y;
#endif
            out += POP4[f];
        }
    }
    return out;
}

/* Append the placements of `kind` to l (l->n is not reset). */
carc_status carci_enum_placements(carc_movelist *l, const carc_game *g, uint32_t kind, uint32_t flags)
{
    if (carci_restricted(g->rs, kind))
        return restricted_placements(l, g, kind,
                                     (flags & CARC_ENUM_UNIQUE_ROTATIONS) ? g->rs->kinds[kind].unique_rot : 0xFu);
    uint32_t nf = CARCI_HDR(g)->n_front;
    if (!carci_movelist_reserve(l, l->n + 4 * (size_t)nf))
        return CARC_ENOMEM;
    const carci_kindinfo *k = &g->rs->kinds[kind];
    unsigned rots = (flags & CARC_ENUM_UNIQUE_ROTATIONS) ? k->unique_rot : 0xFu;
    carc_move *out = l->moves + l->n;
#if CARCI_AVX2_DISPATCH
    if (g->rs->avx2)
        out = placements_avx2(out, g, kind, nf, k->sig, rots);
    else
#endif
        out = placements_sse2(out, g, kind, nf, k->sig, rots);
    l->n = (size_t)(out - l->moves);
    return CARC_OK;
}

/* Append figure f on every segment of the placed tile it may take; `taken`:
 * the segments whose feature would hold a figure (carci_taken_segments). */
static inline __attribute__((always_inline)) void append_on(carc_movelist *l, const carc_game *g, carc_move *m,
                                                            uint32_t fi, unsigned placed, unsigned f, unsigned taken,
                                                            const bool own)
{
    unsigned e = g->rs->eligible[f][m->tile];
    if (own) {
        /* a figure of rs->joins_own joins a feature of its owner's: one that
         * holds a figure, so only taken segments are worth asking about */
        e &= taken;
        if (e)
            e &= g->rs->hooks.figure_mask(g, fi, placed, m->tile, m->rotation, f);
    } else {
        e &= ~taken; /* the occupancy rule */
    }
    for (; e; e &= e - 1) {
        m->figure = (uint8_t)f;
        m->segment = (uint8_t)__builtin_ctz(e);
        l->moves[l->n++] = *m;
    }
}

static inline void append_figure(carc_movelist *l, const carc_game *g, carc_move *m, uint32_t fi, unsigned placed,
                                 unsigned f, unsigned taken)
{
    /* one loop, compiled twice (`own` is a constant in each call): the
     * figures of rs->joins_own by their module's rule, the others by occupancy */
    if ((g->rs->joins_own >> f) & 1u)
        append_on(l, g, m, fi, placed, f, taken, true);
    else
        append_on(l, g, m, fi, placed, f, taken, false);
}

/* The figures of one per player, then the modules' own figure actions. */
static void append_specials(carc_movelist *l, const carc_game *g, carc_move *m, uint32_t fi, unsigned placed,
                            unsigned taken)
{
    const carci_hdr *h = CARCI_HDR(g);
    const carci_ruleset *rs = g->rs;
    uint32_t cur = h->cur;
    for (unsigned fs = h->specials[cur] & rs->specials; fs; fs &= fs - 1)
        append_figure(l, g, m, fi, placed, (unsigned)__builtin_ctz(fs), taken);
    if (rs->hooks.action_enum)
        rs->hooks.action_enum(l, g, m);
}

/* Append the figure actions after a legal placement p: first no figure, then
 * the follower on each segment it may take, then the other figures (by the
 * figure rules of the modules: rs->eligible), then the modules' own figure
 * actions (hooks.action_enum). */
void carci_enum_figures(carc_movelist *l, const carc_game *g, const carc_move *p, uint32_t fi)
{
    const carci_hdr *h = CARCI_HDR(g);
    carc_move m = *p;
    m.figure = CARC_FIGURE_NONE;
    m.segment = CARC_NO_SEGMENT;
    l->moves[l->n++] = m;
    if (h->supply[h->cur] == 0 && !g->rs->specials)
        return;
    unsigned placed = carci_front_placed(g, fi);
    unsigned taken = carci_taken_segments(g, fi, placed, m.tile, m.rotation);
    if (h->supply[h->cur] != 0)
        append_figure(l, g, &m, fi, placed, CARC_FIGURE_FOLLOWER, taken);
    if (g->rs->specials)
        append_specials(l, g, &m, fi, placed, taken);
}

/* The pass move that declines an optional decision. */
static void append_pass(carc_movelist *l)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.segment = CARC_NO_SEGMENT;
    l->moves[l->n++] = m;
}

carc_status carci_enum_legal(carc_movelist *l, const carc_game *g, uint32_t flags)
{
    const carci_hdr *h = CARCI_HDR(g);
    l->n = 0;
    if (h->over)
        return CARC_EGAME_OVER;
    if (h->step) /* a module's decision (hooks.enum_step) */
        return g->rs->hooks.enum_step(l, g);
    carc_pending pd;
    carci_pending(g, &pd);
    bool pass = (pd.flags & CARC_PENDING_OPTIONAL) != 0;
    carc_status s = carci_enum_placements(l, g, CARCI_BAG(g)[carci_current_index(g)], flags);
    if (s != CARC_OK)
        return s;
    size_t np = l->n;
    /* room for every figure action of every placement, and for the
     * placements themselves at the end until they are read */
    if (!carci_movelist_reserve(l, np * (g->rs->max_actions + 1) + 1)) {
        l->n = 0;
        return CARC_ENOMEM;
    }
    /* expand in place from the back: placements move to the end first */
    size_t tail = l->cap - np;
    memmove(l->moves + tail, l->moves, np * sizeof *l->moves);
    l->n = 0;
    if (pass)
        append_pass(l);
    /* the placements of one cell come together (its rotations): one lookup of the cell each */
    uint32_t fi = CARCI_NONE32;
    int32_t fx = 0, fy = 0;
    for (size_t i = 0; i < np; i++) {
        carc_move p = l->moves[tail + i];
        if (fi == CARCI_NONE32 || p.x != fx || p.y != fy) {
            fi = carci_front_index(g, p.x, p.y);
            fx = p.x;
            fy = p.y;
        }
        carci_enum_figures(l, g, &p, fi);
    }
    return CARC_OK;
}

