/* SPDX-License-Identifier: MIT */
/*
 * The allocator hook (alloc.c): every allocation of the library goes through
 * a carc_allocator, the caller's or the default one (malloc). The tile game
 * and the Dice Game share it. Never installed.
 */
#ifndef CARCI_UTIL_ALLOC_H
#define CARCI_UTIL_ALLOC_H

#include <carcassonne/carcassonne.h>
#include <stddef.h>

extern const carc_allocator carci_default_allocator;
void *carci_alloc(const carc_allocator *a, size_t n);
void *carci_realloc(const carc_allocator *a, void *p, size_t old_n, size_t new_n);
void carci_free(const carc_allocator *a, void *p, size_t n);

#endif
