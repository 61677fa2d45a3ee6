/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the hardening tests (black-box: public API only).
 *
 *  - hz_alloc: a carc_allocator that tracks every live block with its size,
 *    checks the sizes the library passes back to realloc/free, and can fail
 *    the Nth allocation (fail_at) or every allocation from the Nth on
 *    (fail_from). Problems found inside the callbacks are recorded (never
 *    asserted there: a longjmp through library frames would itself leak).
 *  - hz_fingerprint: everything observable about a game through the public
 *    API, as one string (the record from carc_game_save plus the state a
 *    record does not carry: the tile to place, tiles left, the pending
 *    decision, figures of every kind in supply, trade goods, the figures in
 *    the City of Carcassonne and the Count's quarter, undo, ...).
 *  - hz_coc_spring: the spring's place beside the City of Carcassonne, which
 *    options with the Count and the River must give.
 *  - hz_rand: xorshift64 for deterministic test choices.
 */
#ifndef CARC_HARDENING_H
#define CARC_HARDENING_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

/* ------------------------------------------------------------ allocator */

typedef struct hz_block {
    void *p;
    size_t size;
} hz_block;

typedef struct hz_alloc {
    long calls;       /* allocation attempts so far (alloc and realloc) */
    long fail_at;     /* fail attempt number fail_at (0-based); -1: never */
    long fail_from;   /* fail every attempt from this number on; -1: never */
    long failures;    /* attempts that were failed on purpose */
    size_t live;      /* live blocks */
    size_t live_bytes;
    hz_block *blocks; /* the live blocks (the harness's own malloc) */
    size_t nblocks, cap;
    long errors;      /* bad pointers or sizes passed back by the library */
    char first_error[256];
} hz_alloc;

static inline void hz_alloc_init(hz_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->fail_at = -1;
    a->fail_from = -1;
}

static inline void hz_alloc_error(hz_alloc *a, const char *fmt, ...)
{
    if (a->errors++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(a->first_error, sizeof a->first_error, fmt, ap);
        va_end(ap);
    }
}

static inline bool hz_should_fail(hz_alloc *a)
{
    long n = a->calls++;
    if ((a->fail_at >= 0 && n == a->fail_at) || (a->fail_from >= 0 && n >= a->fail_from)) {
        a->failures++;
        return true;
    }
    return false;
}

static inline hz_block *hz_find(hz_alloc *a, void *p)
{
    for (size_t i = a->nblocks; i-- > 0;)
        if (a->blocks[i].p == p)
            return &a->blocks[i];
    return NULL;
}

static inline void hz_track(hz_alloc *a, void *p, size_t size)
{
    if (a->nblocks == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        hz_block *b = realloc(a->blocks, cap * sizeof *b);
        if (b == NULL)
            abort(); /* the harness itself is out of memory */
        a->blocks = b;
        a->cap = cap;
    }
    a->blocks[a->nblocks].p = p;
    a->blocks[a->nblocks].size = size;
    a->nblocks++;
    a->live++;
    a->live_bytes += size;
}

/* The library allocates max(n, 1) bytes for a request of n and may pass the
 * original n (0) back: accept both. */
static inline bool hz_size_ok(size_t recorded, size_t given)
{
    return recorded == given || (recorded == 1 && given == 0);
}

static inline void *hz_cb_alloc(void *ud, size_t size)
{
    hz_alloc *a = ud;
    if (size == 0)
        hz_alloc_error(a, "alloc of 0 bytes");
    if (hz_should_fail(a))
        return NULL;
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        abort();
    hz_track(a, p, size);
    return p;
}

static inline void *hz_cb_realloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    hz_alloc *a = ud;
    hz_block *b = hz_find(a, ptr);
    if (b == NULL) {
        hz_alloc_error(a, "realloc of unknown pointer %p", ptr);
        return NULL;
    }
    if (!hz_size_ok(b->size, old_size))
        hz_alloc_error(a, "realloc: old size %zu, the block has %zu", old_size, b->size);
    if (new_size == 0)
        hz_alloc_error(a, "realloc to 0 bytes");
    if (hz_should_fail(a))
        return NULL; /* the old block stays valid and owned by the caller */
    void *p = realloc(ptr, new_size ? new_size : 1);
    if (p == NULL)
        abort();
    a->live_bytes = a->live_bytes - b->size + new_size;
    b->p = p;
    b->size = new_size;
    return p;
}

static inline void hz_cb_free(void *ud, void *ptr, size_t size)
{
    hz_alloc *a = ud;
    if (ptr == NULL)
        return;
    hz_block *b = hz_find(a, ptr);
    if (b == NULL) {
        hz_alloc_error(a, "free of unknown pointer %p (double free?)", ptr);
        return;
    }
    if (!hz_size_ok(b->size, size))
        hz_alloc_error(a, "free: size %zu, the block has %zu", size, b->size);
    a->live--;
    a->live_bytes -= b->size;
    *b = a->blocks[--a->nblocks];
    free(ptr);
}

