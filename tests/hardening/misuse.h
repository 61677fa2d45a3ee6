/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse: every exported function, called wrongly, returns its
 * documented status, leaves every game exactly as it was (compared through
 * the public API: the record plus what a record does not carry, and for
 * read-only calls the last-error text too), writes nothing past the buffers
 * and struct sizes it was given, and leaks nothing (all games use a tracking
 * allocator that is checked after each test).
 *
 * One file per API area, each with its table of entries (one per exported
 * symbol, `static void m_<name>(fx *f)`, listed with MISUSE_ENTRY in the
 * file's MISUSE_AREA):
 *   misuse_tile.c     common.h, tile.h (statuses, versions, the catalogue, modules)
 *   misuse_game.c     game.h, undo.h (options, life cycle, players, supplies, the
 *                     Count's city, tile choice, end, undo)
 *   misuse_moves.c    moves.h (move lists, enumeration, check_move, play, notation)
 *   misuse_rules.c    the module rules play enforces (River, Abbot, Inns &
 *                     Cathedrals, Traders & Builders, the Count), run by carc_game_play's entry
 *   misuse_board.c    board.h, scoring.h, history (growable structs, features)
 *   misuse_records.c  serialize.h, render.h (writers, the loader)
 *   misuse_search.c   search.h (playouts, determinization, hashes)
 *   misuse_dice.c     dice.h (the Dice Game)
 *   misuse_learn.c    learn.h (spaces, ids, masks, observations, the
 *                     vectorised environment)
 * misuse_fixture.c builds the fixture and holds the helpers and the checks
 * the areas share (tile game and Dice Game alike, through misuse_kind);
 * test_misuse.c runs every entry as a cmocka test, after `coverage`, which
 * reads abi/carcassonne.symbols (the first argument) and fails for a symbol
 * without an entry or an entry for a symbol that is not exported.
 */
#ifndef CARC_HARDENING_MISUSE_H
#define CARC_HARDENING_MISUSE_H

#include "hardening.h"

#include <limits.h>

/* ------------------------------------------------------------ fixture */

/* Games of the fixture: base games in several phases; G_RIVER: River + Abbot
 * + farmers while River tiles are left (the lake among them); G_ABBOT: Abbot +
 * farmers, the player to move has the abbot on the board; G_INNS: six
 * players, Inns & Cathedrals + River + Abbot + farmers past the River, every
 * big follower in supply; G_NOBIG: Inns & Cathedrals without farmers, three
 * players, each with the big follower on the board; G_TRADERS: Traders &
 * Builders + farmers, three players, builders and pigs on the board; G_SECOND:
 * Traders & Builders, the builder's optional second tile pending; G_ALL: every
 * module (the Count too, the spring beside the City of Carcassonne), six
 * players, past the River, a place move pending. The Count's decisions
 * (tests/scenarios/count-*.scn): G_COC_QUARTER: a follower into a quarter
 * (the placer scored nothing, an opponent did); G_COC_COUNT: the Count's move,
 * right after it; G_COC_EXIT: a move out of the city onto the city a tile
 * completes, before its scoring; G_COC_FINAL: the final round after an early
 * end (Inns & Cathedrals: a big follower in the castle); G_COC_RIVER: the
 * River and the Count, the spring beside the city, River tiles left. */
enum {
    G_FRESH, G_MID, G_PENDING, G_NOSUPPLY, G_OVER, G_ENDED, G_NOFARM, G_NOUNDO, G_RIVER, G_ABBOT, G_INNS, G_NOBIG,
    G_TRADERS, G_SECOND, G_ALL, G_COC_QUARTER, G_COC_COUNT, G_COC_EXIT, G_COC_FINAL, G_COC_RIVER,
    G_COUNT
};
extern const char *const game_names[G_COUNT];

/* The games whose pending decision is one of the Count's (not a place move). */
#define IS_COC_DECISION(i) ((i) == G_COC_QUARTER || (i) == G_COC_COUNT || (i) == G_COC_EXIT || (i) == G_COC_FINAL)

/* Dice Game fixtures: a fresh game (ROLL), after a roll (CHOOSE), in the
 * KNIGHT_OPTION phase, in the middle of a game, over. */
enum { D_FRESH, D_CHOOSE, D_KNIGHTOPT, D_MID, D_OVER, D_COUNT };
extern const char *const dice_names[D_COUNT];

typedef struct misuse_entry misuse_entry;

typedef struct fx {
    const misuse_entry *entry;
    hz_alloc alloc;
    carc_allocator a;
    carc_game *g[G_COUNT];
    carc_movelist *list;
    carc_dice_game *d[D_COUNT];
} fx;

#define FOR_GAMES(f, i) for (int i = 0; i < G_COUNT; i++)
#define FOR_DICE(f, i) for (int i = 0; i < D_COUNT; i++)

/* ------------------------------------------------------------ tables */

struct misuse_entry {
    const char *symbol;
    void (*run)(fx *f);
};

typedef struct misuse_area {
    const char *name; /* the source file */
    const misuse_entry *entries;
    size_t count;
} misuse_area;

#define MISUSE_ENTRY(name) { "carc_" #name, m_##name }
/* The table of an area file: MISUSE_AREA(misuse_area_x, "misuse_x.c", MISUSE_ENTRY(...), ...); */
#define MISUSE_AREA(var, file, ...)                                                                                \
    static const misuse_entry var##_entries[] = { __VA_ARGS__ };                                                  \
    const misuse_area var = { file, var##_entries, sizeof var##_entries / sizeof var##_entries[0] }

#define MISUSE_AREAS(X)                                                                                            \
    X(misuse_area_tile) X(misuse_area_game) X(misuse_area_moves) X(misuse_area_board) X(misuse_area_records)      \
    X(misuse_area_search) X(misuse_area_dice) X(misuse_area_learn)
#define DECLARE_AREA(var) extern const misuse_area var;
MISUSE_AREAS(DECLARE_AREA)
#undef DECLARE_AREA

int misuse_setup(void **state);
int misuse_teardown(void **state);
void dice_fixture_setup(fx *f);
void dice_fixture_teardown(fx *f);
void dice_fixture_cleanup(void);

/* ------------------------------------------------------------ the two kinds of game */

/* What the shared checks need of a tile game or a Dice Game. */
typedef struct misuse_kind {
    const char *name; /* "game", "dice game" */
    int count;        /* games in the fixture */
    int witness;      /* the fixture game calls without a game of their own are checked on */
    void *(*game)(fx *f, int i);
    const char *const *names;
    char *(*fingerprint)(const void *g, unsigned flags); /* everything the const API shows (HZ_FP_*) */
    const char *(*last_error)(const void *g);
    carc_status (*save)(char *buf, size_t cap, size_t *need, const void *g);
    carc_status (*load)(void **out, const char *data, size_t len, const carc_allocator *a, carc_load_error *err);
    void (*free)(void *g);
    carc_status (*clone)(void **out, const void *g, uint32_t flags);
    carc_status (*undo)(void *g);
    carc_status (*can_undo)(bool *out, const void *g);
} misuse_kind;

extern const misuse_kind misuse_tile_game, misuse_dice_game;

#define KIND_OF(g)                                                                                                 \
    _Generic((g), carc_game *: &misuse_tile_game, const carc_game *: &misuse_tile_game,                            \
             carc_dice_game *: &misuse_dice_game, const carc_dice_game *: &misuse_dice_game)
#define WITNESS(f, k) ((k)->game((f), (k)->witness))
#define FOR_KIND(k, i) for (int i = 0; i < (k)->count; i++)

/* ------------------------------------------------------------ checks */

static inline void check_status(carc_status got, carc_status want, carc_status alt, const char *call, int line)
{
    if (got != want && got != alt)
        fail_msg("line %d: %s returned %s (%d), expected %s", line, call, carc_status_name(got), (int)got,
                 carc_status_name(want));
}

/* The game looks as `before` (a fingerprint with `flags`, freed) said. */
static inline void misuse_same(const misuse_kind *k, const void *g, char *before, unsigned flags, const char *call,
                               int line)
{
    if (g == NULL)
        return;
    char *after = k->fingerprint(g, flags);
    if (strcmp(before, after) != 0) {
        print_error("before:\n%s\nafter:\n%s\n", before, after);
        fail_msg("line %d: %s changed the %s", line, call, k->name);
    }
    free(before);
    free(after);
}
#define check_same(g, before, flags, call, line) misuse_same(KIND_OF(g), (g), (before), (flags), (call), (line))

/* A call that must return `want` (or `alt`) and leave game `g` of kind `k`
 * exactly as it was, last-error text included (read-only calls, calls not on
 * g). EXPECT picks the kind from g's type. */
#define EXPECT_ON(k, g, want, alt, call)                                                                           \
    do {                                                                                                           \
        const misuse_kind *k_ = (k);                                                                               \
        const void *g_ = (g);                                                                                      \
        char *b_ = g_ ? k_->fingerprint(g_, 0) : NULL;                                                             \
        carc_status s_ = (call);                                                                                   \
        check_status(s_, (want), (alt), #call, __LINE__);                                                          \
        misuse_same(k_, g_, b_, 0, #call, __LINE__);                                                               \
    } while (0)
#define EXPECT2(g, want, alt, call) EXPECT_ON(KIND_OF(g), g, want, alt, call)
#define EXPECT(g, want, call) EXPECT2(g, want, want, call)

/* A mutating call that must fail with `want`: the game is unchanged but for
 * the last-error text, which must say something. */
#define REJECT_ON(k, g, want, call)                                                                                \
    do {                                                                                                           \
        const misuse_kind *k_ = (k);                                                                               \
        const void *g_ = (g);                                                                                      \
        char *b_ = k_->fingerprint(g_, HZ_FP_NO_ERROR);                                                            \
        carc_status s_ = (call);                                                                                   \
        check_status(s_, (want), (want), #call, __LINE__);                                                         \
        misuse_same(k_, g_, b_, HZ_FP_NO_ERROR, #call, __LINE__);                                                  \
        if (k_->last_error(g_)[0] == '\0')                                                                         \
            fail_msg("line %d: %s failed but left no last-error text", __LINE__, #call);                           \
    } while (0)
#define REJECT(g, want, call) REJECT_ON(KIND_OF(g), g, want, call)

/* A constructor-like call that must fail with `want` and set *out (`ptr`) to NULL. */
#define EXPECT_NULL_OUT(f, g, want, ptr, call)                                                                     \
    do {                                                                                                           \
        (ptr) = (void *)&(f)->alloc; /* anything but NULL */                                                      \
        EXPECT(g, want, call);                                                                                     \
        assert_null(ptr);                                                                                          \
    } while (0)

/* Buffers and growable structs: bytes past what the call may write keep this value. */
#define GUARD 0xA5

static inline void check_guard(const void *p, size_t from, size_t to, const char *what, int line)
{
    const unsigned char *b = p;
    for (size_t i = from; i < to; i++)
        if (b[i] != GUARD)
            fail_msg("line %d: %s wrote byte %zu (limit %zu)", line, what, i, from);
}

/* A struct with a struct_size field, zeroed and sized. */
#define SIZED(type) ((type){ .struct_size = sizeof(type) })

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The modules, short (for the tables). */
#define F CARC_MODULE_FARMERS
#define RV CARC_MODULE_RIVER
#define AB CARC_MODULE_ABBOT
#define IN CARC_MODULE_INNS
#define TR CARC_MODULE_TRADERS
#define CO CARC_MODULE_COUNT

/* ------------------------------------------------------------ shared checks (misuse_fixture.c) */

/* Refusals: a list of wrong calls, each with the status it must give. */
typedef struct bad_call {
    carc_status want;
    const char *what;
} bad_call;

typedef struct bad_move {
    bad_call c;
    carc_move m;
} bad_move;

typedef struct bad_action {
    bad_call c;
    carc_dice_action a;
} bad_action;

enum misuse_refusal {
    REFUSE_CHECK, /* the status, and nothing changed (a check writes no last-error text) */
    REFUSE_MSG,   /* ... and a reason, cut to any buffer and NUL-terminated */
    REFUSE_PLAY   /* the status, nothing changed but the last-error text, which says something */
};

/* carc_status call(game, the item after its bad_call, msg, cap); msg NULL but for REFUSE_MSG. */
typedef carc_status (*bad_call_fn)(void *g, const void *item, char *msg, size_t cap);

void misuse_refusals(const misuse_kind *k, void *g, const char *game_name, const void *items, size_t n,
                     size_t stride, size_t offset, bad_call_fn call, enum misuse_refusal how);

/* The entries of check, check with a reason, play (carc_game_check_move,
 * carc_game_check_move_msg, carc_game_play and the Dice Game's):
 * NULL-argument calls (through `call` with a NULL game or item; a mutating
 * `call` must leave a last-error text), then on each game the wrong calls
 * `wrong` lists for it (on games it says are `skipped`: the NULL-argument
 * calls alone). */
typedef struct misuse_wrong {
    size_t (*list)(fx *f, int i, void *items); /* at most `max` items of `stride` bytes */
    size_t stride, offset, max;
    const void *zero;        /* a zeroed item */
    const char *null_reason; /* what a check with a reason says of a NULL item (NULL: anything) */
    bool (*skipped)(fx *f, int i);
} misuse_wrong;
void misuse_refusal_entry(fx *f, const misuse_kind *k, const misuse_wrong *w, bad_call_fn call,
                          enum misuse_refusal how);

/* A constructor (out, from): NULL out (from `from`), NULL from (*out NULL), nothing allocated. */
typedef carc_status (*ctor_fn)(void **out, const void *from);
void misuse_ctor(fx *f, const misuse_kind *k, ctor_fn fn, const void *from);

/* The kind's clone: its NULL arguments, and every flag in `bad` refused on
 * every game (*out NULL, nothing allocated). */
void misuse_clone_flags(fx *f, const misuse_kind *k, const uint32_t *bad, size_t n);

/* can_undo: the getter's misuse, and nothing to undo on game `fresh`. */
void misuse_can_undo(fx *f, const misuse_kind *k, int fresh);

/* Undo g down to its first state (at most `limit` steps), then nothing more to undo. */
void misuse_undo_all(const misuse_kind *k, void *g, unsigned limit);

/* carc_game_new or carc_dice_game_new with options `o` must fail with
 * `want` (say `what`), *out NULL, and say so again under EXPECT. */
typedef carc_status (*new_fn)(void **out, const void *o);
void misuse_new_refused(fx *f, const misuse_kind *k, new_fn fn, const void *o, carc_status want, const char *what);

/* A getter of a plain struct (out, game): NULL out, NULL game (nothing
 * written); on every game CARC_OK, and `check` (if any) on what it gave. */
typedef carc_status (*struct_fn)(void *out, const void *g);
void misuse_struct_getter(fx *f, const misuse_kind *k, struct_fn fn, size_t size, const char *name,
                          void (*check)(const void *out));

/* An indexed getter of a plain struct (out, game, index): NULL out, indexes
 * from `count` on, NULL game; *out untouched. */
void misuse_indexed(fx *f, const misuse_kind *k, carc_status (*fn)(void *out, const void *g, uint32_t i),
                    size_t size, carc_status (*count)(uint32_t *, const void *));

/* A call that fills a growable struct (buf): struct_size below 4 refused;
 * if the call is `valid`, 4 writes nothing more, a larger struct gets only
 * `size` bytes (its struct_size then says so). */
typedef carc_status (*sized_fn)(void *buf, const void *g, const void *arg);
void misuse_struct_sizes(const misuse_kind *k, const void *g, sized_fn fn, const void *arg, size_t size,
                         const char *name, bool valid);

/* A (out, game) getter: NULL out on every game, NULL game, *out untouched. */
typedef carc_status (*get_fn)(void *out, const void *g);
void misuse_getter(fx *f, const misuse_kind *k, get_fn fn, const char *name);

/* A (out, game, player) getter: players out of range on every game. */
typedef carc_status (*player_fn)(void *out, const void *g, uint32_t player);
uint32_t misuse_players(const misuse_kind *k, const void *g);
void misuse_player_range(fx *f, const misuse_kind *k, player_fn fn, const char *name);
/* Player numbers that are out of range for `players`: out[0..n). */
size_t bad_players(uint32_t players, uint32_t out[8]);

/* A bounds query (x0, y0, x1, y1, game): each out-pointer NULL, the game NULL, nothing written. */
typedef carc_status (*bounds_fn)(int32_t *, int32_t *, int32_t *, int32_t *, const void *g);
void misuse_bounds(fx *f, const misuse_kind *k, bounds_fn fn);

/* buf holds struct_size `sz`, the rest GUARD. */
static inline void sized_buf(unsigned char *buf, size_t len, uint32_t sz)
{
    memset(buf, GUARD, len);
    memcpy(buf, &sz, sizeof sz);
}

/* A growable struct getter (out, game, index): struct_size below 4 refused,
 * 4 writes nothing more, a larger struct gets only what this library knows;
 * indexes from `count` on (a count function, or a fixed count) refused with
 * `bad_index`. */
typedef carc_status (*indexed_fn)(void *out, const void *g, uint32_t i);
void misuse_growable(fx *f, const misuse_kind *k, indexed_fn fn, size_t size, const char *name,
                     carc_status (*count)(uint32_t *, const void *), uint32_t fixed_count, carc_status bad_index);

/* An options initializer: NULL, every bad version (nothing written). */
typedef carc_status (*init_fn)(void *out, uint32_t version);
void misuse_version_init(fx *f, const misuse_kind *k, init_fn fn, size_t size, uint32_t version, const char *name);

/* A parser (out, text): NULL arguments; each bad text, and a long text of
 * each of `long_chars`, gives CARC_EPARSE; out (an object of `size` bytes)
 * untouched. */
typedef carc_status (*parse_fn)(void *out, const char *text);
void misuse_parse(fx *f, const misuse_kind *k, parse_fn fn, size_t size, const char *good, const char *const *bad,
                  size_t n, const char *long_chars, const char *name);

/* snprintf-style writers (buf, cap, need, game): NULL game, NULL buffer with
 * a size, short buffers (every size up to 64, then about `step` more, and the
 * last few; each NUL-terminated, nothing past cap), the exact size. */
typedef carc_status (*writer_fn)(char *buf, size_t cap, size_t *need, const void *g);
void misuse_writer(fx *f, const misuse_kind *k, writer_fn fn, const char *name, size_t step);

/* The loader: NULL arguments, bad struct_size of the error detail,
 * incomplete allocators, `junk` that is no record, every strict prefix of
 * `rec`, every byte changed to each of `repl` (a clean failure or a record
 * that round-trips), and rec itself. */
typedef struct junk_record {
    const char *text;
    carc_status want, alt;
} junk_record;
void misuse_loader(fx *f, const misuse_kind *k, const char *rec, const junk_record *junk, size_t njunk,
                   const char *repl, size_t nrepl);
/* A load that must fail (with `want`, or CARC_OK: any error) and keep the
 * failure contract: no game, the error detail filled, nothing left behind. */
carc_status misuse_load_fails(fx *f, const misuse_kind *k, const char *data, size_t len, carc_status want,
                              int line);

/* The game's record, malloc'd (asserts it saves). */
char *misuse_save(const misuse_kind *k, const void *g);
/* g's record loads (with the fixture's allocator) into a game that looks the same (HZ_FP_* flags). */
void misuse_reloads(fx *f, const misuse_kind *k, const void *g, unsigned flags);
/* Two games look the same. */
void misuse_alike(const misuse_kind *k, const void *a, const void *b, unsigned flags);

/* Every status code outside the enum: `fn` gives `unknown` for each, `known`'s name is not it. */
void misuse_odd_statuses(const char *(*fn)(carc_status), const char *unknown, carc_status known);

/* ------------------------------------------------------------ tile game helpers (misuse_fixture.c) */

carc_game *new_game(fx *f, uint32_t players, uint64_t seed, uint32_t modules);
carc_pending pending_now(const carc_game *g);
void expect_pending(const carc_game *g, uint32_t decision, uint32_t player, uint32_t flags);
carc_move legal_move(fx *f, carc_game *g, size_t pick);
carc_move legal_place(fx *f, carc_game *g, size_t pick);
bool placement_with_figure(fx *f, carc_game *g, carc_move *out);
carc_move text_move(carc_game *g, const char *text);
void play_text(carc_game *g, const char *text);
void play_script(carc_game *g, const char *const *script, size_t n);
void play_moves(fx *f, carc_game *g, unsigned n, uint64_t seed);
void play_traders(fx *f, carc_game *g, unsigned n, uint64_t seed);
uint32_t kind_of(const char *name);
uint32_t seg_kind_of(uint32_t tile, uint32_t rot, uint32_t seg);
/* The segment of tile kind `kind` (turned `rot`) with segment kind `seg_kind`, or UINT32_MAX. */
uint32_t segment_of_kind(uint32_t kind, uint32_t rot, uint32_t seg_kind);
carc_figure_info figure_info(const carc_game *g, uint32_t i);
carc_move pass_move(void);
carc_move place_move(int32_t x, int32_t y, uint32_t tile, uint8_t rotation, uint8_t figure, uint8_t segment);
/* A move that play must refuse with `want`, check_move agreeing, that no
 * enumeration lists, and whose last-error text contains `why`. */
void refuse(fx *f, carc_game *g, const carc_move *m, carc_status want, const char *why, int line);
/* `text` (move notation; its tile chosen first) refused so. */
void refuse_text(fx *f, carc_game *g, const char *text, carc_status want, const char *why, int line);

/* The Count's scenarios (tests/scenarios/count-trigger.scn and count-final.scn). */
extern const char *const COC_TRIGGER[3];
extern const char *const COC_FINAL[6];
extern const char *const COC_FINAL_END[14];

/* carc_game_play's entry also runs the rules of every module (misuse_rules.c). */
void misuse_module_rules(fx *f);

#endif
