/* SPDX-License-Identifier: MIT */
/*
 * carc-scenario: run scenario files (.scn, format 2: docs/scenarios.md)
 * against libcarcassonne through its public API only.
 *
 *   carc-scenario FILE...
 *
 * For every failed check, and every line that cannot be carried out, prints
 * "FILE:LINE: expected ..., got ..." (plus the board as text when the library
 * can draw it). Failed checks are reported and the file goes on; a line that
 * cannot be carried out (a move the engine refuses, a malformed line, a game
 * that cannot be created) ends that file.
 *
 * A file whose modules this build does not implement (carc_game_new:
 * CARC_EUNSUPPORTED; an `option` of the Count needs the Count) is not run:
 * the runner prints "FILE: skipped: <why>" and counts it as skipped.
 *
 * The last line printed is "N passed, M failed, K skipped". Exit status: 1 if
 * any file failed; else 0 if at least one passed; 77 (ctest's
 * SKIP_RETURN_CODE) when every file was skipped; 2 on a usage error.
 *
 * How the runner plays (docs/scenarios.md 8 and 11):
 *  - `place` and `discard` draw the tile with carc_game_choose_tile (always:
 *    the file's deal, not the engine's pile, says which tiles are drawn), then
 *    `place` plays it with carc_game_play;
 *    `abbot/recall` is a place move with figure CARC_FIGURE_ABBOT and segment
 *    CARC_SEGMENT_RECALL.
 *  - `pass`, `exit`, `quarter`, `count` are moves of their kinds.
 *  - Declining by default: before a move or decision line that does not answer
 *    the optional decision the engine asks (carc_game_pending with
 *    CARC_PENDING_OPTIONAL), and before every `expect` line but `expect asks`
 *    (which never declines the builder's second tile), the runner plays a pass
 *    for whoever is asked, until nothing optional is pending.
 *  - `undo` takes back the last `place` or `discard` with every decision after
 *    it: the runner keeps the history count from before each of them, and
 *    calls carc_game_undo until the history is back to that count.
 *  - `expect scored` reads the score events (CARC_EVENT_SCORE and
 *    CARC_EVENT_RECALL) of that last step, or only final scoring
 *    (CARC_EVENT_FINAL) once the game is over.
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
    unsigned start_line;
    char modules[512];      /* every module name of the header, for carc_modules_parse */
    int skipped;            /* the file was skipped */
    unsigned failures;
    unsigned boards;
    carc_movelist *list;
    uint32_t *steps;        /* history count before each `place` / `discard` still on the board */
    size_t nsteps, capsteps;
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

static const char *decision_name(uint32_t d);

/* " [pending: player 1 to decide exit (optional, final round)]" once the game
 * exists: what the engine waits for when a line fails. */
static void print_pending(const scenario *s)
{
    carc_pending p;

    if (s->game == NULL)
        return;
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    if (carc_game_pending(&p, s->game) != CARC_OK)
        printf(" [pending: unknown: %s]", carc_game_last_error(s->game));
    else if (p.decision == CARC_DECISION_NONE)
        printf(" [pending: none, the game is over]");
    else
        printf(" [pending: player %u to decide %s%s%s%s%s]", p.player, decision_name(p.decision),
               p.decision == CARC_DECISION_PLACE ? " " : "",
               p.decision == CARC_DECISION_PLACE ? carc_tile_name(p.tile) : "",
               (p.flags & CARC_PENDING_OPTIONAL) ? ", optional" : "",
               (p.flags & CARC_PENDING_FINAL)         ? ", final round"
               : (p.flags & CARC_PENDING_SECOND_TILE) ? ", second tile"
                                                      : "");
}

/* Report a failure at the current line, with the pending decision; `board`
 * adds the picture of the board. */
static void fail(scenario *s, int board, const char *fmt, ...)
{
    va_list ap;

    printf("%s:%u: ", s->path, s->line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    print_pending(s);
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

/*
 * A tile named in a line of the body, checked against the game's modules: a
 * kind that only a module not in play brings (the garden copies E.g ... V.g
 * without `abbot`, the River without `river`) is an error of the file. An
 * unknown name is reported with `unknown` (a format with one %s).
 */
static int game_tile(scenario *s, const char *name, uint32_t *kind, const char *unknown)
{
    uint32_t copies = 0, m;

    if (!parse_tile(name, kind)) {
        fail(s, 0, unknown, name);
        return 0;
    }
    if (carc_tile_copies(&copies, *kind, s->opts.modules) != CARC_OK || copies != 0)
        return 1;
    for (m = 1; m != 0 && carc_module_name(m) != NULL; m <<= 1) {
        if (s->opts.modules & m)
            continue;
        if (carc_tile_copies(&copies, *kind, s->opts.modules | m) == CARC_OK && copies != 0) {
            fail(s, 0, "malformed line: tile '%s' is only in a game with module %s, which 'modules' does not name",
                 name, carc_module_name(m));
            return 0;
        }
    }
    return 1; /* never drawn in any game (a pre-placed tile): the engine decides */
}

static int parse_rotation(const char *text, uint32_t *quarter)
{
    long deg;

    if (!parse_long(text, 0, 270, &deg) || deg % 90 != 0)
        return 0;
    *quarter = (uint32_t)(deg / 90);
    return 1;
}

/* Whether a figure location is the abbot's recall. */
static int is_recall(const char *w)
{
    return strcmp(w, "abbot/recall") == 0;
}

/*
 * The figure location syntax of docs/scenarios.md 6: "-", or [FIGURE/]KIND[:SIDE] with
 * FIGURE one of big abbot builder pig, KIND road/city (SIDE one of N E S W),
 * field (SIDE a half-edge, or "interior" for a field that touches no side),
 * cloister or garden (no side); or "abbot/recall".
 * Whether the tile has such a segment, and whether that figure may stand
 * there, is the library's job.
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

    if (strcmp(w, "-") == 0 || is_recall(w))
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
        /* field:interior: a field that touches no side (IC/CCCC, docs/scenarios.md 6) */
        if (strcmp(side, "interior") == 0)
            return 1;
        for (i = 0; i < 8; i++)
            if (strcmp(side, halves[i]) == 0)
                return 1;
    }
    return 0;
}

