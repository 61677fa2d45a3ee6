/* SPDX-License-Identifier: MIT */
/*
 * carc-bot-match: one bot (heuristic by default) against the others (random by
 * default) over many seeded games. The bot changes seat every game (game i:
 * seat i mod players), so no seat has an advantage. Prints the bot's win
 * rate, its mean score difference to the best other player, and the time
 * per move of each kind of bot.
 *
 *   carc-bot-match --games 1000 [--players 2] [--seed 1] [--modules river,abbot,inns] [--verbose]
 *   carc-bot-match --bot mcts:200 --against heuristic --games 1000 --players 3
 *   carc-bot-match --bot immediate --against immediate --games 300
 *
 * With Inns & Cathedrals (--modules inns) up to 6 players, and the bots use the
 * big follower (see bots.c). `--modules all` plays every module (with the
 * Count and the River the library lays the spring at its default place,
 * CARC_DEFAULT_START_TILE); with the Count the bots answer its decisions too.
 */
#include <carcassonne/carcassonne.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

#define MAX_PLAYERS 6 /* 6 only with Inns & Cathedrals */

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-bot-match [--games N] [--players N] [--seed S] [--modules LIST]\n"
            "                      [--bot KIND] [--against KIND] [--verbose]\n"
            "Plays N games (default 1000) of one bot (--bot, default heuristic) against the\n"
            "others (--against, default random; 2..5 players, 2..6 with inns; default 2), the\n"
            "bot changing seat every game, and prints the bot's win rate, its mean score\n"
            "difference to the best other player, and the time per move. Game i uses seed S+i\n"
            "(default S = 1).\n"
            "KIND: random; immediate (the library's policy: the most points now); heuristic\n"
            "(a one-ply evaluation that also values open features and figures); or mcts\n"
            "(Monte Carlo tree search with the heuristic bot's evaluation, %u iterations a\n"
            "move); mcts:N for N iterations a move, mcts:Nms for N milliseconds a move, then\n"
            ":pure for plain UCT (random playouts to the end), :dN for N playout moves before\n"
            "the evaluation, :immediate for immediate playouts (e.g. mcts:300, mcts:50ms,\n"
            "mcts:2000:pure). Times are processor time.\n"
            "--modules takes rules modules such as river,abbot,count,inns,traders, or all\n"
            "(default: the base game with farmers; -farmers leaves the farmers out).\n",
            (unsigned)BOT_MCTS_BUDGET);
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
    double shares;                        /* wins, plus 1/k for a win shared by k */
    int64_t bot_points, other_points; /* the bot's; the average of the other seats */
    int64_t margin;                       /* the bot's score minus the best other's */
    double seconds[2];                    /* time in bot_choose: the bot, the others */
    uint64_t moves[2];
} tally;

