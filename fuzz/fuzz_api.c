/*
 * libFuzzer target for the game API (built by fuzz/run_api.sh, not by CMake):
 * the input is read as a sequence of API calls on one game, and invariants
 * are checked after every step. Any violation stops the run with
 * __builtin_trap() (after a line on stderr saying which check failed).
 *
 * Input: a 14-byte header (missing bytes read as 0), then operations.
 *   [0]      players = 2 + b % 4
 *   [1]      bit 0: farmers off; bit 1: custom start (bytes 2..5);
 *            bit 2: CARC_GAME_NO_UNDO; bit 3: a Dice Game instead (see
 *            "the Dice Game" below)
 *   [2..5]   start tile kind, rotation, x, y (int8)
 *   [6..13]  seed, little endian
 *   then     op byte (op % OP_COUNT) followed by its argument bytes
 *
 * Checked invariants:
 *   - followers are conserved: supply + figures on the board = 7 per player;
 *   - scores never decrease during play (they may after an undo);
 *   - undo restores the game exactly: the state before each undoable action
 *     (move, tile choice, early end) is kept on a stack, and an undo must
 *     give back the top of it (record from carc_game_save plus the state a
 *     record does not carry: tile to place, tiles left, scores, figures...);
 *   - check_move accepts a move iff carc_game_legal_moves lists it, and play
 *     returns what check_move returned; a rejected call changes nothing;
 *   - placements and figure options agree with the full move list;
 *   - clone and copy (with and without history) equal the original, and
 *     playing on them leaves the original alone;
 *   - load(save(g)) saves identically; pictures are as long as announced;
 *   - move notation round-trips (format then parse).
 */
#include <carcassonne/carcassonne.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OPS 400

#define FZ_CHECK(cond)                                                                 \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "fuzz_api: %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            __builtin_trap();                                                          \
        }                                                                              \
    } while (0)
#define FZ_OK(call) FZ_CHECK((call) == CARC_OK)

/* ------------------------------------------------------------ input */

typedef struct input {
    const uint8_t *p;
    size_t n;
} input;

static uint8_t byte(input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

static uint16_t u16(input *in)
{
    uint16_t lo = byte(in);
    return (uint16_t)(lo | (uint16_t)byte(in) << 8);
}

/* ------------------------------------------------------------ text helpers */

typedef struct str {
    char *s;
    size_t len, cap;
} str;

static void add(str *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        FZ_CHECK(n >= 0);
        if (b->s && (size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        FZ_CHECK(s != NULL);
        b->s = s;
        b->cap = cap;
    }
}

static char *save(const carc_game *g)
{
    size_t need = 0, again = 0;
    FZ_CHECK(carc_game_save(NULL, 0, &need, g) == CARC_EBUFFER);
    char *buf = malloc(need + 1);
    FZ_CHECK(buf != NULL);
    FZ_OK(carc_game_save(buf, need + 1, &again, g));
    FZ_CHECK(again == need && strlen(buf) == need);
    return buf;
}

enum { FP_WITH_PENDING = 1 }; /* include what a pending tile choice changes */

/* Everything observable through the const API (not undo, not last error). */
static char *fingerprint(const carc_game *g, unsigned flags)
{
    str b = { NULL, 0, 0 };
    char *rec = save(g);
    uint32_t players = 0, u = 0, n = 0;
    int32_t s = 0, x0, y0, x1, y1;
    bool over = false;
    add(&b, "%s", rec);
    free(rec);
    FZ_OK(carc_game_players(&players, g));
    FZ_OK(carc_game_current_player(&u, g));
    FZ_OK(carc_game_is_over(&over, g));
    add(&b, "players=%u cur=%u over=%d", players, u, (int)over);
    for (uint32_t p = 0; p < players; p++) {
        FZ_OK(carc_game_score(&s, g, p));
        FZ_OK(carc_game_supply(&u, g, p));
        add(&b, " p%u=%d/%u", p, (int)s, u);
    }
    if (flags & FP_WITH_PENDING) {
        if (carc_game_current_tile(&u, g) == CARC_OK)
            add(&b, " tile=%u", u);
        FZ_OK(carc_game_remaining(&u, g));
        add(&b, " left=%u", u);
    }
    FZ_OK(carc_game_tile_count(&u, g));
    add(&b, " tiles=%u", u);
    FZ_OK(carc_game_figure_count(&n, g));
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi;
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        FZ_OK(carc_game_figure(&fi, g, i));
        add(&b, " [%u %u %d,%d %u]", fi.player, fi.figure, (int)fi.x, (int)fi.y, fi.segment);
    }
    FZ_OK(carc_game_event_count(&u, g));
    add(&b, " events=%u", u);
    for (uint32_t i = 0; i < u; i++) {
        carc_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        FZ_OK(carc_game_event(&e, g, i));
        add(&b, " (%u %u %u %d %#x %u %u)", e.kind, e.turn, e.feature_kind, (int)e.points, e.players, e.returned,
            e.tile);
    }
    FZ_OK(carc_game_bounds(&x0, &y0, &x1, &y1, g));
    FZ_OK(carc_game_leaders(&u, g));
    add(&b, " bounds=%d,%d..%d,%d leaders=%#x\n", (int)x0, (int)y0, (int)x1, (int)y1, u);
    return b.s;
}

static void same_text(char *a, char *b)
{
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "fuzz_api: expected:\n%s\ngot:\n%s\n", a, b);
        FZ_CHECK(!"the game is not as expected");
    }
    free(a);
    free(b);
}

/* ------------------------------------------------------------ state */

typedef struct fz {
    carc_game *g;
    carc_game *scratch; /* copy target; created with other options */
    carc_movelist *ml, *ml2;
    uint32_t players, kinds;
    /* the undo model */
    char **stack;
    bool *stack_unrecorded;
    size_t depth, cap;
    bool unknown_base; /* the game may undo past the stack (a loaded game) */
    bool pending;      /* a tile choice is open (undo takes it back, a move joins it) */
    bool unrecorded;   /* a chosen tile not played yet: the record does not carry it */
    bool diverged;     /* the pile no longer follows the record (CARC_GAME_NO_UNDO choices) */
    bool no_undo;      /* CARC_GAME_NO_UNDO: no journal, nothing to undo */
    int32_t scores[8];
} fz;

