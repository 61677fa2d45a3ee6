/* SPDX-License-Identifier: MIT */
/*
 * Mixing 64-bit words, the same on every platform: splitmix64's random
 * numbers (the deal, determinization, playouts, the Dice Game), its
 * finaliser (the position hash's keys) and the fold of words into a running
 * hash (carc_game_hash and the modules' parts of it). Never installed.
 *
 * Inline for the hot path: a playout draws a random number for every move,
 * and the place move makes a hash key for every tile and figure.
 */
#ifndef CARCI_UTIL_MIX_H
#define CARCI_UTIL_MIX_H

#include <stdint.h>

/* ---- random numbers ------------------------------------------------- */
/* splitmix64: the same sequence on every platform; any state is a seed. */
static inline uint64_t carci_splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Uniform in [0, bound) (bound > 0) without modulo bias. */
static inline uint32_t carci_uniform(uint64_t *s, uint32_t bound)
{
    for (;;) {
        uint64_t r = carci_splitmix64(s);
        /* r is taken when r >= 2^64 mod bound, which is below bound: nearly
         * always r >= bound already, and that needs no division */
        if (r >= bound || r >= (0 - (uint64_t)bound) % bound)
            return (uint32_t)(r % bound);
    }
}

/* ---- hashing -------------------------------------------------------- */
/* A bijection of 64-bit words that mixes every input bit into every output
 * bit (the finaliser of splitmix64): distinct facts get unrelated keys. */
static inline uint64_t carci_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}
/* One more word into a running hash value: a multiply-add chain (order
 * matters, which is what a hash of fields in a fixed order wants). */
static inline uint64_t carci_fold(uint64_t acc, uint64_t w)
{
    return (acc ^ w) * 0x9E3779B97F4A7C15u + 0x632BE59BD9B4E019u;
}
static inline uint64_t carci_fold_words(uint64_t acc, const uint16_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        acc = carci_fold(acc, w[i]);
    return acc;
}

#endif
