/* SPDX-License-Identifier: MIT */
/*
 * The API fuzzer's harness (fuzz_harness.h): the settings, records, clones
 * and budgets of either kind of game, and the comparison of fingerprints.
 */
#include "fuzz_harness.h"

/* ------------------------------------------------------------ settings */

unsigned full_every; /* FUZZ_API_FULL_EVERY, default FULL_EVERY */
bool deep;           /* full_every == 1: every check at every step, no budgets */
int trace = -1;      /* FUZZ_API_TRACE */

bool harness_settings(void)
{
    if (trace >= 0)
        return false;
    trace = getenv("FUZZ_API_TRACE") != NULL;
    const char *e = getenv("FUZZ_API_FULL_EVERY");
    full_every = e ? (unsigned)strtoul(e, NULL, 10) : FULL_EVERY;
    if (full_every == 0)
        full_every = FULL_EVERY;
    deep = full_every == 1;
    return true;
}

/* ------------------------------------------------------------ records, clones, budgets */

/* The record of g, by `fn` (the tile game's or the Dice Game's), malloc'd. */
char *save_with(save_fn fn, const void *g)
{
    size_t need = 0, again = 0;
    FZ_CHECK(fn(NULL, 0, &need, g) == CARC_EBUFFER);
    char *buf = malloc(need + 1);
    FZ_CHECK(buf != NULL);
    FZ_OK(fn(buf, need + 1, &again, g));
    FZ_CHECK(again == need && strlen(buf) == need);
    return buf;
}

/* load(save(g)), which must save identically; the loaded game (`what`: for messages). */
void *reloaded(save_fn save, load_fn load, const void *g, const char *what)
{
    char *rec = save_with(save, g);
    void *l = NULL;
    carc_load_error err = SIZED(carc_load_error);
    carc_status st = load(&l, rec, strlen(rec), NULL, &err);
    if (st != CARC_OK)
        fprintf(stderr, "fuzz_api: %sload(save(g)) failed: %s\n%s", what, err.message, rec);
    FZ_OK(st);
    char *again = save_with(save, l);
    FZ_CHECK(strcmp(rec, again) == 0);
    free(again);
    free(rec);
    return l;
}

/* The clone and copy flags of an argument byte: mostly CARC_CLONE_NO_HISTORY or not, now and then any. */
uint32_t clone_flags(uint8_t b)
{
    return (b & 0x40) ? b : (b & 1u);
}

/* A clone of g with `flags` (by the tile game's or the Dice Game's clone);
 * NULL when the flags are not known, and were refused (*out NULL). */
void *cloned(clone_fn fn, const void *g, uint32_t flags)
{
    void *c = &trace; /* anything but NULL */
    carc_status st = fn(&c, g, flags);
    if (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY) {
        FZ_CHECK(st == CARC_EINVAL && c == NULL);
        return NULL;
    }
    FZ_OK(st);
    return c;
}

/* One more of a costly call, within the budget of the input (no budget when deep). */
bool within(unsigned *used, unsigned budget)
{
    if (*used >= budget && !deep)
        return false;
    (*used)++;
    return true;
}

/* ------------------------------------------------------------ fingerprints */

static const char *const fp_sections[8] = { "state", "players", "pending", "history", "tiles", "figures",
                                            "events", "end" };

void fp_free(fp *f)
{
    if (f != NULL)
        free(f->v);
    free(f);
}

/* Two fingerprints are the same (frees both). */
void same_fp(fp *a, fp *b)
{
    size_t i = 0;
    while (i < a->n && i < b->n && a->v[i] == b->v[i])
        i++;
    if (i < a->n || i < b->n) {
        int sect = 0;
        while (sect < 7 && a->sect[sect + 1] <= i)
            sect++;
        fprintf(stderr, "fuzz_api: fingerprints differ in %s, value %zu: expected %#x, got %#x (lengths %zu, %zu)\n",
                fp_sections[sect], i - a->sect[sect], i < a->n ? a->v[i] : 0u, i < b->n ? b->v[i] : 0u, a->n,
                b->n);
        FZ_CHECK(!"the game is not as expected");
    }
    fp_free(a);
    fp_free(b);
}