static void push(fz *z, char *fp)
{
    if (z->depth == z->cap) {
        size_t cap = z->cap ? 2 * z->cap : 64;
        char **s = realloc(z->stack, cap * sizeof *s);
        FZ_CHECK(s != NULL);
        z->stack = s;
        bool *u = realloc(z->stack_unrecorded, cap * sizeof *u);
        FZ_CHECK(u != NULL);
        z->stack_unrecorded = u;
        z->cap = cap;
    }
    z->stack_unrecorded[z->depth] = z->unrecorded;
    z->stack[z->depth++] = fp;
}

static void clear_stack(fz *z)
{
    while (z->depth)
        free(z->stack[--z->depth]);
}

static bool over(const carc_game *g)
{
    bool o = true;
    FZ_OK(carc_game_is_over(&o, g));
    return o;
}

static void take_scores(fz *z)
{
    for (uint32_t p = 0; p < z->players; p++)
        FZ_OK(carc_game_score(&z->scores[p], z->g, p));
}

/* Invariants after every step. */
static void invariants(fz *z)
{
    uint32_t n = 0, on_board[8] = { 0 }, supply;
    bool can = false;
    FZ_OK(carc_game_figure_count(&n, z->g));
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi;
        memset(&fi, 0, sizeof fi);
        fi.struct_size = sizeof fi;
        FZ_OK(carc_game_figure(&fi, z->g, i));
        FZ_CHECK(fi.player < z->players);
        FZ_CHECK(fi.figure == CARC_FIGURE_FOLLOWER);
        on_board[fi.player]++;
    }
    for (uint32_t p = 0; p < z->players; p++) {
        int32_t s;
        FZ_OK(carc_game_supply(&supply, z->g, p));
        FZ_CHECK(supply + on_board[p] == 7); /* follower conservation */
        FZ_OK(carc_game_score(&s, z->g, p));
        FZ_CHECK(s >= z->scores[p]); /* scores never decrease during play */
        FZ_CHECK(s >= 0);
    }
    take_scores(z);
    FZ_OK(carc_game_can_undo(&can, z->g));
    if (z->no_undo)
        FZ_CHECK(!can && z->depth == 0);
    else if (z->depth > 0)
        FZ_CHECK(can);
    else if (!z->unknown_base)
        FZ_CHECK(!can);
    uint32_t tile;
    carc_status st = carc_game_current_tile(&tile, z->g);
    FZ_CHECK(over(z->g) ? st == CARC_ENOTFOUND : (st == CARC_OK && tile < z->kinds));
    if (over(z->g))
        FZ_CHECK(!z->pending);
}

/* Before an undoable action that succeeded: a new undo unit starts unless a
 * tile choice is open (the action then joins its unit). */
static void began(fz *z, char *before)
{
    if (z->pending || z->no_undo)
        free(before);
    else
        push(z, before);
}

static bool in_list(const carc_movelist *l, const carc_move *m)
{
    const carc_move *d = carc_movelist_data(l);
    for (size_t i = 0; i < carc_movelist_count(l); i++)
        if (memcmp(&d[i], m, sizeof *m) == 0)
            return true;
    return false;
}

/* ------------------------------------------------------------ operations */

static void play_checked(fz *z, const carc_move *m)
{
    char *before = fingerprint(z->g, FP_WITH_PENDING);
    FZ_OK(carc_game_play(z->g, m));
    FZ_CHECK(carc_game_last_error(z->g)[0] == '\0');
    began(z, before);
    z->pending = false;
    z->unrecorded = false;
}

static void op_play_index(fz *z, input *in)
{
    uint16_t idx = u16(in);
    uint32_t flags = idx & 0x8000u ? CARC_ENUM_UNIQUE_ROTATIONS : 0;
    carc_status st = carc_game_legal_moves(z->ml, z->g, flags);
    if (over(z->g)) {
        FZ_CHECK(st == CARC_EGAME_OVER);
        FZ_CHECK(carc_movelist_count(z->ml) == 0);
        return;
    }
    FZ_OK(st);
    size_t n = carc_movelist_count(z->ml);
    FZ_CHECK(n > 0);
    carc_move m;
    FZ_OK(carc_movelist_get(&m, z->ml, idx % n));
    FZ_OK(carc_game_check_move(z->g, &m));
    play_checked(z, &m);
}

static void op_play_raw(fz *z, input *in)
{
    uint8_t b[7];
    for (int i = 0; i < 7; i++)
        b[i] = byte(in);
    uint32_t nt = 0;
    FZ_OK(carc_game_tile_count(&nt, z->g));
    carc_move base, m;
    FZ_OK(carc_game_tile(&base, z->g, b[0] % nt));
    memset(&m, 0, sizeof m);
    m.x = base.x + (b[1] % 5) - 2;
    m.y = base.y + (b[1] / 5 % 5) - 2;
    if (b[6] & 0x80) /* far away, or a multiple of 2^16 off */
        m.x += (b[6] & 0x40) ? 65536 : -1000;
    uint32_t cur = 0;
    if (carc_game_current_tile(&cur, z->g) != CARC_OK)
        cur = b[2];
    m.tile = (uint16_t)((b[6] & 1) ? b[2] : cur);
    m.rotation = (b[6] & 2) ? b[3] : (uint8_t)(b[3] & 3);
    m.figure = (b[6] & 4) ? b[4] : (uint8_t)(b[4] % 2);
    m.segment = (b[6] & 8) ? b[5] : (m.figure ? (uint8_t)(b[5] % 13) : (uint8_t)CARC_NO_SEGMENT);
    if (b[6] & 0x10)
        (&m.kind)[b[5] % 3] = (uint8_t)(1 + b[5] / 3 % 8); /* kind, quarter or reserved */

    carc_status chk = carc_game_check_move(z->g, &m);
    /* legal iff enumerated */
    carc_status lst = carc_game_legal_moves(z->ml, z->g, 0);
    if (lst == CARC_OK)
        FZ_CHECK((chk == CARC_OK) == in_list(z->ml, &m));
    else
        FZ_CHECK(lst == CARC_EGAME_OVER && chk == CARC_EGAME_OVER);
    if (chk == CARC_OK) {
        play_checked(z, &m);
        return;
    }
    char *before = fingerprint(z->g, FP_WITH_PENDING);
    bool could = false, can = false;
    FZ_OK(carc_game_can_undo(&could, z->g));
    FZ_CHECK(carc_game_play(z->g, &m) == chk);
    FZ_CHECK(carc_game_last_error(z->g)[0] != '\0');
    FZ_OK(carc_game_can_undo(&can, z->g));
    FZ_CHECK(can == could);
    same_text(before, fingerprint(z->g, FP_WITH_PENDING));
}

