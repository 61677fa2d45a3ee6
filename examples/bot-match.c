/*
 * carc-bot-match: the greedy bot against random bots over many seeded games.
 * The greedy bot changes seat every game (game i: seat i mod players), so no
 * seat has an advantage. Prints the greedy bot's win rate.
 *
 *   carc-bot-match --games 1000 [--players 2] [--seed 1] [--modules river,abbot,inns] [--verbose]
 *
 * With Inns & Cathedrals (--modules inns) up to 6 players, and the bots use the
 * big follower (see bots.c). `--modules all` plays every module (modules.h:
 * with the Count and the River the spring lies at a fixed place of the set-up);
 * with the Count the bots answer its decisions too.
 */
#include <carcassonne/carcassonne.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "modules.h"

#define MAX_PLAYERS 6 /* 6 only with Inns & Cathedrals */

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-bot-match [--games N] [--players N] [--seed S] [--modules LIST] [--verbose]\n"
            "Plays N games (default 1000) of one greedy bot against random bots (2..5\n"
            "players, 2..6 with inns; default 2), the greedy bot changing seat every game, and prints\n"
            "the greedy bot's win rate. Game i uses seed S+i (default S = 1).\n"
            "--modules takes rules modules such as river,abbot,count,inns,traders, or all\n"
            "(default: the base game with farmers; -farmers leaves the farmers out).\n");
}

static int parse_number(uint64_t *out, const char *text, uint64_t min, uint64_t max)
{
    char *end = NULL;
    unsigned long long v;

    if (text == NULL || !isdigit((unsigned char)text[0]))
        return -1;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

typedef struct tally {
    uint64_t wins, shared, losses;
    int64_t greedy_points, random_points; /* random: the average of the random seats */
} tally;

/* Play one game; 0 on success. */
static int play_game(tally *t, uint32_t players, uint32_t modules, uint64_t seed, uint32_t greedy_seat,
                     int verbose)
{
    carc_game_options go;
    carc_game *g = NULL;
    bot *bots[MAX_PLAYERS] = {0};
    bool over = false;
    int rc = 0;
    carc_status st;

    carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
    go.players = players;
    go.seed = seed;
    go.modules = modules;
    example_modules_setup(&go);
    st = carc_game_new(&g, &go);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-bot-match: cannot create game (seed %llu): %s\n", (unsigned long long)seed,
                carc_status_str(st));
        return -1;
    }
    for (uint32_t p = 0; p < players; p++) {
        bots[p] = bot_new(p == greedy_seat ? BOT_GREEDY : BOT_RANDOM, seed * 0x100000001B3u + p + 1, g);
        if (bots[p] == NULL) {
            fprintf(stderr, "carc-bot-match: out of memory\n");
            rc = -1;
            goto done;
        }
    }

    while (carc_game_is_over(&over, g) == CARC_OK && !over) {
        uint32_t p;
        carc_move m;
        carc_pending pending;
        /* the player who decides: with the Count not always the one whose turn it is */
        memset(&pending, 0, sizeof pending);
        pending.struct_size = sizeof pending;
        carc_game_pending(&pending, g);
        p = pending.player;
        st = bot_choose(bots[p], g, &m);
        if (st == CARC_OK)
            st = carc_game_play(g, &m);
        if (st != CARC_OK) {
            fprintf(stderr, "carc-bot-match: game with seed %llu, player %u: %s (%s)\n",
                    (unsigned long long)seed, p, carc_status_str(st), carc_game_last_error(g));
            rc = -1;
            goto done;
        }
    }

    {
        uint32_t leaders = 0;
        int32_t score = 0, others = 0;
        carc_game_leaders(&leaders, g);
        for (uint32_t p = 0; p < players; p++) {
            int32_t s = 0;
            carc_game_score(&s, g, p);
            if (p == greedy_seat)
                score = s;
            else
                others += s;
        }
        t->greedy_points += score;
        t->random_points += others / (int32_t)(players - 1);
        if (leaders == (1u << greedy_seat))
            t->wins++;
        else if (leaders & (1u << greedy_seat))
            t->shared++;
        else
            t->losses++;
        if (verbose)
            printf("game %llu: greedy (P%u) %d, random average %d, %s\n", (unsigned long long)seed,
                   greedy_seat, score, others / (int32_t)(players - 1),
                   leaders == (1u << greedy_seat)   ? "won"
                   : leaders & (1u << greedy_seat) ? "shared"
                                                   : "lost");
    }

done:
    for (uint32_t p = 0; p < players; p++)
        bot_free(bots[p]);
    carc_game_free(g);
    return rc;
}

int main(int argc, char **argv)
{
    uint64_t games = 1000, players = 2, seed = 1;
    uint32_t modules = CARC_MODULE_FARMERS;
    const char *modules_text = NULL;
    int verbose = 0;
    tally t;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t *target = NULL, min = 0, max = UINT64_MAX;

        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0) {
            verbose = 1;
            continue;
        } else if (strcmp(a, "--modules") == 0) {
            carc_game_options go;
            char msg[160];
            if (v == NULL || example_modules_parse(&modules, v) != CARC_OK) {
                fprintf(stderr, "carc-bot-match: --modules wants names such as river,abbot or all\n");
                return 2;
            }
            carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
            go.modules = modules;
            example_modules_setup(&go);
            if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
                fprintf(stderr, "carc-bot-match: --modules %s: %s\n", v, msg);
                return 2;
            }
            modules_text = v;
            i++;
            continue;
        } else if (strcmp(a, "--games") == 0) {
            target = &games;
            min = 1;
            max = 100000000;
        } else if (strcmp(a, "--players") == 0) {
            target = &players;
            min = 2;
            max = MAX_PLAYERS;
        } else if (strcmp(a, "--seed") == 0) {
            target = &seed;
        } else {
            fprintf(stderr, "carc-bot-match: unknown argument '%s' (see --help)\n", a);
            return 2;
        }
        if (parse_number(target, v, min, max) != 0) {
            fprintf(stderr, "carc-bot-match: %s wants a number from %llu to %llu\n", a,
                    (unsigned long long)min, (unsigned long long)max);
            return 2;
        }
        i++;
    }

    {
        carc_game_options go;
        char msg[160];
        carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
        go.modules = modules;
        go.players = (uint32_t)players;
        example_modules_setup(&go);
        if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
            fprintf(stderr, "carc-bot-match: --players %llu: %s\n", (unsigned long long)players, msg);
            return 2;
        }
    }
    memset(&t, 0, sizeof t);
    for (uint64_t i = 0; i < games; i++)
        if (play_game(&t, (uint32_t)players, modules, seed + i, (uint32_t)(i % players), verbose) != 0)
            return 1;

    printf("greedy vs random, %llu player%s, %llu game%s (seeds %llu..%llu), greedy changing seat every game",
           (unsigned long long)players, players == 1 ? "" : "s", (unsigned long long)games,
           games == 1 ? "" : "s", (unsigned long long)seed, (unsigned long long)(seed + games - 1));
    if (modules_text != NULL)
        printf(", modules %s", modules_text);
    printf("\n");
    printf("greedy won %llu, shared %llu, lost %llu\n", (unsigned long long)t.wins,
           (unsigned long long)t.shared, (unsigned long long)t.losses);
    printf("greedy win rate: %.1f%%\n", 100.0 * (double)t.wins / (double)games);
    printf("average score: greedy %.1f, random %.1f\n", (double)t.greedy_points / (double)games,
           (double)t.random_points / (double)games);
    return 0;
}
