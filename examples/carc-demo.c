/* SPDX-License-Identifier: MIT */
/*
 * carc-demo: a whole seeded game of Carcassonne between bots, turn by turn,
 * or against you with --play. Uses only the public API of libcarcassonne.
 *
 *   carc-demo                         3 heuristic bots, seed 1
 *   carc-demo --players 4 --seed 7 --bot random --svg board.svg --record game.txt
 *   carc-demo --bot mcts:200          Monte Carlo tree search bots (mcts.h)
 *   carc-demo --play --seat 1         you are player 1
 *   carc-demo --modules river,abbot   with the River and the Abbot
 *   carc-demo --modules inns --players 6   Inns & Cathedrals, six players
 *   carc-demo --modules all           every module (the Count and the River:
 *                                     the spring at the library's default place)
 *
 * The bots and the human answer whatever decision the game waits for
 * (carc_game_pending): a tile to place with its figure action, an abbot to
 * recall, or any other decision an expansion brings (a pass declines one):
 * with the Count, followers out of the City of Carcassonne onto the features
 * being scored (and in the final round), a follower into a quarter, the Count
 * moved. Score lines say when an inn or a cathedral made the value
 * (carc_event.bonus).
 */
#include <carcassonne/carcassonne.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

#define MAX_PLAYERS 6 /* 6 only with Inns & Cathedrals */

typedef struct options {
    uint32_t players;
    uint64_t seed;
    uint32_t modules; /* CARC_MODULE_* (default: farmers) */
    bot_spec bot;
    const char *svg;
    const char *record;
    bool quiet;
    bool play;
    uint32_t seat;
    bool seat_given;
    bool color;
} options;

/* What a human turn ended with. */
typedef enum turn_result { TURN_PLAYED, TURN_UNDONE, TURN_AGAIN, TURN_QUIT, TURN_ERROR } turn_result;

typedef struct session {
    const options *opt;
    carc_game *game;
    bot *bots[MAX_PLAYERS];
    carc_movelist *list;
    bool final_round_shown; /* the Count: the final round's heading is printed */
} session;

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-demo [options]\n"
            "Plays a whole seeded game of Carcassonne between bots and prints every turn.\n"
            "\n"
            "Options:\n"
            "  --players N      number of players, 2..5, or 2..6 with inns (default 3)\n"
            "  --seed S         seed of the tile shuffle and of the bots (default 1)\n"
            "  --bot KIND       the bots: heuristic (default: a one-ply evaluation that also\n"
            "                   values open features and figures), immediate (the library's\n"
            "                   policy: the most points now), random, or mcts (Monte Carlo\n"
            "                   tree search with the heuristic bot's evaluation, %u\n"
            "                   iterations a move); mcts:N for N iterations a move,\n"
            "                   mcts:Nms for N milliseconds a move, then :pure for plain\n"
            "                   UCT (random playouts to the end), :dN for N playout moves\n"
            "                   before the evaluation, :immediate for immediate playouts\n"
            "                   (mcts:300, mcts:50ms, mcts:2000:pure)\n"
            "  --modules LIST   rules modules, e.g. river,abbot,count,inns,traders, or all\n"
            "                   (default: the base game with farmers; -farmers leaves the\n"
            "                   farmers out)\n"
            "  --svg FILE       write the final board as SVG to FILE\n"
            "  --record FILE    write the game record to FILE\n"
            "  --quiet          print only the final scores\n"
            "  --color          ANSI colours in the board picture\n"
            "  --play           play yourself against the bots (reads standard input)\n"
            "  --seat N         with --play: your seat, 0..players-1 (default 0)\n"
            "  --help           show this help\n",
            (unsigned)BOT_MCTS_BUDGET);
}

/* Parse a whole decimal number in [min, max]. */
static int parse_number(uint64_t *out, const char *text, uint64_t min, uint64_t max)
{
    char *end = NULL;
    unsigned long long v;

    if (text == NULL || !isdigit((unsigned char)text[0]))
        return -1;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < min || v > max)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* 0: run, 1: --help was shown, 2: bad arguments (message printed). */
static int parse_args(options *opt, int argc, char **argv)
{
    opt->players = 3;
    opt->seed = 1;
    opt->modules = CARC_MODULE_FARMERS;
    bot_spec_parse(&opt->bot, "heuristic");
    opt->svg = NULL;
    opt->record = NULL;
    opt->quiet = false;
    opt->play = false;
    opt->seat = 0;
    opt->seat_given = false;
    opt->color = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;

        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            opt->quiet = true;
        } else if (strcmp(a, "--play") == 0) {
            opt->play = true;
        } else if (strcmp(a, "--color") == 0) {
            opt->color = true;
        } else if (strcmp(a, "--players") == 0 || strcmp(a, "--seed") == 0 || strcmp(a, "--bot") == 0
                   || strcmp(a, "--svg") == 0 || strcmp(a, "--record") == 0 || strcmp(a, "--seat") == 0
                   || strcmp(a, "--modules") == 0) {
            if (v == NULL) {
                fprintf(stderr, "carc-demo: %s needs a value (see --help)\n", a);
                return 2;
            }
            i++;
            if (strcmp(a, "--players") == 0) {
                if (parse_number(&n, v, 2, MAX_PLAYERS) != 0) {
                    fprintf(stderr, "carc-demo: --players wants a number from 2 to %d, not '%s'\n",
                            MAX_PLAYERS, v);
                    return 2;
                }
                opt->players = (uint32_t)n;
            } else if (strcmp(a, "--seed") == 0) {
                if (parse_number(&n, v, 0, UINT64_MAX) != 0) {
                    fprintf(stderr, "carc-demo: --seed wants a number from 0 to %llu, not '%s'\n",
                            (unsigned long long)UINT64_MAX, v);
                    return 2;
                }
                opt->seed = n;
            } else if (strcmp(a, "--bot") == 0) {
                if (bot_spec_parse(&opt->bot, v) != 0) {
                    fprintf(stderr, "carc-demo: --bot wants %s, not '%s'\n", bot_spec_hint(v), v);
                    return 2;
                }
            } else if (strcmp(a, "--seat") == 0) {
                if (parse_number(&n, v, 0, MAX_PLAYERS - 1) != 0) {
                    fprintf(stderr, "carc-demo: --seat wants a number from 0 to %d, not '%s'\n",
                            MAX_PLAYERS - 1, v);
                    return 2;
                }
                opt->seat = (uint32_t)n;
                opt->seat_given = true;
            } else if (strcmp(a, "--modules") == 0) {
                carc_game_options go;
                char msg[160];
                if (carc_modules_parse(&opt->modules, v) != CARC_OK) {
                    fprintf(stderr, "carc-demo: --modules wants names such as river,abbot or all, not '%s'\n", v);
                    return 2;
                }
                carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
                go.modules = opt->modules;
                if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
                    fprintf(stderr, "carc-demo: --modules %s: %s\n", v, msg);
                    return 2;
                }
            } else if (strcmp(a, "--svg") == 0) {
                opt->svg = v;
            } else {
                opt->record = v;
            }
        } else {
            fprintf(stderr, "carc-demo: unknown argument '%s' (see --help)\n", a);
            return 2;
        }
    }
    if (opt->players > 5 && !(opt->modules & CARC_MODULE_INNS)) {
        fprintf(stderr, "carc-demo: --players %u needs Inns & Cathedrals (--modules inns); without it 2..5 players\n",
                opt->players);
        return 2;
    }
    if (opt->seat_given && !opt->play) {
        fprintf(stderr, "carc-demo: --seat only makes sense with --play\n");
        return 2;
    }
    if (opt->seat >= opt->players) {
        fprintf(stderr, "carc-demo: --seat %u is not a seat of a %u-player game (0..%u)\n", opt->seat,
                opt->players, opt->players - 1);
        return 2;
    }
    return 0;
}

