/* SPDX-License-Identifier: MIT */
/*
 * Allocation failure (jansson's test_chaos, extended beyond
 * tests/engine/test_alloc.c): a script that uses every allocating part of the
 * API -- new, move lists, legal moves, placements, figure options, tile
 * choice, play, undo, early end, clone and copy (with and without history,
 * across player counts), save/load, text and SVG pictures -- runs with an
 * allocator that fails
 *   - once, at allocation N, for N = 0, 1, 2, ... until the script completes
 *     without reaching N ("single" mode), and
 *   - at allocation N and at every one after it ("persistent" mode).
 * Every call that meets a failure must return CARC_ENOMEM (pictures and saves
 * may say CARC_EBUFFER), leave its game exactly as it was (or, for
 * constructors, create nothing and set *out to NULL), and leave no block
 * behind. In single mode the script then retries the call and goes on: the
 * game must stay usable. In persistent mode the script goes on without the
 * objects it could not create, and the game is played to its end. The
 * allocator also checks the sizes the library passes back to realloc and
 * free. At the end every block is freed. The script runs over base games,
 * over River + Abbot games (abbot moves preferred now and then, tile choices
 * that the River's draw order allows) and over Inns & Cathedrals games (six
 * players, with the River and the Abbot too; big follower moves preferred
 * now and then) and over Traders & Builders games (alone and with every
 * other module; builder and pig moves preferred and second tiles declined
 * now and then) and over Count games (every decision of the Count answered
 * from the list three times out of four, else declined; an early end after
 * 40 turns and its final round). The Dice Game gets the same two
 * loops over its own script (new, a few hundred actions, clones, undo,
 * save/load).
 */
#include "hardening.h"

typedef struct script {
    hz_alloc al;
    carc_allocator a;
    bool persistent;
    unsigned end_after; /* an early end after this many turns of the script (0: played to its end) */
    unsigned answers;   /* answers to decisions of the Count played, passes left out */
    unsigned hits;     /* calls that met an allocation failure */
    const char *where; /* the call being checked, for messages */
} script;

/* After a call that may allocate: when an allocation failed during it, the
 * call must have returned CARC_ENOMEM (or `alt`), left the game `g` (NULL:
 * none) as it was and left no block behind; it succeeded otherwise (the
 * library may tolerate a failure). Returns true when the call should be
 * retried (single mode). Frees `before`. */
static bool after_call(script *s, const carc_game *g, char *before, size_t live_before, long fails_before,
                       carc_status st, carc_status alt, bool ctor, const char *call, int line)
{
    if (s->al.failures == fails_before || st == CARC_OK) {
        free(before);
        return false;
    }
    if (st != CARC_ENOMEM && st != alt)
        fail_msg("line %d: %s returned %s after an allocation failure", line, call, carc_status_name(st));
    if (g != NULL && before != NULL) {
        char *after = hz_fingerprint(g, HZ_FP_NO_ERROR);
        if (strcmp(before, after) != 0) {
            print_error("before:\n%s\nafter:\n%s\n", before, after);
            fail_msg("line %d: %s failed (%s) but changed the game", line, call, carc_status_name(st));
        }
        free(after);
    }
    /* a failed constructor leaves nothing; a call on an existing object may
     * keep capacity it grew before the failure (freed with the object, and
     * counted by the final leak check) */
    if (ctor ? s->al.live != live_before : s->al.live < live_before)
        fail_msg("line %d: %s failed (%s) and left %ld block(s) behind", line, call, carc_status_name(st),
                 (long)s->al.live - (long)live_before);
    s->hits++;
    free(before);
    return !s->persistent;
}

/* Whether an allocation can still fail in this run (if not, the costly
 * snapshot before each call is skipped). */
static bool may_fail(const script *s)
{
    return s->al.fail_from >= 0 || (s->al.fail_at >= 0 && s->al.calls <= s->al.fail_at);
}

/* out = call, for a call that may allocate, checked by after_call and
 * retried after a failure in single mode. The call must succeed, but for
 * CARC_ENOMEM (or alt) in persistent mode. CTOR: a constructor (new, clone,
 * load, movelist_new), after whose failure no block may be left. */