static void op_choose(fz *z, input *in)
{
    uint32_t kind = byte(in) % (z->kinds + 2), left = 0, hist0 = 0, hist1 = 0;
    bool was_over = over(z->g);
    char *before = fingerprint(z->g, FP_WITH_PENDING);
    FZ_OK(carc_game_history_count(&hist0, z->g));
    if (kind < z->kinds)
        FZ_OK(carc_game_remaining_of(&left, z->g, kind));
    carc_status st = carc_game_choose_tile(z->g, kind);
    carc_status want = kind >= z->kinds ? CARC_ERANGE : was_over ? CARC_EGAME_OVER : left == 0 ? CARC_ENOT_IN_BAG : CARC_OK;
    FZ_CHECK(st == want);
    if (st != CARC_OK) {
        same_text(before, fingerprint(z->g, FP_WITH_PENDING));
        return;
    }
    FZ_OK(carc_game_history_count(&hist1, z->g));
    began(z, before);
    /* Without a journal a new choice does not take an earlier one (of this
     * turn) back, as game.h says: the pile no longer follows the record. */
    if (z->no_undo && z->unrecorded)
        z->diverged = true;
    if (hist1 > hist0) {
        /* unplaceable: discarded at once, the choice is closed */
        carc_history_entry h;
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        FZ_OK(carc_game_history(&h, z->g, hist1 - 1));
        FZ_CHECK(h.kind == CARC_HISTORY_DISCARD);
        z->pending = false;
        z->unrecorded = false;
    } else {
        uint32_t cur = 0;
        FZ_OK(carc_game_current_tile(&cur, z->g));
        FZ_CHECK(cur == kind);
        z->pending = !z->no_undo;
        z->unrecorded = true;
    }
}

static void op_undo(fz *z)
{
    bool can = false;
    FZ_OK(carc_game_can_undo(&can, z->g));
    carc_status st = carc_game_undo(z->g);
    if (z->no_undo) {
        FZ_CHECK(!can && st == CARC_ENO_UNDO);
    } else if (z->depth > 0) {
        FZ_CHECK(can && st == CARC_OK);
        char *want = z->stack[--z->depth];
        same_text(want, fingerprint(z->g, FP_WITH_PENDING));
        z->unrecorded = z->stack_unrecorded[z->depth];
    } else if (z->unknown_base) {
        FZ_CHECK(st == (can ? CARC_OK : CARC_ENO_UNDO));
        if (st == CARC_OK)
            z->unrecorded = false; /* inside a loaded game's history */
    } else {
        FZ_CHECK(!can && st == CARC_ENO_UNDO);
    }
    z->pending = false;
    take_scores(z);
}

static void op_end(fz *z)
{
    char *before = fingerprint(z->g, FP_WITH_PENDING);
    bool was_over = over(z->g), could = false, can = false;
    FZ_OK(carc_game_can_undo(&could, z->g));
    FZ_OK(carc_game_end(z->g));
    FZ_CHECK(over(z->g));
    if (was_over) {
        FZ_OK(carc_game_can_undo(&can, z->g));
        FZ_CHECK(can == could);
        same_text(before, fingerprint(z->g, FP_WITH_PENDING));
        return;
    }
    began(z, before);
    z->pending = false;
    z->unrecorded = false;
}

/* A random move on `g` if it is not over (to check independence). */
static void play_something(carc_game *g, carc_movelist *ml, uint8_t pick)
{
    if (over(g))
        return;
    FZ_OK(carc_game_legal_moves(ml, g, 0));
    FZ_OK(carc_game_play(g, &carc_movelist_data(ml)[pick % carc_movelist_count(ml)]));
}

/*
 * Continuing with a clone or copy made with CARC_CLONE_NO_HISTORY: its undo
 * history is gone, but for an open tile choice, which the copy keeps (a new
 * choice replaces it, and undo takes it back, as on the original): the state
 * before that choice stays the only entry of the stack.
 */
static void adopt_nohistory(fz *z)
{
    if (z->pending && z->depth > 0) {
        char *top = z->stack[--z->depth];
        bool unrec = z->stack_unrecorded[z->depth];
        clear_stack(z);
        z->stack[0] = top;
        z->stack_unrecorded[0] = unrec;
        z->depth = 1;
    } else {
        clear_stack(z);
        z->pending = false;
    }
    z->unknown_base = false;
}

/* Replace the game by `other` (a clone, copy or load of it). */
static void adopt(fz *z, carc_game *other, bool history_kept, bool loaded)
{
    carc_game_free(z->g);
    z->g = other;
    if (loaded) {
        clear_stack(z);
        z->pending = false;
        z->unrecorded = false;
        z->diverged = false;
        z->no_undo = false;     /* records do not carry CARC_GAME_NO_UNDO */
        z->unknown_base = true; /* a loaded game can undo its whole record */
    } else if (!history_kept) {
        adopt_nohistory(z);
    }
    take_scores(z);
}

static void op_clone(fz *z, input *in)
{
    uint8_t b = byte(in), pick = byte(in);
    uint32_t flags = (b & 0x40) ? b : (b & 1u);
    carc_game *c = (carc_game *)(void *)z;
    carc_status st = carc_game_clone(&c, z->g, flags);
    if (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY) {
        FZ_CHECK(st == CARC_EINVAL && c == NULL);
        return;
    }
    FZ_OK(st);
    same_text(fingerprint(z->g, FP_WITH_PENDING), fingerprint(c, FP_WITH_PENDING));
    bool can = true;
    FZ_OK(carc_game_can_undo(&can, c));
    if (flags & CARC_CLONE_NO_HISTORY)
        FZ_CHECK(can == z->pending); /* only an open tile choice can be undone */
    if (b & 2) {
        adopt(z, c, !(flags & CARC_CLONE_NO_HISTORY), false);
        return;
    }
    char *before = fingerprint(z->g, FP_WITH_PENDING);
    play_something(c, z->ml2, pick);
    same_text(before, fingerprint(z->g, FP_WITH_PENDING));
    carc_game_free(c);
}