/* ---- names and pictures --------------------------------------------------- */

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

/* What a follower is called on each kind of feature. */
static const char *role_name(uint32_t kind)
{
    switch (kind) {
    case CARC_SEG_FIELD: return "farmer";
    case CARC_SEG_ROAD: return "thief";
    case CARC_SEG_CITY: return "knight";
    case CARC_SEG_MONASTERY: return "monk";
    default: return "follower";
    }
}

static const char *figure_name(uint32_t figure)
{
    switch (figure) {
    case CARC_FIGURE_FOLLOWER: return "follower";
    case CARC_FIGURE_BIG: return "big follower";
    case CARC_FIGURE_ABBOT: return "abbot";
    case CARC_FIGURE_BUILDER: return "builder";
    case CARC_FIGURE_PIG: return "pig";
    default: return "figure";
    }
}

static const char *tile_name(uint32_t kind)
{
    const char *name = carc_tile_name(kind);
    return name != NULL ? name : "?";
}

static void format_move(char *buf, size_t cap, const carc_move *m)
{
    if (carc_move_format(buf, cap, NULL, m) != CARC_OK)
        snprintf(buf, cap, "(unprintable move)");
}

/* "P0, P2" for a bit mask of players. */
static void format_players(char *buf, size_t cap, uint32_t mask)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t p = 0; p < 32 && len + 8 < cap; p++) {
        if (mask & (1u << p)) {
            int w = snprintf(buf + len, cap - len, "%sP%u", len ? ", " : "", p);
            if (w > 0)
                len += (size_t)w;
        }
    }
}

typedef carc_status (*render_fn)(char *, size_t, size_t *, const carc_game *, uint32_t);

/* A rendering or record in a malloc'd buffer, or NULL (message printed). */
static char *render_alloc(render_fn fn, const carc_game *g, uint32_t flags, const char *what)
{
    size_t needed = 0;
    char *buf;
    carc_status st = fn(NULL, 0, &needed, g, flags);

    if (st != CARC_OK && st != CARC_EBUFFER) {
        fprintf(stderr, "carc-demo: %s failed: %s\n", what, carc_status_str(st));
        return NULL;
    }
    buf = malloc(needed + 1);
    if (buf == NULL) {
        fprintf(stderr, "carc-demo: out of memory\n");
        return NULL;
    }
    st = fn(buf, needed + 1, NULL, g, flags);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-demo: %s failed: %s\n", what, carc_status_str(st));
        free(buf);
        return NULL;
    }
    return buf;
}

static carc_status save_adapter(char *buf, size_t cap, size_t *needed, const carc_game *g, uint32_t flags)
{
    (void)flags;
    return carc_game_save(buf, cap, needed, g);
}

static void print_board(const session *s)
{
    char *text = render_alloc(carc_game_render_text, s->game, s->opt->color ? CARC_RENDER_COLOR : 0,
                              "drawing the board");
    if (text != NULL) {
        fputs(text, stdout);
        if (text[0] != '\0' && text[strlen(text) - 1] != '\n')
            putchar('\n');
    }
    free(text);
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    size_t len = strlen(text);
    if (f == NULL) {
        fprintf(stderr, "carc-demo: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "carc-demo: error writing %s\n", path);
        return -1;
    }
    return 0;
}

static const char *player_label(const session *s, uint32_t p, char *buf, size_t cap)
{
    if (s->opt->play && p == s->opt->seat)
        snprintf(buf, cap, "P%u (you)", p);
    else
        snprintf(buf, cap, "P%u", p);
    return buf;
}

/* ---- turn reports ---------------------------------------------------------- */

/* Tiles placed so far (discards, an early end and decisions other than a
 * placement not counted). */
static uint32_t moves_played(const carc_game *g)
{
    uint32_t n = 0, count = 0;
    carc_game_history_count(&n, g);
    for (uint32_t i = 0; i < n; i++) {
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        if (carc_game_history(&e, g, i) == CARC_OK && e.kind == CARC_HISTORY_PLACE
            && e.move.kind == CARC_MOVE_PLACE)
            count++;
    }
    return count;
}

/* "river, abbot" (the modules other than the farmers), "" for none. */
static void format_modules(char *buf, size_t cap, uint32_t modules)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t bit = 1; bit != 0 && len + 16 < cap; bit <<= 1) {
        const char *name = carc_module_name(bit);
        int w;
        if (!(modules & bit) || bit == CARC_MODULE_FARMERS || name == NULL)
            continue;
        w = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", name);
        if (w > 0)
            len += (size_t)w;
    }
}

static bool abbot_in_play(const session *s)
{
    return (s->opt->modules & CARC_MODULE_ABBOT) != 0;
}

static bool count_in_play(const session *s)
{
    return (s->opt->modules & CARC_MODULE_COUNT) != 0;
}

/* The quarters of the City of Carcassonne (carc_quarter) and the features
 * their followers leave for. */
static const char *quarter_name(uint32_t quarter)
{
    static const char *const names[4] = { "castle", "market", "blacksmith", "cathedral" };
    return quarter < 4 ? names[quarter] : "?";
}

static const char *quarter_serves(uint32_t quarter)
{
    static const char *const serves[4] = { "cities", "fields, at the end", "roads", "monasteries" };
    return quarter < 4 ? serves[quarter] : "?";
}

/* What a move of the Count's decisions did, in words. `pending` is the
 * decision the move answered, `count_before` the Count's quarter before it. */
