/* SPDX-License-Identifier: MIT */
/*
 * minimal: a whole game of Carcassonne between random players, in the fewest
 * lines. Build: cc minimal.c $(pkg-config --cflags --libs carcassonne)
 * Usage: minimal [SEED]
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <stdlib.h>

static void check(carc_status st, const carc_game *g, const char *what)
{
    if (st != CARC_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, carc_status_str(st), g ? carc_game_last_error(g) : "");
        exit(1);
    }
}

int main(int argc, char **argv)
{
    carc_game_options opts = CARC_GAME_OPTIONS_INIT; /* 2 players, farmers on */
    carc_game *game = NULL;
    carc_movelist *moves = NULL;
    bool over = false;
    uint32_t players = 0;

    opts.seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    srand((unsigned)opts.seed);
    check(carc_game_new(&game, &opts), NULL, "carc_game_new");
    check(carc_movelist_new(&moves, game), game, "carc_movelist_new");

    for (;;) {
        carc_move move;
        check(carc_game_is_over(&over, game), game, "carc_game_is_over");
        if (over)
            break;
        check(carc_game_legal_moves(moves, game, 0), game, "carc_game_legal_moves");
        check(carc_movelist_get(&move, moves, (size_t)rand() % carc_movelist_count(moves)), game,
              "carc_movelist_get");
        check(carc_game_play(game, &move), game, "carc_game_play");
    }

    check(carc_game_players(&players, game), game, "carc_game_players");
    printf("Final scores (seed %llu):\n", (unsigned long long)opts.seed);
    for (uint32_t p = 0; p < players; p++) {
        int32_t score = 0;
        check(carc_game_score(&score, game, p), game, "carc_game_score");
        printf("  player %u: %d\n", p, score);
    }
    carc_movelist_free(moves);
    carc_game_free(game);
    return 0;
}