static void op_copy(fz *z, input *in)
{
    uint8_t b = byte(in), pick = byte(in);
    uint32_t flags = (b & 0x40) ? b : (b & 1u);
    char *before = fingerprint(z->scratch, FP_WITH_PENDING);
    carc_status st = carc_game_copy(z->scratch, z->g, flags);
    if (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY) {
        FZ_CHECK(st == CARC_EINVAL);
        same_text(before, fingerprint(z->scratch, FP_WITH_PENDING));
        return;
    }
    free(before);
    FZ_OK(st);
    same_text(fingerprint(z->g, FP_WITH_PENDING), fingerprint(z->scratch, FP_WITH_PENDING));
    if (b & 2) {
        /* continue with the copy; the old game becomes the scratch */
        carc_game *old = z->g;
        z->g = z->scratch;
        z->scratch = old;
        if (flags & CARC_CLONE_NO_HISTORY)
            adopt_nohistory(z);
        take_scores(z);
        return;
    }
    before = fingerprint(z->g, FP_WITH_PENDING);
    play_something(z->scratch, z->ml2, pick);
    same_text(before, fingerprint(z->g, FP_WITH_PENDING));
}

static void op_save_load(fz *z, input *in)
{
    uint8_t b = byte(in);
    char *rec = save(z->g);
    carc_game *l = NULL;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    carc_status st = carc_game_load(&l, rec, strlen(rec), NULL, &err);
    if (st != CARC_OK)
        fprintf(stderr, "fuzz_api: load(save(g)) failed: %s\n%s", err.message, rec);
    FZ_OK(st);
    char *again = save(l);
    FZ_CHECK(strcmp(rec, again) == 0);
    free(again);
    free(rec);
    /* the loaded game is the same game, draws included (but for a chosen
     * tile not played yet, which a record does not carry); it keeps an undo
     * journal whatever the original did */
    unsigned fl = z->unrecorded || z->diverged ? 0 : FP_WITH_PENDING;
    same_text(fingerprint(z->g, fl), fingerprint(l, fl));
    if (b & 1)
        adopt(z, l, false, true);
    else
        carc_game_free(l);
}

typedef carc_status (*render_fn)(char *, size_t, size_t *, const carc_game *, uint32_t);

static void op_render(fz *z, input *in)
{
    uint8_t b = byte(in);
    render_fn fn = (b & 4) ? carc_game_render_svg : carc_game_render_text;
    uint32_t flags = b & 3u;
    size_t need = 0, need2 = 0;
    FZ_CHECK(fn(NULL, 0, &need, z->g, flags) == CARC_EBUFFER);
    char *buf = malloc(need + 1);
    FZ_CHECK(buf != NULL);
    FZ_OK(fn(buf, need + 1, &need2, z->g, flags));
    FZ_CHECK(need2 == need && strlen(buf) == need);
    /* a short buffer: CARC_EBUFFER, NUL-terminated inside it */
    size_t cap = 1 + (size_t)byte(in) * need / 256;
    if (cap <= need) {
        memset(buf, 'x', need + 1);
        FZ_CHECK(fn(buf, cap, &need2, z->g, flags) == CARC_EBUFFER);
        FZ_CHECK(need2 == need && memchr(buf, '\0', cap) != NULL);
        FZ_CHECK(buf[cap] == 'x');
    }
    free(buf);
    if (b & 8)
        FZ_CHECK(fn(NULL, 0, &need, z->g, 1u << 7) == CARC_EINVAL);
}

/* Every query, consistent with the others. */
static void op_queries(fz *z)
{
    uint32_t n = 0, nt = 0;
    FZ_OK(carc_game_tile_count(&nt, z->g));
    for (uint32_t i = 0; i < nt; i++) {
        carc_move t, at;
        uint32_t nseg = 0;
        FZ_OK(carc_game_tile(&t, z->g, i));
        FZ_OK(carc_game_tile_at(&at, z->g, t.x, t.y));
        FZ_CHECK(memcmp(&t, &at, sizeof t) == 0);
        FZ_CHECK(carc_game_tile_at(&at, z->g, t.x + 65536, t.y) == CARC_ENOTFOUND);
        FZ_OK(carc_tile_segment_count(&nseg, t.tile));
        for (uint32_t s = 0; s < nseg; s++) {
            uint32_t fid;
            carc_feature_info fe;
            FZ_OK(carc_game_feature_at(&fid, z->g, t.x, t.y, s));
            memset(&fe, 0, sizeof fe);
            fe.struct_size = sizeof fe;
            FZ_OK(carc_game_feature(&fe, z->g, fid));
            uint32_t counts[8], sum = 0;
            FZ_OK(carc_game_feature_occupants(counts, 8, z->g, fid));
            for (uint32_t p = 0; p < z->players; p++)
                sum += counts[p];
            FZ_CHECK(sum == fe.figures);
            size_t cnt = 0;
            carc_status st = carc_game_feature_tiles(NULL, 0, &cnt, z->g, fid);
            FZ_CHECK(st == CARC_EBUFFER && cnt >= 1);
            FZ_CHECK(fe.kind == CARC_SEG_MONASTERY || cnt == fe.tiles);
            int32_t *xy = malloc(2 * cnt * sizeof *xy);
            FZ_CHECK(xy != NULL);
            size_t cnt2 = 0;
            FZ_OK(carc_game_feature_tiles(xy, cnt, &cnt2, z->g, fid));
            FZ_CHECK(cnt2 == cnt);
            bool self = false;
            for (size_t k = 0; k < cnt; k++)
                self |= xy[2 * k] == t.x && xy[2 * k + 1] == t.y;
            FZ_CHECK(self);
            free(xy);
        }
    }
    FZ_OK(carc_game_history_count(&n, z->g));
    for (uint32_t i = 0; i < n; i++) {
        carc_history_entry h;
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        FZ_OK(carc_game_history(&h, z->g, i));
        FZ_CHECK(h.kind <= CARC_HISTORY_END && h.player < z->players);
    }
    int32_t best = INT32_MIN;
    uint32_t leaders = 0, mask = 0;
    for (uint32_t p = 0; p < z->players; p++) {
        int32_t s;
        FZ_OK(carc_game_score(&s, z->g, p));
        if (s > best) {
            best = s;
            mask = 0;
        }
        if (s == best)
            mask |= 1u << p;
    }
    FZ_OK(carc_game_leaders(&leaders, z->g));
    FZ_CHECK(leaders == mask);
    uint32_t left = 0, sum = 0, k;
    FZ_OK(carc_game_remaining(&left, z->g));
    for (k = 0; k < z->kinds; k++) {
        uint32_t c = 0;
        FZ_OK(carc_game_remaining_of(&c, z->g, k));
        sum += c;
    }
    FZ_CHECK(sum == left);
}