/* Play one game; 0 on success. */
static int play_game(tally *t, const bot_spec *spec, const bot_spec *against, const char *name,
                     uint32_t players, uint32_t modules, uint64_t seed, uint32_t seat, int verbose)
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
    st = carc_game_new(&g, &go);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-bot-match: cannot create game (seed %llu): %s\n", (unsigned long long)seed,
                carc_status_str(st));
        return -1;
    }
    for (uint32_t p = 0; p < players; p++) {
        bots[p] = bot_new_spec(p == seat ? spec : against, seed * 0x100000001B3u + p + 1, g);
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
        uint32_t leaders = 0, nleaders = 0;
        int32_t score = 0, others = 0, best_other = INT32_MIN;
        carc_game_leaders(&leaders, g);
        for (uint32_t p = 0; p < players; p++) {
            int32_t s = 0;
            uint64_t moves = 0;
            double secs = bot_seconds(bots[p], &moves);
            carc_game_score(&s, g, p);
            t->seconds[p != seat] += secs;
            t->moves[p != seat] += moves;
            nleaders += (leaders >> p) & 1u;
            if (p == seat) {
                score = s;
            } else {
                others += s;
                if (s > best_other)
                    best_other = s;
            }
        }
        t->bot_points += score;
        t->other_points += others / (int32_t)(players - 1);
        t->margin += score - best_other;
        if (leaders == (1u << seat))
            t->wins++;
        else if (leaders & (1u << seat))
            t->shared++;
        else
            t->losses++;
        if (leaders & (1u << seat))
            t->shares += 1.0 / (double)nleaders;
        if (verbose)
            printf("game %llu: %s (P%u) %d, others' average %d, %s\n", (unsigned long long)seed, name,
                   seat, score, others / (int32_t)(players - 1),
                   leaders == (1u << seat)   ? "won"
                   : leaders & (1u << seat) ? "shared"
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
    bot_spec spec, against;
    char name[64], against_name[64];

    bot_spec_parse(&spec, "heuristic");
    bot_spec_parse(&against, "random");

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
            if (v == NULL || carc_modules_parse(&modules, v) != CARC_OK) {
                fprintf(stderr, "carc-bot-match: --modules wants names such as river,abbot or all\n");
                return 2;
            }
            carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
            go.modules = modules;
            if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
                fprintf(stderr, "carc-bot-match: --modules %s: %s\n", v, msg);
                return 2;
            }
            modules_text = v;
            i++;
            continue;
        } else if (strcmp(a, "--bot") == 0 || strcmp(a, "--against") == 0) {
            if (v == NULL || bot_spec_parse(strcmp(a, "--bot") == 0 ? &spec : &against, v) != 0) {
                fprintf(stderr, "carc-bot-match: %s wants %s, not '%s'\n", a, bot_spec_hint(v),
                        v != NULL ? v : "");
                return 2;
            }
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
        if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
            fprintf(stderr, "carc-bot-match: --players %llu: %s\n", (unsigned long long)players, msg);
            return 2;
        }
    }
    bot_spec_format(name, sizeof name, &spec);
    bot_spec_format(against_name, sizeof against_name, &against);
    memset(&t, 0, sizeof t);
    for (uint64_t i = 0; i < games; i++)
        if (play_game(&t, &spec, &against, name, (uint32_t)players, modules, seed + i, (uint32_t)(i % players),
                      verbose) != 0)
            return 1;

    printf("%s vs %s, %llu player%s, %llu game%s (seeds %llu..%llu), %s changing seat every game", name,
           against_name, (unsigned long long)players, players == 1 ? "" : "s", (unsigned long long)games,
           games == 1 ? "" : "s", (unsigned long long)seed, (unsigned long long)(seed + games - 1), name);
    if (modules_text != NULL)
        printf(", modules %s", modules_text);
    printf("\n");
    printf("%s won %llu, shared %llu, lost %llu\n", name, (unsigned long long)t.wins,
           (unsigned long long)t.shared, (unsigned long long)t.losses);
    printf("%s win rate: %.1f%%\n", name, 100.0 * (double)t.wins / (double)games);
    printf("%s win rate, a win shared by k counted 1/k: %.1f%% (even: %.1f%%)\n", name,
           100.0 * t.shares / (double)games, 100.0 / (double)players);
    printf("average score: %s %.1f, %s %.1f\n", name, (double)t.bot_points / (double)games, against_name,
           (double)t.other_points / (double)games);
    printf("mean score difference (%s minus the best other player): %+.1f\n", name,
           (double)t.margin / (double)games);
    printf("time per move: %s %.3f ms (%llu moves), %s %.3f ms (%llu moves)\n", name,
           t.moves[0] ? 1000.0 * t.seconds[0] / (double)t.moves[0] : 0.0, (unsigned long long)t.moves[0],
           against_name, t.moves[1] ? 1000.0 * t.seconds[1] / (double)t.moves[1] : 0.0,
           (unsigned long long)t.moves[1]);
    return 0;
}
