/* SPDX-License-Identifier: MIT */
/*
 * carc-replay: replay a game record and show what happened.
 *
 *   carc-replay [--color] [--svg FILE] RECORD
 *
 * Loads RECORD with carc_game_load (so every move is checked again), then
 * prints each history entry with the points it scored, the final scoring,
 * the board as text and the scores. A bad record gives "RECORD:LINE: reason"
 * on stderr and exit status 1; usage errors exit with 2. The rules modules
 * (the River, the Abbot, Inns & Cathedrals, ...) come from the record; a
 * score made by an inn or a cathedral says so (carc_event.bonus).
 *
 * With the Count of Carcassonne each of its decisions is told in words: a
 * follower out of a quarter onto a feature (being scored, or in the final
 * round unfinished), a follower into a quarter, the Count's moves, and what
 * each pass declined; the final round of moves out of the City has a heading,
 * and the scores say who has followers left in the City and where the Count
 * stands. A history entry does not say which decision it answered, so the
 * replay finds out by taking the game back move by move on a copy
 * (carc_game_undo) and reading carc_game_pending before each move.
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *feature_name(uint32_t kind)
{
    switch (kind) {
    case CARC_SEG_FIELD: return "field";
    case CARC_SEG_ROAD: return "road";
    case CARC_SEG_CITY: return "city";
    case CARC_SEG_MONASTERY: return "monastery";
    case CARC_SEG_GARDEN: return "garden";
    case CARC_SEG_RIVER: return "river";
    default: return "feature";
    }
}

static const char *quarter_name(uint32_t quarter)
{
    static const char *const names[4] = { "castle", "market", "blacksmith", "cathedral" };
    return quarter < 4 ? names[quarter] : "?";
}

/* What each move of the history answered: the pending decision before it and
 * where the Count stood then. */
typedef struct answered {
    bool known;
    uint32_t decision, flags, count;
} answered;

/* Fill `a` (one per history entry of `g`) by undoing a copy of `g` move by
 * move; entries it cannot tell stay unknown. Returns 0, or -1 without memory. */
static int find_decisions(answered *a, const carc_game *g, uint32_t hcount)
{
    carc_game *c = NULL;
    uint32_t n = hcount, m = 0;

    if (carc_game_clone(&c, g, 0) != CARC_OK)
        return -1;
    while (n > 0 && carc_game_undo(c) == CARC_OK) {
        carc_pending pd;
        memset(&pd, 0, sizeof pd);
        pd.struct_size = sizeof pd;
        carc_game_history_count(&m, c);
        if (m >= n)
            continue; /* a tile choice taken back: the history is the same */
        carc_game_pending(&pd, c);
        /* the first move of the unit answered the decision pending now (the
         * entries before it are discards it caused; an early end's passes
         * after it stay unknown) */
        for (uint32_t i = m; i < n; i++) {
            carc_history_entry h;
            memset(&h, 0, sizeof h);
            h.struct_size = sizeof h;
            if (carc_game_history(&h, g, i) == CARC_OK && h.kind == CARC_HISTORY_PLACE) {
                a[i].known = true;
                a[i].decision = pd.decision;
                a[i].flags = pd.flags;
                carc_game_count(&a[i].count, c);
                break;
            }
        }
        n = m;
    }
    carc_game_free(c);
    return 0;
}

/* A decision that places no tile, in words ("" when there is nothing to add). */
static void describe(char *buf, size_t cap, const carc_game *g, const carc_move *m, const answered *a)
{
    const char *big = m->figure == CARC_FIGURE_BIG ? "big " : "";
    bool final = a->known && (a->flags & CARC_PENDING_FINAL);

    buf[0] = '\0';
    if (m->kind == CARC_MOVE_EXIT) {
        carc_move at;
        carc_segment_info seg;
        const char *what = "feature";
        memset(&seg, 0, sizeof seg);
        seg.struct_size = sizeof seg;
        if (carc_game_tile_at(&at, g, m->x, m->y) == CARC_OK
            && carc_tile_segment(&seg, at.tile, at.rotation, m->segment) == CARC_OK)
            what = feature_name(seg.kind);
        snprintf(buf, cap, "a %sfollower leaves the %s for the %s%s at %ld,%ld", big, quarter_name(m->quarter),
                 seg.kind == CARC_SEG_FIELD || !a->known ? "" : final ? "unfinished " : "completed ", what,
                 (long)m->x, (long)m->y);
    } else if (m->kind == CARC_MOVE_QUARTER) {
        snprintf(buf, cap, "a %sfollower into the %s", big, quarter_name(m->quarter));
    } else if (m->kind == CARC_MOVE_COUNT) {
        if (a->known)
            snprintf(buf, cap, "the Count moves from the %s to the %s", quarter_name(a->count), quarter_name(m->quarter));
        else
            snprintf(buf, cap, "the Count moves to the %s", quarter_name(m->quarter));
    } else if (m->kind == CARC_MOVE_PASS && a->known) {
        if (a->decision == CARC_DECISION_EXIT)
            snprintf(buf, cap, final ? "no more followers out of the City: out of the final round"
                                     : "no (more) followers out of the City");
        else if (a->decision == CARC_DECISION_QUARTER)
            snprintf(buf, cap, "no follower into the City");
        else if (a->decision == CARC_DECISION_COUNT)
            snprintf(buf, cap, "the Count stays in the %s", quarter_name(a->count));
        else if (a->flags & CARC_PENDING_SECOND_TILE)
            snprintf(buf, cap, "declines the builder's second tile");
    }
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (f == NULL)
        return NULL;
    for (;;) {
        size_t got;
        if (n == cap) {
            char *nb;
            cap = cap ? cap * 2 : 4096;
            nb = realloc(buf, cap);
            if (nb == NULL)
                break;
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                break;
            fclose(f);
            *len = n;
            return buf != NULL ? buf : malloc(1);
        }
    }
    free(buf);
    fclose(f);
    return NULL;
}