#define CALL_(out, s, g, alt, ctor, call)                                                   \
    do {                                                                                    \
        for (;;) {                                                                          \
            const carc_game *g_ = (g);                                                      \
            char *b_ = g_ && may_fail(s) ? hz_fingerprint(g_, HZ_FP_NO_ERROR) : NULL;       \
            size_t live_ = (s)->al.live;                                                    \
            long fails_ = (s)->al.failures;                                                 \
            (out) = (call);                                                                 \
            if (!after_call((s), g_, b_, live_, fails_, (out), (alt), (ctor), #call, __LINE__)) \
                break;                                                                      \
        }                                                                                   \
        if ((out) != CARC_OK && !((s)->persistent && ((out) == CARC_ENOMEM || (out) == (alt)))) \
            fail_msg("line %d: %s: %s", __LINE__, #call, carc_status_name(out));            \
    } while (0)
#define CALL(out, s, g, alt, call) CALL_(out, s, g, alt, false, call)
#define CTOR(out, s, g, call) CALL_(out, s, g, CARC_ENOMEM, true, call)

static void expect_ok(carc_status st, const char *what, int line)
{
    if (st != CARC_OK)
        fail_msg("line %d: %s: %s", line, what, carc_status_name(st));
}
#define OK(call) expect_ok((call), #call, __LINE__)

/* Two fingerprints of a game are equal (else both are printed, with the line). */
static void same_state(const char *before, const char *after, const char *what, int line)
{
    if (strcmp(before, after) != 0) {
        print_error("before:\n%s\nafter:\n%s\n", before, after);
        fail_msg("line %d: %s changed the game", line, what);
    }
}

/* Saves are equal (clone, copy, load). */
static void same_record(const carc_game *a, const carc_game *b, int line)
{
    char *x = hz_save(a), *y = hz_save(b);
    if (x == NULL || y == NULL || strcmp(x, y) != 0)
        fail_msg("line %d: records differ", line);
    free(x);
    free(y);
}

/* Render into an exact buffer (these calls should not allocate; if they ever
 * do, a failure must say so). */
static void pictures(script *s, const carc_game *g)
{
    for (int svg = 0; svg < 2; svg++) {
        size_t need = 0;
        carc_status st = svg ? carc_game_render_svg(NULL, 0, &need, g, CARC_RENDER_COLOR)
                             : carc_game_render_text(NULL, 0, &need, g, CARC_RENDER_COLOR);
        if (st != CARC_EBUFFER)
            fail_msg("render size: %s", carc_status_name(st));
        char *buf = malloc(need + 1);
        assert_non_null(buf);
        if (svg)
            CALL(st, s, g, CARC_EBUFFER, carc_game_render_svg(buf, need + 1, NULL, g, CARC_RENDER_COLOR));
        else
            CALL(st, s, g, CARC_EBUFFER, carc_game_render_text(buf, need + 1, NULL, g, CARC_RENDER_COLOR));
        if (st == CARC_OK && strlen(buf) != need)
            fail_msg("picture of %zu bytes, %zu announced", strlen(buf), need);
        free(buf);
    }
}

/* save -> load (with the script's allocator) -> save gives the same text. */
static void save_load(script *s, const carc_game *g)
{
    char *rec = hz_save(g);
    if (rec == NULL)
        fail_msg("save failed");
    carc_game *l = (carc_game *)(void *)s;
    carc_load_error err;
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    carc_status st;
    CTOR(st, s, NULL, carc_game_load(&l, rec, strlen(rec), &s->a, &err));
    if (st == CARC_OK) {
        char *again = hz_save(l);
        if (again == NULL || strcmp(rec, again) != 0)
            fail_msg("load(save(g)) saves differently");
        free(again);
        carc_game_free(l);
    } else {
        if (l != NULL)
            fail_msg("carc_game_load failed with *out not NULL");
        if (err.status != (int32_t)st)
            fail_msg("carc_game_load: err.status %d, returned %d", (int)err.status, (int)st);
    }
    free(rec);
}

/* A clone (flags) that must equal g; play on it without touching g. */
static void clone_and_play(script *s, carc_game *g, uint32_t flags, carc_movelist *ml, uint64_t *r)
{
    carc_game *c = (carc_game *)(void *)s;
    carc_status st;
    CTOR(st, s, g, carc_game_clone(&c, g, flags));
    if (st != CARC_OK) {
        if (c != NULL)
            fail_msg("carc_game_clone failed with *out not NULL");
        return;
    }
    same_record(c, g, __LINE__);
    char *before = hz_fingerprint(g, 0);
    if (!hz_over(c) && ml != NULL && carc_game_legal_moves(ml, c, 0) == CARC_OK) {
        OK(carc_game_play(c, &carc_movelist_data(ml)[hz_rand(r) % carc_movelist_count(ml)]));
        OK(carc_game_undo(c));
        OK(carc_game_end(c));
    }
    char *after = hz_fingerprint(g, 0);
    same_state(before, after, "a move on a clone", __LINE__);
    free(before);
    free(after);
    carc_game_free(c);
}

/* Whether the player to move may choose tile `kind` (left to draw, and with
 * the River: a River tile while any is left, the lake only as the last one). */
static bool may_choose(const carc_game *g, uint32_t kind, uint32_t modules)
{
    uint32_t left = 0;
    OK(carc_game_remaining_of(&left, g, kind));
    if (!left)
        return false;
    if (!(modules & CARC_MODULE_RIVER))
        return true;
    uint32_t river_left = 0, lake = 0;
    bool river_kind = false;
    OK(carc_tile_find(&lake, "RL"));
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        const char *name = carc_tile_name(k);
        if (name[0] == 'R' && name[1] >= 'A' && name[1] <= 'L' && name[2] == '\0') {
            uint32_t c = 0;
            OK(carc_game_remaining_of(&c, g, k));
            river_left += c;
            river_kind |= k == kind;
        }
    }
    if (!river_left)
        return true;
    return river_kind && (kind != lake || river_left == 1);
}

/* A move of the list: uniform, or the abbot's or the big follower's now and
 * then; with Traders & Builders also the builder's, the pig's, and the pass
 * that declines the builder's second tile (listed first). */
static carc_move pick(const carc_movelist *l, uint64_t *r, bool traders)
{
    const carc_move *d = carc_movelist_data(l);
    size_t n = carc_movelist_count(l), i = hz_rand(r) % n;
    uint64_t w = hz_rand(r) % 6;
    uint8_t want = w < 2 ? CARC_FIGURE_ABBOT : w < 3 ? CARC_FIGURE_BIG : CARC_FIGURE_NONE;
    if (traders && w >= 3) {
        uint64_t t = hz_rand(r) % 4;
        if (t == 0 && d[0].kind == CARC_MOVE_PASS)
            return d[0];
        want = t == 1 ? CARC_FIGURE_PIG : t >= 2 ? CARC_FIGURE_BUILDER : CARC_FIGURE_NONE;
    }
    if (want != CARC_FIGURE_NONE)
        for (size_t k = 0; k < n; k++)
            if (d[(i + k) % n].figure == want)
                return d[(i + k) % n];
    return d[i];
}

/* An answer to a decision of the Count (the pass is listed last): one that
 * is not the pass three times out of four, so that followers go into the
 * city and out again, and the Count moves. */
static carc_move pick_decision(const carc_movelist *l, uint64_t *r)
{
    const carc_move *d = carc_movelist_data(l);
    size_t n = carc_movelist_count(l);
    if (n > 1 && hz_rand(r) % 4)
        return d[hz_rand(r) % (n - 1)];
    return d[n - 1];
}

/* The decision pending on g. */
static carc_pending pending_of(const carc_game *g)
{
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    OK(carc_game_pending(&pd, g));
    return pd;
}

/* One run of the script, on a game of `players` with these modules. */
static void run_script(script *s, uint64_t seed, uint32_t players, uint32_t modules)
{
    carc_game_options o;
    carc_game *g = (carc_game *)(void *)s, *scratch2 = NULL, *scratch4 = NULL;
    carc_movelist *ml = NULL, *pl = NULL;
    uint64_t r = seed;
    unsigned turn = 0;
    carc_status st;

    OK(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION));
    o.players = players;
    o.seed = seed;
    o.modules = modules;
    o.allocator = &s->a;
    hz_coc_spring(&o, (unsigned)seed); /* the Count with the River: the spring beside the city */
    CTOR(st, s, NULL, carc_game_new(&g, &o));
    if (st != CARC_OK) {
        if (g != NULL)
            fail_msg("carc_game_new failed with *out not NULL");
        return; /* persistent: nothing can be created */
    }
    /* scratch games for copies: the same player count, and another one
     * without an undo journal */
    o.seed = seed + 1;
    CTOR(st, s, NULL, carc_game_new(&scratch2, &o));
    o.players = 4;
    o.modules = 0;
    o.start_tile = CARC_DEFAULT_START_TILE;
    o.start_x = o.start_y = 0;
    o.start_rotation = 0;
    o.flags = CARC_GAME_NO_UNDO; /* until a copy gives it the journal of g */
    CTOR(st, s, NULL, carc_game_new(&scratch4, &o));
    CTOR(st, s, g, carc_movelist_new(&ml, g));
    CTOR(st, s, g, carc_movelist_new(&pl, g));
    /* (a failed constructor left its pointer NULL: the script goes on without it) */

    while (!hz_over(g)) {
        turn++;
        uint32_t tile = 0;
        bool decision = pending_of(g).decision != CARC_DECISION_PLACE; /* the Count's */
        if (s->end_after && turn == s->end_after) {
            /* an early end (with the Count: the final round follows, if anybody may move out) */
            CALL(st, s, g, CARC_ENOMEM, carc_game_end(g));
            if (hz_over(g))
                break;
            decision = pending_of(g).decision != CARC_DECISION_PLACE;
        }
        if (!decision)
            OK(carc_game_current_tile(&tile, g));

        /* sometimes choose the tile to draw (never during a decision of the Count) */
        if (turn % 7 == 3 && !decision) {
            uint32_t kinds = carc_tile_kind_count(), k = (uint32_t)(hz_rand(&r) % kinds);
            for (uint32_t i = 0; i < kinds && !may_choose(g, k, modules); i++)
                k = (k + 1) % kinds;
            CALL(st, s, g, CARC_ENOMEM, carc_game_choose_tile(g, k));
            if (st != CARC_OK && st != CARC_ENOMEM)
                fail_msg("choose_tile: %s", carc_status_name(st));
            if (hz_over(g))
                break;
            decision = pending_of(g).decision != CARC_DECISION_PLACE; /* (discards can end the game) */
            if (!decision)
                OK(carc_game_current_tile(&tile, g));
        }

        /* the move: from the full list, or from placements + figure options;
         * a decision of the Count from the full list, or (no list) a pass */
        carc_move m;
        bool have = false;
        if (decision) {
            if (ml != NULL) {
                CALL(st, s, g, CARC_ENOMEM, carc_game_legal_moves(ml, g, 0));
                if (st == CARC_OK) {
                    m = pick_decision(ml, &r);
                    have = true;
                }
            }
            if (!have) {
                memset(&m, 0, sizeof m);
                m.kind = CARC_MOVE_PASS;
                m.segment = CARC_NO_SEGMENT;
                have = true;
            }
        } else if (ml != NULL && turn % 2 == 0) {
            CALL(st, s, g, CARC_ENOMEM, carc_game_legal_moves(ml, g, turn % 4 ? 0 : CARC_ENUM_UNIQUE_ROTATIONS));
            if (st == CARC_OK) {
                m = pick(ml, &r, (modules & CARC_MODULE_TRADERS) != 0);
                have = true;
            }
        } else if (pl != NULL) {
            CALL(st, s, g, CARC_ENOMEM, carc_game_placements(pl, g, tile, 0));
            if (st == CARC_OK) {
                carc_move p = carc_movelist_data(pl)[hz_rand(&r) % carc_movelist_count(pl)];
                CALL(st, s, g, CARC_ENOMEM, carc_game_figure_options(pl, g, &p));
                if (st == CARC_OK) {
                    m = pick(pl, &r, (modules & CARC_MODULE_TRADERS) != 0);
                    have = true;
                }
            }
        }
        if (!have) {
            /* no list (persistent failure): the first legal cell, found by asking check_move */
            int32_t x0, y0, x1, y1;
            OK(carc_game_bounds(&x0, &y0, &x1, &y1, g));
            for (int32_t y = y0 - 1; y <= y1 + 1 && !have; y++)
                for (int32_t x = x0 - 1; x <= x1 + 1 && !have; x++)
                    for (uint8_t rot = 0; rot < 4 && !have; rot++) {
                        carc_move t = { x, y, (uint16_t)tile, rot, CARC_FIGURE_NONE, CARC_NO_SEGMENT, 0, 0, 0 };
                        if (carc_game_check_move(g, &t) == CARC_OK) {
                            m = t;
                            have = true;
                        }
                    }
            if (!have)
                fail_msg("no legal move found for the current tile");
        }

        int32_t before_score[6];
        for (uint32_t p = 0; p < players; p++)
            OK(carc_game_score(&before_score[p], g, p));
        CALL(st, s, g, CARC_ENOMEM, carc_game_play(g, &m));
        if (st != CARC_OK) {
            if (st != CARC_ENOMEM)
                fail_msg("turn %u: play: %s (%s)", turn, carc_status_name(st), carc_game_last_error(g));
            continue; /* persistent: this turn cannot be played; try another move */
        }
        s->answers += decision && m.kind != CARC_MOVE_PASS;
        for (uint32_t p = 0; p < players; p++) {
            int32_t sc;
            OK(carc_game_score(&sc, g, p));
            if (sc < before_score[p])
                fail_msg("a score went down during play");
        }

        if (turn % 5 == 0) {
            /* undo and play again */
            /* undo takes back the move and this turn's tile choice with it */
            OK(carc_game_undo(g));
            if (m.kind == CARC_MOVE_PLACE)
                OK(carc_game_current_tile(&tile, g));
            if (m.kind == CARC_MOVE_PLACE && tile != m.tile) { /* (a pass and the Count's moves name no tile) */
                CALL(st, s, g, CARC_ENOMEM, carc_game_choose_tile(g, m.tile));
                if (st != CARC_OK) {
                    if (st != CARC_ENOMEM)
                        fail_msg("turn %u: choose again: %s", turn, carc_status_name(st));
                    continue;
                }
            }
            CALL(st, s, g, CARC_ENOMEM, carc_game_play(g, &m));
            if (st != CARC_OK) {
                if (st != CARC_ENOMEM)
                    fail_msg("turn %u: play again: %s (%s)", turn, carc_status_name(st), carc_game_last_error(g));
                continue;
            }
        }
        if (turn % 9 == 1) {
            clone_and_play(s, g, 0, ml, &r);
            clone_and_play(s, g, CARC_CLONE_NO_HISTORY, ml, &r);
        }
        if (turn % 9 == 4) {
            /* copy into scratch games (no allocation when they have room;
             * the 4-player scratch needs a bigger state the first time) */
            carc_game *dst = turn % 2 ? scratch2 : scratch4;
            uint32_t flags = turn % 4 == 0 ? CARC_CLONE_NO_HISTORY : 0;
            st = CARC_EINVAL;
            if (dst != NULL)
                CALL(st, s, dst, CARC_ENOMEM, carc_game_copy(dst, g, flags));
            if (st == CARC_OK) {
                same_record(dst, g, __LINE__);
                char *before = hz_fingerprint(g, 0);
                OK(carc_game_end(dst));
                char *after = hz_fingerprint(g, 0);
                same_state(before, after, "a copy's early end", __LINE__);
                free(before);
                free(after);
            }
        }
        if (turn % 13 == 6 && may_fail(s)) {
            save_load(s, g);
            if (!s->persistent)
                pictures(s, g);
        }
        if (turn % 17 == 8 && !hz_over(g)) {
            /* an early end on the real game, taken back (not once the move
             * ended the game: the end would be no unit to undo) */
            char *before = hz_fingerprint(g, HZ_FP_NO_ERROR);
            CALL(st, s, g, CARC_ENOMEM, carc_game_end(g));
            if (st == CARC_OK) {
                OK(carc_game_undo(g));
                char *after = hz_fingerprint(g, HZ_FP_NO_ERROR);
                same_state(before, after, "an early end and its undo", __LINE__);
                free(after);
            }
            free(before);
        }
        if (turn > 1500) /* (passes, second tiles and the Count's decisions are turns of the script too) */
            fail_msg("the game does not end");
    }

    /* the finished game: everything once more */
    save_load(s, g);
    if (may_fail(s) || s->al.fail_at == 0)
        pictures(s, g);
    clone_and_play(s, g, 0, ml, &r);
    if (scratch4 != NULL) {
        CALL(st, s, scratch4, CARC_ENOMEM, carc_game_copy(scratch4, g, 0));
        if (st == CARC_OK)
            same_record(scratch4, g, __LINE__);
    }

    carc_movelist_free(ml);
    carc_movelist_free(pl);
    carc_game_free(scratch2);
    carc_game_free(scratch4);
    carc_game_free(g);
}

/* The script with an allocation failing at every N in turn (once, or from
 * N on), until it completes without reaching N; end_after: the script's
 * turn of an early end (0: to the game's end). */
static unsigned answers_total; /* answers to the Count's decisions in the runs so far */

/* HARDENING_CHAOS_STRIDE=k (environment): fail only every k-th allocation
 * number (0, k, 2k, ...). The ordinary build tries every one (k = 1); the
 * sanitizer run of tests/run-all.sh, where a run costs ten times as much,
 * samples them. */
static long chaos_stride(void)
{
    const char *e = getenv("HARDENING_CHAOS_STRIDE");
    long k = e ? strtol(e, NULL, 10) : 1;
    return k >= 1 && k <= 100 ? k : 1;
}

static void chaos_ended(bool persistent, uint64_t seed, uint32_t players, uint32_t modules, unsigned end_after,
                        long *runs, unsigned *hits)
{
    long total = -1;
    for (long n = 0;; n += chaos_stride()) {
        script s;
        memset(&s, 0, sizeof s);
        hz_alloc_init(&s.al);
        s.a = hz_allocator(&s.al);
        s.persistent = persistent;
        s.end_after = end_after;
        if (persistent)
            s.al.fail_from = n;
        else
            s.al.fail_at = n;
        run_script(&s, seed, players, modules);
        answers_total += s.answers;
        hz_assert_clean(&s.al);
        hz_alloc_fini(&s.al);
        *hits += s.hits;
        (*runs)++;
        if (s.al.failures == 0) {
            /* the script completed without reaching allocation n: done */
            total = s.al.calls;
            break;
        }
        if (n > 100000)
            fail_msg("the script does not finish");
    }
    assert_true(total >= 0);
}

static void chaos(bool persistent, uint64_t seed, uint32_t players, uint32_t modules, long *runs, unsigned *hits)
{
    chaos_ended(persistent, seed, players, modules, 0, runs, hits);
}

static void single_failure(void **state)
{
    (void)state;
    long runs = 0;
    unsigned hits = 0;
    for (uint64_t seed = 1; seed <= 3; seed++)
        chaos(false, seed, 3, CARC_MODULE_FARMERS, &runs, &hits);
    print_message("single failure: %ld runs, %u failed calls checked\n", runs, hits);
    assert_true(hits > 0);
}

static void persistent_failure(void **state)
{
    (void)state;
    long runs = 0;
    unsigned hits = 0;
    chaos(true, 2, 3, CARC_MODULE_FARMERS, &runs, &hits);
    print_message("persistent failure: %ld runs, %u failed calls checked\n", runs, hits);
    assert_true(hits > 0);
}

/* The same over a River + Abbot game (the River's draw order, the abbot
 * placed and recalled, garden copies), once and from N on. */
static void river_abbot_failures(void **state)
{
    (void)state;
    const uint32_t modules = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT;
    long runs = 0;
    unsigned hits = 0;
    chaos(false, 4, 3, modules, &runs, &hits);
    chaos(true, 6, 3, modules, &runs, &hits);
    chaos(false, 7, 3, CARC_MODULE_RIVER | CARC_MODULE_ABBOT, &runs, &hits); /* without farmers */
    print_message("river + abbot: %ld runs, %u failed calls checked\n", runs, hits);
    assert_true(hits > 0);
}

/* The same over Inns & Cathedrals games: six players with the River and the
 * Abbot (the big follower placed, inns and cathedrals scored, a bigger state
 * to copy), once; five players without the River, from N on. */
static void inns_failures(void **state)
{
    (void)state;
    const uint32_t modules = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS;
    long runs = 0;
    unsigned hits = 0;
    chaos(false, 8, 6, modules, &runs, &hits);
    chaos(true, 9, 5, CARC_MODULE_FARMERS | CARC_MODULE_INNS, &runs, &hits);
    print_message("inns: %ld runs, %u failed calls checked\n", runs, hits);
    assert_true(hits > 0);
}

/* The same over Traders & Builders games (builders and pigs placed, second
 * tiles taken and declined, goods taken, their majorities scored): two
 * players with farmers, an allocation failing once; every implemented module
 * at once with three players, failing from N on. */
static void traders_failures(void **state)
{
    (void)state;
    long runs = 0;
    unsigned hits = 0;
    chaos(false, 11, 2, CARC_MODULE_FARMERS | CARC_MODULE_TRADERS, &runs, &hits);
    chaos(true, 12, 3,
          CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS,
          &runs, &hits);
    print_message("traders: %ld runs, %u failed calls checked\n", runs, hits);
    assert_true(hits > 0);
}

/* The same over games with the Count (followers into quarters, the Count's
 * moves, moves out of the city during play and in the final round, answered
 * from the full list three times out of four, else declined; an early end
 * before the final round keeps the runs short): three players with farmers
 * and Inns & Cathedrals (the big follower into the city too), an allocation
 * failing once; every module at once (the spring beside the City of
 * Carcassonne), four players, failing from N on. */
static void count_failures(void **state)
{
    (void)state;
    long runs = 0;
    unsigned hits = 0;
    answers_total = 0;
    chaos_ended(false, 3, 3, CARC_MODULE_FARMERS | CARC_MODULE_INNS | CARC_MODULE_COUNT, 40, &runs, &hits);
    chaos_ended(true, 7, 4,
                CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS | CARC_MODULE_TRADERS |
                    CARC_MODULE_COUNT,
                40, &runs, &hits);
    print_message("count: %ld runs, %u failed calls checked, %u answers to the Count's decisions\n", runs, hits,
                  answers_total);
    assert_true(hits > 0);
    assert_true(answers_total >= (unsigned)runs); /* each run meets the Count's decisions */
}

/* Growing a move list: carc_game_legal_moves on a list that has just enough
 * room for placements meets the failure in its realloc. */
static void movelist_growth(void **state)
{
    (void)state;
    for (long n = 0;; n++) {
        hz_alloc al;
        hz_alloc_init(&al);
        carc_allocator a = hz_allocator(&al);
        carc_game_options o;
        OK(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION));
        o.allocator = &a;
        o.seed = 44;
        carc_game *g = NULL;
        carc_movelist *ml = NULL;
        OK(carc_game_new(&g, &o));
        OK(carc_movelist_new(&ml, g));
        uint64_t r = 5;
        al.fail_at = al.calls + n; /* counted from here */
        bool failed = false;
        while (!hz_over(g)) {
            size_t before = carc_movelist_count(ml);
            char *fp = hz_fingerprint(g, HZ_FP_NO_ERROR);
            carc_status st = carc_game_legal_moves(ml, g, 0);
            if (st == CARC_ENOMEM) {
                char *after = hz_fingerprint(g, HZ_FP_NO_ERROR);
                assert_string_equal(fp, after);
                free(after);
                failed = true;
                st = carc_game_legal_moves(ml, g, 0); /* retry */
            }
            (void)before;
            free(fp);
            OK(st);
            OK(carc_game_play(g, &carc_movelist_data(ml)[hz_rand(&r) % carc_movelist_count(ml)]));
        }
        carc_movelist_free(ml);
        carc_game_free(g);
        hz_assert_clean(&al);
        hz_alloc_fini(&al);
        if (!failed)
            break;
        assert_true(n < 1000);
    }
}