static void describe_count_move(char *buf, size_t cap, const session *s, const carc_pending *pending,
                                uint32_t count_before, const carc_move *m)
{
    bool final = (pending->flags & CARC_PENDING_FINAL) != 0;
    const char *big = m->figure == CARC_FIGURE_BIG ? "big " : "";

    buf[0] = '\0';
    switch (m->kind) {
    case CARC_MOVE_EXIT: {
        carc_move at;
        carc_segment_info seg;
        uint32_t kind = UINT32_MAX; /* unknown until found */
        memset(&seg, 0, sizeof seg);
        seg.struct_size = sizeof seg;
        if (carc_game_tile_at(&at, s->game, m->x, m->y) == CARC_OK
            && carc_tile_segment(&seg, at.tile, at.rotation, m->segment) == CARC_OK)
            kind = seg.kind;
        snprintf(buf, cap, "%s%s leaves the %s for the %s%s", big, role_name(kind), quarter_name(m->quarter),
                 kind == CARC_SEG_FIELD ? "" : final ? "unfinished " : "completed ", feature_name(kind));
        break;
    }
    case CARC_MOVE_QUARTER:
        snprintf(buf, cap, "%sfollower into the %s of the City (for %s)", big, quarter_name(m->quarter),
                 quarter_serves(m->quarter));
        break;
    case CARC_MOVE_COUNT:
        snprintf(buf, cap, "the Count moves from the %s to the %s (whose followers cannot leave)",
                 quarter_name(count_before), quarter_name(m->quarter));
        break;
    case CARC_MOVE_PASS:
        if (pending->decision == CARC_DECISION_EXIT)
            snprintf(buf, cap, final ? "moves no more followers out: out of the final round"
                                     : "moves no (more) followers out of the City");
        else if (pending->decision == CARC_DECISION_QUARTER)
            snprintf(buf, cap, "puts no follower into the City");
        else if (pending->decision == CARC_DECISION_COUNT)
            snprintf(buf, cap, "the Count stays in the %s", quarter_name(count_before));
        else if (pending->flags & CARC_PENDING_SECOND_TILE)
            snprintf(buf, cap, "declines the builder's second tile");
        break;
    default:
        break;
    }
}

/* `pending`: the decision the move answered; `count_before`: where the Count
 * stood before it (with the Count) */
static void print_move(const session *s, uint32_t turn, uint32_t player, const carc_pending *pending,
                       uint32_t count_before, const carc_move *m)
{
    char text[96], who[32];
    bool second = (pending->flags & CARC_PENDING_SECOND_TILE) != 0;
    carc_segment_info seg;

    format_move(text, sizeof text, m);
    if (m->kind != CARC_MOVE_PLACE) {
        /* a decision that is not a placement: no new turn */
        char what[128];
        describe_count_move(what, sizeof what, s, pending, count_before, m);
        if (what[0] != '\0')
            printf("         %-8s %-26s  %s\n", player_label(s, player, who, sizeof who), text, what);
        else
            printf("         %-8s %s\n", player_label(s, player, who, sizeof who), text);
        return;
    }
    if (second)
        printf("  ...    %-8s tile %-2s  ", "(second)", tile_name(m->tile));
    else
        printf("Turn %2u  %-8s tile %-2s  ", turn, player_label(s, player, who, sizeof who), tile_name(m->tile));
    memset(&seg, 0, sizeof seg);
    seg.struct_size = sizeof seg;
    if (m->figure == CARC_FIGURE_ABBOT && m->segment == CARC_SEGMENT_RECALL)
        printf("%-24s  abbot recalled\n", text);
    else if (m->figure == CARC_FIGURE_NONE || m->segment == CARC_NO_SEGMENT)
        printf("%s\n", text);
    else if (carc_tile_segment(&seg, m->tile, m->rotation, m->segment) != CARC_OK)
        printf("%-24s  %s\n", text, figure_name(m->figure));
    else if (m->figure == CARC_FIGURE_BIG)
        printf("%-24s  big %s on the %s\n", text, role_name(seg.kind), feature_name(seg.kind));
    else
        printf("%-24s  %s on the %s\n", text,
               m->figure == CARC_FIGURE_FOLLOWER ? role_name(seg.kind) : figure_name(m->figure),
               feature_name(seg.kind));
}

/* What made a score's value besides the base rule (Inns & Cathedrals, the pig), "" if nothing. */
static const char *bonus_text(const carc_event *ev)
{
    if (ev->bonus & CARC_BONUS_PIG)
        return " with a pig, 4 a city";
    if (ev->bonus & CARC_BONUS_CATHEDRAL)
        return ev->kind == CARC_EVENT_SCORE ? " with a cathedral, 3 a tile and pennant" : " with a cathedral";
    if (ev->bonus & CARC_BONUS_INN)
        return ev->kind == CARC_EVENT_SCORE ? " with an inn, 2 a tile" : " with an inn";
    return "";
}

static const char *good_name(uint32_t good)
{
    static const char *const names[CARC_GOOD_COUNT] = { "wine", "grain", "cloth" };
    return good < CARC_GOOD_COUNT ? names[good] : "?";
}

/* Print events [from, count). */
static void print_events(const carc_game *g, uint32_t from)
{
    uint32_t count = 0;
    bool final_header = false;

    carc_game_event_count(&count, g);
    for (uint32_t i = from; i < count; i++) {
        carc_event ev;
        char who[64];

        memset(&ev, 0, sizeof ev);
        ev.struct_size = sizeof ev;
        if (carc_game_event(&ev, g, i) != CARC_OK)
            continue;
        if (ev.kind == CARC_EVENT_DISCARD) {
            printf("         tile %s could not be placed anywhere: discarded\n", tile_name(ev.tile));
            continue;
        }
        if (ev.kind == CARC_EVENT_FINAL && !final_header) {
            printf("Final scoring:\n");
            final_header = true;
        }
        if (ev.kind == CARC_EVENT_TRADE && !final_header) {
            printf("Final scoring:\n");
            final_header = true;
        }
        format_players(who, sizeof who, ev.players);
        if (ev.kind == CARC_EVENT_GOODS) {
            printf("         %s takes a %s token from the completed city\n", who, good_name(ev.good));
            continue;
        }
        if (ev.kind == CARC_EVENT_TRADE) {
            printf("         %s +%d for the most %s\n", who, ev.points, good_name(ev.good));
            continue;
        }
        if (ev.kind == CARC_EVENT_RECALL) {
            printf("         %s +%d for the abbot's %s (%u tile%s), abbot back to supply\n", who[0] ? who : "nobody",
                   ev.points, feature_name(ev.feature_kind), ev.tiles, ev.tiles == 1 ? "" : "s");
            continue;
        }
        printf("         %s +%d for a %s%s%s (%u tile%s)", who[0] ? who : "nobody", ev.points,
               ev.kind == CARC_EVENT_SCORE && ev.feature_kind != CARC_SEG_FIELD ? "completed " : "",
               feature_name(ev.feature_kind), bonus_text(&ev), ev.tiles, ev.tiles == 1 ? "" : "s");
        if (ev.kind == CARC_EVENT_FINAL && (ev.bonus & (CARC_BONUS_INN | CARC_BONUS_CATHEDRAL)))
            printf(": nothing at the end");
        if (ev.returned)
            printf(", %u figure%s back to supply", ev.returned, ev.returned == 1 ? "" : "s");
        putchar('\n');
    }
}