static void op_placements(fz *z, input *in)
{
    uint8_t b = byte(in);
    uint32_t kind = b % z->kinds, cur = 0;
    uint32_t flags = (b & 0x80) ? CARC_ENUM_UNIQUE_ROTATIONS : 0;
    FZ_OK(carc_game_placements(z->ml2, z->g, kind, flags));
    bool is_cur = carc_game_current_tile(&cur, z->g) == CARC_OK && cur == kind;
    const carc_move *d = carc_movelist_data(z->ml2);
    size_t n = carc_movelist_count(z->ml2);
    if (!is_cur) {
        for (size_t i = 0; i < n; i++)
            FZ_CHECK(carc_game_check_move(z->g, &d[i]) == (over(z->g) ? CARC_EGAME_OVER : CARC_EILLEGAL));
        return;
    }
    /* the placements of the current tile are the figure-less legal moves */
    FZ_OK(carc_game_legal_moves(z->ml, z->g, flags));
    size_t none = 0;
    for (size_t i = 0; i < carc_movelist_count(z->ml); i++)
        none += carc_movelist_data(z->ml)[i].figure == CARC_FIGURE_NONE;
    FZ_CHECK(none == n);
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(in_list(z->ml, &d[i]));
        FZ_OK(carc_game_check_move(z->g, &d[i]));
    }
}

static void op_figure_options(fz *z, input *in)
{
    uint16_t idx = u16(in);
    uint32_t cur = 0;
    if (carc_game_current_tile(&cur, z->g) != CARC_OK)
        return;
    FZ_OK(carc_game_placements(z->ml2, z->g, cur, 0));
    size_t np = carc_movelist_count(z->ml2);
    FZ_CHECK(np > 0);
    carc_move p = carc_movelist_data(z->ml2)[idx % np];
    FZ_OK(carc_game_figure_options(z->ml2, z->g, &p));
    FZ_OK(carc_game_legal_moves(z->ml, z->g, 0));
    size_t same = 0;
    for (size_t i = 0; i < carc_movelist_count(z->ml); i++) {
        const carc_move *m = &carc_movelist_data(z->ml)[i];
        same += m->x == p.x && m->y == p.y && m->rotation == p.rotation;
    }
    FZ_CHECK(same == carc_movelist_count(z->ml2));
    for (size_t i = 0; i < carc_movelist_count(z->ml2); i++) {
        const carc_move *m = &carc_movelist_data(z->ml2)[i];
        FZ_CHECK(i > 0 || m->figure == CARC_FIGURE_NONE);
        FZ_OK(carc_game_check_move(z->g, m));
        FZ_CHECK(in_list(z->ml, m));
    }
    if (idx & 0x8000u) {
        /* play one of them */
        carc_move m = carc_movelist_data(z->ml2)[(idx >> 8) % carc_movelist_count(z->ml2)];
        play_checked(z, &m);
    }
}

static void op_notation(fz *z, input *in)
{
    uint16_t idx = u16(in);
    if (carc_game_legal_moves(z->ml, z->g, 0) != CARC_OK)
        return;
    carc_move m = carc_movelist_data(z->ml)[idx % carc_movelist_count(z->ml)], back;
    char buf[96];
    size_t need = 0;
    FZ_OK(carc_move_format(buf, sizeof buf, &need, &m));
    FZ_CHECK(strlen(buf) == need);
    FZ_OK(carc_move_parse(&back, buf));
    FZ_CHECK(memcmp(&back, &m, sizeof m) == 0);
}

/* A few wrong calls that must change nothing. */
static void op_misuse(fz *z, input *in)
{
    uint8_t b = byte(in);
    char *before = fingerprint(z->g, FP_WITH_PENDING);
    int32_t s = 0;
    uint32_t u = 0;
    carc_move m;
    memset(&m, 0, sizeof m);
    switch (b % 8) {
    case 0:
        FZ_CHECK(carc_game_play(z->g, NULL) == CARC_EINVAL);
        break;
    case 1:
        FZ_CHECK(carc_game_score(&s, z->g, z->players + b / 8) == CARC_ERANGE);
        break;
    case 2:
        FZ_CHECK(carc_game_choose_tile(z->g, z->kinds + b) == CARC_ERANGE);
        break;
    case 3:
        FZ_CHECK(carc_game_legal_moves(z->ml2, z->g, 2u + b) == CARC_EINVAL);
        break;
    case 4:
        FZ_CHECK(carc_game_figure_options(z->ml2, z->g, NULL) == CARC_EINVAL);
        break;
    case 5:
        FZ_CHECK(carc_game_remaining_of(&u, z->g, z->kinds + b) == CARC_ERANGE);
        break;
    case 6:
        FZ_CHECK(carc_game_copy(z->g, z->g, 0) == CARC_OK);
        break;
    default:
        FZ_CHECK(carc_game_feature(NULL, z->g, b) == CARC_EINVAL);
        break;
    }
    same_text(before, fingerprint(z->g, FP_WITH_PENDING));
}

/* ============================================================ the Dice Game
 *
 * Header byte 1, bit 3: the input drives a carc_dice_game instead (bit 4:
 * a face set from bytes 2..5). Operations: play the k-th legal action (with
 * enumeration flags), play raw actions, undo, clone, save/load, fixed rolls,
 * queries. Checked after every step: each die belongs to exactly one player
 * (the masks of carc_dice_game_player_dice partition the 9 dice), scores
 * never lower but after undo, undo gives back the state before the action,
 * check_action accepts exactly the listed actions and play returns what it
 * returned, listings with flags are subsets of the full one, clones and
 * load(save(g)) equal the original.
 */

static char *dsave(const carc_dice_game *g)
{
    size_t need = 0, again = 0;
    FZ_CHECK(carc_dice_game_save(NULL, 0, &need, g) == CARC_EBUFFER);
    char *buf = malloc(need + 1);
    FZ_CHECK(buf != NULL);
    FZ_OK(carc_dice_game_save(buf, need + 1, &again, g));
    FZ_CHECK(again == need && strlen(buf) == need);
    return buf;
}

