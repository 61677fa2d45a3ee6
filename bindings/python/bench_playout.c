/* SPDX-License-Identifier: MIT */
/*
 * carc-playout-bench: the C reference figure for examples/python/games_per_second.py.
 * Plays the games of tools/carc-playout (seeds 1..N, a random legal move chosen
 * with splitmix64) in one process and prints the time per game and per move,
 * which the Python example subtracts from its own to get the binding's overhead.
 *
 *   carc-playout-bench [--games N] [--players P]
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Moves played, or -1 on error. */
static long play(uint64_t seed, uint32_t players)
{
    carc_game_options opts;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    uint64_t rng = seed ^ 0x5eed5eed5eedull;
    long moves = -1;

    if (carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION) != CARC_OK)
        return -1;
    opts.players = players;
    opts.seed = seed;
    if (carc_game_new(&g, &opts) != CARC_OK || carc_movelist_new(&ml, g) != CARC_OK)
        goto out;
    moves = 0;
    for (;;) {
        bool over = false;
        carc_move mv;
        size_t n;
        if (carc_game_is_over(&over, g) != CARC_OK) {
            moves = -1;
            break;
        }
        if (over)
            break;
        if (carc_game_legal_moves(ml, g, 0) != CARC_OK || (n = carc_movelist_count(ml)) == 0 ||
            carc_movelist_get(&mv, ml, (size_t)(splitmix64(&rng) % n)) != CARC_OK ||
            carc_game_play(g, &mv) != CARC_OK) {
            moves = -1;
            break;
        }
        moves++;
    }
out:
    carc_movelist_free(ml);
    carc_game_free(g);
    return moves;
}

int main(int argc, char **argv)
{
    unsigned long games = 1000, players = 2;
    long total = 0;
    double start, seconds;
    int i;

    for (i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--games") == 0)
            games = strtoul(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--players") == 0)
            players = strtoul(argv[i + 1], NULL, 10);
        else
            break;
    }
    if (i < argc || games == 0 || players < 2 || players > 5) {
        fprintf(stderr, "usage: carc-playout-bench [--games N] [--players P]\n");
        return 2;
    }
    (void)play(1, (uint32_t)players); /* warm up */
    start = now();
    for (unsigned long s = 1; s <= games; s++) {
        long moves = play((uint64_t)s, (uint32_t)players);
        if (moves < 0) {
            fprintf(stderr, "carc-playout-bench: game %lu failed\n", s);
            return 1;
        }
        total += moves;
    }
    seconds = now() - start;
    printf("games %lu\nmoves %ld\nseconds %.6f\n", games, total, seconds);
    printf("C: %.1f games per second, %.3f us per move\n", (double)games / seconds,
           seconds / (double)total * 1e6);
    return 0;
}