/* The Count: a player's followers (big ones counted once) in the City. */
static uint32_t city_followers(const carc_game *g, uint32_t player)
{
    uint32_t total = 0;
    for (uint32_t q = 0; q < 4; q++) {
        uint32_t n = 0, big = 0;
        carc_game_city(&n, g, q, player, CARC_FIGURE_FOLLOWER);
        carc_game_city(&big, g, q, player, CARC_FIGURE_BIG);
        total += n + big;
    }
    return total;
}

/* The Count: who stands in each quarter of the City, and where the Count is. */
static void print_city(const session *s)
{
    uint32_t players = 0, count = 0;

    carc_game_players(&players, s->game);
    carc_game_count(&count, s->game);
    printf("City of Carcassonne (the Count in the %s):", quarter_name(count));
    for (uint32_t q = 0; q < 4; q++) {
        bool any = false;
        printf("%s %s", q ? ";" : "", quarter_name(q));
        for (uint32_t p = 0; p < players; p++) {
            uint32_t n = 0, big = 0;
            carc_game_city(&n, s->game, q, p, CARC_FIGURE_FOLLOWER);
            carc_game_city(&big, s->game, q, p, CARC_FIGURE_BIG);
            if (n == 1)
                printf(" P%u", p);
            else if (n > 1)
                printf(" P%ux%u", p, n);
            if (big > 0)
                printf(" P%u(big)", p);
            any = any || n > 0 || big > 0;
        }
        if (!any)
            printf(" -");
    }
    putchar('\n');
}

static void print_scores(const session *s, bool final)
{
    uint32_t players = 0, leaders = 0;
    char who[64], label[32];

    carc_game_players(&players, s->game);
    printf("%s\n", final ? "Final scores:" : "Scores:");
    for (uint32_t p = 0; p < players; p++) {
        int32_t score = 0;
        uint32_t supply = 0;
        uint32_t abbots = 0;
        carc_game_score(&score, s->game, p);
        carc_game_supply(&supply, s->game, p);
        printf("  %-8s %4d points  (%u follower%s in supply)", player_label(s, p, label, sizeof label),
               score, supply, supply == 1 ? "" : "s");
        if (abbot_in_play(s)) {
            carc_game_figure_supply(&abbots, s->game, p, CARC_FIGURE_ABBOT);
            printf(" (abbot %s)", abbots > 0 ? "in supply" : "on the board");
        }
        if (s->opt->modules & CARC_MODULE_INNS) {
            uint32_t bigs = 0;
            carc_game_figure_supply(&bigs, s->game, p, CARC_FIGURE_BIG);
            printf(" (big follower %s)", bigs > 0 ? "in supply" : "on the board");
        }
        if (s->opt->modules & CARC_MODULE_TRADERS) {
            uint32_t goods[CARC_GOOD_COUNT] = { 0, 0, 0 }, builder = 0;
            for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
                carc_game_goods(&goods[k], s->game, p, k);
            carc_game_figure_supply(&builder, s->game, p, CARC_FIGURE_BUILDER);
            printf(" (builder %s) (goods: %u wine, %u grain, %u cloth)", builder > 0 ? "in supply" : "on the board",
                   goods[0], goods[1], goods[2]);
        }
        if (count_in_play(s))
            printf(" (%u in the City)", city_followers(s->game, p));
        putchar('\n');
    }
    if (count_in_play(s))
        print_city(s);
    if (final && carc_game_leaders(&leaders, s->game) == CARC_OK && leaders != 0) {
        format_players(who, sizeof who, leaders);
        if ((leaders & (leaders - 1)) == 0)
            printf("Winner: %s\n", who);
        else
            printf("Winners (shared): %s\n", who);
    }
}

/* ---- one turn -------------------------------------------------------------- */

/* Who decides now: the player of the pending decision (with the Count not
 * always the player whose turn it is: carc_game_current_player), 0 when the
 * game is over. */
static uint32_t decider(const carc_game *g)
{
    carc_pending pending;
    memset(&pending, 0, sizeof pending);
    pending.struct_size = sizeof pending;
    carc_game_pending(&pending, g);
    return pending.player;
}

static int play_and_report(session *s, const carc_move *m)
{
    uint32_t events = 0, player = 0, turn = moves_played(s->game) + 1, count_before = 0;
    carc_status st;

    carc_pending pending;
    memset(&pending, 0, sizeof pending);
    pending.struct_size = sizeof pending;
    carc_game_pending(&pending, s->game);
    if (count_in_play(s))
        carc_game_count(&count_before, s->game);
    carc_game_event_count(&events, s->game);
    player = pending.player;
    st = carc_game_play(s->game, m);
    if (st != CARC_OK) {
        char text[96];
        format_move(text, sizeof text, m);
        fprintf(stderr, "carc-demo: the library refused %s: %s (%s)\n", text, carc_status_str(st),
                carc_game_last_error(s->game));
        return -1;
    }
    if (!s->opt->quiet) {
        if ((pending.flags & CARC_PENDING_FINAL) && !s->final_round_shown) {
            printf("Final round: followers leave the City of Carcassonne for unfinished features, one a go;\n"
                   "         a pass is final (the Count's quarter stays shut)\n");
            s->final_round_shown = true;
        }
        print_move(s, turn, player, &pending, count_before, m);
        print_events(s->game, events);
    }
    return 0;
}

static int bot_turn(session *s)
{
    uint32_t player = 0;
    carc_move m;
    carc_status st;

    player = decider(s->game);
    st = bot_choose(s->bots[player], s->game, &m);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-demo: bot P%u found no move: %s\n", player, carc_status_str(st));
        return -1;
    }
    return play_and_report(s, &m);
}

/* ---- the human ------------------------------------------------------------- */

static void play_help(void)
{
    printf("Type one of:\n"
           "  a number        play that move from the list\n"
           "  a move          in the move notation: TILE X Y ROTATION [WHERE], e.g. 'D 1 0 90 road:E'\n"
           "                  (y grows to the south; WHERE is road:E, city:N, field:NNE, cloister or -;\n"
           "                  with the Abbot also abbot/cloister, abbot/garden or abbot/recall;\n"
           "                  with Inns & Cathedrals the big follower: big/road:E, big/city:N, ...;\n"
           "                  with Traders & Builders builder/road:E, builder/city:N, pig/field:NNE;\n"
           "                  with the Count: exit QUARTER X Y [big/]seg:N (N: the segment's number on\n"
           "                  the tile at X Y, as the list shows it), quarter [big/]QUARTER, count QUARTER,\n"
           "                  where QUARTER is castle, market, blacksmith or cathedral)\n"
           "  pass            decline a decision you may decline (when the list has it), e.g. the\n"
           "                  builder's second tile, or end your moves out of the City\n"
           "  X Y             the moves that place your tile at x X, y Y (e.g. '1 0', '-1 2')\n"
           "  X Y ROTATION    the moves of one placement: the figure choices (e.g. '1 0 90')\n"
           "  moves           list the legal moves again (by cell and rotation when there are many)\n"
           "  moves all       every legal move, numbered\n"
           "  board           draw the board again\n"
           "  undo            take back your last turn (and the bots' turns since)\n"
           "  help            this text\n"
           "  quit            stop playing\n");
}