static void print_players(uint32_t mask, uint32_t players)
{
    uint32_t p;
    const char *sep = "";
    for (p = 0; p < players; p++)
        if ((mask >> p) & 1u) {
            printf("%sP%lu", sep, (unsigned long)p);
            sep = ",";
        }
}

static void print_event(const carc_event *e, uint32_t players)
{
    const char *tile = carc_tile_name(e->tile);
    if (e->kind == CARC_EVENT_DISCARD)
        return; /* shown by the history entry */
    printf("      %+ld ", (long)e->points);
    if (e->kind == CARC_EVENT_RECALL) {
        print_players(e->players, players);
        printf(" for the abbot recalled from a %s of %lu tile%s at %ld,%ld (%s)\n", feature_name(e->feature_kind),
               (unsigned long)e->tiles, e->tiles == 1 ? "" : "s", (long)e->x, (long)e->y, tile != NULL ? tile : "?");
        return;
    }
    if (e->kind == CARC_EVENT_GOODS || e->kind == CARC_EVENT_TRADE) {
        static const char *const goods[CARC_GOOD_COUNT] = { "wine", "grain", "cloth" };
        const char *good = e->good < CARC_GOOD_COUNT ? goods[e->good] : "?";
        print_players(e->players, players);
        if (e->kind == CARC_EVENT_GOODS)
            printf(" takes a %s token from the city completed at %ld,%ld (%s)\n", good, (long)e->x, (long)e->y,
                   tile != NULL ? tile : "?");
        else
            printf(" for the most %s\n", good);
        return;
    }
    print_players(e->players, players);
    printf(" for %s%s of %lu tile%s at %ld,%ld (%s)", e->kind == CARC_EVENT_FINAL ? "an unfinished " : "a ",
           feature_name(e->feature_kind), (unsigned long)e->tiles, e->tiles == 1 ? "" : "s", (long)e->x,
           (long)e->y, tile != NULL ? tile : "?");
    if (e->bonus & CARC_BONUS_CATHEDRAL)
        printf(e->kind == CARC_EVENT_FINAL ? ", a cathedral: nothing at the end" : ", a cathedral: 3 a tile and pennant");
    else if (e->bonus & CARC_BONUS_INN)
        printf(e->kind == CARC_EVENT_FINAL ? ", an inn: nothing at the end" : ", an inn: 2 a tile");
    else if (e->bonus & CARC_BONUS_PIG)
        printf(", with a pig: 4 a city");
    if (e->returned > 0)
        printf(", %lu follower%s back", (unsigned long)e->returned, e->returned == 1 ? "" : "s");
    printf("\n");
}

