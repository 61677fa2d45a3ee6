/* SPDX-License-Identifier: MIT */
/* Allocation through the game's allocator (malloc/realloc/free by default). */
#include "util/alloc.h"
#include <stdlib.h>

static void *std_alloc(void *ud, size_t n)
{
    (void)ud;
    return malloc(n);
}
static void *std_realloc(void *ud, void *p, size_t old_n, size_t new_n)
{
    (void)ud;
    (void)old_n;
    return realloc(p, new_n);
}
static void std_free(void *ud, void *p, size_t n)
{
    (void)ud;
    (void)n;
    free(p);
}

const carc_allocator carci_default_allocator = { std_alloc, std_realloc, std_free, NULL };

void *carci_alloc(const carc_allocator *a, size_t n)
{
    return a->alloc(a->ud, n ? n : 1);
}

void *carci_realloc(const carc_allocator *a, void *p, size_t old_n, size_t new_n)
{
    if (!p)
        return carci_alloc(a, new_n);
    return a->realloc(a->ud, p, old_n, new_n ? new_n : 1);
}

void carci_free(const carc_allocator *a, void *p, size_t n)
{
    if (p)
        a->free(a->ud, p, n);
}