/* ------------------------------------------------------------ the Dice Game */

static char *dice_save(const carc_dice_game *g)
{
    size_t need = 0;
    if (carc_dice_game_save(NULL, 0, &need, g) != CARC_EBUFFER)
        fail_msg("dice save size");
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    OK(carc_dice_game_save(buf, need + 1, NULL, g));
    return buf;
}

/* Everything a dice game shows that a failed call must not change. */
static char *dice_fp(const carc_dice_game *g)
{
    char *rec = dice_save(g);
    uint32_t phase = 0, cur = 0, rolls = 0, n = 0;
    bool can = false;
    hz_str b = { NULL, 0, 0 };
    carc_dice_game_phase(&phase, g);
    carc_dice_game_current_player(&cur, g);
    carc_dice_game_rolls(&rolls, g);
    carc_dice_game_event_count(&n, g);
    carc_dice_game_can_undo(&can, g);
    hz_str_add(&b, "%sphase=%u cur=%u rolls=%u events=%u undo=%d", rec, phase, cur, rolls, n, (int)can);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die;
        memset(&die, 0, sizeof die);
        die.struct_size = sizeof die;
        carc_dice_game_die(&die, g, d);
        hz_str_add(&b, " [%u %u %u %d,%d %u]", die.location, die.player, die.face, (int)die.x, (int)die.y,
                   die.rotation);
    }
    free(rec);
    return b.s;
}