static int render(FILE *f, const carc_game *g, uint32_t flags, bool svg)
{
    size_t need = 0;
    char *buf;
    carc_status st = svg ? carc_game_render_svg(NULL, 0, &need, g, flags)
                         : carc_game_render_text(NULL, 0, &need, g, flags);
    if (st != CARC_OK && st != CARC_EBUFFER)
        return -1;
    buf = malloc(need + 1);
    if (buf == NULL)
        return -1;
    st = svg ? carc_game_render_svg(buf, need + 1, NULL, g, flags) : carc_game_render_text(buf, need + 1, NULL, g, flags);
    if (st == CARC_OK)
        fputs(buf, f);
    free(buf);
    return st == CARC_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *svg = NULL;
    uint32_t flags = 0, players = 0, hcount = 0, ecount = 0, i, e, p;
    bool abbot = false, inns = false, traders = false, count = false, final_shown = false;
    answered *answers = NULL;
    carc_load_error err;
    carc_game *g = NULL;
    char *data;
    size_t len = 0;
    carc_status st;
    int a;

    for (a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--color") == 0)
            flags |= CARC_RENDER_COLOR;
        else if (strcmp(argv[a], "--svg") == 0 && a + 1 < argc)
            svg = argv[++a];
        else if (argv[a][0] == '-' && argv[a][1] != '\0')
            path = NULL, a = argc + 1;
        else if (path == NULL)
            path = argv[a];
        else
            a = argc + 1;
    }
    if (path == NULL || a > argc) {
        fprintf(stderr, "usage: carc-replay [--color] [--svg FILE] RECORD\n");
        return 2;
    }
    data = read_file(path, &len);
    if (data == NULL) {
        perror(path);
        return 1;
    }
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    st = carc_game_load(&g, data, len, NULL, &err);
    free(data);
    if (st != CARC_OK) {
        const char *msg = err.message;
        char prefix[32];
        snprintf(prefix, sizeof prefix, "line %lu: ", (unsigned long)err.line);
        if (strncmp(msg, prefix, strlen(prefix)) == 0)
            msg += strlen(prefix);
        if (err.line > 0)
            fprintf(stderr, "%s:%lu: %s (%s)\n", path, (unsigned long)err.line, msg, carc_status_name(st));
        else
            fprintf(stderr, "%s: %s (%s)\n", path, msg, carc_status_name(st));
        return 1;
    }

    carc_game_players(&players, g);
    carc_game_history_count(&hcount, g);
    carc_game_event_count(&ecount, g);
    {
        carc_game_options opts;
        uint32_t bit;
        const char *sep = ", modules: ";
        memset(&opts, 0, sizeof opts);
        carc_game_options_get(&opts, g);
        abbot = (opts.modules & CARC_MODULE_ABBOT) != 0;
        inns = (opts.modules & CARC_MODULE_INNS) != 0;
        traders = (opts.modules & CARC_MODULE_TRADERS) != 0;
        count = (opts.modules & CARC_MODULE_COUNT) != 0;
        printf("%lu players, %lu history entries", (unsigned long)players, (unsigned long)hcount);
        for (bit = 1; bit != 0; bit <<= 1)
            if ((opts.modules & bit) && bit != CARC_MODULE_FARMERS && carc_module_name(bit) != NULL) {
                printf("%s%s", sep, carc_module_name(bit));
                sep = ", ";
            }
        if (!(opts.modules & CARC_MODULE_FARMERS))
            printf(", no farmers");
        printf("\n\n");
    }
    if (count || traders) { /* decisions that place no tile: which one each move answered */
        answers = calloc(hcount + 1u, sizeof *answers);
        if (answers == NULL || find_decisions(answers, g, hcount) != 0) {
            fprintf(stderr, "carc-replay: out of memory\n");
            free(answers);
            carc_game_free(g);
            return 1;
        }
    }
    for (i = 0; i < hcount; i++) {
        carc_history_entry h;
        char mv[64];
        const char *name;
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        if (carc_game_history(&h, g, i) != CARC_OK)
            break;
        if (answers != NULL && answers[i].known && (answers[i].flags & CARC_PENDING_FINAL) && !final_shown) {
            printf("      final round: followers leave the City of Carcassonne for unfinished features, one a go\n");
            final_shown = true;
        }
        printf("%4lu. P%lu ", (unsigned long)i + 1, (unsigned long)h.player);
        if (h.kind == CARC_HISTORY_PLACE && h.move.kind != CARC_MOVE_PLACE &&
            carc_move_format(mv, sizeof mv, NULL, &h.move) == CARC_OK) {
            char what[128] = "";
            static const answered unknown = { false, 0, 0, 0 };
            describe(what, sizeof what, g, &h.move, answers != NULL ? &answers[i] : &unknown);
            if (what[0] != '\0')
                printf("%-28s (%s)\n", mv, what); /* a decision that places no tile: pass, ... */
            else
                printf("%s\n", mv);
        } else if (h.kind == CARC_HISTORY_PLACE && carc_move_format(mv, sizeof mv, NULL, &h.move) == CARC_OK) {
            printf("place %s\n", mv);
        } else if (h.kind == CARC_HISTORY_DISCARD) {
            name = carc_tile_name(h.move.tile);
            printf("discard %s (no legal placement)\n", name != NULL ? name : "?");
        } else if (h.kind == CARC_HISTORY_END) {
            printf("end (the game was ended early)\n");
        } else {
            printf("?\n");
        }
        for (e = 0; e < ecount; e++) {
            carc_event ev;
            memset(&ev, 0, sizeof ev);
            ev.struct_size = sizeof ev;
            if (carc_game_event(&ev, g, e) == CARC_OK && ev.turn == i &&
                (ev.kind == CARC_EVENT_SCORE || ev.kind == CARC_EVENT_RECALL || ev.kind == CARC_EVENT_GOODS))
                print_event(&ev, players);
        }
    }
    free(answers);
    for (e = 0, a = 0; e < ecount; e++) {
        carc_event ev;
        memset(&ev, 0, sizeof ev);
        ev.struct_size = sizeof ev;
        if (carc_game_event(&ev, g, e) != CARC_OK || (ev.kind != CARC_EVENT_FINAL && ev.kind != CARC_EVENT_TRADE))
            continue;
        if (a++ == 0)
            printf("\nfinal scoring:\n");
        print_event(&ev, players);
    }
    printf("\n");
    if (render(stdout, g, flags | CARC_RENDER_NO_LEGEND, false) != 0) {
        fprintf(stderr, "carc-replay: cannot draw the board\n");
        carc_game_free(g);
        return 1;
    }
    printf("\n");
    {
        bool over = false;
        uint32_t leaders = 0;
        carc_game_is_over(&over, g);
        carc_game_leaders(&leaders, g);
        printf("%s scores:\n", over ? "final" : "current");
        for (p = 0; p < players; p++) {
            int32_t score = 0;
            uint32_t supply = 0;
            carc_game_score(&score, g, p);
            carc_game_supply(&supply, g, p);
            uint32_t abbots = 0, bigs = 0;
            if (abbot)
                carc_game_figure_supply(&abbots, g, p, CARC_FIGURE_ABBOT);
            if (inns)
                carc_game_figure_supply(&bigs, g, p, CARC_FIGURE_BIG);
            char goods[80] = "";
            if (traders) {
                uint32_t n[CARC_GOOD_COUNT] = { 0, 0, 0 };
                for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
                    carc_game_goods(&n[k], g, p, k);
                snprintf(goods, sizeof goods, ", goods %lu wine %lu grain %lu cloth", (unsigned long)n[0],
                         (unsigned long)n[1], (unsigned long)n[2]);
            }
            char city[48] = "";
            if (count) {
                uint32_t in_city = 0;
                for (uint32_t q = 0; q < 4; q++) {
                    uint32_t k = 0, b = 0;
                    carc_game_city(&k, g, q, p, CARC_FIGURE_FOLLOWER);
                    carc_game_city(&b, g, q, p, CARC_FIGURE_BIG);
                    in_city += k + b;
                }
                snprintf(city, sizeof city, ", %lu in the City", (unsigned long)in_city);
            }
            printf("  P%lu: %4ld points, %lu followers in supply%s%s%s%s%s\n", (unsigned long)p, (long)score,
                   (unsigned long)supply, !abbot ? "" : abbots > 0 ? ", abbot in supply" : ", abbot on the board",
                   !inns ? "" : bigs > 0 ? ", big follower in supply" : ", big follower on the board", goods, city,
                   over && ((leaders >> p) & 1u) ? "  (winner)" : "");
        }
        if (count) {
            uint32_t where = 0;
            carc_game_count(&where, g);
            printf("the City of Carcassonne, the Count in the %s:", quarter_name(where));
            for (uint32_t q = 0; q < 4; q++) {
                const char *sep = " ";
                printf("%s %s", q ? ";" : "", quarter_name(q));
                for (p = 0; p < players; p++) {
                    uint32_t k = 0, b = 0;
                    carc_game_city(&k, g, q, p, CARC_FIGURE_FOLLOWER);
                    carc_game_city(&b, g, q, p, CARC_FIGURE_BIG);
                    if (k + b > 0) {
                        printf("%sP%lu x%lu%s", sep, (unsigned long)p, (unsigned long)(k + b), b ? " (big)" : "");
                        sep = ", ";
                    }
                }
                if (sep[0] == ' ')
                    printf(" -");
            }
            printf("\n");
        }
        if (!over)
            printf("the game is not over\n");
    }
    if (svg != NULL) {
        FILE *f = fopen(svg, "w");
        int bad = f == NULL || render(f, g, 0, true) != 0;
        if (f != NULL && fclose(f) != 0)
            bad = 1;
        if (bad) {
            fprintf(stderr, "carc-replay: cannot write %s\n", svg);
            carc_game_free(g);
            return 1;
        }
    }
    carc_game_free(g);
    return 0;
}
