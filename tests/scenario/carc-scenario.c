/*
 * carc-scenario: run scenario files (.scn, see shared/scenarios/FORMAT.md)
 * against libcarcassonne through its public API only.
 *
 *   carc-scenario FILE...
 *
 * For every failed check, and every line that cannot be carried out, prints
 * "FILE:LINE: expected ..., got ..." (plus the board as text when the library
 * can draw it). Failed checks are reported and the file goes on; a line that
 * cannot be carried out (a move the engine refuses, a malformed line, a game
 * that cannot be created) ends that file. The last line printed is
 * "N passed, M failed"; the exit status is 1 if any file failed.
 */
#include <carcassonne/carcassonne.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 64
#define MAX_PLAYERS 16
/* After this many failed checks in one file the rest of it is skipped. */
#define MAX_FAILURES_PER_FILE 20
/* Board pictures printed per file (the first failures are the useful ones). */
#define MAX_BOARDS_PER_FILE 3

typedef struct scenario {
    const char *path;
    unsigned line;          /* current line number */
    carc_game *game;        /* NULL until the header is complete */
    carc_game_options opts;
    unsigned players_line;  /* 0: no players line yet */
    unsigned modules_line;
    unsigned failures;
    unsigned boards;
    carc_movelist *list;
} scenario;

/* ---------------------------------------------------------------- output */

static void print_board(scenario *s)
{
    size_t needed = 0;
    carc_status st;
    char *buf;

    if (s->game == NULL || s->boards >= MAX_BOARDS_PER_FILE)
        return;
    st = carc_game_render_text(NULL, 0, &needed, s->game, 0);
    if (st != CARC_OK && st != CARC_EBUFFER)
        return;
    buf = malloc(needed + 1);
    if (buf == NULL)
        return;
    if (carc_game_render_text(buf, needed + 1, NULL, s->game, 0) == CARC_OK) {
        s->boards++;
        fputs(buf, stdout);
        if (needed == 0 || buf[needed - 1] != '\n')
            fputc('\n', stdout);
    }
    free(buf);
}

