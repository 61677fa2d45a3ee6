/* SPDX-License-Identifier: MIT */
/*
 * A program outside the project, built against an installed libcarcassonne
 * (once with pkg-config, once with find_package). It uses only the public API.
 * With CARC_CONSUMER_PLAY_GAME (set when the installed library exports
 * carc_game_new), it also creates a game and plays one legal move.
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <string.h>

#ifdef CARC_CONSUMER_PLAY_GAME
static int fail(const char *what, carc_status st)
{
    fprintf(stderr, "consumer: %s: %s (%s)\n", what, carc_status_name(st), carc_status_str(st));
    return 1;
}
#endif

int main(void)
{
    const char *version = carc_version_string();

    if (strcmp(version, CARC_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: library %s, header %s\n", version, CARC_VERSION_STRING);
        return 1;
    }
    if (carc_version_number() != CARC_VERSION_NUMBER) {
        fprintf(stderr, "consumer: version number %u, header %d\n",
                (unsigned)carc_version_number(), CARC_VERSION_NUMBER);
        return 1;
    }
    printf("libcarcassonne %s\n", version);

#ifdef CARC_CONSUMER_PLAY_GAME
    {
        carc_game_options opts = CARC_GAME_OPTIONS_INIT;
        carc_game *game = NULL;
        carc_movelist *moves = NULL;
        carc_status st;
        size_t n;

        opts.seed = 42;
        if ((st = carc_game_new(&game, &opts)) != CARC_OK)
            return fail("carc_game_new", st);
        if ((st = carc_movelist_new(&moves, game)) != CARC_OK) {
            carc_game_free(game);
            return fail("carc_movelist_new", st);
        }
        if ((st = carc_game_legal_moves(moves, game, 0)) != CARC_OK) {
            carc_movelist_free(moves);
            carc_game_free(game);
            return fail("carc_game_legal_moves", st);
        }
        n = carc_movelist_count(moves);
        if (n == 0) {
            fprintf(stderr, "consumer: no legal first move\n");
            carc_movelist_free(moves);
            carc_game_free(game);
            return 1;
        }
        st = carc_game_play(game, &carc_movelist_data(moves)[0]);
        carc_movelist_free(moves);
        carc_game_free(game);
        if (st != CARC_OK)
            return fail("carc_game_play", st);
        printf("played 1 of %zu legal first moves\n", n);
    }
#endif
    return 0;
}