/* Length of the placement part ("K 2 -1 90") of a move's notation. */
static size_t placement_length(const char *notation)
{
    size_t i = 0;
    for (int token = 0; token < 4; token++) {
        while (notation[i] == ' ')
            i++;
        while (notation[i] != '\0' && notation[i] != ' ')
            i++;
    }
    return i;
}

/* The figure part of a move's notation ("road:E"; "-" when there is none). */
static const char *figure_part(const char *notation)
{
    const char *p = notation + placement_length(notation);
    while (*p == ' ')
        p++;
    return *p ? p : "-";
}

/* ---- the tile to place, as a picture -------------------------------------- */

/* A tile drawn in 7 x 5 characters with the board's signs (# city, * pennant,
 * - | + road, o village, [M] monastery, . field, ~ river, @ spring, O lake,
 * g garden; C cathedral, i inn, w s c goods), from its segments turned `rot`
 * (carc_tile_segment): a city against each of its sides (across the middle
 * when it has two or more), a road or river from each of its sides to the
 * middle, what a road ends at in the middle. Smaller than the board's picture
 * of a tile and simpler, but the same sides. */
#define PIC_W 7
#define PIC_H 5

typedef struct tile_pic {
    char ch[PIC_H][PIC_W + 1];
    signed char seg[PIC_H][PIC_W]; /* the segment a character belongs to, -1 none */
} tile_pic;

/* The side of the tile whose triangle holds (c, r), -1 for the middle. */
static int pic_zone(int c, int r)
{
    int u = c - PIC_W / 2, v = r - PIC_H / 2, au = u < 0 ? -u : u, av = v < 0 ? -v : v;
    if (u == 0 && v == 0)
        return -1;
    if (3 * av >= 2 * au)
        return v < 0 ? CARC_N : CARC_S;
    return u < 0 ? CARC_W : CARC_E;
}

/* A city of one side: the edge and a bump in front of its middle. */
static bool pic_bump(int side, int c, int r)
{
    switch (side) {
    case CARC_N: return r == 0 || (r == 1 && c >= 2 && c <= 4);
    case CARC_S: return r == PIC_H - 1 || (r == PIC_H - 2 && c >= 2 && c <= 4);
    case CARC_W: return (c == 0 && r >= 1 && r <= 3) || (c == 1 && r == 2);
    default: return (c == PIC_W - 1 && r >= 1 && r <= 3) || (c == PIC_W - 2 && r == 2);
    }
}

/* A city of two sides that meet at a corner: the half of the tile on the
 * corner's side of the diagonal, a little inside it (two such cities on one
 * tile stay apart). */
static bool pic_corner(uint32_t edges, int c, int r)
{
    int cc = (edges & (1u << CARC_E)) ? c : PIC_W - 1 - c, rr = (edges & (1u << CARC_N)) ? r : PIC_H - 1 - r;
    return 2 * cc > 3 * rr + 1;
}

/* A road or river between two sides that meet at a corner, drawn as a curve
 * that keeps off the middle (where something else is). */
static void pic_curve(tile_pic *p, uint32_t edges, bool river, int seg)
{
    bool north = (edges & (1u << CARC_N)) != 0, west = (edges & (1u << CARC_W)) != 0;
    int vr = north ? 0 : PIC_H - 1, hc = west ? 0 : PIC_W - 2;
    int cells[4][2] = { { PIC_W / 2, vr }, { hc, PIC_H / 2 }, { hc + 1, PIC_H / 2 },
                        { west ? PIC_W / 2 - 1 : PIC_W / 2 + 1, north ? PIC_H / 2 - 1 : PIC_H / 2 + 1 } };
    for (int k = 0; k < 4; k++) {
        p->ch[cells[k][1]][cells[k][0]] = river ? '~' : k == 0 ? '|' : k < 3 ? '-' : north == west ? '/' : '\\';
        p->seg[cells[k][1]][cells[k][0]] = (signed char)seg;
    }
}

/* The cell nearest the middle holding `want` (of segment `seg` unless seg < 0)
 * next to a cell of segment `beside` (unless beside < 0); false if none. */
static bool pic_find(const tile_pic *p, char want, int seg, int beside, int *fc, int *fr)
{
    int best = -1;
    for (int r = 0; r < PIC_H; r++)
        for (int c = 0; c < PIC_W; c++) {
            int dc = c - PIC_W / 2, dr = 2 * (r - PIC_H / 2), d = dc * dc + dr * dr;
            bool near = beside < 0;
            if (p->ch[r][c] != want || (seg >= 0 && p->seg[r][c] != seg))
                continue;
            for (int k = 0; k < 4 && !near; k++) {
                int cc = c + (k == 1) - (k == 3), rr = r + (k == 2) - (k == 0);
                near = cc >= 0 && cc < PIC_W && rr >= 0 && rr < PIC_H && p->seg[rr][cc] == beside;
            }
            if (near && (best < 0 || d < best)) {
                best = d;
                *fc = c;
                *fr = r;
            }
        }
    return best >= 0;
}