/* As CALL, for calls on a dice game `g` (NULL: none). */
static bool dice_after_call(script *s, const carc_dice_game *g, char *before, size_t live_before, long fails_before,
                            carc_status st, bool ctor, const char *call, int line)
{
    if (s->al.failures == fails_before || st == CARC_OK) {
        free(before);
        return false;
    }
    if (st != CARC_ENOMEM)
        fail_msg("line %d: %s returned %s after an allocation failure", line, call, carc_status_name(st));
    if (g != NULL && before != NULL) {
        char *after = dice_fp(g);
        if (strcmp(before, after) != 0)
            fail_msg("line %d: %s failed but changed the dice game", line, call);
        free(after);
    }
    if (ctor ? s->al.live != live_before : s->al.live < live_before)
        fail_msg("line %d: %s failed and left %ld block(s) behind", line, call, (long)s->al.live - (long)live_before);
    s->hits++;
    free(before);
    return !s->persistent;
}

#define DCALL_(out, s, g, ctor, call)                                                           \
    do {                                                                                        \
        for (;;) {                                                                              \
            const carc_dice_game *g_ = (g);                                                     \
            char *b_ = g_ && may_fail(s) ? dice_fp(g_) : NULL;                                  \
            size_t live_ = (s)->al.live;                                                        \
            long fails_ = (s)->al.failures;                                                     \
            (out) = (call);                                                                     \
            if (!dice_after_call((s), g_, b_, live_, fails_, (out), (ctor), #call, __LINE__))  \
                break;                                                                          \
        }                                                                                       \
        if ((out) != CARC_OK && !((s)->persistent && (out) == CARC_ENOMEM))                     \
            fail_msg("line %d: %s: %s", __LINE__, #call, carc_status_name(out));                \
    } while (0)
#define DCALL(out, s, g, call) DCALL_(out, s, g, false, call)
#define DCTOR(out, s, g, call) DCALL_(out, s, g, true, call)

/* New game, a few hundred actions (the history, event and undo arrays grow
 * several times), clones, undo, save/load. */
static void dice_script(script *s, uint64_t seed)
{
    carc_dice_options o;
    carc_dice_game *g = (carc_dice_game *)(void *)s;
    carc_status st;
    static carc_dice_action buf[16384];
    uint64_t r = seed;
    OK(carc_dice_options_init(&o, CARC_DICE_OPTIONS_VERSION));
    o.players = 3;
    o.seed = seed;
    o.allocator = &s->a;
    DCTOR(st, s, NULL, carc_dice_game_new(&g, &o));
    if (st != CARC_OK) {
        if (g != NULL)
            fail_msg("carc_dice_game_new failed with *out not NULL");
        return;
    }
    for (unsigned i = 0; i < 400; i++) {
        uint32_t ph = 0;
        OK(carc_dice_game_phase(&ph, g));
        if (ph == CARC_DICE_PHASE_GAME_OVER)
            break;
        size_t n = 0;
        OK(carc_dice_game_legal_actions(buf, 16384, &n, g, CARC_DICE_ENUM_UNIQUE_ROTATIONS | CARC_DICE_ENUM_TOUCHING));
        carc_dice_action a = buf[hz_rand(&r) % n];
        DCALL(st, s, g, carc_dice_game_play(g, &a));
        if (st != CARC_OK)
            continue; /* persistent: another action may need no room */
        if (i % 7 == 3) {
            OK(carc_dice_game_undo(g));
            DCALL(st, s, g, carc_dice_game_play(g, &a));
        }
        if (i % 50 == 10) {
            for (uint32_t fl = 0; fl < 2; fl++) {
                carc_dice_game *c = (carc_dice_game *)(void *)s;
                DCTOR(st, s, g, carc_dice_game_clone(&c, g, fl));
                if (st != CARC_OK) {
                    if (c != NULL)
                        fail_msg("carc_dice_game_clone failed with *out not NULL");
                    continue;
                }
                char *x = dice_save(c), *y = dice_save(g);
                assert_string_equal(x, y);
                free(x);
                free(y);
                carc_dice_game_free(c);
            }
        }
        if (i % 100 == 60 && may_fail(s)) {
            char *rec = dice_save(g);
            carc_dice_game *l = (carc_dice_game *)(void *)s;
            DCTOR(st, s, NULL, carc_dice_game_load(&l, rec, strlen(rec), &s->a, NULL));
            if (st == CARC_OK) {
                char *again = dice_save(l);
                assert_string_equal(rec, again);
                free(again);
                carc_dice_game_free(l);
            } else if (l != NULL) {
                fail_msg("carc_dice_game_load failed with *out not NULL");
            }
            free(rec);
        }
    }
    carc_dice_game_free(g);
}

static void dice_chaos(bool persistent, long *runs, unsigned *hits)
{
    for (long n = 0;; n += chaos_stride()) {
        script s;
        memset(&s, 0, sizeof s);
        hz_alloc_init(&s.al);
        s.a = hz_allocator(&s.al);
        s.persistent = persistent;
        if (persistent)
            s.al.fail_from = n;
        else
            s.al.fail_at = n;
        dice_script(&s, 9);
        hz_assert_clean(&s.al);
        hz_alloc_fini(&s.al);
        *hits += s.hits;
        (*runs)++;
        if (s.al.failures == 0)
            break;
        if (n > 100000)
            fail_msg("the dice script does not finish");
    }
}

static void dice_failures(void **state)
{
    (void)state;
    long runs = 0;
    unsigned hits = 0;
    dice_chaos(false, &runs, &hits);
    dice_chaos(true, &runs, &hits);
    print_message("dice game: %ld runs, %u failed calls checked\n", runs, hits);
    assert_true(hits > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(single_failure),
        cmocka_unit_test(persistent_failure),
        cmocka_unit_test(river_abbot_failures),
        cmocka_unit_test(inns_failures),
        cmocka_unit_test(traders_failures),
        cmocka_unit_test(count_failures),
        cmocka_unit_test(movelist_growth),
        cmocka_unit_test(dice_failures),
    };
    /* HARDENING_FILTER=river_abbot_failures (a glob) runs only the matching tests */
    if (getenv("HARDENING_FILTER") != NULL)
        cmocka_set_test_filter(getenv("HARDENING_FILTER"));
    return cmocka_run_group_tests_name("chaos", tests, NULL, NULL);
}