/* Report a failure at the current line; `board` adds the picture of the board. */
static void fail(scenario *s, int board, const char *fmt, ...)
{
    va_list ap;

    printf("%s:%u: ", s->path, s->line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    s->failures++;
    if (board)
        print_board(s);
}

/* "CARC_EILLEGAL (the move breaks the rules): <last error>" */
static const char *describe(const scenario *s, carc_status st, char *buf, size_t cap)
{
    const char *detail = s->game ? carc_game_last_error(s->game) : "";

    if (detail != NULL && detail[0] != '\0')
        snprintf(buf, cap, "%s (%s): %s", carc_status_name(st), carc_status_str(st), detail);
    else
        snprintf(buf, cap, "%s (%s)", carc_status_name(st), carc_status_str(st));
    return buf;
}

/* --------------------------------------------------------------- parsing */

/* Split `line` in place: comments removed, tokens separated by blanks. */
static int tokenize(char *line, char **tok, int max)
{
    int n = 0;
    char *p = strchr(line, '#');

    if (p != NULL)
        *p = '\0';
    p = line;
    for (;;) {
        while (*p != '\0' && isspace((unsigned char)*p))
            p++;
        if (*p == '\0')
            break;
        if (n == max)
            return -1;
        tok[n++] = p;
        while (*p != '\0' && !isspace((unsigned char)*p))
            p++;
        if (*p != '\0')
            *p++ = '\0';
    }
    return n;
}

static int parse_long(const char *text, long min, long max, long *out)
{
    char *end;
    long v;

    if (text[0] == '\0' || isspace((unsigned char)text[0]))
        return 0;
    errno = 0;
    v = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return 0;
    *out = v;
    return 1;
}

static int parse_tile(const char *name, uint32_t *kind)
{
    return carc_tile_find(kind, name) == CARC_OK;
}

static int parse_rotation(const char *text, uint32_t *quarter)
{
    long deg;

    if (!parse_long(text, 0, 270, &deg) || deg % 90 != 0)
        return 0;
    *quarter = (uint32_t)(deg / 90);
    return 1;
}

/*
 * The figure location syntax of FORMAT.md: "-", or [FIGURE/]KIND[:SIDE] with
 * KIND road/city (SIDE one of N E S W), field (SIDE a half-edge), cloister or
 * garden (no side). Whether the tile has such a segment is the library's job.
 */
static int valid_where(const char *w)
{
    static const char *const figures[] = { "big", "abbot", "builder", "pig" };
    static const char *const edges[] = { "N", "E", "S", "W" };
    static const char *const halves[] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
    const char *slash = strchr(w, '/');
    const char *colon;
    const char *side;
    size_t klen, i;

    if (strcmp(w, "-") == 0)
        return 1;
    if (slash != NULL) {
        int ok = 0;
        for (i = 0; i < sizeof figures / sizeof figures[0]; i++)
            if (strlen(figures[i]) == (size_t)(slash - w) && strncmp(w, figures[i], (size_t)(slash - w)) == 0)
                ok = 1;
        if (!ok)
            return 0;
        w = slash + 1;
    }
    colon = strchr(w, ':');
    klen = colon ? (size_t)(colon - w) : strlen(w);
    side = colon ? colon + 1 : NULL;
    if ((klen == 8 && strncmp(w, "cloister", 8) == 0) || (klen == 6 && strncmp(w, "garden", 6) == 0))
        return side == NULL;
    if (side == NULL)
        return 0;
    if ((klen == 4 && strncmp(w, "road", 4) == 0) || (klen == 4 && strncmp(w, "city", 4) == 0)) {
        for (i = 0; i < 4; i++)
            if (strcmp(side, edges[i]) == 0)
                return 1;
        return 0;
    }
    if (klen == 5 && strncmp(w, "field", 5) == 0) {
        for (i = 0; i < 8; i++)
            if (strcmp(side, halves[i]) == 0)
                return 1;
    }
    return 0;
}

/*
 * Check the syntax of "T X Y R [WHERE]" (tok[0..n-1]) and build the text the
 * library's move parser reads. Returns 0 with a message on a malformed move.
 */
static int move_text(scenario *s, char **tok, int n, uint32_t *kind, char *buf, size_t cap)
{
    long v;
    uint32_t rot;
    int i;
    size_t used = 0;

    if (n < 4 || n > 5) {
        fail(s, 0, "malformed line: a move is T X Y R [WHERE], got %d values", n);
        return 0;
    }
    if (!parse_tile(tok[0], kind)) {
        fail(s, 0, "malformed line: unknown tile '%s'", tok[0]);
        return 0;
    }
    if (!parse_long(tok[1], INT32_MIN, INT32_MAX, &v) || !parse_long(tok[2], INT32_MIN, INT32_MAX, &v)) {
        fail(s, 0, "malformed line: bad coordinates '%s %s'", tok[1], tok[2]);
        return 0;
    }
    if (!parse_rotation(tok[3], &rot)) {
        fail(s, 0, "malformed line: bad rotation '%s' (0, 90, 180 or 270)", tok[3]);
        return 0;
    }
    if (n == 5 && !valid_where(tok[4])) {
        fail(s, 0, "malformed line: bad figure location '%s'", tok[4]);
        return 0;
    }
    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        size_t len = strlen(tok[i]);
        if (used + len + 2 > cap) {
            fail(s, 0, "malformed line: move too long");
            return 0;
        }
        if (i > 0)
            buf[used++] = ' ';
        memcpy(buf + used, tok[i], len + 1);
        used += len;
    }
    return 1;
}

/* ------------------------------------------------------ state snapshots */

/* Everything the runner can observe of a game, to prove that it did not change. */
typedef struct snapshot {
    char *save;          /* carc_game_save text, or NULL when saving does not work */
    int32_t score[MAX_PLAYERS];
    uint32_t supply[MAX_PLAYERS];
    uint32_t remaining, turn, history, tiles, figures, events;
    uint32_t current;    /* UINT32_MAX: none */
    bool over;
} snapshot;

