/* SPDX-License-Identifier: MIT */
/*
 * The API fuzzer's harness, what its two games share (fuzz_api.c: the input,
 * its header, the tile game; fuzz_api_dice.c: the Dice Game), defined in
 * fuzz_harness.c: the checks, the settings, the input reader, fingerprints,
 * records and clones of either kind of game, the budgets. See fuzz_api.c
 * for the input format and the invariants.
 */
#ifndef CARC_FUZZ_HARNESS_H
#define CARC_FUZZ_HARNESS_H

#include <carcassonne/carcassonne.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OPS 400
#define FULL_EVERY 32     /* default sampling period of the expensive checks */
#define MAX_LOADS 1       /* carc_game_load calls per input */

#define FZ_CHECK(cond)                                                                 \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "fuzz_api: %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            __builtin_trap();                                                          \
        }                                                                              \
    } while (0)
#define FZ_OK(call) FZ_CHECK((call) == CARC_OK)
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------ settings */

extern unsigned full_every; /* FUZZ_API_FULL_EVERY, default FULL_EVERY */
extern bool deep;           /* full_every == 1: every check at every step, no budgets */
extern int trace;           /* FUZZ_API_TRACE */
/* Reads the settings from the environment, at the first call only: whether
 * this was the first call. */
bool harness_settings(void);

/* ------------------------------------------------------------ input */

typedef struct input {
    const uint8_t *p;
    size_t n;
} input;

static inline uint8_t byte(input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

static inline uint16_t u16(input *in)
{
    uint16_t lo = byte(in);
    return (uint16_t)(lo | (uint16_t)byte(in) << 8);
}

/* ------------------------------------------------------------ helpers */

/* A struct with a struct_size field, zeroed and sized. */
#define SIZED(type) ((type){ .struct_size = sizeof(type) })

/* Room for `need` elements of `size` bytes in *p (capacity *cap, doubled from `first`). */
static inline void grow(void *p, size_t *cap, size_t need, size_t size, size_t first)
{
    void **v = p;
    if (need <= *cap)
        return;
    size_t n = *cap ? *cap : first;
    while (n < need)
        n *= 2;
    void *w = realloc(*v, n * size);
    FZ_CHECK(w != NULL);
    *v = w;
    *cap = n;
}

typedef carc_status (*save_fn)(char *buf, size_t cap, size_t *needed, const void *g);
typedef carc_status (*load_fn)(void **out, const char *data, size_t len, const carc_allocator *a,
                               carc_load_error *err);

typedef carc_status (*clone_fn)(void **out, const void *g, uint32_t flags);

/* The record of g, by `fn` (the tile game's or the Dice Game's), malloc'd. */
char *save_with(save_fn fn, const void *g);
/* load(save(g)), which must save identically; the loaded game (`what`: for messages). */
void *reloaded(save_fn save, load_fn load, const void *g, const char *what);
/* The clone and copy flags of an argument byte: mostly CARC_CLONE_NO_HISTORY or not, now and then any. */
uint32_t clone_flags(uint8_t b);
/* A clone of g with `flags` (by the tile game's or the Dice Game's clone);
 * NULL when the flags are not known, and were refused (*out NULL). */
void *cloned(clone_fn fn, const void *g, uint32_t flags);
/* One more of a costly call, within the budget of the input (no budget when deep). */
bool within(unsigned *used, unsigned budget);

/* A fingerprint: everything observable through the const API (not undo,
 * not the last error) as numbers: the whole history (what a record holds),
 * every tile, figure and event, scores, supplies, the pending decision.
 * (Numbers, not text: formatting a record costs ten times more.) */
typedef struct fp {
    uint32_t *v;
    size_t n, cap;
    size_t sect[8]; /* where each section starts, for messages */
} fp;

static inline void put(fp *f, uint32_t x)
{
    grow(&f->v, &f->cap, f->n + 1, sizeof *f->v, 1024);
    f->v[f->n++] = x;
}

void fp_free(fp *f);
/* Two fingerprints are the same (frees both). */
void same_fp(fp *a, fp *b);

#endif
