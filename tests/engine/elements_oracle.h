/* SPDX-License-Identifier: MIT */
/*
 * The rule elements of module flags, the tests' and the fuzzer's own reading
 * of tile.h (not the library's carc_modules_elements, which they check):
 * each box replaced by its elements, the pig only with farmers. Included by
 * test_util.h and fuzz/fuzz_api.c.
 */
#ifndef CARC_TEST_ELEMENTS_ORACLE_H
#define CARC_TEST_ELEMENTS_ORACLE_H

#include <stdint.h>
#include <carcassonne/carcassonne.h>

static inline uint32_t tu_elements(uint32_t m)
{
    uint32_t e = m & ~(uint32_t)(CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS);
    if (m & CARC_MODULE_ABBOT)
        e |= CARC_MODULE_ABBOT_FIGURE | CARC_MODULE_GARDENS;
    if (m & CARC_MODULE_INNS)
        e |= CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_INN | CARC_MODULE_CATHEDRAL;
    if (m & CARC_MODULE_TRADERS)
        e |= CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER |
             ((m & CARC_MODULE_FARMERS) ? CARC_MODULE_PIG : 0u);
    return e;
}

#endif