static void snapshot_take(snapshot *snap, const carc_game *g, uint32_t players)
{
    size_t needed = 0;
    carc_status st;
    uint32_t p;

    memset(snap, 0, sizeof *snap);
    st = carc_game_save(NULL, 0, &needed, g);
    if (st == CARC_OK || st == CARC_EBUFFER) {
        snap->save = malloc(needed + 1);
        if (snap->save != NULL && carc_game_save(snap->save, needed + 1, NULL, g) != CARC_OK) {
            free(snap->save);
            snap->save = NULL;
        }
    }
    for (p = 0; p < players && p < MAX_PLAYERS; p++) {
        (void)carc_game_score(&snap->score[p], g, p);
        (void)carc_game_supply(&snap->supply[p], g, p);
    }
    (void)carc_game_remaining(&snap->remaining, g);
    (void)carc_game_current_player(&snap->turn, g);
    (void)carc_game_history_count(&snap->history, g);
    (void)carc_game_tile_count(&snap->tiles, g);
    (void)carc_game_figure_count(&snap->figures, g);
    (void)carc_game_event_count(&snap->events, g);
    (void)carc_game_is_over(&snap->over, g);
    if (carc_game_current_tile(&snap->current, g) != CARC_OK)
        snap->current = UINT32_MAX;
}

/* NULL if equal, else what differs. */
static const char *snapshot_diff(const snapshot *a, const snapshot *b, uint32_t players)
{
    uint32_t p;

    if (a->save != NULL && b->save != NULL && strcmp(a->save, b->save) != 0)
        return "the saved record";
    for (p = 0; p < players && p < MAX_PLAYERS; p++) {
        if (a->score[p] != b->score[p])
            return "a score";
        if (a->supply[p] != b->supply[p])
            return "a follower supply";
    }
    if (a->remaining != b->remaining)
        return "the tiles remaining";
    if (a->turn != b->turn)
        return "the player to move";
    if (a->history != b->history)
        return "the history";
    if (a->tiles != b->tiles)
        return "the tiles on the board";
    if (a->figures != b->figures)
        return "the figures on the board";
    if (a->events != b->events)
        return "the score events";
    if (a->over != b->over)
        return "whether the game is over";
    if (a->current != b->current)
        return "the current tile";
    return NULL;
}

static void snapshot_free(snapshot *snap)
{
    free(snap->save);
    snap->save = NULL;
}

/* ------------------------------------------------------------ game calls */

static uint32_t players_of(const scenario *s)
{
    return s->opts.players;
}

/* Whether the history gained a DISCARD of `kind` at or after entry `from`. */
static int discarded_since(const scenario *s, uint32_t from, uint32_t kind)
{
    uint32_t count = 0, i;

    if (carc_game_history_count(&count, s->game) != CARC_OK)
        return 0;
    for (i = from; i < count; i++) {
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        if (carc_game_history(&e, s->game, i) == CARC_OK && e.kind == CARC_HISTORY_DISCARD &&
            e.move.tile == kind)
            return 1;
    }
    return 0;
}

static uint32_t history_count(const scenario *s)
{
    uint32_t n = 0;
    (void)carc_game_history_count(&n, s->game);
    return n;
}

/*
 * Make `kind` the tile to place. *chosen says whether a choice was recorded
 * that carc_game_undo would take back: when the engine already drew `kind`,
 * nothing is chosen (an undo then would take back the previous move).
 */
static carc_status choose(scenario *s, uint32_t kind, int *chosen)
{
    uint32_t current;
    carc_status st;

    *chosen = 0;
    if (carc_game_current_tile(&current, s->game) == CARC_OK && current == kind)
        return CARC_OK;
    st = carc_game_choose_tile(s->game, kind);
    *chosen = st == CARC_OK;
    return st;
}

