/* SPDX-License-Identifier: MIT */
/* Messages into the caller's buffer (the learning environment's refusals). */
#include "learn/learn_internal.h"

#include <stdarg.h>
#include <stdio.h>

carc_status carci_learn_enter(bool args, char *msg, size_t cap)
{
    if (!args || (msg == NULL && cap > 0)) {
        carci_learn_msg(msg, cap, "NULL argument");
        return CARC_EINVAL;
    }
    carci_learn_msg(msg, cap, "%s", "");
    return CARC_OK;
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
