/* SPDX-License-Identifier: MIT */
/* The per-game last-error text (carc_game_last_error reads it): every layer
 * from the core up leaves its reason here, so it lives in the core. */
#include "core/last_error.h"
#include "core/state.h"
#include <stdarg.h>
#include <stdio.h>

carc_status carci_fail(carc_game *g, carc_status s, const char *fmt, ...)
{
    if (g) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g->err, sizeof g->err, fmt, ap);
        va_end(ap);
    }
    return s;
}
