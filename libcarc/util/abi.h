/* SPDX-License-Identifier: MIT */
/*
 * What every public function does the same way, in api/, search/ and dice/:
 * a bad argument is CARC_EINVAL (CARCI_CHECK), and a growable result struct
 * is filled as far as the caller's struct_size reaches (carci_copy_out).
 * Never installed.
 *
 * carci_copy_out is inline for the hot path: three small copies, on the
 * way of every query that fills such a struct (carc_game_pending, asked
 * every turn).
 */
#ifndef CARCI_UTIL_ABI_H
#define CARCI_UTIL_ABI_H

#include <carcassonne/carcassonne.h>
#include <stdint.h>
#include <string.h>

/* Copy a growable result struct (struct_size first) to the caller's `out`:
 * only the fields the caller's struct_size covers, and struct_size set to
 * what was filled. `full` is the complete result, `size` its size. */
static inline void carci_copy_out(void *out, void *full, size_t size)
{
    uint32_t want;
    memcpy(&want, out, sizeof want);
    uint32_t n = want < size ? want : (uint32_t)size;
    memcpy(full, &n, sizeof n);
    memcpy(out, full, n);
}

/* Argument checks of the public functions: a bad argument is CARC_EINVAL. */
#define CARCI_CHECK(cond)       \
    do {                        \
        if (!(cond))            \
            return CARC_EINVAL; \
    } while (0)

#endif
