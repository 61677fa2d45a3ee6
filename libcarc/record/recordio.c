/* SPDX-License-Identifier: MIT */
/* Reading line-based text records (see recordio.h). */
#include "record/recordio.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>

carc_status carci_load_error_vset(carc_load_error *err, uint32_t line, carc_status st, const char *fmt, va_list ap)
{
    char msg[sizeof err->message];
    size_t n = 0;
    if (err == NULL)
        return st;
    if (line > 0) {
        int k = snprintf(msg, sizeof msg, "line %lu: ", (unsigned long)line);
        n = k > 0 ? (size_t)k : 0;
    }
    vsnprintf(msg + n, sizeof msg - n, fmt, ap);
    if (err->struct_size >= offsetof(carc_load_error, line) + sizeof err->line)
        err->line = line;
    if (err->struct_size >= offsetof(carc_load_error, status) + sizeof err->status)
        err->status = (int32_t)st;
    if (err->struct_size > offsetof(carc_load_error, message)) {
        size_t room = err->struct_size - offsetof(carc_load_error, message);
        if (room > sizeof err->message)
            room = sizeof err->message;
        n = strlen(msg);
        if (n >= room)
            n = room - 1;
        memcpy(err->message, msg, n);
        err->message[n] = '\0';
    }
    return st;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static carc_status fail(carc_load_error *err, uint32_t line, carc_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carci_load_error_vset(err, line, st, fmt, ap);
    va_end(ap);
    return st;
}

carc_status carci_read_line(carc_load_error *err, uint32_t lineno, const char *data, size_t len, size_t *pos,
                            char *line, size_t max, bool crlf)
{
    size_t i = *pos, n = 0;
    for (;;) {
        if (i == len)
            return fail(err, lineno, CARC_EPARSE, "truncated record (the last line has no line end)");
        unsigned char c = (unsigned char)data[i++];
        if (c == '\n')
            break;
        if (crlf && c == '\r' && i < len && data[i] == '\n') {
            i++;
            break;
        }
        if (c == '\0')
            return fail(err, lineno, CARC_EPARSE, "NUL byte");
        if (c < 0x20 || c > 0x7e)
            return fail(err, lineno, CARC_EPARSE, "invalid character (byte 0x%02x)", (unsigned)c);
        if (n == max)
            return fail(err, lineno, CARC_EPARSE, "line longer than %lu characters", (unsigned long)max);
        line[n++] = (char)c;
    }
    line[n] = '\0';
    *pos = i;
    return CARC_OK;
}

bool carci_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (*s == '\0' || (s[0] == '0' && s[1] != '\0'))
        return false;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (v > max / 10u || (v == max / 10u && d > max % 10u))
            return false;
        v = v * 10u + d;
    }
    *out = v;
    return true;
}

bool carci_parse_i32(const char *s, int32_t *out)
{
    uint64_t v;
    if (*s == '-') {
        if (s[1] == '0' || !carci_parse_u64(s + 1, (uint64_t)INT32_MAX + 1u, &v))
            return false;
        *out = (int32_t)(-(int64_t)v);
        return true;
    }
    if (!carci_parse_u64(s, INT32_MAX, &v))
        return false;
    *out = (int32_t)v;
    return true;
}

int carci_tokenize(char *line, char **tok, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        char *sp = strchr(p, ' ');
        if (n == max)
            return max + 1;
        if (sp != NULL)
            *sp = '\0';
        if (*p == '\0')
            return -1;
        tok[n++] = p;
        if (sp == NULL)
            return n;
        p = sp + 1;
    }
}
