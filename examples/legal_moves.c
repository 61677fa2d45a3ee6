/* SPDX-License-Identifier: MIT */
/*
 * legal_moves: set up a position by playing a few seeded random moves, then
 * list every legal move of the player to move: each placement of the current
 * tile (carc_game_placements) with its figure options (carc_game_figure_options).
 * Usage: legal_moves [SEED [MOVES [MODULES]]]   (defaults: seed 1, 5 moves, the
 * base game; MODULES as carc_modules_parse reads them: "river,abbot", "all")
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(carc_status st, const carc_game *g, const char *what)
{
    if (st != CARC_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, carc_status_str(st), g ? carc_game_last_error(g) : "");
        exit(1);
    }
}

static const char *kind_name(uint32_t kind)
{
    static const char *const names[] = {"field", "road", "city", "monastery", "garden", "river"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

int main(int argc, char **argv)
{
    carc_game_options opts = CARC_GAME_OPTIONS_INIT;
    carc_game *game = NULL;
    carc_movelist *placements = NULL, *figures = NULL, *all = NULL;
    unsigned long moves = argc > 2 ? strtoul(argv[2], NULL, 10) : 5;
    uint64_t rng;
    uint32_t tile = 0, player = 0;
    size_t total = 0;
    char text[64];

    opts.seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    if (argc > 3)
        check(carc_modules_parse(&opts.modules, argv[3]), NULL, "carc_modules_parse");
    rng = opts.seed;
    check(carc_game_new(&game, &opts), NULL, "carc_game_new");
    check(carc_movelist_new(&placements, game), game, "carc_movelist_new");
    check(carc_movelist_new(&figures, game), game, "carc_movelist_new");
    check(carc_movelist_new(&all, game), game, "carc_movelist_new");

    /* A few moves, chosen by a small generator of our own (same seed, same moves). */
    for (unsigned long i = 0; i < moves; i++) {
        bool over = false;
        carc_move move;
        check(carc_game_is_over(&over, game), game, "carc_game_is_over");
        if (over)
            break;
        check(carc_game_legal_moves(all, game, 0), game, "carc_game_legal_moves");
        rng = rng * 6364136223846793005u + 1442695040888963407u;
        check(carc_movelist_get(&move, all, (size_t)(rng >> 33) % carc_movelist_count(all)), game,
              "carc_movelist_get");
        check(carc_move_format(text, sizeof text, NULL, &move), game, "carc_move_format");
        printf("played: %s\n", text);
        check(carc_game_play(game, &move), game, "carc_game_play");
    }

    {
        carc_pending pending;
        memset(&pending, 0, sizeof pending);
        pending.struct_size = sizeof pending;
        check(carc_game_pending(&pending, game), game, "carc_game_pending");
        player = pending.player; /* who decides (with the Count not always whose turn it is) */
        if (pending.decision != CARC_DECISION_PLACE) {
            /* over, or a decision that is not a placement: the legal moves in one list */
            printf("\nplayer %u decides (decision %u); legal moves:\n", player, pending.decision);
            if (pending.decision != CARC_DECISION_NONE) {
                check(carc_game_legal_moves(all, game, 0), game, "carc_game_legal_moves");
                for (size_t i = 0; i < carc_movelist_count(all); i++) {
                    check(carc_move_format(text, sizeof text, NULL, &carc_movelist_data(all)[i]), game,
                          "carc_move_format");
                    printf("  %s\n", text);
                }
            }
            carc_movelist_free(placements);
            carc_movelist_free(figures);
            carc_movelist_free(all);
            carc_game_free(game);
            return 0;
        }
    }
    check(carc_game_current_tile(&tile, game), game, "carc_game_current_tile");
    printf("\nplayer %u to move with tile %s; legal moves:\n", player, carc_tile_name(tile));

    /* Where the tile fits (each rotation of a symmetric tile once), ... */
    check(carc_game_placements(placements, game, tile, CARC_ENUM_UNIQUE_ROTATIONS), game,
          "carc_game_placements");
    for (size_t i = 0; i < carc_movelist_count(placements); i++) {
        carc_move place;
        check(carc_movelist_get(&place, placements, i), game, "carc_movelist_get");
        snprintf(text, sizeof text, "%s %d %d %d", carc_tile_name(place.tile), place.x, place.y,
                 90 * place.rotation);
        printf("  %-13s", text);
        /* ... and where a figure may go after that placement ("no figure" first). */
        check(carc_game_figure_options(figures, game, &place), game, "carc_game_figure_options");
        for (size_t j = 0; j < carc_movelist_count(figures); j++) {
            const carc_move *m = &carc_movelist_data(figures)[j];
            carc_segment_info seg;
            if (m->figure == CARC_FIGURE_NONE) {
                printf(" | no figure");
                continue;
            }
            if (m->segment == CARC_SEGMENT_RECALL) { /* the Abbot: take the abbot back instead */
                printf(" | abbot/recall");
                continue;
            }
            memset(&seg, 0, sizeof seg);
            seg.struct_size = sizeof seg;
            check(carc_tile_segment(&seg, m->tile, m->rotation, m->segment), game, "carc_tile_segment");
            check(carc_move_format(text, sizeof text, NULL, m), game, "carc_move_format");
            printf(" | %s (%s)", strrchr(text, ' ') + 1, kind_name(seg.kind));
        }
        printf("\n");
        total += carc_movelist_count(figures);
    }

    /* The same moves in one list. */
    check(carc_game_legal_moves(all, game, CARC_ENUM_UNIQUE_ROTATIONS), game, "carc_game_legal_moves");
    printf("%zu placements, %zu moves (carc_game_legal_moves: %zu)\n", carc_movelist_count(placements), total,
           carc_movelist_count(all));

    carc_movelist_free(placements);
    carc_movelist_free(figures);
    carc_movelist_free(all);
    carc_game_free(game);
    return 0;
}
