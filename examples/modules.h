/* SPDX-License-Identifier: MIT */
/*
 * What is left of the example programs' own module vocabulary, kept only
 * until its last users (carc-demo.c, tests/js/native_game.c) call the
 * library directly; then this header goes. The library now has both:
 *
 *  - carc_modules_parse reads the name `all` (every module this build
 *    implements; "all,-farmers" is everything but the farmers);
 *  - carc_game_new places the River's spring beside the City of Carcassonne
 *    when the Count and the River play and no start is given (game.h,
 *    CARC_DEFAULT_START_TILE: RA at (0,-2) turned 270 degrees), so every
 *    module set starts with no other option.
 *
 * Header-only (static functions); the names use the prefix `example_`, not
 * `carc_`, which belongs to the library.
 */
#ifndef CARC_EXAMPLES_MODULES_H
#define CARC_EXAMPLES_MODULES_H

#include <carcassonne/carcassonne.h>

/* Deprecated: carc_modules_parse, which reads `all` itself. */
static inline carc_status example_modules_parse(uint32_t *out, const char *text)
{
    return carc_modules_parse(out, text);
}

/* Deprecated: nothing to do, the library places the spring by its default
 * (carc_game_new, CARC_DEFAULT_START_TILE). */
static inline void example_modules_setup(carc_game_options *opts)
{
    (void)opts;
}

#endif