static void draw_tile(tile_pic *p, uint32_t kind, uint32_t rot)
{
    uint32_t nseg = 0, paths = 0;
    carc_segment_info si[16];

    memset(p->seg, -1, sizeof p->seg);
    for (int r = 0; r < PIC_H; r++) {
        memset(p->ch[r], '.', PIC_W);
        p->ch[r][PIC_W] = '\0';
    }
    if (carc_tile_segment_count(&nseg, kind) != CARC_OK)
        return;
    if (nseg > 16)
        nseg = 16;
    for (uint32_t i = 0; i < nseg; i++) {
        memset(&si[i], 0, sizeof si[i]);
        si[i].struct_size = sizeof si[i];
        carc_tile_segment(&si[i], kind, rot, i);
    }
    /* cities first, then roads and rivers over them, then the middle's marks */
    for (uint32_t i = 0; i < nseg; i++) {
        uint32_t e = si[i].edges & 15u;
        bool wide = (e & (e - 1)) != 0; /* two sides or more: across the middle */
        bool corner = e == 3u || e == 6u || e == 12u || e == 9u;
        if (si[i].kind != CARC_SEG_CITY)
            continue;
        for (int r = 0; r < PIC_H; r++)
            for (int c = 0; c < PIC_W; c++) {
                int z = pic_zone(c, r);
                if (corner ? pic_corner(e, c, r) : z < 0 ? wide : (e & (1u << z)) && (wide || pic_bump(z, c, r))) {
                    p->ch[r][c] = '#';
                    p->seg[r][c] = (signed char)i;
                }
            }
    }
    for (uint32_t i = 0; i < nseg; i++)
        paths += si[i].kind == CARC_SEG_ROAD || si[i].kind == CARC_SEG_RIVER || si[i].kind == CARC_SEG_MONASTERY;
    for (uint32_t i = 0; i < nseg; i++) {
        uint32_t e = si[i].edges & 15u;
        bool river = si[i].kind == CARC_SEG_RIVER;
        char mid;
        if (si[i].kind != CARC_SEG_ROAD && !river)
            continue;
        if (paths > 1 && si[i].end == CARC_END_NONE && (e == 3u || e == 6u || e == 12u || e == 9u)) {
            pic_curve(p, e, river, (int)i);
            continue;
        }
        for (int side = 0; side < 4; side++) {
            if (!(e & (1u << side)))
                continue;
            for (int k = 1; k <= (side == CARC_N || side == CARC_S ? 2 : 3); k++) {
                int c = PIC_W / 2 + (side == CARC_E ? k : side == CARC_W ? -k : 0);
                int r = PIC_H / 2 + (side == CARC_S ? k : side == CARC_N ? -k : 0);
                p->ch[r][c] = river ? '~' : side == CARC_N || side == CARC_S ? '|' : '-';
                p->seg[r][c] = (signed char)i;
            }
        }
        if (si[i].end == CARC_END_VILLAGE)
            mid = 'o';
        else if (si[i].end == CARC_END_SPRING)
            mid = '@';
        else if (si[i].end == CARC_END_LAKE)
            mid = 'O';
        else if (river)
            mid = '~';
        else if (e == 5u || e == 1u || e == 4u) /* north-south, or a dead end from N or S */
            mid = '|';
        else if (e == 10u || e == 2u || e == 8u)
            mid = '-';
        else
            mid = '+';
        p->ch[PIC_H / 2][PIC_W / 2] = mid;
        p->seg[PIC_H / 2][PIC_W / 2] = (signed char)i;
    }
    for (uint32_t i = 0; i < nseg; i++) {
        int c, r;
        if (si[i].kind == CARC_SEG_MONASTERY) {
            memcpy(&p->ch[PIC_H / 2][PIC_W / 2 - 1], "[M]", 3);
        } else if (si[i].kind == CARC_SEG_GARDEN) {
            if (pic_find(p, '.', -1, -1, &c, &r))
                p->ch[r][c] = 'g';
        } else if (si[i].kind == CARC_SEG_CITY) {
            /* its marks on its characters nearest the middle: pennant, cathedral, goods */
            uint32_t goods = si[i].special & (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH);
            if (si[i].pennants && pic_find(p, '#', (int)i, -1, &c, &r))
                p->ch[r][c] = '*';
            if ((si[i].special & CARC_SEGMENT_CATHEDRAL) && pic_find(p, '#', (int)i, -1, &c, &r))
                p->ch[r][c] = 'C';
            if (goods && pic_find(p, '#', (int)i, -1, &c, &r))
                p->ch[r][c] = goods & CARC_SEGMENT_WINE ? 'w' : goods & CARC_SEGMENT_GRAIN ? 's' : 'c';
        } else if (si[i].kind == CARC_SEG_ROAD && (si[i].special & CARC_SEGMENT_INN)) {
            if (pic_find(p, '.', -1, (int)i, &c, &r))
                p->ch[r][c] = 'i';
        }
    }
}

/* The tile to place turned each way, side by side, under its rotations. */
static void print_tile_pictures(uint32_t kind)
{
    tile_pic pic[4];
    for (uint32_t rot = 0; rot < 4; rot++)
        draw_tile(&pic[rot], kind, rot);
    printf("  %-7s  %-7s  %-7s  %-7s   (turned 0, 90, 180, 270 degrees clockwise; north is up)\n", "0", "90", "180",
           "270");
    for (int r = 0; r < PIC_H; r++)
        printf("  %s  %s  %s  %s\n", pic[0].ch[r], pic[1].ch[r], pic[2].ch[r], pic[3].ch[r]);
}

/* ---- the legal moves -------------------------------------------------------- */

/* More moves than this are shown grouped by cell, then rotation. */
#define LIST_FULL_MAX 40

/* Whether move i is the first of its placement (x, y, rotation) in the list. */
static bool first_of_placement(const carc_move *m, size_t i)
{
    return i == 0 || m[i - 1].kind != CARC_MOVE_PLACE || m[i].x != m[i - 1].x || m[i].y != m[i - 1].y
           || m[i].rotation != m[i - 1].rotation;
}

/* The moves (numbered from 1, as in the whole list) of the placements at
 * (x, y) (every cell when `cell` is false) with rotation `rot` (every one when
 * rot > 3): one line per placement with its figure choices; the moves that
 * place no tile too when every cell is shown. Returns how many were shown. */
static size_t list_placements(const session *s, bool cell, int32_t x, int32_t y, uint32_t rot)
{
    size_t n = carc_movelist_count(s->list), shown = 0;
    const carc_move *m = carc_movelist_data(s->list);

    for (size_t i = 0; i < n; i++) {
        char text[96];
        if (m[i].kind != CARC_MOVE_PLACE ? cell
                                         : (cell && (m[i].x != x || m[i].y != y)) || (rot < 4 && m[i].rotation != rot))
            continue;
        format_move(text, sizeof text, &m[i]);
        shown++;
        if (m[i].kind != CARC_MOVE_PLACE) { /* pass, and the decisions that place no tile: a line each */
            printf("\n  %-14s %4zu) %s", "", i + 1, text);
            continue;
        }
        if (first_of_placement(m, i))
            printf("\n  %-14.*s", (int)placement_length(text), text);
        printf(" %4zu) %s", i + 1, figure_part(text));
    }
    putchar('\n');
    return shown;
}

typedef struct cell_xy {
    int32_t x, y;
} cell_xy;

/* Rows from north to south, each from west to east. */
static int cell_order(const void *a, const void *b)
{
    const cell_xy *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return p->x < q->x ? -1 : p->x > q->x;
}

/* The placements grouped by cell (north to south, west to east), then
 * rotation: "(1,0): 0 90 | ..."; the moves that place no tile with their
 * numbers. */
