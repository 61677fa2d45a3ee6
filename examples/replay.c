/* SPDX-License-Identifier: MIT */
/*
 * replay: load a game record (written by carc_game_save, e.g. by
 * `carc-demo --record FILE`) and print its history, what scored, and the scores.
 * Every history entry is a move in the move notation: tiles placed, and the
 * decisions that place none (passes; with the Count `exit castle 1 -2 seg:0`,
 * `quarter market`, `count blacksmith`).
 * Usage: replay FILE
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole file in a malloc'd buffer, or NULL. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    size_t cap = 0, n = 0;

    if (f == NULL)
        return NULL;
    for (;;) {
        if (n == cap) {
            char *p = realloc(data, cap = cap ? 2 * cap : 4096);
            if (p == NULL)
                break;
            data = p;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            *len = n;
            fclose(f);
            return data;
        }
    }
    free(data);
    fclose(f);
    return NULL;
}

static const char *kind_name(uint32_t kind)
{
    static const char *const names[] = {"field", "road", "city", "monastery", "garden", "river"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

int main(int argc, char **argv)
{
    carc_game *game = NULL;
    carc_load_error err;
    carc_game_options opts;
    char *data;
    size_t len = 0;
    uint32_t players = 0, entries = 0, events = 0, next_event = 0, leaders = 0;
    bool over = false;
    carc_status st;

    if (argc != 2) {
        fprintf(stderr, "usage: replay FILE\n");
        return 2;
    }
    data = read_file(argv[1], &len);
    if (data == NULL) {
        fprintf(stderr, "replay: cannot read %s\n", argv[1]);
        return 1;
    }
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    st = carc_game_load(&game, data, len, NULL, &err);
    free(data);
    if (st != CARC_OK) {
        fprintf(stderr, "replay: %s: %s: %s\n", argv[1], carc_status_name(st), err.message);
        return 1;
    }

    carc_game_options_get(&opts, game);
    carc_game_players(&players, game);
    carc_game_history_count(&entries, game);
    carc_game_event_count(&events, game);
    printf("%s: %u players, seed %llu, %u history entries\n", argv[1], players,
           (unsigned long long)opts.seed, entries);

    for (uint32_t i = 0; i < entries; i++) {
        carc_history_entry h;
        char text[64] = "";
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        if (carc_game_history(&h, game, i) != CARC_OK)
            continue;
        if (h.kind == CARC_HISTORY_PLACE) {
            carc_move_format(text, sizeof text, NULL, &h.move);
            printf("%3u  P%u  %s\n", i + 1, h.player, text);
        } else if (h.kind == CARC_HISTORY_DISCARD) {
            printf("%3u  P%u  discards %s\n", i + 1, h.player, carc_tile_name(h.move.tile));
        } else {
            printf("%3u  game ended early\n", i + 1);
        }
        /* What scored on this entry (events name the history entry they belong to). */
        for (; next_event < events; next_event++) {
            carc_event ev;
            memset(&ev, 0, sizeof ev);
            ev.struct_size = sizeof ev;
            if (carc_game_event(&ev, game, next_event) != CARC_OK || ev.turn > i)
                break;
            if (ev.kind == CARC_EVENT_DISCARD)
                continue;
            if (ev.kind == CARC_EVENT_GOODS || ev.kind == CARC_EVENT_TRADE) { /* Traders & Builders */
                static const char *const goods[] = {"wine", "grain", "cloth"};
                const char *good = ev.good < 3 ? goods[ev.good] : "?";
                if (ev.kind == CARC_EVENT_GOODS)
                    printf("          a %s token to", good);
                else
                    printf("          final most %s: %d to", good, ev.points);
                for (uint32_t p = 0; p < players; p++)
                    if (ev.players & (1u << p))
                        printf(" P%u", p);
                printf("\n");
                continue;
            }
            printf("          %s %s (%u tile%s): %d to",
                   ev.kind == CARC_EVENT_FINAL    ? "final"
                   : ev.kind == CARC_EVENT_RECALL ? "abbot recalled from" /* the Abbot */
                                                  : "scored",
                   kind_name(ev.feature_kind), ev.tiles, ev.tiles == 1 ? "" : "s", ev.points);
            for (uint32_t p = 0; p < players; p++)
                if (ev.players & (1u << p))
                    printf(" P%u", p);
            printf("\n");
        }
    }

    carc_game_is_over(&over, game);
    carc_game_leaders(&leaders, game);
    printf("%s scores:\n", over ? "Final" : "Current");
    for (uint32_t p = 0; p < players; p++) {
        int32_t score = 0;
        carc_game_score(&score, game, p);
        printf("  P%u %4d%s\n", p, score, over && (leaders & (1u << p)) ? "  winner" : "");
    }
    carc_game_free(game);
    return 0;
}
