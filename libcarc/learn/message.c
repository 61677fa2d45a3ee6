/* SPDX-License-Identifier: MIT */
/* Messages into the caller's buffer (the learning environment's refusals). */
#include "learn/learn_internal.h"

#include <stdarg.h>
#include <stdio.h>

void carci_learn_msg(char *msg, size_t cap, const char *fmt, ...)
{
    if (msg == NULL || cap == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}