static void list_grouped(const session *s)
{
    size_t n = carc_movelist_count(s->list), cells = 0, col = 0;
    const carc_move *m = carc_movelist_data(s->list);
    cell_xy *cell = malloc(n * sizeof *cell);

    if (cell == NULL) {
        printf("Legal moves (%zu):", n);
        list_placements(s, false, 0, 0, 4);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        if (m[i].kind != CARC_MOVE_PLACE)
            continue;
        for (size_t j = 0; j < cells && !seen; j++)
            seen = cell[j].x == m[i].x && cell[j].y == m[i].y;
        if (!seen) {
            cell[cells].x = m[i].x;
            cell[cells].y = m[i].y;
            cells++;
        }
    }
    qsort(cell, cells, sizeof *cell, cell_order);
    printf("Legal moves (%zu) at %zu place%s, by cell (x,y) and rotation. Type X Y for the moves at a cell,\n"
           "X Y ROTATION for one placement, 'moves all' for the whole list, or a move:\n",
           n, cells, cells == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++)
        if (m[i].kind != CARC_MOVE_PLACE) { /* pass, and the decisions that place no tile */
            char text[96];
            format_move(text, sizeof text, &m[i]);
            printf("  %zu) %s\n", i + 1, text);
        }
    for (size_t c = 0; c < cells; c++) {
        char entry[160];
        /* this cell's rotations, in the order of the list */
        int len = snprintf(entry, sizeof entry, "(%ld,%ld):", (long)cell[c].x, (long)cell[c].y);
        for (size_t j = 0; j < n && len > 0 && (size_t)len < sizeof entry - 8; j++)
            if (m[j].kind == CARC_MOVE_PLACE && m[j].x == cell[c].x && m[j].y == cell[c].y && first_of_placement(m, j))
                len += snprintf(entry + len, sizeof entry - (size_t)len, " %u", 90u * m[j].rotation);
        if (col > 0 && col + 3 + strlen(entry) > 78) {
            putchar('\n');
            col = 0;
        }
        printf("%s%s", col ? " | " : "  ", entry);
        col += (col ? 3 : 2) + strlen(entry);
    }
    if (col)
        putchar('\n');
    free(cell);
}

/* Legal moves: every one, numbered from 1, one line per placement with its
 * figure choices; grouped by cell and rotation when there are many. */
static void list_moves(const session *s, bool all)
{
    size_t n = carc_movelist_count(s->list);
    if (!all && n > LIST_FULL_MAX) {
        list_grouped(s);
        return;
    }
    printf("Legal moves (%zu):", n);
    list_placements(s, false, 0, 0, 4);
}

/* "X Y" or "X Y ROTATION": the legal moves of the tile to place there, or why
 * there are none. */
static void show_cell(const session *s, int32_t x, int32_t y, bool with_rot, uint32_t rot)
{
    carc_pending pending;
    char msg[200];

    memset(&pending, 0, sizeof pending);
    pending.struct_size = sizeof pending;
    carc_game_pending(&pending, s->game);
    if (pending.decision != CARC_DECISION_PLACE) {
        printf("There is no tile to place now. Type 'moves' for the list.\n");
        return;
    }
    if (with_rot)
        printf("Moves of %s at (%ld,%ld) turned %u:", tile_name(pending.tile), (long)x, (long)y, 90u * rot);
    else
        printf("Moves of %s at (%ld,%ld):", tile_name(pending.tile), (long)x, (long)y);
    if (list_placements(s, true, x, y, with_rot ? rot : 4) == 0) {
        carc_move m;
        memset(&m, 0, sizeof m);
        m.x = x;
        m.y = y;
        m.tile = (uint16_t)pending.tile;
        m.rotation = (uint8_t)(with_rot ? rot : 0);
        m.figure = CARC_FIGURE_NONE;
        m.segment = CARC_NO_SEGMENT;
        if (carc_game_check_move_msg(s->game, &m, msg, sizeof msg) != CARC_OK)
            printf("  none: %s.\n", msg);
        else
            printf("  none.\n");
    }
}

/* A line of whole numbers ("12", "1 0", "-1 2 90"): how many (0 if the line
 * is anything else, or has more than three). */
static int parse_numbers(const char *p, long v[3])
{
    int n = 0;
    for (;;) {
        char *end;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            return n;
        if (n == 3 || !(isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))))
            return 0;
        errno = 0;
        v[n] = strtol(p, &end, 10);
        if (errno != 0 || (*end != '\0' && *end != ' ' && *end != '\t') || v[n] < -1000000 || v[n] > 1000000)
            return 0;
        n++;
        p = end;
    }
}

static const char *decision_name(uint32_t decision)
{
    switch (decision) {
    case CARC_DECISION_EXIT: return "move your followers out of the City of Carcassonne";
    case CARC_DECISION_QUARTER: return "put a follower into a quarter of the City";
    case CARC_DECISION_COUNT: return "move the Count";
    default: return "decide";
    }
}

static void show_position(session *s)
{
    uint32_t tile = 0, remaining = 0;
    carc_pending pending;
    print_board(s); /* its legend has the scores and supplies */
    memset(&pending, 0, sizeof pending);
    pending.struct_size = sizeof pending;
    carc_game_pending(&pending, s->game);
    if (pending.decision == CARC_DECISION_PLACE || pending.decision == CARC_DECISION_NONE) {
        carc_game_current_tile(&tile, s->game);
        carc_game_remaining(&remaining, s->game);
        printf("Your tile: %s (%u tile%s left to draw, this one included)%s\n", tile_name(tile), remaining,
               remaining == 1 ? "" : "s",
               (pending.flags & CARC_PENDING_OPTIONAL) ? "; you may also pass" : "");
        if (pending.decision == CARC_DECISION_PLACE)
            print_tile_pictures(tile);
    } else {
        printf("You %s%s%s.\n", (pending.flags & CARC_PENDING_OPTIONAL) ? "may " : "must ",
               decision_name(pending.decision),
               (pending.flags & CARC_PENDING_FINAL) ? " (final round: one a go, a pass is final)" : "");
    }
    list_moves(s, false);
}

/*
 * Undo back to the start of the human's previous turn: until the history ends
 * just before the human's last move (the bots' moves since go too).
 */
static turn_result undo_turn(session *s)
{
    uint32_t target = 0, count = 0;
    bool found = false;

    carc_game_history_count(&count, s->game);
    for (uint32_t i = count; i-- > 0 && !found;) {
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        if (carc_game_history(&e, s->game, i) == CARC_OK && e.kind == CARC_HISTORY_PLACE
            && e.player == s->opt->seat) {
            target = i;
            found = true;
        }
    }
    if (!found) {
        printf("Nothing to undo: you have not played a move yet.\n");
        return TURN_AGAIN;
    }
    while (count > target) {
        carc_status st = carc_game_undo(s->game);
        if (st != CARC_OK) {
            fprintf(stderr, "carc-demo: undo failed: %s\n", carc_status_str(st));
            return TURN_ERROR;
        }
        carc_game_history_count(&count, s->game);
    }
    printf("Undone: back to the start of your previous turn.\n");
    return TURN_UNDONE;
}

/* Read one line; 0 ok, -1 end of input. Overlong lines are reported as "". */
static int read_line(char *buf, size_t cap)
{
    size_t len;
    if (fgets(buf, (int)cap, stdin) == NULL)
        return -1;
    len = strlen(buf);
    if (len > 0 && buf[len - 1] == '\n') {
        buf[--len] = '\0';
    } else if (!feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        printf("That line is too long.\n");
        buf[0] = '\0';
        return 0;
    }
    while (len > 0 && isspace((unsigned char)buf[len - 1]))
        buf[--len] = '\0';
    return 0;
}

