/* SPDX-License-Identifier: MIT */
/* snprintf-style text output to a caller's buffer (see textbuf.h). */
#include "util/textbuf.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void carci_text_mem(carci_text *o, const char *s, size_t n)
{
    if (o->len < o->cap) {
        size_t room = o->cap - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len = (n > SIZE_MAX - o->len) ? SIZE_MAX : o->len + n;
}

void carci_text_str(carci_text *o, const char *s)
{
    carci_text_mem(o, s, strlen(s));
}

void carci_text_u64(carci_text *o, uint64_t v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    carci_text_mem(o, tmp + i, sizeof tmp - i);
}

void carci_text_i64(carci_text *o, int64_t v)
{
    if (v < 0) {
        carci_text_mem(o, "-", 1);
        carci_text_u64(o, (uint64_t)(-(v + 1)) + 1u);
    } else {
        carci_text_u64(o, (uint64_t)v);
    }
}

void carci_text_fmt(carci_text *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        carci_text_mem(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

carc_status carci_text_finish(carci_text *o, size_t *needed)
{
    if (needed != NULL)
        *needed = o->len;
    if (o->cap > 0)
        o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
    return o->len < o->cap ? CARC_OK : CARC_EBUFFER;
}