static char *dfingerprint(const carc_dice_game *g)
{
    str b = { NULL, 0, 0 };
    char *rec = dsave(g);
    uint32_t players = 0, u = 0, v = 0;
    int32_t s = 0;
    bool yes = false;
    add(&b, "%s", rec);
    free(rec);
    FZ_OK(carc_dice_game_players(&players, g));
    FZ_OK(carc_dice_game_phase(&u, g));
    FZ_OK(carc_dice_game_current_player(&v, g));
    add(&b, "players=%u phase=%u cur=%u", players, u, v);
    FZ_OK(carc_dice_game_turn(&u, g));
    FZ_OK(carc_dice_game_rolls(&v, g));
    FZ_OK(carc_dice_game_doubled(&yes, g));
    add(&b, " turn=%u rolls=%u doubled=%d", u, v, (int)yes);
    for (uint32_t p = 0; p < players; p++) {
        FZ_OK(carc_dice_game_score(&s, g, p));
        FZ_OK(carc_dice_game_player_dice(&u, g, p));
        add(&b, " p%u=%d/%#x", p, (int)s, u);
    }
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die;
        memset(&die, 0, sizeof die);
        die.struct_size = sizeof die;
        FZ_OK(carc_dice_game_die(&die, g, d));
        add(&b, " [%u %u %u %d,%d %u %#x]", die.location, die.player, die.face, (int)die.x, (int)die.y, die.rotation,
            die.edges);
    }
    FZ_OK(carc_dice_game_event_count(&u, g));
    FZ_OK(carc_dice_game_action_count(&v, g));
    add(&b, " events=%u actions=%u\n", u, v);
    return b.s;
}

typedef struct dz {
    carc_dice_game *g;
    uint32_t players;
    char **stack;
    size_t depth, cap;
    bool unknown_base; /* a loaded game can undo its whole record */
    int32_t scores[8];
    carc_dice_action *list, *list2;
    size_t list_cap;
} dz;

static uint32_t dphase(const carc_dice_game *g)
{
    uint32_t p = 99;
    FZ_OK(carc_dice_game_phase(&p, g));
    return p;
}

static void dtake_scores(dz *z)
{
    for (uint32_t p = 0; p < z->players; p++)
        FZ_OK(carc_dice_game_score(&z->scores[p], z->g, p));
}

static void dpush(dz *z, char *fp)
{
    if (z->depth == z->cap) {
        size_t cap = z->cap ? 2 * z->cap : 64;
        char **s = realloc(z->stack, cap * sizeof *s);
        FZ_CHECK(s != NULL);
        z->stack = s;
        z->cap = cap;
    }
    z->stack[z->depth++] = fp;
}

static void dclear(dz *z)
{
    while (z->depth)
        free(z->stack[--z->depth]);
}

/* The legal actions with `flags` into z->list (or list2); returns the count. */
static size_t dlist(dz *z, uint32_t flags, bool second)
{
    size_t n = 0;
    carc_status st = carc_dice_game_legal_actions(NULL, 0, &n, z->g, flags);
    FZ_CHECK(st == (n ? CARC_EBUFFER : CARC_OK));
    if (n > z->list_cap) {
        free(z->list);
        free(z->list2);
        z->list = malloc(n * sizeof *z->list);
        z->list2 = malloc(n * sizeof *z->list2);
        FZ_CHECK(z->list && z->list2);
        z->list_cap = n;
    }
    size_t again = 0;
    if (n)
        FZ_OK(carc_dice_game_legal_actions(second ? z->list2 : z->list, n, &again, z->g, flags));
    FZ_CHECK(again == n);
    return n;
}

