/* Helpers shared by the engine tests. */
#ifndef CARC_TEST_UTIL_H
#define CARC_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <carcassonne/carcassonne.h>

static inline uint64_t tu_rand(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static inline carc_game *tu_new_game(uint32_t players, uint64_t seed)
{
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = players;
    o.seed = seed;
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    return g;
}

static inline bool tu_over(const carc_game *g)
{
    bool over = false;
    assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
    return over;
}

static inline uint32_t tu_tile(const char *name)
{
    uint32_t k = 0;
    assert_int_equal(carc_tile_find(&k, name), CARC_OK);
    return k;
}

#endif