static turn_result human_turn(session *s)
{
    char line[256];
    carc_status st = carc_game_legal_moves(s->list, s->game, CARC_ENUM_UNIQUE_ROTATIONS);

    if (st != CARC_OK) {
        fprintf(stderr, "carc-demo: cannot list the legal moves: %s\n", carc_status_str(st));
        return TURN_ERROR;
    }
    putchar('\n');
    show_position(s);

    for (;;) {
        const char *p;
        carc_move m;
        char why[256];
        long num[3];
        int nums;
        size_t n = carc_movelist_count(s->list);

        printf("Your move (1-%zu, a move, X Y, undo, help, quit)> ", n);
        fflush(stdout);
        if (read_line(line, sizeof line) != 0) {
            printf("\nEnd of input: quitting.\n");
            return TURN_QUIT;
        }
        p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '\0')
            continue;
        if (strcmp(p, "quit") == 0 || strcmp(p, "q") == 0 || strcmp(p, "exit") == 0)
            return TURN_QUIT;
        if (strcmp(p, "help") == 0 || strcmp(p, "?") == 0) {
            play_help();
            continue;
        }
        if (strcmp(p, "moves") == 0 || strcmp(p, "moves all") == 0) {
            list_moves(s, strcmp(p, "moves all") == 0);
            continue;
        }
        if (strcmp(p, "board") == 0) {
            print_board(s);
            continue;
        }
        if (strcmp(p, "undo") == 0) {
            turn_result r = undo_turn(s);
            if (r == TURN_AGAIN)
                continue;
            return r;
        }
        if ((nums = parse_numbers(p, num)) >= 2) { /* a cell, or a placement */
            if (nums == 3 && (num[2] < 0 || num[2] > 270 || num[2] % 90 != 0))
                printf("Rotation %ld: expected 0, 90, 180 or 270 (degrees clockwise).\n", num[2]);
            else
                show_cell(s, (int32_t)num[0], (int32_t)num[1], nums == 3, nums == 3 ? (uint32_t)(num[2] / 90) : 0);
            continue;
        }
        if (isdigit((unsigned char)*p)) {
            uint64_t k;
            if (parse_number(&k, p, 0, UINT64_MAX) != 0) {
                printf("'%s' is not a number or a move. Type 'help' for help.\n", p);
                continue;
            }
            if (k < 1 || k > n) {
                printf("There is no move %s: choose 1 to %zu.\n", p, n);
                continue;
            }
            m = carc_movelist_data(s->list)[k - 1];
        } else {
            st = carc_move_parse_msg(&m, p, why, sizeof why);
            if (st != CARC_OK) {
                /* the library says what is wrong and where */
                char first[16] = "", word[4][16];
                uint32_t kind;
                sscanf(p, "%15s", first);
                if (carc_tile_find(&kind, first) == CARC_OK || strcmp(first, "pass") == 0
                    || strcmp(first, "exit") == 0 || strcmp(first, "quarter") == 0 || strcmp(first, "count") == 0
                    || sscanf(p, "%15s %15s %15s %15s", word[0], word[1], word[2], word[3]) == 4)
                    printf("Cannot read the move '%s': %s. Type 'moves' for the list.\n", p, why);
                else
                    printf("'%s' is neither a command nor a move: %s. Type 'help' for help.\n", p, why);
                continue;
            }
            st = carc_game_check_move_msg(s->game, &m, why, sizeof why);
            if (st != CARC_OK) {
                printf("Illegal move '%s': %s. Type 'moves' for the list.\n", p, why[0] ? why : carc_status_str(st));
                continue;
            }
        }
        return play_and_report(s, &m) == 0 ? TURN_PLAYED : TURN_ERROR;
    }
}

/* ---- the game -------------------------------------------------------------- */

static int run(session *s)
{
    const options *opt = s->opt;
    bool over = false, quit = false;

    if (!opt->quiet) {
        char mods[128], name[64];
        printf("Carcassonne (libcarcassonne %s): %u players, seed %llu, %s bots", carc_version_string(),
               opt->players, (unsigned long long)opt->seed, bot_spec_format(name, sizeof name, &opt->bot));
        format_modules(mods, sizeof mods, opt->modules);
        if (mods[0] != '\0')
            printf(", modules: %s", mods);
        if (!(opt->modules & CARC_MODULE_FARMERS))
            printf(", no farmers");
        if (opt->play)
            printf(", you are P%u", opt->seat);
        printf("\n");
        print_events(s->game, 0); /* discards of the very first draws, if any */
    }

    while (carc_game_is_over(&over, s->game) == CARC_OK && !over) {
        uint32_t player = decider(s->game);
        if (opt->play && player == opt->seat) {
            turn_result r = human_turn(s);
            if (r == TURN_ERROR)
                return 1;
            if (r == TURN_QUIT) {
                quit = true;
                break;
            }
        } else if (bot_turn(s) != 0) {
            return 1;
        }
    }

    if (!opt->quiet) {
        putchar('\n');
        print_board(s);
    }
    if (quit)
        printf("Game left unfinished.\n");
    print_scores(s, !quit);

    if (opt->svg != NULL) {
        char *svg = render_alloc(carc_game_render_svg, s->game, 0, "drawing the SVG");
        int rc = svg != NULL ? write_file(opt->svg, svg) : -1;
        free(svg);
        if (rc != 0)
            return 1;
    }
    if (opt->record != NULL) {
        char *rec = render_alloc(save_adapter, s->game, 0, "saving the record");
        int rc = rec != NULL ? write_file(opt->record, rec) : -1;
        free(rec);
        if (rc != 0)
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    options opt;
    session s;
    carc_game_options go;
    carc_status st;
    int rc;

    rc = parse_args(&opt, argc, argv);
    if (rc == 1)
        return 0;
    if (rc != 0)
        return 2;

    memset(&s, 0, sizeof s);
    s.opt = &opt;
    carc_game_options_init(&go, CARC_GAME_OPTIONS_VERSION);
    go.players = opt.players;
    go.seed = opt.seed;
    go.modules = opt.modules; /* the Count and the River: the library places the spring */
    st = carc_game_new(&s.game, &go);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-demo: cannot create the game: %s\n", carc_status_str(st));
        return 1;
    }
    rc = 0;
    if (carc_movelist_new(&s.list, s.game) != CARC_OK)
        rc = 1;
    for (uint32_t p = 0; p < opt.players && rc == 0; p++) {
        /* Each bot gets its own stream, derived from the game seed and its seat. */
        s.bots[p] = bot_new_spec(&opt.bot, opt.seed * 0x100000001B3u + p + 1, s.game);
        if (s.bots[p] == NULL)
            rc = 1;
    }
    if (rc != 0)
        fprintf(stderr, "carc-demo: out of memory\n");
    else
        rc = run(&s);

    for (uint32_t p = 0; p < MAX_PLAYERS; p++)
        bot_free(s.bots[p]);
    carc_movelist_free(s.list);
    carc_game_free(s.game);
    return rc;
}
