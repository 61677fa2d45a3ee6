/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: pictures of the board (text for terminals, SVG).
 */
#ifndef CARCASSONNE_RENDER_H
#define CARCASSONNE_RENDER_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Rendering flags. @since 0.1 */
enum {
    CARC_RENDER_COLOR = 1u << 0,  /**< text: ANSI colours */
    CARC_RENDER_NO_LEGEND = 1u << 1 /**< omit scores and legend */
};

/**
 * A text picture of the board, snprintf style (see carc_game_save).
 * @return CARC_OK, CARC_EINVAL, CARC_EBUFFER.
 * @since 0.1
 */
CARC_API carc_status carc_game_render_text(char *buf, size_t cap, size_t *needed, const carc_game *game,
                                           uint32_t flags);

/**
 * An SVG picture of the board, snprintf style (see carc_game_save).
 * @return CARC_OK, CARC_EINVAL, CARC_EBUFFER.
 * @since 0.1
 */
CARC_API carc_status carc_game_render_svg(char *buf, size_t cap, size_t *needed, const carc_game *game,
                                          uint32_t flags);

#ifdef __cplusplus
}
#endif
#endif
