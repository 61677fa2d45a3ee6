/* SPDX-License-Identifier: MIT */
/*
 * Errors: a game's last-error text (last_error.c), which every layer from
 * the core up writes, and the reason a check gives. Never installed.
 *
 * carci_clear_error is inline for the hot path: every move played through
 * the API clears the text first.
 */
#ifndef CARCI_CORE_LAST_ERROR_H
#define CARCI_CORE_LAST_ERROR_H

#include "core/state.h"
#include <stdio.h>

/* The reason a check failed, written only when the caller wants it (cap > 0):
 * enumerations test many candidates and read no reason. */
#define CARCI_WHY(err, cap, ...) ((cap) ? (void)snprintf((err), (cap), __VA_ARGS__) : (void)0)

carc_status carci_fail(carc_game *g, carc_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static inline void carci_clear_error(carc_game *g)
{
    g->err[0] = '\0';
}

#endif