static inline carc_allocator hz_allocator(hz_alloc *a)
{
    carc_allocator r = { hz_cb_alloc, hz_cb_realloc, hz_cb_free, a };
    return r;
}

/* Release the bookkeeping (the blocks themselves belong to the library). */
static inline void hz_alloc_fini(hz_alloc *a)
{
    free(a->blocks);
    a->blocks = NULL;
    a->nblocks = a->cap = 0;
}

/* Nothing odd passed back, and `base` blocks left (those of objects that
 * outlive the check). */
#define hz_assert_clean_from(a, base)                                                                    \
    do {                                                                                                 \
        if ((a)->errors)                                                                                 \
            fail_msg("%s:%d: allocator misuse (%ld): %s", __FILE__, __LINE__, (a)->errors, (a)->first_error); \
        if ((a)->live != (base))                                                                         \
            fail_msg("%s:%d: %zu block(s) leaked", __FILE__, __LINE__, (a)->live - (size_t)(base));       \
    } while (0)
/* No block left and nothing odd passed back. */
#define hz_assert_clean(a) hz_assert_clean_from((a), 0)

/* ------------------------------------------------------------- strings */

typedef struct hz_str {
    char *s;
    size_t len, cap;
} hz_str;

static inline void hz_str_add(hz_str *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (b->s && (size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (s == NULL)
            abort();
        b->s = s;
        b->cap = cap;
    }
}

/* A record written by `save` (carc_game_save, carc_dice_game_save, through
 * a function of this type), malloc'd; NULL if saving fails. */
typedef carc_status (*hz_save_fn)(char *buf, size_t cap, size_t *needed, const void *game);

static inline char *hz_save_with(hz_save_fn save, const void *g)
{
    size_t need = 0;
    if (save(NULL, 0, &need, g) != CARC_EBUFFER)
        return NULL;
    char *buf = malloc(need + 1);
    if (buf == NULL)
        abort();
    size_t again = 0;
    if (save(buf, need + 1, &again, g) != CARC_OK || again != need || strlen(buf) != need) {
        free(buf);
        return NULL;
    }
    return buf;
}

static inline carc_status hz_game_save(char *buf, size_t cap, size_t *needed, const void *game)
{
    return carc_game_save(buf, cap, needed, game);
}

/* The game's record (carc_game_save), malloc'd; NULL if saving fails. */
static inline char *hz_save(const carc_game *g)
{
    return hz_save_with(hz_game_save, g);
}

enum {
    HZ_FP_NO_UNDO = 1u << 0,  /* leave out carc_game_can_undo (clones without history) */
    HZ_FP_NO_ERROR = 1u << 1  /* leave out carc_game_last_error */
};

/* The end of a fingerprint: undo (unless HZ_FP_NO_UNDO; if `known`) and the
 * last error (unless HZ_FP_NO_ERROR). */
static inline void hz_fp_end(hz_str *b, unsigned flags, bool known, bool can_undo, const char *error)
{
    if (!(flags & HZ_FP_NO_UNDO) && known)
        hz_str_add(b, " can_undo=%d", (int)can_undo);
    if (!(flags & HZ_FP_NO_ERROR))
        hz_str_add(b, " error=\"%s\"", error);
    hz_str_add(b, "\n");
}

/* Everything observable about a game through its const API, malloc'd. */
static inline char *hz_fingerprint(const carc_game *g, unsigned flags)
{
    hz_str b = { NULL, 0, 0 };
    char *rec;
    uint32_t players = 0, u = 0, n = 0;
    int32_t s = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool yes = false;

    if (g == NULL)
        return NULL;
    rec = hz_save(g);
    hz_str_add(&b, "%s", rec ? rec : "<save failed>\n");
    free(rec);
    carc_game_players(&players, g);
    hz_str_add(&b, "players=%u", players);
    if (carc_game_current_player(&u, g) == CARC_OK)
        hz_str_add(&b, " cur=%u", u);
    if (carc_game_is_over(&yes, g) == CARC_OK)
        hz_str_add(&b, " over=%d", (int)yes);
    for (uint32_t p = 0; p < players; p++) {
        carc_game_score(&s, g, p);
        carc_game_supply(&u, g, p);
        hz_str_add(&b, " p%u=%d/%u", p, (int)s, u);
        for (uint32_t k = CARC_FIGURE_BIG; k <= CARC_FIGURE_PIG; k++)
            if (carc_game_figure_supply(&u, g, p, k) == CARC_OK && u)
                hz_str_add(&b, "+%u:%u", k, u);
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) /* Traders & Builders: trade goods tokens */
            if (carc_game_goods(&u, g, p, k) == CARC_OK && u)
                hz_str_add(&b, "+g%u:%u", k, u);
        for (uint32_t q = 0; q < 4; q++) /* the Count: followers and the big follower in each quarter */
            for (uint32_t k = CARC_FIGURE_FOLLOWER; k <= CARC_FIGURE_BIG; k++)
                if (carc_game_city(&u, g, q, p, k) == CARC_OK && u)
                    hz_str_add(&b, "+q%u.%u:%u", q, k, u);
    }
    {
        /* (asked only with the Count: without it the call fails) */
        carc_game_options o;
        if (carc_game_options_get(&o, g) == CARC_OK && (o.modules & CARC_MODULE_COUNT) &&
            carc_game_count(&u, g) == CARC_OK)
            hz_str_add(&b, " count=%u", u);
    }
    {
        carc_pending pd;
        memset(&pd, 0, sizeof pd);
        pd.struct_size = sizeof pd;
        if (carc_game_pending(&pd, g) == CARC_OK)
            hz_str_add(&b, " pending=%u/%u/%#x/%u/%u", pd.decision, pd.player, pd.flags, pd.tile, pd.part);
    }
    if (carc_game_current_tile(&u, g) == CARC_OK)
        hz_str_add(&b, " tile=%u", u);
    else
        hz_str_add(&b, " tile=-");
    carc_game_remaining(&u, g);
    hz_str_add(&b, " left=%u", u);
    carc_game_tile_count(&u, g);
    hz_str_add(&b, " tiles=%u", u);
    carc_game_figure_count(&n, g);
    hz_str_add(&b, " figures=%u", n);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi;
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        carc_game_figure(&fi, g, i);
        hz_str_add(&b, " [%u %u %d,%d %u]", fi.player, fi.figure, (int)fi.x, (int)fi.y, fi.segment);
    }
    carc_game_event_count(&u, g);
    hz_str_add(&b, " events=%u", u);
    carc_game_history_count(&u, g);
    hz_str_add(&b, " history=%u", u);
    carc_game_bounds(&x0, &y0, &x1, &y1, g);
    hz_str_add(&b, " bounds=%d,%d..%d,%d", (int)x0, (int)y0, (int)x1, (int)y1);
    carc_game_leaders(&u, g);
    hz_str_add(&b, " leaders=%#x", u);
    hz_fp_end(&b, flags, carc_game_can_undo(&yes, g) == CARC_OK, yes, carc_game_last_error(g));
    return b.s;
}

