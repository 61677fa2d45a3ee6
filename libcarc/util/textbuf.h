/* SPDX-License-Identifier: MIT */
/*
 * Text written to a caller's buffer with snprintf semantics: everything that
 * fits is copied, the length the whole text needs is counted, and the end is
 * NUL-terminated. Shared by records and the renderers.
 */
#ifndef CARCI_TEXTBUF_H
#define CARCI_TEXTBUF_H

#include <carcassonne/common.h>

typedef struct carci_text {
    char *buf;
    size_t cap;
    size_t len; /* what the whole text needs, even past cap */
} carci_text;

void carci_text_mem(carci_text *o, const char *s, size_t n);
void carci_text_str(carci_text *o, const char *s);
void carci_text_u64(carci_text *o, uint64_t v);
void carci_text_i64(carci_text *o, int64_t v);
void carci_text_fmt(carci_text *o, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* NUL-terminate, report the size needed: CARC_OK or CARC_EBUFFER. */
carc_status carci_text_finish(carci_text *o, size_t *needed);

#endif
