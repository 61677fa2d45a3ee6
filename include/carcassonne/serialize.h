/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: game records (save, load).
 *
 * A record is text, one item per line. The first line is the magic and the
 * format version ("carcassonne-record 1"); then the options and every history
 * entry in the move notation with the tile drawn. The format is documented in
 * docs/record-format.md; readers keep reading every older format version.
 */
#ifndef CARCASSONNE_SERIALIZE_H
#define CARCASSONNE_SERIALIZE_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The record format version this library writes. @since 0.1 */
#define CARC_RECORD_FORMAT 1

/**
 * Write the game's record into buf (NUL-terminated when cap > 0), snprintf
 * style: `*needed` (if not NULL) receives the length without the NUL. With
 * cap too small, CARC_EBUFFER and nothing useful in buf.
 * @return CARC_OK, CARC_EINVAL, CARC_EBUFFER.
 * @since 0.1
 */
CARC_API carc_status carc_game_save(char *buf, size_t cap, size_t *needed, const carc_game *game);

/**
 * Detail of a failed load. Growable: set struct_size first.
 * @since 0.1
 */
typedef struct carc_load_error {
    uint32_t struct_size;
    uint32_t line;        /**< 1-based line of the record at fault, 0 if none */
    int32_t status;       /**< the carc_status returned */
    char message[256];    /**< NUL-terminated, includes the line number */
} carc_load_error;

/**
 * Read a record of `len` bytes and replay it through the same validation as
 * play. On failure *out is NULL and `err` (optional) says where and why.
 * `allocator` may be NULL.
 * @return CARC_OK, CARC_EINVAL, CARC_EPARSE, CARC_EFORMAT, CARC_ERECORD,
 *         CARC_EUNSUPPORTED, CARC_ENOMEM.
 * @since 0.1
 */
CARC_API carc_status carc_game_load(carc_game **out, const char *data, size_t len,
                                    const carc_allocator *allocator, carc_load_error *err);

#ifdef __cplusplus
}
#endif
#endif
