/* SPDX-License-Identifier: MIT */
/*
 * Reading line-based text records (game records, dice records): strict lines,
 * canonical numbers, tokens, and the caller's carc_load_error.
 */
#ifndef CARCI_RECORDIO_H
#define CARCI_RECORDIO_H

#include <carcassonne/serialize.h>
#include <stdarg.h>

/* Fill the fields of `err` its struct_size covers (no-op for NULL) with the
 * status, the line (0: none) and the message, prefixed "line N: ". Returns st. */
carc_status carci_load_error_vset(carc_load_error *err, uint32_t line, carc_status st, const char *fmt, va_list ap);

/* Copy the line at data[*pos] into `line` (NUL-terminated, at most `max`
 * characters, without the line end) and advance *pos past it. Only printable
 * ASCII is allowed; every line ends with LF (CRLF too when `crlf`). Errors
 * (CARC_EPARSE) are reported in `err` for line `lineno`. */
carc_status carci_read_line(carc_load_error *err, uint32_t lineno, const char *data, size_t len, size_t *pos,
                            char *line, size_t max, bool crlf);

/* Decimal without sign or leading zeros ("0" itself is fine), at most `max`. */
bool carci_parse_u64(const char *s, uint64_t max, uint64_t *out);
/* A signed decimal in int32_t range, canonical ("-0" is not). */
bool carci_parse_i32(const char *s, int32_t *out);

/* Split a line in place at single spaces. Returns the token count, -1 for an
 * empty token (two spaces, or one at either end), max + 1 for too many. */
int carci_tokenize(char *line, char **tok, int max);

#endif