static bool dsame_action(const carc_dice_action *a, const carc_dice_action *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static void dinvariants(dz *z)
{
    uint32_t all = 0, ph = dphase(z->g), rolls = 0;
    for (uint32_t p = 0; p < z->players; p++) {
        uint32_t m = 0;
        int32_t s;
        FZ_OK(carc_dice_game_player_dice(&m, z->g, p));
        FZ_CHECK((all & m) == 0); /* a die lies in front of one player */
        all |= m;
        FZ_OK(carc_dice_game_score(&s, z->g, p));
        FZ_CHECK(s >= z->scores[p]);
    }
    FZ_CHECK(all == (1u << CARC_DICE_COUNT) - 1u);
    dtake_scores(z);
    FZ_CHECK(ph <= CARC_DICE_PHASE_GAME_OVER);
    FZ_OK(carc_dice_game_rolls(&rolls, z->g));
    FZ_CHECK(rolls <= CARC_DICE_MAX_ROLLS);
    uint32_t w = 0;
    FZ_CHECK(carc_dice_game_winner(&w, NULL, z->g) == (ph == CARC_DICE_PHASE_GAME_OVER ? CARC_OK : CARC_ENOTFOUND));
    bool can = false;
    FZ_OK(carc_dice_game_can_undo(&can, z->g));
    if (z->depth > 0)
        FZ_CHECK(can);
    else if (!z->unknown_base)
        FZ_CHECK(!can);
}

static void dplay_checked(dz *z, const carc_dice_action *a)
{
    char *before = dfingerprint(z->g);
    FZ_OK(carc_dice_game_play(z->g, a));
    FZ_CHECK(carc_dice_game_last_error(z->g)[0] == '\0');
    dpush(z, before);
}

static void dop_play_index(dz *z, input *in)
{
    uint16_t idx = u16(in);
    uint32_t flags = (uint32_t)(idx >> 13); /* the three enumeration flags */
    size_t n = dlist(z, flags, false);
    if (dphase(z->g) == CARC_DICE_PHASE_GAME_OVER) {
        FZ_CHECK(n == 0);
        return;
    }
    FZ_CHECK(n > 0);
    carc_dice_action a = z->list[idx % n];
    FZ_OK(carc_dice_game_check_action(z->g, &a));
    if (flags) {
        /* a listing with flags is part of the full one */
        size_t full = dlist(z, 0, true), k;
        for (k = 0; k < full; k++)
            if (dsame_action(&z->list2[k], &a))
                break;
        FZ_CHECK(k < full);
    }
    dplay_checked(z, &a);
}

static void dop_play_raw(dz *z, input *in)
{
    uint8_t b[6];
    for (int i = 0; i < 6; i++)
        b[i] = byte(in);
    carc_dice_action a;
    memset(&a, 0, sizeof a);
    a.kind = b[0] & 0x80 ? b[0] : b[0] % 5u;
    a.die = b[1] & 0x80 ? b[1] : b[1] % 9u;
    a.x = (int8_t)b[2] % 10;
    a.y = (int8_t)b[3] % 10;
    a.rotation = b[4] & 0x80 ? b[4] : b[4] % 4u;
    if (!(b[5] & 1) && a.kind != CARC_DICE_ACT_BUILD) {
        a.x = a.y = 0;
        a.rotation = 0;
        if (a.kind != CARC_DICE_ACT_SET_KNIGHT)
            a.die = 0;
    }
    if (b[5] & 2)
        a.reserved = b[5];
    carc_status chk = carc_dice_game_check_action(z->g, &a);
    size_t n = dlist(z, 0, false), k;
    for (k = 0; k < n; k++)
        if (dsame_action(&z->list[k], &a))
            break;
    FZ_CHECK((chk == CARC_OK) == (k < n)); /* legal iff listed */
    if (chk == CARC_OK) {
        dplay_checked(z, &a);
        return;
    }
    char *before = dfingerprint(z->g);
    FZ_CHECK(carc_dice_game_play(z->g, &a) == chk);
    FZ_CHECK(carc_dice_game_last_error(z->g)[0] != '\0');
    same_text(before, dfingerprint(z->g));
}

static void dop_undo(dz *z)
{
    bool can = false;
    FZ_OK(carc_dice_game_can_undo(&can, z->g));
    carc_status st = carc_dice_game_undo(z->g);
    if (z->depth > 0) {
        FZ_CHECK(can && st == CARC_OK);
        char *want = z->stack[--z->depth];
        same_text(want, dfingerprint(z->g));
    } else {
        FZ_CHECK(st == (can ? CARC_OK : CARC_ENO_UNDO));
        FZ_CHECK(z->unknown_base || !can);
    }
    dtake_scores(z);
}

static void dop_clone(dz *z, input *in)
{
    uint8_t b = byte(in);
    uint32_t flags = (b & 0x40) ? b : (b & 1u);
    carc_dice_game *c = (carc_dice_game *)(void *)z;
    carc_status st = carc_dice_game_clone(&c, z->g, flags);
    if (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY) {
        FZ_CHECK(st == CARC_EINVAL && c == NULL);
        return;
    }
    FZ_OK(st);
    same_text(dfingerprint(z->g), dfingerprint(c));
    if (b & 2) {
        carc_dice_game_free(z->g);
        z->g = c;
        if (flags) {
            dclear(z);
            z->unknown_base = false;
        }
        return;
    }
    /* independent: an action on the clone leaves the original alone */
    char *before = dfingerprint(z->g);
    size_t n = 0;
    if (carc_dice_game_legal_actions(NULL, 0, &n, c, 0) == CARC_EBUFFER) {
        carc_dice_action *l = malloc(n * sizeof *l);
        FZ_CHECK(l != NULL);
        FZ_OK(carc_dice_game_legal_actions(l, n, &n, c, 0));
        FZ_OK(carc_dice_game_play(c, &l[b % n]));
        free(l);
    }
    same_text(before, dfingerprint(z->g));
    carc_dice_game_free(c);
}

static void dop_save_load(dz *z, input *in)
{
    uint8_t b = byte(in);
    char *rec = dsave(z->g);
    carc_dice_game *l = NULL;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    carc_status st = carc_dice_game_load(&l, rec, strlen(rec), NULL, &err);
    if (st != CARC_OK)
        fprintf(stderr, "fuzz_api: dice load(save(g)) failed: %s\n", err.message);
    FZ_OK(st);
    char *again = dsave(l);
    FZ_CHECK(strcmp(rec, again) == 0);
    free(again);
    free(rec);
    same_text(dfingerprint(z->g), dfingerprint(l));
    if (b & 1) {
        carc_dice_game_free(z->g);
        z->g = l;
        dclear(z);
        z->unknown_base = true;
    } else {
        carc_dice_game_free(l);
    }
}

static void dop_set_roll(dz *z, input *in)
{
    uint8_t n = byte(in) % 12, faces[12];
    bool bad = false;
    for (uint8_t i = 0; i < n; i++) {
        uint8_t f = byte(in);
        faces[i] = f & 0x80 ? f : f % 6u;
        bad |= faces[i] > CARC_DICE_FACE_CATAPULT;
    }
    char *before = dfingerprint(z->g);
    carc_status st = carc_dice_game_set_next_roll(z->g, n ? faces : NULL, n);
    carc_status want = n > CARC_DICE_COUNT || bad ? CARC_ERANGE
                       : dphase(z->g) == CARC_DICE_PHASE_GAME_OVER ? CARC_EGAME_OVER : CARC_OK;
    FZ_CHECK(st == want);
    /* not an action: nothing visible changes either way */
    same_text(before, dfingerprint(z->g));
}

static void dop_queries(dz *z)
{
    uint32_t dice = 0, mask = 0;
    FZ_OK(carc_dice_game_largest_closed_city(&dice, &mask, z->g));
    FZ_CHECK((uint32_t)__builtin_popcount(mask) == dice);
    int32_t x0, y0, x1, y1;
    carc_status st = carc_dice_game_city_bounds(&x0, &y0, &x1, &y1, z->g);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die;
        memset(&die, 0, sizeof die);
        die.struct_size = sizeof die;
        FZ_OK(carc_dice_game_die(&die, z->g, d));
        FZ_CHECK(die.location <= CARC_DICE_LOC_KEPT && die.player < z->players);
        if (die.location == CARC_DICE_LOC_CITY) {
            uint32_t at = 99;
            FZ_OK(st);
            FZ_CHECK(die.x >= x0 && die.x <= x1 && die.y >= y0 && die.y <= y1);
            FZ_OK(carc_dice_game_cell(&at, z->g, die.x, die.y));
            FZ_CHECK(at == d);
        }
    }
    uint32_t n = 0;
    FZ_OK(carc_dice_game_event_count(&n, z->g));
    for (uint32_t i = 0; i < n; i++) {
        carc_dice_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        FZ_OK(carc_dice_game_event(&e, z->g, i));
        FZ_CHECK(e.kind <= CARC_DICE_EVENT_WIN && e.player < z->players);
    }
    FZ_OK(carc_dice_game_action_count(&n, z->g));
    for (uint32_t i = 0; i < n; i++) {
        carc_dice_action a;
        FZ_OK(carc_dice_game_action(&a, z->g, i));
        FZ_CHECK(a.kind <= CARC_DICE_ACT_KNIGHT_OPTION);
    }
}

