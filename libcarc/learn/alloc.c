/* SPDX-License-Identifier: MIT */
/* Memory through the game options' allocator (the stdlib's by default), and
 * messages into the caller's buffer. */
#include "learn/learn_internal.h"

#include <stdarg.h>
#include <stdio.h>
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

void carci_learn_allocator(carc_allocator *out, const carc_allocator *given)
{
    if (given != NULL) {
        *out = *given;
    } else {
        out->alloc = std_alloc;
        out->realloc = std_realloc;
        out->free = std_free;
        out->ud = NULL;
    }
}

void *carci_learn_alloc(const carc_allocator *a, size_t n)
{
    return a->alloc(a->ud, n ? n : 1);
}

void carci_learn_free(const carc_allocator *a, void *p, size_t n)
{
    if (p != NULL)
        a->free(a->ud, p, n ? n : 1);
}

void carci_learn_msg(char *msg, size_t cap, const char *fmt, ...)
{
    if (msg == NULL || cap == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}