/* ------------------------------------------------------------- the Count */

/* The Count with the River: the places the spring may be given (next to the
 * City of Carcassonne, on a field edge, the river flowing away; without one
 * it lies at the default place, one of them). The places
 * carc_game_options_check accepts, found by trying every cell around the
 * city's block with every rotation, once. */
static inline unsigned hz_coc_springs(int32_t out[][3], unsigned cap)
{
    carc_game_options o;
    unsigned n = 0;
    if (carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION) != CARC_OK ||
        carc_tile_find(&o.start_tile, "RA") != CARC_OK)
        return 0;
    o.modules = CARC_MODULE_RIVER | CARC_MODULE_COUNT;
    for (int32_t y = -3; y <= 3; y++)
        for (int32_t x = -4; x <= 3; x++)
            for (uint32_t r = 0; r < 4 && n < cap; r++) {
                o.start_x = x;
                o.start_y = y;
                o.start_rotation = r;
                if (carc_game_options_check(&o, NULL, 0) == CARC_OK) {
                    out[n][0] = x;
                    out[n][1] = y;
                    out[n][2] = (int32_t)r;
                    n++;
                }
            }
    return n;
}

/* Complete options with the Count and the River and no start given: the
 * spring at place `pick` (modulo their number) of hz_coc_springs. Returns
 * whether it did. */
static inline bool hz_coc_spring(carc_game_options *o, unsigned pick)
{
    static int32_t places[64][3];
    static unsigned n = 0;
    const uint32_t both = CARC_MODULE_RIVER | CARC_MODULE_COUNT;
    if ((o->modules & both) != both || o->start_tile != CARC_DEFAULT_START_TILE)
        return false;
    if (n == 0)
        n = hz_coc_springs(places, 64);
    if (n == 0 || carc_tile_find(&o->start_tile, "RA") != CARC_OK)
        return false;
    o->start_x = places[pick % n][0];
    o->start_y = places[pick % n][1];
    o->start_rotation = (uint32_t)places[pick % n][2];
    return true;
}

/* ------------------------------------------------------------- random */

static inline uint64_t hz_rand(uint64_t *s)
{
    uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ull;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static inline bool hz_over(const carc_game *g)
{
    bool over = true;
    carc_game_is_over(&over, g);
    return over;
}

#endif