/*
 * Check the syntax of "T X Y R [WHERE]" (tok[0..n-1]) and build the text of
 * the move (for messages and the library's move parser). Returns 0 with a
 * message on a malformed move.
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
    if (!game_tile(s, tok[0], kind, "malformed line: unknown tile '%s'"))
        return 0;
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

/*
 * The place move of a text built by move_text. The library's move parser
 * reads the figure locations; the recall is the place move with no figure
 * location, then figure CARC_FIGURE_ABBOT and segment CARC_SEGMENT_RECALL.
 */
static carc_status place_move(carc_move *move, const char *text)
{
    char tmp[256];
    size_t len = strlen(text), tail = strlen("abbot/recall");
    carc_status st;

    if (len > tail && len < sizeof tmp && text[len - tail - 1] == ' ' && is_recall(text + len - tail)) {
        memcpy(tmp, text, len - tail);
        tmp[len - tail] = '-';
        tmp[len - tail + 1] = '\0';
        st = carc_move_parse(move, tmp);
        if (st == CARC_OK) {
            move->figure = CARC_FIGURE_ABBOT;
            move->segment = CARC_SEGMENT_RECALL;
        }
        return st;
    }
    return carc_move_parse(move, text);
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
 * Make `kind` the tile to place: always by carc_game_choose_tile, which draws
 * that tile alone. The engine's own current tile is the first placeable tile
 * of its shuffled pile, and the unplaceable ones above it would be drawn and
 * discarded by the move (carc_game_current_tile): a file's deal is its own,
 * so only its `discard` lines may discard. (With the Count the river can be
 * hemmed in by the City, and a River tile of the engine's pile then has no
 * place at times when the file's next tile has one.) *chosen says whether a
 * choice was recorded that carc_game_undo would take back.
 */
static carc_status choose(scenario *s, uint32_t kind, int *chosen)
{
    carc_status st = carc_game_choose_tile(s->game, kind);

    *chosen = st == CARC_OK;
    return st;
}

/* The history count before the last `place` or `discard` still on the board (0: none). */
static uint32_t step_start(const scenario *s)
{
    return s->nsteps ? s->steps[s->nsteps - 1] : 0;
}

static int push_step(scenario *s, uint32_t before)
{
    if (s->nsteps == s->capsteps) {
        size_t ncap = s->capsteps ? s->capsteps * 2 : 64;
        uint32_t *n = realloc(s->steps, ncap * sizeof *n);
        if (n == NULL) {
            fail(s, 0, "expected memory for the undo steps, got none");
            return 0;
        }
        s->steps = n;
        s->capsteps = ncap;
    }
    s->steps[s->nsteps++] = before;
    return 1;
}

static void skip_file(scenario *s, const char *why)
{
    printf("%s: skipped: %s\n", s->path, why);
    s->skipped = 1;
}

/* Modules of the file that this build does not implement, as a sentence ("" if none). */
static void missing_modules(const scenario *s, char *buf, size_t cap)
{
    uint32_t every = carc_modules_supported() | carc_modules_elements(carc_modules_supported());
    uint32_t missing = s->opts.modules & ~every, m;
    size_t used = 0;
    int count = 0;

    buf[0] = '\0';
    for (m = 1; m != 0; m <<= 1)
        if (missing & m)
            count++;
    if (count == 0)
        return;
    used += (size_t)snprintf(buf, cap, "module%s", count > 1 ? "s" : "");
    for (m = 1; m != 0 && used < cap; m <<= 1)
        if (missing & m) {
            const char *name = carc_module_name(m);
            used += (size_t)snprintf(buf + used, cap - used, " %s", name ? name : "(unknown)");
        }
    if (used < cap)
        snprintf(buf + used, cap - used, " %s not implemented by this build", count > 1 ? "are" : "is");
}

/* Create the game once the header is read. Returns 0 on a failure or a skip. */
static int create_game(scenario *s)
{
    char msg[512], why[512];
    carc_status st;

    if (s->players_line == 0) {
        fail(s, 0, "malformed file: expected 'players N' before the first move or check");
        return 0;
    }
    /* A file this build cannot run is skipped, whatever else its header says. */
    missing_modules(s, why, sizeof why);
    if (why[0] != '\0') {
        skip_file(s, why);
        return 0;
    }
    why[0] = '\0';
    st = carc_game_options_check(&s->opts, why, sizeof why);
    if (st == CARC_OK)
        st = carc_game_new(&s->game, &s->opts);
    if (st == CARC_EUNSUPPORTED) {
        s->game = NULL;
        skip_file(s, why[0] != '\0' ? why : "a module is not implemented by this build");
        return 0;
    }
    if (st != CARC_OK) {
        s->game = NULL;
        /* Blame the header line that most likely caused it. */
        if (strstr(why, "start") != NULL && s->start_line != 0)
            s->line = s->start_line;
        else if (strstr(why, "module") != NULL && s->modules_line != 0)
            s->line = s->modules_line;
        else
            s->line = s->players_line;
        describe(s, st, msg, sizeof msg);
        if (why[0] != '\0')
            fail(s, 0, "expected a new game, got %s: %s", msg, why);
        else
            fail(s, 0, "expected a new game, got %s", msg);
        return 0;
    }
    st = carc_movelist_new(&s->list, s->game);
    if (st != CARC_OK) {
        fail(s, 0, "expected a move list, got %s", describe(s, st, msg, sizeof msg));
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------- decisions */

/* What a line answers, for declining by default. */
enum {
    ANSWERS_NOTHING = 0, /* an `expect` line: declines all that is optional but a second tile */
    ANSWERS_END,         /* `end`: declines all that is optional */
    ANSWERS_PLACE,       /* `place`, `discard` */
    ANSWERS_EXIT,        /* `exit P ...`: an exit decision of player P */
    ANSWERS_QUARTER,
    ANSWERS_COUNT
};

static const char *decision_name(uint32_t d)
{
    static const char *const names[] = { "none", "place", "exit", "quarter", "count" };
    return d < sizeof names / sizeof names[0] ? names[d] : "(unknown)";
}

static int answers(int what, uint32_t player, const carc_pending *p)
{
    switch (what) {
    case ANSWERS_PLACE:
        return p->decision == CARC_DECISION_PLACE;
    case ANSWERS_EXIT:
        return p->decision == CARC_DECISION_EXIT && p->player == player;
    case ANSWERS_QUARTER:
        return p->decision == CARC_DECISION_QUARTER;
    case ANSWERS_COUNT:
        return p->decision == CARC_DECISION_COUNT;
    default:
        return 0;
    }
}

/* Play a pass (it declines whatever optional decision is pending). */
static carc_status play_pass(carc_game *game)
{
    carc_move pass;

    memset(&pass, 0, sizeof pass);
    pass.kind = CARC_MOVE_PASS;
    pass.segment = CARC_NO_SEGMENT;
    return carc_game_play(game, &pass);
}

static carc_status get_pending(const scenario *s, carc_pending *p)
{
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    return carc_game_pending(p, s->game);
}

/*
 * Declining by default (docs/scenarios.md 8): while the engine asks an
 * optional decision that the coming line does not answer, pass for whoever is
 * asked. Returns 0 (with a message) if a pass is refused.
 */
static int decline(scenario *s, int what, uint32_t player)
{
    char msg[512];
    unsigned guard;

    for (guard = 0; guard < 1000; guard++) {
        carc_pending p;
        carc_status st = get_pending(s, &p);
        if (st != CARC_OK) {
            fail(s, 1, "expected the pending decision, got %s", describe(s, st, msg, sizeof msg));
            return 0;
        }
        if (p.decision == CARC_DECISION_NONE || !(p.flags & CARC_PENDING_OPTIONAL) || answers(what, player, &p))
            return 1;
        if (what == ANSWERS_NOTHING && (p.flags & CARC_PENDING_SECOND_TILE))
            return 1; /* the builder's second tile waits for its `place` */
        st = play_pass(s->game);
        if (st != CARC_OK) {
            fail(s, 1, "expected a pass to decline player %u's optional %s, got %s", p.player,
                 decision_name(p.decision), describe(s, st, msg, sizeof msg));
            return 0;
        }
    }
    fail(s, 1, "expected the optional decisions to end, got %u passes and still one asked", guard);
    return 0;
}

/* ------------------------------------------------------------ the lines */

enum { LINE_OK = 1, LINE_STOP = 0 };

/* `option NAME VALUE`: the rules variants of docs/scenarios.md 4, with their defaults. */
static int option_line(scenario *s, char **tok, int n)
{
    /* values[1] sets the variant's flag; values[0] is the default */
    static const struct { const char *name, *values[2]; uint32_t flag; } options[] = {
        { "coc-final", { "all", "market" }, CARC_VARIANT_COC_FINAL_MARKET },
        { "coc-per-part", { "yes", "no" }, CARC_VARIANT_COC_ONCE_PER_TURN },
        { "tiny-city", { "no", "yes" }, CARC_VARIANT_TINY_CITY },
    };
    size_t i, v;

    if (n != 3) {
        fail(s, 0, "malformed line: expected 'option NAME VALUE', got %d values", n - 1);
        return LINE_STOP;
    }
    for (i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (strcmp(tok[1], options[i].name) != 0)
            continue;
        for (v = 0; v < 2; v++)
            if (strcmp(tok[2], options[i].values[v]) == 0)
                break;
        if (v == 2) {
            fail(s, 0, "malformed line: option %s takes %s or %s, got '%s'", tok[1], options[i].values[0],
                 options[i].values[1], tok[2]);
            return LINE_STOP;
        }
        /* a variant this build cannot play (its module is missing) is skipped
         * when the game is created (carc_game_options_check) */
        if (v == 1)
            s->opts.variants |= options[i].flag;
        else
            s->opts.variants &= ~options[i].flag;
        return LINE_OK;
    }
    fail(s, 0, "malformed line: unknown option '%s' (coc-final, coc-per-part, tiny-city)", tok[1]);
    return LINE_STOP;
}

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
        /* Every name of every modules line, parsed together by the library
         * (farmers on unless "-farmers"). */
        uint32_t flags;
        size_t used = strlen(s->modules);
        for (i = strcmp(tok[0], "modules") == 0 ? 1 : 0; i < n; i++) {
            size_t len = strlen(tok[i]);
            if (carc_modules_parse(&flags, tok[i]) != CARC_OK) {
                fail(s, 0, "malformed line: unknown module '%s'", tok[i]);
                return LINE_STOP;
            }
            if (used + len + 2 > sizeof s->modules) {
                fail(s, 0, "malformed line: too many modules");
                return LINE_STOP;
            }
            if (used > 0)
                s->modules[used++] = ' ';
            memcpy(s->modules + used, tok[i], len + 1);
            used += len;
        }
        if (carc_modules_parse(&flags, s->modules) != CARC_OK) {
            fail(s, 0, "malformed line: modules '%s'", s->modules);
            return LINE_STOP;
        }
        s->opts.modules = flags;
        s->modules_line = s->line;
        return LINE_OK;
    }
    if (strcmp(tok[0], "option") == 0)
        return option_line(s, tok, n);
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
        s->start_line = s->line;
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
    if (!decline(s, ANSWERS_PLACE, 0))
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
    st = place_move(&move, text);
    if (st == CARC_EPARSE && n == 6 && strcmp(tok[5], "-") != 0 && !is_recall(tok[5])) {
        /* the syntax is right (move_text): the location names no segment of this tile */
        fail(s, 1, "expected the move '%s' to be legal, got: '%s' names no segment of %s rotated %s (%s)", text,
             tok[5], tok[1], tok[4], carc_status_name(st));
        if (chosen)
            (void)carc_game_undo(s->game);
        return LINE_STOP;
    }
    if (st == CARC_OK)
        st = carc_game_play(s->game, &move);
    if (st != CARC_OK) {
        fail(s, 1, "expected the move '%s' to be legal, got %s", text, describe(s, st, msg, sizeof msg));
        if (chosen)
            (void)carc_game_undo(s->game);
        return LINE_STOP;
    }
    return push_step(s, before) ? LINE_OK : LINE_STOP;
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
    if (!game_tile(s, tok[1], &kind, "malformed line: unknown tile '%s'"))
        return LINE_STOP;
    if (!decline(s, ANSWERS_PLACE, 0))
        return LINE_STOP;
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
        return LINE_OK;
    }
    return push_step(s, before) ? LINE_OK : LINE_STOP;
}

static int do_end(scenario *s, char **tok, int n)
{
    char msg[512];
    carc_status st;

    if (n != 1) {
        fail(s, 0, "malformed line: '%s' takes no values", tok[0]);
        return LINE_STOP;
    }
    if (!decline(s, ANSWERS_END, 0))
        return LINE_STOP;
    st = carc_game_end(s->game);
    if (st != CARC_OK) {
        fail(s, 1, "expected '%s' to succeed, got %s", tok[0], describe(s, st, msg, sizeof msg));
        return LINE_STOP;
    }
    return LINE_OK;
}

/*
 * `undo`: the last `place` or `discard` with every decision after it. Without
 * one (nothing played by this file), one carc_game_undo, as format 1 did.
 */
static int do_undo(scenario *s, char **tok, int n)
{
    char msg[512];
    carc_status st;
    uint32_t target, guard;

    if (n != 1) {
        fail(s, 0, "malformed line: '%s' takes no values", tok[0]);
        return LINE_STOP;
    }
    if (s->nsteps == 0) {
        st = carc_game_undo(s->game);
        if (st != CARC_OK) {
            fail(s, 1, "expected '%s' to succeed, got %s", tok[0], describe(s, st, msg, sizeof msg));
            return LINE_STOP;
        }
        return LINE_OK;
    }
    target = s->steps[--s->nsteps];
    for (guard = 0; history_count(s) > target; guard++) {
        st = guard < 100000 ? carc_game_undo(s->game) : CARC_ELIMIT;
        if (st != CARC_OK) {
            fail(s, 1, "expected '%s' to take the history back to %u entries, got %s at %u", tok[0], target,
                 describe(s, st, msg, sizeof msg), history_count(s));
            return LINE_STOP;
        }
    }
    return LINE_OK;
}

/* Play a move that is not a place move (pass, exit, quarter, count). */
static int play_decision(scenario *s, const carc_move *move, const char *text)
{
    char msg[512];
    carc_status st = carc_game_play(s->game, move);

    if (st != CARC_OK) {
        fail(s, 1, "expected the move '%s' to be legal, got %s", text, describe(s, st, msg, sizeof msg));
        return LINE_STOP;
    }
    return LINE_OK;
}

static int parse_quarter(const char *text, uint32_t *q)
{
    static const char *const names[] = { "castle", "market", "blacksmith", "cathedral" };
    uint32_t i;

    for (i = 0; i < 4; i++)
        if (strcmp(text, names[i]) == 0) {
            *q = i;
            return 1;
        }
    return 0;
}

/* Join tok[0..n-1] for messages. */
static const char *joined(char **tok, int n, char *buf, size_t cap)
{
    size_t used = 0;
    int i;

    buf[0] = '\0';
    for (i = 0; i < n && used + 1 < cap; i++) {
        int w = snprintf(buf + used, cap - used, "%s%s", i ? " " : "", tok[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    return buf;
}

static int do_pass(scenario *s, char **tok, int n)
{
    carc_move move;

    (void)tok;
    if (n != 1) {
        fail(s, 0, "malformed line: 'pass' takes no values");
        return LINE_STOP;
    }
    memset(&move, 0, sizeof move);
    move.kind = CARC_MOVE_PASS;
    move.segment = CARC_NO_SEGMENT;
    return play_decision(s, &move, "pass");
}

/* Play a pass for whoever is asked; 0 (with a message) if it is refused. */
static int pass_pending(scenario *s)
{
    char msg[512];
    carc_status st = play_pass(s->game);

    if (st != CARC_OK)
        fail(s, 1, "expected a pass to decline the pending decision, got %s", describe(s, st, msg, sizeof msg));
    return st == CARC_OK;
}

/*
 * Whether an exit of player P that the engine refuses as an answer to the
 * exit it asks P now, during a scoring, is the answer to P's next exit
 * instead: the first one of P's that declining everything optional reaches
 * (tried on a clone). It is after the last tile: P declined his exits
 * during its scoring (declined decisions are not written) and the line moves
 * a follower in the final round (docs/scenarios.md 8, "Declining by default": the line
 * is not an answer to the decision asked; docs/scenarios.md 7: after the last tile "exit
 * lines make the moves of the final round"). When it is not, the line fails against the exit
 * asked now, with that exit's reason.
 */
static int for_a_later_exit(scenario *s, const carc_move *move, uint32_t player)
{
    carc_pending p;
    carc_game *trial = NULL;
    int found = 0;
    unsigned guard;

    if (get_pending(s, &p) != CARC_OK || p.decision != CARC_DECISION_EXIT || p.player != player ||
        (p.flags & (CARC_PENDING_FINAL | CARC_PENDING_OPTIONAL)) != CARC_PENDING_OPTIONAL ||
        carc_game_check_move(s->game, move) != CARC_EILLEGAL || carc_game_clone(&trial, s->game, 0) != CARC_OK)
        return 0;
    for (guard = 0; guard < 1000; guard++) {
        if (play_pass(trial) != CARC_OK)
            break;
        memset(&p, 0, sizeof p);
        p.struct_size = sizeof p;
        if (carc_game_pending(&p, trial) != CARC_OK || !(p.flags & CARC_PENDING_OPTIONAL) ||
            (p.flags & CARC_PENDING_SECOND_TILE))
            break;
        if (p.decision == CARC_DECISION_EXIT && p.player == player) {
            found = carc_game_check_move(trial, move) == CARC_OK;
            break;
        }
    }
    carc_game_free(trial);
    return found;
}

/* `exit P QUARTER X Y WHERE`: WHERE is resolved on the tile that lies at (X, Y). */
static int do_exit(scenario *s, char **tok, int n)
{
    char text[256], line[256], msg[512];
    carc_move move, at;
    carc_status st;
    uint32_t q;
    long p, x, y;

    if (n != 6) {
        fail(s, 0, "malformed line: expected 'exit P QUARTER X Y WHERE', got %d values", n - 1);
        return LINE_STOP;
    }
    if (!parse_long(tok[1], 0, (long)players_of(s) - 1, &p)) {
        fail(s, 0, "malformed line: bad player '%s'", tok[1]);
        return LINE_STOP;
    }
    if (!parse_quarter(tok[2], &q)) {
        fail(s, 0, "malformed line: unknown quarter '%s' (castle, market, blacksmith, cathedral)", tok[2]);
        return LINE_STOP;
    }
    if (!parse_long(tok[3], INT32_MIN, INT32_MAX, &x) || !parse_long(tok[4], INT32_MIN, INT32_MAX, &y)) {
        fail(s, 0, "malformed line: bad coordinates '%s %s'", tok[3], tok[4]);
        return LINE_STOP;
    }
    if (strcmp(tok[5], "-") == 0 || is_recall(tok[5]) || !valid_where(tok[5]) ||
        (strchr(tok[5], '/') != NULL && strncmp(tok[5], "big/", 4) != 0)) {
        fail(s, 0, "malformed line: bad figure location '%s' (a follower or big/ on a feature)", tok[5]);
        return LINE_STOP;
    }
    joined(tok, n, line, sizeof line);
    if (!decline(s, ANSWERS_EXIT, (uint32_t)p))
        return LINE_STOP;
    st = carc_game_tile_at(&at, s->game, (int32_t)x, (int32_t)y);
    if (st != CARC_OK) {
        fail(s, 1, "expected a tile at (%ld,%ld) for '%s', got %s", x, y, line, describe(s, st, msg, sizeof msg));
        return LINE_STOP;
    }
    snprintf(text, sizeof text, "%s %ld %ld %u %s", carc_tile_name(at.tile), x, y, 90u * at.rotation, tok[5]);
    if (carc_move_parse(&move, text) != CARC_OK) {
        fail(s, 1, "expected '%s' to name a feature of the tile at (%ld,%ld), got: %s has none there", tok[5], x, y,
             carc_tile_name(at.tile));
        return LINE_STOP;
    }
    move.kind = CARC_MOVE_EXIT;
    move.tile = 0;
    move.rotation = 0;
    move.quarter = (uint8_t)q;
    if (for_a_later_exit(s, &move, (uint32_t)p)) {
        /* not an answer to the exit during this scoring: decline it, then
         * the line answers P's next exit (the final round's) */
        if (!pass_pending(s) || !decline(s, ANSWERS_EXIT, (uint32_t)p))
            return LINE_STOP;
    }
    return play_decision(s, &move, line);
}

/* `quarter [big/]QUARTER` and `count QUARTER`. */
static int do_quarter(scenario *s, char **tok, int n, int count)
{
    char line[256];
    carc_move move;
    const char *name;
    uint32_t q, figure = CARC_FIGURE_FOLLOWER;

    if (n != 2) {
        fail(s, 0, "malformed line: expected '%s QUARTER', got %d values", tok[0], n - 1);
        return LINE_STOP;
    }
    name = tok[1];
    if (!count && strncmp(name, "big/", 4) == 0) {
        figure = CARC_FIGURE_BIG;
        name += 4;
    }
    if (!parse_quarter(name, &q)) {
        fail(s, 0, "malformed line: unknown quarter '%s' (castle, market, blacksmith, cathedral)", tok[1]);
        return LINE_STOP;
    }
    joined(tok, n, line, sizeof line);
    if (!decline(s, count ? ANSWERS_COUNT : ANSWERS_QUARTER, 0))
        return LINE_STOP;
    memset(&move, 0, sizeof move);
    move.kind = (uint8_t)(count ? CARC_MOVE_COUNT : CARC_MOVE_QUARTER);
    move.figure = (uint8_t)(count ? CARC_FIGURE_NONE : figure);
    move.segment = CARC_NO_SEGMENT;
    move.quarter = (uint8_t)q;
    return play_decision(s, &move, line);
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
    st = place_move(&move, text);
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

static int parse_player(scenario *s, const char *text, uint32_t *p)
{
    long v;

    if (!parse_long(text, 0, (long)players_of(s) - 1, &v)) {
        fail(s, 0, "malformed line: bad player '%s'", text);
        return 0;
    }
    *p = (uint32_t)v;
    return 1;
}

/* `expect supply P KIND N` */
static int expect_supply(scenario *s, char **tok, int n)
{
    static const struct { const char *name; uint32_t figure; } kinds[] = {
        { "follower", CARC_FIGURE_FOLLOWER }, { "big", CARC_FIGURE_BIG }, { "abbot", CARC_FIGURE_ABBOT },
        { "builder", CARC_FIGURE_BUILDER },   { "pig", CARC_FIGURE_PIG },
    };
    char msg[512];
    uint32_t p, have = 0;
    size_t i;
    long v;
    carc_status st;

    if (n != 5) {
        fail(s, 0, "malformed line: expected 'expect supply P KIND N', got %d values", n - 2);
        return LINE_STOP;
    }
    if (!parse_player(s, tok[2], &p))
        return LINE_STOP;
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(tok[3], kinds[i].name) == 0)
            break;
    if (i == sizeof kinds / sizeof kinds[0]) {
        fail(s, 0, "malformed line: unknown figure '%s' (follower, big, abbot, builder, pig)", tok[3]);
        return LINE_STOP;
    }
    if (!parse_long(tok[4], 0, LONG_MAX, &v)) {
        fail(s, 0, "malformed line: bad number '%s'", tok[4]);
        return LINE_STOP;
    }
    st = carc_game_figure_supply(&have, s->game, p, kinds[i].figure);
    if (st != CARC_OK)
        fail(s, 1, "expected player %u's %s supply, got %s", p, tok[3], describe(s, st, msg, sizeof msg));
    else if ((long)have != v)
        fail(s, 1, "expected player %u to have %ld %s in supply, got %u", p, v, tok[3], have);
    return LINE_OK;
}

/* `expect asks P KIND` / `expect asks none` */
static int expect_asks(scenario *s, char **tok, int n)
{
    char msg[512], got[128];
    carc_pending pd;
    carc_status st;
    uint32_t p = 0, d;

    if (n == 3 && strcmp(tok[2], "none") == 0) {
        d = CARC_DECISION_NONE;
    } else if (n == 4) {
        if (!parse_player(s, tok[2], &p))
            return LINE_STOP;
        for (d = CARC_DECISION_PLACE; d <= CARC_DECISION_COUNT; d++)
            if (strcmp(tok[3], decision_name(d)) == 0)
                break;
        if (d > CARC_DECISION_COUNT) {
            fail(s, 0, "malformed line: unknown decision '%s' (place, exit, quarter, count)", tok[3]);
            return LINE_STOP;
        }
    } else {
        fail(s, 0, "malformed line: expected 'expect asks P KIND' or 'expect asks none'");
        return LINE_STOP;
    }
    st = get_pending(s, &pd);
    if (st != CARC_OK) {
        fail(s, 1, "expected the pending decision, got %s", describe(s, st, msg, sizeof msg));
        return LINE_OK;
    }
    if (pd.decision == CARC_DECISION_NONE)
        snprintf(got, sizeof got, "none (the game is over)");
    else
        snprintf(got, sizeof got, "player %u %s%s", pd.player, decision_name(pd.decision),
                 (pd.flags & CARC_PENDING_OPTIONAL) ? " (optional)" : "");
    if (d == CARC_DECISION_NONE && pd.decision != CARC_DECISION_NONE)
        fail(s, 1, "expected the engine to ask nothing (the game over), got: it asks %s", got);
    else if (d != CARC_DECISION_NONE && (pd.decision != d || pd.player != p))
        fail(s, 1, "expected the engine to ask player %u %s, got: %s", p, tok[3], got);
    return LINE_OK;
}

/* `expect scored P KIND N`: one award of N points for one feature of KIND to P. */
static int expect_scored(scenario *s, char **tok, int n)
{
    static const struct { const char *name; uint32_t kind; } kinds[] = {
        { "road", CARC_SEG_ROAD },         { "city", CARC_SEG_CITY },     { "cloister", CARC_SEG_MONASTERY },
        { "garden", CARC_SEG_GARDEN },     { "field", CARC_SEG_FIELD },
        { "goods", UINT32_MAX }, /* a 10-point trade-goods award: CARC_EVENT_TRADE */
    };
    static const char *const seg_names[] = { "field", "road", "city", "cloister", "garden", "river" };
    char msg[512], got[512];
    uint32_t p, count = 0, i, from;
    size_t k, gl = 0;
    long v;
    bool over = false;
    int found = 0, any = 0;
    carc_status st;

    if (n != 5) {
        fail(s, 0, "malformed line: expected 'expect scored P KIND N', got %d values", n - 2);
        return LINE_STOP;
    }
    if (!parse_player(s, tok[2], &p))
        return LINE_STOP;
    for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (strcmp(tok[3], kinds[k].name) == 0)
            break;
    if (k == sizeof kinds / sizeof kinds[0]) {
        fail(s, 0, "malformed line: unknown feature kind '%s' (road, city, cloister, garden, field, goods)", tok[3]);
        return LINE_STOP;
    }
    if (!parse_long(tok[4], 0, INT32_MAX, &v)) {
        fail(s, 0, "malformed line: bad number '%s'", tok[4]);
        return LINE_STOP;
    }
    st = carc_game_is_over(&over, s->game);
    if (st == CARC_OK)
        st = carc_game_event_count(&count, s->game);
    if (st != CARC_OK) {
        fail(s, 1, "expected the score events, got %s", describe(s, st, msg, sizeof msg));
        return LINE_OK;
    }
    from = step_start(s);
    got[0] = '\0';
    for (i = 0; i < count; i++) {
        carc_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        if (carc_game_event(&e, s->game, i) != CARC_OK)
            continue;
        if (over ? e.kind != CARC_EVENT_FINAL && e.kind != CARC_EVENT_TRADE
                 : (e.kind != CARC_EVENT_SCORE && e.kind != CARC_EVENT_RECALL) || e.turn < from)
            continue;
        if (p >= 32 || !(e.players & (1u << p)))
            continue;
        bool trade = e.kind == CARC_EVENT_TRADE;
        if ((trade ? kinds[k].kind == UINT32_MAX : e.feature_kind == kinds[k].kind) && e.points == (int32_t)v)
            found = 1;
        if (gl + 40 < sizeof got)
            gl += (size_t)snprintf(got + gl, sizeof got - gl, "%s%s %d%s", any ? ", " : "",
                                   trade ? "goods" : e.feature_kind < 6 ? seg_names[e.feature_kind] : "?", (int)e.points,
                                   e.kind == CARC_EVENT_RECALL ? " (recall)" : "");
        any = 1;
    }
    if (!found)
        fail(s, 1, "expected player %u to score %ld for a %s in %s, got: %s", p, v, tok[3],
             over ? "final scoring" : "the last move", any ? got : "nothing");
    return LINE_OK;
}

/* `expect goods P WINE GRAIN CLOTH`: player P's trade-goods tokens. */
static int expect_goods(scenario *s, char **tok, int n)
{
    char msg[512];
    uint32_t p, have[CARC_GOOD_COUNT];
    long want[CARC_GOOD_COUNT];

    if (n != 6) {
        fail(s, 0, "malformed line: expected 'expect goods P WINE GRAIN CLOTH'");
        return LINE_STOP;
    }
    if (!parse_player(s, tok[2], &p))
        return LINE_STOP;
    for (int i = 0; i < CARC_GOOD_COUNT; i++)
        if (!parse_long(tok[3 + i], 0, LONG_MAX, &want[i])) {
            fail(s, 0, "malformed line: bad number '%s'", tok[3 + i]);
            return LINE_STOP;
        }
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        carc_status st = carc_game_goods(&have[k], s->game, p, k);
        if (st != CARC_OK) {
            fail(s, 1, "expected player %u's goods, got %s", p, describe(s, st, msg, sizeof msg));
            return LINE_OK;
        }
    }
    if ((long)have[0] != want[0] || (long)have[1] != want[1] || (long)have[2] != want[2])
        fail(s, 1, "expected player %u to hold %ld wine, %ld grain, %ld cloth, got %u, %u, %u", p, want[0], want[1],
             want[2], have[0], have[1], have[2]);
    return LINE_OK;
}

/* `expect city QUARTER N0 N1 ...` (a big follower counts 1) and `expect count QUARTER`. */
static int expect_city(scenario *s, char **tok, int n)
{
    static const char *const names[] = { "castle", "market", "blacksmith", "cathedral" };
    const char *what = tok[1];
    char msg[512], want[512], got[512];
    size_t wl = 0, gl = 0;
    uint32_t q, p, players = players_of(s);
    int differs = 0;
    carc_status st;

    if (strcmp(what, "count") == 0) {
        uint32_t at = 0;
        if (n != 3 || !parse_quarter(tok[2], &q)) {
            fail(s, 0, "malformed line: expected 'expect count QUARTER'");
            return LINE_STOP;
        }
        st = carc_game_count(&at, s->game);
        if (st != CARC_OK)
            fail(s, 1, "expected the Count on the %s, got %s", names[q], describe(s, st, msg, sizeof msg));
        else if (at != q)
            fail(s, 1, "expected the Count on the %s, got the %s", names[q], at < 4 ? names[at] : "?");
        return LINE_OK;
    }
    if ((uint32_t)(n - 3) != players || !parse_quarter(tok[2], &q)) {
        fail(s, 0, "malformed line: expected 'expect city QUARTER N0 N1 ...' (one number per player)");
        return LINE_STOP;
    }
    for (p = 0; p < players; p++) {
        long v;
        uint32_t f = 0, b = 0;
        if (!parse_long(tok[3 + p], 0, LONG_MAX, &v)) {
            fail(s, 0, "malformed line: bad number '%s'", tok[3 + p]);
            return LINE_STOP;
        }
        st = carc_game_city(&f, s->game, q, p, CARC_FIGURE_FOLLOWER);
        if (st == CARC_OK)
            st = carc_game_city(&b, s->game, q, p, CARC_FIGURE_BIG);
        if (st != CARC_OK) {
            fail(s, 1, "expected the followers in the %s, got %s", names[q], describe(s, st, msg, sizeof msg));
            return LINE_OK;
        }
        differs |= (long)(f + b) != v;
        wl += (size_t)snprintf(want + wl, sizeof want - wl, "%s%ld", p ? " " : "", v);
        gl += (size_t)snprintf(got + gl, sizeof got - gl, "%s%u", p ? " " : "", f + b);
        if (wl >= sizeof want || gl >= sizeof got)
            break;
    }
    if (differs)
        fail(s, 1, "expected followers in the %s %s, got %s", names[q], want, got);
    return LINE_OK;
}

static int expect_line(scenario *s, char **tok, int n)
{
    const char *what = n >= 2 ? tok[1] : "";

    if (strcmp(what, "asks") == 0)
        return expect_asks(s, tok, n);
    /* every other check first declines what is optional (docs/scenarios.md 8) */
    if (!decline(s, ANSWERS_NOTHING, 0))
        return LINE_STOP;
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
        if (n != 4) {
            fail(s, 0, "malformed line: expected 'expect placements T N' with a known tile");
            return LINE_STOP;
        }
        if (!game_tile(s, tok[2], &kind, "malformed line: expected 'expect placements T N' with a known tile"))
            return LINE_STOP;
        st = carc_game_placements(s->list, s->game, kind, 0);
        tok[2] = tok[3];
        return expect_number(s, tok, 3, "placements", st, (int64_t)carc_movelist_count(s->list));
    }
    if (strcmp(what, "illegal") == 0)
        return expect_illegal(s, tok, n);
    if (strcmp(what, "winner") == 0)
        return expect_winner(s, tok, n);
    if (strcmp(what, "supply") == 0)
        return expect_supply(s, tok, n);
    if (strcmp(what, "scored") == 0)
        return expect_scored(s, tok, n);
    if (strcmp(what, "goods") == 0)
        return expect_goods(s, tok, n);
    if (strcmp(what, "city") == 0 || strcmp(what, "count") == 0)
        return expect_city(s, tok, n);
    fail(s, 0, "malformed line: unknown check 'expect %s'", what);
    return LINE_STOP;
}

static int is_header_keyword(const char *k)
{
    return strcmp(k, "players") == 0 || strcmp(k, "modules") == 0 || strcmp(k, "-farmers") == 0 ||
           strcmp(k, "start") == 0 || strcmp(k, "option") == 0;
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
        return do_undo(s, tok, n);
    if (strcmp(tok[0], "end") == 0)
        return do_end(s, tok, n);
    if (strcmp(tok[0], "pass") == 0)
        return do_pass(s, tok, n);
    if (strcmp(tok[0], "exit") == 0)
        return do_exit(s, tok, n);
    if (strcmp(tok[0], "quarter") == 0)
        return do_quarter(s, tok, n, 0);
    if (strcmp(tok[0], "count") == 0)
        return do_quarter(s, tok, n, 1);
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

enum { FILE_PASSED, FILE_FAILED, FILE_SKIPPED };

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
        return FILE_FAILED;
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
    free(s.steps);
    carc_movelist_free(s.list);
    carc_game_free(s.game);
    if (s.failures != 0)
        return FILE_FAILED;
    return s.skipped ? FILE_SKIPPED : FILE_PASSED;
}

int main(int argc, char **argv)
{
    int i, passed = 0, failed = 0, skipped = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        printf("0 passed, 0 failed, 0 skipped\n");
        return 2;
    }
    for (i = 1; i < argc; i++) {
        switch (run_file(argv[i])) {
        case FILE_PASSED:
            passed++;
            break;
        case FILE_SKIPPED:
            skipped++;
            break;
        default:
            failed++;
            break;
        }
        fflush(stdout);
    }
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    if (failed)
        return 1;
    return passed ? 0 : 77;
}