static int create_game(scenario *s)
{
    char msg[512];
    carc_status st;

    if (s->players_line == 0) {
        fail(s, 0, "malformed file: expected 'players N' before the first move or check");
        return 0;
    }
    st = carc_game_new(&s->game, &s->opts);
    if (st != CARC_OK) {
        s->game = NULL;
        /* Blame the header line that most likely caused it. */
        s->line = st == CARC_EUNSUPPORTED && s->modules_line != 0 ? s->modules_line : s->players_line;
        fail(s, 0, "expected a new game, got %s", describe(s, st, msg, sizeof msg));
        return 0;
    }
    st = carc_movelist_new(&s->list, s->game);
    if (st != CARC_OK) {
        fail(s, 0, "expected a move list, got %s", describe(s, st, msg, sizeof msg));
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ the lines */

enum { LINE_OK = 1, LINE_STOP = 0 };

static int header_line(scenario *s, char **tok, int n)
{
    long v;
    int i;

    if (strcmp(tok[0], "players") == 0) {
        if (s->players_line != 0) {
            fail(s, 0, "malformed line: a second 'players' line");
            return LINE_STOP;
        }
        if (n != 2 || !parse_long(tok[1], 1, MAX_PLAYERS, &v)) {
            fail(s, 0, "malformed line: expected 'players N' with N from 1 to %d", MAX_PLAYERS);
            return LINE_STOP;
        }
        s->opts.players = (uint32_t)v;
        s->players_line = s->line;
        return LINE_OK;
    }
    if (s->players_line == 0) {
        fail(s, 0, "malformed file: the first line must be 'players N', got '%s'", tok[0]);
        return LINE_STOP;
    }
    if (strcmp(tok[0], "modules") == 0 || strcmp(tok[0], "-farmers") == 0) {
        static const struct { const char *name; uint32_t flag; } mods[] = {
            { "farmers", CARC_MODULE_FARMERS }, { "river", CARC_MODULE_RIVER },
            { "abbot", CARC_MODULE_ABBOT },     { "count", CARC_MODULE_COUNT },
            { "inns", CARC_MODULE_INNS },       { "traders", CARC_MODULE_TRADERS },
        };
        i = strcmp(tok[0], "modules") == 0 ? 1 : 0;
        for (; i < n; i++) {
            size_t m;
            int found = 0;
            if (strcmp(tok[i], "-farmers") == 0) {
                s->opts.modules &= ~(uint32_t)CARC_MODULE_FARMERS;
                continue;
            }
            for (m = 0; m < sizeof mods / sizeof mods[0]; m++) {
                if (strcmp(tok[i], mods[m].name) == 0) {
                    s->opts.modules |= mods[m].flag;
                    found = 1;
                }
            }
            if (!found) {
                fail(s, 0, "malformed line: unknown module '%s'", tok[i]);
                return LINE_STOP;
            }
        }
        s->modules_line = s->line;
        return LINE_OK;
    }
    if (strcmp(tok[0], "start") == 0) {
        uint32_t kind, rot;
        long x, y;
        if (n != 5) {
            fail(s, 0, "malformed line: expected 'start T X Y R', got %d values", n - 1);
            return LINE_STOP;
        }
        if (!parse_tile(tok[1], &kind)) {
            fail(s, 0, "malformed line: unknown tile '%s'", tok[1]);
            return LINE_STOP;
        }
        if (!parse_long(tok[2], INT32_MIN, INT32_MAX, &x) || !parse_long(tok[3], INT32_MIN, INT32_MAX, &y)) {
            fail(s, 0, "malformed line: bad coordinates '%s %s'", tok[2], tok[3]);
            return LINE_STOP;
        }
        if (!parse_rotation(tok[4], &rot)) {
            fail(s, 0, "malformed line: bad rotation '%s' (0, 90, 180 or 270)", tok[4]);
            return LINE_STOP;
        }
        s->opts.start_tile = kind;
        s->opts.start_x = (int32_t)x;
        s->opts.start_y = (int32_t)y;
        s->opts.start_rotation = rot;
        return LINE_OK;
    }
    fail(s, 0, "malformed line: unknown keyword '%s'", tok[0]);
    return LINE_STOP;
}

static int do_place(scenario *s, char **tok, int n)
{
    char text[256], msg[512];
    uint32_t kind, before;
    carc_move move;
    carc_status st;
    int chosen;

    if (!move_text(s, tok + 1, n - 1, &kind, text, sizeof text))
        return LINE_STOP;
    before = history_count(s);
    st = choose(s, kind, &chosen);
    if (st != CARC_OK) {
        fail(s, 1, "expected to draw %s, got %s", tok[1], describe(s, st, msg, sizeof msg));
        return LINE_STOP;
    }
    if (discarded_since(s, before, kind)) {
        fail(s, 1, "expected %s to be placeable, got a discard (no legal placement)", tok[1]);
        (void)carc_game_undo(s->game);
        return LINE_STOP;
    }
    st = carc_move_parse(&move, text);
    if (st == CARC_OK)
        st = carc_game_play(s->game, &move);
    if (st != CARC_OK) {
        fail(s, 1, "expected the move '%s' to be legal, got %s", text, describe(s, st, msg, sizeof msg));
        if (chosen)
            (void)carc_game_undo(s->game);
        return LINE_STOP;
    }
    return LINE_OK;
}

static int do_discard(scenario *s, char **tok, int n)
{
    char msg[512];
    uint32_t kind, before;
    carc_status st;
    int chosen;

    if (n != 2) {
        fail(s, 0, "malformed line: expected 'discard T'");
        return LINE_STOP;
    }
    if (!parse_tile(tok[1], &kind)) {
        fail(s, 0, "malformed line: unknown tile '%s'", tok[1]);
        return LINE_STOP;
    }
    before = history_count(s);
    st = choose(s, kind, &chosen);
    if (st != CARC_OK) {
        fail(s, 1, "expected to draw %s, got %s", tok[1], describe(s, st, msg, sizeof msg));
        return LINE_STOP;
    }
    if (!discarded_since(s, before, kind)) {
        fail(s, 1, "expected %s to be discarded (no legal placement), got: %s could be placed", tok[1], tok[1]);
        if (chosen)
            (void)carc_game_undo(s->game);
    }
    return LINE_OK;
}

static int do_simple(scenario *s, char **tok, int n, carc_status (*fn)(carc_game *))
{
    char msg[512];
    carc_status st;

    if (n != 1) {
        fail(s, 0, "malformed line: '%s' takes no values", tok[0]);
        return LINE_STOP;
    }
    st = fn(s->game);
    if (st != CARC_OK) {
        fail(s, 1, "expected '%s' to succeed, got %s", tok[0], describe(s, st, msg, sizeof msg));
        return LINE_STOP;
    }
    return LINE_OK;
}

/* expect score / followers: one number per player. */
static int expect_per_player(scenario *s, char **tok, int n, int followers)
{
    char want[512], got[512], msg[512];
    uint32_t p, players = players_of(s);
    size_t wl = 0, gl = 0;
    int differs = 0;

    if ((uint32_t)(n - 2) != players) {
        fail(s, 0, "malformed line: expected %u values (one per player), got %d", players, n - 2);
        return LINE_STOP;
    }
    for (p = 0; p < players; p++) {
        long v;
        int64_t actual;
        carc_status st;
        if (!parse_long(tok[2 + p], followers ? 0 : LONG_MIN, LONG_MAX, &v)) {
            fail(s, 0, "malformed line: bad number '%s'", tok[2 + p]);
            return LINE_STOP;
        }
        if (followers) {
            uint32_t f = 0;
            st = carc_game_supply(&f, s->game, p);
            actual = f;
        } else {
            int32_t sc = 0;
            st = carc_game_score(&sc, s->game, p);
            actual = sc;
        }
        if (st != CARC_OK) {
            fail(s, 1, "expected %s of player %u, got %s", followers ? "the followers" : "the score", p,
                 describe(s, st, msg, sizeof msg));
            return LINE_OK;
        }
        if (actual != v)
            differs = 1;
        wl += (size_t)snprintf(want + wl, sizeof want - wl, "%s%ld", p ? " " : "", v);
        gl += (size_t)snprintf(got + gl, sizeof got - gl, "%s%lld", p ? " " : "", (long long)actual);
        if (wl >= sizeof want - 24 || gl >= sizeof got - 24)
            break;
    }
    if (differs)
        fail(s, 1, "expected %s %s, got %s", followers ? "followers" : "score", want, got);
    return LINE_OK;
}

static int expect_number(scenario *s, char **tok, int n, const char *what, carc_status st, int64_t actual)
{
    char msg[512];
    long v;

    if (n != 3 || !parse_long(tok[2], 0, LONG_MAX, &v)) {
        fail(s, 0, "malformed line: expected 'expect %s N' with N a number >= 0", tok[1]);
        return LINE_STOP;
    }
    if (st != CARC_OK)
        fail(s, 1, "expected %s %ld, got %s", what, v, describe(s, st, msg, sizeof msg));
    else if (actual != v)
        fail(s, 1, "expected %s %ld, got %lld", what, v, (long long)actual);
    return LINE_OK;
}

static int expect_illegal(scenario *s, char **tok, int n)
{
    char text[256];
    uint32_t kind, left = 0, players = players_of(s);
    snapshot before, after;
    carc_move move;
    carc_status st;
    int chosen = 0, discarded = 0;
    const char *diff;

    if (!move_text(s, tok + 2, n - 2, &kind, text, sizeof text))
        return LINE_STOP;
    snapshot_take(&before, s->game, players);
    st = carc_move_parse(&move, text);
    if (st != CARC_OK) {
        /* The syntax is right (move_text), so the library refused the figure
         * location for this tile: the move is rejected. */
        snapshot_free(&before);
        return LINE_OK;
    }
    /* The move is meant for the tile about to be drawn: draw it, ask, take the draw back. */
    if (carc_game_remaining_of(&left, s->game, kind) == CARC_OK && left > 0) {
        uint32_t h = history_count(s);
        if (choose(s, kind, &chosen) == CARC_OK && discarded_since(s, h, kind))
            discarded = 1; /* no legal placement at all: the move is illegal */
    }
    st = discarded ? CARC_EILLEGAL : carc_game_check_move(s->game, &move);
    if (chosen)
        (void)carc_game_undo(s->game);
    if (st == CARC_OK)
        fail(s, 1, "expected '%s' to be illegal, got: legal", text);
    snapshot_take(&after, s->game, players);
    diff = snapshot_diff(&before, &after, players);
    if (diff != NULL)
        fail(s, 1, "expected the game unchanged by the illegal move '%s', got a change in %s", text, diff);
    snapshot_free(&before);
    snapshot_free(&after);
    return LINE_OK;
}

static int expect_winner(scenario *s, char **tok, int n)
{
    char want[256], got[256], msg[512];
    uint32_t mask = 0, leaders = 0, p, players = players_of(s);
    size_t wl = 0, gl = 0;
    bool over = false;
    carc_status st;
    int i;

    if (n < 3) {
        fail(s, 0, "malformed line: expected 'expect winner P...'");
        return LINE_STOP;
    }
    for (i = 2; i < n; i++) {
        long v;
        if (!parse_long(tok[i], 0, (long)players - 1, &v)) {
            fail(s, 0, "malformed line: bad player '%s'", tok[i]);
            return LINE_STOP;
        }
        mask |= 1u << v;
    }
    st = carc_game_is_over(&over, s->game);
    if (st != CARC_OK) {
        fail(s, 1, "expected the game over, got %s", describe(s, st, msg, sizeof msg));
        return LINE_OK;
    }
    if (!over) {
        fail(s, 1, "expected the game over (expect winner), got: the game is not over");
        return LINE_OK;
    }
    st = carc_game_leaders(&leaders, s->game);
    if (st != CARC_OK) {
        fail(s, 1, "expected the winners, got %s", describe(s, st, msg, sizeof msg));
        return LINE_OK;
    }
    if (leaders != mask) {
        want[0] = got[0] = '\0';
        for (p = 0; p < players && p < 32; p++) {
            if (mask & (1u << p))
                wl += (size_t)snprintf(want + wl, sizeof want - wl, "%s%u", wl ? " " : "", p);
            if (leaders & (1u << p))
                gl += (size_t)snprintf(got + gl, sizeof got - gl, "%s%u", gl ? " " : "", p);
        }
        fail(s, 1, "expected winner %s, got %s", want, gl ? got : "(none)");
    }
    return LINE_OK;
}

static int expect_line(scenario *s, char **tok, int n)
{
    const char *what = n >= 2 ? tok[1] : "";

    if (strcmp(what, "score") == 0)
        return expect_per_player(s, tok, n, 0);
    if (strcmp(what, "followers") == 0)
        return expect_per_player(s, tok, n, 1);
    if (strcmp(what, "turn") == 0) {
        uint32_t p = 0;
        carc_status st = carc_game_current_player(&p, s->game);
        return expect_number(s, tok, n, "turn", st, p);
    }
    if (strcmp(what, "remaining") == 0) {
        uint32_t r = 0;
        carc_status st = carc_game_remaining(&r, s->game);
        return expect_number(s, tok, n, "remaining", st, r);
    }
    if (strcmp(what, "placements") == 0) {
        uint32_t kind;
        carc_status st;
        if (n != 4 || !parse_tile(tok[2], &kind)) {
            fail(s, 0, "malformed line: expected 'expect placements T N' with a known tile");
            return LINE_STOP;
        }
        st = carc_game_placements(s->list, s->game, kind, 0);
        tok[2] = tok[3];
        return expect_number(s, tok, 3, "placements", st, (int64_t)carc_movelist_count(s->list));
    }
    if (strcmp(what, "illegal") == 0)
        return expect_illegal(s, tok, n);
    if (strcmp(what, "winner") == 0)
        return expect_winner(s, tok, n);
    fail(s, 0, "malformed line: unknown check 'expect %s'", what);
    return LINE_STOP;
}

static int is_header_keyword(const char *k)
{
    return strcmp(k, "players") == 0 || strcmp(k, "modules") == 0 || strcmp(k, "-farmers") == 0 ||
           strcmp(k, "start") == 0;
}

static int body_line(scenario *s, char **tok, int n)
{
    if (is_header_keyword(tok[0])) {
        fail(s, 0, "malformed line: '%s' belongs to the header, before the first move or check", tok[0]);
        return LINE_STOP;
    }
    if (strcmp(tok[0], "place") == 0)
        return do_place(s, tok, n);
    if (strcmp(tok[0], "discard") == 0)
        return do_discard(s, tok, n);
    if (strcmp(tok[0], "undo") == 0)
        return do_simple(s, tok, n, carc_game_undo);
    if (strcmp(tok[0], "end") == 0)
        return do_simple(s, tok, n, carc_game_end);
    if (strcmp(tok[0], "expect") == 0)
        return expect_line(s, tok, n);
    fail(s, 0, "malformed line: unknown keyword '%s'", tok[0]);
    return LINE_STOP;
}

/* ------------------------------------------------------------ one file */

/* One line of any length; NULL at the end of the file. */
static char *read_line(FILE *f, char **buf, size_t *cap)
{
    size_t len = 0;
    int c;

    while ((c = fgetc(f)) != EOF) {
        if (len + 2 > *cap) {
            size_t ncap = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, ncap);
            if (nb == NULL)
                return NULL;
            *buf = nb;
            *cap = ncap;
        }
        if (c == '\n')
            break;
        (*buf)[len++] = (char)c;
    }
    if (c == EOF && len == 0)
        return NULL;
    if (*buf == NULL)
        return NULL;
    if (len > 0 && (*buf)[len - 1] == '\r')
        len--;
    (*buf)[len] = '\0';
    return *buf;
}

/* Returns 1 if the file passed. */
static int run_file(const char *path)
{
    scenario s;
    FILE *f;
    char *buf = NULL, *tok[MAX_TOKENS];
    size_t cap = 0;
    int header = 1, ok = 1;

    memset(&s, 0, sizeof s);
    s.path = path;
    if (carc_game_options_init(&s.opts, CARC_GAME_OPTIONS_VERSION) != CARC_OK) {
        carc_game_options o = CARC_GAME_OPTIONS_INIT;
        s.opts = o;
    }
    f = fopen(path, "r");
    if (f == NULL) {
        printf("%s:0: expected a readable scenario file, got: %s\n", path, strerror(errno));
        return 0;
    }
    while (ok && read_line(f, &buf, &cap) != NULL) {
        int n;
        s.line++;
        n = tokenize(buf, tok, MAX_TOKENS);
        if (n == 0)
            continue;
        if (n < 0) {
            fail(&s, 0, "malformed line: more than %d values", MAX_TOKENS);
            ok = 0;
            break;
        }
        if (header && (is_header_keyword(tok[0]) || s.players_line == 0)) {
            ok = header_line(&s, tok, n) == LINE_OK;
            continue;
        }
        if (header) {
            header = 0;
            if (!create_game(&s)) {
                ok = 0;
                break;
            }
        }
        ok = body_line(&s, tok, n) == LINE_OK;
        if (s.failures >= MAX_FAILURES_PER_FILE) {
            printf("%s:%u: too many failures, the rest of the file is skipped\n", path, s.line);
            break;
        }
    }
    if (ok && header && s.players_line == 0) {
        fail(&s, 0, "malformed file: no 'players N' line");
    } else if (ok && header && s.game == NULL) {
        /* A header alone still has to make a game. */
        (void)create_game(&s);
    }
    if (ferror(f))
        fail(&s, 0, "expected to read the file, got a read error");
    fclose(f);
    free(buf);
    carc_movelist_free(s.list);
    carc_game_free(s.game);
    return s.failures == 0;
}

int main(int argc, char **argv)
{
    int i, passed = 0, failed = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        printf("0 passed, 0 failed\n");
        return 2;
    }
    for (i = 1; i < argc; i++) {
        if (run_file(argv[i]))
            passed++;
        else
            failed++;
        fflush(stdout);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