static void dice_run(input *in, const uint8_t hdr[14])
{
    carc_dice_options o;
    carc_dice_faces faces;
    FZ_OK(carc_dice_options_init(&o, CARC_DICE_OPTIONS_VERSION));
    o.players = 2u + hdr[0] % 4u;
    for (int i = 0; i < 8; i++)
        o.seed |= (uint64_t)hdr[6 + i] << (8 * i);
    if (hdr[1] & 16) {
        FZ_OK(carc_dice_faces_init(&faces, CARC_DICE_FACES_VERSION));
        for (int i = 0; i < CARC_DICE_CITY_FACES; i++)
            faces.city[i] = (uint8_t)((hdr[2 + i] & 0xF) ? (hdr[2 + i] & 0xF) : 1);
        FZ_OK(carc_dice_faces_check(&faces));
        o.faces = &faces;
    }
    dz z;
    memset(&z, 0, sizeof z);
    z.players = o.players;
    FZ_OK(carc_dice_game_new(&z.g, &o));
    dtake_scores(&z);
    dinvariants(&z);
    bool trace = getenv("FUZZ_API_TRACE") != NULL;
    for (int ops = 0; ops < MAX_OPS && in->n > 0; ops++) {
        int op = byte(in) % 9;
        if (trace) {
            static const char *const names[9] = { "play_index", "play_index", "play_index", "play_raw", "undo",
                                                  "clone", "save_load", "set_next_roll", "queries" };
            uint32_t acts = 0;
            carc_dice_game_action_count(&acts, z.g);
            fprintf(stderr, "dice op %d: %s (actions %u, phase %u, undo depth %zu)\n", ops, names[op], acts,
                    dphase(z.g), z.depth);
        }
        switch (op) {
        case 0:
        case 1:
        case 2:
            dop_play_index(&z, in);
            break;
        case 3:
            dop_play_raw(&z, in);
            break;
        case 4:
            dop_undo(&z);
            break;
        case 5:
            dop_clone(&z, in);
            break;
        case 6:
            dop_save_load(&z, in);
            break;
        case 7:
            dop_set_roll(&z, in);
            break;
        default:
            dop_queries(&z);
            break;
        }
        dinvariants(&z);
    }
    dclear(&z);
    free(z.stack);
    free(z.list);
    free(z.list2);
    carc_dice_game_free(z.g);
}

enum {
    OP_PLAY_INDEX,
    OP_PLAY_INDEX2, /* twice as likely: games should get far */
    OP_PLAY_RAW,
    OP_CHOOSE,
    OP_UNDO,
    OP_END,
    OP_CLONE,
    OP_COPY,
    OP_SAVE_LOAD,
    OP_RENDER,
    OP_QUERIES,
    OP_PLACEMENTS,
    OP_FIGURE_OPTIONS,
    OP_NOTATION,
    OP_MISUSE,
    OP_COUNT
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = { data, size };
    uint8_t hdr[14];
    for (int i = 0; i < 14; i++)
        hdr[i] = byte(&in);

    if (hdr[1] & 8) {
        dice_run(&in, hdr);
        return 0;
    }

    carc_game_options o;
    FZ_OK(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION));
    o.players = 2u + hdr[0] % 4u;
    o.modules = (hdr[1] & 1) ? 0 : CARC_MODULE_FARMERS;
    o.flags = (hdr[1] & 4) ? CARC_GAME_NO_UNDO : 0;
    if (hdr[1] & 2) {
        o.start_tile = hdr[2] % carc_tile_kind_count();
        o.start_rotation = hdr[3] % 4u;
        o.start_x = (int8_t)hdr[4];
        o.start_y = (int8_t)hdr[5];
    }
    o.seed = 0;
    for (int i = 0; i < 8; i++)
        o.seed |= (uint64_t)hdr[6 + i] << (8 * i);

    fz z;
    memset(&z, 0, sizeof z);
    z.kinds = carc_tile_kind_count();
    z.players = o.players;
    z.no_undo = (o.flags & CARC_GAME_NO_UNDO) != 0;
    FZ_OK(carc_game_new(&z.g, &o));
    carc_game_options so = o;
    so.players = 2u + (o.players + 1u) % 4u; /* the copy target differs */
    so.seed = o.seed ^ 0x5555;
    FZ_OK(carc_game_new(&z.scratch, &so));
    FZ_OK(carc_movelist_new(&z.ml, z.g));
    FZ_OK(carc_movelist_new(&z.ml2, z.scratch));
    take_scores(&z);
    invariants(&z);

    static int trace = -1;
    if (trace < 0)
        trace = getenv("FUZZ_API_TRACE") != NULL;
    if (trace)
        fprintf(stderr, "new: players %u seed %llu modules %u flags %u start %u %u %d,%d\n", o.players,
                (unsigned long long)o.seed, o.modules, o.flags, o.start_tile, o.start_rotation, (int)o.start_x,
                (int)o.start_y);

    for (int ops = 0; ops < MAX_OPS && in.n > 0; ops++) {
        int op = byte(&in) % OP_COUNT;
        if (trace) {
            static const char *const names[OP_COUNT] = { "play_index", "play_index", "play_raw", "choose", "undo",
                                                         "end", "clone", "copy", "save_load", "render", "queries",
                                                         "placements", "figure_options", "notation", "misuse" };
            uint32_t hist = 0;
            carc_game_history_count(&hist, z.g);
            fprintf(stderr, "op %d: %s (history %u, undo depth %zu, pending %d, next bytes %02x %02x)\n", ops,
                    names[op], hist, z.depth, (int)z.pending, in.n > 0 ? in.p[0] : 0, in.n > 1 ? in.p[1] : 0);
        }
        switch (op) {
        case OP_PLAY_INDEX:
        case OP_PLAY_INDEX2:
            op_play_index(&z, &in);
            break;
        case OP_PLAY_RAW:
            op_play_raw(&z, &in);
            break;
        case OP_CHOOSE:
            op_choose(&z, &in);
            break;
        case OP_UNDO:
            op_undo(&z);
            break;
        case OP_END:
            op_end(&z);
            break;
        case OP_CLONE:
            op_clone(&z, &in);
            break;
        case OP_COPY:
            op_copy(&z, &in);
            break;
        case OP_SAVE_LOAD:
            op_save_load(&z, &in);
            break;
        case OP_RENDER:
            op_render(&z, &in);
            break;
        case OP_QUERIES:
            op_queries(&z);
            break;
        case OP_PLACEMENTS:
            op_placements(&z, &in);
            break;
        case OP_FIGURE_OPTIONS:
            op_figure_options(&z, &in);
            break;
        case OP_NOTATION:
            op_notation(&z, &in);
            break;
        default:
            op_misuse(&z, &in);
            break;
        }
        invariants(&z);
    }

    clear_stack(&z);
    free(z.stack);
    free(z.stack_unrecorded);
    carc_movelist_free(z.ml);
    carc_movelist_free(z.ml2);
    carc_game_free(z.scratch);
    carc_game_free(z.g);
    return 0;
}
